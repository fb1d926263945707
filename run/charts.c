/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * charts.c: the field each --plot draws, checked against what the run
 * measures (report.c answers through request->plottable).
 */
#include <stdbool.h>
#include <string.h>

#include "charts.h"
#include "escape.h"
#include "point.h"
#include "sweep.h"

/*
 * The base as the expansion will leave it, as far as what a run measures
 * goes: a resident sweep (or --resident all) of its first policy runs
 * the curves.  Asked before the expansion, so that --plot-y is refused
 * first.
 */
static struct config
swept_base(const struct plan_request *request, const struct config *base)
{
	struct config swept = *base;
	struct sweep_spec spec;		/* 8 KiB: SWEEP_MAX_POINTS values */
	char reason[PLAN_WHY_BYTES];

	if (request->resident_all || (request->sweep != NULL &&
	    sweep_parse(request->sweep, &spec, reason, sizeof(reason)) == 0 &&
	    spec.param == SWEEP_RESIDENT))
		swept.sweep.param = SWEEP_RESIDENT;
	swept.policy = config_first_policy(swept.sweep.policies);
	return swept;
}

int
charts_fields(struct plan *plan, const struct plan_request *request, char *why)
{
	const struct config *base = &plan->base;
	const char *headline = base->vm != VM_OFF ? "modeled_s" : "ns_per_op";
	struct config swept = swept_base(request, base);
	char reason[PLAN_WHY_BYTES - 16];
	const char *field, *text;
	unsigned i;

	if (request->nplots > 1 && request->nplot_ys < request->nplots)
		return plan_refuse(why, "--plot: '%s' has no --plot-y of its "
		    "own: with several --plot, give one --plot-y for each, in "
		    "order", request->plot[request->nplot_ys]);
	plan->nplots = request->nplots;
	for (i = 0; i < request->nplots || i < request->nplot_ys; i++) {
		field = i < request->nplot_ys ? request->plot_y[i] : headline;
		text = i < request->nplot_ys ? request->plot_y_text[i] : NULL;
		if (i < plan->nplots) {
			plan->plot[i] = request->plot[i];
			plan->plot_y[i] = field;
		}
		if (strcmp(field, PLOT_MISSES) != 0 && request->plottable(
		    &swept, field, reason, sizeof(reason)) != 0) {
			/* A typed heading (l1/op): quoted, and its field. */
			if (text != NULL && strcmp(text, field) != 0)
				return plan_refuse(why, "--plot-y: '%s' names "
				    "%s: %s", printable(text), field, reason);
			return plan_refuse(why, "--plot-y: %s", reason);
		}
		/* A plot of a figure that is 0 at every point draws nothing. */
		if (i < plan->nplots && base->disk_latency_ns == 0 &&
		    strcmp(field, "disk_latency_ms") == 0)
			return plan_refuse(why, "--plot-y: disk_latency_ms is "
			    "0 at every point with --disk-latency 0; give "
			    "--disk-latency a time above 0");
	}
	return 0;
}

/*
 * The teaching figure draws the curves of pages and lines: a resident
 * sweep's, with a cache level whose lines the line curve counts.
 */
int
charts_check_misses(const struct plan *plan, char *why)
{
	const struct config *base = &plan->base;
	bool drawn = false;
	unsigned i;

	for (i = 0; i < plan->nplots; i++)
		drawn |= strcmp(plan->plot_y[i], PLOT_MISSES) == 0;
	if (!drawn)
		return 0;
	if (base->vm != VM_SIM || base->sweep.param != SWEEP_RESIDENT)
		return plan_refuse(why, "--plot-y: '%s' draws the curves of a "
		    "resident sweep with --vm sim: --resident all or --sweep "
		    "resident=LIST", PLOT_MISSES);
	if (config_line_bytes(base) == 0)
		return plan_refuse(why, "--plot-y: '%s' needs a cache level, whose "
		    "lines it counts: not --cache off", PLOT_MISSES);
	/* Only LRU is a stack algorithm: the line curve is LRU's. */
	if (!(base->sweep.policies & 1u << POLICY_LRU))
		return plan_refuse(why, "--plot-y: '%s' draws LRU's curves: add lru "
		    "to --policy", PLOT_MISSES);
	return 0;
}

int
charts_check_unplotted(const struct plan_request *request, char *why)
{
	if (request->nplot_ys <= request->nplots)
		return 0;
	return plan_refuse(why, request->nplots == 0 ?
	    "--plot-y: '%s' draws nothing without --plot FILE.svg" :
	    "--plot-y: '%s' has no --plot of its own: give one --plot-y for "
	    "each --plot, in order",
	    printable(request->plot_y_text[request->nplots]));
}
