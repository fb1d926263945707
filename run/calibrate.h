/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * calibrate.h: the time model's computing costs (timemodel.h), measured
 * on the machine that runs: a cost per operation and one per load (a
 * key or slot a sift compares), for one layout and workload.
 *
 * Heaps small enough that slots and items fit half the first cache
 * level run untracked (every load an L1 hit, so a step's time is its
 * computing: comparisons, a mispredicted branch about every other
 * level, the L1's own latency) and tracked once, for their loads per
 * operation (CPU time, which other processes on the machine do not
 * stretch as they do the wall clock); a least-squares line through (loads/op, ns/op) over sizes
 * from 16 items up gives the two costs, in about 0.05 s of CPU per
 * layout and workload.  It runs in the invocation that
 * reports them, after the runs themselves, so it describes the machine
 * as it is now; each layout's and workload's fit is made once.  Fill
 * and drain, whose phases on a small heap are too short to time, take
 * replace's costs.
 */
#ifndef CALIBRATE_H
#define CALIBRATE_H

#include "result.h"

/* Parameters -------------------------------------------------------- */

#define CALIBRATE_MIN_ITEMS	16u
#define CALIBRATE_STEP		4u	/* sizes 16, 64, 256, ..., the largest */
#define CALIBRATE_SIZES		8u	/* at most */
#define CALIBRATE_OPS		50000u	/* per untracked run: ~3 ms */
#define CALIBRATE_REPEATS	3u	/* untracked runs per size: the least */

/* The fits made so far, each for rows of the same heaps and workloads. */
struct calibration {
	struct fit	*fit;		/* calibrate.c's */
	size_t		 count;
};

/*
 * Sets row->models.time's op_ns and load_ns, where the row has a time
 * model, by a fit kept in `cal` (zeroed before the first row).  Returns
 * 0, or an exit status after printing why.
 */
int	calibrate_row(struct calibration *cal, struct result *row);
/* Forgets every fit made. */
void	calibrate_free(struct calibration *);

#endif
