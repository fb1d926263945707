/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * heap.c: the parts of heap.h that are not per layout.
 *
 * The operations that move items are the layout's own, compiled from
 * heapgen.h; this file picks the copy for the heap (untracked, or
 * reporting to its stream through a cursor or one record at a time) and
 * checks invariants.
 */
#include <assert.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "heap.h"

#define HEAP_LAYOUT_ENTRY(name)	&name##_layout,
const struct layout *const layouts[LAYOUT_COUNT] = {
	HEAP_LAYOUTS(HEAP_LAYOUT_ENTRY)
};

/*
 * The copy of the operations that reports to `stream`: none without one,
 * through a cursor where a batch holds a step's records, else one record
 * at a time (heap.h).
 */
static enum heap_tracking
tracking_for(const struct access_stream *stream)
{
	if (stream == NULL)
		return HEAP_UNTRACKED;
	return stream->limit >= HEAP_MAX_STEP_RECORDS ? HEAP_TRACKED :
	    HEAP_TRACKED_EACH;
}

void
heap_init(struct heap *heap, const struct layout *layout,
    struct shape shape, struct item **slots, heap_index capacity,
    struct access_stream *stream, const struct page_map *pages)
{
	assert(capacity <= HEAP_MAX_ITEMS);
	assert(pages->entry_shift == shape.page_shift);
	heap->layout = layout;
	heap->shape = shape;
	heap->shape.height = heap_tree_height(capacity);
	memset(heap->memo, 0, sizeof(heap->memo));
	heap->shape.memo = heap->memo;
	heap->slot = slots;
	heap->size = 0;
	heap->capacity = capacity;
	heap->stream = stream;
	heap->ops = &layout->ops[tracking_for(stream)];
	heap->fence_op = false;
	heap->steps = true;
	heap->pages = *pages;
	/* Item addresses only mean something to a stream. */
	if (stream == NULL)
		heap->pages.items_base = NULL;
}

void
heap_report_steps(struct heap *heap, bool steps)
{
	assert(heap->size == 0);
	heap->steps = steps;
}

void
heap_serialize(struct heap *heap, enum heap_serialize how)
{
	assert(how < SERIALIZE_COUNT && heap->size == 0);
	if (heap->stream != NULL)
		return;
	if (how == SERIALIZE_LEVEL || how == SERIALIZE_BOTH)
		heap->ops = heap->layout->fenced;
	heap->fence_op = how == SERIALIZE_OP || how == SERIALIZE_BOTH;
}

struct item *
heap_pop(struct heap *heap)
{
	struct item *root = heap_root(heap);

	if (root != NULL)
		heap_delete(heap, root);
	return root;
}

/* Invariants --------------------------------------------------------- */

heap_index
heap_check(const struct heap *heap)
{
	const struct layout *layout = heap->layout;
	heap_index u;

	for (u = 1; u <= heap->size; u++) {
		const struct item *it = heap->slot[layout_slot(layout,
		    &heap->shape, u)];

		if (it == NULL || it->index != u)
			return u;
		if (u > 1 && heap->slot[layout_slot(layout, &heap->shape,
		    layout->parent(&heap->shape, u))]->key > it->key)
			return u;
	}
	return 0;
}
