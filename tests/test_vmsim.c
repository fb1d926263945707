/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_vmsim.c: the LRU page model against a naive LRU.
 *
 * The naive model keeps a last-use time per page and evicts by scanning
 * for the oldest: slow, and obviously right.  Both see the same random
 * traces, with locality (a random walk) and without (jumps), and must
 * agree on every fault, on the pages touched per phase, and on the
 * resident set, which the model writes at the start of a traced phase.
 * A run of 100,000 accesses fills LRU's list of uses (pagelru.c) many
 * times over, so its compaction is compared too; up to VMSIM_FRAMES
 * pages, LRU's frames (pagesmall.c), whose ticks run out as often, are
 * compared with and without the host's vectors against a list searched
 * from the top, victim by victim.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prng.h"
#include "tests.h"
#include "kernel.h"
#include "vmsim.h"

/* Parameters -------------------------------------------------------- */

#define HEAP_PAGES	120
#define ITEM_PAGES	180
#define PAGES		(HEAP_PAGES + ITEM_PAGES)
#define ACCESSES	100000
#define PHASES		4

struct naive {
	uint64_t	last_use[PAGES];	/* 0: not resident */
	uint64_t	now;
	unsigned	budget;
	unsigned	resident;
	uint64_t	faults;
	bool		touched[PAGES];
	uint64_t	distinct;
};

static void
naive_access(struct naive *lru, unsigned page)
{
	lru->now++;
	if (!lru->touched[page]) {
		lru->touched[page] = true;
		lru->distinct++;
	}
	if (lru->last_use[page] == 0) {
		lru->faults++;
		if (lru->resident == lru->budget) {
			unsigned victim = PAGES, p;

			for (p = 0; p < PAGES; p++)
				if (lru->last_use[p] != 0 && (victim == PAGES ||
				    lru->last_use[p] < lru->last_use[victim]))
					victim = p;
			lru->last_use[victim] = 0;
		} else {
			lru->resident++;
		}
	}
	lru->last_use[page] = lru->now;
}

static void
naive_phase(struct naive *lru)
{
	lru->faults = 0;
	lru->distinct = 0;
	memset(lru->touched, 0, sizeof(lru->touched));
}

/* The naive resident set as the model's trace writes it, oldest first. */
static char *
naive_resident_text(const struct naive *lru)
{
	char *text = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&text, &size);
	uint64_t after = 0;
	unsigned n;

	ck_assert_ptr_nonnull(f);
	for (n = 0; n < lru->resident; n++) {
		unsigned p, next = PAGES;

		for (p = 0; p < PAGES; p++)
			if (lru->last_use[p] > after && (next == PAGES ||
			    lru->last_use[p] < lru->last_use[next]))
				next = p;
		after = lru->last_use[next];
		if (next < HEAP_PAGES)
			fprintf(f, "resident heap %u\n", next);
		else
			fprintf(f, "resident items %u\n", next - HEAP_PAGES);
	}
	fclose(f);
	return text;
}

static char *
model_resident_text(struct vmsim *vm)
{
	char *text = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&text, &size);

	ck_assert_ptr_nonnull(f);
	vmsim_phase(vm, f);
	vmsim_phase(vm, NULL);
	fclose(f);
	return text;
}

/* Half the time a short step from the last page, else anywhere. */
static unsigned
next_page(uint64_t *rng, unsigned page)
{
	if (prng_next(rng) & 1)
		return (unsigned)prng_below(rng, PAGES);
	return (page + PAGES - 3 + (unsigned)prng_below(rng, 7)) % PAGES;
}

static void
compare(unsigned budget, uint64_t seed)
{
	struct vmsim *vm = vmsim_create(HEAP_PAGES, ITEM_PAGES, budget);
	struct naive *lru = calloc(1, sizeof(*lru));
	uint64_t rng = seed;
	unsigned page = 0, phase, i;

	ck_assert_ptr_nonnull(vm);
	ck_assert_ptr_nonnull(lru);
	lru->budget = budget;
	for (phase = 0; phase < PHASES; phase++) {
		char *expected = naive_resident_text(lru);
		char *got = model_resident_text(vm);

		ck_assert_str_eq(got, expected);
		free(expected);
		free(got);
		vmsim_phase(vm, NULL);
		naive_phase(lru);
		for (i = 0; i < ACCESSES / PHASES; i++) {
			page = next_page(&rng, page);
			vmsim_access(vm, page);
			naive_access(lru, page);
			/* Repeats exercise the most-recent shortcut. */
			if (i % 5 == 0) {
				vmsim_access(vm, page);
				naive_access(lru, page);
			}
		}
		ck_assert_uint_eq(vmsim_counts(vm).faults, lru->faults);
		ck_assert_uint_eq(vmsim_counts(vm).distinct, lru->distinct);
	}
	ck_assert_uint_le(lru->resident, budget);
	free(lru);
	vmsim_destroy(vm);
}

