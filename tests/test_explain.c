/*
 * test_explain.c: "bheapsim explain", run as a student would run it.
 *
 * The CSV must place every index where the rules say: parents from
 * reference.c for the B-heap and the d-ary heap (the binary heap's are
 * u / 2), page and offset from the index, depth by walking those
 * parents to the root.  The SVG must be well-formed XML (checked with
 * xmllint where it is installed) and appear whole; bad input must be
 * refused with status 2 and one line naming the value.
 */
#include <inttypes.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests.h"

/* Parameters -------------------------------------------------------- */

#define EXIT_USAGE	2
#define CSV_ITEMS	500
#define CSV_HEADER	"layout,index,parent,page,offset,depth\n"

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

/*
 * Checks stdout, in place: the header, then for each layout named, items
 * rows in index order, each where the rules put it.
 */
static void
check_csv(struct outcome *o, const char *const names[], size_t nnames,
    uint64_t items, uint64_t entries, uint64_t arity)
{
	char *line = o->out.data, *end;
	size_t l;
	uint64_t u;

	ck_assert_msg(strncmp(line, CSV_HEADER, strlen(CSV_HEADER)) == 0,
	    "%s: the header is not %s: %.100s", o->command, CSV_HEADER, line);
	line += strlen(CSV_HEADER);
	for (l = 0; l < nnames; l++) {
		for (u = 1; u <= items; u++) {
			char layout[16];
			unsigned long long index, parent, page, offset, depth;
			int used = -1;

			end = strchr(line, '\n');
			ck_assert_msg(end != NULL, "%s: %zu rows, expected %"
			    PRIu64, o->command, l * items + u - 1,
			    nnames * items);
			*end = '\0';
			sscanf(line, "%15[^,],%llu,%llu,%llu,%llu,%llu%n",
			    layout, &index, &parent, &page, &offset, &depth,
			    &used);
			need(used == (int)strlen(line), "%s: row '%s'",
			    o->command, line);
			need(strcmp(layout, names[l]) == 0 && index == u,
			    "%s: row '%s' should be %s index %" PRIu64,
			    o->command, line, names[l], u);
			need(parent == expected_parent(layout, entries, arity,
			    u), "%s: row '%s': parent should be %" PRIu64,
			    o->command, line,
			    expected_parent(layout, entries, arity, u));
			need(page == u / entries && offset == u % entries,
			    "%s: row '%s': page %" PRIu64 " offset %" PRIu64
			    " expected", o->command, line, u / entries,
			    u % entries);
			need(depth == expected_depth(layout, entries, arity,
			    u), "%s: row '%s': depth should be %" PRIu64,
			    o->command, line,
			    expected_depth(layout, entries, arity, u));
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
	char items[16];
	struct outcome o;

	snprintf(items, sizeof(items), "%u", CSV_ITEMS);
	run(&o, "explain", "--layout", c->layout, "--format", "csv", "--items",
	    items, "--entries-per-page", c->entries,
	    c->arity != NULL ? "--arity" : NULL, c->arity, NULL);
	expect_success(&o);
	check_csv(&o, names, 1, CSV_ITEMS, strtoull(c->entries, NULL, 10),
	    c->arity != NULL ? strtoull(c->arity, NULL, 10) : 0);
	outcome_free(&o);
}
END_TEST

/* Layouts come in the order of the main program's, whatever the list says. */
START_TEST(csv_of_every_layout)
{
	static const char *const all[] = { "binheap", "bheap", "dary" };
	struct outcome o;

	run(&o, "explain", "--layout", "dary,binheap,bheap", "--format", "csv",
	    "--items", "100", "--entries-per-page", "16", "--arity", "5", NULL);
	expect_success(&o);
	check_csv(&o, all, 3, 100, 16, 5);
	outcome_free(&o);
	/* By default the binary heap and the B-heap, side by side. */
	run(&o, "explain", "--format", "csv", "--items", "512", NULL);
	expect_success(&o);
	check_csv(&o, all, 2, 512, 8, 0);
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
		"[page 1]  <- page crossing\n",
		"page crossings on paths from the root",
	};
	struct outcome o;
	size_t i;

	run(&o, "explain", NULL);
	expect_success(&o);
	for (i = 0; i < sizeof(says) / sizeof(says[0]); i++)
		ck_assert_msg(strstr(o.out.data, says[i]) != NULL, "%s: does "
		    "not say '%s'", o.command, says[i]);
	ck_assert_msg(strstr(o.out.data, "dary") == NULL, "%s: shows dary "
	    "unasked", o.command);
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
	    "--entries-per-page", "32", NULL);
	expect_success(&o);
	for (p = o.out.data; (p = strstr(p, " [page ")) != NULL; p++)
		nodes++;
	ck_assert_msg(nodes == 900, "%s: %zu nodes drawn, not 900", o.command,
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
		"--format", "--svg", "--help",
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
	ck_assert_msg(circles == 600, "%s: %zu circles, not 600", o.command,
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
	{ { "--format", "xml" }, "'xml'", "text, csv" },
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
	tcase_add_test(tc, text_compares_crossings);
	tcase_add_test(tc, text_draws_every_node);
	tcase_add_test(tc, help_names_every_option);
	tcase_add_test(tc, svg_well_formed);
	tcase_add_loop_test(tc, bad_input_refused, 0, (int)NBAD);
	suite_add_tcase(suite, tc);
	return suite;
}
