/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_explore.c: "bheapsim explain --html", the page that plays a run:
 * the counts it embeds are those of the main command's CSV for the
 * command it names, its budgets those of --resident all, it runs for
 * every layout and size, its accesses to slots that hold a position, and its
 * options are refused as every other bad input is; and the caption and
 * key of explain --svg.
 */
#include <check.h>
#include <inttypes.h>
#include <stdbool.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exits.h"
#include "tests.h"

#define EXPLORE_TEST_ITEMS	600u	/* every count from 1 */
#define EXPLORE_MOST_ITEMS	4096u	/* explain --html's limit */

/* The page ------------------------------------------------------------ */

static char *
slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *text;
	long size;

	ck_assert_msg(f != NULL, "cannot read %s", path);
	ck_assert(fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) > 0);
	rewind(f);
	text = malloc((size_t)size + 1);
	ck_assert(text != NULL && fread(text, 1, (size_t)size, f) ==
	    (size_t)size);
	text[size] = '\0';
	fclose(f);
	return text;
}

/* The page's JSON string under `key`, copied into buf. */
static void
json_string(const char *from, const char *key, char *buf, size_t size)
{
	char quoted[64];
	const char *at, *end;

	snprintf(quoted, sizeof(quoted), "\"%s\":\"", key);
	at = strstr(from, quoted);
	ck_assert_msg(at != NULL, "the page has no %s", key);
	at += strlen(quoted);
	end = strchr(at, '"');
	ck_assert(end != NULL && (size_t)(end - at) < size);
	memcpy(buf, at, (size_t)(end - at));
	buf[end - at] = '\0';
}

/* The number after "key": in `from`. */
static uint64_t
json_number(const char *from, const char *key)
{
	char quoted[64];
	const char *at;

	snprintf(quoted, sizeof(quoted), "\"%s\":", key);
	at = strstr(from, quoted);
	ck_assert_msg(at != NULL, "the page has no %s", key);
	return strtoull(at + strlen(quoted), NULL, 10);
}

/* Runs a command the page names (without "bheapsim") into a table. */
static void
run_named(struct table *table, char *command)
{
	const char *args[64];
	struct outcome o;
	size_t n = 0;
	char *word;

	ck_assert(strncmp(command, "bheapsim ", 9) == 0);
	for (word = strtok(command + 9, " "); word != NULL && n < 63;
	    word = strtok(NULL, " "))
		args[n++] = word;
	args[n] = NULL;
	run_argv(&o, args);
	expect_success(&o);
	table_parse(table, o.out.data, o.command);
	outcome_free(&o);
}

/* The tracks of the page, one per layout, in the order they ran. */
static const char *
track_of(const char *page, const char *layout)
{
	char key[64];
	const char *at;

	snprintf(key, sizeof(key), "{\"layout\":\"%s\"", layout);
	at = strstr(page, key);
	ck_assert_msg(at != NULL, "the page has no track of %s", layout);
	return at;
}

static const char *const explore_runs[][20] = {
	{ "--layout", "all", NULL },
	{ "--layout", "binheap,bheap", "--items", "600", "--entries-per-page",
	    "32", "--line-bytes", "64", "--ops", "20", "--workload", "mix",
	    "--resident", "5", "--seed", "7", NULL },
	{ "--layout", "dary,bheap", "--arity", "4", "--items", "1000",
	    "--ops", "10", "--workload", "reorder", "--resident", "1", NULL },
};

#define NRUNS (sizeof(explore_runs) / sizeof(explore_runs[0]))

static char *
make_page(const char *const extra[], char dir[PATH_MAX])
{
	const char *args[24] = { "explain", "--html" };
	char path[PATH_MAX];
	struct outcome o;
	size_t n = 3, i;

	scratch_make(dir);
	path_in(path, sizeof(path), dir, "x.html");
	args[2] = path;
	for (i = 0; extra[i] != NULL; i++)
		args[n++] = extra[i];
	args[n] = NULL;
	run_argv(&o, args);
	expect_success(&o);
	ck_assert_msg(o.out.len == 0, "%s: wrote to stdout", o.command);
	outcome_free(&o);
	return slurp(path);
}

