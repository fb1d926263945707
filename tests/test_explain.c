/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_explain.c: "bheapsim explain", run as a student would run it.
 *
 * The CSV must place every index where the rules say: parents from
 * reference.c for the B-heap and the d-ary heap (the binary heap's are
 * u / 2), page and offset from the index, depth by walking those
 * parents to the root, and with --line-bytes the line from the index
 * and the pointer size.  The text's path must mark and count the page
 * and line crossings of those parents.  The SVG must be well-formed XML
 * (checked with xmllint where it is installed) and appear whole; bad
 * input must be refused with status 2 and one line naming the value.
 */
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "exits.h"
#include "tests.h"

/* Parameters -------------------------------------------------------- */

#define CSV_ITEMS	500
#define CSV_COLUMNS	"layout,index,parent,page,offset,depth"
#define CSV_HEADER	CSV_COLUMNS "\n"
#define CSV_LINE_HEADER	CSV_COLUMNS ",line\n"	/* with --line-bytes */
#define LINE_ITEMS	200		/* a last page part full */
#define LINE_ARITY	4
#define SCREEN_LINES	50		/* a terminal's height the default text fits */

/* What a run was asked for, as the rules need it. */
struct geometry {
	uint64_t	entries;	/* per page */
	uint64_t	arity;		/* of dary */
	uint64_t	line_entries;	/* per line; 0: no --line-bytes */
};

/* The rules, from outside the program --------------------------------- */

static uint64_t
expected_parent(const char *layout, uint64_t entries, uint64_t arity,
    uint64_t u)
{
	if (u == 1)
		return 0;
	if (strcmp(layout, "binheap") == 0)
		return u / 2;
	if (strcmp(layout, "dary") == 0)
		return ref_dary_parent(arity, u);
	return ref_bheap_parent(entries, u);
}

static uint64_t
expected_depth(const char *layout, uint64_t entries, uint64_t arity,
    uint64_t u)
{
	uint64_t depth = 0;

	for (; u > 1; u = expected_parent(layout, entries, arity, u))
		depth++;
	return depth;
}

/* One CSV row, NUL-terminated: index u of layout `name`, by the rules. */
static void
check_row(const struct outcome *o, const char *row, const char *name,
    uint64_t u, const struct geometry *g)
{
	char layout[16];
	unsigned long long index, parent, page, offset, depth, line = 0;
	int used = -1, more = 0;

	sscanf(row, "%15[^,],%llu,%llu,%llu,%llu,%llu%n", layout, &index,
	    &parent, &page, &offset, &depth, &used);
	if (g->line_entries != 0 && used > 0)
		sscanf(row + used, ",%llu%n", &line, &more);
	need(used > 0 && used + more == (int)strlen(row), "%s: row '%s'",
	    o->command, row);
	need(strcmp(layout, name) == 0 && index == u, "%s: row '%s' should "
	    "be %s index %" PRIu64, o->command, row, name, u);
	need(parent == expected_parent(layout, g->entries, g->arity, u),
	    "%s: row '%s': parent should be %" PRIu64, o->command, row,
	    expected_parent(layout, g->entries, g->arity, u));
	need(page == u / g->entries && offset == u % g->entries, "%s: row "
	    "'%s': page %" PRIu64 " offset %" PRIu64 " expected", o->command,
	    row, u / g->entries, u % g->entries);
	need(depth == expected_depth(layout, g->entries, g->arity, u),
	    "%s: row '%s': depth should be %" PRIu64, o->command, row,
	    expected_depth(layout, g->entries, g->arity, u));
	/* Entry u is at byte u x pointer: line u x pointer / line bytes. */
	need(g->line_entries == 0 || line == u / g->line_entries, "%s: row "
	    "'%s': line should be %" PRIu64, o->command, row,
	    u / g->line_entries);
}

/*
 * Checks stdout, in place: the header, then for each layout named, items
 * rows in index order, each where the rules put it.
 */
