/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * table.c: a CSV report in memory, for the suites that read bheapsim's
 * rows by column name (test_sweeps.c, test_cache.c): bheapsim's CSV has
 * a header of field names and no quoted fields.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests.h"

/* Splits a line at its commas, in place. */
static size_t
split(char *line, char *field[])
{
	size_t n = 0;

	for (;;) {
		char *comma = strchr(line, ',');

		ck_assert_uint_lt(n, TABLE_MAX_COLUMNS);
		field[n++] = line;
		if (comma == NULL)
			return n;
		*comma = '\0';
		line = comma + 1;
	}
}

void
table_parse(struct table *t, const char *text, const char *what)
{
	const char *p;
	char *line, *next;
	size_t lines = 0;

	memset(t, 0, sizeof(*t));
	snprintf(t->what, sizeof(t->what), "%s", what);
	for (p = text; (p = strchr(p, '\n')) != NULL; p++)
		lines++;
	t->text = strdup(text);
	t->cell = calloc(lines + 1, sizeof(*t->cell));
	ck_assert(t->text != NULL && t->cell != NULL);
	for (line = t->text; *line != '\0'; line = next) {
		next = strchr(line, '\n');
		ck_assert_msg(next != NULL, "%s: no newline at the end", t->what);
		*next++ = '\0';
		if (line == t->text) {
			t->ncolumns = split(line, t->name);
			continue;
		}
		ck_assert_uint_eq(split(line, t->cell[t->nrows]), t->ncolumns);
		t->nrows++;
	}
	ck_assert_msg(t->nrows > 0, "%s: no rows", t->what);
}

void
table_read(struct table *t, const char *path)
{
	FILE *f = fopen(path, "r");
	char *text;
	long size;

	ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
	ck_assert(fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) > 0);
	rewind(f);
	text = calloc((size_t)size + 1, 1);
	ck_assert_ptr_nonnull(text);
	ck_assert_uint_eq(fread(text, 1, (size_t)size, f), (size_t)size);
	fclose(f);
	table_parse(t, text, path);
	free(text);
}

void
table_free(struct table *t)
{
	free(t->text);
	free(t->cell);
}

const char *
table_get(const struct table *t, size_t row, const char *name)
{
	size_t c;

	for (c = 0; c < t->ncolumns; c++)
		if (strcmp(t->name[c], name) == 0)
			return t->cell[row][c];
	ck_abort_msg("%s: no column %s", t->what, name);
	return NULL;
}

uint64_t
table_get_u64(const struct table *t, size_t row, const char *name)
{
	const char *text = table_get(t, row, name);
	char *end;
	uint64_t v;

	errno = 0;
	v = strtoull(text, &end, 10);
	ck_assert_msg(*text >= '0' && *text <= '9' && *end == '\0' &&
	    errno == 0, "%s: %s is '%s', not a count", t->what, name, text);
	return v;
}
