/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_policy.c: the replacement policies (vmsim.h) against references
 * written here, and against the facts every textbook gives about them
 * (REFERENCE.md, "Replacement policies" and "Stack algorithms").
 *
 * - FIFO and CLOCK against naive ones (a queue in an array; an array of
 *   frames with reference bits and a hand), fault for fault and victim
 *   for victim, across operations and phases.
 * - OPT against the true optimum, found by exhaustive search over every
 *   eviction choice, on tiny traces; and never above LRU, CLOCK or FIFO
 *   on random traces and on the traces bheapsim writes (--trace), from
 *   the same resident set.
 * - Belady's anomaly: FIFO on 1 2 3 4 1 2 5 1 2 3 4 5 takes 9 faults with
 *   3 frames and 10 with 4 (Belady, Nelson and Shedler, 1969); LRU and
 *   OPT, stack algorithms (Mattson et al., 1970), never take more faults
 *   with more frames.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "prng.h"
#include "tests.h"
#include "vmsim.h"

/* Parameters -------------------------------------------------------- */

#define PAGES		48	/* random traces' pages */
#define ACCESSES	20000
#define PHASE_LENGTH	6000	/* accesses per phase of a random trace */
#define OP_LENGTH	7	/* accesses per operation, about */
#define TINY_PAGES	6	/* exhaustive search: 2^6 sets per step */
#define TINY_LENGTH	36
#define TINY_TRACES	300
#define TRACE_PAGES	4096	/* pages a bheapsim trace may name */

/* Traces -------------------------------------------------------------- */

/* A random walk with jumps: some locality, some of everything. */
static size_t
random_trace(uint32_t *trace, size_t n, uint32_t pages, uint64_t seed)
{
	uint64_t rng = seed;
	uint32_t at = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		uint64_t r = prng_below(&rng, 10);

		if (r < 6)
			at = (at + (uint32_t)prng_below(&rng, 3) + pages - 1) %
			    pages;
		else if (r < 9)
			at = (uint32_t)prng_below(&rng, pages);
		trace[i] = at;
	}
	return n;
}

/* Naive policies ------------------------------------------------------ */

struct naive {
	enum policy	policy;
	unsigned	budget;
	unsigned	count;
	uint32_t	frames[PAGES];
	bool		referenced[PAGES];	/* clock, per frame */
	unsigned	hand;			/* clock */
	uint64_t	last_use[TRACE_PAGES];	/* lru, per page */
	uint64_t	now;
	uint64_t	faults;
	uint32_t	victim;			/* the last eviction */
};

static void
naive_init(struct naive *nv, enum policy policy, unsigned budget)
{
	memset(nv, 0, sizeof(*nv));
	nv->policy = policy;
	nv->budget = budget;
	nv->victim = VMSIM_NONE;
}

static int
naive_find(const struct naive *nv, uint32_t page)
{
	unsigned i;

	for (i = 0; i < nv->count; i++)
		if (nv->frames[i] == page)
			return (int)i;
	return -1;
}

/* One access; true if it faulted. */
static bool
naive_access(struct naive *nv, uint32_t page)
{
	int at = naive_find(nv, page);
	unsigned i, oldest;

	nv->now++;
	if (nv->policy == POLICY_LRU)
		nv->last_use[page] = nv->now;
	if (at >= 0) {
		nv->referenced[at] = true;
		return false;
	}
	nv->faults++;
	if (nv->count < nv->budget) {
		nv->referenced[nv->count] = true;
		nv->frames[nv->count++] = page;
		return true;
	}
	switch (nv->policy) {
	case POLICY_FIFO:
		/* The queue: the oldest load at the front. */
		nv->victim = nv->frames[0];
		memmove(nv->frames, nv->frames + 1,
		    (nv->count - 1) * sizeof(nv->frames[0]));
		nv->frames[nv->count - 1] = page;
		break;
	case POLICY_CLOCK:
		while (nv->referenced[nv->hand]) {
			nv->referenced[nv->hand] = false;
			nv->hand = (nv->hand + 1) % nv->budget;
		}
		nv->victim = nv->frames[nv->hand];
		nv->frames[nv->hand] = page;
		nv->referenced[nv->hand] = true;
		nv->hand = (nv->hand + 1) % nv->budget;
		break;
	case POLICY_LRU:
		oldest = 0;
		for (i = 1; i < nv->count; i++)
			if (nv->last_use[nv->frames[i]] <
			    nv->last_use[nv->frames[oldest]])
				oldest = i;
		nv->victim = nv->frames[oldest];
		nv->frames[oldest] = page;
		break;
	case POLICY_OPT:
	case POLICY_COUNT:
		ck_abort_msg("no naive %s", policy_names[nv->policy]);
	}
	return true;
}

