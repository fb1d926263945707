/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * heapgen.h: the heap operations, written once and compiled by each
 * layout file over its own index rules.
 *
 * A layout file defines three names and then includes this file:
 *
 *	#define HEAPGEN_PARENT		its parent rule
 *	#define HEAPGEN_CHILDREN	its children rule
 *	#define HEAPGEN_MAX_CHILDREN	the most children a node has
 *	#include "heapgen.h"
 *
 * (and, if its positions are not its memory slots, HEAPGEN_SLOT before
 * including touch.h: see there) and gets `heapgen_ops`, the struct
 * heap_ops its struct layout lists, one per enum heap_tracking:
 * untracked, reporting to a stream through a cursor, and reporting one
 * record at a time; and `heapgen_fenced`, untracked with an lfence
 * before every sift level (--serialize).  So this file has no include
 * guard.
 *
 * Why a template: called through function pointers, the index rules cost
 * an indirect call per level, and the stream's hooks a test per access
 * even untracked; together that was 2.7 times the instructions of the
 * textbook heap of tools/textbook.c (cachegrind, 200K items, every
 * workload).  Fewer instructions per operation also let the CPU overlap
 * more of one operation's cache misses with the next one's.  Compiled
 * here, the rules are ordinary inline code and `tracked` is a constant,
 * so the untracked copy has no hooks at all.  Every copy makes the same
 * accesses in the same order; only the tracked ones report them.
 *
 * Each level of a sift is one step (stream.h): the loads of the slots
 * it compares and of their items' keys wait only on the step before.
 *
 * Sifting moves a "hole" rather than swapping: the item being placed is
 * held aside, the nodes it passes move one step into the hole, and it is
 * written once where it stops.  Each step therefore reads the slots it
 * compares and writes one slot and one back-index.
 */
#include <assert.h>
#include <stdbool.h>
#include <stdint.h>

#include "touch.h"

#if !defined(HEAPGEN_PARENT) || !defined(HEAPGEN_CHILDREN) || \
    !defined(HEAPGEN_MAX_CHILDREN)
#error "define HEAPGEN_PARENT, HEAPGEN_CHILDREN and HEAPGEN_MAX_CHILDREN"
#endif

/*
 * What a step may put (heap.h), within what a stream with a cursor
 * holds: the layout's nodes have 1 to DARY_MAX_ARITY children.
 */
#define STEP_ROOM	HEAP_STEP_RECORDS(HEAPGEN_MAX_CHILDREN)
_Static_assert(HEAPGEN_MAX_CHILDREN >= 1 &&
    HEAPGEN_MAX_CHILDREN <= DARY_MAX_ARITY,
    "a step's records must fit HEAP_STEP_RECORDS and HEAP_MAX_STEP_RECORDS");

/* Sifting ------------------------------------------------------------ */

/* Moves the hole at u up past every parent larger than `key`. */
HEAP_INLINE heap_index
sift_up(struct heap *heap, heap_index u, uint64_t key,
    struct heap_writer *out)
{
	const struct shape shape = heap->shape;

	while (u > 1) {
		heap_index p = HEAPGEN_PARENT(&shape, u);
		struct item *above;

		paranoid_assert(p < u && HEAPGEN_SLOT(&shape, p) <
		    HEAPGEN_SLOT(&shape, u));
		writer_fence(out);
		writer_step(out, STEP_ROOM, STREAM_SITE_UP, p);
		above = read_slot(heap, p, out);

		if (read_key(above, out) <= key) {
			writer_outcome(out, 0, true);
			break;
		}
		writer_outcome(out, 0, false);
		place(heap, u, above, out);
		u = p;
	}
	return u;
}

/* Child c becomes the best child if its key is smaller. */
HEAP_INLINE void
consider(struct heap *heap, uint64_t c, uint64_t *best,
    struct item **below, uint64_t *best_key, struct heap_writer *out)
{
	struct item *sibling = read_slot(heap, c, out);
	uint64_t sibling_key = read_key(sibling, out);

	if (sibling_key < *best_key) {
		*best = c;
		*below = sibling;
		*best_key = sibling_key;
	}
}

/* Moves the hole at u down past every child smaller than `key`. */
HEAP_INLINE heap_index
sift_down(struct heap *heap, heap_index u, uint64_t key,
    struct heap_writer *out)
{
	const struct shape shape = heap->shape;
	/* Read once: the stores below could alias heap->size. */
	const uint64_t size = heap->size;

