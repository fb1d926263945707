/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_table.c: the table a new user sees first: it fits 120 columns,
 * its ns/op is the heap's own time, --columns chooses its columns by their CSV names, a ratio row comes
 * only with ratios, --cache off leaves
 * the cache columns out, the note on hardware counters comes only when
 * the pmu_ fields are shown, and --plot-y takes the table's headings and
 * lists the fields when it knows none.
 */
#include <check.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exits.h"
#include "tests.h"

/* Parameters -------------------------------------------------------- */

#define TABLE_COLUMNS	120	/* a terminal's width the table fits */
#define NOTE		"no hardware counters"

/* The longest line of text. */
static size_t
widest(const char *text)
{
	size_t most = 0, len;
	const char *end;

	for (; *text != '\0'; text = end + (*end != '\0')) {
		end = strchr(text, '\n');
		if (end == NULL)
			end = text + strlen(text);
		len = (size_t)(end - text);
		if (len > most)
			most = len;
	}
	return most;
}

/* The words of the table's heading line: the line after the blank one. */
static void
heading(const char *table, char *buf, size_t size)
{
	const char *at = strstr(table, "\n\n"), *end;

	ck_assert_msg(at != NULL, "no blank line before the heading: %s",
	    table);
	at += 2;
	end = strchr(at, '\n');
	ck_assert(end != NULL && (size_t)(end - at) < size);
	memcpy(buf, at, (size_t)(end - at));
	buf[end - at] = '\0';
}

static const char *const fitting[][8] = {
	{ "--items", "20K", NULL },
	{ "--items", "20K", "--workload", "all", "--policy", "lru,clock", NULL },
	{ "--items", "20K", "--sweep", "resident=1..4:x2", NULL },
	{ "--items", "20K", "--vm", "off", NULL },
};

#define NFITTING (sizeof(fitting) / sizeof(fitting[0]))

/* Within 120 columns, and never the note: no pmu_ field is shown. */
START_TEST(default_table_fits)
{
	const char *args[10];
	struct outcome o;
	size_t i;

	for (i = 0; fitting[_i][i] != NULL; i++)
		args[i] = fitting[_i][i];
	args[i] = NULL;
	run_argv(&o, args);
	expect_success(&o);
	ck_assert_msg(widest(o.out.data) <= TABLE_COLUMNS, "%s: a line of "
	    "%zu columns:\n%s", o.command, widest(o.out.data), o.out.data);
	ck_assert_msg(strstr(o.err.data, NOTE) == NULL, "%s: says '%s' "
	    "though the table shows no pmu_ field: %s", o.command, NOTE,
	    o.err.data);
	outcome_free(&o);
}
END_TEST

/* Without caches, no cache column; with them, the story's columns. */
START_TEST(cache_off_drops_cache_columns)
{
	char head[512];
	struct outcome o;

	run(&o, "--items", "20K", "--cache", "off", NULL);
	expect_success(&o);
	heading(o.out.data, head, sizeof(head));
	ck_assert_msg(strstr(head, "l1/op") == NULL &&
	    strstr(head, "llc/op") == NULL && strstr(head, "tlb/op") == NULL &&
	    strstr(head, "mem_ns/op") == NULL && strstr(head, "faults/op") !=
	    NULL, "%s: heading '%s'", o.command, head);
	ck_assert_msg(strstr(o.out.data, " - ") == NULL, "%s: an empty "
	    "cell: %s", o.command, o.out.data);
	outcome_free(&o);
	run(&o, "--items", "20K", NULL);
	expect_success(&o);
	heading(o.out.data, head, sizeof(head));
	ck_assert_msg(strstr(head, "l1/op") != NULL &&
	    strstr(head, "tlb/op") != NULL && strstr(head, "ns/op") != NULL,
	    "%s: heading '%s'", o.command, head);
	outcome_free(&o);
}
END_TEST

/* --columns: these columns, in this order, with the CSV's values. */
START_TEST(columns_choose)
{
	struct outcome o, c;
	char head[512], want[64];
	struct table csv;
	size_t row;

	run(&o, "--items", "20K", "--layout", "binheap,bheap", "--columns",
	    "sim_faults,faults/op,l2_misses", NULL);
	expect_success(&o);
	heading(o.out.data, head, sizeof(head));
	ck_assert_msg(strcmp(head, "workload  layout        faults  faults/op"
	    "   l2_misses") == 0, "%s: heading '%s'", o.command, head);
	run(&c, "--items", "20K", "--layout", "binheap,bheap", "--format",
	    "csv", NULL);
	expect_success(&c);
	table_parse(&csv, c.out.data, c.command);
	for (row = 0; row < csv.nrows; row++) {
		snprintf(want, sizeof(want), "%-8s  %-8s  %10s  %9s  %10s",
		    table_get(&csv, row, "workload"),
		    table_get(&csv, row, "layout"),
		    table_get(&csv, row, "sim_faults"),
		    table_get(&csv, row, "faults_per_op"),
		    table_get(&csv, row, "l2_misses"));
		ck_assert_msg(strstr(o.out.data, want) != NULL, "%s: no row "
		    "'%s' in:\n%s", o.command, want, o.out.data);
	}
	table_free(&csv);
	outcome_free(&o);
	outcome_free(&c);
}
END_TEST

