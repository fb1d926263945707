/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * table_title.h: the title of the report's table (report_table.c).
 */
#ifndef TABLE_TITLE_H
#define TABLE_TITLE_H

#include <stdio.h>

#include "config.h"
#include "report_field.h"

/* The field a sweep varies, the table's first column; F_COUNT: none. */
enum field	table_swept_field(const struct config *);
/*
 * The build and the settings the rows share, in two lines, each well
 * inside the table's 120 columns; a swept setting is named, not given.
 */
void		table_title_write(FILE *out, const struct config *);

#endif
