/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_stackdist.c: stack distances against a naive LRU stack, and the
 * fault curve against the real fixed-budget model, vmsim.
 *
 * The naive stack is an array, most recent first, searched from the top
 * and moved to the front: slow, and obviously right.  Every access's
 * distance must equal its depth there, with trees of times small enough
 * to renumber every few accesses.  Then the curve must give, for every
 * budget, what a vmsim of that budget counts over the same accesses,
 * phase after phase (both carry their pages over), down to the
 * per-operation distributions of 64 budgets at once.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "prng.h"
#include "stackdist.h"
#include "tests.h"
#include "vmsim.h"

/* Parameters -------------------------------------------------------- */

/* Accesses between two comparisons of the whole stack listing. */
#define LIST_EVERY	9973
/* Operations run 0 .. 2 * OP_MEAN accesses: some are empty. */
#define OP_MEAN		12

/* The naive LRU stack ------------------------------------------------ */

struct naive {
	uint32_t	*page;		/* most recent first */
	uint32_t	n;
	uint32_t	cap;		/* a budget: deeper pages are evicted */
	uint64_t	faults;
};

static void
naive_init(struct naive *s, uint32_t cap)
{
	s->page = calloc(cap, sizeof(*s->page));
	ck_assert_ptr_nonnull(s->page);
	s->n = 0;
	s->cap = cap;
	s->faults = 0;
}

/* The page's depth (1 = most recent), or 0 if absent; moves it on top. */
static uint32_t
naive_access(struct naive *s, uint32_t page)
{
	uint32_t i, depth = 0;

	for (i = 0; i < s->n; i++)
		if (s->page[i] == page) {
			depth = i + 1;
			break;
		}
	if (depth == 0) {
		s->faults++;
		if (s->n < s->cap)
			s->n++;
		/* Full: the least recent page, in the last slot, is overwritten. */
		i = s->n - 1;
	}
	memmove(&s->page[1], &s->page[0], i * sizeof(*s->page));
	s->page[0] = page;
	return depth;
}

/* Random accesses ------------------------------------------------------ */

struct gen {
	uint64_t	rng;
	uint32_t	pages;
	uint32_t	page;
	uint32_t	run;		/* repeats of `page` still to come */
};

/*
 * Runs of one page (the shortcut), short steps (locality), a hot set of
 * low ids (skew) and, one time in eight, anywhere (deep distances).
 */
static uint32_t
gen_next(struct gen *g)
{
	uint64_t pages = g->pages;

	if (g->run > 0) {
		g->run--;
		return g->page;
	}
	switch (prng_below(&g->rng, 8)) {
	case 0:
		g->run = (uint32_t)prng_below(&g->rng, 8);
		break;
	case 1: case 2: case 3:
		g->page = (uint32_t)((g->page + 4 * pages - 3 +
		    prng_below(&g->rng, 7)) % pages);
		break;
	case 4: case 5: case 6:
		g->page = (uint32_t)prng_below(&g->rng,
		    prng_below(&g->rng, pages) + 1);
		break;
	default:
		g->page = (uint32_t)prng_below(&g->rng, pages);
		break;
	}
	return g->page;
}

static struct stackdist *
make_stack(uint32_t pages, uint32_t times)
{
	struct stackdist *sd = times == 0 ? stackdist_create(pages) :
	    stackdist_create_sized(pages, times);

	ck_assert_ptr_nonnull(sd);
	return sd;
}

/* The stack's listing, least recent first, is the naive one reversed. */
static void
compare_listing(const struct stackdist *sd, const struct naive *s,
    uint32_t *out)
{
	size_t n = stackdist_stack(sd, out, s->cap), top, i;

	need(n == s->n, "listing has %zu pages, naive %u", n, s->n);
	for (i = 0; i < n; i++)
		need(out[i] == s->page[n - 1 - i], "listing[%zu] = %u, naive %u",
		    i, out[i], s->page[n - 1 - i]);
	/* A shorter listing is the top of the stack, in the same order. */
	top = n / 3;
	need(stackdist_stack(sd, out, top) == top, "short listing length");
	for (i = 0; i < top; i++)
		need(out[i] == s->page[top - 1 - i], "short listing[%zu]", i);
}

/* Distances ---------------------------------------------------------- */

