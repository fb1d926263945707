/*
 * heap.h: a min-heap of items that know where they are, as a timer heap,
 * over any of three layouts: the heap module's whole public contract.
 *
 * The array holds pointers to items, so one entry is one pointer: 8 bytes
 * on x86-64, 4 on x32 and ia32.  Every move of an item writes its new
 * position into the item (its back-index), so an item can be deleted or
 * re-keyed in O(log n) without a search.
 *
 * A layout is a pair of index rules over the 1-based array: the parent of
 * a node, and the run of its children; a layout may also store position
 * u in another memory slot (veb.c), with arithmetic.  The operations that move items
 * are written once (heapgen.h) and compiled by each layout file over its
 * own rules (binheap.c, bheap.c, dary.c, veb.c), which list the result here.
 *
 * With a page model attached, every read or write of an array slot and,
 * if items are tracked, every read of an item's key and write of its
 * index is reported to the model as an access to the modeled address of
 * those bytes (pages.h numbers them): the page model counts its page,
 * the caches and TLB (hier.h) its line and page.
 *
 * Indices go in as 32-bit heap indices and children come out as 64-bit
 * values: a child of a valid node can lie far beyond 2^32 (the B-heap's
 * child pages grow by a factor of entries-per-page / 2 per page level),
 * and the caller compares it with the heap size instead of letting it wrap.
 * Varnish Cache had to fix exactly that wrap (its ticket 967).
 */
#ifndef HEAP_H
#define HEAP_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "hier.h"
#include "pages.h"
#include "stackdist.h"
#include "vmsim.h"

/* A node's position in the heap array; 0 means "not in the heap". */
typedef uint32_t heap_index;

/* Largest heap any layout accepts: every index 1..n must fit heap_index. */
#define HEAP_MAX_ITEMS ((uint64_t)UINT32_MAX - 1)

/*
 * Page geometry in array entries: entries_per_page == 1 << page_shift.
 * arity is the d of the d-ary heap; the other layouts ignore it.  height
 * is that of the complete tree of the heap's capacity (heap_init() sets
 * it), which veb.c lays out; the other layouts ignore it.
 */
struct shape {
	unsigned	page_shift;
	unsigned	arity;
	unsigned	height;
};

/*
 * The d-ary heap's d.  By default a node's children fill one 64-byte
 * cache line, as LaMarca and Ladner sized theirs: an array entry is one
 * pointer, so d is 8 on x86-64 and 16 on x32 and ia32.  d = 2 is the
 * binary heap.  The cap of 64 bounds the keys a sift-down reads per
 * level; at 64 a sibling group of 8-byte pointers already spans 8 cache
 * lines, so wider heaps buy fewer levels with ever more comparisons.
 */
#define DARY_LINE_BYTES		64
#define DARY_DEFAULT_ARITY	(DARY_LINE_BYTES / (unsigned)sizeof(void *))
#define DARY_MIN_ARITY		2u
#define DARY_MAX_ARITY		64u

struct item {
	uint64_t	key;
	heap_index	index;		/* 0 while not in the heap */
};

struct heap;

/*
 * Which model hears the accesses: none (--vm off), the fixed-budget LRU
 * (vmsim.h), or the stack-distance curve of every budget (stackdist.h).
 * Each layout compiles its operations once per model (heapgen.h).
 */
enum heap_tracking { HEAP_UNTRACKED, HEAP_LRU, HEAP_CURVE, HEAP_TRACKINGS };

/* Heap operations over one layout's rules, as described below. */
struct heap_ops {
	void	(*insert)(struct heap *, struct item *, uint64_t key);
	void	(*delete)(struct heap *, struct item *);
	void	(*rekey)(struct heap *, struct item *, uint64_t key);
};

struct layout {
	const char	*name;
	/* Parent of u, for 2 <= u; always smaller than u. */
	heap_index	(*parent)(const struct shape *, heap_index u);
	/* Children of u are first .. first + *count - 1. */
	uint64_t	(*children)(const struct shape *, heap_index u,
			    unsigned *count);
	/* One per enum heap_tracking. */
	const struct heap_ops *ops;
	/* Whether the shape's arity shapes this layout (only dary's does). */
	bool		has_arity;
	/*
	 * The memory slot of position u, or NULL: slot u (every layout but
	 * veb).  Position 1 is slot 1 in every layout.
	 */
	uint64_t	(*slot)(const struct shape *, heap_index u);
	/* Whether the array reserves the whole complete tree (veb). */
	bool		whole_tree;
};

extern const struct layout binheap_layout;
extern const struct layout bheap_layout;
extern const struct layout dary_layout;
extern const struct layout veb_layout;

/* Levels of the smallest complete binary tree of at least n nodes. */
static inline unsigned
heap_tree_height(uint64_t n)
{
	unsigned h = 0;

	while (((uint64_t)1 << h) - 1 < n)
		h++;
	return h;
}

/* Array entries a heap of `capacity` items needs, slot 0 not counted. */
static inline uint64_t
heap_slots(const struct layout *layout, uint64_t capacity)
{
	if (!layout->whole_tree)
		return capacity;
	return ((uint64_t)1 << heap_tree_height(capacity)) - 1;
}

