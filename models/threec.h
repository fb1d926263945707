/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * threec.h: every miss of the modeled caches and TLB classified as
 * compulsory, capacity or conflict, the "three C's" of Hill and Smith
 * ("Evaluating associativity in CPU caches", IEEE Transactions on
 * Computers 38(12), 1989), as Dinero IV reports them:
 *
 *	compulsory	a miss on a block (a line; a page for the TLB) that
 *			the run never referenced at this level before, in any
 *			phase;
 *	capacity	the misses of a fully associative LRU cache of the
 *			same number of blocks, run beside the real one over
 *			the whole run on the same stream, less the
 *			compulsory ones;
 *	conflict	the level's misses less the fully associative
 *			cache's: signed, since a set-associative cache can
 *			hit where the fully associative one misses.
 *
 * So compulsory + capacity + conflict = the level's misses, exactly.
 * Each level sees the stream that reaches it, as in hier.h: L1 every
 * counted access, L2 L1's misses, the LLC L2's; the first TLB level
 * every access, the second the first's misses.  The fully associative
 * cache of B blocks misses exactly where the block's LRU stack distance
 * (stackdist.h) exceeds B, so it costs one stack per level.
 *
 * The model keeps caches of its own, of hier.h's geometry, and counts
 * what hier.h counts level by level; it knows nothing of the report.
 */
#ifndef THREEC_H
#define THREEC_H

#include <stdbool.h>
#include <stdint.h>

#include "cache.h"
#include "hier.h"
#include "stackdist.h"

/* A phase's figures at one level; all 0 for an absent level. */
struct threec_level_counts {
	uint64_t	misses;		/* what hier.h counts there */
	uint64_t	compulsory;
	uint64_t	capacity;
	int64_t		conflict;	/* misses - the fully associative's */
};

struct threec_counts {
	struct threec_level_counts level[HIER_LEVELS];
	bool		present[HIER_LEVELS];
};

/* The struct is public for its size alone; its fields are threec.c's. */
struct threec {
	struct cache	cache[HIER_LEVELS];
	struct stackdist *stack[HIER_LEVELS];	/* the level's blocks' */
	struct threec_counts counts;
};

/*
 * The classifier of a hierarchy of this geometry (hier_for_page()'s),
 * every address below address_limit.  Returns 0, or -1 with errno set
 * (ENOMEM; EINVAL for a geometry hier.h refuses or more blocks below
 * the limit than a stack numbers).
 */
int		threec_init(struct threec *, const struct hier_geometry *,
		    uint64_t address_limit);
void		threec_fini(struct threec *);
/* The blocks of `line_bytes` below address_limit: a level's stack's. */
uint64_t	threec_blocks(uint64_t address_limit, uint32_t line_bytes);
/* Counters to zero; the caches' contents and the stacks carry over. */
void		threec_phase(struct threec *);
/* One counted access to byte `address`. */
void		threec_access(struct threec *, uint64_t address);
struct threec_counts threec_counts(const struct threec *);


#endif