/* The page's totals are the CSV's of the command it names. */
START_TEST(html_counts_equal_csv)
{
	static const char *const fields[] = { "accesses", "l1_misses",
	    "tlb_misses", "sim_faults" };
	char dir[PATH_MAX], command[512];
	char *page = make_page(explore_runs[_i], dir);
	struct table csv;
	size_t row, f;

	json_string(page, "command", command, sizeof(command));
	run_named(&csv, command);
	for (row = 0; row < csv.nrows; row++) {
		const char *layout = table_get(&csv, row, "layout");
		const char *track = track_of(page, layout);

		for (f = 0; f < 4; f++)
			ck_assert_msg(json_number(track, fields[f]) ==
			    table_get_u64(&csv, row, fields[f]), "%s: %s %s: "
			    "the page has %" PRIu64 ", %s %" PRIu64, command,
			    layout, fields[f], json_number(track, fields[f]),
			    "the CSV", table_get_u64(&csv, row, fields[f]));
		/* The last operation ends with the last access. */
		ck_assert(strstr(track, "\"op_end\":[") != NULL);
	}
	ck_assert_uint_gt(csv.nrows, 1);
	table_free(&csv);
	free(page);
	scratch_remove(dir);
}
END_TEST

/* The budget slider's faults are --resident all's. */
START_TEST(html_budgets_equal_resident_all)
{
	char dir[PATH_MAX], command[512];
	char *page = make_page(explore_runs[_i], dir);
	struct table csv;
	size_t row;

	json_string(page, "command_all", command, sizeof(command));
	run_named(&csv, command);
	for (row = 0; row < csv.nrows; row++) {
		const char *track = track_of(page, table_get(&csv, row,
		    "layout"));
		const char *at = strstr(track, "\"budget\":[");
		uint64_t budget = table_get_u64(&csv, row, "resident_pages");
		uint64_t b, faults = 0;
		char *end;

		ck_assert(at != NULL);
		at += strlen("\"budget\":[");
		for (b = 1; b <= budget; b++, at = end + 1) {
			faults = strtoull(at, &end, 10);
			ck_assert(end != at);
		}
		ck_assert_msg(faults == table_get_u64(&csv, row, "sim_faults"),
		    "%s: at %" PRIu64 " pages the page has %" PRIu64 " faults",
		    command, budget, faults);
	}
	table_free(&csv);
	free(page);
	scratch_remove(dir);
}
END_TEST

/* Every layout, every size ------------------------------------------ */

/* The numbers of the JSON list `key` in `track`; returns how many. */
static size_t
json_numbers(const char *track, const char *key, uint64_t *v, size_t most)
{
	char quoted[64];
	const char *at;
	char *end;
	size_t n = 0;

	snprintf(quoted, sizeof(quoted), "\"%s\":[", key);
	at = strstr(track, quoted);
	ck_assert_msg(at != NULL, "the track has no %s", key);
	for (at += strlen(quoted); *at != ']'; at = end + (*end == ',')) {
		ck_assert_msg(n < most, "more than %zu in %s", most, key);
		v[n++] = strtoull(at, &end, 10);
		ck_assert(end != at);
	}
	return n;
}

/*
 * The track's "write": a 0 (read) or 1 (write) per access; every
 * operation that ran placed an item, so a run of accesses has writes,
 * and its first access, the root's read, is a read.
 */
static void
check_kinds(const char *track, size_t accesses, const char *what,
    const char *layout)
{
	const char *at = strstr(track, "\"write\":\"");
	size_t n, writes = 0;

	ck_assert_msg(at != NULL, "%s: %s: no \"write\"", what, layout);
	at += strlen("\"write\":\"");
	for (n = 0; at[n] == '0' || at[n] == '1'; n++)
		writes += at[n] == '1';
	ck_assert_msg(at[n] == '"' && n == accesses, "%s: %s: %zu kinds for "
	    "%zu accesses", what, layout, n, accesses);
	ck_assert_msg(accesses == 0 || (writes > 0 && at[0] == '0'), "%s: %s: "
	    "%zu writes, the first access a %s", what, layout, writes,
	    at[0] == '1' ? "write" : "read");
}

/*
 * Each track's accesses are to slots that hold a tree position (the page
 * maps them back through "slot"), within the track's pages; and at the
 * default budget, for a heap of more than one page, it faults.
 */