/* Counts the evictions a model reports. */
static void
count_eviction(void *context, uint32_t page)
{
	(void)page;
	++*(uint64_t *)context;
}

static void
same_counts(const struct vmsim *a, const struct vmsim *b)
{
	struct vmsim_counts x = vmsim_counts(a), y = vmsim_counts(b);

	ck_assert_uint_eq(x.accesses, y.accesses);
	ck_assert_uint_eq(x.faults, y.faults);
	ck_assert_uint_eq(x.distinct, y.distinct);
	ck_assert_mem_eq(&x.faults_per_op, &y.faults_per_op,
	    sizeof(x.faults_per_op));
	ck_assert_mem_eq(&x.pages_per_op, &y.pages_per_op,
	    sizeof(x.pages_per_op));
}

/*
 * vmsim_take() in runs of 0 to 40 addresses between operations' ends
 * against vmsim_access() one by one, for a policy and budget, told of
 * evictions or not: the same counts, distributions, evictions and
 * resident set, phase after phase; under LRU, the naive LRU's too.
 */
static void
take_matches_access(enum policy policy, unsigned budget, bool evict,
    uint64_t seed)
{
	enum { SHIFT = 12, RUN = 40 };
	struct vmsim *one = vmsim_create(HEAP_PAGES, ITEM_PAGES, budget);
	struct vmsim *batch = vmsim_create(HEAP_PAGES, ITEM_PAGES, budget);
	struct naive *lru = calloc(1, sizeof(*lru));
	uint64_t rng = seed, address[RUN], evicted[2] = { 0, 0 };
	unsigned page = 0, phase, op, i;

	ck_assert(one != NULL && batch != NULL && lru != NULL);
	ck_assert_int_eq(vmsim_set_policy(one, policy), 0);
	ck_assert_int_eq(vmsim_set_policy(batch, policy), 0);
	if (evict) {
		vmsim_on_evict(one, count_eviction, &evicted[0]);
		vmsim_on_evict(batch, count_eviction, &evicted[1]);
	}
	lru->budget = budget;
	for (phase = 0; phase < PHASES; phase++) {
		char *expected = model_resident_text(one);
		char *got = model_resident_text(batch);

		ck_assert_str_eq(got, expected);
		if (policy == POLICY_LRU) {
			free(expected);
			expected = naive_resident_text(lru);
			ck_assert_str_eq(got, expected);
		}
		free(expected);
		free(got);
		vmsim_phase(one, NULL);
		vmsim_phase(batch, NULL);
		naive_phase(lru);
		for (op = 0; op < ACCESSES / PHASES / RUN; op++) {
			unsigned n = (unsigned)prng_below(&rng, RUN + 1);

			for (i = 0; i < n; i++) {
				/* Repeats exercise the most-recent shortcut. */
				if (prng_below(&rng, 4) != 0)
					page = next_page(&rng, page);
				address[i] = ((uint64_t)page << SHIFT) +
				    prng_below(&rng, 1u << SHIFT);
				vmsim_access(one, page);
				naive_access(lru, page);
			}
			vmsim_take(batch, address, n, SHIFT);
			vmsim_op_end(one);
			vmsim_op_end(batch);
		}
		ck_assert_int_eq(vmsim_phase_end(one), 0);
		ck_assert_int_eq(vmsim_phase_end(batch), 0);
		same_counts(one, batch);
		if (policy == POLICY_LRU)
			ck_assert_uint_eq(vmsim_counts(batch).faults,
			    lru->faults);
	}
	ck_assert_uint_eq(evicted[0], evicted[1]);
	ck_assert(!evict || budget == PAGES || evicted[0] > 0);
	free(lru);
	vmsim_destroy(one);
	vmsim_destroy(batch);
}

/* An LRU list, most recent first: each access searched from the top. */
struct lru_list {
	unsigned	page[PAGES];
	unsigned	resident;
	unsigned	budget;
	uint64_t	faults;
	uint64_t	victims;	/* a hash of the victims in order */
};