/* The model ----------------------------------------------------------- */

static struct vmsim *
model(uint32_t pages, unsigned budget, enum policy policy)
{
	struct vmsim *vm = vmsim_create(pages, 0, budget);

	ck_assert_ptr_nonnull(vm);
	ck_assert_int_eq(vmsim_set_policy(vm, policy), 0);
	vmsim_phase(vm, NULL);
	return vm;
}

/* Faults of one phase over trace[0 .. n-1], with an operation every few. */
static uint64_t
model_phase(struct vmsim *vm, const uint32_t *trace, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		vmsim_access(vm, trace[i]);
		if (i % OP_LENGTH == OP_LENGTH - 1)
			vmsim_op_end(vm);
	}
	vmsim_op_end(vm);
	ck_assert_int_eq(vmsim_phase_end(vm), 0);
	return vmsim_counts(vm).faults;
}

/* One phase from an empty set. */
static uint64_t
model_faults(enum policy policy, unsigned budget, const uint32_t *trace,
    size_t n, uint32_t pages)
{
	struct vmsim *vm = model(pages, budget, policy);
	uint64_t faults = model_phase(vm, trace, n);

	vmsim_destroy(vm);
	return faults;
}

/*
 * The true optimum from an empty set: every choice of victim at every
 * fault, with the fewest faults from each (step, set) remembered.
 */
static unsigned
optimum(const uint32_t *trace, size_t n, unsigned budget, size_t at,
    unsigned set, unsigned memo[TINY_LENGTH + 1][1u << TINY_PAGES])
{
	unsigned page, best = ~0u, q;

	if (at == n)
		return 0;
	page = 1u << trace[at];
	if (memo[at][set] != ~0u)
		return memo[at][set];
	if (set & page)
		best = optimum(trace, n, budget, at + 1, set, memo);
	else if ((unsigned)__builtin_popcount(set) < budget)
		best = 1 + optimum(trace, n, budget, at + 1, set | page, memo);
	else
		for (q = 0; q < TINY_PAGES; q++) {
			unsigned f;

			if (!(set & 1u << q))
				continue;
			f = 1 + optimum(trace, n, budget, at + 1,
			    (set & ~(1u << q)) | page, memo);
			if (f < best)
				best = f;
		}
	memo[at][set] = best;
	return best;
}

/* Tests ----------------------------------------------------------------- */

struct evictions {
	uint32_t	last;
	uint64_t	count;
};

static void
note_eviction(void *context, uint32_t page)
{
	struct evictions *ev = context;

	ev->last = page;
	ev->count++;
}

/*
 * CLOCK and FIFO, fault for fault and victim for victim, over phases and
 * operations (which reset the model's shortcut for the page just used).
 */
START_TEST(matches_naive)
{
	static const enum policy policies[] = { POLICY_CLOCK, POLICY_FIFO,
	    POLICY_LRU };
	static const unsigned budgets[] = { 1, 2, 3, 5, 8, 13, 31 };
	static uint32_t trace[ACCESSES];
	enum policy policy = policies[_i];
	size_t b, i;

	random_trace(trace, ACCESSES, PAGES, 7 + (uint64_t)_i);
	for (b = 0; b < sizeof(budgets) / sizeof(budgets[0]); b++) {
		struct vmsim *vm = model(PAGES, budgets[b], policy);
		struct evictions ev = { VMSIM_NONE, 0 };
		struct naive nv;
		uint64_t before = 0;

		naive_init(&nv, policy, budgets[b]);
		vmsim_on_evict(vm, note_eviction, &ev);
		for (i = 0; i < ACCESSES; i++) {
			uint64_t evicted = ev.count;
			bool full = nv.count == nv.budget, fault;

			if (i > 0 && i % PHASE_LENGTH == 0) {
				before = nv.faults;
				vmsim_phase(vm, NULL);
			}
			vmsim_access(vm, trace[i]);
			fault = naive_access(&nv, trace[i]);
			need(vm->faults == nv.faults - before, "%s, budget %u, "
			    "access %zu: model %llu faults, naive %llu",
			    policy_names[policy], budgets[b], i,
			    (unsigned long long)vm->faults,
			    (unsigned long long)(nv.faults - before));
			need(fault && full ? ev.count == evicted + 1 &&
			    ev.last == nv.victim : ev.count == evicted,
			    "%s, budget %u, access %zu: evicted %u, naive %u",
			    policy_names[policy], budgets[b], i, ev.last,
			    nv.victim);
			if (i % OP_LENGTH == 0)
				vmsim_op_end(vm);
		}
		vmsim_destroy(vm);
	}
}
END_TEST

