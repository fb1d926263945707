/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * report.h: an experiment's rows as a table (report_table.h), CSV, JSON
 * or Markdown.
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
#include "report_field.h"
#include "report_table.h"
#include "result.h"

/* Returns 0, or -1 with errno set if the stream fails. */
int	report_write(FILE *, const struct config *, const struct result *,
	    size_t nrows);

#endif
