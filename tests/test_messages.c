/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_messages.c: every option's refusals, found from the help that
 * lists them: an option with no value says what it takes, as its help
 * entry does, and a value with newlines and escape codes is shown
 * escaped, in one line, whatever the option.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests.h"

/* Parameters -------------------------------------------------------- */

#define EXIT_USAGE	2
#define MAX_OPTIONS	64
/* A value no option takes: a path under no directory, a newline, ESC. */
#define HOSTILE		"/nonexistent-\n\x1b[1m/x"

/* The commands and their help. */
static const struct command {
	const char	*name;		/* NULL: bheapsim itself */
	const char	*tail;		/* an argument after the option, or NULL */
} commands[] = {
	{ NULL, NULL },
	{ "explain", NULL },
	{ "compare", "x.csv" },
};
#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

/* Helpers ------------------------------------------------------------- */

/* An option of the help: "  --NAME VALUE  what it takes". */
struct entry {
	char	name[32];
	char	value[32];
};

/*
 * The options the help of `c` lists with a value: a line "  --NAME" and
 * one space, then the value's name.  Returns how many.
 */
static size_t
options_with_values(const struct command *c, struct entry out[])
{
	struct outcome o;
	const char *line;
	size_t n = 0;

	if (c->name != NULL)
		run(&o, c->name, "--help", NULL);
	else
		run(&o, "--help", NULL);
	ck_assert_msg(o.status == 0, "%s: exit %d", o.command, o.status);
	for (line = o.out.data; line != NULL && *line != '\0';
	    line = strchr(line, '\n') != NULL ? strchr(line, '\n') + 1 : NULL) {
		int name_len, value_len;

		if (strncmp(line, "  --", 4) != 0)
			continue;
		name_len = 2 + (int)strspn(line + 4,
		    "abcdefghijklmnopqrstuvwxyz-");
		if (line[2 + name_len] != ' ' || line[3 + name_len] == ' ')
			continue;
		value_len = (int)strcspn(line + 3 + name_len, " \n");
		ck_assert(n < MAX_OPTIONS && name_len < 32 && value_len < 32);
		snprintf(out[n].name, sizeof(out[n].name), "%.*s", name_len,
		    line + 2);
		snprintf(out[n].value, sizeof(out[n].value), "%.*s", value_len,
		    line + 3 + name_len);
		n++;
	}
	outcome_free(&o);
	ck_assert_msg(n > 0, "%s --help lists no option with a value",
	    c->name != NULL ? c->name : "bheapsim");
	return n;
}

/* Runs c's option with `value` (NULL: none), then its tail. */
static void
run_option(struct outcome *o, const struct command *c, const char *option,
    const char *value)
{
	const char *args[6];
	size_t n = 0;

	if (c->name != NULL)
		args[n++] = c->name;
	args[n++] = option;
	if (value != NULL)
		args[n++] = value;
	if (c->tail != NULL && value != NULL)
		args[n++] = c->tail;
	args[n] = NULL;
	run_argv(o, args);
}

/* Whether text has a control byte but for a last newline. */
static bool
has_control(const struct capture *c)
{
	size_t i;

	for (i = 0; i + 1 < c->len; i++)
		if ((unsigned char)c->data[i] < 0x20 ||
		    (unsigned char)c->data[i] == 0x7f)
			return true;
	return false;
}

/* Tests --------------------------------------------------------------- */

/*
 * "--items needs a value" said nothing of what it takes: each option
 * given last, with no value, names itself and its help's entry.
 */
START_TEST(missing_value_says_what_it_takes)
{
	const struct command *c = &commands[_i];
	struct entry entries[MAX_OPTIONS];
	size_t n = options_with_values(c, entries), i;
	char want[sizeof(struct entry) + 32];

	for (i = 0; i < n; i++) {
		struct outcome o;

		run_option(&o, c, entries[i].name, NULL);
		snprintf(want, sizeof(want), "%.31s needs a value: %.31s, ",
		    entries[i].name, entries[i].value);
		ck_assert_msg(o.status == EXIT_USAGE && one_line(&o.err) &&
		    strstr(o.err.data, want) != NULL, "%s: exit %d, and not "
		    "one line saying '%s...': %s", o.command, o.status, want,
		    o.err.data);
		outcome_free(&o);
	}
}
END_TEST

