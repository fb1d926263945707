/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_recorder.c: the recorder model (recording.h), fed long random
 * streams beside the registry's caches and page model, phase after
 * phase:
 *
 * - its totals equal what the caches' and page models count;
 * - each access's outcome and page stack distance equal a reference
 *   that scans the history back: under LRU a block hits while fewer
 *   distinct blocks than the cache holds came since its last touch;
 * - each eviction is the block whose last touch is the oldest among
 *   those held, found by the same scan;
 * - a phase begins with the state the last one left, least recent
 *   first, and every operation's end is where the stream marked it.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "model.h"
#include "prng.h"
#include "stream.h"
#include "tests.h"

/* Parameters -------------------------------------------------------- */

#define ITEMS		4000u
#define PAGE_BYTES	256u	/* 32 entries: 126 pages of the array */
#define L1_LINES	16u
#define LINE_BYTES	64u
#define LINE_SHIFT	6u
#define TLB_ENTRIES	4u
#define RECORDS		60000u	/* per phase */
#define PHASES		3u
#define DISTINCT_MAX	1024u	/* more than the array's lines or pages */

/* Every access of every phase, in order: the reference scans it. */
struct history {
	uint64_t	*address;
	size_t		 n;
};

/*
 * Counting back from access `at`: 0 if `block` (address >> shift) was
 * never touched; else one more than the distinct blocks touched since
 * its last touch, or limit + 1 once that many are past `limit`.
 */
static uint64_t
distance(const struct history *h, size_t at, unsigned shift, uint64_t block,
    uint64_t limit)
{
	uint64_t seen[DISTINCT_MAX], d = 0, k;
	size_t i;

	for (i = at; i-- > 0 && d <= limit;) {
		uint64_t b = h->address[i] >> shift;

		if (b == block)
			return d + 1;
		for (k = 0; k < d && seen[k] != b; k++)
			continue;
		if (k == d && d < DISTINCT_MAX)
			seen[d++] = b;
	}
	return d > limit ? limit + 1 : 0;
}

/*
 * The block an LRU cache of `capacity` blocks evicts at access `at`: the
 * capacity-th distinct block counting back, if as many were touched.
 */
static uint64_t
victim(const struct history *h, size_t at, unsigned shift, uint64_t capacity)
{
	uint64_t seen[DISTINCT_MAX], d = 0, k;
	size_t i;

	for (i = at; i-- > 0 && d < capacity;) {
		uint64_t b = h->address[i] >> shift;

		for (k = 0; k < d && seen[k] != b; k++)
			continue;
		if (k == d)
			seen[d++] = b;
	}
	return d == capacity ? seen[capacity - 1] : RECORD_NOTHING;
}

static struct model_setup
setup_of(struct config *c, uint32_t budget)
{
	config_defaults(c);
	c->items = ITEMS;
	c->layouts = 1;
	c->page_bytes = PAGE_BYTES;
	c->resident_pages = budget;
	c->cache.level[HIER_L1] = (struct cache_geometry){ L1_LINES,
	    L1_LINES, LINE_BYTES };
	c->cache.level[HIER_TLB1] = (struct cache_geometry){ TLB_ENTRIES,
	    TLB_ENTRIES, 0 };
	return config_model_setup(c);
}

/* A stream with locality: walks down and jumps, reads and writes. */
static uint64_t
next_record(uint64_t *rng, uint64_t *at, uint64_t end)
{
	uint64_t r = prng_below(rng, 100);

	if (r < 5)
		return (uint64_t)STREAM_OP_END << STREAM_KIND_SHIFT;
	if (r < 10)
		return STREAM_MARKER;
	if (r < 30)
		*at = prng_below(rng, end / 8) * 8;
	else
		*at = (*at * 2 + 8 * prng_below(rng, 3)) % end;
	return stream_access(r & 1 ? STREAM_WRITE : STREAM_READ, *at, 8, 0);
}

/*
 * Whether access i of the recording is access `at` of the history with
 * the outcome and distance the scan finds (Check's assertions are too
 * slow for every access: the caller asserts once).
 */
static bool
access_right(const struct recording *r, size_t i, const struct history *h,
    size_t at, uint32_t budget, unsigned page_shift)
{
	const struct recorded_access *a = &r->access[i];
	uint64_t page = a->address >> page_shift, d, l1;
	unsigned outcome = 0;

	d = distance(h, at, page_shift, page, DISTINCT_MAX);
	l1 = distance(h, at, LINE_SHIFT, a->address >> LINE_SHIFT, L1_LINES);
	if (d == 0 || d > budget)
		outcome |= RECORD_MISS_PAGE;
	if (d == 0 || d > TLB_ENTRIES)
		outcome |= RECORD_MISS_TLB;
	if (l1 == 0 || l1 > L1_LINES)
		outcome |= RECORD_MISS_L1;
	return a->address == h->address[at] && a->distance == d &&
	    a->outcome == outcome;
}

/* Each miss's eviction, in order, against the scan. */
static bool
evictions_right(const struct recording *r, const struct history *h,
    size_t first, uint32_t budget, unsigned page_shift)
{
	size_t i, pages = 0, lines = 0, tlbs = 0;
	bool right = true;

	for (i = 0; i < r->naccesses && right; i++) {
		uint8_t outcome = r->access[i].outcome;

		if (outcome & RECORD_MISS_L1)
			right = lines < r->line_out.n &&
			    r->line_out.v[lines++] == victim(h, first + i,
			    LINE_SHIFT, L1_LINES);
		if (right && (outcome & RECORD_MISS_TLB))
			right = tlbs < r->tlb_out.n &&
			    r->tlb_out.v[tlbs++] == victim(h, first + i,
			    page_shift, TLB_ENTRIES);
		if (right && (outcome & RECORD_MISS_PAGE))
			right = pages < r->page_out.n &&
			    r->page_out.v[pages++] == victim(h, first + i,
			    page_shift, budget);
	}
	return right && lines == r->line_out.n && tlbs == r->tlb_out.n &&
	    pages == r->page_out.n;
}

