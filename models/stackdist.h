/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * stackdist.h: LRU stack distances, so that one pass over the accesses
 * gives the exact LRU fault count for every budget at once.
 *
 * LRU is a stack algorithm (Mattson, Gecsei, Slutz and Traiger,
 * "Evaluation techniques for storage hierarchies", IBM Systems Journal
 * 9(2), 1970): the resident set of R pages is always the top R of one
 * recency stack.  An access whose page is at depth d of that stack (its
 * stack distance; 1 = the page accessed last) hits under every budget
 * R >= d and faults under every R < d.  A first touch (STACKDIST_COLD) is
 * a cold miss: a fault under every budget, however large.
 *
 * Distances cost O(log times) each, by the method of Bennett and Kruskal
 * (1975) and Olken (1981), described in stackdist.c; a repeated access to
 * the page accessed last costs O(1) (the inline stackdist_access).
 *
 * Page ids are 0 .. pages-1, numbered as vmsim numbers them (heap-array
 * pages, then item pages).  The stack lives as long as the object, so it
 * carries over from phase to phase as vmsim's resident set does; the
 * counters cover one phase, with the same discipline as vmsim's:
 *
 *	stackdist_budgets()		(optional, between phases)
 *	stackdist_phase()		counters to zero
 *	stackdist_access() ...		the operation's accesses
 *	stackdist_op_end()		closes one operation
 *	...
 *	stackdist_phase_end()		then the queries below, until the
 *					next stackdist_phase()
 *
 * For every budget R (a multiple of the grain, or at least `pages`),
 * stackdist_faults() is what a vmsim with budget R would count over the
 * same phase; for each budget listed with
 * stackdist_budgets() (at most STACKDIST_MAX_BUDGETS), stackdist_counts()
 * is exactly what vmsim_counts() would return.
 *
 * Memory, with the default times = 2 * pages: 20.4 bytes per page
 * (last time 4, histogram 8, owner of each time 2 x 4, a bit per time
 * and a Fenwick cell per 64 times) plus 1 per page for the budget
 * lookup; and per listed budget one
 * struct vmsim_hist (32 KiB), plus one more for pages per operation.
 * A stack of a coarser grain (stackdist_create_grained()) keeps the
 * histogram and the budget lookup per `grain` distances, not per page.
 */
#ifndef STACKDIST_H
#define STACKDIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vmsim.h"

/* The distance of a first touch: deeper than any budget. */
#define STACKDIST_COLD UINT32_MAX
/* No page: an owner-less time, or no most recent page. */
#define STACKDIST_NONE UINT32_MAX
/*
 * Budgets whose per-operation distributions one pass can keep: each
 * costs a histogram and a step of every operation's end.  A sweep runs
 * in passes of this many budgets (plan.h).
 */
#define STACKDIST_MAX_BUDGETS 64
/*
 * Largest page count: the tree of times must hold twice as many, and
 * time 0 means "never" (so times run 1 .. 2 * pages).
 */
#define STACKDIST_MAX_PAGES ((UINT32_MAX - 1) / 2)

/*
 * The struct is public only so that stackdist_access() can be inlined
 * into the heaps' inner loops; its fields are stackdist.c's business.
 */
struct stackdist {
	uint32_t	pages;
	uint32_t	times;		/* size of the tree: times 1 .. times */
	uint32_t	now;		/* the last time given; 0 before any */
	uint32_t	footprint;	/* pages ever touched */
	uint32_t	mru;		/* page accessed last, or STACKDIST_NONE */
	uint32_t	*last;		/* per page: last access time, 0 never */
	uint32_t	*owner;		/* per time whose bit is set: its page */
	uint32_t	words;		/* of 64 times: times / 64 + 1 */
	uint64_t	*bits;		/* per time: a page's last access */
	uint32_t	*counts;	/* Fenwick tree of the words' 1s */
	/*
	 * Per bucket 1 .. buckets of 2^grain_shift distances (bucket b:
	 * distances (b - 1) * grain + 1 .. b * grain); once the phase ends,
	 * the faults of the budget b * grain.
	 */
	uint64_t	*hist;
	uint32_t	buckets;
	unsigned	grain_shift;
	uint64_t	cold;		/* first touches this phase */
	uint64_t	distinct;	/* pages touched this phase */
	uint32_t	phase_start;	/* first time of this phase */
	uint32_t	op_start;	/* first time of this operation */
	uint64_t	op_pages;	/* distinct pages of this operation */
	bool		closed;		/* no phase open: counting is over */
	unsigned	nbudgets;
	uint32_t	budgets[STACKDIST_MAX_BUDGETS];
	uint8_t		*below;		/* per bucket: budgets smaller */
	/* This operation's accesses, by how many budgets they fault under. */
	uint64_t	op_count[STACKDIST_MAX_BUDGETS + 1];
	struct vmsim_hist *fault_hist;	/* per listed budget */
	struct vmsim_hist *page_hist;
};