/*
 * Values were echoed raw by most options (--resident, --cache, --plot,
 * --vm-dir, explain --svg, ...): a newline broke the one line and an
 * escape code reached the terminal.
 */
START_TEST(hostile_value_shown_escaped)
{
	const struct command *c = &commands[_i];
	struct entry entries[MAX_OPTIONS];
	size_t n = options_with_values(c, entries), i;

	for (i = 0; i < n; i++) {
		struct outcome o;

		run_option(&o, c, entries[i].name, HOSTILE);
		ck_assert_msg(o.status == EXIT_USAGE && one_line(&o.err) &&
		    !has_control(&o.err), "%s: exit %d, stderr not one "
		    "line of printable text: %s", o.command, o.status,
		    o.err.data);
		outcome_free(&o);
	}
}
END_TEST

/*
 * The refusals that list the fields list all of them: --columns' was cut
 * at 768 bytes, mid-name.  Both name the CSV header's last field, a
 * numeric one.
 */
START_TEST(field_lists_whole)
{
	static const char *const refused[][2] = {
		{ "--columns", "nosuch" }, { "--plot-y", "nosuch" },
	};
	struct outcome csv, o;
	const char *last;
	char want[128];
	size_t i;

	run(&csv, "--items", "1K", "--vm", "off", "--format", "csv", NULL);
	expect_success(&csv);
	last = strchr(csv.out.data, '\n');
	ck_assert_ptr_nonnull(last);
	while (last > csv.out.data && last[-1] != ',')
		last--;
	snprintf(want, sizeof(want), " %.*s",
	    (int)(strchr(last, '\n') - last), last);
	for (i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		run(&o, refused[i][0], refused[i][1], NULL);
		ck_assert_msg(o.status == EXIT_USAGE && one_line(&o.err) &&
		    strstr(o.err.data, want) != NULL, "%s: exit %d, not "
		    "naming '%s': %s", o.command, o.status, want + 1,
		    o.err.data);
		outcome_free(&o);
	}
	outcome_free(&csv);
}
END_TEST

/*
 * Each command parsed its own options, and their refusals drifted: a bad
 * value under explain said "bheapsim: --items: ..." with no "explain:".
 * Now every command's refusal is one line, "bheapsim: ", the subcommand
 * and ": " if any, then what is wrong, and exit status 2 (issue 36).
 */
START_TEST(refusals_of_one_form)
{
	static const struct {
		const char	*args[4];
		const char	*says;	/* the whole line, or its start */
		bool		 whole;
	} cases[] = {
		{ { "explain", "--bogus" }, "bheapsim: explain: unknown option "
		    "'--bogus'; bheapsim explain --help lists them\n", true },
		{ { "compare", "--items", "x" }, "bheapsim: compare: unknown "
		    "option '--items'; bheapsim compare --help lists them\n",
		    true },
		{ { "--items", "x" }, "bheapsim: --items: 'x' is not a count "
		    "from 1 to ", false },
		{ { "explain", "--items", "x" }, "bheapsim: explain: --items: "
		    "'x' is not a count from 1 to ", false },
		{ { "--bogus" }, "bheapsim: unknown option '--bogus'; bheapsim "
		    "--help lists them\n", true },
		{ { "compare", "--format", "x" }, "bheapsim: compare: --format: "
		    "'x' is not one of table, csv, json, md\n", true },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct outcome o;
		size_t len = strlen(cases[i].says);

		run_argv(&o, cases[i].args);
		ck_assert_msg(o.status == EXIT_USAGE && one_line(&o.err) &&
		    o.out.len == 0 && (cases[i].whole ?
		    strcmp(o.err.data, cases[i].says) == 0 :
		    strncmp(o.err.data, cases[i].says, len) == 0),
		    "%s: exit %d, and not one line %s '%s': %s", o.command,
		    o.status, cases[i].whole ? "reading" : "starting",
		    cases[i].says, o.err.data);
		outcome_free(&o);
	}
}
END_TEST

Suite *
messages_suite(void)
{
	Suite *s = suite_create("messages");
	TCase *tc = tcase_create("every option");

	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, missing_value_says_what_it_takes, 0,
	    (int)NCOMMANDS);
	tcase_add_loop_test(tc, hostile_value_shown_escaped, 0,
	    (int)NCOMMANDS);
	tcase_add_test(tc, field_lists_whole);
	tcase_add_test(tc, refusals_of_one_form);
	suite_add_tcase(s, tc);
	return s;
}