static void
check_csv(struct outcome *o, const char *const names[], size_t nnames,
    uint64_t items, const struct geometry *g)
{
	const char *header = g->line_entries != 0 ? CSV_LINE_HEADER :
	    CSV_HEADER;
	char *line = o->out.data, *end;
	size_t l;
	uint64_t u;

	ck_assert_msg(strncmp(line, header, strlen(header)) == 0,
	    "%s: the header is not %s: %.100s", o->command, header, line);
	line += strlen(header);
	for (l = 0; l < nnames; l++) {
		for (u = 1; u <= items; u++) {
			end = strchr(line, '\n');
			ck_assert_msg(end != NULL, "%s: %zu rows, expected %"
			    PRIu64, o->command, l * items + u - 1,
			    nnames * items);
			*end = '\0';
			check_row(o, line, names[l], u, g);
			line = end + 1;
		}
	}
	ck_assert_msg(*line == '\0', "%s: more rows than expected: %.100s",
	    o->command, line);
}

/* CSV ------------------------------------------------------------------ */

static const struct csv_case {
	const char	*layout;
	const char	*entries;
	const char	*arity;		/* NULL: the default, unused */
} csv_cases[] = {
	{ "bheap", "8", NULL }, { "bheap", "16", NULL },
	{ "bheap", "32", NULL }, { "bheap", "64", NULL },
	{ "binheap", "8", NULL }, { "binheap", "16", NULL },
	{ "binheap", "32", NULL }, { "binheap", "64", NULL },
	{ "dary", "8", "2" }, { "dary", "8", "3" }, { "dary", "16", "4" },
	{ "dary", "32", "8" }, { "dary", "64", "16" }, { "dary", "8", "64" },
};

#define NCSV (sizeof(csv_cases) / sizeof(csv_cases[0]))

START_TEST(csv_follows_the_rules)
{
	const struct csv_case *c = &csv_cases[_i];
	const char *names[1] = { c->layout };
	const struct geometry g = { strtoull(c->entries, NULL, 10),
	    c->arity != NULL ? strtoull(c->arity, NULL, 10) : 0, 0 };
	char items[16];
	struct outcome o;

	snprintf(items, sizeof(items), "%u", CSV_ITEMS);
	run(&o, "explain", "--layout", c->layout, "--format", "csv", "--items",
	    items, "--entries-per-page", c->entries,
	    c->arity != NULL ? "--arity" : NULL, c->arity, NULL);
	expect_success(&o);
	check_csv(&o, names, 1, CSV_ITEMS, &g);
	outcome_free(&o);
}
END_TEST

/* Layouts come in the order of the main program's, whatever the list says. */
START_TEST(csv_of_every_layout)
{
	static const char *const all[] = { "binheap", "bheap", "dary" };
	static const struct geometry every = { 16, 5, 0 }, two = { 8, 0, 0 };
	struct outcome o;

	run(&o, "explain", "--layout", "dary,binheap,bheap", "--format", "csv",
	    "--items", "100", "--entries-per-page", "16", "--arity", "5", NULL);
	expect_success(&o);
	check_csv(&o, all, 3, 100, &every);
	outcome_free(&o);
	/* By default the binary heap and the B-heap, side by side. */
	run(&o, "explain", "--format", "csv", "--items", "512", NULL);
	expect_success(&o);
	check_csv(&o, all, 2, 512, &two);
	outcome_free(&o);
}
END_TEST

/* Cache lines ------------------------------------------------------------ */

static const struct line_case {
	const char	*layout;
	unsigned	 entries;	/* per page */
	unsigned	 per_line;	/* entries per line */
} line_cases[] = {
	{ "binheap", 8, 1 }, { "binheap", 8, 2 }, { "binheap", 64, 8 },
	{ "binheap", 64, 64 }, { "bheap", 8, 2 }, { "bheap", 16, 4 },
	{ "bheap", 64, 8 }, { "dary", 16, 16 }, { "dary", 64, 8 },
};

#define NLINES (sizeof(line_cases) / sizeof(line_cases[0]))

/*
 * Runs c's layout and geometry in `format`, --line-bytes given before
 * the --entries-per-page that bounds it.
 */
static void
run_lines(struct outcome *o, const struct line_case *c, const char *format)
{
	char items[16], bytes[16], entries[16], arity[16];

	snprintf(items, sizeof(items), "%u", LINE_ITEMS);
	snprintf(bytes, sizeof(bytes), "%u", c->per_line * ABI_PTR_BYTES);
	snprintf(entries, sizeof(entries), "%u", c->entries);
	snprintf(arity, sizeof(arity), "%u", LINE_ARITY);
	/* --arity only where dary runs: elsewhere it is refused. */
	run(o, "explain", "--layout", c->layout, "--items", items,
	    "--line-bytes", bytes, "--entries-per-page", entries, "--format",
	    format, strcmp(c->layout, "dary") == 0 ? "--arity" : NULL, arity,
	    NULL);
	expect_success(o);
}

