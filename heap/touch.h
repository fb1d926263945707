/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * touch.h: the heap module's internal header: how heap code reports its
 * memory accesses to its stream, for heapgen.h and the layout files.
 *
 * Every read or write of an array slot, and, if items are tracked, every
 * read or write of an item's key and index, is an access to the modeled
 * address of those bytes (pages.h), which the operation's writer puts on
 * the heap's stream (stream.h), as heap.h's heap_touch_index() and
 * heap_touch_field() do for the workloads' own reads.  The writer's
 * `tracked` is a constant (heapgen.h compiles each operation once per
 * enum heap_tracking), so untracked these helpers are plain loads and
 * stores; through a cursor each adds one store to the stream's batch,
 * one record at a time a stream_put().
 */
#ifndef TOUCH_H
#define TOUCH_H

#include <stdbool.h>
#include <stdint.h>

#include "heap.h"
#include "stream.h"

/*
 * For index rules and the heap code built on them (heapgen.h): GCC and
 * clang inline these even where their heuristics would not, since a call
 * per level is the cost heapgen.h exists to remove.
 */
#define HEAP_INLINE	static inline __attribute__((always_inline))

/*
 * A HEAP_PARANOIA build (the one make check tests) asserts at every sift
 * step that a parent's index and memory slot are smaller than its
 * child's, as Varnish's vbh.c does after every parent(), and at every
 * record that a cursor stays within the room it made; the layout suites
 * check the rules themselves, so other builds spare the compares.
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

/* Where an operation's records go -------------------------------------- */

/*
 * Each copy of an operation (heapgen.h) opens one writer, its `tracked`
 * a constant, so that untracked every call below folds away.  Tracked,
 * the writer's cursor is a local the compiler keeps in a register: a
 * record is one store, where stream_put() adds a store of the stream's
 * cursor and a test for a full batch, and those, on every record, kept
 * the CPU from running ahead to the next level's loads (with the page
 * model's taker emptied, a tracked operation took 1.3 to 2.1 times the
 * untracked one's time; the cursor took a tracked run with the page
 * model alone to 0.89x).  Room for a step's records is made as the step
 * begins, and the stream learns where the writer stopped when the
 * operation ends.
 */
struct heap_writer {
	enum heap_tracking tracked;
	bool		fence;		/* an lfence before every sift level */
	struct access_stream *stream;
	uint64_t	*next;		/* HEAP_TRACKED: where records go */
	uint64_t	*marker;	/* HEAP_TRACKED: the step's marker */
	/*
	 * Tracked: the page map's rule (pages.h) and whether items are
	 * reported, in locals, which the stores of records cannot alias.
	 */
	struct address_rule rule;
	bool		items;
	bool		steps;		/* the sift levels' markers too */
};

HEAP_INLINE struct heap_writer
writer_open(struct heap *heap, enum heap_tracking tracked, bool fence)
{
	struct heap_writer out = { tracked, fence, heap->stream, NULL, NULL,
	    { 0, 0 }, false, false };

	if (tracked != HEAP_UNTRACKED) {
		out.rule = address_rule_of(&heap->pages);
		out.items = heap_items_reported(heap);
		out.steps = heap->steps;
	}
	if (tracked == HEAP_TRACKED)
		out.next = out.stream->next;
	return out;
}

HEAP_INLINE void
writer_close(struct heap_writer *out)
{
	if (out->tracked == HEAP_TRACKED)
		stream_release(out->stream, out->next);
}

HEAP_INLINE void
writer_put(struct heap_writer *out, uint64_t record)
{
	if (out->tracked == HEAP_TRACKED) {
		paranoid_assert(out->next < out->stream->end);
		*out->next++ = record;
	} else if (out->tracked == HEAP_TRACKED_EACH) {
		stream_put(out->stream, record);
	}
}

/*
 * A step begins: loads that follow do not wait on each other, until the
 * next step.  `room` is HEAP_STEP_RECORDS() of the layout's most
 * children: what the step may put.  `site` and `parent` go into its
 * marker (stream.h).
 */
HEAP_INLINE void
writer_step(struct heap_writer *out, uint32_t room, enum stream_site site,
    heap_index parent)
{
	if (out->tracked == HEAP_TRACKED &&
	    (uint64_t)(out->stream->end - out->next) < room)
		out->next = stream_room(out->stream, out->next, room);
	if (!out->steps)
		return;
	out->marker = out->next;
	writer_put(out, stream_step(site, parent));
}

/* A sift level begins: the fenced copy waits for every load before it. */
HEAP_INLINE void
writer_fence(const struct heap_writer *out)
{
	if (out->fence)
		heap_lfence();
}

/*
 * The step's branch went to the child of this rank among those it
 * compared, and ended the loop or not: written into its marker, which
 * the step's room keeps in the batch until the next step.  Through
 * stream_put() the takers have the marker already: no outcome.
 */
HEAP_INLINE void
writer_outcome(struct heap_writer *out, unsigned rank, bool ended)
{
	if (out->tracked != HEAP_TRACKED || !out->steps)
		return;
	paranoid_assert(rank <= STREAM_RANK_MASK &&
	    stream_kind_of(*out->marker) == STREAM_STEP);
	*out->marker |= stream_outcome(rank, ended);
}

HEAP_INLINE void
touch_index(uint64_t u, enum stream_kind kind, struct heap_writer *out)
{
	if (out->tracked != HEAP_UNTRACKED)
		writer_put(out, heap_index_record_by(&out->rule, u, kind));
}

HEAP_INLINE void
touch_field(const void *field, unsigned size, enum stream_kind kind,
    struct heap_writer *out)
{
	if (out->tracked != HEAP_UNTRACKED && out->items)
		writer_put(out, heap_field_record_by(&out->rule, field, size,
		    kind));
}

/* Slots and items ---------------------------------------------------- */

/* The reads load first and report after; the stream keeps the order. */
HEAP_INLINE uint64_t
read_key(const struct item *it, struct heap_writer *out)
{
	uint64_t key = it->key;

	touch_field(&it->key, sizeof(it->key), STREAM_READ, out);
	return key;
}

HEAP_INLINE struct item *
read_slot(struct heap *heap, uint64_t u, struct heap_writer *out)
{
	uint64_t s = HEAPGEN_SLOT(&heap->shape, u);
	struct item *it = heap->slot[s];

	touch_index(s, STREAM_READ, out);
	return it;
}

/* Puts `it` at u: the slot and the item's back-index. */
HEAP_INLINE void
place(struct heap *heap, heap_index u, struct item *it,
    struct heap_writer *out)
{
	uint64_t s = HEAPGEN_SLOT(&heap->shape, u);

	touch_index(s, STREAM_WRITE, out);
	heap->slot[s] = it;
	touch_field(&it->index, sizeof(it->index), STREAM_WRITE, out);
	it->index = u;
}

#endif
