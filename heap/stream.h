/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * stream.h: what the heap touches, as one stream of records, and the
 * models that take it.  The heap owns the stream; it knows none of the
 * models, which subscribe to it (taps.h), as Varnish's vbh.c takes its
 * caller's callbacks and knows none of its observers.
 *
 * A record (record.h) is an access or a marker: a step's start or an
 * operation's end.  Records collect in a buffer and reach the takers in
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
#include "record.h"

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
