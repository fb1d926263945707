/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_dryrun.c: --dry-run's estimate of the whole invocation's peak
 * counts what the run holds: opt's recording, the parent's rows of
 * --resident all, and --jobs runs side by side; what cannot fit is
 * refused up front, with the figure and --force.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests.h"

/* Parameters -------------------------------------------------------- */

#define EXIT_USAGE	2
#define MIB		((uint64_t)1 << 20)

/* Helpers ------------------------------------------------------------- */

/* The dry run's first row, as a table. */
static void
dry_run(struct table *t, const char *const args[])
{
	struct outcome o;

	run_argv(&o, args);
	ck_assert_msg(o.status == 0, "%s: exit %d: %s", o.command, o.status,
	    o.err.data);
	table_parse(t, o.out.data, o.command);
	outcome_free(&o);
}

/* Tests --------------------------------------------------------------- */

/*
 * opt records its phase: at 200K items and 2M operations the binary
 * heap's run peaks at some 370 MiB (tools/peak-memory.py), not the 9
 * MiB of its arenas and model.
 */
START_TEST(opt_recording_counted)
{
	struct table t;

	dry_run(&t, (const char *const[]){ "--items", "200K", "--ops", "2M",
	    "--policy", "opt", "--layout", "binheap", "--dry-run", NULL });
	ck_assert_msg(table_get_u64(&t, 0, "peak_bytes") > 300 * MIB &&
	    table_get_u64(&t, 0, "peak_bytes") < 450 * MIB, "%s: peak %s",
	    t.what, table_get(&t, 0, "peak_bytes"));
	ck_assert_uint_gt(table_get_u64(&t, 0, "record_bytes"), 250 * MIB);
	table_free(&t);
}
END_TEST

/*
 * --resident all's rows are the parent's: about 2 KiB each, a row and
 * its copy in the plan's order (experiment_row_bytes()).
 */
START_TEST(resident_all_rows_counted)
{
	struct table t;
	uint64_t tracked, rows;

	dry_run(&t, (const char *const[]){ "--items", "100K", "--page-size",
	    "64", "--resident", "all", "--layout", "bheap", "--workload",
	    "fill,replace", "--dry-run", NULL });
	ck_assert_uint_eq(t.nrows, 1);	/* one line, not one per budget */
	tracked = table_get_u64(&t, 0, "tracked_pages");
	rows = table_get_u64(&t, 0, "rows_bytes");
	ck_assert_msg(rows >= tracked * 2 * 1000 && rows <= tracked * 2 * 2500,
	    "%s: %" PRIu64 " bytes of rows for %" PRIu64 " budgets", t.what,
	    rows, tracked);
	ck_assert_uint_ge(table_get_u64(&t, 0, "peak_bytes"), rows);
	table_free(&t);
}
END_TEST

/* model_bytes of --items N with the given LLC (and this L1 and L2). */
static uint64_t
model_bytes(const char *items, const char *llc)
{
	char cache[64];
	struct table t;
	uint64_t bytes;

	snprintf(cache, sizeof(cache), "l1=32K/8,l2=1M/16,llc=%s", llc);
	dry_run(&t, (const char *const[]){ "--items", items, "--layout",
	    "bheap", "--cache", cache, "--force", "--dry-run", NULL });
	bytes = table_get_u64(&t, 0, "model_bytes");
	table_free(&t);
	return bytes;
}

/*
 * A cache larger than the heap's addresses never evicts: its tags are
 * allocated but untouched, so not resident, and the estimate counts its
 * bits alone (a 1 GiB LLC at 10K items was 256 MiB of an 8 MiB run).
 * Once the addresses pass the cache, every set's tags are counted: 128
 * MiB for the report's LLC (and as much for the time model's, with
 * --time-model).
 */
START_TEST(untouched_tags_not_counted)
{
	uint64_t small = model_bytes("10K", "1G/16") - model_bytes("10K",
	    "off");
	uint64_t large = model_bytes("200M", "1G/16") - model_bytes("200M",
	    "off");

	ck_assert_msg(small < 64 << 10, "a 1 GiB LLC at 10K items: %" PRIu64
	    " bytes", small);
	ck_assert_msg(large >= 128 * MIB && large < 130 * MIB, "a 1 GiB LLC "
	    "at 200M items: %" PRIu64 " bytes", large);
}
END_TEST

/*
 * Three runs side by side that each fit but together do not are
 * refused, naming --jobs and --force; one at a time they run.
 */
START_TEST(jobs_side_by_side_refused)
{
	uint64_t physical = (uint64_t)sysconf(_SC_PHYS_PAGES) *
	    (uint64_t)sysconf(_SC_PAGESIZE);
	/* 24 bytes an item: an 8-byte slot and a 16-byte item. */
	char items[32];
	struct outcome o;

	snprintf(items, sizeof(items), "%" PRIu64, physical / 24 / 2);
	run(&o, "--items", items, "--layout", "all", "--jobs", "3",
	    "--dry-run", NULL);
	ck_assert_msg(o.status == EXIT_USAGE && one_line(&o.err) &&
	    strstr(o.err.data, "--jobs") != NULL &&
	    strstr(o.err.data, "--force") != NULL, "%s: exit %d: %s",
	    o.command, o.status, o.err.data);
	outcome_free(&o);
	run(&o, "--items", items, "--layout", "all", "--jobs", "1",
	    "--dry-run", NULL);
	ck_assert_msg(o.status == 0, "%s: exit %d: %s", o.command, o.status,
	    o.err.data);
	outcome_free(&o);
}
END_TEST

Suite *
dryrun_suite(void)
{
	Suite *s = suite_create("dry run");
	TCase *tc = tcase_create("estimates");

	tcase_add_test(tc, opt_recording_counted);
	tcase_add_test(tc, resident_all_rows_counted);
	tcase_add_test(tc, jobs_side_by_side_refused);
	tcase_add_test(tc, untouched_tags_not_counted);
	suite_add_tcase(s, tc);
	return s;
}
