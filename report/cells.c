/*
 * cells.c: CSV, JSON and Markdown from any source of cells.
 */
#include <stdio.h>

#include "cells.h"

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

			fprintf(out, "%s%s", f ? "," : "",
			    c.kind == CELL_ABSENT ? "" : c.text);
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
				fprintf(out, "\"%s\"", c.text);
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

			fprintf(out, "| %s ", c.kind == CELL_ABSENT ? "-" :
			    c.text);
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
