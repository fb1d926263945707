/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_compare.c: "bheapsim compare" on tables as make compare writes
 * them, and on hostile ones: every row of every workload comes out,
 * every format is well-formed whatever the text, and what cannot be
 * read correctly is refused in one line with exit status 2.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests.h"
#include "files.h"

/* Parameters -------------------------------------------------------- */

#define EXIT_USAGE	2
#define HEADER	"workload,layout,abi,where,arena_kib,arena_rss_kib," \
		"vsz_kib,rss_kib,maxrss_kib,minflt,entries_per_page," \
		"faults_per_op,ns_per_op"
#define FIGURES	"1180,1180,8160,1968,1576,61,512,0.0027,117.5"

static const char *const abis[] = { "x86-64", "x32", "ia32" };

/* Helpers ------------------------------------------------------------- */

/* Writes text to a new file in a scratch directory, named in path. */
static void
table_file(char path[PATH_MAX], const char *text)
{
	char dir[PATH_MAX];

	scratch_make(dir);
	path_in(path, PATH_MAX, dir, "t.csv");
	write_file(path, text);
}

/* Appends a formatted line to buf. */
static void
add(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf + strlen(buf), size - strlen(buf), fmt, ap);
	va_end(ap);
}

/* make compare's table: each workload, two layouts, three ABIs. */
static void
abi_table(char *buf, size_t size, const char *const workloads[],
    size_t nworkloads, const char *eol)
{
	size_t w, l, a;

	snprintf(buf, size, HEADER "%s", eol);
	for (w = 0; w < nworkloads; w++)
		for (a = 0; a < 3; a++)
			for (l = 0; l < 2; l++)
				add(buf, size, "%s,%s,%s,native," FIGURES "%s",
				    workloads[w], l ? "bheap" : "binheap",
				    abis[a], eol);
}

static size_t
count_lines(const char *text)
{
	size_t n = 0;

	for (; *text != '\0'; text++)
		n += *text == '\n';
	return n;
}

static void
compare_file(struct outcome *o, const char *format, const char *path)
{
	run(o, "compare", "--format", format, path, NULL);
}

/* Exit 2, one line on stderr holding `says`, nothing on stdout. */
static void
expect_refused(const char *text, const char *says)
{
	char path[PATH_MAX];
	struct outcome o;

	table_file(path, text);
	compare_file(&o, "csv", path);
	ck_assert_msg(o.status == EXIT_USAGE && one_line(&o.err) &&
	    strstr(o.err.data, says) != NULL && o.out.len == 0,
	    "%s: status %d, stderr '%s', not one line saying '%s'",
	    o.command, o.status, o.err.data, says);
	outcome_free(&o);
}

/* Tests --------------------------------------------------------------- */

/* Every workload's groups: 2 layouts x (3 ABIs + 2 ratios) each. */
START_TEST(rows_of_every_workload)
{
	static const char *const workloads[] = { "fill", "replace", "mix" };
	char text[8192], path[PATH_MAX];
	struct outcome o;

	abi_table(text, sizeof(text), workloads, 3, "\n");
	table_file(path, text);
	compare_file(&o, "csv", path);
	expect_success(&o);
	ck_assert_msg(count_lines(o.out.data) == 1 + 3 * 2 * 5, "%s: %zu "
	    "lines, not %d:\n%s", o.command, count_lines(o.out.data),
	    1 + 3 * 2 * 5, o.out.data);
	ck_assert(strstr(o.out.data, "\nmix,bheap,ia32/x86-64,") != NULL);
	outcome_free(&o);
}
END_TEST

/* Lines ending in \r, \r\n or \n read alike; a long line stays one. */
START_TEST(line_ends_and_long_lines)
{
	static const char *const workloads[] = { "fill", "replace" };
	static const char *const eols[] = { "\r", "\r\n" };
	char text[8192], path[PATH_MAX], *want, *longer;
	struct outcome o;
	size_t i, len;

	abi_table(text, sizeof(text), workloads, 2, "\n");
	table_file(path, text);
	compare_file(&o, "csv", path);
	expect_success(&o);
	want = strdup(o.out.data);
	outcome_free(&o);
	for (i = 0; i < 2; i++) {
		abi_table(text, sizeof(text), workloads, 2, eols[i]);
		table_file(path, text);
		compare_file(&o, "csv", path);
		expect_success(&o);
		ck_assert_msg(strcmp(o.out.data, want) == 0, "%s: line ends "
		    "%zu read otherwise:\n%s", o.command, i, o.out.data);
		outcome_free(&o);
	}
	/* A column of 20000 bytes that compare does not show. */
	longer = malloc(80000);
	ck_assert(longer != NULL);
	snprintf(longer, 80000, HEADER ",note\n");
	for (i = 0; i < 3; i++) {
		add(longer, 80000, "fill,binheap,%s,native," FIGURES ",", abis[i]);
		len = strlen(longer);
		memset(longer + len, 'n', 20000);
		strcpy(longer + len + 20000, "\n");
	}
	table_file(path, longer);
	compare_file(&o, "csv", path);
	expect_success(&o);
	ck_assert_msg(count_lines(o.out.data) == 1 + 5, "%s: %zu lines:\n%s",
	    o.command, count_lines(o.out.data), o.out.data);
	outcome_free(&o);
	free(longer);
	free(want);
}
END_TEST