struct distance_case {
	uint32_t	pages;
	uint32_t	times;		/* 0: stackdist_create's choice */
	uint32_t	accesses;
};

static const struct distance_case distance_cases[] = {
	{ 1, 0, 20000 },
	{ 1, 2, 20000 },	/* renumbers every other moving access */
	{ 2, 3, 20000 },
	{ 3, 0, 20000 },
	{ 3, 4, 20000 },
	{ 17, 18, 50000 },
	{ 300, 0, 200000 },
	{ 300, 301, 50000 },	/* renumbers at almost every access */
	{ 5000, 0, 200000 },
	{ 5000, 5064, 200000 },
};

START_TEST(distances_match_naive)
{
	const struct distance_case *c = &distance_cases[_i];
	struct stackdist *sd = make_stack(c->pages, c->times);
	struct gen g = { 7000 + (uint64_t)_i, c->pages, 0, 0 };
	uint32_t *out = calloc(c->pages, sizeof(*out));
	uint32_t *seen = calloc(c->pages, sizeof(*seen));
	uint32_t i, phase = 1;
	uint64_t distinct = 0;
	struct naive s;

	ck_assert_ptr_nonnull(out);
	ck_assert_ptr_nonnull(seen);
	naive_init(&s, c->pages);
	stackdist_phase(sd);
	for (i = 0; i < c->accesses; i++) {
		uint32_t page = gen_next(&g);
		uint32_t depth = naive_access(&s, page);
		uint32_t d = stackdist_access(sd, page);

		need(d == (depth == 0 ? STACKDIST_COLD : depth),
		    "access %u to page %u: distance %u, naive depth %u",
		    i, page, d, depth);
		if (seen[page] != phase) {
			seen[page] = phase;
			distinct++;
		}
		/* Operation and phase ends reset the shortcut and the starts. */
		if (prng_below(&g.rng, 16) == 0)
			stackdist_op_end(sd);
		if (prng_below(&g.rng, 4096) == 0) {
			stackdist_phase_end(sd);
			need(stackdist_distinct(sd) == distinct,
			    "phase %u: %ju distinct pages, naive %ju", phase,
			    (uintmax_t)stackdist_distinct(sd),
			    (uintmax_t)distinct);
			stackdist_phase(sd);
			phase++;
			distinct = 0;
		}
		if (i % LIST_EVERY == 0)
			compare_listing(sd, &s, out);
	}
	ck_assert_uint_eq(stackdist_footprint(sd), s.n);
	compare_listing(sd, &s, out);
	free(s.page);
	free(seen);
	free(out);
	stackdist_destroy(sd);
}
END_TEST

/* The curve against vmsim ---------------------------------------------- */

struct vmsim_case {
	uint32_t	pages;
	uint32_t	times;
	uint32_t	accesses;
	unsigned	phases;
	int		every_budget;	/* 1 .. 64; else 64 random ones */
	uint32_t	grain;		/* budgets are its multiples; 0: 1 */
};

static const struct vmsim_case vmsim_cases[] = {
	/* Every budget from 1 to past the footprint, 64 listed. */
	{ 60, 0, 40000, 4, 1, 0 },
	{ 60, 61, 40000, 4, 1, 0 },
	/* 64 random budgets up to past the page count, on a long run. */
	{ 3000, 0, 200000, 5, 0, 0 },
	{ 3000, 3064, 200000, 5, 0, 0 },
	/* A coarser grain, budgets its multiples, the last past the pages. */
	{ 60, 0, 40000, 4, 1, 4 },
	{ 3000, 0, 200000, 5, 0, 16 },
};

static void
random_budgets(uint64_t *rng, uint32_t pages, uint32_t grain,
    uint32_t *budgets)
{
	unsigned n = 0, k;

	while (n < STACKDIST_MAX_BUDGETS) {
		uint32_t r = grain * (1 + (uint32_t)prng_below(rng,
		    (pages + 100) / grain));

		for (k = 0; k < n && budgets[k] != r; k++)
			continue;
		if (k == n)
			budgets[n++] = r;
	}
	/* Ascending, as stackdist_budgets() wants them: an insertion sort. */
	for (n = 1; n < STACKDIST_MAX_BUDGETS; n++)
		for (k = n; k > 0 && budgets[k - 1] > budgets[k]; k--) {
			uint32_t r = budgets[k];

			budgets[k] = budgets[k - 1];
			budgets[k - 1] = r;
		}
}

