/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * veb.c: the cache-oblivious layout, a complete binary tree stored in van
 * Emde Boas order (H. Prokop, MIT 1999; Bender, Demaine, Farach-Colton
 * 2000; Brodal, Fagerberg, Jacob 2002).
 *
 * The heap runs on breadth-first positions as the binary heap does:
 * parent u / 2, children 2u and 2u + 1, root at 1.  Only the memory slot
 * of a position differs (heapgen.h's HEAPGEN_SLOT): a tree of height h
 * is cut into a top tree of height t and 2^t bottom trees of height
 * b = h - t; memory holds the top tree, then the bottom trees left to
 * right, each laid out the same way recursively.  A node therefore
 * precedes its whole subtree in memory, and a root-to-leaf path crosses
 * O(log_B n) blocks for every block size B at once: cache lines, TLB
 * entries and pages, none of which the layout knows.
 *
 * The tree is the complete one of height h = heap_tree_height(capacity)
 * (heap.h), so the array reserves all 2^h - 1 slots, and slot numbers
 * run 1 .. 2^h - 1 (slot 0 unused, the root at slot 1, as in every
 * layout), whatever the heap's current size.
 *
 * Split rule: the bottom height is the largest power of two below h
 * (Brodal, Fagerberg and Jacob's rule; t = h - b, so t <= b).  Bottom
 * trees of power-of-two height split evenly all the way down, so every
 * tree that holds leaves is a perfect recursive block of height 1, 2, 4,
 * 8 or 16 whatever the heap's height: the part of the tree where sifts
 * start (insert) and end (delete) has the same shape in memory at every
 * heap size, and a sweep over sizes sees no artefacts of where h / 2
 * happens to round.
 *
 * The mapping, per step of the recursion: a node at depth d < t lies in
 * the top tree, which is laid out first; otherwise it lies in bottom
 * tree i (its ancestor at depth t, less 2^t), which starts after the
 * top tree's 2^t - 1 slots and i earlier bottom trees of 2^b - 1 slots,
 * and the node continues at depth d - t of that tree.  Heights at least
 * halve per step, so a mapping takes O(log h) steps.  Which depth is cut
 * where depends on the height alone: a table of the height's depths
 * (256 bytes) holds it, and a memo of the last two slots mapped per depth
 * (a sift walks one path) turns most mappings into one step from an
 * ancestor's slot.  Both live in the heap (its shape's memo) and are
 * O(height) entries that stay in the L1 cache, not a table per node: the model does not count them, as it
 * does not count the heap's local variables.  Without the memo a
 * replace at 1M items took about 4 times the binary heap's time; the
 * target is 1.5 (make bench prints the ratio).
 */
#include <string.h>

#include "heap.h"

/* Parameters --------------------------------------------------------- */

#define VEB_MAX_HEIGHT	32	/* heap_tree_height(HEAP_MAX_ITEMS) */

/*
 * Where a depth is cut, for a tree's height: depth d > 0 is the root of
 * a bottom tree at exactly one step of the recursion, whose top tree has
 * t levels (from depth d - t) and whose bottom trees have b.
 */
struct veb_cut {
	uint32_t	top;		/* 2^t - 1: the top tree's slots */
	unsigned char	t;
	unsigned char	b;
};

/*
 * The slots of the last nodes mapped, a left and a right child per
 * depth: a sift walks one path, reading both children at each level, so
 * a node's ancestor is usually there.  A cache of a pure function of
 * (height, position), kept in the heap (shape.memo) beside the cuts of
 * its height.
 */
struct veb_known {
	heap_index	position;
	uint64_t	slot;
};

struct veb_memo {
	unsigned		 height;	/* 0: not filled yet */
	struct veb_cut		 cut[VEB_MAX_HEIGHT];
	struct veb_known	 known[VEB_MAX_HEIGHT][2];
};

_Static_assert(sizeof(struct veb_memo) <= HEAP_MEMO_BYTES,
    "the memo fits the heap's room for it");

/* The cuts -------------------------------------------------------------- */

/* Height of a bottom tree of a tree of height h >= 2: below h, a power of 2. */
static unsigned
veb_bottom(unsigned h)
{
	return 1u << (31 - __builtin_clz(h - 1));
}

/* Records the cuts of a subtree of height h whose root is at depth top. */
static void
veb_cut_tree(struct veb_cut *cut, unsigned top, unsigned h)
{
	unsigned b, t;

	if (h < 2)
		return;
	b = veb_bottom(h);
	t = h - b;
	cut[top + t].top = (1u << t) - 1;
	cut[top + t].t = (unsigned char)t;
	cut[top + t].b = (unsigned char)b;
	veb_cut_tree(cut, top, t);
	veb_cut_tree(cut, top + t, b);
}

/* The mapping -------------------------------------------------------- */

/* An empty memo for `height`: its cuts, and the root at slot 1. */
static void
veb_memo_fill(struct veb_memo *memo, unsigned height)
{
	memset(memo, 0, sizeof(*memo));
	memo->height = height;
	veb_cut_tree(memo->cut, 0, height);
	memo->known[0][1] = (struct veb_known){ 1, 1 };
}

/* Slot of u at depth d, its cut's ancestor's slot being `above`. */
static inline __attribute__((always_inline)) uint64_t
veb_below(struct veb_memo *memo, heap_index u, unsigned d, uint64_t above)
{
	const struct veb_cut *cut = memo->cut;
	uint64_t i = u & cut[d].top;
	uint64_t slot = above + cut[d].top + (i << cut[d].b) - i;

	memo->known[d][u & 1] = (struct veb_known){ u, slot };
	return slot;
}

/*
 * Without the memo: up the chain of cut ancestors to one the memo holds
 * (the root always), then down again, filling it in.
 */
static __attribute__((noinline)) uint64_t
veb_slot_walk(const struct shape *shape, heap_index u, unsigned d)
{
	struct veb_memo own, *memo = shape->memo != NULL ? shape->memo : &own;
	heap_index chain[VEB_MAX_HEIGHT];
	unsigned depth[VEB_MAX_HEIGHT], n = 0;
	uint64_t slot;

	if (memo == &own || memo->height != shape->height)
		veb_memo_fill(memo, shape->height);
	while (memo->known[d][u & 1].position != u) {
		chain[n] = u;
		depth[n++] = d;
		u >>= memo->cut[d].t;
		d -= memo->cut[d].t;
	}
	slot = memo->known[d][u & 1].slot;
	while (n > 0) {
		n--;
		slot = veb_below(memo, chain[n], depth[n], slot);
	}
	return slot;
}

/*
 * Slot of position u (1 <= u < 2^height).  The node at depth d is the
 * root of bottom tree i = u mod 2^t under its ancestor u >> t at depth
 * d - t, which starts that subtree: so it lies 2^t - 1 + i (2^b - 1)
 * slots after that ancestor, whose slot is found the same way, up to the
 * root at slot 1.  Depths at least halve per step: O(log height) steps,
 * and one when the ancestor's slot is in the memo.
 */
static inline __attribute__((always_inline)) uint64_t
veb_slot(const struct shape *shape, heap_index u)
{
	struct veb_memo *memo = shape->memo;
	unsigned d = 31 - (unsigned)__builtin_clz(u);

	if (memo != NULL && memo->height == shape->height) {
		const struct veb_known *here = &memo->known[d][u & 1];
		heap_index above = u >> memo->cut[d].t;
		const struct veb_known *known =
		    &memo->known[d - memo->cut[d].t][above & 1];

		if (here->position == u)
			return here->slot;
		if (known->position == above)
			return veb_below(memo, u, d, known->slot);
	}
	return veb_slot_walk(shape, u, d);
}

#define HEAPGEN_SLOT		veb_slot
#include "touch.h"

/* Positions are breadth first: the binary heap's rules (binary.h). */
#include "binary.h"

static uint64_t
veb_slot_of(const struct shape *shape, heap_index u)
{
	return veb_slot(shape, u);
}

#define HEAPGEN_PARENT		binary_parent
#define HEAPGEN_CHILDREN	binary_children
#define HEAPGEN_MAX_CHILDREN	2
#include "heapgen.h"

/*
 * Instructions per sift level, operation overheads included: 135.2, five
 * times binheap's: each child's slot is found by veb_slot_of()'s loops
 * (sh tools/level-instructions.sh: callgrind, --items 100K --workload
 * replace --vm off, --ops 40K less 20K, over the steps the time model
 * counts, steps_per_op).
 */
#define VEB_LEVEL_INSTRUCTIONS		135.2

/*
 * A path crosses a block at each cut whose bottom trees are smaller than
 * a page, whose subtrees hold log2(E) / 2 to log2(E) levels: 4/3 of the
 * B-heap's changes, fitted as the others are (opt's recording at 200K
 * items and 2M replace operations: 188 MB observed, 140 for the B-heap).
 */
static double
veb_page_changes(const struct shape *shape, double levels,
    double page_levels)
{
	(void)shape;
	return 8 * levels / (3 * (page_levels - 1));
}

const struct layout veb_layout = {
	.name = "veb",
	.summary = "the binary heap's tree in van Emde Boas order, "
	    "cache-oblivious",
	.colour = "#9467bd",		/* purple */
	.parent = binary_parent,
	.children = binary_children,
	.levels = binary_levels,
	.fanout = binary_fanout,
	.page_changes = veb_page_changes,
	.slot = veb_slot_of,
	.ops = heapgen_ops,
	.fenced = &heapgen_fenced,
	.level_instructions = VEB_LEVEL_INSTRUCTIONS,
	.whole_tree = true,
	.named_only = true,
};
