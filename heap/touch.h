/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * touch.h: the heap module's internal header: how heap code reports its
 * memory accesses to its stream, for heapgen.h and the layout files.
 *
 * Every read or write of an array slot, and, if items are tracked, every
 * read or write of an item's key and index, is an access to the modeled
 * address of those bytes (pages.h), which heap.h's heap_touch_index()
 * and heap_touch_field() put on the heap's stream (stream.h), as they do
 * for the workloads' own reads.  `tracked` is a constant wherever it
 * matters for speed (heapgen.h compiles the operations once tracked and
 * once not), so untracked these helpers are plain loads and stores, and
 * tracked each adds one store to the stream's buffer.
 */
#ifndef TOUCH_H
#define TOUCH_H

#include <stdbool.h>
#include <stdint.h>

#include "heap.h"

/*
 * For index rules and the heap code built on them (heapgen.h): GCC and
 * clang inline these even where their heuristics would not, since a call
 * per level is the cost heapgen.h exists to remove.
 */
#define HEAP_INLINE	static inline __attribute__((always_inline))

/*
 * A HEAP_PARANOIA build (the one make check tests) asserts at every sift
 * step that a parent's index and memory slot are smaller than its
 * child's, as Varnish's
 * vbh.c does after every parent(); the layout suites check the rules
 * themselves, so other builds spare the compare per level.
 */
#ifdef HEAP_PARANOIA
#include <assert.h>
#define paranoid_assert(condition)	assert(condition)
#else
#define paranoid_assert(condition)	((void)0)
#endif

/*
 * The memory slot of heap position u: a layout that stores positions
 * elsewhere (veb.c) defines HEAPGEN_SLOT before including this file;
 * the others store position u in slot u.  The back-index is the position.
 */
#ifndef HEAPGEN_SLOT
#define HEAPGEN_SLOT(shape, u)	(u)
#endif

/* The reads load first and report after; the stream keeps the order. */
HEAP_INLINE uint64_t
read_key(struct heap *heap, const struct item *it, enum heap_tracking tracked)
{
	uint64_t key = it->key;

	heap_touch_field(heap, &it->key, sizeof(it->key), STREAM_READ, tracked);
	return key;
}

HEAP_INLINE struct item *
read_slot(struct heap *heap, uint64_t u, enum heap_tracking tracked)
{
	uint64_t s = HEAPGEN_SLOT(&heap->shape, u);
	struct item *it = heap->slot[s];

	heap_touch_index(heap, s, STREAM_READ, tracked);
	return it;
}

/* Puts `it` at u: the slot and the item's back-index. */
HEAP_INLINE void
place(struct heap *heap, heap_index u, struct item *it,
    enum heap_tracking tracked)
{
	uint64_t s = HEAPGEN_SLOT(&heap->shape, u);

	heap_touch_index(heap, s, STREAM_WRITE, tracked);
	heap->slot[s] = it;
	heap_touch_field(heap, &it->index, sizeof(it->index), STREAM_WRITE,
	    tracked);
	it->index = u;
}

#endif
