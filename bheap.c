/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * bheap.c: Kamp's B-heap layout, "algorithm 3" of "You're Doing It Wrong"
 * (ACM Queue, 2010), the variant Varnish Cache ships: it uses every slot.
 *
 * The array is cut into pages of P = 2^page_shift entries, H = P / 2.
 * Page 0 is an ordinary binary heap of indices 1 .. P-1.  Every other page
 * holds two small subtrees whose roots sit at offsets 0 and 1; each root
 * has a single child at offset 2 or 3, and from there the subtree widens
 * as usual inside the page.  The bottom row of a page (offsets H .. P-1)
 * hands each of its slots a whole child page.  Pages therefore form an
 * H-ary tree numbered breadth first, and a root-to-leaf path crosses one
 * page per log2(H) levels instead of one per level.
 *
 * With g = u / P and o = u % P:
 *   children:  g > 0, o < 2:   u + 2 (one child: the tree does not widen
 *                              for one level on entering a page)
 *              o >= H:         page c = g*H + (o - H) + 1, at c*P, c*P + 1
 *              otherwise:      g*P + 2o, g*P + 2o + 1
 *   parent:    g == 0, o >= 4: g*P + o/2
 *              o == 2, 3:      u - 2
 *              g > 0, o < 2:   (q, r) = divmod(g - 1, H); q*P + H + r
 */
#include "touch.h"

HEAP_INLINE heap_index
bheap_parent(const struct shape *shape, heap_index u)
{
	heap_index entries = (heap_index)1 << shape->page_shift;
	heap_index offset = u & (entries - 1);
	heap_index half = entries / 2;
	heap_index page;

	/* g*P + o/2, written as u - (o - o/2): u is g*P + o. */
	if (offset >= 4 || u < entries)
		return u - (offset + 1) / 2;
	if (offset >= 2)
		return u - 2;
	/* A page root: its parent is the bottom-row slot that owns the page. */
	page = (u >> shape->page_shift) - 1;
	return ((page >> (shape->page_shift - 1)) << shape->page_shift) +
	    half + (page & (half - 1));
}

HEAP_INLINE uint64_t
bheap_children(const struct shape *shape, heap_index u, unsigned *count)
{
	uint64_t entries = (uint64_t)1 << shape->page_shift;
	uint64_t offset = u & (entries - 1);
	uint64_t half = entries / 2;

	if (offset < 2 && u >= entries) {
		*count = 1;
		return (uint64_t)u + 2;
	}
	*count = 2;
	/* g*P + 2o, written as u + o: u is g*P + o. */
	if (offset < half)
		return (uint64_t)u + offset;
	/* 64-bit on purpose: child pages outgrow 2^32 long before u does. */
	return (((uint64_t)u >> shape->page_shift) * half + (offset - half) +
	    1) << shape->page_shift;
}

#define HEAPGEN_PARENT		bheap_parent
#define HEAPGEN_CHILDREN	bheap_children
#define HEAPGEN_MAX_CHILDREN	2
#include "heapgen.h"

/*
 * A page holds at least 2 of a path's levels where the binary heap's
 * would hold 3 (a path does not widen on entering a page), so a path
 * passes at most 2L + 2 nodes, L the binary heap's levels.
 */
static unsigned
bheap_levels(const struct shape *shape, uint64_t items)
{
	(void)shape;
	return 2 * heap_tree_height(items) + 2;
}

/*
 * Instructions per sift level, operation overheads included: 34.9, its
 * page arithmetic on top of binheap's 26.9
 * (sh tools/level-instructions.sh: callgrind, --items 100K --workload
 * replace --vm off, --ops 40K less 20K, over the steps the time model
 * counts, steps_per_op).
 */
#define BHEAP_LEVEL_INSTRUCTIONS	34.9

/* About twice per page of log2(E) - 1 levels. */
static double
bheap_page_changes(const struct shape *shape, double levels,
    double page_levels)
{
	(void)shape;
	return 2 * levels / (page_levels - 1);
}

static unsigned
bheap_fanout(const struct shape *shape)
{
	(void)shape;
	return 2;
}

const struct layout bheap_layout = {
	.name = "bheap",
	.summary = "Kamp's B-heap: whole subtrees inside one page",
	.colour = "#1f77b4",		/* blue */
	.levels = bheap_levels,
	.fanout = bheap_fanout,
	.page_changes = bheap_page_changes,
	.parent = bheap_parent,
	.children = bheap_children,
	.ops = heapgen_ops,
	.fenced = &heapgen_fenced,
	.level_instructions = BHEAP_LEVEL_INSTRUCTIONS,
};
