/*
 * heap.c: heap operations, the same for every layout.
 *
 * Sifting moves a "hole" rather than swapping: the item being placed is
 * held aside, the nodes it passes move one step into the hole, and it is
 * written once where it stops.  Each step therefore reads the slots it
 * compares and writes one slot and one back-index, which is what the page
 * model is told.
 */
#include <assert.h>
#include <stddef.h>
#include <stdint.h>

#include "heap.h"

/* Page model hooks --------------------------------------------------- */

static inline void
touch_slot(struct heap *heap, uint64_t u)
{
	if (heap->vm != NULL)
		vmsim_access(heap->vm, (uint32_t)(u >> heap->shape.page_shift));
}

/* An item field: the page is that of the bytes read or written. */
static inline void
touch_field(struct heap *heap, const void *field)
{
	size_t offset;

	if (heap->items_base == NULL)
		return;
	offset = (size_t)((const char *)field - heap->items_base);
	vmsim_access(heap->vm,
	    heap->vm->heap_pages + (uint32_t)(offset >> heap->item_page_shift));
}

static inline uint64_t
read_key(struct heap *heap, const struct item *it)
{
	touch_field(heap, &it->key);
	return it->key;
}

static inline void
place(struct heap *heap, heap_index u, struct item *it)
{
	touch_slot(heap, u);
	heap->slot[u] = it;
	touch_field(heap, &it->index);
	it->index = u;
}

static inline struct item *
read_slot(struct heap *heap, uint64_t u)
{
	touch_slot(heap, u);
	return heap->slot[u];
}

/* Sifting ------------------------------------------------------------ */

/* Moves `it` (key `key`) up from the hole at u; returns where it stops. */
static heap_index
sift_up(struct heap *heap, heap_index u, uint64_t key)
{
	while (u > 1) {
		heap_index p = heap->layout->parent(&heap->shape, u);
		struct item *above = read_slot(heap, p);

		assert(p < u);
		if (read_key(heap, above) <= key)
			break;
		place(heap, u, above);
		u = p;
	}
	return u;
}

/* Moves the hole at u down past every child smaller than `key`. */
static heap_index
sift_down(struct heap *heap, heap_index u, uint64_t key)
{
	for (;;) {
		unsigned count;
		uint64_t first = heap->layout->children(&heap->shape, u, &count);
		uint64_t last = first + count - 1;
		uint64_t best, c;
		uint64_t best_key;
		struct item *below;

		if (first > heap->size)
			break;
		if (last > heap->size)
			last = heap->size;
		best = first;
		below = read_slot(heap, first);
		best_key = read_key(heap, below);
		for (c = first + 1; c <= last; c++) {
			struct item *sibling = read_slot(heap, c);
			uint64_t sibling_key = read_key(heap, sibling);

			if (sibling_key < best_key) {
				best = c;
				below = sibling;
				best_key = sibling_key;
			}
		}
		if (best_key >= key)
			break;
		place(heap, u, below);
		u = (heap_index)best;
	}
	return u;
}

/* Puts `it` into the hole at u, whichever way the order requires. */
static void
settle(struct heap *heap, heap_index u, struct item *it, uint64_t key)
{
	heap_index stop = sift_up(heap, u, key);

	if (stop == u)
		stop = sift_down(heap, u, key);
	place(heap, stop, it);
}

/* Operations --------------------------------------------------------- */

void
heap_init(struct heap *heap, const struct layout *layout,
    struct shape shape, struct item **slots, heap_index capacity,
    struct vmsim *vm, const char *items_base, unsigned item_page_shift)
{
	assert(capacity <= HEAP_MAX_ITEMS);
	heap->layout = layout;
	heap->shape = shape;
	heap->slot = slots;
	heap->size = 0;
	heap->capacity = capacity;
	heap->vm = vm;
	/* Item pages only mean something to a model. */
	heap->items_base = vm != NULL ? items_base : NULL;
	heap->item_page_shift = item_page_shift;
}

void
heap_insert(struct heap *heap, struct item *it, uint64_t key)
{
	heap_index u;

	assert(heap->size < heap->capacity);
	touch_field(heap, &it->key);
	it->key = key;
	heap->size++;
	/* A new last node has no children: it can only rise. */
	u = sift_up(heap, heap->size, key);
	place(heap, u, it);
}

struct item *
heap_root(struct heap *heap)
{
	if (heap->size == 0)
		return NULL;
	return read_slot(heap, 1);
}

struct item *
heap_pop(struct heap *heap)
{
	struct item *root = heap_root(heap);

	if (root != NULL)
		heap_delete(heap, root);
	return root;
}

void
heap_delete(struct heap *heap, struct item *it)
{
	heap_index u;
	struct item *last;

	touch_field(heap, &it->index);
	u = it->index;
	assert(u >= 1 && u <= heap->size);
	last = read_slot(heap, heap->size);
	heap->size--;
	touch_field(heap, &it->index);
	it->index = 0;
	if (last == it)
		return;
	/* The last node fills the hole and moves whichever way it must. */
	settle(heap, u, last, read_key(heap, last));
}

void
heap_rekey(struct heap *heap, struct item *it, uint64_t key)
{
	heap_index u;

	touch_field(heap, &it->index);
	u = it->index;
	assert(u >= 1 && u <= heap->size);
	touch_field(heap, &it->key);
	it->key = key;
	settle(heap, u, it, key);
}

uint64_t
heap_key(struct heap *heap, const struct item *it)
{
	return read_key(heap, it);
}

bool
heap_contains(struct heap *heap, const struct item *it)
{
	touch_field(heap, &it->index);
	return it->index != 0;
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
