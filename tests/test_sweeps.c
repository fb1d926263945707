/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_sweeps.c: the program's curves, parallel runs and shards, from
 * outside.
 *
 * A --resident all trace starts with the whole LRU stack; a list searched
 * from the top (written here, apart from stackdist.c) gives every
 * access's stack distance, and from their histogram the faults of every
 * budget, which must be the report's row for that budget.  An LRU of a
 * few budgets replays the same trace to the same faults.  --jobs 2 must
 * give the rows --jobs 1 gives, and shards together the unsharded rows.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests.h"

/* Parameters -------------------------------------------------------- */

#define MAX_PAGES	4096		/* of one trace */

/*
 * The columns a model decides: equal whatever --jobs, and but for the
 * caches' (this machine's geometry) whatever the machine.
 */
static const char *const model_columns[] = {
	"layout", "model", "workload", "items", "ops", "resident_pages",
	"accesses", "sim_faults", "faults_per_op", "pages_touched",
	"faults_per_op_min", "faults_per_op_p50", "faults_per_op_p99",
	"faults_per_op_max", "pages_per_op_min", "pages_per_op_p50",
	"pages_per_op_p99", "pages_per_op_max", "policy", "cache", "tlb",
	"l1_misses", "l2_misses", "llc_misses", "tlb_misses",
};
#define NMODEL_COLUMNS (sizeof(model_columns) / sizeof(model_columns[0]))

/* A row's model columns, as one string, for comparing and sorting. */
static void
model_key(const struct table *t, size_t row, char *key, size_t size)
{
	size_t c, n = 0;

	for (c = 0; c < NMODEL_COLUMNS; c++)
		n += (size_t)snprintf(key + n, size - n, "%s,",
		    table_get(t, row, model_columns[c]));
	ck_assert_uint_lt(n, size);
}

static void
run_to(const char *path, const char *const args[])
{
	const char *argv[MAX_ARGS + 1];
	struct outcome o;
	size_t n = 0;

	while (args[n] != NULL) {
		ck_assert_uint_lt(n + 2, MAX_ARGS);
		argv[n] = args[n];
		n++;
	}
	argv[n++] = "--output";
	argv[n++] = path;
	argv[n] = NULL;
	run_argv(&o, argv);
	expect_success(&o);
	outcome_free(&o);
}

/* The naive stack ------------------------------------------------------ */

/*
 * A trace line's page, of either arena, as one number, and its kind;
 * false for a line of the caches' contents.
 */
static bool
trace_page(const char *line, bool *resident, uint64_t *page)
{
	struct trace_line t;

	ck_assert_msg(trace_parse(line, &t), "'%s' is no trace line", line);
	*resident = t.resident;
	*page = t.page * 2 + t.arena;
	return !t.cached;
}

struct stack_replay {
	uint64_t	stack[MAX_PAGES];	/* most recent first */
	size_t		depth;
	uint64_t	hist[MAX_PAGES + 2];	/* by distance; [0]: cold */
	uint64_t	accesses;
};

/* Moves page to the top; returns its distance, 0 for a first touch. */
static size_t
push(struct stack_replay *s, uint64_t page)
{
	size_t i, distance;

	for (i = 0; i < s->depth && s->stack[i] != page; i++)
		continue;
	distance = i < s->depth ? i + 1 : 0;
	if (i == s->depth) {
		ck_assert_uint_lt(s->depth, MAX_PAGES);
		s->depth++;
	}
	memmove(&s->stack[1], &s->stack[0], i * sizeof(s->stack[0]));
	s->stack[0] = page;
	return distance;
}

static void
naive_histogram(const char *path, struct stack_replay *s)
{
	char line[64];
	FILE *f = fopen(path, "r");

	ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
	memset(s, 0, sizeof(*s));
	while (fgets(line, sizeof(line), f) != NULL) {
		bool resident;
		uint64_t page;

		if (!trace_page(line, &resident, &page))
			continue;

		if (resident) {
			ck_assert_msg(s->accesses == 0, "a resident page after "
			    "the accesses began");
			/* Least recent first: each goes on top. */
			push(s, page);
			continue;
		}
		s->hist[push(s, page)]++;
		s->accesses++;
	}
	fclose(f);
}

/* Faults of an LRU of `budget` pages: first touches and deeper pages. */
static uint64_t
naive_faults(const struct stack_replay *s, uint64_t budget)
{
	uint64_t faults = s->hist[0];
	size_t d;

	for (d = (size_t)budget + 1; d <= MAX_PAGES; d++)
		faults += s->hist[d];
	return faults;
}