/*
 * The table's ns/op is the heap's own time per operation, heap_cpu_s
 * over ops of the same row (not the simulator's ns_per_op), and its
 * ratio row is heap_cpu_s's ratio.
 */
START_TEST(ns_per_op_is_the_heaps)
{
	char workload[16], layout[16], ns_ratio[16], cpu_ratio[16];
	const char *line;
	unsigned long ops;
	double ns, cpu;
	int rows = 0, ratios = 0;
	struct outcome o;

	run(&o, "--items", "20K", "--layout", "binheap,bheap", "--columns",
	    "ops,ns/op,heap_cpu_s", NULL);
	expect_success(&o);
	for (line = o.out.data; line != NULL && *line != '\0';
	    line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
		if (sscanf(line, "%15s %15s %lu %lf %lf", workload, layout,
		    &ops, &ns, &cpu) == 5) {
			ck_assert_msg(ns > 0 && ns >= cpu * 1e9 / (double)ops -
			    0.06 && ns <= cpu * 1e9 / (double)ops + 0.06,
			    "%s: %s %s ns/op %.1f, heap_cpu_s %.6f over %lu "
			    "ops:\n%s", o.command, workload, layout, ns, cpu,
			    ops, o.out.data);
			rows++;
		} else if (sscanf(line, " binheap/bheap %15s %15s", ns_ratio,
		    cpu_ratio) == 2) {
			ck_assert_msg(strcmp(ns_ratio, cpu_ratio) == 0, "%s: "
			    "ns/op's ratio %s, heap_cpu_s's %s:\n%s",
			    o.command, ns_ratio, cpu_ratio, o.out.data);
			ratios++;
		}
	}
	ck_assert_msg(rows == 4 && ratios == 2, "%s: %d rows, %d ratio rows:"
	    "\n%s", o.command, rows, ratios, o.out.data);
	outcome_free(&o);
}
END_TEST

/*
 * A ratio row comes where a column has a ratio: replace at 10K items
 * takes no TLB or L2 misses, so its row would be a bare label, but fill's
 * has ratios.
 */
START_TEST(ratio_row_only_with_ratios)
{
	struct outcome o;

	run(&o, "--items", "10K", "--layout", "binheap,bheap", "--columns",
	    "tlb_misses,l2_misses", NULL);
	expect_success(&o);
	ck_assert_msg(strstr(o.out.data, "replace   bheap") != NULL &&
	    strstr(strstr(o.out.data, "replace   bheap"), "binheap/bheap") ==
	    NULL, "%s: a ratio row of no ratio:\n%s", o.command, o.out.data);
	ck_assert_msg(strstr(o.out.data, "binheap/bheap") != NULL,
	    "%s: no ratio row:\n%s", o.command, o.out.data);
	outcome_free(&o);
}
END_TEST

/*
 * The note comes where --columns names a pmu_ field that is empty; never
 * with the default table nor with a CSV that carries every field unasked.
 */
/* A column no row measured says why under the table, not with a 0. */
START_TEST(unmeasured_column_says_why)
{
	struct outcome o;

	run(&o, "--items", "5K", "--ops", "1K", "--layout", "bheap",
	    "--columns", "line_misses,l1/op", NULL);
	expect_success(&o);
	ck_assert_msg(strstr(o.out.data, "\nline_misses -: not measured: it "
	    "comes from the line curve") != NULL, "%s: no note on "
	    "line_misses: %s", o.command, o.out.data);
	ck_assert_msg(strstr(o.out.data, "l1/op -:") == NULL, "%s: l1/op "
	    "is measured, yet noted: %s", o.command, o.out.data);
	outcome_free(&o);
}
END_TEST

