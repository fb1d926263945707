/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * cache.c: a set-associative LRU cache.
 *
 * A set of few ways is an array of tags kept in recency order, most
 * recent first, as an LRU stack of its own: a hit at position i moves
 * tags 0 .. i-1 down one and puts the block first; a miss drops the last
 * tag (the least recent, or an empty way) and does the same.  8 or 16
 * tags are one or two host cache lines, so the scan is cheap.
 *
 * A set of few ways of 4, 8, 12 or 16 ways is searched and shifted with
 * vector compares where the host has them (cachescan.c).
 *
 * A set of many ways (a fully associative TLB) keeps its ways in a
 * circular doubly linked list in recency order, as vmsim.c keeps pages,
 * and a hash table of the resident tags says which way holds a block: a
 * hit unlinks its way and puts it first, a miss reuses the way before
 * the head, all in O(1).
 * One set of many ways whose addresses are bound (cache_bound(): a
 * fully associative TLB) keeps instead a stamp per block (cachestamp.c).
 * Either way the common case, the block accessed last, is decided in
 * cache.h.
 */
#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cache.h"

/* Parameters -------------------------------------------------------- */

/* Index slots per block: at most half full, so probes stay short. */
#define INDEX_SLOTS_PER_BLOCK	2

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

static bool
linked(const struct cache_geometry *g)
{
	return g->ways > CACHE_SCAN_WAYS;
}

/* Whether a bound of `blocks` blocks gives the cache stamps. */
static bool
stamped(const struct cache_geometry *g, uint64_t blocks)
{
	return linked(g) && cache_stamps_fit(g, blocks);
}

/* The path of a cache that may evict, on this host, now. */
static enum cache_path
path_for(const struct cache_geometry *g, enum cache_vectors vectors)
{
	if (linked(g))
		return CACHE_LINKED;
	return vectors != CACHE_VECTORS_NONE && g->ways % 4 == 0 ?
	    CACHE_ORDERED_VECTOR : CACHE_ORDERED;
}

/* The index's slots: a power of two, at least twice the blocks. */
static uint64_t
index_slots(const struct cache_geometry *g)
{
	uint64_t slots = 1;

	while (slots < INDEX_SLOTS_PER_BLOCK * g->blocks)
		slots <<= 1;
	return slots;
}

/* The tags, and for a linked cache its lists and index: no stamps. */
static uint64_t
evicting_bytes(const struct cache_geometry *g)
{
	uint64_t bytes = g->blocks * sizeof(uint64_t);

	if (linked(g))
		bytes += g->blocks * 2 * sizeof(uint32_t) +
		    g->blocks / g->ways * sizeof(uint32_t) +
		    index_slots(g) * (sizeof(uint64_t) + sizeof(uint32_t));
	return bytes;
}

uint64_t
cache_bytes(const struct cache_geometry *g)
{
	/* A bound may stamp up to CACHE_STAMPED_MAX_BLOCKS blocks. */
	return evicting_bytes(g) + (stamped(g, CACHE_STAMPED_MAX_BLOCKS) ?
	    cache_stamps_bytes(g, CACHE_STAMPED_MAX_BLOCKS) : 0);
}

/* The blocks that addresses below address_limit fall in. */
static uint64_t
blocks_below(const struct cache_geometry *g, uint64_t address_limit)
{
	unsigned shift = log2_of(g->line_bytes);

	return (address_limit >> shift) +
	    ((address_limit & (g->line_bytes - 1)) != 0);
}

