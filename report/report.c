/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * report.c: an experiment's rows in a format: the table (report_table.c)
 * or CSV, JSON and Markdown, every field of report_field.h in order.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cells.h"
#include "report.h"
#include "report_field.h"

/* CSV, JSON, Markdown -------------------------------------------------- */

static struct cell
row_cell(const void *context, size_t row, unsigned field)
{
	const struct result *rows = context;

	return report_value(field, &rows[row]);
}

int
report_write(FILE *out, const struct config *config,
    const struct result *rows, size_t nrows)
{
	/* CSV, JSON, Markdown: text fields first, up to items, to the left. */
	if (config->report.format != FORMAT_TABLE)
		cells_write(out, config->report.format, report_fields, F_COUNT,
		    F_ITEMS, nrows, row_cell, rows);
	else if (report_table(out, config, rows, nrows) != 0)
		return -1;
	if (fflush(out) != 0 || ferror(out)) {
		if (errno == 0)
			errno = EIO;
		return -1;
	}
	return 0;
}
