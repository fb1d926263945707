/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_predict.c: the time model's branch predictors (predict.h), two-bit
 * counters and gshare, each against a naive one on the outcomes a heap
 * recorded.
 */
#include <stdlib.h>
#include <string.h>

#include "heap.h"
#include "predict.h"
#include "prng.h"
#include "stream.h"
#include "tests.h"

/* The predictor's test: a heap's steps' markers, kept. */
struct markers {
	uint64_t	*marker;
	size_t		 n, cap;
};

static void
keep_markers(void *context, const uint64_t *record, size_t n)
{
	struct markers *kept = context;
	size_t i;

	for (i = 0; i < n; i++) {
		if (stream_kind_of(record[i]) != STREAM_STEP ||
		    stream_site_of(record[i]) == STREAM_SITE_NONE)
			continue;
		if (kept->n == kept->cap) {
			kept->cap = 2 * kept->cap + 1024;
			kept->marker = realloc(kept->marker, kept->cap *
			    sizeof(uint64_t));
			ck_assert_ptr_nonnull(kept->marker);
		}
		kept->marker[kept->n++] = record[i];
	}
}

#define PREDICT_ITEMS	3000u
#define PREDICT_OPS	20000u

/* Replace on a heap of `layout`, every level's marker kept. */
static void
record_outcomes(const struct layout *layout, unsigned arity,
    struct markers *kept, struct shape *shape)
{
	static struct access_stream stream;
	static struct item items[PREDICT_ITEMS];
	static struct item *slots[2 * PREDICT_ITEMS + 2];
	struct page_map pages = { .entry_shift = 9, .byte_shift = 12,
	    .heap_pages = 1000, .items_base = (const char *)items };
	struct heap heap;
	uint64_t rng = 41;
	unsigned i;

	*shape = (struct shape){ .page_shift = 9, .arity = arity };
	memset(items, 0, sizeof(items));
	memset(slots, 0, sizeof(slots));
	ck_assert_uint_le(heap_slots(layout, PREDICT_ITEMS) + 1,
	    sizeof(slots) / sizeof(slots[0]));
	stream_init(&stream, STREAM_BATCH, false);
	stream_subscribe(&stream, (struct stream_taker){
	    .take = keep_markers, .model = kept });
	heap_init(&heap, layout, *shape, slots, PREDICT_ITEMS, &stream,
	    &pages);
	*shape = heap.shape;
	for (i = 0; i < PREDICT_ITEMS; i++)
		heap_insert(&heap, &items[i], prng_next(&rng));
	kept->n = 0;
	for (i = 0; i < PREDICT_OPS; i++)
		heap_insert(&heap, heap_pop(&heap), prng_next(&rng));
	stream_flush(&stream);
}

/*
 * The naive predictor: a two-bit counter as a table of its four states,
 * one per comparison of a level and one per loop's end; the child
 * followed is the last comparison whose counter says taken.
 */
static const unsigned char next_state[4][2] = {
	{ 0, 1 }, { 0, 2 }, { 1, 3 }, { 2, 3 },
};

/*
 * The children the level of marker m compared, within the heap: one
 * where it is no sift-down's (a sift-up's, whose only branch ends it).
 */
static unsigned
children_of(const struct layout *layout, const struct shape *shape,
    uint64_t m)
{
	unsigned children = 1;

	if (stream_site_of(m) == STREAM_SITE_DOWN) {
		uint64_t first = layout->children(shape, stream_parent_of(m),
		    &children);

		if (first + children - 1 > PREDICT_ITEMS)
			children = (unsigned)(PREDICT_ITEMS - first + 1);
	}
	return children;
}

/* Of `down` sift-down levels, `wrong` chose the child wrong: low to high. */
static void
need_mispredicted(uint64_t wrong, uint64_t down, double low, double high)
{
	need((double)wrong / (double)down > low &&
	    (double)wrong / (double)down < high,
	    "%lu of %lu children mispredicted", (unsigned long)wrong,
	    (unsigned long)down);
}

/*
 * On the outcomes a binary heap's and an 8-ary heap's replace recorded,
 * the predictor mispredicts exactly where the naive one does, and as
 * often as random keys make a real core: a binary level's child half
 * the time, an 8-ary level's at least 1 - 1/8 of the time (the first
 * child is the smallest less often than 1 in 8 after replaces: 0.95).
 */
