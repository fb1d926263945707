/*
 * compare.c: per-ABI rows side by side.
 *
 * The CSV is bheapsim's (report.c's fields, in any order, so an older or
 * newer build's rows still line up by name) with `where` added.  Rows are
 * grouped by workload, then layout, in the order they first appear; the
 * ABIs of a group in the order x86-64, x32, ia32, then any other.
 */
#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cells.h"
#include "compare.h"
#include "config.h"
#include "options.h"

/* Parameters -------------------------------------------------------- */

#define MAX_ROWS	4096		/* far more than ABIs x layouts x workloads */
#define MAX_COLUMNS	128
#define MAX_LINE	8192
#define BASE_ABI	"x86-64"	/* what every ratio divides by */
#define EMULATED	"guest-tcg"	/* timings there are QEMU's */

static const char *const abi_order[] = { "x86-64", "x32", "ia32" };

/* The side-by-side fields: four that say what ran, then the figures. */
enum { C_WORKLOAD, C_LAYOUT, C_ABI, C_WHERE, C_FIGURES, C_COUNT = 11 };

static const char *const fields[C_COUNT] = {
	"workload", "layout", "abi", "where", "vsz_kib", "rss_kib",
	"maxrss_kib", "minflt", "entries_per_page", "faults_per_op",
	"ns_per_op",
};

static const char *const headings[C_COUNT] = {
	"workload", "layout", "abi", "where", "VSZ_KiB", "RSS_KiB",
	"maxRSS_KiB", "minflt", "entries/page", "faults/op", "ns/op",
};

/* Left-aligned text columns' widths in the table. */
static const int text_widths[C_FIGURES] = { 8, 7, 11, 9 };

/* One output row: a measured ABI, or its ratio to x86-64. */
struct line {
	char	cell[C_COUNT][CELL_BYTES];
};

struct comparison {
	struct line	*lines;
	size_t		 count;
	bool		 emulated;	/* some ns/op was measured under TCG */
};

/* Reading ------------------------------------------------------------- */

/* Splits `text` at commas in place; returns the number of fields. */
static size_t
split(char *text, char *field[], size_t max)
{
	size_t n = 0;

	text[strcspn(text, "\r\n")] = '\0';
	for (;;) {
		char *comma = strchr(text, ',');

		if (n == max)
			return max + 1;
		field[n++] = text;
		if (comma == NULL)
			return n;
		*comma = '\0';
		text = comma + 1;
	}
}

struct table {
	char	*names[MAX_COLUMNS];
	size_t	 ncolumns;
	char	*rows[MAX_ROWS][MAX_COLUMNS];
	size_t	 nrows;
	int	 at[C_COUNT];		/* column of each field, or -1 */
	char	 header[MAX_LINE];
};

static char *
xstrdup(const char *s)
{
	char *copy = strdup(s);

	if (copy == NULL)
		err(1, "strdup");
	return copy;
}

static void
read_csv(FILE *in, const char *path, struct table *t)
{
	char line[MAX_LINE], *field[MAX_COLUMNS + 1];
	unsigned f;
	size_t c, n;

	if (fgets(t->header, sizeof(t->header), in) == NULL)
		errx(EXIT_USAGE, "compare: '%s' is empty, not bheapsim's CSV",
		    path);
	t->ncolumns = split(t->header, t->names, MAX_COLUMNS);
	if (t->ncolumns > MAX_COLUMNS)
		errx(EXIT_USAGE, "compare: '%s' has more than %d columns",
		    path, MAX_COLUMNS);
	for (f = 0; f < C_COUNT; f++) {
		t->at[f] = -1;
		for (c = 0; c < t->ncolumns; c++)
			if (strcmp(t->names[c], fields[f]) == 0)
				t->at[f] = (int)c;
		if (t->at[f] < 0 && f != C_WHERE)
			errx(EXIT_USAGE, "compare: '%s' has no column %s: not "
			    "bheapsim's CSV", path, fields[f]);
	}
	while (fgets(line, sizeof(line), in) != NULL) {
		n = split(line, field, MAX_COLUMNS);
		if (n != t->ncolumns)
			errx(EXIT_USAGE, "compare: '%s' line %zu has %zu "
			    "fields, the header %zu", path, t->nrows + 2, n,
			    t->ncolumns);
		if (t->nrows == MAX_ROWS)
			errx(EXIT_USAGE, "compare: '%s' has more than %d rows",
			    path, MAX_ROWS);
		for (c = 0; c < n; c++)
			t->rows[t->nrows][c] = xstrdup(field[c]);
		t->nrows++;
	}
	if (ferror(in))
		err(1, "compare: %s", path);
}