/* OPT is the optimum: exhaustive search agrees on tiny traces. */
START_TEST(opt_is_optimal)
{
	static unsigned memo[TINY_LENGTH + 1][1u << TINY_PAGES];
	uint32_t trace[TINY_LENGTH];
	unsigned t;

	for (t = 0; t < TINY_TRACES; t++) {
		uint64_t rng = 1000 + t;
		uint32_t pages = 2 + (uint32_t)prng_below(&rng, TINY_PAGES - 1);
		size_t n = 8 + (size_t)prng_below(&rng, TINY_LENGTH - 7), i;
		unsigned budget;

		for (i = 0; i < n; i++)
			trace[i] = (uint32_t)prng_below(&rng, pages);
		for (budget = 1; budget <= pages; budget++) {
			uint64_t opt = model_faults(POLICY_OPT, budget, trace, n,
			    pages);
			unsigned best;

			memset(memo, 0xff, sizeof(memo));
			best = optimum(trace, n, budget, 0, 0, memo);
			need(opt == best, "trace %u (%zu accesses, %u pages), "
			    "budget %u: opt %llu faults, the optimum %u", t, n,
			    pages, budget, (unsigned long long)opt, best);
		}
	}
}
END_TEST

/* OPT is the floor of every policy, at every budget of random traces. */
START_TEST(opt_is_the_floor)
{
	static uint32_t trace[ACCESSES];
	unsigned budget, seed;

	for (seed = 0; seed < 3; seed++) {
		random_trace(trace, ACCESSES, PAGES, 100 + seed);
		for (budget = 1; budget <= PAGES; budget++) {
			uint64_t opt = model_faults(POLICY_OPT, budget, trace,
			    ACCESSES, PAGES);
			enum policy p;

			for (p = POLICY_LRU; p < POLICY_OPT; p++) {
				uint64_t other = model_faults(p, budget, trace,
				    ACCESSES, PAGES);

				need(opt <= other, "seed %u, budget %u: opt %llu "
				    "faults, %s %llu", seed, budget,
				    (unsigned long long)opt, policy_names[p],
				    (unsigned long long)other);
			}
		}
	}
}
END_TEST

START_TEST(belady_anomaly)
{
	static const uint32_t classic[] = { 1, 2, 3, 4, 1, 2, 5, 1, 2, 3, 4,
	    5 };
	static uint32_t trace[ACCESSES];
	size_t n = sizeof(classic) / sizeof(classic[0]);
	enum policy stack[] = { POLICY_LRU, POLICY_OPT };
	unsigned budget, k;

	ck_assert_uint_eq(model_faults(POLICY_FIFO, 3, classic, n, 6), 9);
	ck_assert_uint_eq(model_faults(POLICY_FIFO, 4, classic, n, 6), 10);
	/* Stack algorithms: more frames, never more faults. */
	random_trace(trace, ACCESSES, PAGES, 42);
	for (k = 0; k < 2; k++) {
		uint64_t classic_before = ~0ull, before = ~0ull;

		for (budget = 1; budget <= PAGES; budget++) {
			uint64_t c = budget <= 5 ? model_faults(stack[k],
			    budget, classic, n, 6) : 0;
			uint64_t f = model_faults(stack[k], budget, trace,
			    ACCESSES, PAGES);

			need(c <= classic_before && f <= before, "%s: budget "
			    "%u takes more faults than budget %u",
			    policy_names[stack[k]], budget, budget - 1);
			classic_before = budget <= 5 ? c : 0;
			before = f;
		}
	}
}
END_TEST

/* bheapsim's traces -------------------------------------------------- */

struct trace_file {
	uint32_t	resident[TRACE_PAGES];
	size_t		nresident;
	uint32_t	*accesses;
	size_t		naccesses;
};