static void
same_dist(struct vmsim_dist got, struct vmsim_dist want, const char *what,
    uint32_t budget, unsigned phase)
{
	need(got.min == want.min && got.median == want.median &&
	    got.p99 == want.p99 && got.max == want.max,
	    "%s, budget %u, phase %u: %ju/%ju/%ju/%ju, vmsim %ju/%ju/%ju/%ju",
	    what, budget, phase, (uintmax_t)got.min, (uintmax_t)got.median,
	    (uintmax_t)got.p99, (uintmax_t)got.max, (uintmax_t)want.min,
	    (uintmax_t)want.median, (uintmax_t)want.p99, (uintmax_t)want.max);
}

/*
 * A stack of a coarser grain answers, at every multiple of it, what the
 * stack of every distance answers.
 */
static void
same_at_grain(const struct stackdist *coarse, const struct stackdist *fine,
    uint32_t pages, uint32_t grain, unsigned phase)
{
	uint32_t r;

	for (r = 0; r <= pages + grain; r += grain)
		need(stackdist_faults(coarse, r) == stackdist_faults(fine, r),
		    "grain %u, budget %u, phase %u: %ju faults, every "
		    "distance %ju", grain, r, phase,
		    (uintmax_t)stackdist_faults(coarse, r),
		    (uintmax_t)stackdist_faults(fine, r));
	need(stackdist_accesses(coarse) == stackdist_accesses(fine),
	    "grain %u, phase %u: accesses differ", grain, phase);
}

START_TEST(curve_matches_vmsim)
{
	const struct vmsim_case *c = &vmsim_cases[_i];
	uint32_t grain = c->grain != 0 ? c->grain : 1;
	struct stackdist *sd = grain == 1 ? make_stack(c->pages, c->times) :
	    stackdist_create_grained(c->pages, grain);
	struct stackdist *fine = make_stack(c->pages, 0);
	struct vmsim *vms[STACKDIST_MAX_BUDGETS];
	uint32_t budgets[STACKDIST_MAX_BUDGETS];
	struct gen g = { 9000 + (uint64_t)_i, c->pages, 0, 0 };
	unsigned k, phase;
	uint64_t faults_seen = 0;

	ck_assert_ptr_nonnull(sd);
	for (k = 0; k < STACKDIST_MAX_BUDGETS; k++)
		budgets[k] = (k + 1) * grain;
	if (!c->every_budget)
		random_budgets(&g.rng, c->pages, grain, budgets);
	ck_assert_int_eq(stackdist_budgets(sd, budgets,
	    STACKDIST_MAX_BUDGETS), 0);
	for (k = 0; k < STACKDIST_MAX_BUDGETS; k++) {
		vms[k] = vmsim_create(c->pages / 3, c->pages - c->pages / 3,
		    budgets[k]);
		ck_assert_ptr_nonnull(vms[k]);
	}
	for (phase = 0; phase < c->phases; phase++) {
		uint32_t i = 0;

		stackdist_phase(sd);
		stackdist_phase(fine);
		for (k = 0; k < STACKDIST_MAX_BUDGETS; k++)
			vmsim_phase(vms[k], NULL);
		while (i < c->accesses / c->phases) {
			uint32_t len = (uint32_t)prng_below(&g.rng,
			    2 * OP_MEAN + 1), j;

			for (j = 0; j < len; j++, i++) {
				uint32_t page = gen_next(&g);

				stackdist_access(sd, page);
				stackdist_access(fine, page);
				for (k = 0; k < STACKDIST_MAX_BUDGETS; k++)
					vmsim_access(vms[k], page);
			}
			/*
			 * Every operation is closed within its phase: vmsim
			 * drops an open one's counts at vmsim_phase() but
			 * keeps its page stamps.
			 */
			stackdist_op_end(sd);
			stackdist_op_end(fine);
			for (k = 0; k < STACKDIST_MAX_BUDGETS; k++)
				vmsim_op_end(vms[k]);
		}
		stackdist_phase_end(sd);
		stackdist_phase_end(fine);
		same_at_grain(sd, fine, c->pages, grain, phase);
		for (k = 0; k < STACKDIST_MAX_BUDGETS; k++) {
			struct vmsim_counts want = vmsim_counts(vms[k]);
			struct vmsim_counts got = stackdist_counts(sd, k);

			need(got.accesses == want.accesses &&
			    got.distinct == want.distinct,
			    "budget %u, phase %u: %ju accesses, %ju distinct; "
			    "vmsim %ju, %ju", budgets[k], phase,
			    (uintmax_t)got.accesses, (uintmax_t)got.distinct,
			    (uintmax_t)want.accesses, (uintmax_t)want.distinct);
			need(got.faults == want.faults &&
			    stackdist_faults(sd, budgets[k]) == want.faults,
			    "budget %u, phase %u: %ju faults, vmsim %ju",
			    budgets[k], phase, (uintmax_t)got.faults,
			    (uintmax_t)want.faults);
			same_dist(got.faults_per_op, want.faults_per_op,
			    "faults per operation", budgets[k], phase);
			same_dist(got.pages_per_op, want.pages_per_op,
			    "pages per operation", budgets[k], phase);
			faults_seen += want.faults;
		}
		/* Past the footprint, only cold misses fault. */
		need(stackdist_faults(fine, stackdist_footprint(fine)) ==
		    stackdist_faults(sd, UINT32_MAX), "flat past the footprint");
	}
	/* The comparison saw faults, and distributions that were not all 0. */
	ck_assert_uint_gt(faults_seen, 0);
	for (k = 0; k < STACKDIST_MAX_BUDGETS; k++)
		vmsim_destroy(vms[k]);
	stackdist_destroy(sd);
	stackdist_destroy(fine);
}
END_TEST

