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
#include "binary.h"

#define HEAPGEN_PARENT		binary_parent
#define HEAPGEN_CHILDREN	binary_children
#define HEAPGEN_MAX_CHILDREN	2
#include "heapgen.h"

/*
 * Instructions per sift level, operation overheads included: 26.9
 * (sh tools/level-instructions.sh: callgrind, --items 100K --workload
 * replace --vm off, --ops 40K less 20K, over the steps the time model
 * counts, steps_per_op).
 */
#define BINHEAP_LEVEL_INSTRUCTIONS	26.9

/* A change at each level below the first page's log2(E), and 3 more. */
static double
binheap_page_changes(const struct shape *shape, double levels,
    double page_levels)
{
	(void)shape;
	return (levels > page_levels ? levels - page_levels : 0) + 3;
}

const struct layout binheap_layout = {
	.name = "binheap",
	.summary = "the textbook binary heap: u's children at 2u, 2u + 1",
	.colour = "#d62728",		/* red */
	.parent = binary_parent,
	.children = binary_children,
	.levels = binary_levels,
	.fanout = binary_fanout,
	.page_changes = binheap_page_changes,
	.ops = heapgen_ops,
	.fenced = &heapgen_fenced,
	.level_instructions = BINHEAP_LEVEL_INSTRUCTIONS,
};
