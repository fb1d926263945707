/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * peak.h: what a whole invocation holds at its peak: the parent with the
 * rows it collects, and up to --jobs runs side by side (need.h's), as
 * --dry-run prints it and as the run is refused when it cannot fit.
 */
#ifndef PEAK_H
#define PEAK_H

#include <stdint.h>
#include <stdio.h>

#include "plan.h"

/*
 * Writes, as CSV, what each point of the plan needs (--dry-run): its
 * items, page size, model and the figures of struct need.
 */
int	plan_write_needs(FILE *, const struct plan *);

/*
 * What the largest point needs, as a line for stderr, into `note`, when
 * a run needs so much memory that it should say so before it starts;
 * else false, with note empty.
 */
bool	plan_memory_note(const struct plan *, char note[PLAN_WHY_BYTES]);

/*
 * The whole invocation's peak, as the sum of its processes' maxrss: the
 * parent's (with *rows_bytes for the rows it collects) and its --jobs
 * largest runs'.
 */
uint64_t	plan_peak(const struct plan *, uint64_t *rows_bytes);

/*
 * 0, or -1 with the reason in why: the peak does not fit unforced, or
 * with --vm disk what its --jobs largest runs map (array and items) does
 * not fit the free space of the --vm-dir, forced or not: a mapped page
 * the disk has no room for kills the run with SIGBUS.
 */
int	peak_check(const struct plan *, char *why);

/*
 * Without --jobs: lowers the plan's runs side by side, from one per
 * processor, until their peak fits the machine's memory and --vm-dir
 * (or to 1, which peak_check() then judges).
 */
void	peak_fit_jobs(struct plan *);

#endif
