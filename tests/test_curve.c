/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_curve.c: one stack-distance pass of the real heaps against a
 * fixed-budget run per budget.
 *
 * LRU is a stack algorithm, so a pass that computes every access's stack
 * distance must give, for every budget, exactly the faults a run with
 * that budget takes, phase after phase (the resident set carries over).
 * Both runs here are workload_run() itself, in this process: every
 * layout, both models, every workload, at budgets 1, 2, the footprint,
 * the footprint - 1 and random ones between.
 */
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "prng.h"
#include "tests.h"
#include "workload.h"

/* Parameters -------------------------------------------------------- */

#define ITEMS		12000	/* 512-byte pages: 188 array, 563 item pages */
#define PAGE_BYTES	512
#define BUDGETS		24	/* at least 20, the issue says */
#define MAX_ROWS	(BUDGETS * WL_COUNT)

struct rows {
	struct result	row[MAX_ROWS];
	size_t		count;
};

static int
keep(const struct result *row, void *context)
{
	struct rows *rows = context;

	ck_assert_uint_lt(rows->count, MAX_ROWS);
	rows->row[rows->count++] = *row;
	return 0;
}

static void
base_config(struct config *config, enum model model, unsigned layout)
{
	config_defaults(config);
	config->items = ITEMS;
	config->ops = ITEMS;
	config->page_bytes = PAGE_BYTES;
	config->model = model;
	config->layouts = 1u << layout;
	config->workloads = (1u << WL_COUNT) - 1;
}

/* 1, 2, footprint - 1, footprint and random budgets between, ascending. */
static void
make_budgets(uint64_t *budget, uint64_t tracked, uint64_t seed)
{
	uint64_t rng = seed;
	size_t i;

	budget[0] = 1;
	budget[1] = 2;
	budget[2] = tracked - 1;
	budget[3] = tracked;
	for (i = 4; i < BUDGETS; i++)
		budget[i] = 3 + prng_below(&rng, tracked - 4);
}

static void
same_counts(const struct result *curve, const struct result *fixed,
    uint64_t budget)
{
	const char *wl = workload_names[fixed->workload];

	ck_assert_msg(curve->workload == fixed->workload, "budget %llu: "
	    "phases out of step", (unsigned long long)budget);
	ck_assert_msg(curve->models.sim.faults == fixed->models.sim.faults, "%s, budget "
	    "%llu: the curve has %llu faults, a fixed run %llu", wl,
	    (unsigned long long)budget, (unsigned long long)curve->models.sim.faults,
	    (unsigned long long)fixed->models.sim.faults);
	ck_assert_uint_eq(curve->models.sim.accesses, fixed->models.sim.accesses);
	ck_assert_uint_eq(curve->models.sim.distinct, fixed->models.sim.distinct);
	ck_assert_uint_eq(curve->ops, fixed->ops);
	if (!curve->models.distributions)
		return;
	ck_assert_msg(memcmp(&curve->models.sim.faults_per_op,
	    &fixed->models.sim.faults_per_op, sizeof(struct vmsim_dist)) == 0 &&
	    memcmp(&curve->models.sim.pages_per_op, &fixed->models.sim.pages_per_op,
	    sizeof(struct vmsim_dist)) == 0, "%s, budget %llu: the "
	    "per-operation distributions differ", wl,
	    (unsigned long long)budget);
}

/* _i: layout, and model array or full. */
START_TEST(curve_equals_fixed_runs)
{
	unsigned layout = (unsigned)_i % LAYOUT_COUNT;
	enum model model = _i / LAYOUT_COUNT ? MODEL_FULL : MODEL_ARRAY;
	static struct config points[BUDGETS];
	static struct rows curve, fixed;
	uint64_t budget[BUDGETS], tracked;
	size_t i, w;

	base_config(&points[0], model, layout);
	tracked = config_footprint(&points[0]).tracked_pages;
	make_budgets(budget, tracked, 7 + (uint64_t)_i);
	for (i = 0; i < BUDGETS; i++) {
		points[i] = points[0];
		points[i].resident_pages = budget[i];
	}
	curve.count = 0;
	ck_assert_int_eq(workload_run(points, BUDGETS, layout, NULL, keep,
	    &curve), 0);
	ck_assert_uint_eq(curve.count, BUDGETS * WL_COUNT);
	for (i = 0; i < BUDGETS; i++) {
		fixed.count = 0;
		ck_assert_int_eq(workload_run(&points[i], 1, layout, NULL, keep,
		    &fixed), 0);
		ck_assert_uint_eq(fixed.count, WL_COUNT);
		/* The curve gives each phase's points in order. */
		for (w = 0; w < WL_COUNT; w++) {
			const struct result *c = &curve.row[w * BUDGETS + i];

			ck_assert_uint_eq(c->point, i);
			ck_assert_ptr_eq(c->config, &points[i]);
			same_counts(c, &fixed.row[w], budget[i]);
		}
	}
}
END_TEST

Suite *
curve_suite(void)
{
	Suite *suite = suite_create("curve");
	TCase *tc = tcase_create("curve");

	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, curve_equals_fixed_runs, 0, 2 * LAYOUT_COUNT);
	suite_add_tcase(suite, tc);
	return suite;
}
