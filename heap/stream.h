/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * stream.h: what the heap touches, as one stream of records, and the
 * models that take it.  The heap owns the stream; it knows none of the
 * models, which subscribe to it (taps.h), as Varnish's vbh.c takes its
 * caller's callbacks and knows none of its observers.
 *
 * A record is one 64-bit word: a read or a write of `size` bytes at a
 * modeled address (pages.h), or a marker: the start of a step (a group
 * of loads that do not depend on each other, such as a node's children
 * and their keys; only where the heap reports steps, heap.h) or the end
 * of an operation.  Records collect in a buffer and reach the takers in
 * batches, so a model's work never sits between the heap's own loads
 * and the CPU overlaps those as it does untracked; every taker sees
 * every record, in order.  A model that acts on the real memory (--vm
 * kernel or disk evicts real pages) must hear each access before the
 * heap's next one: its stream has a batch of one.  Piped (pipeline.h),
 * each taker runs on the models' thread or, where that would keep the
 * heap waiting, on the heap's own between its batches (balance.h).
 */
#ifndef STREAM_H
#define STREAM_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "counted.h"

/* Parameters -------------------------------------------------------- */

/*
 * Records per batch.  8 KiB: large enough that a flush (a call per
 * taker) is rare, small enough to stay in the L1 beside the heap's own
 * lines; 1024 and 4096 gave the same ns/op (make bench), 4096 took a
 * quarter of a 32K L1.
 */
#define STREAM_BATCH		1024u
/* A run's takers: at most every registered model (model.h) and a trace. */
#define STREAM_MAX_TAKERS	8u

/* Records ------------------------------------------------------------ */

/* Modeled addresses fit 48 bits: 2^32 entries of 8 bytes, then items. */
#define STREAM_ADDRESS_BITS	48
#define STREAM_ADDRESS_MASK	((UINT64_C(1) << STREAM_ADDRESS_BITS) - 1)
#define STREAM_SIZE_SHIFT	STREAM_ADDRESS_BITS	/* 8 bits of size */
#define STREAM_ITEM_BIT		(UINT64_C(1) << 56)	/* the item arena */
#define STREAM_KIND_SHIFT	60

enum stream_kind {
	STREAM_READ,
	STREAM_WRITE,
	STREAM_STEP,		/* loads that follow do not wait on each other */
	STREAM_OP_END,		/* the operation is over */
};

#define STREAM_MARKER	((uint64_t)STREAM_STEP << STREAM_KIND_SHIFT)

/*
 * A step's marker says what the time model needs of its branch (issue
 * 40): the step's site (which loop of the sift it is a level of; none
 * for an operation's first step), the node whose children it compares
 * (a sift-down's) or whose key (a sift-up's), and, once the step's keys
 * are compared, its outcome: the rank of the child chosen among those
 * compared and whether the loop ended there.  The site and the parent
 * are written with the marker; the outcome is written into it as the
 * step ends, through a cursor (heap/touch.h), so a stream of one record
 * a batch, whose takers already have the marker, has none recorded.
 */
enum stream_site {
	STREAM_SITE_NONE,	/* an operation's first step: no branch */
	STREAM_SITE_DOWN,	/* a level of a sift-down */
	STREAM_SITE_UP,		/* a level of a sift-up */
	STREAM_SITES
};

#define STREAM_PARENT_MASK	UINT64_C(0xffffffff)	/* bits 0-31 */
#define STREAM_RANK_SHIFT	32			/* 6 bits: < 64 */
#define STREAM_RANK_MASK	UINT64_C(0x3f)
#define STREAM_ENDED_BIT	(UINT64_C(1) << 38)
#define STREAM_OUTCOME_BIT	(UINT64_C(1) << 39)	/* recorded */
#define STREAM_SITE_SHIFT	40			/* 2 bits */
/* The bits written as the step ends. */
#define STREAM_OUTCOME_BITS	(STREAM_RANK_MASK << STREAM_RANK_SHIFT | \
	STREAM_ENDED_BIT | STREAM_OUTCOME_BIT)

