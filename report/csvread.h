/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * csvread.h: a CSV file of bheapsim's kind read whole, or refused with
 * the reason in one line.
 *
 * Lines end at "\n", "\r\n" or a lone "\r"; empty lines are skipped.
 * Fields are split at commas and taken as they are: bheapsim's CSV
 * quotes nothing, so a field that starts with a double quote is refused
 * rather than misread.  Refused too: a NUL byte, bytes that are not
 * UTF-8, a line longer than CSV_MAX_LINE bytes, more than
 * CSV_MAX_COLUMNS columns or CSV_MAX_ROWS rows, a header that names a
 * column twice, a row with another number of fields than the header,
 * and a file with no header.
 */
#ifndef CSVREAD_H
#define CSVREAD_H

#include <stddef.h>
#include <stdio.h>

/* Parameters -------------------------------------------------------- */

#define CSV_MAX_LINE	(1 << 20)
#define CSV_MAX_COLUMNS	128
#define CSV_MAX_ROWS	4096

struct csv {
	char	**cell;		/* [(row + 1) * ncolumns + c]; row -1 is the header */
	size_t	 *line;		/* the file's line number of each row, header first */
	size_t	  ncolumns;
	size_t	  nrows;	/* not counting the header */
};

enum csv_status { CSV_OK, CSV_REFUSED, CSV_IO_ERROR };

/*
 * Reads all of `in`.  CSV_REFUSED: why holds the reason, without a
 * newline; CSV_IO_ERROR: errno says what failed.  On either, nothing is
 * left to free.
 */
enum csv_status	csv_read(FILE *in, struct csv *, char *why, size_t whysize);
/* Column c of the header, and of data row `row` (from 0). */
const char	*csv_name(const struct csv *, size_t c);
const char	*csv_cell(const struct csv *, size_t row, size_t c);
/* The column named `name`, or -1. */
long		 csv_column(const struct csv *, const char *name);
void		 csv_free(struct csv *);

#endif
