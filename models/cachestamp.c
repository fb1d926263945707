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
 * a full set evicts that block by moving the oldest tick past it.  A bit
 * per tick of the ring says whether it is live: a hit clears its block's
 * last tick's, so that a miss finds the oldest live tick by a count of
 * zeros in a word, not by a load of each dead tick's block's stamp (3%
 * of a full run with the pipeline off at 1M items, dary).  So a hit is a
 * load and four stores, where a list's move to the head is six
 * dependent ones after a search of an index (cache.c's linked sets).
 * A batch (cache_take()) is one loop with the ticks in locals, not a
 * call per access: a first-level TLB of 96 ways (AMD's) takes every
 * access the data caches take.
 */
#include <assert.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

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

/* The ticks a word of live bits holds. */
#define TICKS_PER_WORD	64u

/*
 * The ring's ticks: a power of two, RING_TICKS_PER_WAY per way, and
 * whole words of live bits.
 */
static uint64_t
ring_ticks(const struct cache_geometry *g)
{
	uint64_t ticks = TICKS_PER_WORD;

	while (ticks < RING_TICKS_PER_WAY * (uint64_t)g->ways)
		ticks <<= 1;
	return ticks;
}

uint64_t
cache_stamps_bytes(const struct cache_geometry *g, uint64_t blocks)
{
	return blocks * sizeof(uint64_t) + ring_ticks(g) * sizeof(uint32_t) +
	    ring_ticks(g) / TICKS_PER_WORD * sizeof(uint64_t) +
	    g->ways * sizeof(uint32_t);
}

/* The tags stay, unused, as every present level's do (hier.c). */
int
cache_stamps_init(struct cache *cache, uint64_t blocks)
{
	uint64_t ticks = ring_ticks(&cache->geometry);

	cache->stamp = calloc(blocks, sizeof(*cache->stamp));
	cache->ring = calloc(ticks, sizeof(*cache->ring));
	cache->ring_live = calloc(ticks / TICKS_PER_WORD,
	    sizeof(*cache->ring_live));
	cache->live = calloc(cache->geometry.ways, sizeof(*cache->live));
	if (cache->stamp == NULL || cache->ring == NULL ||
	    cache->ring_live == NULL || cache->live == NULL)
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
	free(cache->ring_live);
	free(cache->live);
	cache->stamp = NULL;
	cache->ring = cache->live = NULL;
	cache->ring_live = NULL;
}

/* Access -------------------------------------------------------------- */

/*
 * A stamped cache's ticks and where they live, in locals through a
 * batch: the stores of its misses' list might otherwise alias them.
 */
struct stamps {
	uint64_t	*stamp;
	uint32_t	*ring;
	uint64_t	*ring_live;
	uint64_t	 ring_mask;
	uint64_t	 tick;
	uint64_t	 oldest;
	uint32_t	 resident;
	uint32_t	 ways;
};

static struct stamps
stamps_of(const struct cache *cache)
{
	return (struct stamps){
		.stamp = cache->stamp, .ring = cache->ring,
		.ring_live = cache->ring_live, .ring_mask = cache->ring_mask,
		.tick = cache->tick,
		.oldest = cache->oldest, .resident = cache->resident,
		.ways = cache->geometry.ways,
	};
}

static void
stamps_put(struct cache *cache, const struct stamps *s)
{
	cache->tick = s->tick;
	cache->oldest = s->oldest;
	cache->resident = s->resident;
}

/* Tick t's word of live bits; its bit there is t's low six. */
static inline uint64_t *
live_word(const struct stamps *s, uint64_t t)
{
	return &s->ring_live[(t & s->ring_mask) / TICKS_PER_WORD];
}

/*
 * Whether tick t, from the oldest live on, is still its block's latest:
 * its bit.  An older tick's bit means nothing: it may be still set, or be
 * a later tick's.
 */
static inline bool
tick_live(const struct stamps *s, uint64_t t)
{
	assert(t >= s->oldest && t - s->oldest <= s->ring_mask);
	return (*live_word(s, t) >> (t % TICKS_PER_WORD) & 1) != 0;
}

static inline void
set_live(const struct stamps *s, uint64_t t)
{
	*live_word(s, t) |= (uint64_t)1 << (t % TICKS_PER_WORD);
}

static inline void
clear_live(const struct stamps *s, uint64_t t)
{
	*live_word(s, t) &= ~((uint64_t)1 << (t % TICKS_PER_WORD));
}

/*
 * The oldest live tick from `from` on, before `to`, else `to`: a word of
 * bits at a time.  A bit past `to` may be an older tick's, so a tick
 * found there is not taken.
 */
static inline uint64_t
first_live(const struct stamps *s, uint64_t from, uint64_t to)
{
	while (from < to) {
		uint64_t bits = *live_word(s, from) >> (from % TICKS_PER_WORD);

		if (bits != 0) {
			from += (uint64_t)__builtin_ctzll(bits);
			return from < to ? from : to;
		}
		from = (from | (TICKS_PER_WORD - 1)) + 1;
	}
	return to;
}

/*
 * The ring is full of ticks from the oldest live one to now: the live
 * ones, in order, are renumbered as the latest ticks before now.  Those
 * are above the old oldest, so every evicted block's stamp stays below.
 * `live` has room for a tick per way.
 */
static void
renumber_ticks(struct stamps *s, uint32_t *live)
{
	uint64_t t, first;
	uint32_t n = 0, k;

	for (t = s->oldest; t < s->tick; t++)
		if (tick_live(s, t)) {
			/* Each live tick is a resident block's. */
			assert(n < s->ways);
			live[n++] = s->ring[t & s->ring_mask];
		}
	first = s->tick - n;
	memset(s->ring_live, 0, (s->ring_mask + 1) / TICKS_PER_WORD *
	    sizeof(*s->ring_live));
	for (k = 0; k < n; k++) {
		s->stamp[live[k]] = first + k;
		s->ring[(first + k) & s->ring_mask] = live[k];
		set_live(s, first + k);
	}
	s->oldest = first;
}

/* One access, the block not the one accessed last: whether it hit. */
static inline __attribute__((always_inline)) bool
stamp_access(struct stamps *s, uint32_t *live, uint64_t block)
{
	uint64_t t = s->stamp[block];
	bool hit = t >= s->oldest;

	if (hit) {
		/* Its last tick is no longer its latest. */
		clear_live(s, t);
	} else if (s->resident == s->ways) {
		/* The least recent block leaves: its stamp falls behind. */
		s->oldest = first_live(s, s->oldest, s->tick) + 1;
	} else {
		s->resident++;
	}
	t = ++s->tick;
	if (t - s->oldest > s->ring_mask) {
		s->oldest = first_live(s, s->oldest, t);
		if (t - s->oldest > s->ring_mask)
			renumber_ticks(s, live);
	}
	s->stamp[block] = t;
	s->ring[t & s->ring_mask] = (uint32_t)block;
	set_live(s, t);
	return hit;
}

bool
cache_access_stamped(struct cache *cache, uint64_t block)
{
	struct stamps s = stamps_of(cache);
	bool hit = stamp_access(&s, cache->live, block);

	stamps_put(cache, &s);
	return hit;
}

size_t
cache_take_stamped(struct cache *cache, const uint64_t *in, size_t n,
    uint64_t *out)
{
	struct stamps s = stamps_of(cache);
	uint32_t *live = cache->live;
	uint64_t last = cache->last;
	unsigned line_shift = cache->line_shift;
	size_t i, m = 0;

	for (i = 0; i < n; i++) {
		uint64_t block = in[i] >> line_shift;

		out[m] = in[i];
		/* The block accessed last is the most recent: nothing moves. */
		if (block + 1 == last)
			continue;
		last = block + 1;
		m += !stamp_access(&s, live, block);
	}
	stamps_put(cache, &s);
	cache->last = last;
	cache->accesses += n;
	cache->misses += m;
	return m;
}

/* Contents ------------------------------------------------------------ */

/* The live ticks in order. */
void
cache_stamps_trace(const struct cache *cache, FILE *trace,
    const char *prefix)
{
	struct stamps s = stamps_of(cache);
	uint64_t t;

	for (t = s.oldest; t <= s.tick; t++)
		if (tick_live(&s, t))
			fprintf(trace, "%s%" PRIu64 "\n", prefix,
			    (uint64_t)s.ring[t & s.ring_mask] <<
			    cache->line_shift);
}