static void
list_access(struct lru_list *l, unsigned page)
{
	unsigned at;

	for (at = 0; at < l->resident && l->page[at] != page; at++)
		continue;
	if (at == l->resident) {
		l->faults++;
		if (l->resident == l->budget)
			l->victims = l->victims * 31 + l->page[--at];
		else
			l->resident++;
	}
	memmove(&l->page[1], &l->page[0], at * sizeof(l->page[0]));
	l->page[0] = page;
}

/* The list's resident set as the model's trace writes it, oldest first. */
static char *
list_resident_text(const struct lru_list *l)
{
	char *text = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&text, &size);
	unsigned at;

	ck_assert_ptr_nonnull(f);
	for (at = l->resident; at-- > 0;)
		if (l->page[at] < HEAP_PAGES)
			fprintf(f, "resident heap %u\n", l->page[at]);
		else
			fprintf(f, "resident items %u\n",
			    l->page[at] - HEAP_PAGES);
	fclose(f);
	return text;
}

/* The two models' resident sets are the list's. */
static void
same_resident(const struct lru_list *l, struct vmsim *vm[2])
{
	char *expected = list_resident_text(l);
	unsigned m;

	for (m = 0; m < 2; m++) {
		char *got = model_resident_text(vm[m]);

		ck_assert_str_eq(got, expected);
		free(got);
	}
	free(expected);
}

/* Hashes the victims a model reports, as list_access() does. */
static void
hash_eviction(void *context, uint32_t page)
{
	uint64_t *hash = context;

	*hash = *hash * 31 + page;
}

/*
 * LRU at a budget, with its victims found by the host's vectors and in
 * C, against the list: operations of 0 to 40 accesses, each taken as a
 * batch or one by one, the same for both; the same faults, victims and
 * resident set, least recent first, at every phase.
 */
static void
frames_match_list(unsigned budget, uint64_t seed)
{
	enum { SHIFT = 12, RUN = 40 };
	struct vmsim *vm[2];
	struct lru_list *l = calloc(1, sizeof(*l));
	uint64_t rng = seed, address[RUN], hash[2] = { 0, 0 };
	unsigned page = 0, phase, op, i, m;

	ck_assert_ptr_nonnull(l);
	l->budget = budget;
	for (m = 0; m < 2; m++) {
		vm[m] = vmsim_create(HEAP_PAGES, ITEM_PAGES, budget);
		ck_assert_ptr_nonnull(vm[m]);
		vmsim_on_evict(vm[m], hash_eviction, &hash[m]);
	}
	vmsim_small_portable(vm[1]);
	for (phase = 0; phase < PHASES; phase++) {
		same_resident(l, vm);
		for (op = 0; op < ACCESSES / PHASES / RUN; op++) {
			unsigned n = (unsigned)prng_below(&rng, RUN + 1);
			bool batch = prng_next(&rng) & 1;

			for (i = 0; i < n; i++) {
				if (prng_below(&rng, 4) != 0)
					page = next_page(&rng, page);
				address[i] = (uint64_t)page << SHIFT;
				list_access(l, page);
				for (m = 0; m < 2 && !batch; m++)
					vmsim_access(vm[m], page);
			}
			for (m = 0; m < 2; m++) {
				if (batch)
					vmsim_take(vm[m], address, n, SHIFT);
				vmsim_op_end(vm[m]);
			}
		}
		for (m = 0; m < 2; m++) {
			ck_assert_uint_eq(vmsim_counts(vm[m]).faults,
			    l->faults);
			ck_assert_uint_eq(hash[m], l->victims);
		}
		l->faults = 0;
		same_counts(vm[0], vm[1]);
	}
	same_resident(l, vm);
	free(l);
	vmsim_destroy(vm[0]);
	vmsim_destroy(vm[1]);
}

/* Tests -------------------------------------------------------------- */

START_TEST(lru_matches_naive)
{
	static const unsigned budgets[] = { 1, 2, 3, 7, 16, 64, 299, 300 };

	compare(budgets[_i], 1000 + (uint64_t)_i);
}
END_TEST

/* Every policy, budgets of 1, 10 and every page, evictions told or not. */
START_TEST(take_matches_naive)
{
	static const unsigned budgets[] = { 1, 10, PAGES };

	take_matches_access((enum policy)(_i % POLICY_COUNT),
	    budgets[_i / POLICY_COUNT % 3], _i / POLICY_COUNT / 3 != 0,
	    77 + (uint64_t)_i);
}
END_TEST

/* Every budget in frames, and the first past them. */
START_TEST(frames_match_naive)
{
	frames_match_list((unsigned)_i + 1, 500 + (uint64_t)_i);
}
END_TEST

