/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * charts.h: what each --plot of a plan draws, checked against the run
 * before anything runs: one line naming the option and the value, as
 * plan.h's other checks give.
 */
#ifndef CHARTS_H
#define CHARTS_H

#include "plan.h"
#include "request.h"

/*
 * Sets plan's plots and the field each draws: the --plot-y given in its
 * place, or with one --plot and none, the run's headline figure.  Every
 * field named is checked against what a run of plan->base measures, with
 * a plot or without.  Returns 0, or -1 with the reason in `why`.
 */
int	charts_fields(struct plan *, const struct plan_request *, char *why);
/*
 * After the expansion: the teaching figure (PLOT_MISSES), where drawn,
 * needs a resident sweep of LRU under --vm sim with a cache level.
 */
int	charts_check_misses(const struct plan *, char *why);
/* A --plot-y past the last --plot draws nothing: refused. */
int	charts_check_unplotted(const struct plan_request *, char *why);

#endif
