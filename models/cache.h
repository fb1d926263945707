/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
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
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cachescan.h"

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
/*
 * Sets of more ways than CACHE_SCAN_WAYS (cachescan.h) keep their
 * recency in a list and find blocks by hash, or, one set bound to its
 * addresses, by a stamp per block (cache_bound()): a scan of 64 ways (a
 * fully associative TLB) on every access cost more than the rest of the
 * model together.  (So did a vector search of 72 ways with a time stamp
 * per way, of which a quarter of the accesses then search the stamps for
 * the oldest.)
 */
/*
 * A bound set of many ways keeps a stamp of 8 bytes per block below the
 * bound, up to this many blocks (32 MiB of stamps: 16 GiB of 4 KiB
 * pages, 256 MiB of 64-byte lines); beyond, it stays linked.
 */
#define CACHE_STAMPED_MAX_BLOCKS	((uint64_t)1 << 22)
/* The line of every x86-64 and most other caches: --cache's default. */
#define CACHE_DEFAULT_LINE_BYTES	64u

/*
 * Why a geometry is refused, as a phrase for a message ("... is refused:
 * <reason>"), or NULL if it is a cache this module can model.
 */
const char	*cache_geometry_refused(const struct cache_geometry *);

/*
 * How a cache finds a block, chosen once by cache_init() and
 * cache_bound() from the geometry and the host.
 */
enum cache_path {
	CACHE_ORDERED,		/* few ways, scanned and shifted in C */
	CACHE_ORDERED_VECTOR,	/* the same with vector compares */
	CACHE_PACKED,		/* few ways, bound: 32-bit tags, in C */
	CACHE_PACKED_VECTOR,	/* the same with vector compares */
	CACHE_LINKED,		/* many ways, list and hash */
	CACHE_STAMPED,		/* many ways in one set, bound: ticks */
	CACHE_BITS		/* never evicts: a bit per block */
};

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
	 * of few ways most recent first; in one of many, in no order.
	 */
	uint64_t	*tags;
	/*
	 * A cache of few ways bound to addresses whose tags within a set
	 * fit 32 bits, its sets a power of two (cache_bound()), packs its
	 * sets into the tags' memory instead (cachescan.h), set_shift the
	 * log2 of the sets: NULL otherwise.
	 */
	uint32_t	*packed;
	unsigned	set_shift;
	enum cache_vectors vectors;	/* the *_VECTOR paths': at init */
	uint64_t	last;		/* the tag accessed last, 0 before any */
	enum cache_path path;
	/*
	 * Sets of many ways (CACHE_LINKED) keep their recency as a
	 * circular list of ways, head the most recent, and find a block
	 * through a hash table of the resident tags (open addressing).
	 */
	uint32_t	*next;		/* per way: the next less recent */
	uint32_t	*prev;
	uint32_t	*head;		/* per set */
	uint64_t	*index_tags;	/* per slot: a tag, 0 free */
	uint32_t	*index_ways;	/* its way in its set */
	uint64_t	index_mask;	/* slots - 1, a power of two */
	unsigned	index_shift;	/* 64 - log2(slots): a hash's top bits */
	/*
	 * One set of many ways bound to addresses it cannot all hold
	 * (CACHE_STAMPED) keeps instead a stamp per block below the bound:
	 * each access stamps its block with the next tick and puts the
	 * block in a ring of ticks.  A block is resident iff its stamp is
	 * the oldest live tick (the oldest still some block's latest) or
	 * later, and a miss when full evicts the oldest's block, found by a
	 * bit per tick.  A hit is four stores, where the list's move to the
	 * head is six dependent ones after a search of the index.
	 */
	uint64_t	*stamp;		/* per block: its latest tick, or 0 */
	uint32_t	*ring;		/* per tick, mod the ring: its block */
	uint64_t	*ring_live;	/* per tick, mod the ring: a bit, live */
	uint32_t	*live;		/* room to renumber the live ticks */
	uint64_t	ring_mask;	/* the ring's ticks - 1, a power of 2 */
	uint64_t	tick;		/* the latest tick */
	uint64_t	oldest;		/* no older tick is live */
	uint32_t	resident;	/* blocks loaded, up to the ways */
	/*
	 * A cache that can never evict (cache_bound()) keeps a bit per
	 * block it has loaded instead: NULL otherwise.
	 */
	uint64_t	*seen;
	uint64_t	seen_blocks;	/* the blocks the bits cover */
	uint64_t	accesses;	/* this phase's */
	uint64_t	misses;
};

/* An empty cache; -1 with errno ENOMEM or EINVAL (a refused geometry). */
int		 cache_init(struct cache *, const struct cache_geometry *);
/*
 * No vectors above `most` for this cache, just initialized (a test's:
 * the AVX2 and portable paths must count what the host's do).
 */
void		 cache_limit_vectors(struct cache *, enum cache_vectors most);
void		 cache_fini(struct cache *);
/* Counters to zero; the contents stay. */
void		 cache_phase(struct cache *);
/*
 * Bytes of bookkeeping a cache of this geometry keeps, at most: for one
 * set of many ways, with the most stamps cache_bound() may add.
 */
uint64_t	 cache_bytes(const struct cache_geometry *);
/*
 * The bytes a run touches, and so the memory the kernel makes resident,
 * when every address is below address_limit: all of the tags and links
 * for a cache that may evict (a set's tags are shifted on each miss),
 * cache_bound()'s stamps for one set of many ways, only cache_bound()'s
 * bits for one that never evicts, whose tags stay untouched.  `lines`,
 * the distinct lines the run touches, bounds the sets an evicting cache
 * of few ways uses (sparse items, a line each, reach few); `span`, the
 * blocks whose stamps share a system page with a touched one, bounds the
 * stamps made resident.
 */