/* An LRU of `budget` pages, the trace's stack loaded first. */
static uint64_t
lru_replay(const char *path, uint64_t budget)
{
	static struct stack_replay s;
	uint64_t faults = 0;
	char line[64];
	FILE *f = fopen(path, "r");

	ck_assert_ptr_nonnull(f);
	s.depth = 0;
	while (fgets(line, sizeof(line), f) != NULL) {
		bool resident;
		uint64_t page;
		size_t i;

		if (!trace_page(line, &resident, &page))
			continue;

		for (i = 0; i < s.depth && s.stack[i] != page; i++)
			continue;
		if (!resident && i == s.depth)
			faults++;
		/* Evict from the bottom: the least recently used. */
		if (i == s.depth && s.depth == budget)
			i = --s.depth;
		if (i == s.depth)
			s.depth++;
		memmove(&s.stack[1], &s.stack[0], i * sizeof(s.stack[0]));
		s.stack[0] = page;
	}
	fclose(f);
	return faults;
}

/* Tests ------------------------------------------------------------------ */

static const struct curve_case {
	const char	*layout;
	const char	*model;
	const char	*workload;
} curve_cases[] = {
	{ "binheap", "array", "replace" },
	{ "bheap", "array", "replace" },
	{ "binheap", "full", "mix" },
	{ "bheap", "full", "mix" },
	{ "dary", "full", "reorder" },
};

#define NCURVE (sizeof(curve_cases) / sizeof(curve_cases[0]))

START_TEST(curve_trace_matches_naive_stack)
{
	const struct curve_case *c = &curve_cases[_i];
	static struct stack_replay s;
	char dir[PATH_MAX], trace[PATH_MAX], csv[PATH_MAX];
	struct table t;
	uint64_t footprint = 0;
	size_t row;

	scratch_make(dir);
	path_in(trace, sizeof(trace), dir, "t.txt");
	path_in(csv, sizeof(csv), dir, "c.csv");
	run_to(csv, (const char *const[]){ "--items", "20000", "--ops",
	    "3000", "--page-size", "1024", "--layout", c->layout, "--model",
	    c->model, "--workload", c->workload, "--resident", "all",
	    "--trace", trace, NULL });
	table_read(&t, csv);
	naive_histogram(trace, &s);
	ck_assert_uint_gt(t.nrows, 100);
	for (row = 0; row < t.nrows; row++) {
		uint64_t budget = table_get_u64(&t, row, "resident_pages");

		ck_assert_uint_eq(budget, row + 1);
		ck_assert_uint_eq(table_get_u64(&t, row, "accesses"), s.accesses);
		need(table_get_u64(&t, row, "sim_faults") == naive_faults(&s, budget),
		    "%s %s %s, budget %" PRIu64 ": the report has %" PRIu64
		    " faults, the naive stack %" PRIu64, c->layout, c->model,
		    c->workload, budget, table_get_u64(&t, row, "sim_faults"),
		    naive_faults(&s, budget));
	}
	footprint = t.nrows;
	{
		const uint64_t budgets[] = { 1, 2, 7, footprint / 2,
		    footprint - 1, footprint };
		size_t i;

		for (i = 0; i < sizeof(budgets) / sizeof(budgets[0]); i++)
			ck_assert_msg(lru_replay(trace, budgets[i]) ==
			    table_get_u64(&t, budgets[i] - 1, "sim_faults"),
			    "budget %" PRIu64 ": an LRU replays the trace to "
			    "%" PRIu64 " faults, the report says %" PRIu64,
			    budgets[i], lru_replay(trace, budgets[i]),
			    table_get_u64(&t, budgets[i] - 1, "sim_faults"));
	}
	table_free(&t);
	scratch_remove(dir);
}
END_TEST

