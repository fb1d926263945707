/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * plan.h: what one invocation runs, checked as a whole before anything
 * runs.
 *
 * main.c parses each option on its own into a plan_request; plan_make()
 * checks the options against each other and against the machine (page
 * size and entry size, memory, the resident budget, the kernel modes'
 * needs, the sweep and the plotted field) and expands a sweep into one
 * config per point.  Every check that fails gives one line naming the
 * option, the value and what is accepted; main turns it into errx().
 */
#ifndef PLAN_H
#define PLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "config.h"
#include "model.h"
#include "request.h"

/*
 * Points run together: one run of the page model per layout serves
 * points[first .. first+count-1], which differ only in their budget (a
 * stack-distance curve, vmsim.h); every other point is a pass of its own.
 */
struct pass {
	size_t		first;
	size_t		count;
};

/*
 * A curve pass gives exact per-operation distributions for this many
 * budgets at once (stackdist.h); a listed sweep of more is cut into passes
 * of this size.
 */
#define PLAN_PASS_BUDGETS	STACKDIST_MAX_BUDGETS

/* Everything one invocation runs: one point, or one per sweep value. */
struct plan {
	struct config	 base;
	struct config	*points;	/* &base, or one per sweep value */
	size_t		 npoints;
	struct pass	*passes;	/* how the points run */
	size_t		 npasses;
	/* Each --plot and the field it draws; NULL past nplots. */
	const char	*plot[PLOT_MAX];
	const char	*plot_y[PLOT_MAX];
	unsigned	 nplots;
	unsigned	 jobs;		/* children at once */
	bool		 jobs_given;	/* --jobs; else peak_fit_jobs() */
	bool		 dry_run;
	bool		 force;		/* --force */
};


/*
 * Returns 0, or -1 with the reason in `why`; exits with status 1 only if
 * memory for a sweep's points cannot be had.
 */
int	plan_make(struct plan *, const struct plan_request *,
	    char why[PLAN_WHY_BYTES]);
void	plan_free(struct plan *);

#endif
