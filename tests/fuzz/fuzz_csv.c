/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * fuzz_csv.c: libFuzzer target over compare's CSV reader (csvread.h).
 *
 * Every input is read by csv_read() from memory and by a deliberately
 * naive reader written here from csvread.h's grammar: split at every
 * "\r\n", "\r" or "\n", empty lines dropped, each line split at every
 * comma.  When csv_read accepts, its header, rows, cells and line
 * numbers must be the naive reader's exactly; when it refuses, the
 * reason must be one line of text, and an input of plain ASCII text
 * that breaks none of csvread.h's rules must not have been refused.
 *
 * Build: make fuzz (clang, -fsanitize=fuzzer,address,undefined).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csvread.h"

/* Parameters -------------------------------------------------------- */

#define MAX_NAIVE_LINES	4096

/* The naive reader ----------------------------------------------------- */

struct naive {
	char	*text;			/* the input, cut in place */
	char	*line[MAX_NAIVE_LINES];
	size_t	 number[MAX_NAIVE_LINES];
	size_t	 nlines;
	bool	 plain;		/* ASCII, no NUL, no quote, within limits */
};

static void
fail(const char *what)
{
	fprintf(stderr, "fuzz_csv: %s\n", what);
	abort();
}

static void
naive_read(struct naive *n, const uint8_t *data, size_t size)
{
	size_t i, start = 0, number = 1;

	n->text = malloc(size + 1);
	if (n->text == NULL)
		fail("out of memory");
	memcpy(n->text, data, size);
	n->text[size] = '\0';
	n->nlines = 0;
	n->plain = true;
	for (i = 0; i <= size; i++) {
		bool end = i == size || data[i] == '\r' || data[i] == '\n';

		if (i < size && (data[i] == 0 || data[i] >= 0x80 ||
		    data[i] == '"'))
			n->plain = false;
		if (!end)
			continue;
		n->text[i] = '\0';
		if (i - start >= CSV_MAX_LINE)
			n->plain = false;
		if (i > start) {
			if (n->nlines == MAX_NAIVE_LINES)
				n->plain = false;
			else {
				n->number[n->nlines] = number;
				n->line[n->nlines++] = n->text + start;
			}
		}
		if (i < size && data[i] == '\r' && i + 1 < size &&
		    data[i + 1] == '\n')
			i++;
		number++;
		start = i + 1;
	}
}

static size_t
fields_of(const char *line)
{
	size_t n = 1;

	for (; *line != '\0'; line++)
		n += *line == ',';
	return n;
}

/* Whether the naive table breaks a rule csvread.h names. */
static bool
breaks_rules(const struct naive *n)
{
	size_t i, a, b, cols;
	char *names[CSV_MAX_COLUMNS], *copy, *p;
	bool dup = false;

	if (!n->plain || n->nlines == 0 || n->nlines > CSV_MAX_ROWS + 1)
		return true;
	cols = fields_of(n->line[0]);
	if (cols > CSV_MAX_COLUMNS)
		return true;
	for (i = 1; i < n->nlines; i++)
		if (fields_of(n->line[i]) != cols)
			return true;
	copy = strdup(n->line[0]);
	if (copy == NULL)
		fail("out of memory");
	for (p = copy, i = 0; i < cols; i++) {
		names[i] = p;
		p += strcspn(p, ",");
		if (*p == ',')
			*p++ = '\0';
	}
	for (a = 0; a < cols; a++)
		for (b = a + 1; b < cols; b++)
			dup |= strcmp(names[a], names[b]) == 0;
	free(copy);
	return dup;
}

/* The same table: every cell, in order, and every line number. */
static void
same_table(const struct naive *n, const struct csv *t)
{
	size_t row, c;

	if (t->nrows + 1 != n->nlines)
		fail("another number of rows than the naive reader's");
	for (row = 0; row <= t->nrows; row++) {
		const char *p = n->line[row];

		if (t->line[row] != n->number[row])
			fail("another line number than the naive reader's");
		if (fields_of(p) != t->ncolumns)
			fail("another number of fields");
		for (c = 0; c < t->ncolumns; c++) {
			const char *cell = row == 0 ? csv_name(t, c) :
			    csv_cell(t, row - 1, c);
			size_t len = strcspn(p, ",");

			if (strlen(cell) != len || memcmp(cell, p, len) != 0)
				fail("a cell differs from the naive reader's");
			p += len + (p[len] == ',');
		}
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct naive n;
	struct csv t;
	char why[256];
	FILE *in;
	enum csv_status status;

	in = fmemopen((void *)(size ? data : (const uint8_t *)""),
	    size ? size : 1, "r");
	if (in == NULL)
		fail("fmemopen");
	if (size == 0)
		getc(in);	/* fmemopen wants a size of at least 1 */
	why[0] = '\0';
	status = csv_read(in, &t, why, sizeof(why));
	fclose(in);
	naive_read(&n, data, size);
	if (status == CSV_IO_ERROR)
		fail("an I/O error reading memory");
	if (status == CSV_OK) {
		same_table(&n, &t);
		csv_free(&t);
	} else {
		if (why[0] == '\0' || strchr(why, '\n') != NULL)
			fail("a refusal that is not one line");
		if (!breaks_rules(&n))
			fail("plain text within the rules refused");
	}
	free(n.text);
	return 0;
}