/* The listing is the resident set ----------------------------------------- */

#define REPLAY_PAGES	100
#define REPLAY_WARMUP	20000
#define REPLAY_PHASE	5000

/*
 * A naive LRU of budget R that first replays the listing the first phase
 * left, then the second phase's accesses, faults as often in that phase
 * as the curve says for R: the listing's top R pages are the resident set.
 */
START_TEST(listing_replays_to_curve)
{
	struct stackdist *sd = make_stack(REPLAY_PAGES,
	    _i == 0 ? 0 : REPLAY_PAGES + 1);
	struct gen g = { 11000 + (uint64_t)_i, REPLAY_PAGES, 0, 0 };
	uint32_t stack[REPLAY_PAGES];
	uint32_t *seq = calloc(REPLAY_PHASE, sizeof(*seq));
	size_t n, i;
	uint32_t r;

	ck_assert_ptr_nonnull(seq);
	stackdist_phase(sd);
	for (i = 0; i < REPLAY_WARMUP; i++)
		stackdist_access(sd, gen_next(&g));
	stackdist_phase_end(sd);
	ck_assert_uint_eq(stackdist_stack(sd, stack, 0), 0);
	n = stackdist_stack(sd, stack, REPLAY_PAGES);
	ck_assert_uint_eq(n, stackdist_footprint(sd));
	stackdist_phase(sd);
	for (i = 0; i < REPLAY_PHASE; i++) {
		seq[i] = gen_next(&g);
		stackdist_access(sd, seq[i]);
	}
	stackdist_phase_end(sd);
	for (r = 1; r <= REPLAY_PAGES + 1; r++) {
		struct naive whole, start;

		naive_init(&whole, r);
		naive_init(&start, r);
		/* The whole listing, or only its top r: the same start. */
		for (i = 0; i < n; i++)
			naive_access(&whole, stack[i]);
		for (i = n > r ? n - r : 0; i < n; i++)
			naive_access(&start, stack[i]);
		whole.faults = 0;
		start.faults = 0;
		for (i = 0; i < REPLAY_PHASE; i++) {
			naive_access(&whole, seq[i]);
			naive_access(&start, seq[i]);
		}
		need(whole.faults == stackdist_faults(sd, r) &&
		    start.faults == whole.faults,
		    "budget %u: naive %ju and %ju faults, curve %ju", r,
		    (uintmax_t)whole.faults, (uintmax_t)start.faults,
		    (uintmax_t)stackdist_faults(sd, r));
		free(whole.page);
		free(start.page);
	}
	free(seq);
	stackdist_destroy(sd);
}
END_TEST