/* A step's marker, its outcome not yet known. */
static inline uint64_t
stream_step(enum stream_site site, uint32_t parent)
{
	return (uint64_t)STREAM_STEP << STREAM_KIND_SHIFT |
	    (uint64_t)site << STREAM_SITE_SHIFT | parent;
}

/* The bits that record a step's outcome; rank < 64. */
static inline uint64_t
stream_outcome(unsigned rank, bool ended)
{
	return (uint64_t)rank << STREAM_RANK_SHIFT |
	    (ended ? STREAM_ENDED_BIT : 0) | STREAM_OUTCOME_BIT;
}

static inline enum stream_site
stream_site_of(uint64_t marker)
{
	return (enum stream_site)(marker >> STREAM_SITE_SHIFT & 3);
}

static inline uint32_t
stream_parent_of(uint64_t marker)
{
	return (uint32_t)(marker & STREAM_PARENT_MASK);
}

static inline bool
stream_outcome_recorded(uint64_t marker)
{
	return (marker & STREAM_OUTCOME_BIT) != 0;
}

static inline unsigned
stream_rank_of(uint64_t marker)
{
	return (unsigned)(marker >> STREAM_RANK_SHIFT & STREAM_RANK_MASK);
}

static inline bool
stream_ended(uint64_t marker)
{
	return (marker & STREAM_ENDED_BIT) != 0;
}

/* The record of an access; `size` < 256, `address` < 2^48. */
static inline uint64_t
stream_access(enum stream_kind kind, uint64_t address, unsigned size,
    int in_items)
{
	return (uint64_t)kind << STREAM_KIND_SHIFT |
	    (in_items ? STREAM_ITEM_BIT : 0) |
	    (uint64_t)size << STREAM_SIZE_SHIFT | address;
}

/* Whether a record is a marker (a step or an operation's end). */
static inline int
stream_is_marker(uint64_t record)
{
	return record >= STREAM_MARKER;
}

/*
 * Whether the page and cache models count a record: an access, of the
 * array, or with items_counted (--model full) of the items too.
 */
static inline int
stream_is_counted(uint64_t record, bool items_counted)
{
	return !stream_is_marker(record) && (items_counted ||
	    (record & STREAM_ITEM_BIT) == 0);
}

static inline enum stream_kind
stream_kind_of(uint64_t record)
{
	return (enum stream_kind)(record >> STREAM_KIND_SHIFT);
}

static inline uint64_t
stream_address_of(uint64_t record)
{
	return record & STREAM_ADDRESS_MASK;
}

static inline unsigned
stream_size_of(uint64_t record)
{
	return (unsigned)(record >> STREAM_SIZE_SHIFT) & 0xff;
}

/* The stream --------------------------------------------------------- */

/*
 * A model's share: it takes each batch, in order, whole, as records
 * (take) or filtered (take_counted: the page and cache models'), where
 * the stream filters each batch once for all such takers on a thread.
 */
struct stream_taker {
	void	(*take)(void *model, const uint64_t *records, size_t n);
	void	(*take_counted)(void *model, const struct counted *);
	void	*model;
};

/*
 * Time spent taking and records taken, kept by one thread at a time
 * while the stream is balanced (stream_pipe()), read by the heap's: 32
 * bits, which every ABI loads and stores whole, counted modulo 2^32, as
 * a judgement's window's differences are (balance.h).
 */
struct stream_clock {
	atomic_uint_least32_t ns;
	atomic_uint_least32_t records;
};

/* One thread's share of the takers: the heap's, or the models'. */
struct stream_side {
	struct counted	counted;	/* the batch filtered, in chunks */
	struct stream_clock filter;	/* its filtering */
};

/* A clock for each taker and for each side's filter. */
#define STREAM_CLOCKS	(STREAM_MAX_TAKERS + 2)

struct pipeline;