START_TEST(csv_gives_lines)
{
	const struct line_case *c = &line_cases[_i];
	const char *names[1] = { c->layout };
	const struct geometry g = { c->entries, LINE_ARITY, c->per_line };
	struct outcome o;

	run_lines(&o, c, "csv");
	check_csv(&o, names, 1, LINE_ITEMS, &g);
	outcome_free(&o);
}
END_TEST

/* printf to the end of buf, which has room. */
static void
append(char *buf, size_t size, const char *format, ...)
{
	size_t len = strlen(buf);
	va_list ap;

	va_start(ap, format);
	vsnprintf(buf + len, size - len, format, ap);
	va_end(ap);
}

/*
 * What the text says of the path to the last index, from reference.c's
 * parents: the path, '|' where it changes page and ':' where it changes
 * line inside a page; the lines it visits and the crossings counted.
 */
static void
expected_path(const struct line_case *c, char *path, char *lines,
    size_t size)
{
	uint64_t nodes[LINE_ITEMS + 1], u;
	size_t steps = 0, i;
	unsigned crossed = 0, inside = 0;

	for (u = LINE_ITEMS; u != 0; u = expected_parent(c->layout,
	    c->entries, LINE_ARITY, u))
		nodes[steps++] = u;
	snprintf(path, size, "\n  1");
	snprintf(lines, size, "\n  lines %u", 1 / c->per_line);
	for (i = steps - 1; i-- > 0;) {
		uint64_t child = nodes[i], parent = nodes[i + 1];
		bool page = child / c->entries != parent / c->entries;
		bool line = child / c->per_line != parent / c->per_line;

		append(path, size, "%s%" PRIu64, page ? " | " :
		    line ? " : " : " ", child);
		if (line)
			append(lines, size, " %" PRIu64, child / c->per_line);
		crossed += line;
		inside += line && !page;
	}
	append(path, size, "\n");
	append(lines, size, ": %u line crossing%s, %u inside a page\n",
	    crossed, crossed == 1 ? "" : "s", inside);
}

START_TEST(text_counts_line_crossings)
{
	const struct line_case *c = &line_cases[_i];
	char path[1024], lines[1024];
	struct outcome o;

	run_lines(&o, c, "table");
	expected_path(c, path, lines, sizeof(path));
	ck_assert_msg(strstr(o.out.data, path) != NULL, "%s: the path is not "
	    "drawn as%s", o.command, path);
	ck_assert_msg(strstr(o.out.data, lines) != NULL, "%s: does not say%s",
	    o.command, lines);
	outcome_free(&o);
}
END_TEST

/*
 * The README's example: two entries a line (16 bytes on x86-64), eight
 * a page, so each page splits into four lines, and a binary heap's node
 * is never in its parent's line.
 */
START_TEST(text_marks_lines)
{
	static const char *const says[] = {
		"           lines 0-3: 1 : 2-3 : 4-5 : 6-7\n",
		"  page  1: 8-15, level 3, 8 subtrees, entered from 4 5 6 7\n"
		"           lines 4-7: 8-9 : 10-11 : 12-13 : 14-15\n",
		"\ntree, each node as index [page, line]:\n1 [page 0, line 0]\n"
		"+-- 2 [page 0, line 1]  <- line crossing\n",
		"|   |   +-- 8 [page 1, line 4]  <- page crossing\n"
		"|   |   |   `-- 10 [page 1, line 5]  <- line crossing\n",
		"':' where it changes line:\n  1 : 3 : 7 | 15 | 31\n"
		"  depth 4, pages 0 1 3: 2 page crossings\n"
		"  lines 0 1 3 7 15: 4 line crossings, 2 inside a page\n",
		"  1 : 3 : 6 | 25 : 27 : 31\n"
		"  depth 5, pages 0 3: 1 page crossing\n"
		"  lines 0 1 3 12 13 15: 5 line crossings, 4 inside a page\n",
		"  binheap        4         4      4   3.16\n"
		"  bheap          5         5      5   3.61\n",
	};
	char bytes[16], header[128], summary[128];
	struct outcome o;
	size_t i;

	snprintf(bytes, sizeof(bytes), "%u", 2 * ABI_PTR_BYTES);
	snprintf(header, sizeof(header), "pages (page = index / 8) and their "
	    "%s-byte lines (line = index / 2):\n", bytes);
	snprintf(summary, sizeof(summary), "\nline crossings on paths from "
	    "the root, 31 items in 16 lines of %s bytes:\n", bytes);
	run(&o, "explain", "--items", "31", "--entries-per-page", "8",
	    "--line-bytes", bytes, NULL);
	expect_success(&o);
	ck_assert_msg(strstr(o.out.data, header) != NULL &&
	    strstr(o.out.data, summary) != NULL, "%s: does not say %s nor %s",
	    o.command, header, summary);
	for (i = 0; i < sizeof(says) / sizeof(says[0]); i++)
		ck_assert_msg(strstr(o.out.data, says[i]) != NULL, "%s: does "
		    "not say '%s'", o.command, says[i]);
	outcome_free(&o);
}
END_TEST

