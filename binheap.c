/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * binheap.c: the textbook binary heap layout.
 *
 * Node u has children 2u and 2u + 1, root at 1, index 0 unused.  Once the
 * array spans many VM pages, each level below the first page lies on a
 * page of its own, so one sift touches about log2(n) - log2(P) pages
 * (P = entries per page).  That is the cost Kamp's article measures.
 */
#include "touch.h"

HEAP_INLINE heap_index
binheap_parent(const struct shape *shape, heap_index u)
{
	(void)shape;
	return u / 2;
}

HEAP_INLINE uint64_t
binheap_children(const struct shape *shape, heap_index u, unsigned *count)
{
	(void)shape;
	*count = 2;
	return (uint64_t)u * 2;
}

#define HEAPGEN_PARENT		binheap_parent
#define HEAPGEN_CHILDREN	binheap_children
#define HEAPGEN_MAX_CHILDREN	2
#include "heapgen.h"

/* A path passes every level: ceil(log2(n + 1)) of them. */
static unsigned
binheap_levels(const struct shape *shape, uint64_t items)
{
	(void)shape;
	return heap_tree_height(items);
}

/* A change at each level below the first page's log2(E), and 3 more. */
static double
binheap_page_changes(const struct shape *shape, double levels,
    double page_levels)
{
	(void)shape;
	return (levels > page_levels ? levels - page_levels : 0) + 3;
}

static unsigned
binheap_fanout(const struct shape *shape)
{
	(void)shape;
	return 2;
}

const struct layout binheap_layout = {
	.name = "binheap",
	.summary = "the textbook binary heap: u's children at 2u, 2u + 1",
	.colour = "#d62728",		/* red */
	.parent = binheap_parent,
	.children = binheap_children,
	.levels = binheap_levels,
	.fanout = binheap_fanout,
	.page_changes = binheap_page_changes,
	.ops = heapgen_ops,
};
