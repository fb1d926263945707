/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * stream.c: the parts of stream.h that are not inline: subscribing and
 * handing a batch to every taker, here or through the pipeline, and a
 * piped stream's split of its takers between the two threads, judged
 * on what each cost (balance.h).
 */
#include <assert.h>

#include "balance.h"
#include "monotonic.h"
#include "pipeline.h"
#include "stream.h"

_Static_assert(STREAM_MAX_TAKERS <= BALANCE_MAX_TAKERS,
    "a split holds every taker");

/* The batch at stream->record, of stream->limit records, is empty. */
static void
start_batch(struct access_stream *stream)
{
	stream->next = stream->record;
	stream->end = stream->record + stream->limit;
}

static uint32_t
used(const struct access_stream *stream)
{
	return (uint32_t)(stream->next - stream->record);
}

/* The clocks by number: the takers', then each side's filter's. */
#define FILTER_HEAP_SIDE	STREAM_MAX_TAKERS
#define FILTER_MODELS_SIDE	(STREAM_MAX_TAKERS + 1)
_Static_assert(FILTER_MODELS_SIDE + 1 == STREAM_CLOCKS, "every clock numbered");

static struct stream_clock *
clock_of(struct access_stream *stream, unsigned i)
{
	if (i == FILTER_HEAP_SIDE)
		return &stream->heap_side.filter;
	if (i == FILTER_MODELS_SIDE)
		return &stream->models_side.filter;
	return &stream->clock[i];
}

static void
clock_init(struct stream_clock *clock)
{
	atomic_init(&clock->ns, 0);
	atomic_init(&clock->records, 0);
}

void
stream_init(struct access_stream *stream, uint32_t limit, bool items_counted)
{
	unsigned i;

	assert(limit >= 1 && limit <= STREAM_BATCH);
	stream->record = stream->own;
	stream->limit = limit;
	start_batch(stream);
	stream->items_counted = items_counted;
	stream->ntakers = 0;
	stream->counted = 0;
	for (i = 0; i < STREAM_CLOCKS; i++)
		clock_init(clock_of(stream, i));
	stream->pipeline = NULL;
	stream->on_heap = 0;
	stream->balanced = false;
}

void
stream_subscribe(struct access_stream *stream, struct stream_taker taker)
{
	assert(stream->ntakers < STREAM_MAX_TAKERS && used(stream) == 0);
	assert((taker.take == NULL) != (taker.take_counted == NULL));
	if (taker.take_counted != NULL)
		stream->counted |= UINT32_C(1) << stream->ntakers;
	stream->taker[stream->ntakers++] = taker;
}

/* Handing over ------------------------------------------------------- */

/* Only the thread a taker runs on adds to its clock, modulo 2^32. */
static void
clock_add(struct stream_clock *clock, uint32_t ns, uint32_t records)
{
	atomic_store_explicit(&clock->ns, atomic_load_explicit(&clock->ns,
	    memory_order_relaxed) + ns, memory_order_relaxed);
	atomic_store_explicit(&clock->records, atomic_load_explicit(
	    &clock->records, memory_order_relaxed) + records,
	    memory_order_relaxed);
}

/* Starts a clock where the stream is balanced. */
static uint64_t
clock_start(const struct access_stream *stream)
{
	return stream->balanced ? monotonic_ns() : 0;
}

static void
clock_stop(const struct access_stream *stream, struct stream_clock *clock,
    uint64_t start, uint64_t records)
{
	if (stream->balanced)
		clock_add(clock, (uint32_t)(monotonic_ns() - start),
		    (uint32_t)records);
}

/* The takers of records in `which`, in the order they subscribed. */
static void
give_records(struct access_stream *stream, uint32_t which,
    const uint64_t *record, size_t n)
{
	uint64_t start;
	unsigned i;

	for (i = 0; i < stream->ntakers; i++) {
		if ((which >> i & 1) == 0)
			continue;
		start = clock_start(stream);
		stream->taker[i].take(stream->taker[i].model, record, n);
		clock_stop(stream, &stream->clock[i], start, n);
	}
}

