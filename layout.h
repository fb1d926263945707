/*
 * layout.h: where a heap keeps its nodes.
 *
 * A layout is a pair of index functions over a 1-based array: the parent
 * of a node, and the run of its children.  The heap code (heap.c) is the
 * same for every layout; only these functions differ.
 *
 * Indices go in as 32-bit heap indices and children come out as 64-bit
 * values: a child of a valid node can lie far beyond 2^32 (the B-heap's
 * child pages grow by a factor of entries-per-page / 2 per page level),
 * and the caller compares it with the heap size instead of letting it wrap.
 * Varnish Cache had to fix exactly that wrap (its ticket 967).
 */
#ifndef LAYOUT_H
#define LAYOUT_H

#include <stdint.h>

/* A node's position in the heap array; 0 means "not in the heap". */
typedef uint32_t heap_index;

/* Largest heap any layout accepts: every index 1..n must fit heap_index. */
#define HEAP_MAX_ITEMS ((uint64_t)UINT32_MAX - 1)

/* Page geometry in array entries: entries_per_page == 1 << page_shift. */
struct shape {
	unsigned	page_shift;
};

struct layout {
	const char	*name;
	/* Parent of u, for 2 <= u; always smaller than u. */
	heap_index	(*parent)(const struct shape *, heap_index u);
	/* Children of u are first .. first + *count - 1. */
	uint64_t	(*children)(const struct shape *, heap_index u,
			    unsigned *count);
};

extern const struct layout binheap_layout;
extern const struct layout bheap_layout;

#endif
