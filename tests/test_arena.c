/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_arena.c: the heap's own memory, arena_kib and arena_rss_kib: the
 * arenas' mapped size, the same for every layout of a size; all of it
 * in memory once fill has touched it; exactly the resident budget when
 * --vm kernel makes the model's evictions real; the same in every run.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "tests.h"

/* Parameters -------------------------------------------------------- */

#define ITEMS		100000
#define RESIDENT	10
#define TEXT(x)		#x
#define VALUE(x)	TEXT(x)
/*
 * 1K operations: at 20 to 30 faults each, --vm kernel still drops a page
 * some 50,000 times in replace, in a third of 5K's time (most of it the
 * system's, dropping pages).
 */
#define POINT	"--items", "100K", "--ops", "1K", "--model", "full", \
		"--workload", "fill,replace", "--format", "csv"

/* Helpers ------------------------------------------------------------- */

static void
run_table(struct table *t, const char *vm, const char *layout)
{
	struct outcome o;

	run(&o, POINT, "--vm", vm, "--layout", layout, "--resident",
	    VALUE(RESIDENT),
	    NULL);
	expect_success(&o);
	table_parse(t, o.out.data, o.command);
	outcome_free(&o);
}

/* Tests --------------------------------------------------------------- */

/*
 * The arenas hold every slot and every item, in whole pages, the same
 * for the layouts of one slot per item (veb's array holds a complete
 * tree); fill has touched all of them, and --vm sim evicts nothing for
 * real.
 */
START_TEST(arenas_mapped_and_touched)
{
	struct table t;
	uint64_t kib, least, first = 0;
	size_t r;

	run_table(&t, "sim", "binheap,bheap");
	for (r = 0; r < t.nrows; r++) {
		kib = table_get_u64(&t, r, "arena_kib");
		least = ITEMS * (table_get_u64(&t, r, "ptr_bytes") +
		    table_get_u64(&t, r, "item_bytes"));
		ck_assert_msg(kib * 1024 >= least && kib * 1024 < least +
		    4 * table_get_u64(&t, r, "page_bytes"), "row %zu: "
		    "arena_kib %" PRIu64 " for %" PRIu64 " bytes of slots and "
		    "items", r, kib, least);
		if (r == 0)
			first = kib;
		ck_assert_uint_eq(kib, first);
		ck_assert_uint_eq(table_get_u64(&t, r, "arena_rss_kib"), kib);
	}
	table_free(&t);
}
END_TEST

/* With evictions made real, the arenas in memory are the budget. */
START_TEST(kernel_holds_the_budget)
{
	struct table t;
	size_t r;

	run_table(&t, "kernel", "binheap,bheap");
	for (r = 0; r < t.nrows; r++)
		ck_assert_msg(table_get_u64(&t, r, "arena_rss_kib") * 1024 ==
		    RESIDENT * table_get_u64(&t, r, "page_bytes"), "row %zu: "
		    "arena_rss_kib %s with %d resident pages", r,
		    table_get(&t, r, "arena_rss_kib"), RESIDENT);
	table_free(&t);
}
END_TEST

/* Unlike vsz_kib and rss_kib, the same in two runs of one command. */
START_TEST(same_in_every_run)
{
	static const char *const fields[] = { "arena_kib", "arena_rss_kib" };
	struct table a, b;
	size_t r, f;

	run_table(&a, "kernel", "bheap");
	run_table(&b, "kernel", "bheap");
	ck_assert_uint_eq(a.nrows, b.nrows);
	for (r = 0; r < a.nrows; r++)
		for (f = 0; f < sizeof(fields) / sizeof(fields[0]); f++)
			ck_assert_str_eq(table_get(&a, r, fields[f]),
			    table_get(&b, r, fields[f]));
	table_free(&a);
	table_free(&b);
}
END_TEST

Suite *
arena_suite(void)
{
	Suite *s = suite_create("arena");
	TCase *tc = tcase_create("arena");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, arenas_mapped_and_touched);
	tcase_add_test(tc, kernel_holds_the_budget);
	tcase_add_test(tc, same_in_every_run);
	suite_add_tcase(s, tc);
	return s;
}