/* Text ----------------------------------------------------------------- */

/*
 * The default: 127 items, 8 per page.  The path to 127 crosses pages 0,
 * 1, 3, 7, 15 in the binary heap; the B-heap keeps three levels per page
 * and crosses twice.
 */
START_TEST(text_compares_crossings)
{
	static const char *const says[] = {
		"== binheap: 127 items, 8 entries per page ==",
		"== bheap: 127 items, 8 entries per page ==",
		"page  1: 8-15, levels 3-5, 2 subtrees, entered from 4\n",
		"page  1: 8-15, level 3, 8 subtrees, entered from 4 5 6 7\n",
		"pages 0 1 3 7 15: 4 page crossings\n",
		"pages 0 3 15: 2 page crossings\n",
		"page crossings on paths from the root",
		/* The header says what each part's columns are. */
		"  pages: each page's indices (or slots), the tree levels",
		"--verbose draws it",
	};
	struct outcome o;
	const char *p;
	size_t i, lines = 0;

	run(&o, "explain", NULL);
	expect_success(&o);
	for (p = o.out.data; (p = strchr(p, '\n')) != NULL; p++)
		lines++;
	ck_assert_msg(lines <= SCREEN_LINES, "%s: %zu lines, more than a "
	    "screen of %d", o.command, lines, SCREEN_LINES);
	for (i = 0; i < sizeof(says) / sizeof(says[0]); i++)
		ck_assert_msg(strstr(o.out.data, says[i]) != NULL, "%s: does "
		    "not say '%s'", o.command, says[i]);
	ck_assert_msg(strstr(o.out.data, "dary") == NULL, "%s: shows dary "
	    "unasked", o.command);
	ck_assert_msg(strstr(o.out.data, "line") == NULL, "%s: shows lines "
	    "unasked", o.command);
	outcome_free(&o);
	run(&o, "explain", "--verbose", NULL);
	expect_success(&o);
	ck_assert_msg(strstr(o.out.data, "[page 1]  <- page crossing\n") !=
	    NULL && strstr(o.out.data, "page  9: 72-79") != NULL, "%s: no "
	    "tree or not every page", o.command);
	outcome_free(&o);
}
END_TEST

/* Every node of every tree gets a line, and the smallest heap works. */
START_TEST(text_draws_every_node)
{
	struct outcome o;
	const char *p;
	size_t nodes = 0;

	run(&o, "explain", "--layout", "all", "--items", "300",
	    "--entries-per-page", "32", "--verbose", NULL);
	expect_success(&o);
	for (p = o.out.data; (p = strstr(p, " [page ")) != NULL; p++)
		nodes++;
	ck_assert_msg(nodes == 1200, "%s: %zu nodes drawn, not 1200", o.command,
	    nodes);
	outcome_free(&o);
	run(&o, "explain", "--items", "1", NULL);
	expect_success(&o);
	ck_assert_msg(strstr(o.out.data, "pages 0: 0 page crossings") != NULL,
	    "%s: %s", o.command, o.out.data);
	outcome_free(&o);
}
END_TEST