/* Whether `blocks` are the n most recent, least recent first. */
static void
check_recent(const struct record_list *blocks, const struct history *h,
    unsigned shift, uint64_t n)
{
	size_t k;

	ck_assert_uint_eq(blocks->n, n);
	for (k = 0; k < blocks->n && distance(h, h->n, shift, blocks->v[k],
	    DISTINCT_MAX) == blocks->n - k; k++)
		continue;
	ck_assert_msg(k == n, "block %zu of %" PRIu64 " not in place", k, n);
}

/* The distinct blocks (address >> shift) in the whole history. */
static uint64_t
distinct(const struct history *h, unsigned shift)
{
	uint64_t seen[DISTINCT_MAX], d = 0, k;
	size_t i;

	for (i = 0; i < h->n; i++) {
		for (k = 0; k < d && seen[k] != h->address[i] >> shift; k++)
			continue;
		if (k == d && d < DISTINCT_MAX)
			seen[d++] = h->address[i] >> shift;
	}
	return d;
}

static uint64_t
least(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

/*
 * The phase's start: the stack of every page touched, and what the L1
 * and TLB hold, each least recent first.
 */
static void
check_start(const struct recording *r, const struct history *h,
    unsigned page_shift)
{
	uint64_t pages = distinct(h, page_shift);

	check_recent(&r->stack, h, page_shift, pages);
	check_recent(&r->l1, h, LINE_SHIFT,
	    least(distinct(h, LINE_SHIFT), L1_LINES));
	check_recent(&r->tlb, h, page_shift, least(pages, TLB_ENTRIES));
}

START_TEST(recorder_equals_models_and_scan)
{
	static const uint32_t budgets[] = { 1, 3, 10, 40 };
	uint32_t budget = budgets[_i];
	const struct model_ops *ops[3] = { model_named("recorder"),
	    model_named("caches' and TLB"), model_named("page") };
	void *model[3];
	static uint64_t end_at[RECORDS];
	struct recording rec = { 0 };
	struct history h = { calloc(PHASES * RECORDS, sizeof(uint64_t)), 0 };
	struct model_results results;
	struct model_setup setup;
	struct config c;
	uint64_t rng = 7 + budget, at = 8, batch[STREAM_BATCH];
	unsigned page_shift = log2_exact(PAGE_BYTES), p, k;
	size_t i, n, ends;

	setup = setup_of(&c, budget);
	setup.recording = &rec;
	for (k = 0; k < 3; k++) {
		ck_assert_msg(ops[k] != NULL && ops[k]->wanted(&setup),
		    "model %u", k);
		model[k] = ops[k]->create(&setup);
		ck_assert_ptr_nonnull(model[k]);
	}
	for (p = 0; p < PHASES; p++) {
		size_t first = h.n;

		for (k = 0; k < 3; k++)
			ck_assert_int_eq(ops[k]->phase(model[k], NULL), 0);
		check_start(&rec, &h, page_shift);
		for (i = 0, ends = 0; i < RECORDS; i += n) {
			for (n = 0; n < STREAM_BATCH && i + n < RECORDS; n++) {
				batch[n] = next_record(&rng, &at,
				    setup.array_end);
				if (stream_is_counted(batch[n], false))
					h.address[h.n++] =
					    stream_address_of(batch[n]);
				if (stream_kind_of(batch[n]) == STREAM_OP_END)
					end_at[ends++] = h.n - first;
			}
			for (k = 0; k < 3; k++)
				ops[k]->take(model[k], batch, n);
		}
		memset(&results, 0, sizeof(results));
		for (k = 1; k < 3; k++) {
			ck_assert_int_eq(ops[k]->phase_end(model[k]), 0);
			ops[k]->publish(model[k], budget, &results);
		}
		ck_assert_uint_eq(rec.naccesses, h.n - first);
		ck_assert_uint_eq(rec.op_end.n, ends);
		ck_assert(memcmp(rec.op_end.v, end_at, ends *
		    sizeof(end_at[0])) == 0);
		ck_assert_uint_eq(rec.naccesses, results.sim.accesses);
		ck_assert_uint_eq(rec.faults, results.sim.faults);
		ck_assert_uint_eq(rec.l1_misses, results.hier.misses[HIER_L1]);
		ck_assert_uint_eq(rec.tlb_misses,
		    results.hier.misses[HIER_TLB1]);
		for (i = 0; i < rec.naccesses && access_right(&rec, i, &h,
		    first + i, budget, page_shift); i++)
			continue;
		ck_assert_msg(i == rec.naccesses, "budget %" PRIu32 ", phase "
		    "%u: access %zu differs from the scan", budget, p, i);
		ck_assert_msg(evictions_right(&rec, &h, first, budget,
		    page_shift), "budget %" PRIu32 ", phase %u: evictions",
		    budget, p);
	}
	for (k = 0; k < 3; k++)
		ops[k]->destroy(model[k]);
	recording_free(&rec);
	free(h.address);
}
END_TEST

Suite *
recorder_suite(void)
{
	Suite *s = suite_create("recorder");
	TCase *tc = tcase_create("recorder");

	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, recorder_equals_models_and_scan, 0, 4);
	suite_add_tcase(s, tc);
	return s;
}
