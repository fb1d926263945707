/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * hier.h: the modeled memory hierarchy every counted access goes
 * through, from the top: L1d, L2 and last-level caches of lines, each
 * set-associative with LRU in a set (cache.h), a miss at one level going
 * on to the next, as cachegrind models its D1 and LL; and a data TLB of
 * one or two levels whose entries are modeled pages, a miss at the first
 * going on to the second.  Levels are non-inclusive: each loads on its
 * own misses and evicts on its own, nothing is invalidated from above.
 *
 * The page model (vmsim.h, stackdist.h) sees the same accesses and alone
 * decides sim_faults; the hierarchy only adds misses per level and the
 * modeled in-memory time they imply.
 */
#ifndef HIER_H
#define HIER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cache.h"

enum hier_level { HIER_L1, HIER_L2, HIER_LLC, HIER_TLB1, HIER_TLB2,
    HIER_LEVELS };
#define HIER_FIRST_TLB	HIER_TLB1

/* "l1", "l2", "llc", "tlb1", "tlb2": the names --cache, --tlb, traces use. */
extern const char *const hier_level_names[HIER_LEVELS];

/*
 * A whole hierarchy's shape; a level with blocks == 0 is absent.  The
 * TLB levels' line_bytes is 0 until hier_for_page() sets the page size.
 */
struct hier_geometry {
	struct cache_geometry level[HIER_LEVELS];
};

/*
 * The modeled in-memory time's costs, in ns: every access pays l1; a
 * miss at a cache level pays the next present level's latency, or mem
 * after the last; a miss at the last TLB level pays tlb (a page walk).
 * With no cache level, the time is the TLB's walks alone.
 * The defaults are round figures for a current x86-64 server core at
 * about 3 GHz (4, 14 and 50 cycles of load-to-use latency, a DRAM access
 * and a page walk that misses the caches), not measurements.
 */
enum hier_cost { COST_L1, COST_L2, COST_LLC, COST_MEM, COST_TLB, HIER_COSTS };
extern const char *const hier_cost_names[HIER_COSTS];
/* A latency beyond a second is no memory's. */
#define HIER_MAX_LATENCY_NS	1e9
#define HIER_DEFAULT_LATENCY_NS	{ 1.3, 4.7, 16.7, 90.0, 30.0 }

struct hier_latency {
	double		ns[HIER_COSTS];
};

/* A phase's figures. */
struct hier_counts {
	uint64_t	accesses;
	uint64_t	misses[HIER_LEVELS];	/* 0 for an absent level */
	bool		present[HIER_LEVELS];
};

/* The TLB's entries are pages of page_bytes: the geometry to model. */
struct hier_geometry hier_for_page(const struct hier_geometry *,
		    uint64_t page_bytes);
/* Whether any level is present. */
bool		 hier_any(const struct hier_geometry *);
/* Bytes of tags the whole hierarchy keeps. */
uint64_t	 hier_bytes(const struct hier_geometry *);

/*
 * The struct is public only so that hier_access() can be inlined; its
 * fields are hier.c's business.
 */
struct hier {
	struct cache	level[HIER_LEVELS];
	/* The present levels, top first: data caches, then TLB levels. */
	struct cache	*data[HIER_FIRST_TLB];
	unsigned	ndata;
	struct cache	*tlb[HIER_LEVELS - HIER_FIRST_TLB];
	unsigned	ntlb;
	uint64_t	accesses;
};

/*
 * An empty hierarchy of the geometry hier_for_page() gave; NULL with
 * errno set (EINVAL for a refused level, ENOMEM).
 */
struct hier	*hier_create(const struct hier_geometry *);
/*
 * Every address will be below address_limit: each level that can then
 * never evict counts with a bit per block, and a fully associative one
 * that may keeps a stamp per block (cache_bound()).  Returns 0, or -1
 * with errno ENOMEM.
 */
int		 hier_bound(struct hier *, uint64_t address_limit);
void		 hier_destroy(struct hier *);
/* Counters to zero; the contents carry over, as the page model's do. */
void		 hier_phase(struct hier *);
struct hier_counts hier_counts(const struct hier *);
/*
 * The contents of every present level, as "cached LEVEL ADDRESS" lines,
 * least recent first within each set (cache.h's cache_trace()).
 */
void		 hier_trace(const struct hier *, FILE *);

/* Whether the counts are of any level. */
bool		 hier_any_present(const struct hier_counts *);
/*
 * Whether hier_time_ns() prices anything at `cost` in a hierarchy of this
 * shape: a cache level's latency where that level is present, mem where
 * any cache is, tlb where any TLB level is.
 */
bool		 hier_cost_priced(const struct hier_geometry *, enum hier_cost);
/* Modeled in-memory ns for a phase's counts. */
double		 hier_time_ns(const struct hier_counts *,
		    const struct hier_latency *);


/*
 * hier_access() of each of the n addresses, level by level: each level
 * takes the misses of the one above as a list, so the lower levels see
 * a few of the accesses.  The counts are the same as one by one.
 */
void		 hier_take(struct hier *, const uint64_t *address, size_t n);

/* One access to byte `address`: the caches, then the TLB. */
static inline void
hier_access(struct hier *hier, uint64_t address)
{
	unsigned i;

	hier->accesses++;
	for (i = 0; i < hier->ndata && !cache_access(hier->data[i], address);
	    i++)
		continue;
	for (i = 0; i < hier->ntlb && !cache_access(hier->tlb[i], address);
	    i++)
		continue;
}

#endif
