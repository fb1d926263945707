/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_manual.c: the manual, --help and the program agree, and stdout
 * carries the report alone.
 *
 * The manual is bheapsim.1, named by $BHEAPSIM_MAN (make check sets it;
 * without it those checks are skipped with a note).  It is read as mdoc
 * source, by these rules:
 *
 *  - an option of the program is an ".It Fl -name" item of DESCRIPTION:
 *    of "bheapsim explain" in the subsection whose title names explain,
 *    of the main form anywhere else; it takes a value when the item
 *    goes on with an argument (".It Fl -items Ar n");
 *  - in SYNOPSIS each .Nm starts a form, and ".Cm explain" makes it the
 *    explain form; its options are the Fl arguments of its lines;
 *  - a report field is an ".It Cm name" item of OUTPUT outside its
 *    subsections, in the order of the CSV columns;
 *  - any Fl argument anywhere is an option mentioned.
 *
 * An option of --help is a name at the start of one of its option lines
 * ("  --items N ...", "  --help, --version ..."); any other --name in the
 * text is only mentioned.  Then, for each form: --help's options are the
 * manual's, the manual's are its synopsis's, everything mentioned in
 * either is an option of one form, and the program takes every option
 * the way the manual says, with a value or without.
 */
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "abi.h"
#include "exits.h"
#include "tests.h"

/* Parameters -------------------------------------------------------- */

#define MAX_NAMES	96		/* options, or fields, of one kind */
#define NAME_SIZE	48
#define MAX_TOKENS	32		/* per mdoc line */
#define MAX_LINES	4096		/* of the manual, or of a report */

enum form { MAIN, EXPLAIN, NFORMS };

static const char *const form_names[NFORMS] = { "bheapsim",
    "bheapsim explain" };

/* Name sets ----------------------------------------------------------- */

struct names {
	char	name[MAX_NAMES][NAME_SIZE];
	bool	value[MAX_NAMES];	/* the option takes one */
	size_t	count;
};

static int
find(const struct names *set, const char *name)
{
	size_t i;

	for (i = 0; i < set->count; i++)
		if (strcmp(set->name[i], name) == 0)
			return (int)i;
	return -1;
}

/* Returns false if the name was there already. */
static bool
add(struct names *set, const char *name, bool value)
{
	if (find(set, name) >= 0)
		return false;
	ck_assert_msg(set->count < MAX_NAMES, "more than %d names",
	    MAX_NAMES);
	ck_assert_msg(strlen(name) < NAME_SIZE, "name too long: %s", name);
	strcpy(set->name[set->count], name);
	set->value[set->count++] = value;
	return true;
}

/* The first name of `a` that `b` lacks, or NULL. */
static const char *
missing(const struct names *a, const struct names *b)
{
	size_t i;

	for (i = 0; i < a->count; i++)
		if (find(b, a->name[i]) < 0)
			return a->name[i];
	return NULL;
}

/* The manual ---------------------------------------------------------- */

struct manual {
	char		*text;
	struct names	 option[NFORMS];	/* .It Fl items */
	struct names	 synopsis[NFORMS];
	struct names	 mentioned;		/* every Fl argument */
	struct names	 field;			/* .It Cm items of OUTPUT */
	const char	*path;
};

static char *
slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	size_t len = 0, size = 65536, n;
	char *text;

	ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
	text = malloc(size);
	ck_assert(text != NULL);
	while ((n = fread(text + len, 1, size - len - 1, f)) > 0) {
		len += n;
		if (size - len < 2) {
			size *= 2;
			text = realloc(text, size);
			ck_assert(text != NULL);
		}
	}
	ck_assert_msg(!ferror(f), "%s: read error", path);
	fclose(f);
	text[len] = '\0';
	return text;
}

