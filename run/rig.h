/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * rig.h: one layout's run as workload.c drives it, and its rigging: the
 * mapped arenas, the heap, its access stream and the models that take
 * it (taps.h), set up for a pass of points and torn down after.
 */
#ifndef RIG_H
#define RIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "config.h"
#include "heap.h"
#include "pmu.h"
#include "stream.h"
#include "taps.h"

struct run {
	const struct config *config;	/* the pass's first point */
	const struct config *points;	/* the pass: budgets differ, if any */
	/* The first point with this run's layout alone: its footprint's. */
	struct config	 one;
	size_t		 npoints;
	struct heap	 heap;
	/* The registry's models the heap's stream feeds, and the trace. */
	struct taps	 taps;
	struct access_stream stream;
	/* Untracked, with a PMU: what the CPU counts in each phase. */
	struct pmu	 pmu;
	bool		 counting;
	struct arena	 array;
	struct arena	 items;
	uint64_t	 rng;
	uint64_t	 clock;		/* time of the last expired timer */
};

/*
 * Sets up `run` for points[0 .. npoints-1] (a pass: the points differ
 * in their budget only) of layouts[layout].  Returns 0, or an exit
 * status after a line on stderr; rig_teardown() is due either way.
 */
int	rig_setup(struct run *, const struct config *points, size_t npoints,
	    unsigned layout);
void	rig_teardown(struct run *);

#endif
