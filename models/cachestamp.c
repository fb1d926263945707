/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * cachestamp.c: one set of many ways bound to its addresses, a stamp
 * per block (cache.h's CACHE_STAMPED), for cache.c.
 *
 * Each access stamps its block with the next tick and puts the block in
 * a ring of ticks.  A tick is live while it is its block's latest; the
 * oldest live tick is the least recent resident block's.  A block is
 * resident iff its stamp is the oldest live tick or later, and a miss in
 * a full set evicts that block by moving the oldest tick past it.  So a
 * hit is a load and two stores, where a list's move to the head is six
 * dependent ones after a search of an index (cache.c's linked sets).
 */
#include <inttypes.h>
#include <stdlib.h>

#include "cache.h"

/* Parameters -------------------------------------------------------- */

/*
 * A stamped set's ring holds at least this many ticks per way (a power
 * of two).  A block unused for as many accesses of the set while still
 * resident makes the ring renumber its live ticks (a pass over it); a
 * TLB that misses once in 20 accesses evicts a block about 20 x ways
 * ticks after its last use.
 */
#define RING_TICKS_PER_WAY	32
_Static_assert(CACHE_STAMPED_MAX_BLOCKS <= (uint64_t)UINT32_MAX + 1,
    "the ring holds block numbers in 32 bits");

/* Bookkeeping -------------------------------------------------------- */

bool
cache_stamps_fit(const struct cache_geometry *g, uint64_t blocks)
{
	return g->blocks == g->ways && blocks > g->blocks &&
	    blocks <= CACHE_STAMPED_MAX_BLOCKS;
}

/* The ring's ticks: a power of two, RING_TICKS_PER_WAY per way. */
static uint64_t
ring_ticks(const struct cache_geometry *g)
{
	uint64_t ticks = 1;

	while (ticks < RING_TICKS_PER_WAY * (uint64_t)g->ways)
		ticks <<= 1;
	return ticks;
}

uint64_t
cache_stamps_bytes(const struct cache_geometry *g, uint64_t blocks)
{
	return blocks * sizeof(uint64_t) + ring_ticks(g) * sizeof(uint32_t) +
	    g->ways * sizeof(uint32_t);
}

/* The tags stay, unused, as every present level's do (hier.c). */
int
cache_stamps_init(struct cache *cache, uint64_t blocks)
{
	uint64_t ticks = ring_ticks(&cache->geometry);

	cache->stamp = calloc(blocks, sizeof(*cache->stamp));
	cache->ring = calloc(ticks, sizeof(*cache->ring));
	cache->live = calloc(cache->geometry.ways, sizeof(*cache->live));
	if (cache->stamp == NULL || cache->ring == NULL || cache->live == NULL)
		return -1;
	cache->ring_mask = ticks - 1;
	cache->oldest = 1;
	cache->path = CACHE_STAMPED;
	return 0;
}

void
cache_stamps_fini(struct cache *cache)
{
	free(cache->stamp);
	free(cache->ring);
	free(cache->live);
	cache->stamp = NULL;
	cache->ring = cache->live = NULL;
}

/* Access -------------------------------------------------------------- */

/* Whether tick t is still its block's latest. */
static bool
tick_live(const struct cache *cache, uint64_t t)
{
	return cache->stamp[cache->ring[t & cache->ring_mask]] == t;
}

/* The oldest tick moves up to the oldest that is still live. */
static void
drop_stale_ticks(struct cache *cache)
{
	while (cache->oldest < cache->tick && !tick_live(cache, cache->oldest))
		cache->oldest++;
}

/*
 * The ring is full of ticks from the oldest live one to now: the live
 * ones, in order, are renumbered as the latest ticks before now.  Those
 * are above the old oldest, so every evicted block's stamp stays below.
 */
static void
renumber_ticks(struct cache *cache)
{
	uint64_t t, first;
	uint32_t n = 0, k;

	for (t = cache->oldest; t < cache->tick; t++)
		if (tick_live(cache, t))
			cache->live[n++] = cache->ring[t & cache->ring_mask];
	first = cache->tick - n;
	for (k = 0; k < n; k++) {
		cache->stamp[cache->live[k]] = first + k;
		cache->ring[(first + k) & cache->ring_mask] = cache->live[k];
	}
	cache->oldest = first;
}

bool
cache_access_stamped(struct cache *cache, uint64_t block)
{
	bool hit = cache->stamp[block] >= cache->oldest;
	uint64_t t;

	if (!hit && cache->resident == cache->geometry.ways) {
		/* The least recent block leaves: its stamp falls behind. */
		drop_stale_ticks(cache);
		cache->oldest++;
	} else if (!hit) {
		cache->resident++;
	}
	t = ++cache->tick;
	if (t - cache->oldest > cache->ring_mask) {
		drop_stale_ticks(cache);
		if (t - cache->oldest > cache->ring_mask)
			renumber_ticks(cache);
	}
	cache->stamp[block] = t;
	cache->ring[t & cache->ring_mask] = (uint32_t)block;
	return hit;
}

/* Contents ------------------------------------------------------------ */

/* The live ticks in order. */
void
cache_stamps_trace(const struct cache *cache, FILE *trace,
    const char *prefix)
{
	uint64_t t;

	for (t = cache->oldest; t <= cache->tick; t++)
		if (tick_live(cache, t))
			fprintf(trace, "%s%" PRIu64 "\n", prefix,
			    (uint64_t)cache->ring[t & cache->ring_mask] <<
			    cache->line_shift);
}
