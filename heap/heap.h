/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
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
 * u in another memory slot (veb.c), with arithmetic.  The operations
 * that move items are written once (heapgen.h) and compiled by each
 * layout file over its own rules (binheap.c, bheap.c, dary.c, veb.c),
 * which list the result here.
 *
 * A tracked heap reports every read or write of an array slot and, if
 * items are tracked, every read or write of an item's key and index, to
 * its access stream (stream.h), as an access to the modeled address of
 * those bytes (pages.h numbers them), with the start of each step of a
 * sift and the end of each operation.  Whatever models take the stream,
 * the heap knows none of them.
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
#include <stddef.h>
#include <stdint.h>

#include "pages.h"
#include "stream.h"

/* A node's position in the heap array; 0 means "not in the heap". */
typedef uint32_t heap_index;

/* Largest heap any layout accepts: every index 1..n must fit heap_index. */
#define HEAP_MAX_ITEMS ((uint64_t)UINT32_MAX - 1)

/*
 * Page geometry in array entries: entries_per_page == 1 << page_shift.
 * arity is the d of the d-ary heap; the other layouts ignore it.  height
 * is that of the complete tree of the heap's capacity (heap_init() sets
 * it), which veb.c lays out; the other layouts ignore it.  memo is the
 * heap's room for a layout's cache of its own slot mapping (veb.c's),
 * HEAP_MEMO_BYTES zeroed by heap_init(); a shape made elsewhere has
 * none (NULL), and such a layout maps without it.
 */