/* Text that JSON, Markdown and CSV must escape comes out escaped. */
START_TEST(text_escaped)
{
	char text[4096], path[PATH_MAX];
	struct outcome o;
	size_t i;

	snprintf(text, sizeof(text), HEADER "\n");
	for (i = 0; i < 3; i++)
		add(text, sizeof(text), "fi\"l\\l|\x01\tx,bin*heap,%s,n|a\x1b[1m,"
		    FIGURES "\n", abis[i]);
	table_file(path, text);
	compare_file(&o, "json", path);
	expect_success(&o);
	ck_assert_msg(strstr(o.out.data, "\"fi\\\"l\\\\l|\\u0001\\u0009x\"") !=
	    NULL && strstr(o.out.data, "\"n|a\\u001b[1m\"") != NULL,
	    "%s: text not escaped:\n%s", o.command, o.out.data);
	for (i = 0; i < o.out.len; i++)
		ck_assert_msg((unsigned char)o.out.data[i] >= 0x20 ||
		    o.out.data[i] == '\n', "%s: raw control byte", o.command);
	outcome_free(&o);
	compare_file(&o, "md", path);
	expect_success(&o);
	ck_assert_msg(strstr(o.out.data, "| fi\"l\\\\l\\|\\\\x01\\\\x09x |") !=
	    NULL && strstr(o.out.data, "bin\\*heap") != NULL,
	    "%s: text not escaped:\n%s", o.command, o.out.data);
	outcome_free(&o);
	compare_file(&o, "csv", path);
	expect_success(&o);
	ck_assert_msg(strstr(o.out.data, "\"fi\"\"l\\l|\x01\tx\",") != NULL,
	    "%s: quote not doubled:\n%s", o.command, o.out.data);
	outcome_free(&o);
}
END_TEST

/* A figure that is no finite number is refused, naming line and column. */
static const char *const bad_figures[] = {
	"nan", "inf", "-inf", "1e999", "abc", "0x10", "1.", ".5", "+1",
	"1e", "--1", "01",
};

START_TEST(bad_figure_refused)
{
	char text[4096], says[128];
	size_t i;

	snprintf(text, sizeof(text), HEADER "\n");
	for (i = 0; i < 3; i++)
		add(text, sizeof(text), "fill,binheap,%s,native,1,1,1,2,3,4,"
		    "5,%s,7\n", abis[i], i == 1 ? bad_figures[_i] : "6");
	snprintf(says, sizeof(says), "line 3, column faults_per_op: '%s'",
	    bad_figures[_i]);
	expect_refused(text, says);
}
END_TEST

/* Tables that cannot be read as they are meant: one line, exit 2. */
START_TEST(hostile_tables_refused)
{
	char dir[PATH_MAX], path[PATH_MAX];
	struct outcome o;

	expect_refused(HEADER "\nfill,binheap,x86-64,native," FIGURES
	    "\nfill,binheap,x86-64,native," FIGURES "\n",
	    "lines 2 and 3 are both workload fill, layout binheap, ABI x86-64");
	expect_refused(HEADER ",abi\n"
	    "fill,binheap,x86-64,native," FIGURES ",x32\n",
	    "names column 'abi' twice");
	expect_refused(HEADER "\n\"fill\",binheap,x86-64,native," FIGURES
	    "\n", "quoted");
	expect_refused(HEADER "\nfill,binheap,x86-64,native,1\n",
	    "line 2: 5 fields, the header 13");
	expect_refused(HEADER "\nfi\xffll,binheap,x86-64,native," FIGURES
	    "\n", "not UTF-8");
	expect_refused("", "empty");
	/* make compare's own table, whose items differ in size by ABI. */
	table_file(path, HEADER ",item_bytes,items\nfill,binheap,x86-64,"
	    "native," FIGURES ",16,2000\nfill,binheap,ia32,native," FIGURES
	    ",12,2000\n");
	compare_file(&o, "csv", path);
	ck_assert_msg(o.status == 0, "%s: status %d, stderr '%s'", o.command,
	    o.status, o.err.data);
	outcome_free(&o);
	/* Ratios of runs that differ in more than the ABI mean nothing. */
	expect_refused(HEADER ",items\nfill,binheap,x86-64,native," FIGURES
	    ",20000\nfill,bheap,x32,native," FIGURES ",2000\nfill,binheap,"
	    "x32,native," FIGURES ",2000\n", "lines 2 and 4, workload fill, "
	    "layout binheap, ran with items '20000' and '2000'");
	scratch_make(dir);
	run(&o, "compare", dir, NULL);
	ck_assert_msg(o.status == EXIT_USAGE && one_line(&o.err) &&
	    strstr(o.err.data, "is a directory") != NULL, "%s: status %d, "
	    "'%s'", o.command, o.status, o.err.data);
	outcome_free(&o);
}
END_TEST

Suite *
compare_suite(void)
{
	Suite *s = suite_create("compare");
	TCase *tc = scratch_tcase("compare", 60);

	tcase_add_test(tc, rows_of_every_workload);
	tcase_add_test(tc, line_ends_and_long_lines);
	tcase_add_test(tc, text_escaped);
	tcase_add_loop_test(tc, bad_figure_refused, 0,
	    sizeof(bad_figures) / sizeof(bad_figures[0]));
	tcase_add_test(tc, hostile_tables_refused);
	suite_add_tcase(s, tc);
	return s;
}