/* Splits an mdoc line after its dot into arguments, in place. */
static size_t
tokens(char *p, char *token[])
{
	size_t n = 0;

	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '\0')
			return n;
		ck_assert_msg(n < MAX_TOKENS, "an mdoc line of more than %d "
		    "arguments", MAX_TOKENS);
		if (*p == '"') {
			token[n++] = ++p;
			p += strcspn(p, "\"");
		} else {
			token[n++] = p;
			p += strcspn(p, " \t");
		}
		if (*p != '\0')
			*p++ = '\0';
	}
}

/* Ar, Ns, %A: a macro ends a Fl's arguments. */
static bool
is_macro(const char *token)
{
	size_t len = strlen(token), i;

	if (len < 2 || len > 3 || !(token[0] == '%' ||
	    (token[0] >= 'A' && token[0] <= 'Z')))
		return false;
	for (i = 1; i < len; i++)
		if (!(token[i] >= 'a' && token[i] <= 'z') &&
		    !(token[i] >= 'A' && token[i] <= 'Z'))
			return false;
	return true;
}

/* Fl's argument "-items" is the option --items; "\-" and "\&" are read. */
static bool
flag_of(const char *token, char *option, size_t size)
{
	size_t n = 0;

	if (strchr(".,:;()[]|", token[0]) != NULL && token[1] == '\0')
		return false;
	option[n++] = '-';
	for (; *token != '\0' && n + 1 < size; token++) {
		if (token[0] == '\\' && token[1] == '&') {
			token++;
			continue;
		}
		if (token[0] == '\\' && token[1] == '-')
			token++;
		option[n++] = *token;
	}
	option[n] = '\0';
	return n > 1;
}

/*
 * The options that the Fl macros of one line name, into `set` (and
 * `also`, if not NULL); returns the first.  `value` says whether an
 * argument (another macro) follows a flag.
 */
static const char *
flags(char *token[], size_t n, struct names *set, struct names *also,
    bool *value)
{
	static char first[NAME_SIZE];
	char option[NAME_SIZE];
	size_t i;
	bool in_fl = false;

	first[0] = '\0';
	if (value != NULL)
		*value = false;
	for (i = 0; i < n; i++) {
		if (strcmp(token[i], "Fl") == 0) {
			in_fl = true;
			continue;
		}
		if (is_macro(token[i])) {
			if (in_fl && value != NULL && first[0] != '\0')
				*value = true;
			in_fl = false;
			continue;
		}
		if (!in_fl || !flag_of(token[i], option, sizeof(option)))
			continue;
		if (first[0] == '\0')
			snprintf(first, sizeof(first), "%s", option);
		if (set != NULL)
			add(set, option, false);
		if (also != NULL)
			add(also, option, false);
	}
	return first;
}

/* Tokens a and b, one after the other. */
static bool
has_token(char *token[], size_t n, const char *a, const char *b)
{
	size_t i;

	for (i = 0; i + 1 < n; i++)
		if (strcmp(token[i], a) == 0 && strcmp(token[i + 1], b) == 0)
			return true;
	return false;
}

/*
 * Reads the manual; returns false if none is named (manual_suite() then
 * leaves these tests out, with a note).
 */