/* Edge cases ---------------------------------------------------------- */

/* One page: one cold miss, then distance 1 for ever, renumbering. */
START_TEST(one_page)
{
	struct stackdist *sd = make_stack(1, 0);
	static const uint32_t budgets[] = { 1, 2 };
	struct vmsim_counts counts;
	unsigned op;

	ck_assert_int_eq(stackdist_budgets(sd, budgets, 2), 0);
	stackdist_phase(sd);
	ck_assert_uint_eq(stackdist_access(sd, 0), STACKDIST_COLD);
	ck_assert_uint_eq(stackdist_access(sd, 0), 1);
	/* Each operation's first access moves the page to a new time. */
	for (op = 0; op < 1000; op++) {
		need(stackdist_access(sd, 0) == 1, "op %u", op);
		need(stackdist_access(sd, 0) == 1, "op %u", op);
		stackdist_op_end(sd);
	}
	stackdist_phase_end(sd);
	ck_assert_uint_eq(stackdist_accesses(sd), 2002);
	ck_assert_uint_eq(stackdist_faults(sd, 0), 2002);
	ck_assert_uint_eq(stackdist_faults(sd, 1), 1);
	ck_assert_uint_eq(stackdist_faults(sd, 1000), 1);
	ck_assert_uint_eq(stackdist_distinct(sd), 1);
	counts = stackdist_counts(sd, 1);
	ck_assert_uint_eq(counts.faults, 1);
	/* The first operation took the cold miss: 1 fault, 0 for the rest. */
	ck_assert_uint_eq(counts.faults_per_op.min, 0);
	ck_assert_uint_eq(counts.faults_per_op.median, 0);
	ck_assert_uint_eq(counts.faults_per_op.max, 1);
	ck_assert_uint_eq(counts.pages_per_op.min, 1);
	ck_assert_uint_eq(counts.pages_per_op.max, 1);
	stackdist_destroy(sd);
}
END_TEST

/* A phase with no accesses counts nothing and keeps the stack. */
START_TEST(empty_phase)
{
	struct stackdist *sd = make_stack(8, 0);
	static const uint32_t budgets[] = { 2 };
	uint32_t out[8];
	struct vmsim_counts counts;

	ck_assert_int_eq(stackdist_budgets(sd, budgets, 1), 0);
	stackdist_phase(sd);
	stackdist_access(sd, 5);
	stackdist_access(sd, 6);
	stackdist_op_end(sd);
	stackdist_phase_end(sd);
	stackdist_phase(sd);
	stackdist_phase_end(sd);
	counts = stackdist_counts(sd, 0);
	ck_assert_uint_eq(counts.accesses, 0);
	ck_assert_uint_eq(counts.faults, 0);
	ck_assert_uint_eq(counts.distinct, 0);
	ck_assert_uint_eq(counts.faults_per_op.max, 0);
	ck_assert_uint_eq(counts.pages_per_op.max, 0);
	ck_assert_uint_eq(stackdist_faults(sd, 0), 0);
	ck_assert_uint_eq(stackdist_stack(sd, out, 8), 2);
	ck_assert_uint_eq(out[0], 5);
	ck_assert_uint_eq(out[1], 6);
	/* The next phase starts from that stack: 6 is at depth 1. */
	stackdist_phase(sd);
	ck_assert_uint_eq(stackdist_access(sd, 5), 2);
	ck_assert_uint_eq(stackdist_access(sd, 6), 2);
	stackdist_phase_end(sd);
	ck_assert_uint_eq(stackdist_faults(sd, 1), 2);
	ck_assert_uint_eq(stackdist_faults(sd, 2), 0);
	stackdist_destroy(sd);
}
END_TEST

/*
 * Cold misses fault under every budget, however large; past the
 * footprint nothing else does.
 */
