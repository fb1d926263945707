/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * dary.c: the d-ary heap layout, the classic answer to the binary heap's
 * cache and page misses (A. LaMarca and R. E. Ladner, "The Influence of
 * Caches on the Performance of Heaps", ACM Journal of Experimental
 * Algorithmics 1, 1996).
 *
 * Node u has d children, d(u - 1) + 2 .. d(u - 1) + d + 1, and its parent
 * is (u - 2) / d + 1; root at 1, index 0 unused, so it runs on heap.c
 * like the other layouts and d = 2 is exactly binheap.c.  A wider node
 * makes the tree log2(d) times shallower, so a sift crosses fewer pages,
 * at the price of reading all d siblings at each level on the way down.
 * The default d fills a 64-byte cache line with one sibling group
 * (heap.h).
 *
 * LaMarca and Ladner also pad the array so that every sibling group
 * starts a cache line.  Here a group starts at an index congruent to 2
 * modulo d, so a group of the default size straddles two lines, and
 * about one group in P / d straddles two pages (P = entries per page).
 * The padding is left out on purpose: it would give this layout an array
 * that heap.c and the page model do not share with the others, and at
 * page granularity, which is what bheapsim counts, a straddling group
 * costs one more page on its level, rarely.
 */
#include <math.h>

#include "touch.h"

HEAP_INLINE heap_index
dary_parent(const struct shape *shape, heap_index u)
{
	return (u - 2) / shape->arity + 1;
}

HEAP_INLINE uint64_t
dary_children(const struct shape *shape, heap_index u, unsigned *count)
{
	*count = shape->arity;
	/* 64-bit on purpose: d(u - 1) + d + 1 passes 2^32 past u = 2^32 / d. */
	return (uint64_t)shape->arity * (u - 1) + 2;
}

#define HEAPGEN_PARENT		dary_parent
#define HEAPGEN_CHILDREN	dary_children
#define HEAPGEN_MAX_CHILDREN	DARY_MAX_ARITY
#include "heapgen.h"

/* log2(d) times shallower than the binary heap, plus the partial levels. */
static unsigned
dary_levels(const struct shape *shape, uint64_t items)
{
	return heap_tree_height(items) /
	    (heap_tree_height(shape->arity) - 1) + 2;
}

/*
 * Instructions per sift level, operation overheads included: 25.7 and
 * 5.12 a child (66.7 at d = 8), the least-squares line through d = 2,
 * 4, 8 and 16 (33.0, 47.7, 69.7, 106.2: within 10% of it)
 * (sh tools/level-instructions.sh: callgrind, --items 100K --workload
 * replace --vm off, --ops 40K less 20K, over the steps the time model
 * counts, steps_per_op).
 */
#define DARY_LEVEL_INSTRUCTIONS		25.7
#define DARY_CHILD_INSTRUCTIONS		5.12

/* 0.7 times per level of d below the first page, and 3.4 more. */
static double
dary_page_changes(const struct shape *shape, double levels,
    double page_levels)
{
	double below = levels > page_levels ? levels - page_levels : 0;

	return 0.7 * below / log2((double)shape->arity) + 3.4;
}

static unsigned
dary_fanout(const struct shape *shape)
{
	return shape->arity;
}

const struct layout dary_layout = {
	.name = "dary",
	.summary = "LaMarca and Ladner's d-ary heap: d children in a line",
	.colour = "#2ca02c",		/* green */
	.levels = dary_levels,
	.fanout = dary_fanout,
	.page_changes = dary_page_changes,
	.parent = dary_parent,
	.children = dary_children,
	.ops = heapgen_ops,
	.fenced = &heapgen_fenced,
	.level_instructions = DARY_LEVEL_INSTRUCTIONS,
	.child_instructions = DARY_CHILD_INSTRUCTIONS,
	.has_arity = true,
};