#define HEAP_MEMO_BYTES	1536
struct shape {
	unsigned	page_shift;
	unsigned	arity;
	unsigned	height;
	void		*memo;
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
 * Whether the heap reports its accesses to a stream (--vm off: no), and
 * how: into the stream's batch through a cursor of the operation's own
 * (touch.h), or through stream_put() one record at a time where the
 * stream hands each record over at once, as for a model that evicts real
 * pages (a batch too small for a step's records: below
 * HEAP_MAX_STEP_RECORDS).  Each layout compiles its operations once for
 * each (heapgen.h).
 */
enum heap_tracking { HEAP_UNTRACKED, HEAP_TRACKED, HEAP_TRACKED_EACH,
    HEAP_TRACKINGS };

/*
 * The most records one step of an operation on nodes of `children`
 * children puts before the next step or the operation's end (heapgen.h):
 * a sift-down's step puts itself, a slot and a key per child, a slot and
 * a back-index placed, and the item placed last (2 x children + 5); an
 * operation's first step and a sift-up's last put at most 7, no more
 * than that with 1 child or more.  A cursor makes room for this many as
 * each step begins, so it needs no test per record.
 */
#define HEAP_STEP_RECORDS(children)	(2 * (uint32_t)(children) + 5)
#define HEAP_MAX_STEP_RECORDS		HEAP_STEP_RECORDS(DARY_MAX_ARITY)

/*
 * --serialize (issue 40): the untracked heap with an lfence before every
 * sift level, at every operation's end, or both, so that the core
 * overlaps no level with the one before, no operation with the last, or
 * nothing: a tracked heap never fences, the time model prices the same
 * serialization instead.  Only x86 has an lfence.
 */
enum heap_serialize { SERIALIZE_NONE, SERIALIZE_LEVEL, SERIALIZE_OP,
    SERIALIZE_BOTH, SERIALIZE_COUNT };

#if defined(__x86_64__) || defined(__i386__)
#define HEAP_CAN_SERIALIZE	1
#else
#define HEAP_CAN_SERIALIZE	0
#endif

/* Every load before it completes before any load after it issues. */
static inline void
heap_lfence(void)
{
#if HEAP_CAN_SERIALIZE
	__asm__ __volatile__("lfence" ::: "memory");
#endif
}

/* Heap operations over one layout's rules, as described below. */
struct heap_ops {
	void	(*insert)(struct heap *, struct item *, uint64_t key);
	void	(*delete)(struct heap *, struct item *);
	void	(*rekey)(struct heap *, struct item *, uint64_t key);
};

struct layout {
	const char	*name;
	/* One line for --help and explain: what the layout is. */
	const char	*summary;
	/* Its colour in every figure, as SVG writes it. */
	const char	*colour;
	/* Parent of u, for 2 <= u; always smaller than u. */
	heap_index	(*parent)(const struct shape *, heap_index u);
	/* Children of u are first .. first + *count - 1. */
	uint64_t	(*children)(const struct shape *, heap_index u,
			    unsigned *count);
	/*
	 * Bounds for the estimates: the most nodes a root-to-leaf path of
	 * a heap of `items` passes, and the most children a node has.
	 */
	unsigned	(*levels)(const struct shape *, uint64_t items);
	unsigned	(*fanout)(const struct shape *);
	/*
	 * For --dry-run's memory estimate: the page changes of one replace
	 * operation through `levels` = log2(n + 1) levels over pages of
	 * `page_levels` = log2(entries per page), fitted on the replace
	 * phases of 50K to 1M items on 4 KiB pages (run/need.c).
	 */
	double		(*page_changes)(const struct shape *, double levels,
			    double page_levels);
	/* One per enum heap_tracking. */
	const struct heap_ops *ops;
	/* Untracked, with an lfence before every sift level. */
	const struct heap_ops *fenced;
	/*
	 * The instructions a sift level takes, for the time model's
	 * reorder window (timemodel.h): level_instructions plus
	 * child_instructions per child (fanout), as callgrind counts the
	 * untracked heap's replace operations over their steps, x86-64,
	 * cc -O2 (tools/level-instructions.sh measures them again).
	 */
	double		level_instructions;
	double		child_instructions;
	/* Whether the shape's arity shapes this layout (only dary's does). */
	bool		has_arity;
	/*
	 * The memory slot of position u, or NULL: slot u (every layout but
	 * veb).  Position 1 is slot 1 in every layout.
	 */
	uint64_t	(*slot)(const struct shape *, heap_index u);
	/* Whether the array reserves the whole complete tree (veb). */
	bool		whole_tree;
	/*
	 * Whether the layout runs only when --layout names it (or all):
	 * a run without --layout keeps Kamp's comparison and its rows.
	 */
	bool		named_only;
};

/*
 * The registry: every layout, one line each, in the order runs and
 * reports list them.  Each is the struct layout of its own file,
 * NAME.c's NAME_layout; everything else asks layouts[].
 */
#define HEAP_LAYOUTS(X)	X(binheap) X(bheap) X(dary) X(veb)

#define HEAP_LAYOUT_ID(name)	LAYOUT_ID_##name,
enum { HEAP_LAYOUTS(HEAP_LAYOUT_ID) LAYOUT_COUNT };
#undef HEAP_LAYOUT_ID
#define HEAP_LAYOUT_DECLARE(name)	extern const struct layout name##_layout;
HEAP_LAYOUTS(HEAP_LAYOUT_DECLARE)
#undef HEAP_LAYOUT_DECLARE

extern const struct layout *const layouts[LAYOUT_COUNT];

/*
 * Levels of the smallest complete binary tree of at least n nodes,
 * ceil(log2(n + 1)): a binary heap's depth.
 */
static inline unsigned
heap_tree_height(uint64_t n)
{
	unsigned h = 0;

	while (h < 64 && (n >> h) != 0)
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

/* The memory slot of position u: the layout's slot(), or u. */
static inline uint64_t
layout_slot(const struct layout *layout, const struct shape *shape,
    heap_index u)
{
	return layout->slot == NULL ? u : layout->slot(shape, u);
}

struct heap {
	const struct layout *layout;
	/* The layout's operations, reporting to the stream only if set. */
	const struct heap_ops *ops;
	struct shape	shape;
	struct item	**slot;		/* by memory slot; slot[0] unused */
	heap_index	size;
	heap_index	capacity;
	/* Where the accesses go, or NULL: untracked (--vm off). */
	struct access_stream *stream;
	bool		fence_op;	/* an lfence at every operation's end */
	/*
	 * Whether each sift level's marker (stream.h's STREAM_STEP) is
	 * reported: the time model is the one model that takes them.
	 */
	bool		steps;
	/* Addresses; items_base is NULL when items are not reported. */
	struct page_map	pages;
	/* shape.memo's room, aligned for any object. */
	max_align_t	memo[HEAP_MEMO_BYTES / sizeof(max_align_t)];
};

/*
 * Sets up an empty heap over `slots`, which must hold
 * heap_slots(layout, capacity) + 1 pointers and start on a page boundary;
 * shape is the page geometry (and the arity, for dary).  stream may be
 * NULL; `pages` is copied, and only with a stream do its addresses mean
 * anything (items_base NULL: the items are not reported).
 */
void		 heap_init(struct heap *, const struct layout *,
		    struct shape shape, struct item **slots,
		    heap_index capacity, struct access_stream *stream,
		    const struct page_map *pages);

/*
 * The calls below, which workloads make between operations, report
 * through stream_put() whenever there is a stream; the operations
 * themselves report as heap->ops's copy was compiled to (touch.h).
 */

/*
 * An untracked heap fences as `how` says (see enum heap_serialize); a
 * tracked one is left as it is.  After heap_init(), before any operation.
 */
void		heap_serialize(struct heap *, enum heap_serialize how);

/*
 * A tracked heap reports its sift levels' markers (heap_init()'s
 * default) or not, for a stream none of whose takers reads them.  After
 * heap_init(), before any operation.
 */
void		heap_report_steps(struct heap *, bool steps);

/* The workload's operation is over (for per-operation figures). */
static inline void
heap_op_end(struct heap *heap)
{
	if (heap->fence_op)
		heap_lfence();
	if (heap->stream != NULL)
		stream_put(heap->stream,
		    (uint64_t)STREAM_OP_END << STREAM_KIND_SHIFT);
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

/* The record of a read or write of array entry u, by a map's rule. */
static inline uint64_t
heap_index_record_by(const struct address_rule *rule, uint64_t u,
    enum stream_kind kind)
{
	return stream_access(kind, rule_index_address(rule, u),
	    sizeof(struct item *), 0);
}

static inline uint64_t
heap_index_record(const struct heap *heap, uint64_t u, enum stream_kind kind)
{
	struct address_rule rule = address_rule_of(&heap->pages);

	return heap_index_record_by(&rule, u, kind);
}

/* Whether item fields are reported (items_base NULL: not). */
static inline bool
heap_items_reported(const struct heap *heap)
{
	return heap->pages.items_base != NULL;
}

/* The record of a read or write of an item field of `size` bytes. */
static inline uint64_t
heap_field_record_by(const struct address_rule *rule, const void *field,
    unsigned size, enum stream_kind kind)
{
	return stream_access(kind, rule_item_address(rule, field), size, 1);
}

static inline uint64_t
heap_field_record(const struct heap *heap, const void *field, unsigned size,
    enum stream_kind kind)
{
	struct address_rule rule = address_rule_of(&heap->pages);

	return heap_field_record_by(&rule, field, size, kind);
}

/*
 * A read or write of array entry u, if the heap reports (untracked, the
 * page map need not be filled in: heap_init()).
 */
static inline void
heap_touch_index(struct heap *heap, uint64_t u, enum stream_kind kind)
{
	if (heap->stream != NULL)
		stream_put(heap->stream, heap_index_record(heap, u, kind));
}

/*
 * A read or write of an item field, if the heap reports items (never
 * without a stream: heap_init()).
 */
static inline void
heap_touch_field(struct heap *heap, const void *field, unsigned size,
    enum stream_kind kind)
{
	if (heap_items_reported(heap))
		stream_put(heap->stream, heap_field_record(heap, field, size,
		    kind));
}

/* An item's key and whether it is in the heap, read through the model. */
static inline uint64_t
heap_key(struct heap *heap, const struct item *it)
{
	uint64_t key = it->key;

	heap_touch_field(heap, &it->key, sizeof(it->key), STREAM_READ);
	return key;
}

static inline bool
heap_contains(struct heap *heap, const struct item *it)
{
	heap_index index = it->index;

	heap_touch_field(heap, &it->index, sizeof(it->index), STREAM_READ);
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
	heap_touch_index(heap, 1, STREAM_READ);
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
