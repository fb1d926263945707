/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * compare.c: per-ABI rows side by side.
 *
 * The CSV is bheapsim's (report.c's fields, in any order, so an older or
 * newer build's rows still line up by name) with `where` added.  Rows are
 * grouped by workload, then layout, in the order they first appear; the
 * ABIs of a group in the order x86-64, x32, ia32, then any other.
 */
#include <err.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cells.h"
#include "compare.h"
#include "config.h"
#include "csvread.h"
#include "escape.h"
#include "exits.h"
#include "xalloc.h"

/* Parameters -------------------------------------------------------- */

#define MAX_TEXT	64		/* bytes of workload, layout, abi, where */
#define BASE_ABI	"x86-64"	/* what every ratio divides by */
#define EMULATED	"guest-tcg"	/* timings there are QEMU's */

static const char *const abi_order[] = { "x86-64", "x32", "ia32" };

/* What ran, then the figures, first the heap's own memory: never moves. */
enum { C_WORKLOAD, C_LAYOUT, C_ABI, C_WHERE, C_FIGURES, C_COUNT = 13 };
static const char *const fields[C_COUNT] = {
	"workload", "layout", "abi", "where", "arena_kib", "arena_rss_kib",
	"vsz_kib", "rss_kib", "maxrss_kib", "minflt", "entries_per_page",
	"faults_per_op", "ns_per_op",
};

static const char *const headings[C_COUNT] = {
	"workload", "layout", "abi", "where", "arena_KiB", "arena_RSS_KiB",
	"VSZ_KiB", "RSS_KiB", "maxRSS_KiB", "minflt", "entries/page",
	"faults/op", "ns/op",
};

/*
 * What must be alike for a ratio to mean anything (tools/compare.sh);
 * not item_bytes, whose default is each ABI's own item (12 bytes on
 * ia32, 16 on the others).
 */
static const char *const settings[] = {
	"items", "ops", "model", "vm", "page_bytes", "policy", "seed",
};
#define NSETTINGS	(sizeof(settings) / sizeof(settings[0]))

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

struct table {
	struct csv	 csv;
	long		 at[C_COUNT];	/* column of each field, or -1 */
	long		 setting_at[NSETTINGS];	/* or -1 */
	const char	*path;
};

static const char *
value(const struct table *t, size_t row, unsigned f)
{
	return t->at[f] < 0 ? "" : csv_cell(&t->csv, row, (size_t)t->at[f]);
}

/* The file's line of data row `row`, for messages. */
static size_t
line_of(const struct table *t, size_t row)
{
	return t->csv.line[row + 1];
}

/* Whether text is a number as JSON writes one, and finite as a double. */
static bool
finite_number(const char *text)
{
	const char *p = text;
	double v;

	if (*p == '-')
		p++;
	if (*p == '0')
		p++;
	else if (*p >= '1' && *p <= '9')
		p += strspn(p, "0123456789");
	else
		return false;
	if (*p == '.') {
		if (p[1] < '0' || p[1] > '9')
			return false;
		p += 1 + strspn(p + 1, "0123456789");
	}
	if (*p == 'e' || *p == 'E') {
		p += p[1] == '+' || p[1] == '-' ? 2 : 1;
		if (*p < '0' || *p > '9')
			return false;
		p += strspn(p, "0123456789");
	}
	if (*p != '\0')
		return false;
	v = strtod(text, NULL);
	return isfinite(v);
}

/* Every cell compare writes: text that fits, figures that are numbers. */
static void
check_cells(const struct table *t)
{
	size_t r;
	unsigned f;

	for (r = 0; r < t->csv.nrows; r++)
		for (f = 0; f < C_COUNT; f++) {
			const char *text = value(t, r, f);

			if (f < C_FIGURES && strlen(text) > MAX_TEXT)
				errx(EXIT_USAGE, "'%s' line %zu, column "
				    "%s: longer than %d bytes", t->path,
				    line_of(t, r), fields[f], MAX_TEXT);
			/* Sizes, counts and times: never below 0, nor -0. */
			if (f >= C_FIGURES && *text != '\0' &&
			    (!finite_number(text) || *text == '-'))
				errx(EXIT_USAGE, "'%s' line %zu, column "
				    "%s: '%s' is not a finite number of 0 or more",
				    t->path, line_of(t, r), fields[f],
				    printable(text));
		}
}

/* Whether rows a and b are of one workload and one layout. */
static bool
same_group(const struct table *t, size_t a, size_t b)
{
	return strcmp(value(t, a, C_WORKLOAD), value(t, b, C_WORKLOAD)) == 0 &&
	    strcmp(value(t, a, C_LAYOUT), value(t, b, C_LAYOUT)) == 0;
}

