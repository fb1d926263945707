/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * report.h: an experiment's rows as a table, CSV, JSON or Markdown.
 *
 * CSV, JSON and Markdown carry the same fields, in the order of
 * report_fields[]; a figure that was not measured (the model's, with
 * --vm off) is empty in CSV, null in JSON and "-" in tables.
 */
#ifndef REPORT_H
#define REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "config.h"
#include "result.h"

extern const char *const report_fields[];

/*
 * Whether two runs of the same options may differ in `field`: a time,
 * the process's own counts (faults, memory, hardware counters), or a
 * figure that adds one in (modeled_s charges the heap's CPU time, the
 * time model the computing each invocation calibrates).  Every other
 * field is the same on the same machine.
 */
bool	report_field_varies(const char *field);

/*
 * A numeric field of a row, by name.  Returns 0, or -1 if there is no
 * such field or it was not measured.
 */
int	report_number(const struct result *, const char *field, double *);

/*
 * Whether a run of config can plot `field`: a numeric field that some
 * row of the run measures.  Returns 0, or -1 with a reason in `why`.
 */
int	report_plottable(const struct config *, const char *field, char *why,
	    size_t why_size);

/*
 * The fields, or the numeric ones, ", "-separated, into buf (cut short
 * if it must); every one fits in REPORT_FIELD_LIST_BYTES, 78 names of 13
 * characters on average and their separators with room to grow (a test
 * holds the list to it).
 */
#define REPORT_FIELD_LIST_BYTES	2048
void	report_field_list(char *buf, size_t size, bool numeric);

/* The format a file name's suffix (.csv, .json, .md) asks for. */
enum format report_format_of_path(const char *path, enum format fallback);

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

/* Returns 0, or -1 with errno set if the stream fails. */
int	report_write(FILE *, const struct config *, const struct result *,
	    size_t nrows);

#endif
