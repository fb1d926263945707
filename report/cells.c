/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * cells.c: CSV, JSON and Markdown from any source of cells.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cells.h"
#include "escape.h"

struct cell
cell_text(const char *s)
{
	struct cell c = { .kind = CELL_TEXT };

	snprintf(c.text, sizeof(c.text), "%s", s);
	return c;
}

struct cell
cell_absent(void)
{
	struct cell c = { .kind = CELL_ABSENT };

	return c;
}

struct cell
cell_integer(uint64_t n)
{
	struct cell c = { .kind = CELL_NUMBER };

	snprintf(c.text, sizeof(c.text), "%" PRIu64, n);
	return c;
}

struct cell
cell_signed(int64_t n)
{
	struct cell c = { .kind = CELL_NUMBER };

	snprintf(c.text, sizeof(c.text), "%" PRId64, n);
	return c;
}

struct cell
cell_real(double x, int decimals)
{
	struct cell c = { .kind = CELL_NUMBER };

	if (!isfinite(x))
		return cell_absent();
	snprintf(c.text, sizeof(c.text), "%.*f", decimals, x);
	/* -0.000 is 0, whatever rounded to it: JSON and CSV say 0. */
	if (strtod(c.text, NULL) == 0)
		snprintf(c.text, sizeof(c.text), "%.*f", decimals, 0.0);
	return c;
}

struct cell
cell_time(double x, int decimals)
{
	struct cell c = cell_real(x, decimals);

	if (c.kind == CELL_NUMBER && x > 0 && strtod(c.text, NULL) == 0)
		snprintf(c.text, sizeof(c.text), "%.2g", x);
	return c;
}

static void
write_csv(FILE *out, const char *const names[], unsigned nfields,
    size_t nrows, cell_source source, const void *context)
{
	unsigned f;
	size_t r;

	for (f = 0; f < nfields; f++)
		fprintf(out, "%s%s", f ? "," : "", names[f]);
	fputc('\n', out);
	for (r = 0; r < nrows; r++) {
		for (f = 0; f < nfields; f++) {
			struct cell c = source(context, r, f);

			if (f > 0)
				fputc(',', out);
			if (c.kind != CELL_ABSENT)
				escape_csv(out, c.text);
		}
		fputc('\n', out);
	}
}

static void
write_json(FILE *out, const char *const names[], unsigned nfields,
    size_t nrows, cell_source source, const void *context)
{
	unsigned f;
	size_t r;

	fputs("[\n", out);
	for (r = 0; r < nrows; r++) {
		fputs("  {", out);
		for (f = 0; f < nfields; f++) {
			struct cell c = source(context, r, f);

			fprintf(out, "%s\"%s\": ", f ? ", " : "", names[f]);
			if (c.kind == CELL_TEXT)
				escape_json(out, c.text);
			else
				fputs(c.kind == CELL_ABSENT ? "null" : c.text,
				    out);
		}
		fprintf(out, "}%s\n", r + 1 < nrows ? "," : "");
	}
	fputs("]\n", out);
}

static void
write_markdown(FILE *out, const char *const names[], unsigned nfields,
    unsigned left, size_t nrows, cell_source source, const void *context)
{
	unsigned f;
	size_t r;

	for (f = 0; f < nfields; f++)
		fprintf(out, "| %s ", names[f]);
	fputs("|\n", out);
	for (f = 0; f < nfields; f++)
		fputs(f < left ? "|---" : "|---:", out);
	fputs("|\n", out);
	for (r = 0; r < nrows; r++) {
		for (f = 0; f < nfields; f++) {
			struct cell c = source(context, r, f);

			fputs("| ", out);
			escape_md(out, c.kind == CELL_ABSENT ? "-" : c.text);
			fputc(' ', out);
		}
		fputs("|\n", out);
	}
}

void
cells_write(FILE *out, enum format format, const char *const names[],
    unsigned nfields, unsigned left, size_t nrows, cell_source source,
    const void *context)
{
	switch (format) {
	case FORMAT_CSV:
		write_csv(out, names, nfields, nrows, source, context);
		break;
	case FORMAT_JSON:
		write_json(out, names, nfields, nrows, source, context);
		break;
	case FORMAT_MD:
		write_markdown(out, names, nfields, left, nrows, source,
		    context);
		break;
	case FORMAT_TABLE:
		break;
	}
}
