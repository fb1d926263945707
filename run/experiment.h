/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * experiment.h: every pass and layout of a plan, each run in a child
 * process of its own, up to --jobs at a time.
 *
 * A child starts from the parent's small footprint, so its max RSS, page
 * faults and VSZ belong to its run alone instead of piling up on the
 * previous run's; rows come back through a pipe as each phase ends.
 *
 * With a page model each layout of a pass runs twice: untracked (--vm
 * off), for the heap's own CPU time, which modeled_s charges
 * (result.h), and with the model, for everything else.  Points that
 * differ only in their budget share the untracked run.
 */
#ifndef EXPERIMENT_H
#define EXPERIMENT_H

#include <stddef.h>
#include <stdio.h>

#include "exits.h"
#include "plan.h"
#include "result.h"
#include "stop.h"		/* experiment_signal() */

/* Rows in the plan's order: point, then layout, then phase. */
struct experiment_rows {
	struct result	*rows;
	size_t		 count;
	size_t		 capacity;
};

/*
 * Runs the plan, `jobs` children at a time (1 to EXPERIMENT_MAX_JOBS),
 * with a progress bar over its runs.  Returns 0; EXIT_SIGNAL(signo)
 * after a signal; or the exit status of the first failed run, whose
 * reason the failing process has already printed.  Either way `rows`
 * holds every row that came home whole, in the plan's order, whatever
 * --jobs.  Each child dies with this process, even one killed outright.
 */
int	experiment_run(const struct plan *, unsigned jobs, FILE *trace,
	    struct experiment_rows *);
void	experiment_rows_free(struct experiment_rows *);
/* The parent's bytes per row at its peak, as it sorts them (need.c). */
size_t	experiment_row_bytes(void);

#endif