	for (;;) {
		unsigned count;
		uint64_t first = HEAPGEN_CHILDREN(&shape, u, &count);
		uint64_t last, c, best = first;
		uint64_t best_key;
		struct item *below;

		if (first > size)
			break;
		paranoid_assert(first > u);
		/* Children past the last node are not there. */
		last = first + count - 1 <= size ? first + count - 1 : size;
		writer_fence(out);
		writer_step(out, STEP_ROOM, STREAM_SITE_DOWN, u);
		below = read_slot(heap, first, out);
		best_key = read_key(below, out);
		/* A constant test: for binary layouts, no loop. */
		if (HEAPGEN_MAX_CHILDREN == 2) {
			if (last > first)
				consider(heap, last, &best, &below, &best_key,
				    out);
		} else {
			for (c = first + 1; c <= last; c++)
				consider(heap, c, &best, &below, &best_key,
				    out);
		}
		writer_outcome(out, (unsigned)(best - first), best_key >= key);
		if (best_key >= key)
			break;
		place(heap, u, below, out);
		paranoid_assert(HEAPGEN_PARENT(&shape, (heap_index)best) == u &&
		    HEAPGEN_SLOT(&shape, u) < HEAPGEN_SLOT(&shape, best));
		u = (heap_index)best;
	}
	return u;
}

/* Puts `it` into the hole at u, whichever way the order requires. */
HEAP_INLINE void
settle(struct heap *heap, heap_index u, struct item *it, uint64_t key,
    struct heap_writer *out)
{
	heap_index stop = sift_up(heap, u, key, out);

	if (stop == u)
		stop = sift_down(heap, u, key, out);
	place(heap, stop, it, out);
}

/* Operations --------------------------------------------------------- */

HEAP_INLINE void
generic_insert(struct heap *heap, struct item *it, uint64_t key,
    struct heap_writer *out)
{
	heap_index u;

	assert(heap->size < heap->capacity);
	writer_step(out, STEP_ROOM, STREAM_SITE_NONE, 0);
	touch_field(&it->key, sizeof(it->key), STREAM_WRITE, out);
	it->key = key;
	heap->size++;
	/* A new last node has no children: it can only rise. */
	u = sift_up(heap, heap->size, key, out);
	place(heap, u, it, out);
}

HEAP_INLINE void
generic_delete(struct heap *heap, struct item *it,
    struct heap_writer *out)
{
	heap_index u;
	struct item *last;

	writer_step(out, STEP_ROOM, STREAM_SITE_NONE, 0);
	touch_field(&it->index, sizeof(it->index), STREAM_READ, out);
	u = it->index;
	assert(u >= 1 && u <= heap->size);
	last = read_slot(heap, heap->size, out);
	heap->size--;
	touch_field(&it->index, sizeof(it->index), STREAM_WRITE, out);
	it->index = 0;
	if (last == it)
		return;
	/* The last node fills the hole and moves whichever way it must. */
	settle(heap, u, last, read_key(last, out), out);
}

HEAP_INLINE void
generic_rekey(struct heap *heap, struct item *it, uint64_t key,
    struct heap_writer *out)
{
	heap_index u;

	writer_step(out, STEP_ROOM, STREAM_SITE_NONE, 0);
	touch_field(&it->index, sizeof(it->index), STREAM_READ, out);
	u = it->index;
	assert(u >= 1 && u <= heap->size);
	touch_field(&it->key, sizeof(it->key), STREAM_WRITE, out);
	it->key = key;
	settle(heap, u, it, key, out);
}

/* The copies ---------------------------------------------------------- */

/*
 * Each operation once per enum heap_tracking, its writer's `tracked` a
 * constant: untracked, the writer's calls fold away and leave the plain
 * heap; tracked, its cursor lives in a register.
 */
#define HEAPGEN_COPY(suffix, tracked, fence)				\
static void								\
insert_##suffix(struct heap *heap, struct item *it, uint64_t key)	\
{									\
	struct heap_writer out = writer_open(heap, tracked, fence);	\
									\
	generic_insert(heap, it, key, &out);				\
	writer_close(&out);						\
}									\
									\
static void								\
delete_##suffix(struct heap *heap, struct item *it)			\
{									\
	struct heap_writer out = writer_open(heap, tracked, fence);	\
									\
	generic_delete(heap, it, &out);					\
	writer_close(&out);						\
}									\
									\
static void								\
rekey_##suffix(struct heap *heap, struct item *it, uint64_t key)	\
{									\
	struct heap_writer out = writer_open(heap, tracked, fence);	\
									\
	generic_rekey(heap, it, key, &out);				\
	writer_close(&out);						\
}

HEAPGEN_COPY(untracked, HEAP_UNTRACKED, false)
HEAPGEN_COPY(tracked, HEAP_TRACKED, false)
HEAPGEN_COPY(tracked_each, HEAP_TRACKED_EACH, false)
HEAPGEN_COPY(fenced, HEAP_UNTRACKED, true)
#undef HEAPGEN_COPY

static const struct heap_ops heapgen_ops[HEAP_TRACKINGS] = {
	[HEAP_UNTRACKED] = { insert_untracked, delete_untracked,
	    rekey_untracked },
	[HEAP_TRACKED] = { insert_tracked, delete_tracked, rekey_tracked },
	[HEAP_TRACKED_EACH] = { insert_tracked_each, delete_tracked_each,
	    rekey_tracked_each },
};

/* --serialize level's copy (heap.h). */
static const struct heap_ops heapgen_fenced = { insert_fenced, delete_fenced,
    rekey_fenced };
