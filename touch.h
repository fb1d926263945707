/*
 * touch.h: how heap code reports its memory accesses to the page model.
 *
 * Every read or write of an array slot, and, if items are tracked, every
 * read of an item's key and write of its index, is an access to the page
 * holding those bytes.  `tracked` is a constant wherever it matters for
 * speed (heapgen.h compiles the operations once with it true and once
 * false), so with no model these helpers are plain loads and stores.
 */
#ifndef TOUCH_H
#define TOUCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "heap.h"

HEAP_INLINE void
touch_slot(struct heap *heap, uint64_t u, bool tracked)
{
	if (tracked)
		vmsim_access(heap->vm, (uint32_t)(u >> heap->shape.page_shift));
}

/* An item field: the page is that of the bytes read or written. */
HEAP_INLINE void
touch_field(struct heap *heap, const void *field, bool tracked)
{
	size_t offset;

	/* The array model tracks the array only: items_base is NULL. */
	if (!tracked || heap->items_base == NULL)
		return;
	offset = (size_t)((const char *)field - heap->items_base);
	vmsim_access(heap->vm,
	    heap->vm->heap_pages + (uint32_t)(offset >> heap->item_page_shift));
}

HEAP_INLINE uint64_t
read_key(struct heap *heap, const struct item *it, bool tracked)
{
	touch_field(heap, &it->key, tracked);
	return it->key;
}

HEAP_INLINE struct item *
read_slot(struct heap *heap, uint64_t u, bool tracked)
{
	touch_slot(heap, u, tracked);
	return heap->slot[u];
}

/* Puts `it` at u: the slot and the item's back-index. */
HEAP_INLINE void
place(struct heap *heap, heap_index u, struct item *it, bool tracked)
{
	touch_slot(heap, u, tracked);
	heap->slot[u] = it;
	touch_field(heap, &it->index, tracked);
	it->index = u;
}

#endif