static bool
manual_read(struct manual *m)
{
	char section[128] = "", subsection[128] = "";
	char *token[MAX_TOKENS], *line, *next;
	enum form form = MAIN;
	size_t n;

	memset(m, 0, sizeof(*m));
	m->path = getenv("BHEAPSIM_MAN");
	if (m->path == NULL || *m->path == '\0')
		return false;
	m->text = slurp(m->path);
	for (line = m->text; line != NULL; line = next) {
		next = strchr(line, '\n');
		if (next != NULL)
			*next++ = '\0';
		if (line[0] != '.' || strncmp(line, ".\\\"", 3) == 0)
			continue;
		if (strncmp(line, ".Sh ", 4) == 0) {
			snprintf(section, sizeof(section), "%s", line + 4);
			subsection[0] = '\0';
			continue;
		}
		if (strncmp(line, ".Ss ", 4) == 0) {
			snprintf(subsection, sizeof(subsection), "%s",
			    line + 4);
			continue;
		}
		n = tokens(line + 1, token);
		if (n == 0)
			continue;
		if (strcmp(section, "SYNOPSIS") == 0) {
			if (strcmp(token[0], "Nm") == 0)
				form = MAIN;
			if (has_token(token, n, "Cm", "explain"))
				form = EXPLAIN;
			flags(token, n, &m->synopsis[form], &m->mentioned,
			    NULL);
			continue;
		}
		if (strcmp(section, "DESCRIPTION") == 0 && n >= 2 &&
		    strcmp(token[0], "It") == 0 && strcmp(token[1], "Fl") == 0) {
			enum form f = strstr(subsection, "explain") != NULL ?
			    EXPLAIN : MAIN;
			bool value;
			const char *option = flags(token, n, NULL,
			    &m->mentioned, &value);

			ck_assert_msg(add(&m->option[f], option, value),
			    "%s: %s is documented twice for %s", m->path,
			    option, form_names[f]);
			continue;
		}
		if (strcmp(section, "OUTPUT") == 0 && subsection[0] == '\0' &&
		    n >= 3 && strcmp(token[0], "It") == 0 &&
		    strcmp(token[1], "Cm") == 0)
			ck_assert_msg(add(&m->field, token[2], false),
			    "%s: the field %s is documented twice", m->path,
			    token[2]);
		flags(token, n, NULL, &m->mentioned, NULL);
	}
	ck_assert_msg(m->option[MAIN].count > 0 &&
	    m->option[EXPLAIN].count > 0, "%s: no .It Fl items of %s, or of "
	    "%s in a subsection naming explain", m->path, form_names[MAIN],
	    form_names[EXPLAIN]);
	return true;
}

static void
manual_free(struct manual *m)
{
	free(m->text);
	m->text = NULL;
}

/* --help -------------------------------------------------------------- */

static bool
option_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
}

/* "--name" at p, into option; returns its length, 0 if none. */
static size_t
option_at(const char *p, char *option, size_t size)
{
	size_t len = 2;

	if (strncmp(p, "--", 2) != 0 || !option_char(p[2]) || p[2] == '-')
		return 0;
	while (option_char(p[len]))
		len++;
	ck_assert_msg(len < size, "an option too long: %.*s", (int)len, p);
	memcpy(option, p, len);
	option[len] = '\0';
	return len;
}

/* The options of --help's option lines, and every --name it mentions. */
static void
help_options(const char *text, struct names *options,
    struct names *mentioned)
{
	char option[NAME_SIZE];
	const char *p, *line;
	size_t len;

	memset(options, 0, sizeof(*options));
	memset(mentioned, 0, sizeof(*mentioned));
	for (line = text; *line != '\0'; line += strcspn(line, "\n") +
	    (line[strcspn(line, "\n")] != '\0')) {
		if (strncmp(line, "  --", 4) != 0)
			continue;
		for (p = line + 2; (len = option_at(p, option,
		    sizeof(option))) > 0; p += len + 2) {
			add(options, option, false);
			if (strncmp(p + len, ", ", 2) != 0)
				break;
		}
	}
	for (p = text; *p != '\0'; p++)
		if ((p == text || !option_char(p[-1])) &&
		    (len = option_at(p, option, sizeof(option))) > 0) {
			add(mentioned, option, false);
			p += len - 1;
		}
}

static void
run_help(struct outcome *o, enum form f)
{
	if (f == EXPLAIN)
		run(o, "explain", "--help", NULL);
	else
		run(o, "--help", NULL);
	expect_success(o);
	ck_assert_msg(strncmp(o->out.data, "usage:", 6) == 0,
	    "%s: stdout does not start with usage: %.300s", o->command,
	    o->out.data);
}

/* The manual against --help -------------------------------------------- */