struct access_stream {
	uint64_t	*record;	/* the batch being filled */
	uint64_t	*next;		/* where the next record goes */
	uint64_t	*end;		/* record + limit; next stays below */
	uint32_t	limit;		/* STREAM_BATCH, 1, or PIPELINE_BATCH */
	bool		items_counted;	/* --model full: the filter keeps items */
	unsigned	ntakers;
	struct stream_taker taker[STREAM_MAX_TAKERS];
	uint32_t	counted;	/* the takers of take_counted, a bit each */
	struct pipeline	*pipeline;	/* NULL: the takers run here */
	/*
	 * Piped: the takers (taker i as 1 << i) that run on the heap's
	 * thread, changed only while the models' thread has nothing.
	 */
	uint32_t	on_heap;
	/* Piped with a processor a thread: the split follows the costs. */
	bool		balanced;
	struct stream_clock clock[STREAM_MAX_TAKERS];
	struct stream_side heap_side;	/* the heap's thread, or in line */
	struct stream_side models_side;	/* the models' thread */
	/* The judgement's window (balance.h), the heap's thread's: */
	uint64_t	first_window;	/* records a phase's first waits for */
	uint64_t	window;		/* records this one waits for */
	uint64_t	opened;		/* when, in ns */
	uint64_t	heap_ns;	/* the heap's own time in it */
	uint64_t	heap_records;
	uint64_t	resumed;	/* when the heap last went on; 0: not */
	/* The clocks as the window opened. */
	uint32_t	seen_ns[STREAM_CLOCKS];
	uint32_t	seen_records[STREAM_CLOCKS];
	uint64_t	own[STREAM_BATCH];
};

/*
 * An empty stream with no takers, in batches of `limit` (1 .. BATCH);
 * `items_counted`: its filter keeps the items' accesses (counted.h).
 */
void	stream_init(struct access_stream *, uint32_t limit, bool items_counted);
/*
 * Adds a taker, of records or counted addresses; at most
 * STREAM_MAX_TAKERS, before the first record.
 */
void	stream_subscribe(struct access_stream *, struct stream_taker);
/*
 * The takers on a thread of their own (pipeline.h): each full batch
 * moves to it and the heap goes on, so a second core runs the models
 * while the first runs the heap; the takers see the same records in the
 * same order.  After subscribing, before the first record, on a stream
 * of STREAM_BATCH.  `own_cpus`: each of the two threads has a processor
 * of its own, so that one waiting for the other spins first (pipeline.h)
 * and the takers are balanced between them (balance.h).  Returns 0, or
 * -1 with errno set and the stream as it was.
 */
int	stream_pipe(struct access_stream *, bool own_cpus);
/*
 * Piped: the takers (taker i as 1 << i) to run on the heap's thread from
 * the next batch on, once the models' thread has taken every batch
 * passed; what a balanced stream does when it moves them.
 */
void	stream_run_on_heap(struct access_stream *, uint32_t on_heap);
/*
 * A balanced stream judges its split every `records` records from now
 * on, the window doubling after each move and back at each flush:
 * BALANCE_WINDOW_RECORDS, unless a test shortens it to see moves in a
 * short stream.
 */
void	stream_judge_every(struct access_stream *, uint64_t records);
/*
 * Hands the buffered records to every taker; when it returns, every
 * record put so far has been taken (on the pipeline's thread too), so
 * the models may be read.
 */
void	stream_flush(struct access_stream *);
/* Ends the pipeline's thread, after a flush; a no-op without one. */
void	stream_fini(struct access_stream *);
/*
 * The batch on its way, full or (stream_room()) without room for what
 * comes next: stream_put()'s and the cursor's, not the caller's.
 */
void	stream_pass(struct access_stream *);

static inline void
stream_put(struct access_stream *stream, uint64_t record)
{
	*stream->next = record;
	if (++stream->next == stream->end)
		stream_pass(stream);
}

/*
 * A writer that keeps its own cursor (heap/touch.h) writes records
 * straight into the batch, without stream_put()'s store of the cursor
 * and its test for a full batch on every record: it asks for room for
 * up to n records first (n <= the batch's limit), from where it has
 * got to, and carries on from where this returns (a new batch if the
 * old had not the room).  When it is done, stream_release() says where
 * it stopped.
 */
uint64_t *stream_room(struct access_stream *, uint64_t *next, uint32_t n);

static inline void
stream_release(struct access_stream *stream, uint64_t *next)
{
	stream->next = next;
	if (next == stream->end)
		stream_pass(stream);
}

#endif
