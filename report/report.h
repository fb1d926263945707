/*
 * report.h: an experiment's rows as a table, CSV, JSON or Markdown.
 *
 * CSV, JSON and Markdown carry the same fields, in the order of
 * report_fields[]; a figure that was not measured (the model's, with
 * --vm off) is empty in CSV, null in JSON and "-" in tables.
 */
#ifndef REPORT_H
#define REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "config.h"
#include "result.h"

extern const char *const report_fields[];

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

/* The format a file name's suffix (.csv, .json, .md) asks for. */
enum format report_format_of_path(const char *path, enum format fallback);

/* Returns 0, or -1 with errno set if the stream fails. */
int	report_write(FILE *, const struct config *, const struct result *,
	    size_t nrows);

#endif
