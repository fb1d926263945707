/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * cells.h: rows of named fields written as CSV, JSON or Markdown, the
 * punctuation that report.c's rows and compare.c's side-by-side rows
 * share.
 *
 * A cell is text (quoted in JSON), a number, or absent: a figure that was
 * not measured is empty in CSV, null in JSON and "-" in Markdown.
 */
#ifndef CELLS_H
#define CELLS_H

#include <stddef.h>
#include <stdio.h>

#include "config.h"

enum cell_kind { CELL_TEXT, CELL_NUMBER, CELL_ABSENT };

/* The longest figure, a cache geometry (HIEROPT_FORMAT_BYTES), fits. */
#define CELL_BYTES	128

struct cell {
	enum cell_kind	kind;
	char		text[CELL_BYTES];
};

struct cell	cell_text(const char *);
struct cell	cell_absent(void);

/* The cell of field f of row r. */
typedef struct cell (*cell_source)(const void *context, size_t row,
		    unsigned field);

/*
 * Writes nrows rows of the fields names[0 .. nfields-1] in `format`
 * (not FORMAT_TABLE, whose layout is the caller's).  In Markdown the
 * first `left` columns are left-aligned, the rest right-aligned.
 */
void	cells_write(FILE *, enum format, const char *const names[],
	    unsigned nfields, unsigned left, size_t nrows, cell_source,
	    const void *context);

#endif
