/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * workload.h: one layout through the workloads, measured phase by phase.
 *
 * Phases run in a fixed order, fill, replace, reorder, mix, drain, on one
 * heap of config->items items; those not asked for are skipped, except
 * fill, which runs unmeasured when it is not asked for because the other
 * phases need a full heap.  The resident set carries over from phase to
 * phase, as it would in a program.
 */
#ifndef WORKLOAD_H
#define WORKLOAD_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "config.h"
#include "result.h"

typedef int (*result_sink)(const struct result *, void *context);

/*
 * Runs every phase points[0] asks for with layouts[layout], handing each
 * finished row to sink.  With more than one point (a pass, plan.h: they
 * differ only in their budget) one stack-distance run gives every
 * point's row of each phase, in the points' order, each row's config and
 * point naming its point.  `trace`, if not NULL, receives the trace of
 * the one measured phase.  Returns 0, or an exit status after printing
 * why: 1 when memory or I/O fails, 3 when the heap breaks its order.
 */
int	workload_run(const struct config *points, size_t npoints,
	    unsigned layout, FILE *trace, result_sink sink, void *context);

#endif