START_TEST(budgets_past_footprint)
{
	struct stackdist *sd = make_stack(10, 0);
	static const uint32_t budgets[] = { 3, 4, 10, 1000 };
	unsigned k;

	ck_assert_int_eq(stackdist_budgets(sd, budgets, 4), 0);
	stackdist_phase(sd);
	/* Distances: cold, cold, cold, 3, cold, 4; footprint 4. */
	stackdist_access(sd, 0);
	stackdist_access(sd, 1);
	stackdist_access(sd, 2);
	ck_assert_uint_eq(stackdist_access(sd, 0), 3);
	stackdist_access(sd, 3);
	ck_assert_uint_eq(stackdist_access(sd, 1), 4);
	stackdist_op_end(sd);
	stackdist_phase_end(sd);
	ck_assert_uint_eq(stackdist_footprint(sd), 4);
	ck_assert_uint_eq(stackdist_faults(sd, 2), 6);
	ck_assert_uint_eq(stackdist_faults(sd, 3), 5);
	for (k = 1; k < 4; k++) {
		ck_assert_uint_eq(stackdist_counts(sd, k).faults, 4);
		ck_assert_uint_eq(stackdist_counts(sd, k).faults_per_op.max, 4);
	}
	ck_assert_uint_eq(stackdist_faults(sd, UINT32_MAX), 4);
	/* Another phase over the same pages: no cold misses left. */
	stackdist_phase(sd);
	stackdist_access(sd, 2);
	stackdist_access(sd, 3);
	stackdist_phase_end(sd);
	ck_assert_uint_eq(stackdist_faults(sd, 3), 1);
	ck_assert_uint_eq(stackdist_faults(sd, 4), 0);
	ck_assert_uint_eq(stackdist_faults(sd, 1000), 0);
	stackdist_destroy(sd);
}
END_TEST

/*
 * test_vmsim.c's four operations, with 1, 3, 0 and 2 faults under budget
 * 3, and an empty fifth: the same distributions, and others at once.
 */
START_TEST(per_operation_distribution)
{
	struct stackdist *sd = make_stack(8, 0);
	static const uint32_t budgets[] = { 1, 3, 8 };
	struct vmsim_counts counts;

	ck_assert_int_eq(stackdist_budgets(sd, budgets, 3), 0);
	stackdist_phase(sd);
	stackdist_access(sd, 0);
	stackdist_op_end(sd);
	stackdist_access(sd, 0);
	stackdist_access(sd, 1);
	stackdist_access(sd, 2);
	stackdist_access(sd, 3);
	stackdist_access(sd, 3);
	stackdist_op_end(sd);
	stackdist_access(sd, 3);
	stackdist_op_end(sd);
	stackdist_access(sd, 0);
	stackdist_access(sd, 4);
	stackdist_op_end(sd);
	stackdist_op_end(sd);		/* no accesses: 0 faults, 0 pages */
	stackdist_phase_end(sd);
	counts = stackdist_counts(sd, 1);
	ck_assert_uint_eq(counts.faults, 6);
	ck_assert_uint_eq(counts.faults_per_op.min, 0);
	ck_assert_uint_eq(counts.faults_per_op.median, 1);
	ck_assert_uint_eq(counts.faults_per_op.p99, 3);
	ck_assert_uint_eq(counts.faults_per_op.max, 3);
	ck_assert_uint_eq(counts.pages_per_op.min, 0);
	ck_assert_uint_eq(counts.pages_per_op.median, 1);
	ck_assert_uint_eq(counts.pages_per_op.max, 4);
	/* Budget 1: every access but the three at distance 1. */
	counts = stackdist_counts(sd, 0);
	ck_assert_uint_eq(counts.faults, 6);
	ck_assert_uint_eq(counts.faults_per_op.max, 3);
	/* Budget 8: the five cold misses. */
	counts = stackdist_counts(sd, 2);
	ck_assert_uint_eq(counts.faults, 5);
	ck_assert_uint_eq(counts.faults_per_op.max, 3);
	stackdist_destroy(sd);
}
END_TEST

/*
 * An operation still open when its phase ends is dropped: it is in no
 * distribution, and the next phase's first operation counts its pages
 * afresh.
 */