START_TEST(help_and_manual_agree)
{
	struct names options, mentioned, all = { .count = 0 };
	enum form f = (enum form)_i;
	struct manual m;
	struct outcome o;
	const char *x;
	size_t i;

	if (!manual_read(&m))
		return;
	for (i = 0; i < m.option[MAIN].count; i++)
		add(&all, m.option[MAIN].name[i], false);
	for (i = 0; i < m.option[EXPLAIN].count; i++)
		add(&all, m.option[EXPLAIN].name[i], false);
	run_help(&o, f);
	help_options(o.out.data, &options, &mentioned);
	ck_assert_msg(options.count > 0, "%s: no option lines ('  --name') "
	    "in: %.300s", o.command, o.out.data);

	ck_assert_msg((x = missing(&options, &m.option[f])) == NULL,
	    "%s is in '%s --help' but not an option (.It Fl) of %s in %s", x,
	    form_names[f], form_names[f], m.path);
	ck_assert_msg((x = missing(&m.option[f], &options)) == NULL,
	    "%s is an option of %s in %s but not in '%s --help'", x,
	    form_names[f], m.path, form_names[f]);
	ck_assert_msg((x = missing(&m.synopsis[f], &m.option[f])) == NULL,
	    "%s is in the SYNOPSIS of %s in %s but not in its option list",
	    x, form_names[f], m.path);
	ck_assert_msg((x = missing(&m.option[f], &m.synopsis[f])) == NULL,
	    "%s is an option of %s in %s but not in its SYNOPSIS", x,
	    form_names[f], m.path);
	ck_assert_msg((x = missing(&mentioned, &all)) == NULL,
	    "'%s --help' mentions %s, which %s documents for neither form",
	    form_names[f], x, m.path);
	ck_assert_msg((x = missing(&m.mentioned, &all)) == NULL,
	    "%s mentions %s, which it documents for neither form", m.path, x);
	outcome_free(&o);
	manual_free(&m);
}
END_TEST

/* The manual against the program ---------------------------------------- */

/*
 * A value each option takes without complaint; "@name" is a path in a
 * scratch directory, "@" the directory.  An option not listed here gets
 * "1", which the program may refuse, but never as an unknown option.
 */
static const struct sample {
	enum form	 form;
	const char	*option;
	const char	*value;
} samples[] = {
	{ MAIN, "--arity", "4" },
	{ MAIN, "--disk-latency", "2.5ms" },
	{ MAIN, "--format", "json" },
	{ MAIN, "--item-bytes", "32" },
	{ MAIN, "--items", "1K" },
	{ MAIN, "--layout", "bheap,dary" },
	{ MAIN, "--model", "full" },
	{ MAIN, "--ops", "100" },
	{ MAIN, "--output", "@report.csv" },
	{ MAIN, "--page-size", "8K" },
	{ MAIN, "--plot", "@plot.svg" },
	{ MAIN, "--plot-y", "faults_per_op" },
	{ MAIN, "--resident", "64K" },
	{ MAIN, "--seed", "7" },
	{ MAIN, "--sweep", "resident=2..8:x2" },
	{ MAIN, "--trace", "@trace" },
	{ MAIN, "--vm", "off" },
	{ MAIN, "--vm-dir", "@" },
	{ MAIN, "--workload", "all" },
	{ EXPLAIN, "--arity", "3" },
	{ EXPLAIN, "--entries-per-page", "16" },
	{ EXPLAIN, "--format", "csv" },
	{ EXPLAIN, "--items", "31" },
	{ EXPLAIN, "--layout", "all" },
	{ EXPLAIN, "--line-bytes", "16" },
	{ EXPLAIN, "--svg", "@tree.svg" },
};

#define NSAMPLES (sizeof(samples) / sizeof(samples[0]))