/* "resident heap 3", "heap 3", "items 3": heap pages, then item pages. */
static void
read_trace(struct trace_file *tf, const char *path)
{
	char line[128];
	size_t cap = 1 << 16;
	struct trace_line t;
	FILE *f = fopen(path, "r");

	ck_assert_ptr_nonnull(f);
	memset(tf, 0, sizeof(*tf));
	tf->accesses = malloc(cap * sizeof(*tf->accesses));
	ck_assert_ptr_nonnull(tf->accesses);
	while (fgets(line, sizeof(line), f) != NULL) {
		ck_assert_msg(trace_parse(line, &t), "'%s' is no trace line",
		    line);
		if (t.cached)
			continue;
		ck_assert(t.arena == TRACE_HEAP);
		ck_assert_uint_lt(t.page, TRACE_PAGES);
		if (t.resident) {
			tf->resident[tf->nresident++] = (uint32_t)t.page;
			continue;
		}
		if (tf->naccesses == cap) {
			cap *= 2;
			tf->accesses = realloc(tf->accesses,
			    cap * sizeof(*tf->accesses));
			ck_assert_ptr_nonnull(tf->accesses);
		}
		tf->accesses[tf->naccesses++] = (uint32_t)t.page;
	}
	fclose(f);
}

/* A run's traced phase and its modeled faults. */
static uint64_t
traced_run(struct trace_file *tf, const char *policy, const char *path)
{
	struct outcome o;
	uint64_t faults = 0;
	char *line;

	run(&o, "--items", "30000", "--ops", "3000", "--resident", "6",
	    "--layout", "binheap", "--workload", "replace", "--policy", policy,
	    "--trace", path, "--format", "csv", NULL);
	expect_success(&o);
	/* sim_faults is the 12th field; the one row is the second line. */
	line = strchr(o.out.data, '\n');
	ck_assert_ptr_nonnull(line);
	ck_assert_int_eq(sscanf(line + 1, "%*[^,],%*[^,],%*[^,],%*[^,],"
	    "%*[^,],%*[^,],%*[^,],%*[^,],%*[^,],%*[^,],%*[^,],%llu",
	    (unsigned long long *)&faults), 1);
	outcome_free(&o);
	read_trace(tf, path);
	return faults;
}

/*
 * A trace replays: its resident lines loaded in order into an empty set
 * give every policy the run's starting set, and then OPT takes no more
 * faults than the others; the opt run's own count is its replay's.
 */
START_TEST(opt_floor_on_traces)
{
	static const char *const runs[] = { "lru", "opt" };
	char dir[PATH_MAX], path[PATH_MAX];
	struct trace_file tf;
	unsigned r;

	scratch_make(dir);
	path_in(path, sizeof(path), dir, "trace.txt");
	for (r = 0; r < 2; r++) {
		uint64_t reported = traced_run(&tf, runs[r], path), opt;
		struct vmsim *vm = model(TRACE_PAGES, 6, POLICY_OPT);
		enum policy p;

		ck_assert_uint_gt(tf.naccesses, 1000);
		ck_assert_uint_le(tf.nresident, 6);
		model_phase(vm, tf.resident, tf.nresident);
		vmsim_phase(vm, NULL);
		opt = model_phase(vm, tf.accesses, tf.naccesses);
		vmsim_destroy(vm);
		if (r == 1)
			ck_assert_uint_eq(opt, reported);
		for (p = POLICY_LRU; p < POLICY_OPT; p++) {
			static struct naive nv;
			uint64_t before;
			size_t i;

			naive_init(&nv, p, 6);
			for (i = 0; i < tf.nresident; i++)
				naive_access(&nv, tf.resident[i]);
			before = nv.faults;
			for (i = 0; i < tf.naccesses; i++)
				naive_access(&nv, tf.accesses[i]);
			ck_assert_msg(opt <= nv.faults - before, "%s's trace: opt "
			    "%llu faults, %s %llu", runs[r],
			    (unsigned long long)opt, policy_names[p],
			    (unsigned long long)(nv.faults - before));
			if (r == 0 && p == POLICY_LRU)
				ck_assert_uint_eq(nv.faults - before, reported);
		}
		free(tf.accesses);
	}
	scratch_remove(dir);
}
END_TEST

Suite *
policy_suite(void)
{
	Suite *suite = suite_create("policy");
	TCase *tc = tcase_create("models");

	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, matches_naive, 0, 3);
	tcase_add_test(tc, opt_is_optimal);
	tcase_add_test(tc, opt_is_the_floor);
	tcase_add_test(tc, belady_anomaly);
	suite_add_tcase(suite, tc);
	tc = tcase_create("traces");
	tcase_add_unchecked_fixture(tc, root_make, root_sweep);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, opt_floor_on_traces);
	suite_add_tcase(suite, tc);
	return suite;
}
