/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * timemodel.h: the modeled time of a heap's operations on an
 * out-of-order core, from its access stream (stream.h): a timestamp
 * model in which sift levels and operations overlap as the core
 * overlaps them (issue 40; ../shared/design/time-model.md).
 *
 * The core runs ahead of its loads along the branches it predicts.  A
 * sift's next node is an index the branch picks, not a loaded value, so
 * while the predictions hold, every level's loads issue together: each
 * step (the stream's STEP markers) issues at R, when speculation last
 * restarted, or later if the reorder buffer is full of the steps before
 * it.  A slot's load completes at its issue plus its latency; its
 * item's key, read through the slot's pointer, at the slot's completion
 * plus the key's latency: a chain.  A page walk comes before the data
 * and takes one of the core's walkers, which the loads share.  A step
 * is done when its last chain completes; the frontier E is the latest
 * completion so far, and its advance is the stall that the computing
 * does not hide.  A step whose branch mispredicts (predict.h) restarts
 * speculation at its completion: R moves there.  On the way, the core
 * ran down the wrong child's side, guessing each level with the
 * counters as they were, until it guessed the loop's end or the reorder
 * buffer was full beside the steps in flight: each level's children's
 * slot lines were requested when the mispredicted step issued (their
 * indices are arithmetic, no level waits for the one above), their
 * walks taking the walkers while one was free before the branch was
 * known.  They moved the model's caches, so a later load of one of
 * those lines hits, but waits for the request's arrival, and a load of
 * a page they walked for the walk.  A fence before every level lets no
 * wrong path run.  Operations end without a barrier: the next one
 * issues from R.
 *
 * A load's latency is its level's beyond the L1's (the L1 hit is part of
 * the computing, which the calibration measured with every load in the
 * L1), plus a walk where the last TLB level missed.  Stores leave the
 * critical path but move the caches as loads do.  The model keeps
 * caches of its own (cache.h), of the run's geometry, and sees every
 * record, slots and items, whatever --model counts for faults: the
 * caches of the report (hier.h) are not touched.  The computing itself
 * (a cost per operation and per load, fitted from untracked runs of
 * heaps in the L1: calibrate.h) is added by the report:
 * time_compute_ns().
 */
#ifndef TIMEMODEL_H
#define TIMEMODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cache.h"
#include "heap.h"
#include "hier.h"
#include "latcurve.h"
#include "pages.h"
#include "predict.h"
#include "stackdist.h"

/* Parameters -------------------------------------------------------- */

/*
 * Page walks under way at once, beyond which walks queue: AMD's Zen 3
 * and Zen 4 have six walkers (Zen 2 and Intel's cores since Broadwell
 * two).  On this project's Zen 4 VM, eight independent chases over one
 * line in each of 32,768 small pages, each load a walk, took 5.0 ns a
 * load against one chase's 42.1 (results/time-model.md): two walkers
 * could not take them below half a walk, about 14 ns.
 */
#define TIME_WALKERS	6u

/*
 * The reorder buffer, in instructions: what the core keeps in flight
 * past an unfinished load (--rob).  Public figures: AMD Zen 4 320 (this
 * project's machine, the default), Intel Golden Cove 512.  Moving it
 * from 160 to 640 moved the ratios at 1M items by at most 0.16:
 * mispredictions, not the window, end the overlap.
 */
#define TIME_ROB		320u
#define TIME_ROB_MIN		16u
#define TIME_ROB_MAX		4096u

/*
 * Every step takes its layout's instructions per level (heap.h), no
 * fewer than these, so that the window of a ROB_MAX holds at most
 * TIME_WINDOW_STEPS steps.
 */
#define TIME_MIN_STEP_INSTRUCTIONS	16u
#define TIME_WINDOW_STEPS	(TIME_ROB_MAX / TIME_MIN_STEP_INSTRUCTIONS + 1)

/*
 * Lines a mispredicted level's wrong path requested, and pages it
 * walked, remembered: each table's size.
 */
#define TIME_WRONG_LINES	256u

/* Where a stall is spent: the level that answered a load, or a walk. */
enum time_part { TIME_L2, TIME_LLC, TIME_MEM, TIME_TLB, TIME_PARTS };
extern const char *const time_part_names[TIME_PARTS];

/* One phase's figures. */
struct time_counts {
	bool		known;		/* false: no time model ran */
	uint64_t	ops;		/* operations ended */
	uint64_t	steps;		/* STEP markers */
	uint64_t	loads;		/* reads */
	uint64_t	mispredicts;	/* levels whose branch mispredicted */
	/* The advance of E, shared among the parts of the chains that set it. */
	double		stall_ns[TIME_PARTS];
	/* The calibrated costs (calibrate.h); 0 until set. */
	double		op_ns;
	double		load_ns;
};