uint64_t
cache_bytes_touched(const struct cache_geometry *g, uint64_t address_limit,
    uint64_t lines, uint64_t span)
{
	uint64_t blocks = blocks_below(g, address_limit);
	uint64_t links = linked(g) ? g->blocks * 2 * sizeof(uint32_t) : 0;
	uint64_t sets = g->blocks / g->ways;

	/* cache_bound()'s stamps over the span of the lines, and links. */
	if (stamped(g, blocks))
		return cache_stamps_bytes(g, span < blocks ? span : blocks) +
		    links;
	/* May evict: the tags of the sets the lines reach, at most all. */
	if (blocks > g->blocks && !linked(g) && lines < sets)
		return lines * g->ways * sizeof(uint64_t);
	if (blocks > g->blocks)
		return evicting_bytes(g);
	/* cache_bound(): the bits; only the links were written. */
	return (blocks / 64 + 1) * sizeof(uint64_t) + links;
}

/* Every set's list runs 0, 1, ... ways-1 and back to 0, all empty. */
static int
init_links(struct cache *cache)
{
	uint64_t blocks = cache->geometry.blocks, slots = index_slots(
	    &cache->geometry), b;
	uint32_t ways = cache->geometry.ways;

	cache->next = calloc(blocks, sizeof(*cache->next));
	cache->prev = calloc(blocks, sizeof(*cache->prev));
	cache->head = calloc(cache->sets, sizeof(*cache->head));
	cache->index_tags = calloc(slots, sizeof(*cache->index_tags));
	cache->index_ways = calloc(slots, sizeof(*cache->index_ways));
	if (cache->next == NULL || cache->prev == NULL || cache->head == NULL ||
	    cache->index_tags == NULL || cache->index_ways == NULL)
		return -1;
	cache->index_mask = slots - 1;
	cache->index_shift = 64 - log2_of(slots);
	for (b = 0; b < blocks; b++) {
		uint32_t way = (uint32_t)(b % ways);

		cache->next[b] = (way + 1) % ways;
		cache->prev[b] = (way + ways - 1) % ways;
	}
	return 0;
}

static void
free_links(struct cache *cache)
{
	free(cache->next);
	free(cache->prev);
	free(cache->head);
	free(cache->index_tags);
	free(cache->index_ways);
	cache->next = cache->prev = cache->head = NULL;
	cache->index_tags = NULL;
	cache->index_ways = NULL;
}

int
cache_init(struct cache *cache, const struct cache_geometry *g)
{
	memset(cache, 0, sizeof(*cache));
	if (cache_geometry_refused(g) != NULL) {
		errno = EINVAL;
		return -1;
	}
	cache->geometry = *g;
	cache->line_shift = log2_of(g->line_bytes);
	cache->sets = g->blocks / g->ways;
	cache->set_mask = is_power_of_two(cache->sets) ? cache->sets - 1 : 0;
	cache->vectors = cache_host_vectors();
	cache->path = path_for(g, cache->vectors);
	cache->tags = calloc(g->blocks, sizeof(*cache->tags));
	if (cache->tags == NULL || (cache->path == CACHE_LINKED &&
	    init_links(cache) != 0)) {
		cache_fini(cache);
		errno = ENOMEM;
		return -1;
	}
	return 0;
}

/*
 * A cache of 4 to CACHE_SCAN_WAYS ways, its sets a power of two, not
 * yet accessed, whose `blocks` give tags within a set of 32 bits packs
 * its sets into its tags' memory: CACHE_PACKED_LANES(ways) lanes of 4
 * bytes take no more than `ways` tags of 8.
 */
static void
pack(struct cache *cache, uint64_t blocks)
{
	uint32_t ways = cache->geometry.ways;
	unsigned shift = log2_of(cache->sets);

	if ((cache->path != CACHE_ORDERED &&
	    cache->path != CACHE_ORDERED_VECTOR) || ways < 4 ||
	    !is_power_of_two(cache->sets) || cache->last != 0 ||
	    ((blocks - 1) >> shift) >= UINT32_MAX)
		return;
	_Static_assert(CACHE_PACKED_LANES(4) * sizeof(uint32_t) <=
	    4 * sizeof(uint64_t) && CACHE_PACKED_LANES(9) * sizeof(uint32_t)
	    <= 9 * sizeof(uint64_t), "packed sets fit the tags' memory");
	cache->packed = (uint32_t *)(void *)cache->tags;
	cache->set_shift = shift;
	cache->path = cache->vectors != CACHE_VECTORS_NONE ?
	    CACHE_PACKED_VECTOR : CACHE_PACKED;
}

