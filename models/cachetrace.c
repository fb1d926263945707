/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * cachetrace.c: a cache's contents written out (cache.h's
 * cache_trace()), whichever way its sets keep them: set by set, least
 * recent first, so that loading them in order rebuilds the cache.
 */
#include <inttypes.h>

#include "cache.h"

/* One line: prefix, then the address of the block's first byte. */
static void
trace_block(const struct cache *cache, uint64_t block, FILE *trace,
    const char *prefix)
{
	fprintf(trace, "%s%" PRIu64 "\n", prefix, block << cache->line_shift);
}

/* One set's tags, least recent first. */
static void
trace_set(const struct cache *cache, uint64_t set, FILE *trace,
    const char *prefix)
{
	uint32_t ways = cache->geometry.ways, i, way;
	uint64_t first = set * ways;

	if (cache->packed != NULL) {
		const uint32_t *tags = cache->packed + set *
		    CACHE_PACKED_LANES(ways);

		for (i = ways; i-- > 0;)
			if (tags[i] != 0)
				trace_block(cache, (uint64_t)(tags[i] - 1) <<
				    cache->set_shift | set, trace, prefix);
		return;
	}
	if (cache->next == NULL) {
		for (i = ways; i-- > 0;)
			if (cache->tags[first + i] != 0)
				trace_block(cache,
				    cache->tags[first + i] - 1, trace, prefix);
		return;
	}
	/* From the tail back to the head. */
	way = cache->prev[first + cache->head[set]];
	for (i = 0; i < ways; i++, way = cache->prev[first + way])
		if (cache->tags[first + way] != 0)
			trace_block(cache,
			    cache->tags[first + way] - 1, trace, prefix);
}

/* A cache that never evicts holds what it loaded, in any order. */
static void
trace_seen(const struct cache *cache, FILE *trace, const char *prefix)
{
	uint64_t block;

	for (block = 0; block < cache->seen_blocks; block++)
		if (cache->seen[block >> 6] & (uint64_t)1 << (block & 63))
			trace_block(cache, block, trace, prefix);
}

void
cache_trace(const struct cache *cache, FILE *trace, const char *prefix)
{
	uint64_t set;

	if (cache->path == CACHE_STAMPED) {
		cache_stamps_trace(cache, trace, prefix);
		return;
	}
	if (cache->seen != NULL) {
		trace_seen(cache, trace, prefix);
		return;
	}
	for (set = 0; set < cache->sets; set++)
		trace_set(cache, set, trace, prefix);
}
