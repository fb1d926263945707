/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_stream.c: the heap's access stream (stream.h) and the page
 * model's taking of it (model.h).
 *
 * A stream must hand every record to every taker, in order, whatever
 * its batch and whichever thread each of its takers runs on, and the
 * takers of counted addresses what a naive decoding keeps; the heap
 * must open a step at each level of a sift, so that the slots read
 * within one step are siblings (one node's children) or a single node;
 * and a model must count the same through a batch of one as through a
 * full batch.
 */
#include <stdlib.h>
#include <string.h>

#include "balance.h"
#include "heap.h"
#include "monotonic.h"
#include "pipeline.h"
#include "prng.h"
#include "model.h"
#include "tests.h"
#include "vmsim.h"

/* Parameters -------------------------------------------------------- */

#define RECORDS		100000u
#define ITEMS		3000u
#define OPS		4000u
#define PAGE_SHIFT	6		/* 64 entries a page: many pages */

/* A taker that keeps everything it is handed. */
struct log {
	uint64_t	*record;
	size_t		 n;
	size_t		 cap;
	size_t		 largest;	/* the largest batch */
};

static void
take_log(void *model, const uint64_t *record, size_t n)
{
	struct log *log = model;

	if (log->n + n > log->cap) {
		log->cap = 2 * (log->n + n);
		log->record = realloc(log->record, log->cap * sizeof(uint64_t));
		ck_assert_ptr_nonnull(log->record);
	}
	memcpy(log->record + log->n, record, n * sizeof(uint64_t));
	log->n += n;
	if (n > log->largest)
		log->largest = n;
}

/*
 * Batches of 1, 7 and STREAM_BATCH records, and the pipeline's, on two
 * threads that share the CPUs (a waiting one sleeps at once) or have one
 * each (it spins first, and the stream balances its takers).
 */
static const struct batching {
	uint32_t	records;	/* the most a taker is handed at once */
	bool		piped;
	bool		own_cpus;
} batchings[] = {
	{ 1, false, false },
	{ 7, false, false },
	{ STREAM_BATCH, false, false },
	{ PIPELINE_BATCH, true, false },
	{ PIPELINE_BATCH, true, true },
};
#define NBATCHINGS (sizeof(batchings) / sizeof(batchings[0]))

/* A stream of batchings[k], its takers subscribed. */
static void
open_stream(struct access_stream *stream, unsigned k,
    const struct stream_taker *taker, unsigned ntakers)
{
	const struct batching *b = &batchings[k];
	unsigned i;

	stream_init(stream, b->piped ? STREAM_BATCH : b->records, false);
	for (i = 0; i < ntakers; i++)
		stream_subscribe(stream, taker[i]);
	if (b->piped)
		ck_assert_int_eq(stream_pipe(stream, b->own_cpus), 0);
}

START_TEST(every_taker_every_record)
{
	static struct access_stream stream;
	struct log a = { 0 }, b = { 0 };
	const struct stream_taker takers[] = {
	    { .take = take_log, .model = &a },
	    { .take = take_log, .model = &b } };
	uint64_t i;

	open_stream(&stream, (unsigned)_i, takers, 2);
	for (i = 0; i < RECORDS; i++) {
		stream_put(&stream, stream_access(i % 3 ? STREAM_READ :
		    STREAM_WRITE, i * 8, 8, i & 1));
		/* A flush is a barrier: everything put has been taken. */
		if (i == RECORDS / 3) {
			stream_flush(&stream);
			ck_assert_uint_eq(a.n, i + 1);
			ck_assert_uint_eq(b.n, i + 1);
		}
	}
	stream_fini(&stream);
	ck_assert_uint_eq(a.n, RECORDS);
	ck_assert_uint_eq(b.n, RECORDS);
	ck_assert_uint_le(a.largest, batchings[_i].records);
	for (i = 0; i < RECORDS; i++) {
		need(a.record[i] == b.record[i], "takers differ at %lu",
		    (unsigned long)i);
		need(stream_address_of(a.record[i]) == i * 8 &&
		    stream_size_of(a.record[i]) == 8 &&
		    !stream_is_marker(a.record[i]), "record %lu is %#llx",
		    (unsigned long)i, (unsigned long long)a.record[i]);
	}
	free(a.record);
	free(b.record);
}
END_TEST

/* Record i of a stream of accesses, an item's one in three, and markers. */
static uint64_t
split_record(uint64_t i)
{
	if (i % 7 == 6)
		return stream_access(STREAM_OP_END, 0, 0, 0);
	if (i % 5 == 4)
		return stream_step(STREAM_SITE_DOWN, (uint32_t)i);
	return stream_access(i % 2 ? STREAM_READ : STREAM_WRITE, i * 8, 8,
	    i % 3 == 0);
}

/*
 * A taker that checks each record, or each counted address and end, as
 * it comes, against split_record(), and dawdles `dawdle_ns` a call.
 */
struct checker {
	bool		 items;		/* counted: the items' accesses too */
	uint64_t	 dawdle_ns;
	uint64_t	 source;	/* the records checked */
	uint64_t	 addresses;	/* counted: the addresses checked */
	uint64_t	 ends;		/* counted: the operations' ends */
	bool		 wrong;
};

static void
dawdle(uint64_t ns)
{
	uint64_t start = monotonic_ns();

	while (monotonic_ns() - start < ns)
		continue;
}

static void
check_records(void *model, const uint64_t *record, size_t n)
{
	struct checker *k = model;
	size_t i;

	for (i = 0; i < n; i++)
		k->wrong |= record[i] != split_record(k->source++);
	dawdle(k->dawdle_ns);
}

/*
 * The records a chunk's ends stand for: up to the one before its next
 * counted address, each end an operation's; the steps between, none.
 */
static void
check_ends_to(struct checker *k, const struct counted *c, size_t *e,
    size_t address)
{
	uint64_t r;

	for (;;) {
		r = split_record(k->source);
		if (stream_is_counted(r, k->items))
			return;
		if (stream_kind_of(r) == STREAM_OP_END) {
			if (*e == c->ends)
				return;
			k->wrong |= c->end[(*e)++] != address;
			k->ends++;
		}
		k->source++;
	}
}

static void
check_counted(void *model, const struct counted *c)
{
	struct checker *k = model;
	size_t a, e = 0;

	for (a = 0; a < c->n; a++) {
		check_ends_to(k, c, &e, a);
		k->wrong |= c->address[a] != stream_address_of(
		    split_record(k->source++));
		k->addresses++;
	}
	check_ends_to(k, c, &e, c->n);
	k->wrong |= e != c->ends;
	dawdle(k->dawdle_ns);
}

/*
 * A piped stream of CHECKERS takers, k[t] each: of records for even t,
 * of counted addresses for odd.
 */
#define CHECKERS	4u
static void
checked_stream(struct access_stream *stream, struct checker *k,
    bool own_cpus)
{
	unsigned t;

	stream_init(stream, STREAM_BATCH, k[0].items);
	for (t = 0; t < CHECKERS; t++)
		stream_subscribe(stream, t % 2 == 0 ?
		    (struct stream_taker){ .take = check_records,
		    .model = &k[t] } :
		    (struct stream_taker){ .take_counted = check_counted,
		    .model = &k[t] });
	ck_assert_int_eq(stream_pipe(stream, own_cpus), 0);
}

/*
 * Whether each of `n` checkers (checked_stream()'s, the even ones of
 * records) saw all of a stream of `records` records (split_record()'s):
 * every record, or every address its filter keeps and every operation's
 * end, in order, once.
 */
static void
checkers_saw_all(const struct checker *k, unsigned n, uint64_t records)
{
	uint64_t i, counted = 0, ends = 0;
	unsigned t;

	for (i = 0; i < records; i++) {
		counted += stream_is_counted(split_record(i), k[0].items);
		ends += stream_kind_of(split_record(i)) == STREAM_OP_END;
	}
	ck_assert_uint_gt(counted, records / 3);
	for (t = 0; t < n; t++) {
		need(!k[t].wrong, "taker %u saw a record out of place", t);
		if (t % 2 == 0) {
			ck_assert_uint_eq(k[t].source, records);
			continue;
		}
		ck_assert_uint_eq(k[t].addresses, counted);
		ck_assert_uint_eq(k[t].ends, ends);
	}
}

/*
 * Two takers of records and two of counted addresses, their split
 * between the threads moved every SPLIT_EVERY records through all
 * sixteen, piped with a balanced stream or not: each sees every record
 * in order, once, and the counted ones what a naive decoding keeps.
 */
#define SPLIT_EVERY	9000u
START_TEST(any_split_takes_every_record)
{
	static struct access_stream stream;
	bool items = _i & 1, balanced = _i & 2;
	struct checker k[CHECKERS] = { { .items = items },
	    { .items = items }, { .items = items }, { .items = items } };
	uint64_t i;

	checked_stream(&stream, k, balanced);
	for (i = 0; i < RECORDS; i++) {
		if (i % SPLIT_EVERY == 0)
			stream_run_on_heap(&stream, (uint32_t)(i / SPLIT_EVERY) %
			    16);
		stream_put(&stream, split_record(i));
	}
	stream_fini(&stream);
	checkers_saw_all(k, CHECKERS, RECORDS);
}
END_TEST

/*
 * A balanced stream whose judgements come every four batches, of two
 * slow takers (one of records, one of counted addresses) and two quick
 * ones: keeping both slow ones on the models' thread would nearly
 * double its time, so the stream moves takers, and every taker still
 * sees every record in order, once.
 */
#define MOVES_RECORDS	(UINT64_C(1) << 21)
START_TEST(balanced_moves_take_every_record)
{
	static struct access_stream stream;
	bool items = _i, moved = false;
	struct checker k[CHECKERS] = {
	    { .items = items, .dawdle_ns = 300000 },
	    { .items = items, .dawdle_ns = 40000 },
	    { .items = items }, { .items = items } };
	uint64_t i;

	checked_stream(&stream, k, true);
	stream_judge_every(&stream, 4 * PIPELINE_BATCH);
	for (i = 0; i < MOVES_RECORDS; i++) {
		stream_put(&stream, split_record(i));
		moved |= stream.on_heap != 0;
	}
	stream_fini(&stream);
	ck_assert(moved);
	checkers_saw_all(k, CHECKERS, MOVES_RECORDS);
}
END_TEST

/* Balancing: hand-worked splits (balance.h). */
START_TEST(best_split_by_hand)
{
	/* 36 all on the models' thread; 30 with takers 1 and 2 on the heap's. */
	struct balance_costs c = { .heap = 10, .n = 3, .taker = { 30, 5, 1 } };

	ck_assert_uint_eq(balance_busier(&c, 0), 36);
	ck_assert_uint_eq(balance_best(&c), 6);
	ck_assert_uint_eq(balance_busier(&c, 6), 30);
	/* A heap busier than every taker keeps them all off its thread. */
	c = (struct balance_costs){ .heap = 100, .n = 2, .taker = { 5, 5 } };
	ck_assert_uint_eq(balance_best(&c), 0);
	/*
	 * A filter on each thread that has a filtered taker: splitting two
	 * such takers pays it twice, 16 either way, so they stay together.
	 */
	c = (struct balance_costs){ .heap = 10, .n = 2, .taker = { 10, 3 },
	    .filtered = 3, .filter = 3 };
	ck_assert_uint_eq(balance_busier(&c, 0), 16);
	ck_assert_uint_eq(balance_busier(&c, 2), 16);
	ck_assert_uint_eq(balance_best(&c), 0);
	c.filtered = 1;
	ck_assert_uint_eq(balance_best(&c), 2);
	c.n = 0;
	ck_assert_uint_eq(balance_best(&c), 0);
	/* A move must gain more than an eighth. */
	ck_assert(balance_worth(100, 100 - 100 / BALANCE_MARGIN - 1));
	ck_assert(!balance_worth(100, 100 - 100 / BALANCE_MARGIN));
}
END_TEST

/* The least busier thread over every split, recursively: taker i on. */
static uint64_t
least_busier(const struct balance_costs *c, unsigned i, uint32_t on_heap)
{
	uint64_t with, without;

	if (i == c->n)
		return balance_busier(c, on_heap);
	with = least_busier(c, i + 1, on_heap | UINT32_C(1) << i);
	without = least_busier(c, i + 1, on_heap);
	return with < without ? with : without;
}

/* On random costs, the best split is as good as any. */
START_TEST(best_split_is_least)
{
	uint64_t rng = 31;
	unsigned round, i;

	for (round = 0; round < 2000; round++) {
		struct balance_costs c = { .heap = prng_below(&rng, 100),
		    .n = (unsigned)prng_below(&rng, STREAM_MAX_TAKERS + 1),
		    .filter = prng_below(&rng, 20) };
		uint32_t best;

		for (i = 0; i < c.n; i++)
			c.taker[i] = prng_below(&rng, 60);
		c.filtered = (uint32_t)prng_below(&rng, UINT64_C(1) << c.n);
		best = balance_best(&c);
		need(balance_busier(&c, best) == least_busier(&c, 0, 0),
		    "round %u: split %#x is not the least", round, best);
	}
}
END_TEST

/* A heap over `layout` whose every record goes to `log`. */
struct subject {
	struct heap	 heap;
	struct item	*items;
	struct item	**slots;
	struct access_stream stream;
	struct log	 log;
};

/*
 * The heap's copy of its operations follows the stream's batches: a
 * cursor of its own where a batch holds a step's records, one record at
 * a time where it does not (heap.h).  `steps`: heap_report_steps().
 */
static void
subject_run_in(struct subject *s, const struct layout *layout, uint64_t seed,
    uint32_t limit, unsigned arity, bool steps)
{
	struct shape shape = { .page_shift = PAGE_SHIFT, .arity = arity };
	struct page_map pages = { .entry_shift = PAGE_SHIFT,
	    .byte_shift = PAGE_SHIFT + 3, .heap_pages = 1000 };
	uint64_t rng = seed;
	unsigned op, i;

	s->items = calloc(ITEMS, sizeof(*s->items));
	s->slots = calloc(heap_slots(layout, ITEMS) + 1, sizeof(*s->slots));
	ck_assert_ptr_nonnull(s->items);
	ck_assert_ptr_nonnull(s->slots);
	pages.items_base = (const char *)s->items;
	stream_init(&s->stream, limit, false);
	stream_subscribe(&s->stream, (struct stream_taker){
	    .take = take_log, .model = &s->log });
	heap_init(&s->heap, layout, shape, s->slots, ITEMS, &s->stream,
	    &pages);
	heap_report_steps(&s->heap, steps);
	for (i = 0; i < ITEMS; i++) {
		heap_insert(&s->heap, &s->items[i], prng_next(&rng));
		heap_op_end(&s->heap);
	}
	for (op = 0; op < OPS; op++) {
		struct item *it = heap_pop(&s->heap);

		heap_insert(&s->heap, it, prng_next(&rng));
		heap_op_end(&s->heap);
	}
	stream_flush(&s->stream);
}

static void
subject_run(struct subject *s, const struct layout *layout, uint64_t seed)
{
	subject_run_in(s, layout, seed, STREAM_BATCH, DARY_DEFAULT_ARITY, true);
}

static void
subject_free(struct subject *s)
{
	free(s->items);
	free(s->slots);
	free(s->log.record);
}

/* The array entry a record reads, or 0 for any other record. */
static uint64_t
slot_read(uint64_t record)
{
	if (stream_is_marker(record) || record & STREAM_ITEM_BIT ||
	    stream_kind_of(record) != STREAM_READ)
		return 0;
	return stream_address_of(record) >> 3;
}

/* The heap position stored in memory slot u (veb maps them: heap.h). */
static heap_index
position_of(const struct subject *s, uint64_t u)
{
	const struct layout *layout = s->heap.layout;
	heap_index p;

	if (layout->slot == NULL)
		return (heap_index)u;
	for (p = 1; p <= ITEMS; p++)
		if (layout->slot(&s->heap.shape, p) == u)
			return p;
	ck_abort_msg("%s: slot %lu holds no position", layout->name,
	    (unsigned long)u);
	return 0;
}

START_TEST(steps_hold_siblings)
{
	static struct subject s;
	const struct layout *layout = layouts[_i];
	size_t i, steps = 0, ops = 0;
	heap_index parent = 0;
	unsigned reads = 0;

	memset(&s, 0, sizeof(s));
	subject_run(&s, layout, 5 + (uint64_t)_i);
	for (i = 0; i < s.log.n; i++) {
		uint64_t record = s.log.record[i], u = slot_read(record);

		if (stream_is_marker(record)) {
			steps += stream_kind_of(record) == STREAM_STEP;
			ops += stream_kind_of(record) == STREAM_OP_END;
			reads = 0;
			continue;
		}
		if (u == 0)
			continue;
		u = position_of(&s, u);
		/* A second slot read in one step: a sibling of the first. */
		if (reads++ > 0)
			need(u >= 2 && layout->parent(&s.heap.shape,
			    (heap_index)u) == parent, "%s: record %lu reads "
			    "position %lu, not a sibling of the step's first",
			    layout->name, (unsigned long)i, (unsigned long)u);
		parent = u >= 2 ? layout->parent(&s.heap.shape,
		    (heap_index)u) : 0;
	}
	ck_assert_uint_eq(ops, ITEMS + OPS);
	/* Every operation sifts: more steps than operations. */
	ck_assert_uint_gt(steps, 2 * (ITEMS + OPS));
	subject_free(&s);
}
END_TEST

/*
 * Each sift step's marker names the node it compares from, at its site,
 * and records the child it chose and whether the loop ended there: a
 * sift-down that goes on compares next the children of the child of
 * that rank among the parent's, and one that ended compares no more.
 * An operation's first step has no branch and records nothing.
 */
START_TEST(steps_record_their_outcomes)
{
	static struct subject s;
	const struct layout *layout = layouts[_i];
	size_t i;
	uint64_t last = 0, down = 0, ended = 0;

	memset(&s, 0, sizeof(s));
	subject_run(&s, layout, 9 + (uint64_t)_i);
	for (i = 0; i < s.log.n; i++) {
		uint64_t record = s.log.record[i];
		enum stream_site site;

		if (!stream_is_marker(record) ||
		    stream_kind_of(record) != STREAM_STEP)
			continue;
		site = stream_site_of(record);
		ck_assert_int_lt(site, STREAM_SITES);
		need(stream_outcome_recorded(record) == (site !=
		    STREAM_SITE_NONE), "%s: step %lu's outcome", layout->name,
		    (unsigned long)i);
		/* A sift-down's level after one that went on. */
		if (site == STREAM_SITE_DOWN && last != 0 &&
		    stream_site_of(last) == STREAM_SITE_DOWN &&
		    !stream_ended(last)) {
			unsigned count;
			uint64_t first = layout->children(&s.heap.shape,
			    stream_parent_of(last), &count);

			need(stream_rank_of(last) < count &&
			    stream_parent_of(record) == first +
			    stream_rank_of(last), "%s: step %lu compares from "
			    "%u, not the child of rank %u of %u", layout->name,
			    (unsigned long)i, stream_parent_of(record),
			    stream_rank_of(last), stream_parent_of(last));
			down++;
		}
		if (site == STREAM_SITE_DOWN && last != 0 &&
		    stream_site_of(last) == STREAM_SITE_DOWN)
			need(!stream_ended(last), "%s: step %lu follows a "
			    "sift-down that ended", layout->name,
			    (unsigned long)i);
		ended += site != STREAM_SITE_NONE && stream_ended(record);
		last = record;
	}
	/* Replace sifts each popped item down a few levels. */
	ck_assert_uint_gt(down, OPS);
	ck_assert_uint_gt(ended, OPS);
	subject_free(&s);
}
END_TEST

/*
 * The operations that write through a cursor (a batch of STREAM_BATCH)
 * put the very records that those writing one at a time (a batch of 1)
 * do, in the same order, for every layout and for dary's largest nodes,
 * whose steps need the most room.  The cursor's batches may end early,
 * where a step would not fit, but never run over.
 */
START_TEST(cursor_puts_what_each_puts)
{
	static struct subject cursor, each;
	unsigned arity = _i < LAYOUT_COUNT ? DARY_DEFAULT_ARITY :
	    DARY_MAX_ARITY;
	const struct layout *layout = _i < LAYOUT_COUNT ? layouts[_i] :
	    layouts[LAYOUT_ID_dary];
	size_t i;

	memset(&cursor, 0, sizeof(cursor));
	memset(&each, 0, sizeof(each));
	subject_run_in(&cursor, layout, 31, STREAM_BATCH, arity, true);
	subject_run_in(&each, layout, 31, 1, arity, true);
	ck_assert_ptr_ne(cursor.heap.ops, each.heap.ops);
	ck_assert_uint_eq(each.log.largest, 1);
	ck_assert_uint_le(cursor.log.largest, STREAM_BATCH);
	ck_assert_uint_gt(cursor.log.largest, STREAM_BATCH -
	    HEAP_MAX_STEP_RECORDS);
	ck_assert_uint_eq(cursor.log.n, each.log.n);
	/* One at a time, a step's outcome is not recorded (stream.h). */
	for (i = 0; i < each.log.n; i++)
		need((cursor.log.record[i] & ~(stream_is_marker(
		    cursor.log.record[i]) ? STREAM_OUTCOME_BITS : 0)) ==
		    each.log.record[i] && !(stream_is_marker(
		    each.log.record[i]) && stream_outcome_recorded(
		    each.log.record[i])), "%s, arity "
		    "%u: record %lu is %#llx through the cursor, %#llx one at "
		    "a time", layout->name, arity, (unsigned long)i,
		    (unsigned long long)cursor.log.record[i],
		    (unsigned long long)each.log.record[i]);
	subject_free(&cursor);
	subject_free(&each);
}
END_TEST

/*
 * A heap told not to report its steps puts every other record it puts
 * when told to, in the same order, through a cursor and one at a time:
 * only the STREAM_STEP markers go.
 */
START_TEST(no_steps_drops_the_markers_alone)
{
	static struct subject with, without;
	const struct layout *layout = layouts[_i / 2];
	uint32_t limit = _i % 2 == 0 ? STREAM_BATCH : 1;
	size_t i, k = 0, markers = 0;

	memset(&with, 0, sizeof(with));
	memset(&without, 0, sizeof(without));
	subject_run_in(&with, layout, 41, limit, DARY_DEFAULT_ARITY, true);
	subject_run_in(&without, layout, 41, limit, DARY_DEFAULT_ARITY, false);
	for (i = 0; i < with.log.n; i++) {
		uint64_t record = with.log.record[i];

		if (stream_is_marker(record) &&
		    stream_kind_of(record) == STREAM_STEP) {
			markers++;
			continue;
		}
		need(k < without.log.n && without.log.record[k] == record,
		    "%s, batch %u: record %lu is %#llx without steps, %#llx "
		    "with", layout->name, limit, (unsigned long)k,
		    k < without.log.n ? (unsigned long long)
		    without.log.record[k] : 0ull, (unsigned long long)record);
		k++;
	}
	ck_assert_uint_eq(k, without.log.n);
	ck_assert_uint_gt(markers, ITEMS + OPS);
	subject_free(&with);
	subject_free(&without);
}
END_TEST

/* The page model counts the same through any batch. */
START_TEST(batches_count_alike)
{
	static struct subject s;
	struct vmsim_counts counts[NBATCHINGS];
	unsigned k;

	memset(&s, 0, sizeof(s));
	subject_run(&s, layouts[_i], 77);
	for (k = 0; k < NBATCHINGS; k++) {
		static struct access_stream replay;
		struct model_setup setup = { .paged = true,
		    .pages = s.heap.pages, .array_pages = 1000,
		    .item_pages = 1000, .budget = 5, .policy = POLICY_LRU };
		struct model_results results;
		const struct model_ops *page = model_named("page");
		void *vm;

		ck_assert_ptr_nonnull(page);
		vm = page->create(&setup);
		size_t i;

		ck_assert_ptr_nonnull(vm);
		ck_assert_int_eq(page->phase(vm, NULL), 0);
		open_stream(&replay, k, &(struct stream_taker){
		    .take = page->take, .model = vm }, 1);
		for (i = 0; i < s.log.n; i++)
			stream_put(&replay, s.log.record[i]);
		stream_fini(&replay);
		ck_assert_int_eq(page->phase_end(vm), 0);
		page->publish(vm, 5, &results);
		counts[k] = results.sim;
		page->destroy(vm);
	}
	ck_assert_uint_gt(counts[0].faults, 0);
	for (k = 1; k < NBATCHINGS; k++) {
		ck_assert_uint_eq(counts[k].faults, counts[0].faults);
		ck_assert_uint_eq(counts[k].accesses, counts[0].accesses);
		ck_assert_uint_eq(counts[k].faults_per_op.max,
		    counts[0].faults_per_op.max);
	}
	subject_free(&s);
}
END_TEST

Suite *
stream_suite(void)
{
	Suite *suite = suite_create("stream");
	TCase *tc = tcase_create("stream");

	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, every_taker_every_record, 0, (int)NBATCHINGS);
	tcase_add_loop_test(tc, any_split_takes_every_record, 0, 4);
	tcase_add_loop_test(tc, balanced_moves_take_every_record, 0, 2);
	tcase_add_test(tc, best_split_by_hand);
	tcase_add_test(tc, best_split_is_least);
	tcase_add_loop_test(tc, steps_hold_siblings, 0, LAYOUT_COUNT);
	tcase_add_loop_test(tc, steps_record_their_outcomes, 0,
	    LAYOUT_COUNT);
	tcase_add_loop_test(tc, batches_count_alike, 0, LAYOUT_COUNT);
	tcase_add_loop_test(tc, no_steps_drops_the_markers_alone, 0,
	    2 * LAYOUT_COUNT);
	tcase_add_loop_test(tc, cursor_puts_what_each_puts, 0,
	    LAYOUT_COUNT + 1);
	suite_add_tcase(suite, tc);
	return suite;
}