void
cache_limit_vectors(struct cache *cache, enum cache_vectors most)
{
	if (cache->vectors <= most)
		return;
	cache->vectors = most;
	if (most != CACHE_VECTORS_NONE)
		return;
	if (cache->path == CACHE_ORDERED_VECTOR)
		cache->path = CACHE_ORDERED;
	if (cache->path == CACHE_PACKED_VECTOR)
		cache->path = CACHE_PACKED;
}

int
cache_bound(struct cache *cache, uint64_t address_limit)
{
	uint64_t blocks = blocks_below(&cache->geometry, address_limit);

	/* The list and the index give way to the stamps (cachestamp.c). */
	if (stamped(&cache->geometry, blocks)) {
		free_links(cache);
		return cache_stamps_init(cache, blocks);
	}
	if (blocks > cache->geometry.blocks) {
		pack(cache, blocks);
		return 0;
	}
	cache->seen = calloc(blocks / 64 + 1, sizeof(*cache->seen));
	if (cache->seen == NULL)
		return -1;
	cache->seen_blocks = blocks;
	cache->path = CACHE_BITS;
	return 0;
}

void
cache_fini(struct cache *cache)
{
	free_links(cache);
	free(cache->seen);
	cache->seen = NULL;
	free(cache->tags);
	cache->tags = NULL;
	cache->packed = NULL;
	cache_stamps_fini(cache);
}

void
cache_phase(struct cache *cache)
{
	cache->accesses = 0;
	cache->misses = 0;
}

/* Sets of many ways: the index ---------------------------------------- */

/*
 * A multiplicative hash of a tag: the top bits of its product with
 * 2^64 / the golden ratio (Knuth, TAOCP 6.4), which spread a run of
 * consecutive blocks over the whole table.
 */
static uint64_t
index_home(const struct cache *cache, uint64_t tag)
{
	/* A table of one slot would shift by 64, which C leaves undefined. */
	if (cache->index_shift == 64)
		return 0;
	return (tag * UINT64_C(0x9e3779b97f4a7c15)) >> cache->index_shift;
}

/* The slot holding tag, or the free slot where it would go. */
static uint64_t
index_find(const struct cache *cache, uint64_t tag)
{
	uint64_t slot = index_home(cache, tag);

	while (cache->index_tags[slot] != 0 && cache->index_tags[slot] != tag)
		slot = (slot + 1) & cache->index_mask;
	return slot;
}

/*
 * Empties `slot`, moving back every later tag of the probe run whose
 * home does not lie between the gap and it (deletion without tombstones
 * for linear probing: Knuth, TAOCP 6.4, Algorithm R).
 */
static void
index_remove(struct cache *cache, uint64_t slot)
{
	uint64_t gap = slot, next = slot;

	for (;;) {
		uint64_t home;

		next = (next + 1) & cache->index_mask;
		if (cache->index_tags[next] == 0)
			break;
		home = index_home(cache, cache->index_tags[next]);
		/* It stays where it is if its home lies in (gap, next]. */
		if (((next - home) & cache->index_mask) <
		    ((next - gap) & cache->index_mask))
			continue;
		cache->index_tags[gap] = cache->index_tags[next];
		cache->index_ways[gap] = cache->index_ways[next];
		gap = next;
	}
	cache->index_tags[gap] = 0;
}

/* Sets of many ways: the list ------------------------------------------ */