static const char *
value(const struct table *t, size_t row, unsigned f)
{
	return t->at[f] < 0 ? "" : t->rows[row][t->at[f]];
}

/* Grouping ------------------------------------------------------------ */

/* The rank of an ABI in abi_order; unknown ones after, as they came. */
static size_t
abi_rank(const char *abi)
{
	size_t i;

	for (i = 0; i < sizeof(abi_order) / sizeof(abi_order[0]); i++)
		if (strcmp(abi, abi_order[i]) == 0)
			return i;
	return i;
}

/* Whether `value` first appears in column f at `row`. */
static bool
first_seen(const struct table *t, size_t row, unsigned f)
{
	size_t r;

	for (r = 0; r < row; r++)
		if (strcmp(value(t, r, f), value(t, row, f)) == 0)
			return false;
	return true;
}

static void
ratio_cell(char cell[CELL_BYTES], const char *a, const char *b)
{
	double x = strtod(a, NULL), y = strtod(b, NULL);

	if (*a == '\0' || *b == '\0' || y == 0)
		snprintf(cell, CELL_BYTES, "-");
	else
		snprintf(cell, CELL_BYTES, "%.2fx", x / y);
}

static struct line *
add_line(struct comparison *cmp)
{
	struct line *grown = reallocarray(cmp->lines, cmp->count + 1,
	    sizeof(*grown));

	if (grown == NULL)
		err(1, "compare: %zu rows", cmp->count + 1);
	cmp->lines = grown;
	memset(&grown[cmp->count], 0, sizeof(*grown));
	return &grown[cmp->count++];
}

/* The rows of one workload and layout: ABIs in order, then ratios. */
static void
add_group(struct comparison *cmp, const struct table *t, const char *wl,
    const char *layout)
{
	size_t member[MAX_ROWS], n = 0, i, j, r;
	size_t base = MAX_ROWS;
	unsigned f;

	for (r = 0; r < t->nrows; r++)
		if (strcmp(value(t, r, C_WORKLOAD), wl) == 0 &&
		    strcmp(value(t, r, C_LAYOUT), layout) == 0)
			member[n++] = r;
	/* Insertion sort by ABI rank keeps equal ranks in file order. */
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && abi_rank(value(t, member[j - 1], C_ABI)) >
		    abi_rank(value(t, member[j], C_ABI)); j--) {
			size_t swap = member[j];

			member[j] = member[j - 1];
			member[j - 1] = swap;
		}
	for (i = 0; i < n; i++) {
		struct line *line = add_line(cmp);

		for (f = 0; f < C_COUNT; f++)
			snprintf(line->cell[f], CELL_BYTES, "%s",
			    value(t, member[i], f));
		if (strcmp(value(t, member[i], C_WHERE), EMULATED) == 0)
			cmp->emulated = true;
		if (strcmp(value(t, member[i], C_ABI), BASE_ABI) == 0)
			base = member[i];
	}
	for (i = 0; i < n && base != MAX_ROWS; i++) {
		struct line *line;

		if (member[i] == base)
			continue;
		line = add_line(cmp);
		snprintf(line->cell[C_WORKLOAD], CELL_BYTES, "%s", wl);
		snprintf(line->cell[C_LAYOUT], CELL_BYTES, "%s", layout);
		snprintf(line->cell[C_ABI], CELL_BYTES, "%s/%s",
		    value(t, member[i], C_ABI), BASE_ABI);
		for (f = C_FIGURES; f < C_COUNT; f++)
			ratio_cell(line->cell[f], value(t, member[i], f),
			    value(t, base, f));
	}
}

static void
compare_rows(struct comparison *cmp, const struct table *t)
{
	size_t w, l;

	for (w = 0; w < t->nrows; w++) {
		if (!first_seen(t, w, C_WORKLOAD))
			continue;
		for (l = 0; l < t->nrows; l++)
			if (strcmp(value(t, l, C_WORKLOAD),
			    value(t, w, C_WORKLOAD)) == 0 &&
			    first_seen(t, l, C_LAYOUT))
				add_group(cmp, t, value(t, w, C_WORKLOAD),
				    value(t, l, C_LAYOUT));
	}
}