static const char *
sample_value(enum form f, const char *option, const char *dir, char *path,
    size_t size)
{
	size_t i;

	for (i = 0; i < NSAMPLES; i++) {
		if (samples[i].form != f ||
		    strcmp(samples[i].option, option) != 0)
			continue;
		if (samples[i].value[0] != '@')
			return samples[i].value;
		if (samples[i].value[1] == '\0')
			return dir;
		path_in(path, size, dir, samples[i].value + 1);
		return path;
	}
	return NULL;
}

/*
 * The start of a command line of form f.  Should the manual be wrong
 * about a value, --help may become one and the program run: it runs
 * one item then, not a million.
 */
static size_t
prefix(const char *args[], enum form f)
{
	if (f == EXPLAIN) {
		args[0] = "explain";
		return 1;
	}
	args[0] = "--items";
	args[1] = "1";
	return 2;
}

/*
 * Each option of the manual, with its value, before --help: known, its
 * value taken, nothing run and nothing written.  Then whether it takes a
 * value at all: alone at the end, one that does must say it needs one;
 * given one with '=' (and --help after it), one that does not must be
 * refused.
 */
START_TEST(program_takes_every_option)
{
	enum form f = (enum form)_i;
	const char *args[8], *value;
	char dir[PATH_MAX], path[PATH_MAX], left[1024], with[NAME_SIZE + 4];
	struct manual m;
	struct outcome o;
	size_t i, n;

	if (!manual_read(&m))
		return;
	scratch_make(dir);
	for (i = 0; i < m.option[f].count; i++) {
		const char *option = m.option[f].name[i];
		bool takes = m.option[f].value[i];

		n = prefix(args, f);
		args[n++] = option;
		value = sample_value(f, option, dir, path, sizeof(path));
		if (takes)
			args[n++] = value != NULL ? value : "1";
		args[n++] = "--help";
		args[n] = NULL;
		run_argv(&o, args);
		ck_assert_msg(strstr(o.err.data, "unknown option") == NULL &&
		    strstr(o.err.data, "unexpected argument") == NULL,
		    "%s: %s, documented in %s, is refused: %s", o.command,
		    option, m.path, o.err.data);
		if (!takes || value != NULL)
			expect_success(&o);
		outcome_free(&o);

		n = prefix(args, f);
		if (takes)
			args[n++] = option;
		else {
			snprintf(with, sizeof(with), "%s=x", option);
			args[n++] = with;
			args[n++] = "--help";
		}
		args[n] = NULL;
		run_argv(&o, args);
		if (takes)
			ck_assert_msg(o.status == EXIT_USAGE &&
			    strstr(o.err.data, "needs a value") != NULL,
			    "%s: %s takes a value, %s says, but alone it "
			    "gave exit %d and: %s", o.command, option, m.path,
			    o.status, o.err.data);
		else
			ck_assert_msg(o.status == EXIT_USAGE && o.out.len == 0,
			    "%s: %s takes no value, %s says, but with one it "
			    "gave exit %d", o.command, option, m.path,
			    o.status);
		outcome_free(&o);
	}
	ck_assert_msg(list_dir(dir, left, sizeof(left)) == 0, "options "
	    "before --help wrote %s", left);
	scratch_remove(dir);
	manual_free(&m);
}
END_TEST

/* CSV and JSON fields, in order, are the manual's OUTPUT list. */
START_TEST(manual_lists_every_field)
{
	char *header, *field, *end;
	struct names columns = { .count = 0 };
	struct manual m;
	struct outcome o;
	const char *x;
	size_t i;

	if (!manual_read(&m))
		return;
	run(&o, "--items", "1000", "--format", "csv", NULL);
	expect_success(&o);
	header = o.out.data;
	header[strcspn(header, "\n")] = '\0';
	for (field = header; field != NULL; field = end) {
		end = strchr(field, ',');
		if (end != NULL)
			*end++ = '\0';
		ck_assert_msg(add(&columns, field, false), "%s: the column "
		    "%s is there twice", o.command, field);
	}
	ck_assert_msg((x = missing(&columns, &m.field)) == NULL, "the report "
	    "field %s is not an .It Cm item of OUTPUT in %s", x, m.path);
	ck_assert_msg((x = missing(&m.field, &columns)) == NULL, "%s "
	    "documents a field %s that the CSV header lacks", m.path, x);
	for (i = 0; i < columns.count; i++)
		ck_assert_msg(strcmp(columns.name[i], m.field.name[i]) == 0,
		    "%s lists the fields in another order than the CSV: %s "
		    "where the CSV has %s", m.path, m.field.name[i],
		    columns.name[i]);
	outcome_free(&o);
	manual_free(&m);
}
END_TEST

