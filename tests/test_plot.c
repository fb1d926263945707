/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_plot.c: what the charts must show: the teaching figure (--plot-y
 * misses) in two panels that share the memory axis, and the ratio's
 * axis from 1x, with a ratio under 1x named rather than drawn under it,
 * and a legend that shows the lines' marks; several charts of one run,
 * each its own field, as many as the manual says.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "tests.h"
#include "files.h"

/* Parameters -------------------------------------------------------- */

#define MAX_ARGS	32
#define SVG_MAX		(1 << 20)

static char svg[SVG_MAX];

/* Helpers ------------------------------------------------------------- */

/* Runs bheapsim with args and --plot into a scratch file; reads it. */
static void
plot(const char *const args[])
{
	const char *argv[MAX_ARGS + 3];
	char dir[PATH_MAX], path[PATH_MAX];
	struct outcome o;
	size_t n;

	for (n = 0; args[n] != NULL; n++) {
		ck_assert_uint_lt(n, MAX_ARGS);
		argv[n] = args[n];
	}
	scratch_make(dir);
	path_in(path, sizeof(path), dir, "p.svg");
	argv[n++] = "--plot";
	argv[n++] = path;
	argv[n] = NULL;
	run_argv(&o, argv);
	ck_assert_msg(o.status == 0, "%s: exit %d: %s", o.command, o.status,
	    o.err.data);
	outcome_free(&o);
	file_head(path, svg, sizeof(svg));
	ck_assert_uint_lt(strlen(svg), sizeof(svg) - 1);
	scratch_remove(dir);
}

static size_t
count(const char *text)
{
	const char *p;
	size_t n = 0;

	for (p = strstr(svg, text); p != NULL; p = strstr(p + 1, text))
		n++;
	return n;
}

/* Tests --------------------------------------------------------------- */

/*
 * Pages in one panel, lines in the other, each layout once in each; one
 * row of x labels, under the lower panel; the y axes from 0.1.
 */
START_TEST(misses_in_two_panels)
{
	plot((const char *const[]){ "--items", "20K", "--resident", "all",
	    "--plot-y", "misses", "--format", "csv", NULL });
	ck_assert_uint_eq(count("<clipPath id=\"panel"), 2);
	ck_assert_uint_eq(count("<polyline"), 2 * 3);
	ck_assert_uint_eq(count(">page faults per operation<"), 1);
	ck_assert_uint_eq(count(">line misses per operation<"), 1);
	/* 0.1 labels both y axes; the x axis' first tick, 4 KiB, once. */
	ck_assert_uint_eq(count(">0.1</text>"), 2);
	ck_assert_uint_eq(count(">4</text>"), 1);
}
END_TEST

/*
 * With one page the B-heap takes more faults than the binary heap under
 * --model full: that ratio lies under 1x, off the axis, and is named.
 */
START_TEST(ratio_axis_from_1x)
{
	plot((const char *const[]){ "--items", "20K", "--model", "full",
	    "--layout", "binheap,bheap", "--sweep", "resident=1,2,4,8",
	    "--cache", "off", "--plot-y", "faults_per_op", "--format", "csv",
	    NULL });
	ck_assert_msg(strstr(svg, ">1x</text>") != NULL, "no 1x tick");
	ck_assert_msg(strstr(svg, "0.5x") == NULL, "a tick under 1x");
	ck_assert_msg(strstr(svg, "ratio under 1x, off the axis: 1 point, "
	    "the lowest 0.") != NULL, "the ratio under 1x is not named");
}
END_TEST

/*
 * One run draws several charts, each --plot its own --plot-y in order:
 * the teaching figure's two panels in the first, one panel in the
 * second.
 */
START_TEST(several_plots_one_run)
{
	char dir[PATH_MAX], misses[PATH_MAX], faults[PATH_MAX];
	struct outcome o;

	scratch_make(dir);
	path_in(misses, sizeof(misses), dir, "misses.svg");
	path_in(faults, sizeof(faults), dir, "faults.svg");
	run_argv(&o, (const char *[]){ "--items", "20K", "--resident", "all",
	    "--format", "csv", "--plot", misses, "--plot-y", "misses",
	    "--plot", faults, "--plot-y", "faults_per_op", NULL });
	ck_assert_msg(o.status == 0, "%s: exit %d: %s", o.command, o.status,
	    o.err.data);
	outcome_free(&o);
	file_head(misses, svg, sizeof(svg));
	ck_assert_uint_eq(count("<clipPath id=\"panel"), 2);
	ck_assert_uint_eq(count(">line misses per operation<"), 1);
	file_head(faults, svg, sizeof(svg));
	ck_assert_uint_eq(count("<clipPath id=\"panel"), 0);
	ck_assert_uint_eq(count(">line misses per operation<"), 0);
	ck_assert_msg(strstr(svg, "aults") != NULL, "%s: no faults in its "
	    "title", faults);
	scratch_remove(dir);
}
END_TEST

/*
 * The bound on charts a run draws, as the refusal of one more states
 * it, is the manual's.
 */
START_TEST(plot_limit_documented)
{
	const char *argv[MAX_ARGS + 1];
	struct outcome o;
	size_t n = 0;

	argv[n++] = "--items";
	argv[n++] = "1K";
	argv[n++] = "--resident";
	argv[n++] = "all";
	while (n + 2 < MAX_ARGS) {
		argv[n++] = "--plot";
		argv[n++] = "/dev/null";
	}
	argv[n] = NULL;
	run_argv(&o, argv);
	expect_bound_documented("plot_limit_documented", &o, "at most ",
	    "Up to ", " charts");
	outcome_free(&o);
}
END_TEST

/*
 * Where the lines carry marks, the legend shows each entry's: the
 * policies' in black beside their dashes, and a layout's beside its line
 * (2 points of 2 lines and 2 legend entries: 6 circles).
 */
START_TEST(legend_shows_marks)
{
	plot((const char *const[]){ "--items", "20K", "--layout",
	    "binheap,bheap", "--policy", "lru,clock,opt", "--sweep",
	    "resident=2,4", "--cache", "off", "--plot-y", "faults_per_op",
	    "--format", "csv", NULL });
	ck_assert_msg(count("r=\"3\" fill=\"#000\"/>") == 1 &&
	    count("height=\"7\" fill=\"#000\"/>") == 1 &&
	    count("h-8z\" fill=\"#000\"/>") == 1, "the legend lacks a "
	    "policy's mark");
	plot((const char *const[]){ "--items", "20K", "--layout",
	    "binheap,bheap", "--sweep", "resident=2,4", "--cache", "off",
	    "--plot-y", "faults_per_op", "--format", "csv", NULL });
	ck_assert_uint_eq(count("<circle"), 6);
}
END_TEST

Suite *
plot_suite(void)
{
	Suite *suite = suite_create("plot");
	TCase *tc = scratch_tcase("plot", 60);

	tcase_add_test(tc, misses_in_two_panels);
	tcase_add_test(tc, ratio_axis_from_1x);
	tcase_add_test(tc, legend_shows_marks);
	tcase_add_test(tc, several_plots_one_run);
	tcase_add_test(tc, plot_limit_documented);
	suite_add_tcase(suite, tc);
	return suite;
}