START_TEST(pmu_note_only_when_shown)
{
	struct outcome csv, pick, version;
	struct table t;
	bool empty;

	run(&csv, "--items", "10K", "--vm", "off", "--format", "csv", NULL);
	expect_success(&csv);
	table_parse(&t, csv.out.data, csv.command);
	empty = table_get(&t, 0, "pmu_cycles")[0] == '\0';
	run(&pick, "--items", "10K", "--vm", "off", "--columns",
	    "pmu_cycles", NULL);
	ck_assert_msg(pick.status == 0, "%s: exit %d", pick.command,
	    pick.status);
	run(&version, "--version", NULL);
	expect_success(&version);
	ck_assert_msg(csv.err.data[0] == '\0', "%s: says '%s' though no "
	    "pmu_ field was asked for", csv.command, csv.err.data);
	ck_assert_msg((strstr(pick.err.data, NOTE) != NULL) == empty,
	    "pmu_cycles %s, but --columns pmu_cycles' stderr '%s'", empty ?
	    "empty" : "counted", pick.err.data);
	ck_assert_msg(strstr(version.out.data, "\npmu ") != NULL,
	    "--version says nothing of the counters: %s", version.out.data);
	table_free(&t);
	outcome_free(&csv);
	outcome_free(&pick);
	outcome_free(&version);
}
END_TEST

/*
 * --plot-y takes a table heading for the field it names; the chart names
 * its workload, and says so on stderr when another was measured too.
 */
START_TEST(plot_y_takes_headings)
{
	char dir[PATH_MAX], path[PATH_MAX];
	struct outcome o;
	FILE *f;
	char svg[8192];
	size_t n;

	scratch_make(dir);
	path_in(path, sizeof(path), dir, "p.svg");
	run(&o, "--items", "20K", "--sweep", "resident=1,2", "--plot", path,
	    "--plot-y", "faults/op", "--workload", "replace", NULL);
	expect_success(&o);
	outcome_free(&o);
	run(&o, "--items", "20K", "--sweep", "resident=1,2", "--plot", path,
	    "--plot-y", "faults/op", "--workload", "fill,replace", NULL);
	ck_assert_msg(o.status == 0 && strstr(o.err.data, "workload replace")
	    != NULL && strstr(o.err.data, "fill") != NULL, "%s: exit %d, "
	    "stderr '%s'", o.command, o.status, o.err.data);
	f = fopen(path, "r");
	ck_assert_msg(f != NULL, "%s: no plot", o.command);
	n = fread(svg, 1, sizeof(svg) - 1, f);
	svg[n] = '\0';
	fclose(f);
	ck_assert_msg(strstr(svg, "workload replace") != NULL, "%s: the "
	    "title does not name the workload", o.command);
	outcome_free(&o);
	scratch_remove(dir);
}
END_TEST

static const struct bad_table {
	const char	*args[6];
	const char	*quote;
	const char	*also;		/* the fields or range accepted */
} bad_table[] = {
	{ { "--columns", "nope" }, "'nope'", "sim_faults" },
	{ { "--columns", "" }, "''", "list of report fields" },
	{ { "--columns", "faults_per_op,bogus" }, "'bogus'", "faults_per_op" },
	{ { "--plot-y", "nope" }, "'nope'", "faults_per_op" },
	{ { "--plot-y", "nope" }, "'nope'", "misses" },
	{ { "--columns" }, "--columns", "needs a value" },
};

#define NBAD (sizeof(bad_table) / sizeof(bad_table[0]))

START_TEST(bad_table_input_refused)
{
	const struct bad_table *c = &bad_table[_i];
	const char *args[8];
	struct outcome o;
	size_t i;

	for (i = 0; c->args[i] != NULL; i++)
		args[i] = c->args[i];
	args[i] = NULL;
	run_argv(&o, args);
	ck_assert_msg(o.status == EXIT_USAGE && o.out.len == 0 &&
	    one_line(&o.err), "%s: exit %d, stdout '%s', stderr '%s'",
	    o.command, o.status, o.out.data, o.err.data);
	ck_assert_msg(strstr(o.err.data, c->quote) != NULL &&
	    strstr(o.err.data, c->also) != NULL, "%s: the message does not "
	    "show %s and %s: %s", o.command, c->quote, c->also, o.err.data);
	outcome_free(&o);
}
END_TEST

Suite *
table_suite(void)
{
	Suite *suite = suite_create("table");
	TCase *tc = scratch_tcase("table", 60);

	tcase_add_loop_test(tc, default_table_fits, 0, (int)NFITTING);
	tcase_add_test(tc, cache_off_drops_cache_columns);
	tcase_add_test(tc, columns_choose);
	tcase_add_test(tc, ns_per_op_is_the_heaps);
	tcase_add_test(tc, ratio_row_only_with_ratios);
	tcase_add_test(tc, pmu_note_only_when_shown);
	tcase_add_test(tc, unmeasured_column_says_why);
	tcase_add_test(tc, plot_y_takes_headings);
	tcase_add_loop_test(tc, bad_table_input_refused, 0, (int)NBAD);
	suite_add_tcase(suite, tc);
	return suite;
}