/*
 * The takers of counted addresses in `which`: the batch filtered once,
 * a chunk at a time, each chunk to each of them in turn.
 */
static void
give_counted(struct access_stream *stream, struct stream_side *side,
    uint32_t which, const uint64_t *record, size_t n)
{
	size_t done = 0, chunk;
	uint64_t start;
	unsigned i;

	while (done < n) {
		start = clock_start(stream);
		chunk = counted_filter(&side->counted, record + done, n - done,
		    stream->items_counted);
		clock_stop(stream, &side->filter, start, chunk);
		for (i = 0; i < stream->ntakers; i++) {
			if ((which >> i & 1) == 0)
				continue;
			start = clock_start(stream);
			stream->taker[i].take_counted(stream->taker[i].model,
			    &side->counted);
			clock_stop(stream, &stream->clock[i], start, chunk);
		}
		done += chunk;
	}
}

/* One batch to the takers in `which`, on the thread of `side`. */
static void
give_to(struct access_stream *stream, struct stream_side *side,
    uint32_t which, const uint64_t *record, size_t n)
{
	give_records(stream, which & ~stream->counted, record, n);
	if ((which & stream->counted) != 0)
		give_counted(stream, side, which & stream->counted, record, n);
}

/* The pipeline's thread: the takers not on the heap's. */
static void
give_models(void *context, const uint64_t *record, size_t n)
{
	struct access_stream *stream = context;
	uint32_t theirs = balance_every(stream->ntakers) & ~stream->on_heap;

	give_to(stream, &stream->models_side, theirs, record, n);
}

/* Balancing ---------------------------------------------------------- */

/* A new window: the clocks as they stand, the heap's at 0. */
static void
open_window(struct access_stream *stream)
{
	unsigned i;

	for (i = 0; i < STREAM_CLOCKS; i++) {
		struct stream_clock *clock = clock_of(stream, i);

		stream->seen_ns[i] = atomic_load_explicit(&clock->ns,
		    memory_order_relaxed);
		stream->seen_records[i] = atomic_load_explicit(&clock->records,
		    memory_order_relaxed);
	}
	stream->heap_ns = stream->heap_records = 0;
	stream->opened = monotonic_ns();
}

/*
 * A window after a flush, or the first: what the caller does before the
 * next batch (a phase's end and the next one's start) is not the heap's,
 * so the heap's clock starts once that batch is passed.
 */
static void
open_phase(struct access_stream *stream)
{
	stream->window = stream->first_window;
	open_window(stream);
	stream->resumed = 0;
}

/* Nanoseconds per 1024 records: per record, to 1/1024 ns. */
static uint64_t
per_record(uint64_t ns, uint64_t records)
{
	return (ns << 10) / records;
}

/* Clock i's time and records since the window opened. */
static void
window_of(struct access_stream *stream, unsigned i, uint64_t *ns,
    uint64_t *records)
{
	struct stream_clock *clock = clock_of(stream, i);

	*ns = (uint32_t)(atomic_load_explicit(&clock->ns,
	    memory_order_relaxed) - stream->seen_ns[i]);
	*records = (uint32_t)(atomic_load_explicit(&clock->records,
	    memory_order_relaxed) - stream->seen_records[i]);
}

/*
 * The window's costs per record; false while a taker has taken nothing
 * in it yet (the models' thread lags a few batches).  The filter's is
 * both threads' together, where either filtered.
 */
static bool
window_costs(struct access_stream *stream, struct balance_costs *c)
{
	uint64_t ns, records, filter_ns, filter_records;
	unsigned i;

	if (stream->heap_records == 0)
		return false;
	c->heap = per_record(stream->heap_ns, stream->heap_records);
	c->n = stream->ntakers;
	c->filtered = stream->counted;
	for (i = 0; i < stream->ntakers; i++) {
		window_of(stream, i, &ns, &records);
		if (records == 0)
			return false;
		c->taker[i] = per_record(ns, records);
	}
	window_of(stream, FILTER_HEAP_SIDE, &filter_ns, &filter_records);
	window_of(stream, FILTER_MODELS_SIDE, &ns, &records);
	filter_ns += ns;
	filter_records += records;
	c->filter = filter_records > 0 ? per_record(filter_ns,
	    filter_records) : 0;
	return true;
}

