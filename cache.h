/*
 * cache.h: one set-associative cache with LRU replacement in each set:
 * a level of the modeled memory hierarchy (hier.h), a data cache of
 * lines or a TLB of page translations.
 *
 * A block is `line_bytes` bytes (a cache line, or for a TLB one modeled
 * page) and lives in set (address / line_bytes) mod sets, as real caches
 * and cachegrind index by bit selection; sets need not be a power of two
 * (some last-level caches have 12 or 20 ways over a power-of-two size).
 * A miss loads the block, evicting the set's least recently used one:
 * write-allocate, as cachegrind models writes.  Addresses are pages.h's
 * modeled addresses, so the same options give the same misses on every
 * run and every machine.
 */
#ifndef CACHE_H
#define CACHE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/*
 * A level's shape.  blocks = sets x ways; blocks = 0 means the level is
 * absent.  A TLB's line_bytes is the modeled page size, set at run time.
 */
struct cache_geometry {
	uint64_t	blocks;		/* lines, or TLB entries */
	uint32_t	ways;
	uint32_t	line_bytes;	/* a power of two */
};

/*
 * Bounds: a line of 8 bytes (one pointer) to 1 GiB (the largest page);
 * up to 2^32 blocks and 2^16 ways, so that a cache of 2^28 lines (16 GiB
 * of 64-byte lines) keeps its tags in 2 GiB and a set is scanned in
 * microseconds even when fully associative.
 */
#define CACHE_MIN_LINE_BYTES	8u
#define CACHE_MAX_LINE_BYTES	((uint32_t)1 << 30)
#define CACHE_MAX_BLOCKS	((uint64_t)1 << 32)
#define CACHE_MAX_WAYS		65536u
/* The line of every x86-64 and most other caches: --cache's default. */
#define CACHE_DEFAULT_LINE_BYTES	64u

/*
 * Why a geometry is refused, as a phrase for a message ("... is refused:
 * <reason>"), or NULL if it is a cache this module can model.
 */
const char	*cache_geometry_refused(const struct cache_geometry *);

/*
 * The struct is public only so that cache_access() can be inlined; its
 * fields are cache.c's business.
 */
struct cache {
	struct cache_geometry geometry;
	unsigned	line_shift;
	uint64_t	sets;
	uint64_t	set_mask;	/* sets - 1 if a power of two, else 0 */
	/*
	 * Per way, set by set, a block number + 1, 0 while empty: in a set
	 * of few ways most recent first; in one of many (linked below), in
	 * no order.
	 */
	uint64_t	*tags;
	uint64_t	last;		/* the tag accessed last, 0 before any */
	/*
	 * Sets of many ways keep their recency as a circular list of ways,
	 * head the most recent, and find a block through a hash table of
	 * the resident tags (open addressing): NULL for sets of few ways.
	 */
	uint32_t	*next;		/* per way: the next less recent */
	uint32_t	*prev;
	uint32_t	*head;		/* per set */
	uint64_t	*index_tags;	/* per slot: a tag, 0 free */
	uint32_t	*index_ways;	/* its way in its set */
	uint64_t	index_mask;	/* slots - 1, a power of two */
	unsigned	index_shift;	/* 64 - log2(slots): a hash's top bits */
	uint64_t	accesses;	/* this phase's */
	uint64_t	misses;
};

/* An empty cache; -1 with errno ENOMEM or EINVAL (a refused geometry). */
int		 cache_init(struct cache *, const struct cache_geometry *);
void		 cache_fini(struct cache *);
/* Counters to zero; the contents stay. */
void		 cache_phase(struct cache *);
/* Bytes of bookkeeping a cache of this geometry keeps. */
uint64_t	 cache_bytes(const struct cache_geometry *);

/* The slow path of cache_access(); call that instead. */
bool		 cache_access_slow(struct cache *, uint64_t tag);

/*
 * One access to the block holding byte `address`: true on a hit.  A miss
 * is counted and loads the block.
 */
static inline bool
cache_access(struct cache *cache, uint64_t address)
{
	uint64_t tag = (address >> cache->line_shift) + 1;

	cache->accesses++;
	/* The block accessed last is its set's most recent: nothing moves. */
	if (tag == cache->last)
		return true;
	cache->last = tag;
	return cache_access_slow(cache, tag);
}

/*
 * Writes the contents, set by set, least recent block first, one line
 * each: prefix, then the address of the block's first byte.  Loading
 * them in that order into an empty cache of the same geometry rebuilds
 * this one.
 */
void		 cache_trace(const struct cache *, FILE *, const char *prefix);

#endif