/* Writing ------------------------------------------------------------- */

static bool
is_ratio(const struct line *line)
{
	return strchr(line->cell[C_ABI], '/') != NULL;
}

static struct cell
line_cell(const void *context, size_t row, unsigned f)
{
	const struct comparison *cmp = context;
	const char *text = cmp->lines[row].cell[f];
	struct cell c = cell_text(text);

	if (*text == '\0' || strcmp(text, "-") == 0)
		return cell_absent();
	if (f >= C_FIGURES && !is_ratio(&cmp->lines[row]))
		c.kind = CELL_NUMBER;
	return c;
}

static void
write_table(FILE *out, const struct comparison *cmp)
{
	size_t r;
	unsigned f;

	for (f = 0; f < C_COUNT; f++) {
		int width = f < C_FIGURES ? -text_widths[f] :
		    (int)strlen(headings[f]) > 9 ? (int)strlen(headings[f]) : 9;

		fprintf(out, "%s%*s%s", f ? "  " : "", width, headings[f],
		    f == C_COUNT - 1 && cmp->emulated ? " *" : "");
	}
	fputc('\n', out);
	for (r = 0; r < cmp->count; r++) {
		for (f = 0; f < C_COUNT; f++) {
			const char *text = cmp->lines[r].cell[f];
			int width = f < C_FIGURES ? -text_widths[f] :
			    (int)strlen(headings[f]) > 9 ?
			    (int)strlen(headings[f]) : 9;

			fprintf(out, "%s%*s", f ? "  " : "", width,
			    *text == '\0' && f >= C_FIGURES ? "-" : text);
		}
		fputc('\n', out);
	}
}

static void
write_comparison(FILE *out, enum format format, const struct comparison *cmp)
{
	if (format == FORMAT_TABLE)
		write_table(out, cmp);
	else
		cells_write(out, format, fields, C_COUNT, C_FIGURES,
		    cmp->count, line_cell, cmp);
	if (cmp->emulated && (format == FORMAT_TABLE || format == FORMAT_MD))
		fprintf(out, "\n%s: ns/op measured under QEMU TCG, which "
		    "translates every\n%sinstruction; fault counts, RSS and VSZ "
		    "are the guest kernel's own.\n", format == FORMAT_MD ?
		    "Emulated" : "* emulated", format == FORMAT_MD ? "" : "  ");
}

/* Command line -------------------------------------------------------- */

static void
usage(FILE *out)
{
	fputs("usage: " COMPARE_SYNOPSIS
	    "\n"
	    "Writes per-ABI CSV rows (make compare's) side by side, with each\n"
	    "ABI's ratio to x86-64.\n"
	    "\n"
	    "  --format NAME  table (default), csv, json or md\n"
	    "  --help         print this\n", out);
}

int
compare_main(int argc, char *argv[])
{
	static const struct option options[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	static struct table table;
	struct comparison cmp = { 0 };
	enum format format = FORMAT_TABLE;
	FILE *in;
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":", options, NULL)) != -1) {
		switch (c) {
		case 'f':
			format = name_option("--format", optarg, format_names);
			break;
		case 'h':
			usage(stdout);
			return fflush(stdout) != 0 || ferror(stdout) ?
			    EXIT_FAILURE : EXIT_SUCCESS;
		case ':':
			errx(EXIT_USAGE, "compare: %s needs a value",
			    argv[optind - 1]);
		default:
			errx(EXIT_USAGE, "compare: unknown option '%s'; "
			    "bheapsim compare --help lists them",
			    argv[optind - 1]);
		}
	}
	if (optind != argc - 1)
		errx(EXIT_USAGE, "compare: needs one CSV file, not %d "
		    "arguments; bheapsim compare --help", argc - optind);
	in = fopen(argv[optind], "r");
	if (in == NULL)
		errx(EXIT_USAGE, "compare: cannot read '%s': %s", argv[optind],
		    strerror(errno));
	read_csv(in, argv[optind], &table);
	fclose(in);
	compare_rows(&cmp, &table);
	write_comparison(stdout, format, &cmp);
	free(cmp.lines);
	if (fflush(stdout) != 0 || ferror(stdout))
		err(1, "compare: stdout");
	return 0;
}