/* After a batch: a judgement, once the window is full or old. */
static void
rebalance(struct access_stream *stream)
{
	struct balance_costs c;
	uint32_t best;

	if ((stream->heap_records < stream->window &&
	    monotonic_ns() - stream->opened < BALANCE_WINDOW_NS) ||
	    !window_costs(stream, &c))
		return;
	best = balance_best(&c);
	if (best != stream->on_heap && balance_worth(balance_busier(&c,
	    stream->on_heap), balance_busier(&c, best))) {
		stream_run_on_heap(stream, best);
		if (stream->window < BALANCE_WINDOW_MAX_RECORDS)
			stream->window *= 2;
	}
	open_window(stream);
}

void
stream_run_on_heap(struct access_stream *stream, uint32_t on_heap)
{
	assert(stream->pipeline != NULL &&
	    (on_heap & ~balance_every(stream->ntakers)) == 0);
	/* The models' thread reads the split as it takes each batch. */
	pipeline_wait(stream->pipeline);
	stream->on_heap = on_heap;
}

/* The stream -------------------------------------------------------- */

int
stream_pipe(struct access_stream *stream, bool own_cpus)
{
	assert(stream->limit == STREAM_BATCH && used(stream) == 0);
	stream->pipeline = pipeline_start(give_models, stream, own_cpus);
	if (stream->pipeline == NULL)
		return -1;
	stream->record = pipeline_batch(stream->pipeline, &stream->limit);
	start_batch(stream);
	stream->on_heap = 0;
	stream->balanced = own_cpus;
	stream->first_window = BALANCE_WINDOW_RECORDS;
	open_phase(stream);
	return 0;
}

void
stream_judge_every(struct access_stream *stream, uint64_t records)
{
	assert(records > 0);
	stream->first_window = stream->window = records;
}

/*
 * Piped: the batch to the models' thread, then to the takers on this
 * one.  Balanced, the heap's own time is what passed since it last went
 * on: read before the takers here run, restarted after them.
 */
static void
pass_piped(struct access_stream *stream)
{
	const uint64_t *batch = stream->record;
	uint32_t n = used(stream);

	if (stream->balanced && stream->resumed != 0) {
		stream->heap_ns += monotonic_ns() - stream->resumed;
		stream->heap_records += n;
	}
	stream->record = pipeline_pass(stream->pipeline, n, &stream->limit);
	/* The ring's batch stays unwritten until the heap comes round. */
	give_to(stream, &stream->heap_side, stream->on_heap, batch, n);
	if (stream->balanced) {
		rebalance(stream);
		stream->resumed = monotonic_ns();
	}
}

void
stream_pass(struct access_stream *stream)
{
	if (stream->pipeline != NULL)
		pass_piped(stream);
	else
		give_to(stream, &stream->heap_side, balance_every(stream->ntakers),
		    stream->record, used(stream));
	start_batch(stream);
}

uint64_t *
stream_room(struct access_stream *stream, uint64_t *next, uint32_t n)
{
	assert(n <= stream->limit && next <= stream->end);
	stream->next = next;
	if ((uint64_t)(stream->end - next) < n)
		stream_pass(stream);
	return stream->next;
}

void
stream_flush(struct access_stream *stream)
{
	if (used(stream) > 0)
		stream_pass(stream);
	if (stream->pipeline == NULL)
		return;
	pipeline_wait(stream->pipeline);
	/* A flush ends a phase: the next one's costs are its own. */
	if (stream->balanced)
		open_phase(stream);
}

void
stream_fini(struct access_stream *stream)
{
	stream_flush(stream);
	if (stream->pipeline == NULL)
		return;
	pipeline_stop(stream->pipeline);
	stream->pipeline = NULL;
	stream->on_heap = 0;
	stream->balanced = false;
	stream->record = stream->own;
	stream->limit = STREAM_BATCH;
	start_batch(stream);
}