/*
 * A stack for pages 0 .. pages-1 (1 <= pages <= STACKDIST_MAX_PAGES),
 * empty, with no budgets listed.  NULL with errno set: EINVAL for a page
 * count out of range, ENOMEM.  stackdist_create_sized() chooses the tree
 * of times (pages < times <= 2 * STACKDIST_MAX_PAGES); the smaller it
 * is, the more often the stack is renumbered.  Tests use it to renumber
 * often; stackdist_create() chooses well.
 */
struct stackdist *stackdist_create(uint32_t pages);
/*
 * Of what stackdist_create_grained() takes for `pages` and `grain` (1:
 * stackdist_create()'s), with at most `listed` budgets listed (0: none
 * ever), the bytes that `accesses` in all to `distinct` pages touch, so
 * hold in memory: most is calloc()ed and untouched until a page or time
 * is used.
 */
uint64_t	 stackdist_bytes(uint64_t pages, uint32_t grain, unsigned listed,
		    uint64_t distinct, uint64_t accesses);
struct stackdist *stackdist_create_sized(uint32_t pages, uint32_t times);
/*
 * As stackdist_create(), for a caller that lists only budgets that are
 * multiples of `grain` (a power of two), and asks stackdist_faults() of
 * those or of budgets of at least `pages`: the histogram then keeps a
 * count per `grain` distances, and is that many times smaller.  The
 * line curve's budgets are whole pages of lines: there this keeps the
 * histogram in the host's caches, where one of every line missed them
 * on most accesses.
 */
struct stackdist *stackdist_create_grained(uint32_t pages, uint32_t grain);
void		 stackdist_destroy(struct stackdist *);

/*
 * Lists the budgets whose per-operation distributions the coming phases
 * keep: n <= STACKDIST_MAX_BUDGETS budgets, each at least 1 and a
 * multiple of the grain, strictly ascending (larger than `pages` is
 * allowed: such a budget faults only on cold misses).  Call it outside
 * a phase: before the first stackdist_phase() or after
 * stackdist_phase_end().  Returns 0, or -1
 * with errno EINVAL (a bad list) or ENOMEM, and the old list kept.
 */
int		 stackdist_budgets(struct stackdist *, const uint32_t *budgets,
		    unsigned n);

/*
 * Starts a phase: every counter to zero, and the operation counters too
 * (an operation left open by the last phase is dropped, never counted).
 * The stack is kept.
 */
void		 stackdist_phase(struct stackdist *);

/* The slow path of stackdist_access(); call that instead. */
uint32_t	 stackdist_access_slow(struct stackdist *, uint32_t page);

/*
 * One access to `page` (< pages), inside a phase: returns its stack
 * distance, 1 .. footprint, or STACKDIST_COLD for the page's first touch
 * ever; counts it, and makes the page the most recent.
 */
static inline uint32_t
stackdist_access(struct stackdist *sd, uint32_t page)
{
	/*
	 * The page accessed last, again in the same operation: distance 1,
	 * which faults under no budget, and the page is already stamped with
	 * this operation's and this phase's times.  Nothing moves.
	 */
	if (page == sd->mru) {
		sd->hist[1]++;	/* distance 1 is the first bucket's */
		sd->op_count[0]++;
		return 1;
	}
	return stackdist_access_slow(sd, page);
}

/*
 * Closes the current operation: its faults under each listed budget and
 * its distinct pages go into the phase's distributions.  An operation
 * with no accesses counts, with 0 faults and 0 pages, as in vmsim.
 */
void		 stackdist_op_end(struct stackdist *);

/*
 * Ends the phase: O(buckets) once (pages / grain), after which the
 * queries below answer in O(1) (the distributions in
 * O(VMSIM_HIST_MAX)).  No access or stackdist_op_end() is allowed until
 * the next stackdist_phase().
 */
void		 stackdist_phase_end(struct stackdist *);

/* After stackdist_phase_end(): the phase's accesses. */
uint64_t	 stackdist_accesses(const struct stackdist *);
/* After stackdist_phase_end(): pages the phase touched at least once. */
uint64_t	 stackdist_distinct(const struct stackdist *);
/*
 * After stackdist_phase_end(): the phase's faults under LRU with `budget`
 * resident pages, having started from the top `budget` pages of the stack
 * the last phase left: cold misses plus accesses with distance > budget.
 * Budget 0 gives every access; a budget >= the footprint, the cold misses.
 * A budget under `pages` must be a multiple of the grain.
 */
uint64_t	 stackdist_faults(const struct stackdist *, uint32_t budget);
/*
 * After stackdist_phase_end(): what vmsim_counts() of a vmsim with the
 * k-th listed budget (k < the number listed) would return for the phase.
 */
struct vmsim_counts stackdist_counts(const struct stackdist *, unsigned k);

/* Pages touched since the stack was created. */
uint32_t	 stackdist_footprint(const struct stackdist *);

/*
 * The top min(max, footprint) pages of the stack, written to out least
 * recent first; returns how many.  With max = a budget R this is the
 * resident set of LRU with R pages, in the order vmsim's trace writes it
 * at a phase's start (replaying it rebuilds the LRU order).  O(max +
 * times) at worst.
 */
size_t		 stackdist_stack(const struct stackdist *, uint32_t *out,
		    size_t max);

#endif