/*
 * What the model knows of the heap and the core: its layout's rules for
 * the wrong path and its instructions per level, where its slots lie,
 * the serialization of a fenced build (--serialize), the reorder
 * buffer's size, the page walkers, the branch predictor.
 */
struct time_heap {
	const struct layout *layout;
	unsigned	rob;		/* TIME_ROB_MIN .. TIME_ROB_MAX */
	unsigned	walkers;	/* 1 .. TIME_WALKERS */
	enum predict_kind predictor;	/* --predictor */
	struct shape	shape;		/* heap_init()'s, height set */
	struct page_map	pages;
	uint64_t	positions;	/* the positions the array holds */
	bool		fence_level;	/* an lfence before every sift level */
	bool		fence_op;	/* an lfence at every operation's end */
	/*
	 * With points, a load's latency is the curve's at its reuse
	 * distance (latcurve.h) in place of the caches': the caches'
	 * sizes only name the part it goes to.
	 */
	struct lat_curve curve;
	/*
	 * With points, a walk is the curve's at the page's reuse distance,
	 * in bytes of pages, in place of the TLB's.
	 */
	struct lat_curve walk_curve;
};

/* The step under way; timemodel.c's business. */
struct time_step {
	bool		open;
	uint64_t	marker;
	double		issue;
	double		done;			/* its latest completion */
	double		best[TIME_PARTS];	/* the chain that set done */
	double		slot_done;		/* the last slot read */
	double		slot[TIME_PARTS];
	bool		after_slot;		/* the last read was a slot */
};

/*
 * A line the wrong path requested, when it arrives and the level that
 * answers it; or a page it walked, and when the walk ends.
 */
struct time_wrong_line {
	uint64_t	line;		/* address >> shift, + 1; 0: none */
	double		ready;
	enum time_part	part;
};

struct timemodel {
	struct cache	level[HIER_LEVELS];
	bool		present[HIER_LEVELS];
	uint64_t	level_bytes[HIER_FIRST_TLB];	/* 0: absent */
	struct stackdist *lines;	/* with a curve: the lines' stack */
	struct stackdist *pages;	/* with a walk curve: the pages' */
	struct hier_latency latency;
	struct time_heap heap;
	unsigned	line_shift;
	struct predictor predictor;
	double		restart;	/* R */
	double		frontier;	/* E */
	double		walker_free[TIME_WALKERS];
	/* The steps in the reorder window: when each is done; how many fit. */
	double		window[TIME_WINDOW_STEPS];
	unsigned	window_first, window_steps, window_fit;
	struct time_wrong_line wrong[TIME_WRONG_LINES];
	struct time_wrong_line wrong_pages[TIME_WRONG_LINES];	/* walked */
	struct time_step step;
	struct time_counts counts;
};

/*
 * The instructions of every step of this heap: its layout's per level
 * and per child of its fanout (heap.h), a figure per operation over the
 * steps, so the same for sift-down, sift-up and first steps.
 */
double	time_step_instructions(const struct time_heap *heap);

/*
 * A model of the hierarchy `geometry` (hier_for_page()'s) with these
 * latencies, of `heap`; every address will be below address_limit (0:
 * unknown; a curve needs it).  Returns 0, or -1 with errno set.
 */
int	timemodel_init(struct timemodel *, const struct hier_geometry *,
	    const struct hier_latency *, uint64_t address_limit,
	    const struct time_heap *heap);
void	timemodel_fini(struct timemodel *);
/* The most bytes a model of these takes beyond its caches' tags. */
uint64_t timemodel_bytes(const struct hier_geometry *,
	    uint64_t address_limit, const struct time_heap *heap);
/*
 * Whether the model prices anything at `cost` in a hierarchy of this
 * shape: as hier_cost_priced(), but mem always, since a load that no
 * cache answers waits for memory even where no cache is modeled.
 */
bool	timemodel_cost_priced(const struct hier_geometry *, enum hier_cost);
/*
 * One access through the model's caches and TLB, or its curves
 * (timelat.c); `stall` gets what a load of it would wait beyond an L1
 * hit, part by part.  timemodel.c's, for its loads and stores.
 */
void	timemodel_access(struct timemodel *, uint64_t address,
	    double stall[TIME_PARTS]);
/* The stream's taker (stream.h): model is a struct timemodel. */
void	timemodel_take(void *model, const uint64_t *records, size_t n);
/* Counters to zero; the caches, the clocks and the predictor carry over. */
void	timemodel_phase(struct timemodel *);
struct time_counts timemodel_counts(const struct timemodel *);

/*
 * The computing's ns: op_ns per operation plus load_ns per load (a load
 * is a comparison's operand: a d-ary heap's step of d children costs
 * d times a binary heap's, less the shared branch).
 */
double	time_compute_ns(const struct time_counts *);
/* The stalls' ns, every part: the advance of E. */
double	time_stall_ns(const struct time_counts *);

#endif
