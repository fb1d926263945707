/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * explore_track.h: one layout's run as explain --html plays it, shared
 * by the run and the page's data (explore.c) and the replay of its
 * trace through the models (explore_replay.c).
 */
#ifndef EXPLORE_TRACK_H
#define EXPLORE_TRACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "result.h"

struct explore_request;		/* explore.h */

/* Parameters -------------------------------------------------------- */

/* Per access, what it missed: the digit the page reads is their sum. */
#define MISS_L1		1u
#define MISS_TLB	2u
#define MISS_PAGE	4u

#define NONE		UINT64_MAX	/* nothing evicted: -1 in the JSON */

/* A growing list of numbers. */
struct list {
	uint64_t	*v;
	size_t		 n;
	size_t		 cap;
};

/* One layout's run, as the page plays it. */
struct track {
	unsigned	 layout;
	struct list	 index;		/* per access: the array entry */
	struct list	 write;		/* per access: 1 for a write, 0 a read */
	struct list	 flags;		/* per access: MISS_* */
	struct list	 dist;		/* per access: page stack distance, 0 cold */
	struct list	 page_out;	/* per fault: the page evicted */
	struct list	 line_out;	/* per L1 miss: the line evicted */
	struct list	 tlb_out;	/* per TLB miss: the page evicted */
	struct list	 stack;		/* pages, least recent first */
	struct list	 l1;		/* lines cached at the start */
	struct list	 tlb;		/* pages cached at the start */
	struct list	 op_end;	/* accesses up to each op's end */
	struct list	 budget;	/* faults at 1 .. pages resident */
	struct result	 row;		/* the run's own, at --resident */
	bool		 have_row;
	uint64_t	 l1_misses, tlb_misses, faults;	/* the replay's */
};

/* The pages the request's heap array takes in `layout`. */
unsigned	track_pages(const struct explore_request *, unsigned layout);
/* Appends; exits 1 when memory fails. */
void	track_push(struct list *, uint64_t value);
/* The config of the request's run of `layout` (main command's options). */
void	track_config(struct config *, const struct explore_request *,
	    unsigned layout);
/*
 * Replays the track's trace through the L1, TLB and page models: its
 * flags, evictions and budgets.  Returns 0, or 1 after a line on stderr
 * if a total differs from the run's.
 */
int	track_replay(struct track *, const struct explore_request *);

#endif