static void
check_tracks(const char *page, const char *what, bool faults)
{
	static uint64_t slot[EXPLORE_MOST_ITEMS + 1], index[1u << 20];
	static unsigned char held[1u << 16];
	static const char *const names[] = { "binheap", "bheap", "dary",
	    "veb" };
	size_t l, n, i, entries = json_number(page, "entries");

	for (l = 0; l < 4; l++) {
		const char *t = track_of(page, names[l]);
		uint64_t pages = json_number(t, "pages");

		n = json_numbers(t, "slot", slot, EXPLORE_MOST_ITEMS + 1);
		ck_assert_msg(n == json_number(page, "items") + 1, "%s: %s: "
		    "%zu slots for %" PRIu64 " items", what, names[l], n,
		    json_number(page, "items"));
		ck_assert_msg(pages * entries <= sizeof(held), "%s: %s: %"
		    PRIu64 " pages of %zu entries", what, names[l], pages,
		    entries);
		memset(held, 0, sizeof(held));
		for (i = 1; i < n; i++) {
			ck_assert_msg(slot[i] < pages * entries && !held[slot[i]],
			    "%s: %s: position %zu in slot %" PRIu64 " of %"
			    PRIu64 " pages", what, names[l], i, slot[i], pages);
			held[slot[i]] = 1;
		}
		n = json_numbers(t, "index", index, sizeof(index) /
		    sizeof(index[0]));
		check_kinds(t, n, what, names[l]);
		for (i = 0; i < n; i++)
			ck_assert_msg(index[i] < pages * entries &&
			    held[index[i]], "%s: %s: access %zu to slot %"
			    PRIu64 ", which holds no position", what, names[l],
			    i + 1, index[i]);
		ck_assert_msg(!faults || pages < 2 ||
		    json_number(t, "sim_faults") > 0, "%s: %s never faults at "
		    "the default budget", what, names[l]);
	}
}

static const unsigned arities[] = { 2, 3, 4, 8, 16 };
static const unsigned large[] = { 1000, 2047, 4095, 4096 };

#define NARITIES (sizeof(arities) / sizeof(arities[0]))
#define NLARGE	(sizeof(large) / sizeof(large[0]))

#define NSIZES	(EXPLORE_TEST_ITEMS + NLARGE * NARITIES)

/*
 * Sizes a test runs.  Each test is a process of its own, and under
 * ASan its start and its exit's leak scan cost more than a page's run
 * (make sanitize spent most of this suite's 338 s in them at one size
 * a test); a group of sizes pays them once.
 */
#define SIZES_PER_TEST	31u
#define NGROUPS	((NSIZES + SIZES_PER_TEST - 1) / SIZES_PER_TEST)

/*
 * Size k of NSIZES: item counts 1 to EXPLORE_TEST_ITEMS with 4
 * operations, dary's arity in turn, then a few large heaps with every
 * arity and the default operations.
 */
static void
check_size(unsigned k)
{
	char dir[PATH_MAX], items[16], arity[16], what[64];
	const char *args[] = { "--layout", "all", "--items", items, "--arity",
	    arity, "--ops", "4", NULL };
	bool small = k < EXPLORE_TEST_ITEMS;
	char *page;

	snprintf(items, sizeof(items), "%u", small ? k + 1 :
	    large[(k - EXPLORE_TEST_ITEMS) / NARITIES]);
	snprintf(arity, sizeof(arity), "%u", arities[small ? k % NARITIES :
	    (k - EXPLORE_TEST_ITEMS) % NARITIES]);
	if (!small)
		args[6] = NULL;
	snprintf(what, sizeof(what), "--items %s --arity %s", items, arity);
	page = make_page(args, dir);
	check_tracks(page, what, !small);
	free(page);
	scratch_remove(dir);
}

/* explain --html of every layout runs for every size, a group a test. */
START_TEST(html_every_layout_every_size)
{
	unsigned k, first = (unsigned)_i * SIZES_PER_TEST;

	for (k = first; k < first + SIZES_PER_TEST && k < NSIZES; k++)
		check_size(k);
}
END_TEST

