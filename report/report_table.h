/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * report_table.h: the report as a table for a terminal, and its
 * --columns.
 */
#ifndef REPORT_TABLE_H
#define REPORT_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "config.h"
#include "result.h"

/*
 * Checks --columns: the table's columns, a comma-separated list of
 * report fields (or of the table's own headings, such as faults/op);
 * workload and layout always lead.  The list travels in the config's
 * `columns`; without one the table shows the columns that carry the
 * story, those the run measures.  Returns 0, or -1 with a reason in
 * `why`.
 */
int	report_choose_columns(const char *list, char *why, size_t why_size);
/*
 * Whether --columns asked for a pmu_ field by name: every format carries
 * them, but only a user who named one wants to hear that they are empty.
 */
bool	report_columns_name_pmu(const struct config *);
/*
 * The report field a name stands for: a field's own name, or a table
 * heading that names one ("faults/op": faults_per_op); NULL if neither.
 */
const char *report_field_named(const char *name);

/*
 * The table (report_table.c), in time linear in the rows: 0, or -1 with
 * errno EINTR when a signal trapped by experiment_trap_signals() came
 * while it was written (not one that came before), found between one
 * sweep point and the next.
 */
int	report_table(FILE *out, const struct config *config,
	    const struct result *rows, size_t nrows);

#endif
