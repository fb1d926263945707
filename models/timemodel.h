/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * timemodel.h: the modeled time of a heap's operations on an
 * out-of-order core, from its access stream (stream.h): a critical
 * path, not a sum of latencies.
 *
 * An operation is a chain of steps (the stream's STEP markers): the
 * loads of one step do not depend on each other and overlap, so a step
 * stalls for its slowest load; a slot's read followed by the read of
 * that slot's item (its key) is a chain whose latencies add.  A load's
 * stall is its level's latency beyond the L1's (the L1 hit is part of
 * the computing, which the calibration measured with every load in the
 * L1), plus a page walk where the last TLB level missed; a step's walks
 * share TIME_WALKERS walkers, so at least walks / TIME_WALKERS of them
 * (rounded up) lie on its path.  Stores leave
 * the critical path but move the caches as loads do.
 *
 * The model keeps caches of its own (cache.h), of the run's geometry,
 * and sees every record, slots and items, whatever --model counts for
 * faults: the caches of the report (hier.h) are not touched.  The
 * computing itself (a cost per operation and per load, fitted from
 * untracked runs of heaps in the L1: calibrate.h) is added by the
 * report: time_compute_ns().
 */
#ifndef TIMEMODEL_H
#define TIMEMODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cache.h"
#include "hier.h"

/* Parameters -------------------------------------------------------- */

/*
 * Page walks under way at once: Intel's cores since Broadwell and AMD's
 * Zen cores have two page-miss handlers, so a step's walks beyond the
 * first two queue behind them.
 */
#define TIME_WALKERS	2u

/* Where a stall is spent: the level that answered a load, or a walk. */
enum time_part { TIME_L2, TIME_LLC, TIME_MEM, TIME_TLB, TIME_PARTS };
extern const char *const time_part_names[TIME_PARTS];

/* One phase's figures. */
struct time_counts {
	bool		known;		/* false: no time model ran */
	uint64_t	ops;		/* operations ended */
	uint64_t	steps;		/* STEP markers */
	uint64_t	loads;		/* reads */
	double		stall_ns[TIME_PARTS];
	/* The calibrated costs (calibrate.h); 0 until set. */
	double		op_ns;
	double		load_ns;
};

/* The state of the step under way; timemodel.c's business. */
struct time_step {
	double		best[TIME_PARTS];	/* the step's slowest chain */
	double		best_ns;
	unsigned	walks;			/* the step's TLB misses */
	double		slot[TIME_PARTS];	/* the last slot read */
	bool		after_slot;		/* the last read was a slot */
};

struct timemodel {
	struct cache	level[HIER_LEVELS];
	bool		present[HIER_LEVELS];
	struct hier_latency latency;
	struct time_step step;
	struct time_counts counts;
};

/*
 * A model of the hierarchy `geometry` (hier_for_page()'s) with these
 * latencies; every address will be below address_limit (0: unknown).
 * Returns 0, or -1 with errno set.
 */
int	timemodel_init(struct timemodel *, const struct hier_geometry *,
	    const struct hier_latency *, uint64_t address_limit);
void	timemodel_fini(struct timemodel *);
/*
 * Whether the model prices anything at `cost` in a hierarchy of this
 * shape: as hier_cost_priced(), but mem always, since a load that no
 * cache answers waits for memory even where no cache is modeled.
 */
bool	timemodel_cost_priced(const struct hier_geometry *, enum hier_cost);
/* The stream's taker (stream.h): model is a struct timemodel. */
void	timemodel_take(void *model, const uint64_t *records, size_t n);
/* Counters to zero; the caches' contents carry over. */
void	timemodel_phase(struct timemodel *);
struct time_counts timemodel_counts(const struct timemodel *);

/*
 * The computing's ns: op_ns per operation plus load_ns per load (a load
 * is a comparison's operand: a d-ary heap's step of d children costs
 * d times a binary heap's, less the shared branch).
 */
double	time_compute_ns(const struct time_counts *);
/* The stalls' ns, every part. */
double	time_stall_ns(const struct time_counts *);


#endif