/* Stdout carries the report alone ------------------------------------- */

/* Cuts text into lines, in place; the last must end with a newline. */
static size_t
lines_of(struct outcome *o, char *line[], size_t max)
{
	char *p = o->out.data, *end;
	size_t n = 0;

	ck_assert_msg(o->out.len > 0 && p[o->out.len - 1] == '\n',
	    "%s: stdout does not end with a newline: '%.300s'", o->command, p);
	while (*p != '\0') {
		end = strchr(p, '\n');
		ck_assert_msg(n < max, "%s: more than %zu lines", o->command,
		    max);
		*end = '\0';
		line[n++] = p;
		p = end + 1;
	}
	return n;
}

static size_t
fields_of(const char *line)
{
	size_t n = 1;

	for (; *line != '\0'; line++)
		n += *line == ',';
	return n;
}

/* Runs that print a report: its rows, and what stderr must say if anything. */
static const struct report_run {
	const char	*args[12];
	size_t		 rows;
	const char	*note;		/* NULL: stderr stays empty */
} report_runs[] = {
	{ { "--items", "1000" }, 6, NULL },
	{ { "--items", "1000", "--vm", "off", "--workload", "all" }, 15,
	    NULL },
	{ { "--items", "1000", "--sweep", "resident=1..2:+1" }, 12, NULL },
	/* One resident page: faults, so modeled_s is never 0 to plot. */
	{ { "--layout", "bheap", "--resident", "1",
	    "--sweep", "items=1000..2000:+500", "--plot", "@plot.svg" }, 6,
	    "the chart shows workload replace" },
	/* A gigabyte of (untouched) items: the program says so, on stderr. */
	{ { "--items", "1024", "--item-bytes", "1M", "--layout", "binheap",
	    "--force" }, 2, "GiB" },
};

#define NREPORT_RUNS (sizeof(report_runs) / sizeof(report_runs[0]))

/* Runs report_runs[_i / 2] as CSV (even _i) or JSON (odd _i). */
static void
run_report(struct outcome *o, const struct report_run *r, bool json,
    const char *dir)
{
	const char *args[MAX_ARGS + 1];
	char path[PATH_MAX];
	size_t n = 0, i;

	args[n++] = "--format";
	args[n++] = json ? "json" : "csv";
	for (i = 0; i < sizeof(r->args) / sizeof(r->args[0]) &&
	    r->args[i] != NULL; i++) {
		if (r->args[i][0] == '@') {
			path_in(path, sizeof(path), dir, r->args[i] + 1);
			args[n++] = path;
		} else
			args[n++] = r->args[i];
	}
	args[n] = NULL;
	run_argv(o, args);
	ck_assert_msg(o->status == 0, "%s: exit %d; stderr: %s", o->command,
	    o->status, o->err.data);
	if (r->note == NULL)
		ck_assert_msg(said_nothing(&o->err), "%s: said: %s",
		    o->command, o->err.data);
	else
		ck_assert_msg(strstr(o->err.data, r->note) != NULL,
		    "%s: stderr does not say %s: '%s'", o->command, r->note,
		    o->err.data);
}