START_TEST(help_names_every_option)
{
	static const char *const options[] = {
		"--layout", "--items", "--entries-per-page", "--arity",
		"--format", "--svg", "--help", "--line-bytes", "--verbose",
	};
	struct outcome o;
	size_t i;

	run(&o, "explain", "--help", NULL);
	expect_success(&o);
	for (i = 0; i < sizeof(options) / sizeof(options[0]); i++)
		ck_assert_msg(strstr(o.out.data, options[i]) != NULL,
		    "explain --help does not mention %s", options[i]);
	outcome_free(&o);
	run(&o, "--help", NULL);
	expect_success(&o);
	ck_assert_msg(strstr(o.out.data, "bheapsim explain") != NULL,
	    "bheapsim --help does not mention explain");
	outcome_free(&o);
}
END_TEST

/* SVG ------------------------------------------------------------------ */

static bool
have_xmllint(void)
{
	return system("command -v xmllint >/dev/null 2>&1") == 0;
}

START_TEST(svg_well_formed)
{
	char dir[PATH_MAX], path[PATH_MAX], command[PATH_MAX + 64];
	char head[64], left[1024];
	struct outcome o;
	FILE *f;
	size_t circles = 0;
	int ch, state = 0;

	scratch_make(dir);
	path_in(path, sizeof(path), dir, "tree.svg");
	run(&o, "explain", "--layout", "all", "--items", "200",
	    "--entries-per-page", "16", "--arity", "4", "--format", "csv",
	    "--svg", path, NULL);
	expect_success(&o);
	ck_assert_msg(list_dir(dir, left, sizeof(left)) == 1 &&
	    strcmp(left, "tree.svg") == 0, "%s: the directory holds: %s",
	    o.command, left);
	file_head(path, head, sizeof(head));
	ck_assert_msg(strncmp(head, "<?xml", 5) == 0, "%s: tree.svg starts: "
	    "%s", o.command, head);
	/* One circle per node: count "<circle" without a parser. */
	f = fopen(path, "r");
	ck_assert(f != NULL);
	while ((ch = fgetc(f)) != EOF) {
		state = ch == "<circle"[state] ? state + 1 : ch == '<';
		if (state == 7) {
			circles++;
			state = 0;
		}
	}
	fclose(f);
	ck_assert_msg(circles == 800, "%s: %zu circles, not 800", o.command,
	    circles);
	if (have_xmllint()) {
		snprintf(command, sizeof(command),
		    "xmllint --noout '%s' >&2", path);
		ck_assert_msg(system(command) == 0, "%s: xmllint refuses %s",
		    o.command, path);
	} else
		fprintf(stderr, "note: svg_well_formed: xmllint is not "
		    "installed; the SVG was not parsed\n");
	outcome_free(&o);
	scratch_remove(dir);
}
END_TEST

/* Bad input ------------------------------------------------------------ */

static const struct bad_input {
	const char	*args[6];
	const char	*quote;		/* the offending text */
	const char	*also;		/* the accepted range, or the option */
} bad_inputs[] = {
	{ { "--items", "0" }, "'0'", "1 to 512" },
	{ { "--items", "513" }, "'513'", "1 to 512" },
	{ { "--items", "many" }, "'many'", "--items" },
	{ { "--entries-per-page", "12" }, "'12'", "power of two from 8 to 64" },
	{ { "--entries-per-page", "4" }, "'4'", "8 to 64" },
	{ { "--entries-per-page", "128" }, "'128'", "8 to 64" },
	{ { "--arity", "1" }, "'1'", "2 to 64" },
	{ { "--arity", "65" }, "'65'", "2 to 64" },
	{ { "--format", "xml" }, "'xml'", "table, csv" },
	{ { "--layout", "heap" }, "'heap'", "binheap, bheap, dary" },
	{ { "--svg", "/nonexistent-dir/t.svg" }, "/nonexistent-dir/t.svg",
	    "--svg" },
	{ { "--frobnicate" }, "'--frobnicate'", "unknown option" },
	{ { "--items" }, "--items", "needs a value" },
	{ { "stray" }, "'stray'", "unexpected argument" },
};

#define NBAD (sizeof(bad_inputs) / sizeof(bad_inputs[0]))

