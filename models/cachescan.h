/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * cachescan.h: the sets of few ways of a cache (cache.h), searched and
 * reordered.  A set's tags run most recent first and an empty way (0)
 * ends them; a hit moves its tag to the front, a miss loads it there,
 * dropping the last way.  Wide sets keep a tag of 64 bits per way (a
 * block number + 1); packed sets, for a cache whose addresses are bound
 * and whose sets are a power of two, a tag of 32 bits per lane (the
 * block's number within its set + 1), 8 or 16 lanes a set, the lanes
 * past the ways always empty: one or two vectors, one 64-byte line.
 *
 * Vector compares serve where the host has them, chosen once at start-
 * up: AVX2 for every kind of set, AVX-512 for packed ones (one register
 * a set, found with a compare to a mask, moved with valignd); the
 * portable paths, which every other host and ABI takes, give the same
 * sets.  This file knows sets and tags, not caches.
 */
#ifndef CACHESCAN_H
#define CACHESCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Sets of more ways than this are not scanned (cache.c links them). */
#define CACHE_SCAN_WAYS		16u
/* A packed set's lanes: 8 for up to 8 ways, else 16. */
#define CACHE_PACKED_LANES(ways)	((ways) <= 8 ? 8u : 16u)

/* The vectors a set may be searched with, each level the ones below too. */
enum cache_vectors { CACHE_VECTORS_NONE, CACHE_VECTORS_AVX2,
    CACHE_VECTORS_AVX512 };

/*
 * The vectors this host has (x86-64 asks the CPU; the other ABIs have
 * none and take the portable paths), which cache_init() gives a cache;
 * a test lowers one cache's with cache_limit_vectors() (cache.h).
 */
enum cache_vectors cache_host_vectors(void);

/*
 * NAME(set, ways, tag): a set of `ways` (up to CACHE_SCAN_WAYS) tags of
 * TAG_T, most recent first and 0 where empty; whether tag hit, which
 * then moves to the front.  A miss loads into the first empty way, or
 * over the least recent.  Most hits are near the top, so a loop beats a
 * call to memmove; `i < CACHE_SCAN_WAYS`, said in the test, tells GCC
 * the move is short, whose 32-bit builds otherwise warn of a move of
 * 2^32 - 8 bytes.  One body for the wide sets' 64-bit tags, below, and
 * the packed sets' 32-bit ones (cachescan.c's portable path).
 */
#define CACHE_ORDERED_ACCESS(name, tag_t)				\
static inline bool							\
name(tag_t *set, uint32_t ways, tag_t tag)				\
{									\
	uint32_t i;							\
	bool hit;							\
									\
	for (i = 0; i < ways && set[i] != tag && set[i] != 0; i++)	\
		continue;						\
	hit = i < ways && set[i] == tag;				\
	if (!hit && i == ways)						\
		i = ways - 1;						\
	for (; i > 0 && i < CACHE_SCAN_WAYS; i--)			\
		set[i] = set[i - 1];					\
	set[0] = tag;							\
	return hit;							\
}

/* A wide set: 64-bit tags. */
CACHE_ORDERED_ACCESS(cache_access_ordered, uint64_t)

/* The same with vectors: 4, 8, 12 or 16 ways, the host's vectors on. */
bool		 cache_access_ordered_vector(uint64_t *set, uint32_t ways,
		    uint64_t tag);
/* A packed set (its lanes, of which `ways` used): whether tag hit. */
bool		 cache_access_packed(uint32_t *set, uint32_t ways,
		    uint32_t tag, enum cache_vectors);

/* The sets of one cache, as a batch sees them. */
struct scan_sets {
	uint64_t	*wide;		/* ways per set; or NULL */
	uint32_t	*packed;	/* CACHE_PACKED_LANES per set; or NULL */
	uint32_t	ways;
	unsigned	line_shift;	/* log2 of a block's bytes */
	unsigned	set_shift;	/* packed: log2 of the sets */
	uint64_t	sets;
	uint64_t	set_mask;	/* sets - 1 if a power of two, else 0 */
	enum cache_vectors vectors;	/* the host's, chosen once */
};

/*
 * The n addresses in order through the sets: the block accessed last
 * (*last, a block number + 1, 0 before any) hits and moves nothing; the
 * addresses that missed go to `out` in order, and their number is
 * returned.
 */
size_t		 scan_take(const struct scan_sets *, uint64_t *last,
		    const uint64_t *in, size_t n, uint64_t *out);

#endif
