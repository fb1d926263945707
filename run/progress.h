/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * progress.h: a progress bar with an ETA on stderr, for long sweeps.
 *
 * It draws only when stderr is a terminal; in a pipe or a log it stays
 * quiet, so output stays clean.  It counts finished points, and within
 * the passes still running the heap operations their jobs have done:
 * each child counts its operations (progress_op()) into a slot of
 * memory it shares with the parent, which redraws the bar at least every
 * PROGRESS_REDRAW_MS while the children run.
 */
#ifndef PROGRESS_H
#define PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"

/* How often the parent redraws while no job finishes. */
#define PROGRESS_REDRAW_MS 250
#define PROGRESS_WINDOW_NS	((uint64_t)2 * 1000000000u)

/* One running job's operations, in memory shared with its child. */
struct progress_slot {
	volatile uint64_t done;
	uint64_t	ops;		/* what the whole job will do */
	double		points;		/* what the whole job is worth */
};

struct progress {
	bool		enabled;
	size_t		total;
	uint64_t	start_ns;
	double		finished;	/* the shares of the jobs finished */
	/*
	 * The ETA goes by the rate since mark[0], a time PROGRESS_WINDOW_NS
	 * to twice that ago: jobs of one pass differ in cost (the
	 * untracked one runs many times faster), so the mean since the start
	 * would mislead.
	 */
	uint64_t	mark_ns[2];
	double		mark_points[2];
	struct progress_slot *slots;	/* NULL: no counts within passes */
	size_t		nslots;
};

/* total points; slots: jobs that can run at once. */
void	progress_start(struct progress *, size_t total, size_t slots);
/*
 * Before a job is forked into `slot`: it is worth `points` (a share of
 * its pass) and runs the phases of `config`; the next child forked
 * counts its operations into the slot.
 */
void	progress_job(struct progress *, size_t slot, double points,
	    const struct config *);
/* The job in `slot` is done: its whole share counts. */
void	progress_job_done(struct progress *, size_t slot);
/* Draws the bar; `done` points are those of the passes finished. */
void	progress_update(struct progress *, size_t done);
/* How long the parent may wait before redrawing: ms, or -1 (forever). */
int	progress_wait_ms(const struct progress *);
void	progress_finish(struct progress *);

/* Where a child counts its operations, or NULL. */
extern volatile uint64_t *progress_counter;

/* One heap operation done (workload.c, at each operation's end). */
static inline void
progress_op(void)
{
	if (progress_counter != NULL)
		(*progress_counter)++;
}

#endif