START_TEST(accesses_are_counted)
{
	struct vmsim *vm = vmsim_create(4, 0, 2);
	struct vmsim_counts counts;

	ck_assert_ptr_nonnull(vm);
	vmsim_phase(vm, NULL);
	vmsim_access(vm, 0);
	vmsim_access(vm, 0);
	vmsim_access(vm, 1);
	vmsim_access(vm, 2);	/* evicts 0 */
	vmsim_access(vm, 0);	/* faults again, evicts 1 */
	vmsim_access(vm, 2);
	counts = vmsim_counts(vm);
	ck_assert_uint_eq(counts.accesses, 6);
	ck_assert_uint_eq(counts.faults, 4);
	ck_assert_uint_eq(counts.distinct, 3);
	vmsim_phase(vm, NULL);
	vmsim_access(vm, 2);
	counts = vmsim_counts(vm);
	ck_assert_uint_eq(counts.accesses, 1);
	ck_assert_uint_eq(counts.faults, 0);
	ck_assert_uint_eq(counts.distinct, 1);
	vmsim_destroy(vm);
}
END_TEST

/* Four operations with known faults and pages: 1, 3, 0 and 2 faults. */
START_TEST(per_operation_distribution)
{
	struct vmsim *vm = vmsim_create(8, 0, 3);
	struct vmsim_counts counts;

	ck_assert_ptr_nonnull(vm);
	vmsim_phase(vm, NULL);
	vmsim_access(vm, 0);		/* 1 fault, 1 page */
	vmsim_op_end(vm);
	vmsim_access(vm, 0);		/* 3 faults, 4 pages; evicts 0 */
	vmsim_access(vm, 1);
	vmsim_access(vm, 2);
	vmsim_access(vm, 3);
	vmsim_access(vm, 3);
	vmsim_op_end(vm);
	vmsim_access(vm, 3);		/* 0 faults, 1 page: the MRU page */
	vmsim_op_end(vm);
	vmsim_access(vm, 0);		/* 2 faults, 2 pages */
	vmsim_access(vm, 4);
	vmsim_op_end(vm);
	counts = vmsim_counts(vm);
	ck_assert_uint_eq(counts.faults, 6);
	ck_assert_uint_eq(counts.faults_per_op.min, 0);
	ck_assert_uint_eq(counts.faults_per_op.median, 1);
	ck_assert_uint_eq(counts.faults_per_op.p99, 3);
	ck_assert_uint_eq(counts.faults_per_op.max, 3);
	ck_assert_uint_eq(counts.pages_per_op.min, 1);
	ck_assert_uint_eq(counts.pages_per_op.median, 1);
	ck_assert_uint_eq(counts.pages_per_op.p99, 4);
	ck_assert_uint_eq(counts.pages_per_op.max, 4);
	/* A new phase starts new distributions. */
	vmsim_phase(vm, NULL);
	counts = vmsim_counts(vm);
	ck_assert_uint_eq(counts.faults_per_op.max, 0);
	ck_assert_uint_eq(counts.pages_per_op.max, 0);
	vmsim_destroy(vm);
}
END_TEST

START_TEST(refuses_impossible_models)
{
	ck_assert_ptr_null(vmsim_create(4, 0, 0));
	ck_assert_ptr_null(vmsim_create(UINT32_MAX, 1, 10));
}
END_TEST

START_TEST(kernel_figures)
{
	struct kernel_sample sample;
	struct statm_kib statm;

	kernel_sample(&sample);
	ck_assert_uint_gt(sample.maxrss_kib, 0);
	ck_assert_int_eq(kernel_statm(&statm), 0);
	ck_assert_uint_gt(statm.vsz, 0);
	ck_assert_uint_ge(statm.vsz, statm.rss);
}
END_TEST

Suite *
vmsim_suite(void)
{
	Suite *suite = suite_create("vmsim");
	TCase *tc = tcase_create("lru");

	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, lru_matches_naive, 0, 8);
	tcase_add_loop_test(tc, take_matches_naive, 0, POLICY_COUNT * 3 * 2);
	tcase_add_loop_test(tc, frames_match_naive, 0, VMSIM_FRAMES + 1);
	tcase_add_test(tc, accesses_are_counted);
	tcase_add_test(tc, per_operation_distribution);
	tcase_add_test(tc, refuses_impossible_models);
	tcase_add_test(tc, kernel_figures);
	suite_add_tcase(suite, tc);
	return suite;
}
