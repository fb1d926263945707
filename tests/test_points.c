/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_points.c: the same point gives the same row, whatever the sweep
 * around it, the passes it is cut into or the --shard that runs it
 * (timings and the process's own counts aside).
 *
 * With --vm sim a resident sweep's LRU points share stack-distance
 * passes: --resident all's in one, a listed sweep's PLAN_PASS_BUDGETS
 * at a time.  Which budgets keep per-operation distributions, and
 * whether line_misses is known, must not depend on that cut.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "tests.h"

/* Parameters -------------------------------------------------------- */

/* 1500 items on 64-byte pages: 188 tracked pages, past 64 budgets. */
#define UNTIMED	"--items", "1500", "--page-size", "64", "--ops", "2000", \
		"--layout", "binheap", "--workload", "fill,replace", \
		"--format", "csv"
#define POINT	UNTIMED, "--time-model"

/* Helpers ------------------------------------------------------------- */

static void
run_table(struct table *t, const char *const args[])
{
	struct outcome o;

	run_argv(&o, args);
	ck_assert_msg(o.status == 0, "%s: status %d: %s", o.command,
	    o.status, o.err.data);
	table_parse(t, o.out.data, o.command);
	outcome_free(&o);
}

/* The row of `whole` at part's row r's workload and budget. */
static size_t
same_point(const struct table *whole, const struct table *part, size_t r)
{
	size_t w;

	for (w = 0; w < whole->nrows; w++)
		if (strcmp(table_get(whole, w, "workload"),
		    table_get(part, r, "workload")) == 0 &&
		    strcmp(table_get(whole, w, "resident_pages"),
		    table_get(part, r, "resident_pages")) == 0)
			return w;
	ck_abort_msg("%s: no row of %s's budget %s", whole->what,
	    part->what, table_get(part, r, "resident_pages"));
	return 0;
}

/* Every row of part is whole's row of the same point, field by field. */
static size_t
expect_same_rows(const struct table *whole, const struct table *part)
{
	size_t r, c;

	for (r = 0; r < part->nrows; r++) {
		size_t w = same_point(whole, part, r);

		for (c = 0; c < part->ncolumns; c++) {
			const char *name = part->name[c];

			if (report_field_varies(name))
				continue;
			ck_assert_msg(strcmp(table_get(whole, w, name),
			    part->cell[r][c]) == 0, "budget %s, %s: '%s' in "
			    "%s, '%s' in %s", table_get(part, r,
			    "resident_pages"), name, table_get(whole, w, name),
			    whole->what, part->cell[r][c], part->what);
		}
	}
	return part->nrows;
}

/* Tests --------------------------------------------------------------- */

/*
 * The time model runs when asked: its fields are empty without
 * --time-model, and asking changes no other count.
 */
START_TEST(time_model_asked)
{
	static const char *const untimed[] = { UNTIMED, NULL };
	static const char *const timed[] = { POINT, NULL };
	static const char *const fields[] = { "model_ns_per_op",
	    "compute_ns_per_op", "stall_l2_ns_per_op", "stall_mem_ns_per_op",
	    "stall_tlb_ns_per_op", "steps_per_op", "mispredicts_per_op" };
	struct table off, on;
	size_t r, k, c;

	run_table(&off, untimed);
	run_table(&on, timed);
	ck_assert_uint_eq(off.nrows, on.nrows);
	ck_assert_uint_eq(off.ncolumns, on.ncolumns);
	for (r = 0; r < off.nrows; r++)
		for (k = 0; k < sizeof(fields) / sizeof(fields[0]); k++) {
			ck_assert_str_eq(table_get(&off, r, fields[k]), "");
			ck_assert_str_ne(table_get(&on, r, fields[k]), "");
		}
	/* Every other field the same: counts, caches, faults. */
	for (r = 0; r < off.nrows; r++)
		for (c = 0; c < off.ncolumns; c++)
			if (!report_field_varies(off.name[c]) &&
			    strncmp(off.name[c], "stall_", 6) != 0 &&
			    strcmp(off.name[c], "steps_per_op") != 0 &&
			    strcmp(off.name[c], "mispredicts_per_op") != 0)
				ck_assert_msg(strcmp(off.cell[r][c],
				    on.cell[r][c]) == 0, "row %zu, %s: '%s' "
				    "untimed, '%s' timed", r, off.name[c],
				    off.cell[r][c], on.cell[r][c]);
	table_free(&off);
	table_free(&on);
}
END_TEST

/*
 * The time model sees every item and every sift level under either
 * --model, as the CPU does (rig.c has the heap report them for it):
 * the same steps, mispredictions and stalls, and steps at all.
 */
START_TEST(time_model_sees_all_under_either_model)
{
	static const char *const array[] = { POINT, "--model", "array",
	    NULL };
	static const char *const full[] = { POINT, "--model", "full", NULL };
	static const char *const fields[] = { "steps_per_op",
	    "mispredicts_per_op", "stall_l2_ns_per_op", "stall_llc_ns_per_op",
	    "stall_mem_ns_per_op", "stall_tlb_ns_per_op" };
	struct table a, f;
	size_t r, k;

	run_table(&a, array);
	run_table(&f, full);
	ck_assert_uint_eq(a.nrows, f.nrows);
	for (r = 0; r < a.nrows; r++) {
		ck_assert_double_gt(strtod(table_get(&a, r, "steps_per_op"),
		    NULL), 1);
		for (k = 0; k < sizeof(fields) / sizeof(fields[0]); k++)
			ck_assert_msg(strcmp(table_get(&a, r, fields[k]),
			    table_get(&f, r, fields[k])) == 0, "row %zu, %s: "
			    "'%s' under array, '%s' under full", r, fields[k],
			    table_get(&a, r, fields[k]),
			    table_get(&f, r, fields[k]));
	}
	table_free(&a);
	table_free(&f);
}
END_TEST

/* --resident all, and the same split by --shard 1/2 and 2/2. */
START_TEST(resident_all_shards)
{
	static const char *const all[] = { POINT, "--resident", "all", NULL };
	static const char *const shard[2][20] = {
		{ POINT, "--resident", "all", "--shard", "1/2", NULL },
		{ POINT, "--resident", "all", "--shard", "2/2", NULL },
	};
	struct table whole, part;
	size_t i, rows = 0;

	run_table(&whole, all);
	for (i = 0; i < 2; i++) {
		run_table(&part, shard[i]);
		rows += expect_same_rows(&whole, &part);
		table_free(&part);
	}
	ck_assert_uint_eq(rows, whole.nrows);
	table_free(&whole);
}
END_TEST

/*
 * A listed sweep cut into passes of 64: its 65th point runs alone, as
 * the odd points of a 130-point sweep's shards do.
 */
START_TEST(listed_sweep_chunks)
{
	static const char *const cuts[][20] = {
		{ POINT, "--sweep", "resident=1..65:+1", NULL },
		{ POINT, "--sweep", "resident=60,65", NULL },
		{ POINT, "--sweep", "resident=1..130:+1", NULL },
		{ POINT, "--sweep", "resident=1..130:+1", "--shard", "1/2",
		    NULL },
		{ POINT, "--sweep", "resident=1..130:+1", "--shard", "2/2",
		    NULL },
	};
	struct table t[5];
	size_t i;

	for (i = 0; i < 5; i++)
		run_table(&t[i], cuts[i]);
	expect_same_rows(&t[0], &t[1]);
	expect_same_rows(&t[2], &t[0]);
	ck_assert_uint_eq(expect_same_rows(&t[2], &t[3]) +
	    expect_same_rows(&t[2], &t[4]), t[2].nrows);
	/* line_misses is known at the edges, as everywhere. */
	for (i = 0; i < t[0].nrows; i++)
		ck_assert_msg(*table_get(&t[0], i, "line_misses") != '\0',
		    "%s: no line_misses at budget %s", t[0].what,
		    table_get(&t[0], i, "resident_pages"));
	for (i = 0; i < 5; i++)
		table_free(&t[i]);
}
END_TEST

Suite *
points_suite(void)
{
	Suite *s = suite_create("points");
	TCase *tc = tcase_create("same point, same row");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, time_model_asked);
	tcase_add_test(tc, time_model_sees_all_under_either_model);
	tcase_add_test(tc, resident_all_shards);
	tcase_add_test(tc, listed_sweep_chunks);
	suite_add_tcase(s, tc);
	return s;
}