START_TEST(stdout_is_the_report)
{
	const struct report_run *r = &report_runs[_i / 2];
	bool json = _i % 2 == 1;
	static char *line[MAX_LINES];
	char dir[PATH_MAX];
	struct outcome o;
	size_t n, i;

	scratch_make(dir);
	run_report(&o, r, json, dir);
	if (!json && strncmp(o.out.data, "abi,", 4) != 0)
		ck_abort_msg("%s: stdout does not start with the CSV header: "
		    "%.300s", o.command, o.out.data);
	if (json && o.out.len < 4)
		ck_abort_msg("%s: stdout is not JSON: '%.300s'", o.command,
		    o.out.data);
	ck_assert_msg(!json || (o.out.data[0] == '[' &&
	    strcmp(o.out.data + o.out.len - 2, "]\n") == 0),
	    "%s: stdout does not start with '[' and end with \"]\\n\": %.300s",
	    o.command, o.out.data);
	n = lines_of(&o, line, MAX_LINES);
	if (json) {
		ck_assert_msg(n == r->rows + 2 && strcmp(line[0], "[") == 0 &&
		    strcmp(line[n - 1], "]") == 0, "%s: %zu lines, not "
		    "[, %zu rows and ]", o.command, n, r->rows);
		for (i = 1; i + 1 < n; i++) {
			size_t len = strlen(line[i]);

			ck_assert_msg(strncmp(line[i], "  {\"abi\": ", 10) ==
			    0 && (strcmp(line[i] + len - 1, "}") == 0 ||
			    strcmp(line[i] + len - 2, "},") == 0), "%s: line "
			    "%zu is not one row: %.300s", o.command, i + 1,
			    line[i]);
		}
	} else {
		ck_assert_msg(n == r->rows + 1, "%s: %zu lines, not a header "
		    "and %zu rows", o.command, n, r->rows);
		for (i = 1; i < n; i++)
			ck_assert_msg(fields_of(line[i]) == fields_of(line[0]),
			    "%s: line %zu has %zu fields, the header %zu: %.300s",
			    o.command, i + 1, fields_of(line[i]),
			    fields_of(line[0]), line[i]);
	}
	outcome_free(&o);
	scratch_remove(dir);
}
END_TEST

/* With --output, and for explain's CSV, the same holds. */
START_TEST(stdout_elsewhere)
{
	static char *line[MAX_LINES];
	char dir[PATH_MAX], path[PATH_MAX], head[8];
	struct outcome o;
	size_t n, i;

	scratch_make(dir);
	path_in(path, sizeof(path), dir, "report.json");
	run(&o, "--items", "1000", "--sweep", "resident=1..2:+1", "--output",
	    path, NULL);
	expect_success(&o);
	ck_assert_msg(o.out.len == 0, "%s: wrote to stdout: %.300s", o.command,
	    o.out.data);
	file_head(path, head, sizeof(head));
	ck_assert_msg(strncmp(head, "[\n", 2) == 0, "%s: %s is not JSON",
	    o.command, path);
	outcome_free(&o);
	/* The suffix in any case: Windows and macOS users write .JSON. */
	path_in(path, sizeof(path), dir, "report.JSON");
	run(&o, "--items", "1000", "--output", path, NULL);
	expect_success(&o);
	file_head(path, head, sizeof(head));
	ck_assert_msg(strncmp(head, "[\n", 2) == 0, "%s: %s is not JSON",
	    o.command, path);
	outcome_free(&o);

	run(&o, "explain", "--layout", "all", "--format", "csv", NULL);
	expect_success(&o);
	n = lines_of(&o, line, MAX_LINES);
	ck_assert_msg(strcmp(line[0], "layout,index,parent,page,offset,depth")
	    == 0, "%s: header %s", o.command, line[0]);
	for (i = 1; i < n; i++)
		ck_assert_msg(fields_of(line[i]) == 6, "%s: line %zu is not a "
		    "row: %.300s", o.command, i + 1, line[i]);
	outcome_free(&o);
	scratch_remove(dir);
}
END_TEST