/* One row per workload, layout and ABI, as make compare writes them. */
static void
check_unique(const struct table *t)
{
	size_t a, b;

	for (b = 0; b < t->csv.nrows; b++)
		for (a = 0; a < b; a++)
			if (same_group(t, a, b) &&
			    strcmp(value(t, a, C_ABI), value(t, b, C_ABI)) == 0)
				errx(EXIT_USAGE, "'%s' lines %zu and %zu "
				    "are both workload %s, layout %s, ABI %s: "
				    "compare takes one row of each, as make "
				    "compare writes (a sweep's CSV has many)",
				    t->path, line_of(t, a), line_of(t, b),
				    printable(value(t, a, C_WORKLOAD)),
				    printable(value(t, a, C_LAYOUT)),
				    printable(value(t, a, C_ABI)));
}

/* The first of settings[] in which rows a and b differ, or NSETTINGS. */
static size_t
first_unlike(const struct table *t, size_t a, size_t b)
{
	size_t s;

	for (s = 0; s < NSETTINGS; s++)
		if (t->setting_at[s] >= 0 &&
		    strcmp(csv_cell(&t->csv, a, (size_t)t->setting_at[s]),
		    csv_cell(&t->csv, b, (size_t)t->setting_at[s])) != 0)
			return s;
	return NSETTINGS;
}

/* The rows of one workload and layout ran alike, or ratios mislead. */
static void
check_alike(const struct table *t)
{
	size_t a, b, s;

	for (b = 0; b < t->csv.nrows; b++)
		for (a = 0; a < b; a++) {
			if (!same_group(t, a, b) ||
			    (s = first_unlike(t, a, b)) == NSETTINGS)
				continue;
			errx(EXIT_USAGE, "'%s' lines %zu and %zu, "
			    "workload %s, layout %s, ran with %s '%s' and '%s': "
			    "compare takes runs alike but for the ABI", t->path,
			    line_of(t, a), line_of(t, b),
			    printable(value(t, a, C_WORKLOAD)),
			    printable(value(t, a, C_LAYOUT)), settings[s],
			    printable(csv_cell(&t->csv, a,
			    (size_t)t->setting_at[s])),
			    printable(csv_cell(&t->csv, b,
			    (size_t)t->setting_at[s])));
		}
}

static void
read_table(FILE *in, struct table *t)
{
	char why[256];
	unsigned f;

	switch (csv_read(in, &t->csv, why, sizeof(why))) {
	case CSV_OK:
		break;
	case CSV_REFUSED:
		errx(EXIT_USAGE, "'%s' is not bheapsim's CSV: %s",
		    t->path, why);
	case CSV_IO_ERROR:
		err(EXIT_FAILURE, "%s", t->path);
	}
	for (f = 0; f < C_COUNT; f++) {
		t->at[f] = csv_column(&t->csv, fields[f]);
		if (t->at[f] < 0 && f != C_WHERE)
			errx(EXIT_USAGE, "'%s' has no column %s: not "
			    "bheapsim's CSV", t->path, fields[f]);
	}
	for (f = 0; f < NSETTINGS; f++)
		t->setting_at[f] = csv_column(&t->csv, settings[f]);
	check_cells(t);
	check_unique(t);
	check_alike(t);
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

/* Whether row is the first of its workload with its value of field f. */
static bool
first_seen(const struct table *t, size_t row, unsigned f)
{
	size_t r;

	for (r = 0; r < row; r++)
		if (strcmp(value(t, r, C_WORKLOAD),
		    value(t, row, C_WORKLOAD)) == 0 &&
		    strcmp(value(t, r, f), value(t, row, f)) == 0)
			return false;
	return true;
}

/* a / b; "-" (absent) where there is none or it overflows. */
static void
ratio_cell(char cell[CELL_BYTES], const char *a, const char *b)
{
	double x = strtod(a, NULL), y = strtod(b, NULL);

	if (*a == '\0' || *b == '\0' || y == 0 || !isfinite(x / y))
		snprintf(cell, CELL_BYTES, "-");
	else
		snprintf(cell, CELL_BYTES, "%.2fx", x / y);
}

static struct line *
add_line(struct comparison *cmp)
{
	struct line *grown = xreallocarray(cmp->lines, cmp->count + 1,
	    sizeof(*grown));

	cmp->lines = grown;
	memset(&grown[cmp->count], 0, sizeof(*grown));
	return &grown[cmp->count++];
}

/* The rows of one workload and layout: ABIs in order, then ratios. */
static void
add_group(struct comparison *cmp, const struct table *t, const char *wl,
    const char *layout)
{
	size_t member[CSV_MAX_ROWS], n = 0, i, j, r;
	size_t base = CSV_MAX_ROWS;
	unsigned f;

	for (r = 0; r < t->csv.nrows; r++)
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
	for (i = 0; i < n && base != CSV_MAX_ROWS; i++) {
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

	for (w = 0; w < t->csv.nrows; w++) {
		if (!first_seen(t, w, C_WORKLOAD))
			continue;
		for (l = w; l < t->csv.nrows; l++)
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
			    *text == '\0' && f >= C_FIGURES ? "-" :
			    printable(text));
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

void
compare_write(FILE *out, enum format format, FILE *in, const char *path)
{
	struct table table = { .path = path };
	struct comparison cmp = { 0 };

	read_table(in, &table);
	compare_rows(&cmp, &table);
	csv_free(&table.csv);
	write_comparison(out, format, &cmp);
	free(cmp.lines);
}
