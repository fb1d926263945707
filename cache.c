/*
 * cache.c: a set-associative LRU cache.
 *
 * Each set is an array of `ways` tags kept in recency order, most recent
 * first, as an LRU stack of its own: a hit at position i moves tags
 * 0 .. i-1 down one and puts the block first; a miss drops the last tag
 * (the least recent, or an empty way) and does the same.  A set of 8 or
 * 16 tags is one or two host cache lines, so the scan is cheap; the
 * common case, the block used last, is decided in cache.h.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cache.h"

static bool
is_power_of_two(uint64_t v)
{
	return v != 0 && (v & (v - 1)) == 0;
}

static unsigned
log2_of(uint64_t v)
{
	unsigned shift = 0;

	while ((v >>= 1) != 0)
		shift++;
	return shift;
}

const char *
cache_geometry_refused(const struct cache_geometry *g)
{
	if (!is_power_of_two(g->line_bytes) ||
	    g->line_bytes < CACHE_MIN_LINE_BYTES ||
	    g->line_bytes > CACHE_MAX_LINE_BYTES)
		return "the line size must be a power of two from 8 bytes to 1G";
	if (g->blocks == 0 || g->blocks > CACHE_MAX_BLOCKS)
		return "a level holds 1 to 2^32 lines";
	if (g->ways == 0 || g->ways > CACHE_MAX_WAYS)
		return "ways must be from 1 to 65536";
	if (g->ways > g->blocks)
		return "there cannot be more ways than lines";
	if (g->blocks % g->ways != 0)
		return "the size must be a whole number of sets (ways x line)";
	return NULL;
}

uint64_t
cache_bytes(const struct cache_geometry *g)
{
	return g->blocks * sizeof(uint64_t);
}

int
cache_init(struct cache *cache, const struct cache_geometry *g)
{
	memset(cache, 0, sizeof(*cache));
	if (cache_geometry_refused(g) != NULL) {
		errno = EINVAL;
		return -1;
	}
	cache->tags = calloc(g->blocks, sizeof(*cache->tags));
	if (cache->tags == NULL)
		return -1;
	cache->geometry = *g;
	cache->line_shift = log2_of(g->line_bytes);
	cache->sets = g->blocks / g->ways;
	cache->set_mask = is_power_of_two(cache->sets) ? cache->sets - 1 : 0;
	return 0;
}

void
cache_fini(struct cache *cache)
{
	free(cache->tags);
	cache->tags = NULL;
}

void
cache_phase(struct cache *cache)
{
	cache->accesses = 0;
	cache->misses = 0;
}

bool
cache_access_slow(struct cache *cache, uint64_t *set, uint64_t tag)
{
	uint32_t ways = cache->geometry.ways, i;
	bool hit;

	/* set[0] is not the block (cache.h looked); an empty way ends it. */
	for (i = 1; i < ways && set[i] != tag && set[i] != 0; i++)
		continue;
	hit = i < ways && set[i] == tag;
	if (!hit) {
		cache->misses++;
		/* Loads into the first empty way, or over the least recent. */
		if (i == ways)
			i = ways - 1;
	}
	memmove(set + 1, set, i * sizeof(*set));
	set[0] = tag;
	return hit;
}

void
cache_trace(const struct cache *cache, FILE *trace, const char *prefix)
{
	uint32_t ways = cache->geometry.ways;
	uint64_t s;

	for (s = 0; s < cache->sets; s++) {
		const uint64_t *set = cache->tags + s * ways;
		uint32_t i;

		for (i = ways; i-- > 0;)
			if (set[i] != 0)
				fprintf(trace, "%s%" PRIu64 "\n", prefix,
				    (set[i] - 1) << cache->line_shift);
	}
}