START_TEST(test_predictor)
{
	static const struct { unsigned layout, arity; double low, high; }
	    run[] = {
		{ LAYOUT_ID_binheap, 2, 0.40, 0.60 },
		{ LAYOUT_ID_dary, 8, 0.85, 0.98 },
	};
	struct markers kept = { NULL, 0, 0 };
	struct predictor p;
	struct shape shape;
	unsigned char compare[PREDICT_COMPARISONS], end[STREAM_SITES];
	uint64_t down = 0, wrong_child = 0;
	size_t i;

	predict_init(&p, PREDICT_COUNTERS);
	memset(compare, 1, sizeof(compare));
	memset(end, 1, sizeof(end));
	record_outcomes(layouts[run[_i].layout], run[_i].arity, &kept,
	    &shape);
	ck_assert_uint_gt(kept.n, PREDICT_OPS);
	for (i = 0; i < kept.n; i++) {
		uint64_t m = kept.marker[i];
		enum stream_site site = stream_site_of(m);
		struct prediction actual = { stream_rank_of(m),
		    stream_ended(m) };
		unsigned children = children_of(layouts[run[_i].layout],
		    &shape, m), guess = 0, c;
		bool naive;

		ck_assert(stream_outcome_recorded(m));
		if (site == STREAM_SITE_DOWN) {
			for (c = 1; c < children; c++)
				if (compare[c] >= 2)
					guess = c;
			down++;
			wrong_child += guess != actual.rank;
			for (c = 1; c < children; c++)
				compare[c] = next_state[compare[c]][c ==
				    actual.rank];
		}
		naive = guess != actual.rank || (end[site] >= 2) !=
		    actual.ended;
		end[site] = next_state[end[site]][actual.ended];
		need(predict_learn(&p, site, children, actual) == naive,
		    "level %lu: the predictors disagree", (unsigned long)i);
	}
	ck_assert_uint_gt(down, PREDICT_OPS);
	need_mispredicted(wrong_child, down, run[_i].low, run[_i].high);
	free(kept.marker);
}
END_TEST

/*
 * gshare (--predictor gshare) against a naive one on the same outcomes:
 * a table of 4096 two-bit counters, branch b's (b = comparison c, or 64
 * + the site for a loop's end) at (61 b) xor the last 12 outcomes; a
 * level's guess runs its history on the outcomes it guesses (as
 * predict_ahead() leaves it), the counters learn on the outcomes
 * recorded.  The history finds what the counters cannot: here it misses
 * a binary level's child about a fifth of the time (the counters:
 * half), an 8-ary level's about half.
 */
START_TEST(test_gshare)
{
	static const struct { unsigned layout, arity; double low, high; }
	    run[] = {
		{ LAYOUT_ID_binheap, 2, 0.15, 0.30 },
		{ LAYOUT_ID_dary, 8, 0.45, 0.65 },
	};
	struct markers kept = { NULL, 0, 0 };
	struct predictor p;
	struct shape shape;
	static unsigned char table[4096];
	unsigned history = 0;
	uint64_t down = 0, wrong_child = 0;
	size_t i;

	predict_init(&p, PREDICT_GSHARE);
	memset(table, 1, sizeof(table));
	record_outcomes(layouts[run[_i].layout], run[_i].arity, &kept,
	    &shape);
	for (i = 0; i < kept.n; i++) {
		uint64_t m = kept.marker[i];
		enum stream_site site = stream_site_of(m);
		struct prediction actual = { stream_rank_of(m),
		    stream_ended(m) };
		unsigned children = children_of(layouts[run[_i].layout],
		    &shape, m), guess = 0, c, h = history, k;
		struct prediction ahead_guess;
		uint32_t ahead;
		bool naive, ended;

		for (c = 1; c < children; c++) {
			bool taken = table[(c * 61 ^ h) % 4096] >= 2;

			guess = taken ? c : guess;
			h = (h << 1 | taken) % 4096;
		}
		ended = table[((64 + site) * 61 ^ h) % 4096] >= 2;
		naive = guess != actual.rank || ended != actual.ended;
		ahead = p.history;
		ahead_guess = predict_ahead(&p, site, children, &ahead);
		need(ahead_guess.rank == guess && ahead_guess.ended == ended &&
		    ahead == (h << 1 | ended) % 4096,
		    "level %lu: the guess ahead is not the naive one's",
		    (unsigned long)i);
		h = history;
		for (c = 1; c < children; c++) {
			k = (c * 61 ^ h) % 4096;
			table[k] = next_state[table[k]][c == actual.rank];
			h = (h << 1 | (c == actual.rank)) % 4096;
		}
		k = ((64 + site) * 61 ^ h) % 4096;
		table[k] = next_state[table[k]][actual.ended];
		history = (h << 1 | actual.ended) % 4096;
		if (site == STREAM_SITE_DOWN) {
			down++;
			wrong_child += guess != actual.rank;
		}
		need(predict_learn(&p, site, children, actual) == naive,
		    "level %lu: the predictors disagree", (unsigned long)i);
	}
	need_mispredicted(wrong_child, down, run[_i].low, run[_i].high);
	free(kept.marker);
}
END_TEST

Suite *
predict_suite(void)
{
	Suite *suite = suite_create("predict");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, test_predictor, 0, 2);
	tcase_add_loop_test(tc, test_gshare, 0, 2);
	suite_add_tcase(suite, tc);
	return suite;
}
