/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * plot.h: a sweep's rows as an SVG chart.
 */
#ifndef PLOT_H
#define PLOT_H

#include <stddef.h>
#include <stdio.h>

#include "config.h"
#include "request.h"
#include "result.h"

/*
 * Plots `field` (a numeric report field, or PLOT_MISSES) of the rows of
 * `workload` against the swept parameter of config.  Returns 0, or -1 if
 * no row has a positive value to plot.
 */
int	plot_write(FILE *, const struct config *, const struct result *,
	    size_t nrows, const char *field, enum workload);
/*
 * Where the run measured other workloads too, one line on stderr: which
 * one the charts show.  Said once per run, after its charts are drawn.
 */
void	plot_tell_workload(const struct config *, enum workload);

#endif