/* Way `way` (an index into the cache's ways) becomes the set's head. */
static void
move_to_head(struct cache *cache, uint64_t first, uint64_t set, uint32_t way)
{
	uint32_t head = cache->head[set];
	uint32_t *next = cache->next + first, *prev = cache->prev + first;

	if (way == head)
		return;
	/* Out of the circle, then back in just before the head. */
	next[prev[way]] = next[way];
	prev[next[way]] = prev[way];
	next[way] = head;
	prev[way] = prev[head];
	next[prev[head]] = way;
	prev[head] = way;
	cache->head[set] = way;
}

static bool
access_linked(struct cache *cache, uint64_t set, uint64_t tag)
{
	uint64_t first = set * cache->geometry.ways;
	uint64_t slot = index_find(cache, tag);
	uint32_t victim;

	if (cache->index_tags[slot] == tag) {
		move_to_head(cache, first, set, cache->index_ways[slot]);
		return true;
	}
	/* The way before the head is the least recent, or empty. */
	victim = cache->prev[first + cache->head[set]];
	if (cache->tags[first + victim] != 0) {
		index_remove(cache, index_find(cache,
		    cache->tags[first + victim]));
		slot = index_find(cache, tag);
	}
	cache->tags[first + victim] = tag;
	cache->index_tags[slot] = tag;
	cache->index_ways[slot] = victim;
	/* The circle turns one step: the tail becomes the head. */
	cache->head[set] = victim;
	return false;
}

/* Access --------------------------------------------------------------- */

bool
cache_access_linked(struct cache *cache, uint64_t tag)
{
	return access_linked(cache, cache_set_of(cache, tag), tag);
}

/*
 * A cache that never evicts: a bit per block; the block accessed last
 * is set after the batch, for cache_access()'s shortcut.
 */
static size_t
take_bits(struct cache *cache, const uint64_t *in, size_t n, uint64_t *out)
{
	uint64_t *seen = cache->seen;
	unsigned shift = cache->line_shift;
	size_t i, m = 0;

	for (i = 0; i < n; i++) {
		uint64_t a = in[i], block = a >> shift;
		uint64_t bit = (uint64_t)1 << (block & 63);
		bool hit = (seen[block >> 6] & bit) != 0;

		assert(block < cache->seen_blocks);
		seen[block >> 6] |= bit;
		out[m] = a;
		m += !hit;
	}
	if (n > 0)
		cache->last = (in[n - 1] >> shift) + 1;
	return m;
}

/* The sets of few ways a batch goes through (cachescan.h). */
static struct scan_sets
scan_sets_of(const struct cache *cache)
{
	return (struct scan_sets){
		.wide = cache->packed == NULL ? cache->tags : NULL,
		.packed = cache->packed,
		.ways = cache->geometry.ways,
		.line_shift = cache->line_shift,
		.set_shift = cache->set_shift,
		.sets = cache->sets,
		.set_mask = cache->set_mask,
		.vectors = cache->path == CACHE_ORDERED_VECTOR ||
		    cache->path == CACHE_PACKED_VECTOR ? cache->vectors :
		    CACHE_VECTORS_NONE,
	};
}

size_t
cache_take(struct cache *cache, const uint64_t *in, size_t n, uint64_t *out)
{
	struct scan_sets sets;
	size_t i, m = 0;

	switch (cache->path) {
	case CACHE_BITS:
		m = take_bits(cache, in, n, out);
		break;
	case CACHE_ORDERED:
	case CACHE_ORDERED_VECTOR:
	case CACHE_PACKED:
	case CACHE_PACKED_VECTOR:
		sets = scan_sets_of(cache);
		m = scan_take(&sets, &cache->last, in, n, out);
		break;
	case CACHE_STAMPED:
		return cache_take_stamped(cache, in, n, out);
	default:
		/* cache_access() counts each. */
		for (i = 0; i < n; i++) {
			out[m] = in[i];
			m += !cache_access(cache, in[i]);
		}
		return m;
	}
	cache->accesses += n;
	cache->misses += m;
	return m;
}
