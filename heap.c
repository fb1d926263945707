/*
 * heap.c: the interface of heap.h over the layouts' compiled operations.
 *
 * The operations that move items are the layout's own, compiled from
 * heapgen.h; this file picks the copy for the heap (with or without the
 * page model), reads the root through the model, and checks invariants.
 */
#include <assert.h>
#include <stddef.h>
#include <stdint.h>

#include "heap.h"
#include "touch.h"

static bool
tracked(const struct heap *heap)
{
	return heap->vm != NULL;
}

void
heap_init(struct heap *heap, const struct layout *layout,
    struct shape shape, struct item **slots, heap_index capacity,
    struct vmsim *vm, const char *items_base, unsigned item_page_shift)
{
	assert(capacity <= HEAP_MAX_ITEMS);
	heap->layout = layout;
	heap->ops = &layout->ops[vm != NULL];
	heap->shape = shape;
	heap->slot = slots;
	heap->size = 0;
	heap->capacity = capacity;
	heap->vm = vm;
	/* Item pages only mean something to a model. */
	heap->items_base = vm != NULL ? items_base : NULL;
	heap->item_page_shift = item_page_shift;
}

/* Operations --------------------------------------------------------- */

void
heap_touch_field(struct heap *heap, const void *field)
{
	touch_field(heap, field, true);
}

struct item *
heap_root(struct heap *heap)
{
	if (heap->size == 0)
		return NULL;
	return read_slot(heap, 1, tracked(heap));
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
	heap_index u;

	for (u = 1; u <= heap->size; u++) {
		const struct item *it = heap->slot[u];

		if (it == NULL || it->index != u)
			return u;
		if (u > 1 && heap->slot[heap->layout->parent(&heap->shape,
		    u)]->key > it->key)
			return u;
	}
	return 0;
}