/*
 * --version: the version, then the ABI, pointer size and system page;
 * then the default caches and TLB and where each level came from.
 */
START_TEST(version_says_abi_and_page)
{
	char expected[128];
	const char *second, *third;
	struct outcome o;

	run(&o, "--version", NULL);
	expect_success(&o);
	snprintf(expected, sizeof(expected), "abi %s, %u-byte pointers, "
	    "%ld-byte system pages\n", ABI_NAME, ABI_PTR_BYTES,
	    sysconf(_SC_PAGESIZE));
	second = strchr(o.out.data, '\n');
	ck_assert_msg(strncmp(o.out.data, "bheapsim ", 9) == 0 &&
	    second != NULL && strncmp(second + 1, expected,
	    strlen(expected)) == 0, "%s: not 'bheapsim VERSION' and '%.*s': "
	    "%s", o.command, (int)strlen(expected) - 1, expected, o.out.data);
	third = second + 1 + strlen(expected);
	ck_assert_msg(strncmp(third, "cache ", 6) == 0 && strstr(third,
	    "\ntlb ") != NULL && strstr(third, "\n  l1 from ") != NULL &&
	    strstr(third, "\n  tlb2 from ") != NULL, "%s: no default caches "
	    "and TLB after the ABI: %s", o.command, o.out.data);
	outcome_free(&o);
}
END_TEST

/* Errors, in either form, go to stderr alone. */
static const char *const refused[][4] = {
	{ "--items", "0" },
	{ "--no-such-option" },
	{ "--sweep", "resident=1..2:+1", "--trace", "t" },
	{ "explain", "--items", "0" },
	{ "explain", "--no-such-option" },
	{ "explain", "stray" },
};

#define NREFUSED (sizeof(refused) / sizeof(refused[0]))

START_TEST(diagnostics_on_stderr)
{
	const char *args[5];
	struct outcome o;
	size_t n;

	for (n = 0; n < 4 && refused[_i][n] != NULL; n++)
		args[n] = refused[_i][n];
	args[n] = NULL;
	run_argv(&o, args);
	ck_assert_msg(o.status == EXIT_USAGE, "%s: exit %d", o.command,
	    o.status);
	ck_assert_msg(o.out.len == 0, "%s: wrote to stdout: %.300s", o.command,
	    o.out.data);
	ck_assert_msg(one_line(&o.err), "%s: stderr is not one line: %s",
	    o.command, o.err.data);
	outcome_free(&o);
}
END_TEST

/* Suite ------------------------------------------------------------------ */

Suite *
manual_suite(void)
{
	Suite *suite = suite_create("manual");
	const char *man = getenv("BHEAPSIM_MAN");
	TCase *tc;

	if (man == NULL || *man == '\0')
		fprintf(stderr, "manual: BHEAPSIM_MAN is not set, so the "
		    "checks of the manual are skipped (make check sets it)\n");
	else {
		tc = tcase_create("manual");
		tcase_add_unchecked_fixture(tc, root_make, root_sweep);
		tcase_set_timeout(tc, 60);
		tcase_add_loop_test(tc, help_and_manual_agree, 0, NFORMS);
		tcase_add_loop_test(tc, program_takes_every_option, 0, NFORMS);
		tcase_add_test(tc, manual_lists_every_field);
		suite_add_tcase(suite, tc);
	}

	tc = tcase_create("stdout");
	tcase_add_unchecked_fixture(tc, root_make, root_sweep);
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, stdout_is_the_report, 0,
	    (int)(2 * NREPORT_RUNS));
	tcase_add_test(tc, stdout_elsewhere);
	tcase_add_test(tc, version_says_abi_and_page);
	tcase_add_loop_test(tc, diagnostics_on_stderr, 0, (int)NREFUSED);
	suite_add_tcase(suite, tc);
	return suite;
}