START_TEST(bad_input_refused)
{
	const struct bad_input *c = &bad_inputs[_i];
	const char *args[8] = { "explain" };
	struct outcome o;
	size_t i;

	for (i = 0; c->args[i] != NULL; i++)
		args[i + 1] = c->args[i];
	args[i + 1] = NULL;
	run_argv(&o, args);
	ck_assert_msg(o.status == EXIT_USAGE, "%s: exit %d, not %d; stderr: "
	    "%s", o.command, o.status, EXIT_USAGE, o.err.data);
	ck_assert_msg(o.out.len == 0, "%s: wrote to stdout: %s", o.command,
	    o.out.data);
	ck_assert_msg(one_line(&o.err), "%s: stderr is not one line: '%s'",
	    o.command, o.err.data);
	ck_assert_msg(strstr(o.err.data, c->quote) != NULL &&
	    strstr(o.err.data, c->also) != NULL, "%s: the message does not "
	    "show %s and %s: %s", o.command, c->quote, c->also, o.err.data);
	outcome_free(&o);
}
END_TEST

/*
 * --line-bytes outside a power of two from one pointer to a page: the
 * page of the --entries-per-page that follows it.  bytes NULL stands for
 * half_pointers halves of a pointer, which depends on the ABI.
 */
static const struct bad_line {
	const char	*entries;
	const char	*bytes;
	unsigned	 half_pointers;
} bad_lines[] = {
	{ "8", "0", 0 }, { "8", "3", 0 }, { "8", "12", 0 },
	{ "8", "many", 0 }, { "8", "", 0 }, { "64", "1K", 0 },
	{ "8", NULL, 1 },		/* half a pointer */
	{ "8", NULL, 32 },		/* two pages */
	{ "16", NULL, 64 },
};

#define NBADLINES (sizeof(bad_lines) / sizeof(bad_lines[0]))

START_TEST(bad_line_bytes_refused)
{
	const struct bad_line *c = &bad_lines[_i];
	char computed[16], quote[40], range[64];
	const char *bytes = c->bytes;
	struct outcome o;

	if (bytes == NULL) {
		snprintf(computed, sizeof(computed), "%u",
		    c->half_pointers * ABI_PTR_BYTES / 2);
		bytes = computed;
	}
	snprintf(quote, sizeof(quote), "--line-bytes: '%s'", bytes);
	snprintf(range, sizeof(range), "power of two from %u to %lu bytes",
	    ABI_PTR_BYTES, strtoul(c->entries, NULL, 10) * ABI_PTR_BYTES);
	run(&o, "explain", "--line-bytes", bytes, "--entries-per-page",
	    c->entries, NULL);
	ck_assert_msg(o.status == EXIT_USAGE, "%s: exit %d, not %d; stderr: "
	    "%s", o.command, o.status, EXIT_USAGE, o.err.data);
	ck_assert_msg(o.out.len == 0, "%s: wrote to stdout: %s", o.command,
	    o.out.data);
	ck_assert_msg(one_line(&o.err), "%s: stderr is not one line: '%s'",
	    o.command, o.err.data);
	ck_assert_msg(strstr(o.err.data, quote) != NULL &&
	    strstr(o.err.data, range) != NULL, "%s: the message does not "
	    "show %s and %s: %s", o.command, quote, range, o.err.data);
	outcome_free(&o);
}
END_TEST

/* Suite ---------------------------------------------------------------- */

Suite *
explain_suite(void)
{
	Suite *suite = suite_create("explain");
	TCase *tc = tcase_create("explain");

	tcase_add_unchecked_fixture(tc, root_make, root_sweep);
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, csv_follows_the_rules, 0, (int)NCSV);
	tcase_add_test(tc, csv_of_every_layout);
	tcase_add_loop_test(tc, csv_gives_lines, 0, (int)NLINES);
	tcase_add_loop_test(tc, text_counts_line_crossings, 0, (int)NLINES);
	tcase_add_test(tc, text_marks_lines);
	tcase_add_test(tc, text_compares_crossings);
	tcase_add_test(tc, text_draws_every_node);
	tcase_add_test(tc, help_names_every_option);
	tcase_add_test(tc, svg_well_formed);
	tcase_add_loop_test(tc, bad_input_refused, 0, (int)NBAD);
	tcase_add_loop_test(tc, bad_line_bytes_refused, 0, (int)NBADLINES);
	suite_add_tcase(suite, tc);
	return suite;
}
