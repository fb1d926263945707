/*
 * heap.h: a min-heap of items that know where they are, as a timer heap.
 *
 * The array holds pointers to items, so one entry is one pointer: 8 bytes
 * on x86-64, 4 on x32 and ia32.  Every move of an item writes its new
 * position into the item (its back-index), so an item can be deleted or
 * re-keyed in O(log n) without a search.
 *
 * With a page model attached, every read or write of an array slot and,
 * if items are tracked, every read of an item's key and write of its
 * index is reported to the model as an access to the page holding those
 * bytes.
 */
#ifndef HEAP_H
#define HEAP_H

#include <stdbool.h>
#include <stdint.h>

#include "layout.h"
#include "vmsim.h"

struct item {
	uint64_t	key;
	heap_index	index;		/* 0 while not in the heap */
};

struct heap {
	const struct layout *layout;
	/* The layout's operations, with page-model hooks only if vm is set. */
	const struct heap_ops *ops;
	struct shape	shape;
	struct item	**slot;		/* slot[1 .. size]; slot[0] unused */
	heap_index	size;
	heap_index	capacity;
	/* Page model; NULL runs the same code untracked (--vm off). */
	struct vmsim	*vm;
	/* Item arena, for item page numbers; NULL: items are not tracked. */
	const char	*items_base;
	unsigned	item_page_shift;	/* log2 of the page size in bytes */
};

/*
 * Sets up an empty heap over `slots`, which must hold capacity + 1
 * pointers and start on a page boundary; shape is the page geometry (and
 * the arity, for dary).  vm and items_base may be NULL.
 */
void		 heap_init(struct heap *, const struct layout *,
		    struct shape shape, struct item **slots,
		    heap_index capacity, struct vmsim *vm,
		    const char *items_base, unsigned item_page_shift);

/*
 * The calls a workload makes for every operation are inline here: with
 * no model, an operation is one indirect call into the layout's own code
 * (heapgen.h), and a membership test or key read is one load.
 */

/* Reports a read or write of an item field to the model: heap.c. */
void		 heap_touch_field(struct heap *, const void *field);

/* The heap must not be full; the item must not be in it. */
static inline void
heap_insert(struct heap *heap, struct item *it, uint64_t key)
{
	heap->ops->insert(heap, it, key);
}

/* The item must be in the heap. */
static inline void
heap_delete(struct heap *heap, struct item *it)
{
	heap->ops->delete(heap, it);
}

static inline void
heap_rekey(struct heap *heap, struct item *it, uint64_t key)
{
	heap->ops->rekey(heap, it, key);
}

/* An item's key and whether it is in the heap, read through the model. */
static inline uint64_t
heap_key(struct heap *heap, const struct item *it)
{
	/* Set only when a model tracks item pages (heap_init). */
	if (heap->items_base != NULL)
		heap_touch_field(heap, &it->key);
	return it->key;
}

static inline bool
heap_contains(struct heap *heap, const struct item *it)
{
	if (heap->items_base != NULL)
		heap_touch_field(heap, &it->index);
	return it->index != 0;
}

/* NULL when empty. */
struct item	*heap_root(struct heap *);
struct item	*heap_pop(struct heap *);

static inline heap_index
heap_size(const struct heap *heap)
{
	return heap->size;
}

/*
 * Checks the heap property and every back-index without touching the
 * model.  Returns 0, or the first index where an invariant fails.
 */
heap_index	 heap_check(const struct heap *);

#endif