uint64_t	 cache_bytes_touched(const struct cache_geometry *,
		    uint64_t address_limit, uint64_t lines, uint64_t span);
/*
 * A promise, before the first access, that every address will be below
 * address_limit.  If no set can then be given more blocks than it has
 * ways (blocks below the limit <= sets x ways, as a set takes every
 * sets-th block), the cache never evicts: a block hits iff it was loaded
 * before, which a bit per block answers without scanning a set or
 * touching its tags, as a last-level cache larger than the heap does.
 * One set of many ways (a fully associative TLB) that may evict keeps
 * instead a stamp per block below the limit, if there are at most
 * CACHE_STAMPED_MAX_BLOCKS, rather than a list and an index.
 * The counts and the trace's replay are the same either way.  Returns 0,
 * or -1 with errno ENOMEM.
 */
int		 cache_bound(struct cache *, uint64_t address_limit);

/* The set of a tag (a block number + 1). */
static inline uint64_t
cache_set_of(const struct cache *cache, uint64_t tag)
{
	uint64_t block = tag - 1;

	/* A mask where the sets are a power of two (one set: mask 0). */
	return cache->set_mask != 0 || cache->sets == 1 ?
	    block & cache->set_mask : block % cache->sets;
}

/*
 * The paths out of line (cache.c, cachestamp.c); call cache_access()
 * instead.
 */
bool		 cache_access_linked(struct cache *, uint64_t tag);
/*
 * One set of many ways, bound, stamped (cachestamp.c): whether a bound
 * of `blocks` blocks fits the stamps of a geometry of one set (one that
 * may evict, within CACHE_STAMPED_MAX_BLOCKS; cache.c takes them for a
 * set of more than CACHE_SCAN_WAYS ways); the bytes of the
 * stamps and their ring; the stamps set up, 0 or -1 with no memory
 * (cache_fini() frees what there is), and freed; the resident blocks,
 * least recent first, as cache_trace() writes them.
 */
bool		 cache_stamps_fit(const struct cache_geometry *,
		    uint64_t blocks);
uint64_t	 cache_stamps_bytes(const struct cache_geometry *,
		    uint64_t blocks);
int		 cache_stamps_init(struct cache *, uint64_t blocks);
void		 cache_stamps_fini(struct cache *);
void		 cache_stamps_trace(const struct cache *, FILE *,
		    const char *prefix);
bool		 cache_access_stamped(struct cache *, uint64_t block);
/* cache_take()'s loop for a stamped cache; call cache_take() instead. */
size_t		 cache_take_stamped(struct cache *, const uint64_t *in,
		    size_t n, uint64_t *out);

/*
 * One access to the block holding byte `address`: true on a hit.  A miss
 * is counted and loads the block.  Inline: hier.c makes one call per
 * level of every counted access.
 */
static inline bool
cache_access(struct cache *cache, uint64_t address)
{
	uint64_t tag = (address >> cache->line_shift) + 1, block = tag - 1;
	uint64_t *set;
	bool hit;

	cache->accesses++;
	/* The block accessed last is its set's most recent: nothing moves. */
	if (tag == cache->last)
		return true;
	cache->last = tag;
	switch (cache->path) {
	case CACHE_BITS:
		hit = (cache->seen[block >> 6] >> (block & 63) & 1) != 0;
		cache->seen[block >> 6] |= (uint64_t)1 << (block & 63);
		break;
	case CACHE_ORDERED_VECTOR:
		set = cache->tags + cache_set_of(cache, tag) *
		    cache->geometry.ways;
		/*
		 * Its set's most recent block: nothing moves, and the search
		 * is not called.  Where slot and item lines alternate
		 * (--model full), over half of an L1's accesses are these.
		 */
		if (set[0] == tag)
			return true;
		hit = cache_access_ordered_vector(set, cache->geometry.ways,
		    tag);
		break;
	case CACHE_PACKED:
	case CACHE_PACKED_VECTOR:
		hit = cache_access_packed(cache->packed + (block &
		    cache->set_mask) * CACHE_PACKED_LANES(cache->geometry.ways),
		    cache->geometry.ways, (uint32_t)(block >> cache->set_shift) +
		    1, cache->path == CACHE_PACKED_VECTOR ? cache->vectors :
		    CACHE_VECTORS_NONE);
		break;
	case CACHE_LINKED:
		hit = cache_access_linked(cache, tag);
		break;
	case CACHE_STAMPED:
		hit = cache_access_stamped(cache, block);
		break;
	default:
		set = cache->tags + cache_set_of(cache, tag) *
		    cache->geometry.ways;
		hit = cache_access_ordered(set, cache->geometry.ways, tag);
		break;
	}
	if (!hit)
		cache->misses++;
	return hit;
}

/*
 * cache_access() of each of the n addresses in order, one loop per path
 * (cachescan.c): the addresses that missed, in order, go to `out` (room
 * for n), and their number is returned.  So a level below takes the
 * misses of the level above as one list.
 */
size_t		 cache_take(struct cache *, const uint64_t *in, size_t n,
		    uint64_t *out);

/*
 * Writes the contents, set by set, least recent block first, one line
 * each: prefix, then the address of the block's first byte.  Loading
 * them in that order into an empty cache of the same geometry rebuilds
 * this one.  A cache that never evicts (cache_bound()) writes them in
 * address order, which replays the same: nothing there ever leaves.
 */
void		 cache_trace(const struct cache *, FILE *, const char *prefix);

#endif
