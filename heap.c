/*
 * heap.c: the parts of heap.h that are not per layout.
 *
 * The operations that move items are the layout's own, compiled from
 * heapgen.h; this file picks the copy for the heap (with or without the
 * page model) and checks invariants.
 */
#include <assert.h>
#include <stddef.h>
#include <stdint.h>

#include "heap.h"

void
heap_init(struct heap *heap, const struct layout *layout,
    struct shape shape, struct item **slots, heap_index capacity,
    struct vmsim *vm, const struct page_map *pages)
{
	assert(capacity <= HEAP_MAX_ITEMS);
	assert(pages->entry_shift == shape.page_shift);
	heap->layout = layout;
	heap->ops = &layout->ops[vm != NULL ? HEAP_LRU : HEAP_UNTRACKED];
	heap->shape = shape;
	heap->shape.height = heap_tree_height(capacity);
	heap->slot = slots;
	heap->size = 0;
	heap->capacity = capacity;
	heap->vm = vm;
	heap->curve = NULL;
	heap->hier = NULL;
	heap->line_curve = NULL;
	heap->line_shift = 0;
	heap->trace = NULL;
	heap->pages = *pages;
	/* Item pages only mean something to a model. */
	if (vm == NULL)
		heap->pages.items_base = NULL;
}

void
heap_use_curve(struct heap *heap, struct stackdist *curve,
    const struct page_map *pages)
{
	assert(heap->vm == NULL && heap->size == 0);
	heap->curve = curve;
	heap->pages = *pages;
	heap->ops = &heap->layout->ops[HEAP_CURVE];
}

void
heap_use_hierarchy(struct heap *heap, struct hier *hier,
    struct stackdist *line_curve, unsigned line_shift)
{
	assert(heap->vm != NULL || heap->curve != NULL);
	/* Only the curve knows every budget; a fixed run has one. */
	assert(line_curve == NULL || heap->curve != NULL);
	heap->hier = hier;
	heap->line_curve = line_curve;
	heap->line_shift = line_shift;
}

void
heap_trace(struct heap *heap, FILE *trace)
{
	assert(trace == NULL || heap->vm != NULL || heap->curve != NULL);
	heap->trace = trace;
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

static uint64_t
heap_slot_of(const struct heap *heap, heap_index u)
{
	if (heap->layout->slot == NULL)
		return u;
	return heap->layout->slot(&heap->shape, u);
}

heap_index
heap_check(const struct heap *heap)
{
	const struct layout *layout = heap->layout;
	heap_index u;

	for (u = 1; u <= heap->size; u++) {
		const struct item *it = heap->slot[heap_slot_of(heap, u)];

		if (it == NULL || it->index != u)
			return u;
		if (u > 1 && heap->slot[heap_slot_of(heap, layout->parent(
		    &heap->shape, u))]->key > it->key)
			return u;
	}
	return 0;
}
