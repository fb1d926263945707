/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * csvread.c: a CSV file read whole, or refused in one line (csvread.h).
 *
 * Each line is one allocation, cut at its commas in place; the first
 * cell of a row points at the start of its line, which is what
 * csv_free() gives back.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csvread.h"

/* A line being read: its bytes, and where the file stands. */
struct reader {
	FILE	*in;
	char	*text;
	size_t	 len;
	size_t	 size;
	size_t	 ends;		/* line ends read so far */
	size_t	 number;	/* of the line being read, from 1 */
	char	*why;
	size_t	 whysize;
};

static enum csv_status
refuse(struct reader *r, const char *fmt, ...)
{
	va_list ap;
	int n;

	n = snprintf(r->why, r->whysize, "line %zu: ", r->number);
	va_start(ap, fmt);
	if (n >= 0 && (size_t)n < r->whysize)
		vsnprintf(r->why + n, r->whysize - (size_t)n, fmt, ap);
	va_end(ap);
	return CSV_REFUSED;
}

/* Whether s[0 .. len-1] is UTF-8: no overlong forms, no surrogates. */
static bool
utf8(const unsigned char *s, size_t len)
{
	size_t i = 0, k, more;

	while (i < len) {
		unsigned c = s[i], cp;

		if (c < 0x80) {
			i++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf)
			more = 1, cp = c & 0x1f;
		else if (c >= 0xe0 && c <= 0xef)
			more = 2, cp = c & 0x0f;
		else if (c >= 0xf0 && c <= 0xf4)
			more = 3, cp = c & 0x07;
		else
			return false;
		if (len - i <= more)
			return false;
		for (k = 1; k <= more; k++) {
			if ((s[i + k] & 0xc0) != 0x80)
				return false;
			cp = cp << 6 | (s[i + k] & 0x3f);
		}
		if ((more == 2 && cp < 0x800) || (more == 3 && cp < 0x10000) ||
		    cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
			return false;
		i += more + 1;
	}
	return true;
}

static enum csv_status
append(struct reader *r, int c)
{
	if (r->len + 1 >= CSV_MAX_LINE)
		return refuse(r, "longer than %d bytes", CSV_MAX_LINE - 1);
	if (r->len + 1 >= r->size) {
		size_t size = r->size ? 2 * r->size : 256;
		char *grown = realloc(r->text, size);

		if (grown == NULL)
			return CSV_IO_ERROR;
		r->text = grown;
		r->size = size;
	}
	r->text[r->len++] = (char)c;
	return CSV_OK;
}

/*
 * The next line that is not empty, without its end, NUL-terminated in
 * r->text: CSV_OK, or CSV_OK with r->len 0 at the end of the file.
 */
static enum csv_status
next_line(struct reader *r)
{
	enum csv_status status;
	int c;

	r->len = 0;
	while ((c = getc(r->in)) != EOF) {
		r->number = r->ends + 1;
		if (c == '\r' || c == '\n') {
			if (c == '\r' && (c = getc(r->in)) != '\n' && c != EOF)
				ungetc(c, r->in);
			r->ends++;
			if (r->len > 0)
				break;
			continue;
		}
		if (c == '\0')
			return refuse(r, "a NUL byte");
		if ((status = append(r, c)) != CSV_OK)
			return status;
	}
	if (ferror(r->in))
		return CSV_IO_ERROR;
	if (r->len == 0)
		return CSV_OK;
	r->text[r->len] = '\0';
	if (!utf8((unsigned char *)r->text, r->len))
		return refuse(r, "bytes that are not UTF-8");
	return CSV_OK;
}

/* Cuts r->text at its commas into a new row of t. */
static enum csv_status
add_row(struct reader *r, struct csv *t)
{
	char *field[CSV_MAX_COLUMNS + 1], *text = r->text, *comma;
	size_t n = 0, row = t->nrows + (t->ncolumns > 0), want;
	char **cell;
	size_t *line;

	for (;;) {
		if (n == CSV_MAX_COLUMNS)
			return refuse(r, "more than %d fields", CSV_MAX_COLUMNS);
		if (*text == '"')
			return refuse(r, "field %zu is quoted; bheapsim's CSV "
			    "quotes nothing", n + 1);
		field[n++] = text;
		if ((comma = strchr(text, ',')) == NULL)
			break;
		*comma = '\0';
		text = comma + 1;
	}
	want = t->ncolumns > 0 ? t->ncolumns : n;
	if (n != want)
		return refuse(r, "%zu fields, the header %zu", n, want);
	if (row > CSV_MAX_ROWS)
		return refuse(r, "more than %d rows", CSV_MAX_ROWS);
	cell = reallocarray(t->cell, (row + 1) * want, sizeof(*cell));
	if (cell != NULL)
		t->cell = cell;
	line = reallocarray(t->line, row + 1, sizeof(*line));
	if (line != NULL)
		t->line = line;
	if (cell == NULL || line == NULL)
		return CSV_IO_ERROR;
	line[row] = r->number;
	for (n = 0; n < want; n++)
		cell[row * want + n] = field[n];
	r->text = NULL;		/* the row owns it now */
	r->size = 0;
	if (t->ncolumns == 0)
		t->ncolumns = want;
	else
		t->nrows++;
	return CSV_OK;
}

/* A header naming a column twice: refused, since one would be lost. */
static enum csv_status
check_header(struct reader *r, const struct csv *t)
{
	size_t a, b;

	for (a = 0; a < t->ncolumns; a++)
		for (b = a + 1; b < t->ncolumns; b++)
			if (strcmp(t->cell[a], t->cell[b]) == 0) {
				r->number = t->line[0];
				return refuse(r, "the header names column '%s' "
				    "twice, as columns %zu and %zu", t->cell[a],
				    a + 1, b + 1);
			}
	return CSV_OK;
}

enum csv_status
csv_read(FILE *in, struct csv *t, char *why, size_t whysize)
{
	struct reader r = { .in = in, .why = why, .whysize = whysize };
	enum csv_status status;

	memset(t, 0, sizeof(*t));
	while ((status = next_line(&r)) == CSV_OK && r.len > 0) {
		if ((status = add_row(&r, t)) != CSV_OK)
			break;
		if (t->nrows == 0 && (status = check_header(&r, t)) != CSV_OK)
			break;
	}
	if (status == CSV_OK && t->ncolumns == 0) {
		snprintf(why, whysize, "no header: the file is empty");
		status = CSV_REFUSED;
	}
	free(r.text);
	if (status != CSV_OK) {
		int saved = errno;

		csv_free(t);
		errno = saved;
	}
	return status;
}

const char *
csv_name(const struct csv *t, size_t c)
{
	return t->cell[c];
}

const char *
csv_cell(const struct csv *t, size_t row, size_t c)
{
	return t->cell[(row + 1) * t->ncolumns + c];
}

long
csv_column(const struct csv *t, const char *name)
{
	size_t c;

	for (c = 0; c < t->ncolumns; c++)
		if (strcmp(t->cell[c], name) == 0)
			return (long)c;
	return -1;
}

void
csv_free(struct csv *t)
{
	size_t row;

	for (row = 0; t->cell != NULL && row <= t->nrows; row++)
		free(t->cell[row * t->ncolumns]);
	free(t->cell);
	free(t->line);
	memset(t, 0, sizeof(*t));
}