START_TEST(open_operation_dropped)
{
	struct stackdist *sd = make_stack(8, 0);
	static const uint32_t budgets[] = { 1 };
	struct vmsim_counts counts;

	ck_assert_int_eq(stackdist_budgets(sd, budgets, 1), 0);
	stackdist_phase(sd);
	stackdist_access(sd, 0);
	stackdist_op_end(sd);
	stackdist_access(sd, 1);	/* left open */
	stackdist_access(sd, 2);
	stackdist_phase_end(sd);
	counts = stackdist_counts(sd, 0);
	ck_assert_uint_eq(counts.accesses, 3);
	ck_assert_uint_eq(counts.faults, 3);
	ck_assert_uint_eq(counts.faults_per_op.max, 1);
	ck_assert_uint_eq(counts.pages_per_op.max, 1);
	stackdist_phase(sd);
	ck_assert_uint_eq(stackdist_access(sd, 2), 1);
	ck_assert_uint_eq(stackdist_access(sd, 1), 2);
	stackdist_op_end(sd);
	stackdist_phase_end(sd);
	counts = stackdist_counts(sd, 0);
	ck_assert_uint_eq(counts.faults, 1);
	ck_assert_uint_eq(counts.distinct, 2);
	ck_assert_uint_eq(counts.faults_per_op.max, 1);
	ck_assert_uint_eq(counts.pages_per_op.min, 2);
	stackdist_destroy(sd);
}
END_TEST

START_TEST(refuses_bad_arguments)
{
	struct stackdist *sd = make_stack(4, 0);
	static const uint32_t good[] = { 2, 3 };
	static const uint32_t unsorted[] = { 3, 2 };
	static const uint32_t repeated[] = { 2, 2 };
	static const uint32_t zero[] = { 0, 2 };
	uint32_t many[STACKDIST_MAX_BUDGETS + 1];
	unsigned k;

	errno = 0;
	ck_assert_ptr_null(stackdist_create(0));
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_ptr_null(stackdist_create(STACKDIST_MAX_PAGES + 1));
	ck_assert_ptr_null(stackdist_create_sized(5, 5));
	ck_assert_ptr_null(stackdist_create_grained(4, 0));
	ck_assert_ptr_null(stackdist_create_grained(4, 3));
	ck_assert_ptr_null(stackdist_create_grained(STACKDIST_MAX_PAGES + 1,
	    2));
	for (k = 0; k <= STACKDIST_MAX_BUDGETS; k++)
		many[k] = k + 1;
	ck_assert_int_eq(stackdist_budgets(sd, good, 2), 0);
	ck_assert_int_eq(stackdist_budgets(sd, unsorted, 2), -1);
	ck_assert_int_eq(stackdist_budgets(sd, repeated, 2), -1);
	ck_assert_int_eq(stackdist_budgets(sd, zero, 2), -1);
	errno = 0;
	ck_assert_int_eq(stackdist_budgets(sd,
	    many, STACKDIST_MAX_BUDGETS + 1), -1);
	ck_assert_int_eq(errno, EINVAL);
	/* The good list stayed. */
	stackdist_phase(sd);
	stackdist_access(sd, 0);
	stackdist_op_end(sd);
	stackdist_phase_end(sd);
	ck_assert_uint_eq(stackdist_counts(sd, 1).faults, 1);
	ck_assert_int_eq(stackdist_budgets(sd, many,
	    STACKDIST_MAX_BUDGETS), 0);
	ck_assert_int_eq(stackdist_budgets(sd, NULL, 0), 0);
	stackdist_destroy(sd);
	/* A grain of 2 takes only its multiples. */
	sd = stackdist_create_grained(4, 2);
	ck_assert_ptr_nonnull(sd);
	ck_assert_int_eq(stackdist_budgets(sd, good, 2), -1);
	ck_assert_int_eq(stackdist_budgets(sd, good, 1), 0);
	stackdist_destroy(sd);
}
END_TEST

Suite *
stackdist_suite(void)
{
	Suite *suite = suite_create("stackdist");
	TCase *tc = tcase_create("curve");

	/* The long comparisons take seconds under the sanitizers. */
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, distances_match_naive, 0,
	    sizeof(distance_cases) / sizeof(distance_cases[0]));
	tcase_add_loop_test(tc, curve_matches_vmsim, 0,
	    sizeof(vmsim_cases) / sizeof(vmsim_cases[0]));
	tcase_add_loop_test(tc, listing_replays_to_curve, 0, 2);
	tcase_add_test(tc, one_page);
	tcase_add_test(tc, empty_phase);
	tcase_add_test(tc, budgets_past_footprint);
	tcase_add_test(tc, per_operation_distribution);
	tcase_add_test(tc, open_operation_dropped);
	tcase_add_test(tc, refuses_bad_arguments);
	suite_add_tcase(suite, tc);
	return suite;
}