/* explain --svg's caption counts in words, and the key is there. */
START_TEST(svg_caption_and_key)
{
	char dir[PATH_MAX], path[PATH_MAX];
	struct outcome o;
	char *svg;

	scratch_make(dir);
	path_in(path, sizeof(path), dir, "t.svg");
	run(&o, "explain", "--items", "31", "--entries-per-page", "8", "--svg",
	    path, NULL);
	expect_success(&o);
	svg = slurp(path);
	/* 8 entries a page: the binary heap crosses twice, the B-heap once. */
	ck_assert_msg(strstr(svg, "path to 31 makes 2 page crossings") != NULL
	    && strstr(svg, "path to 31 makes 1 page crossing<") != NULL &&
	    strstr(svg, "1 crossings") == NULL, "%s: captions", o.command);
	ck_assert_msg(strstr(svg, ">colour = page:<") != NULL &&
	    strstr(svg, ">page crossing<") != NULL &&
	    strstr(svg, ">path to 31<") != NULL, "%s: no key", o.command);
	free(svg);
	outcome_free(&o);
	scratch_remove(dir);
}
END_TEST

/* Bad input ------------------------------------------------------------ */

static const struct bad_html {
	const char	*args[6];
	const char	*quote;		/* the offending text */
	const char	*also;		/* the accepted range, or the option */
} bad_html[] = {
	{ { "--ops", "5" }, "--ops", "--html only" },
	{ { "--seed", "5" }, "--seed", "--html only" },
	{ { "--items", "513" }, "'513'", "1 to 512" },
	{ { "--html", "/nonexistent-dir/t.html" }, "/nonexistent-dir/t.html",
	    "--html" },
	{ { "--html", "t.html", "--ops", "0" }, "'0'", "1 to 256" },
	{ { "--html", "t.html", "--workload", "fill" }, "'fill'",
	    "replace, reorder, mix" },
	{ { "--html", "t.html", "--resident", "17" }, "'17'", "16 pages" },
	/* A size, as the main command reads it: 2K is 32 pages of 64 bytes. */
	{ { "--html", "t.html", "--resident", "2K" }, "'2K'", "16 pages" },
	{ { "--html", "t.html", "--resident", "all" }, "all", "one" },
	{ { "--html", "t.html", "--resident", "0" }, "'0'", "1 to" },
	{ { "--html", "t.html", "--items", "4097" }, "'4097'", "1 to 4096" },
	{ { "--html" }, "--html", "needs a value" },
};

#define NBAD (sizeof(bad_html) / sizeof(bad_html[0]))

START_TEST(html_bad_input_refused)
{
	const struct bad_html *c = &bad_html[_i];
	const char *args[8] = { "explain" };
	struct outcome o;
	size_t i;

	for (i = 0; c->args[i] != NULL; i++)
		args[i + 1] = c->args[i];
	args[i + 1] = NULL;
	run_argv(&o, args);
	ck_assert_msg(o.status == EXIT_USAGE, "%s: exit %d, not %d; stderr: "
	    "%s", o.command, o.status, EXIT_USAGE, o.err.data);
	ck_assert_msg(o.out.len == 0 && one_line(&o.err), "%s: stdout '%s', "
	    "stderr '%s'", o.command, o.out.data, o.err.data);
	ck_assert_msg(strstr(o.err.data, c->quote) != NULL &&
	    strstr(o.err.data, c->also) != NULL, "%s: the message does not "
	    "show %s and %s: %s", o.command, c->quote, c->also, o.err.data);
	ck_assert_msg(fopen("t.html", "r") == NULL, "%s: wrote t.html",
	    o.command);
	outcome_free(&o);
}
END_TEST

Suite *
explore_suite(void)
{
	Suite *suite = suite_create("explore");
	TCase *tc = scratch_tcase("html", 60);

	tcase_add_loop_test(tc, html_counts_equal_csv, 0, (int)NRUNS);
	tcase_add_loop_test(tc, html_budgets_equal_resident_all, 0,
	    (int)NRUNS);
	tcase_add_loop_test(tc, html_bad_input_refused, 0, (int)NBAD);
	tcase_add_test(tc, svg_caption_and_key);
	tcase_add_loop_test(tc, html_every_layout_every_size, 0, (int)NGROUPS);
	suite_add_tcase(suite, tc);
	return suite;
}
