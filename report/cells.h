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
#include <stdint.h>
#include <stdio.h>

#include "config.h"

enum cell_kind { CELL_TEXT, CELL_NUMBER, CELL_ABSENT };

/* The longest figure, a cache geometry (GEOMETRY_TEXT_BYTES), fits. */
#define CELL_BYTES	128

struct cell {
	enum cell_kind	kind;
	char		text[CELL_BYTES];
};

struct cell	cell_text(const char *);
struct cell	cell_absent(void);
struct cell	cell_integer(uint64_t);
/* A count that may be negative: a difference of two counts. */
struct cell	cell_signed(int64_t);
/*
 * x to `decimals` places; absent if not finite (inf, nan: a figure that
 * cannot be), and never "-0".
 */
struct cell	cell_real(double x, int decimals);
/*
 * A time, as cell_real(), but a positive time the decimals would show as
 * 0 gets two significant digits instead ("4.2e-07"), still below the
 * smallest that shows.  Rounding is monotonic either way, so of two
 * times with the same decimals the larger never prints smaller.
 */
struct cell	cell_time(double x, int decimals);

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