static int
by_string(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The model columns of every row of the files, sorted: a multiset. */
static char **
row_keys(const char *const paths[], size_t npaths, size_t *count)
{
	char **keys = NULL;
	size_t n = 0, p, r;

	for (p = 0; p < npaths; p++) {
		struct table t;

		table_read(&t, paths[p]);
		keys = realloc(keys, (n + t.nrows) * sizeof(*keys));
		ck_assert_ptr_nonnull(keys);
		for (r = 0; r < t.nrows; r++) {
			keys[n] = malloc(1024);
			ck_assert_ptr_nonnull(keys[n]);
			model_key(&t, r, keys[n++], 1024);
		}
		table_free(&t);
	}
	qsort(keys, n, sizeof(*keys), by_string);
	*count = n;
	return keys;
}

static void
same_rows(const char *const a[], size_t na, const char *const b[], size_t nb,
    bool in_order)
{
	struct table ta, tb;
	char **ka, **kb;
	size_t n, m, i;

	if (in_order) {
		char x[1024], y[1024];

		table_read(&ta, a[0]);
		table_read(&tb, b[0]);
		ck_assert_uint_eq(ta.nrows, tb.nrows);
		for (i = 0; i < ta.nrows; i++) {
			model_key(&ta, i, x, sizeof(x));
			model_key(&tb, i, y, sizeof(y));
			ck_assert_msg(strcmp(x, y) == 0, "row %zu: %s against "
			    "%s", i, x, y);
		}
		table_free(&ta);
		table_free(&tb);
		return;
	}
	ka = row_keys(a, na, &n);
	kb = row_keys(b, nb, &m);
	ck_assert_uint_eq(n, m);
	for (i = 0; i < n; i++) {
		ck_assert_msg(strcmp(ka[i], kb[i]) == 0, "%s against %s",
		    ka[i], kb[i]);
		free(ka[i]);
		free(kb[i]);
	}
	free(ka);
	free(kb);
}

#define SWEEP_ARGS "--items", "20000", "--ops", "3000", "--layout", \
	"binheap,bheap", "--workload", "replace,mix", "--sweep", \
	"resident=1..40:+3"

START_TEST(jobs_give_the_same_rows)
{
	char dir[PATH_MAX], one[PATH_MAX], two[PATH_MAX];

	scratch_make(dir);
	path_in(one, sizeof(one), dir, "one.csv");
	path_in(two, sizeof(two), dir, "two.csv");
	run_to(one, (const char *const[]){ SWEEP_ARGS, "--jobs", "1", NULL });
	run_to(two, (const char *const[]){ SWEEP_ARGS, "--jobs", "2", NULL });
	same_rows((const char *const[]){ one }, 1,
	    (const char *const[]){ two }, 1, true);
	/* A sweep of fixed budgets, one run per point, side by side too. */
	run_to(one, (const char *const[]){ "--sweep",
	    "items=5000,9000,20000", NULL });
	run_to(two, (const char *const[]){ "--sweep",
	    "items=5000,9000,20000", "--jobs", "3", NULL });
	same_rows((const char *const[]){ one }, 1,
	    (const char *const[]){ two }, 1, true);
	scratch_remove(dir);
}
END_TEST

/*
 * The models on a thread of their own (--pipeline, the default where a
 * second CPU is free) and in line (--no-pipeline): the same counts, the
 * page model's, the caches' and the TLB's, with a sweep of budgets too.
 */
START_TEST(pipeline_gives_the_same_rows)
{
	char dir[PATH_MAX], on[PATH_MAX], off[PATH_MAX];

#define PIPED_ARGS "--items", "20000", "--ops", "3000", "--layout", "all", \
	"--workload", "replace,mix", "--model", "full", "--cache", \
	"l1=32K/8,l2=1M/8,llc=8M/16", "--tlb", "64/4,1536/12"
	scratch_make(dir);
	path_in(on, sizeof(on), dir, "on.csv");
	path_in(off, sizeof(off), dir, "off.csv");
	run_to(on, (const char *const[]){ PIPED_ARGS, "--pipeline", NULL });
	run_to(off, (const char *const[]){ PIPED_ARGS, "--no-pipeline",
	    NULL });
	same_rows((const char *const[]){ on }, 1,
	    (const char *const[]){ off }, 1, true);
	run_to(on, (const char *const[]){ SWEEP_ARGS, "--pipeline", NULL });
	run_to(off, (const char *const[]){ SWEEP_ARGS, "--no-pipeline",
	    NULL });
	same_rows((const char *const[]){ on }, 1,
	    (const char *const[]){ off }, 1, true);
#undef PIPED_ARGS
	scratch_remove(dir);
}
END_TEST

START_TEST(shards_make_the_whole)
{
	char dir[PATH_MAX], whole[PATH_MAX], part[3][PATH_MAX];

	scratch_make(dir);
	path_in(whole, sizeof(whole), dir, "whole.csv");
	path_in(part[0], sizeof(part[0]), dir, "1.csv");
	path_in(part[1], sizeof(part[1]), dir, "2.csv");
	path_in(part[2], sizeof(part[2]), dir, "3.csv");
	run_to(whole, (const char *const[]){ SWEEP_ARGS, NULL });
	run_to(part[0], (const char *const[]){ SWEEP_ARGS, "--shard", "1/3",
	    NULL });
	run_to(part[1], (const char *const[]){ SWEEP_ARGS, "--shard", "2/3",
	    NULL });
	run_to(part[2], (const char *const[]){ SWEEP_ARGS, "--shard", "3/3",
	    NULL });
	same_rows((const char *const[]){ whole }, 1,
	    (const char *const[]){ part[0], part[1], part[2] }, 3, false);
	scratch_remove(dir);
}
END_TEST

/* A one-pass sweep gives what one fixed-budget run per point gives. */
START_TEST(sweep_pass_equals_fixed_runs)
{
	static const char *const budgets[] = { "1", "3", "8", "10", "33",
	    "40" };
	char dir[PATH_MAX], swept[PATH_MAX], fixed[6][PATH_MAX];
	const char *parts[6];
	size_t i;

	scratch_make(dir);
	path_in(swept, sizeof(swept), dir, "swept.csv");
	run_to(swept, (const char *const[]){ "--items", "20000", "--ops",
	    "3000", "--model", "full", "--workload", "all", "--sweep",
	    "resident=1,3,8,10,33,40", NULL });
	for (i = 0; i < 6; i++) {
		char name[16];

		snprintf(name, sizeof(name), "%s.csv", budgets[i]);
		path_in(fixed[i], sizeof(fixed[i]), dir, name);
		run_to(fixed[i], (const char *const[]){ "--items", "20000",
		    "--ops", "3000", "--model", "full", "--workload", "all",
		    "--resident", budgets[i], NULL });
		parts[i] = fixed[i];
	}
	same_rows((const char *const[]){ swept }, 1, parts, 6, false);
	scratch_remove(dir);
}
END_TEST

/*
 * Several policies over a resident sweep (LRU's points in one pass, the
 * others one run each) and a policy sweep give what one run per policy
 * and point gives, each row naming its policy.
 */
START_TEST(policies_equal_fixed_runs)
{
	static const char *const policies[] = { "lru", "clock", "fifo",
	    "opt" };
	static const char *const budgets[] = { "1", "4", "9" };
	char dir[PATH_MAX], swept[PATH_MAX], fixed[12][PATH_MAX];
	const char *parts[12];
	size_t p, b, n = 0;

	scratch_make(dir);
	path_in(swept, sizeof(swept), dir, "swept.csv");
	run_to(swept, (const char *const[]){ "--items", "20000", "--ops",
	    "3000", "--workload", "replace,mix", "--policy", "all", "--sweep",
	    "resident=1,4,9", "--jobs", "2", NULL });
	for (p = 0; p < 4; p++)
		for (b = 0; b < 3; b++) {
			char name[32];

			snprintf(name, sizeof(name), "%s-%s.csv", policies[p],
			    budgets[b]);
			path_in(fixed[n], sizeof(fixed[n]), dir, name);
			run_to(fixed[n], (const char *const[]){ "--items",
			    "20000", "--ops", "3000", "--workload",
			    "replace,mix", "--policy", policies[p],
			    "--resident", budgets[b], NULL });
			parts[n] = fixed[n];
			n++;
		}
	same_rows((const char *const[]){ swept }, 1, parts, n, false);
	/* The policy sweep is the same four runs at the default budget. */
	run_to(swept, (const char *const[]){ "--items", "20000", "--ops",
	    "3000", "--workload", "replace,mix", "--resident", "4",
	    "--sweep", "policy=opt,fifo,clock,lru", NULL });
	same_rows((const char *const[]){ swept }, 1, (const char *const[]){
	    fixed[1], fixed[4], fixed[7], fixed[10] }, 4, false);
	scratch_remove(dir);
}
END_TEST

Suite *
sweeps_suite(void)
{
	Suite *suite = suite_create("sweeps");
	TCase *tc = scratch_tcase("sweeps", 120);

	tcase_add_loop_test(tc, curve_trace_matches_naive_stack, 0, NCURVE);
	tcase_add_test(tc, jobs_give_the_same_rows);
	tcase_add_test(tc, pipeline_gives_the_same_rows);
	tcase_add_test(tc, shards_make_the_whole);
	tcase_add_test(tc, sweep_pass_equals_fixed_runs);
	tcase_add_test(tc, policies_equal_fixed_runs);
	suite_add_tcase(suite, tc);
	return suite;
}