struct heap {
	const struct layout *layout;
	/* The layout's operations, with model hooks only if a model is set. */
	const struct heap_ops *ops;
	struct shape	shape;
	struct item	**slot;		/* by memory slot; slot[0] unused */
	heap_index	size;
	heap_index	capacity;
	/* The page model, at most one; neither runs untracked (--vm off). */
	struct vmsim	*vm;
	struct stackdist *curve;
	/* With a page model: the caches and TLB, or NULL (--cache off). */
	struct hier	*hier;
	/* With the curve: the lines' stack distances, or NULL. */
	struct stackdist *line_curve;
	unsigned	line_shift;	/* log2 of the line curve's line */
	/* With a page model: every access is written here, or NULL. */
	FILE		*trace;
	/* Page ids; items_base is NULL unless the model counts item pages. */
	struct page_map	pages;
};

/*
 * Sets up an empty heap over `slots`, which must hold
 * heap_slots(layout, capacity) + 1 pointers and start on a page boundary; shape is the page geometry (and
 * the arity, for dary).  vm may be NULL; `pages` is copied, and only with
 * a vm do its items_base and the item pages mean anything.
 */
void		 heap_init(struct heap *, const struct layout *,
		    struct shape shape, struct item **slots,
		    heap_index capacity, struct vmsim *vm,
		    const struct page_map *pages);

/*
 * Makes `curve` hear the accesses, with page ids from `pages`, on an
 * empty heap set up by heap_init() with no vm.
 */
void		 heap_use_curve(struct heap *, struct stackdist *curve,
		    const struct page_map *pages);

/*
 * With a page model set: every counted access also goes through `hier`
 * (NULL: none), and with the curve through `line_curve` too (NULL: none),
 * whose page ids are modeled addresses shifted right by line_shift.
 */
void		 heap_use_hierarchy(struct heap *, struct hier *hier,
		    struct stackdist *line_curve, unsigned line_shift);

/*
 * With a page model set: from now on every counted access is written to
 * `trace` as a line of pages.h's pages_trace_access(); NULL stops it.
 */
void		 heap_trace(struct heap *, FILE *trace);

/*
 * One counted access to the modeled address `address` (pages.h), told
 * to the page model `tracked` names and to the hierarchy and line curve
 * that come with it.  `tracked` is a constant in the heaps' own code
 * (touch.h), so there it is one call per model, and nothing untracked.
 */
static inline void
heap_touch_at(struct heap *heap, uint64_t address, enum heap_tracking tracked)
{
	uint32_t page;

	if (tracked == HEAP_UNTRACKED)
		return;
	page = page_of_address(&heap->pages, address);
	if (tracked == HEAP_LRU)
		vmsim_access(heap->vm, page);
	else {
		(void)stackdist_access(heap->curve, page);
		if (heap->line_curve != NULL)
			(void)stackdist_access(heap->line_curve,
			    (uint32_t)(address >> heap->line_shift));
	}
	if (heap->hier != NULL)
		hier_access(heap->hier, address);
	if (heap->trace != NULL)
		pages_trace_access(heap->trace, &heap->pages, address);
}

/* Which model the heap's accesses go to, for the calls below. */
static inline enum heap_tracking
heap_tracked(const struct heap *heap)
{
	if (heap->vm != NULL)
		return HEAP_LRU;
	return heap->curve != NULL ? HEAP_CURVE : HEAP_UNTRACKED;
}

/*
 * The calls a workload makes for every operation are inline here: with
 * no model, an operation is one indirect call into the layout's own code
 * (heapgen.h), and a membership test or key read is one load.
 */

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

/*
 * An access to array entry u, told to the model `tracked` names, if any:
 * untracked, the page map need not be filled in (heap_init()).
 */
static inline void
heap_touch_index(struct heap *heap, uint64_t u, enum heap_tracking tracked)
{
	if (tracked != HEAP_UNTRACKED)
		heap_touch_at(heap, address_of_index(&heap->pages, u), tracked);
}

/* An access to an item field, if the model counts items. */
static inline void
heap_touch_field(struct heap *heap, const void *field,
    enum heap_tracking tracked)
{
	/* The array model tracks the array only: items_base is NULL. */
	if (tracked != HEAP_UNTRACKED && heap->pages.items_base != NULL)
		heap_touch_at(heap, address_of_item(&heap->pages, field),
		    tracked);
}

/* An item's key and whether it is in the heap, read through the model. */
static inline uint64_t
heap_key(struct heap *heap, const struct item *it)
{
	/* Loaded first, so the model's work overlaps the load (touch.h). */
	uint64_t key = it->key;

	heap_touch_field(heap, &it->key, heap_tracked(heap));
	return key;
}

static inline bool
heap_contains(struct heap *heap, const struct item *it)
{
	heap_index index = it->index;

	heap_touch_field(heap, &it->index, heap_tracked(heap));
	return index != 0;
}

/* NULL when empty. */
static inline struct item *
heap_root(struct heap *heap)
{
	struct item *root;

	if (heap->size == 0)
		return NULL;
	root = heap->slot[1];
	heap_touch_index(heap, 1, heap_tracked(heap));
	return root;
}

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
