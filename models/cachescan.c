/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * cachescan.c: a set's tags searched with vector compares, and a
 * batch of accesses taken in one loop per path (cache_take()).
 *
 * Where the host has AVX2 (x86-64, asked once of the CPU), a set of 4,
 * 8, 12 or 16 ways is one to four vectors of tags: one compare and a
 * movemask give the way that holds a block, and moving it to the front
 * is a blend of each vector with itself shifted one way down, all without
 * a branch.  Every other host, ABI and geometry takes cache.h's portable
 * path, which counts the same.
 */
#include <assert.h>

#include "cache.h"

#if defined(__x86_64__) && defined(__LP64__) && defined(__GNUC__)
#define VECTORS 1
#include <immintrin.h>
#else
#define VECTORS 0
#endif

/* Whether vectors may be used: -1 until the CPU is asked. */
static int vectors_allowed = -1;

static bool
host_has_vectors(void)
{
#if VECTORS
	__builtin_cpu_init();
	return __builtin_cpu_supports("avx2") != 0;
#else
	return false;
#endif
}

bool
cache_use_vectors(bool on)
{
	bool before = cache_vectors_usable();

	vectors_allowed = on && host_has_vectors();
	return before;
}

bool
cache_vectors_usable(void)
{
	if (vectors_allowed < 0)
		vectors_allowed = host_has_vectors();
	return vectors_allowed != 0;
}

#if VECTORS

#define VECTOR_TARGET __attribute__((target("avx2")))

/*
 * A set of 4 x chunks ways, most recent first: the way of tag, or the
 * last, moves to the front and the ways above it down one.
 */
static inline VECTOR_TARGET __attribute__((always_inline)) bool
ordered(uint64_t *set, unsigned chunks, uint64_t tag)
{
	__m256i want = _mm256_set1_epi64x((long long)tag), carry = want;
	__m256i v[CACHE_SCAN_WAYS / 4], upto;
	uint32_t found = 0;
	unsigned c;

	for (c = 0; c < chunks; c++) {
		v[c] = _mm256_loadu_si256((const __m256i *)(void *)(set + 4 * c));
		found |= (uint32_t)_mm256_movemask_pd(_mm256_castsi256_pd(
		    _mm256_cmpeq_epi64(v[c], want))) << 4 * c;
	}
	/* A miss drops the last way: empty ones are all at the end. */
	upto = _mm256_set1_epi64x(found != 0 ? __builtin_ctz(found) :
	    (int)(4 * chunks - 1));
	for (c = 0; c < chunks; c++) {
		__m256i way = _mm256_setr_epi64x(4 * c, 4 * c + 1, 4 * c + 2,
		    4 * c + 3);
		/* Ways 0 .. upto take the tag above them: v shifted by one. */
		__m256i down = _mm256_blend_epi32(_mm256_permute4x64_epi64(v[c],
		    _MM_SHUFFLE(2, 1, 0, 0)), carry, 0x03);
		__m256i take = _mm256_cmpgt_epi64(way, upto);

		carry = _mm256_permute4x64_epi64(v[c], _MM_SHUFFLE(3, 3, 3, 3));
		_mm256_storeu_si256((__m256i *)(void *)(set + 4 * c),
		    _mm256_blendv_epi8(down, v[c], take));
	}
	return found != 0;
}

VECTOR_TARGET bool
cache_access_ordered_vector(uint64_t *set, uint32_t ways, uint64_t tag)
{
	switch (ways) {
	case 4:
		return ordered(set, 1, tag);
	case 8:
		return ordered(set, 2, tag);
	case 12:
		return ordered(set, 3, tag);
	default:
		return ordered(set, 4, tag);
	}
}

/*
 * cache_access() over a batch of a cache of 4 x chunks ways: the block
 * accessed last, then its set's most recent, then the vector search,
 * all inline.
 */
static inline VECTOR_TARGET __attribute__((always_inline)) size_t
take_ordered(struct cache *cache, unsigned chunks, const uint64_t *in,
    size_t n, uint64_t *out)
{
	uint64_t last = cache->last;
	uint32_t ways = cache->geometry.ways;
	unsigned shift = cache->line_shift;
	size_t i, m = 0;

	for (i = 0; i < n; i++) {
		uint64_t tag = (in[i] >> shift) + 1, *set;
		bool hit = true;

		if (tag != last) {
			last = tag;
			set = cache->tags + cache_set_of(cache, tag) * ways;
			hit = set[0] == tag || ordered(set, chunks, tag);
		}
		out[m] = in[i];
		m += !hit;
	}
	cache->last = last;
	return m;
}

static VECTOR_TARGET size_t
take_vector(struct cache *cache, const uint64_t *in, size_t n, uint64_t *out)
{
	switch (cache->geometry.ways) {
	case 4:
		return take_ordered(cache, 1, in, n, out);
	case 8:
		return take_ordered(cache, 2, in, n, out);
	case 12:
		return take_ordered(cache, 3, in, n, out);
	default:
		return take_ordered(cache, 4, in, n, out);
	}
}

#else

bool
cache_access_ordered_vector(uint64_t *set, uint32_t ways, uint64_t tag)
{
	return cache_access_ordered(set, ways, tag);
}

#endif

/* A cache that never evicts: a bit per block, and the last block. */
static size_t
take_bits(struct cache *cache, const uint64_t *in, size_t n, uint64_t *out)
{
	uint64_t last = cache->last, *seen = cache->seen;
	unsigned shift = cache->line_shift;
	size_t i, m = 0;

	for (i = 0; i < n; i++) {
		uint64_t block = in[i] >> shift, bit = (uint64_t)1 <<
		    (block & 63);
		bool hit = block + 1 == last || (seen[block >> 6] & bit) != 0;

		assert(block < cache->seen_blocks);
		seen[block >> 6] |= bit;
		last = block + 1;
		out[m] = in[i];
		m += !hit;
	}
	cache->last = last;
	return m;
}

size_t
cache_take(struct cache *cache, const uint64_t *in, size_t n, uint64_t *out)
{
	size_t i, m = 0;

	switch (cache->path) {
	case CACHE_BITS:
		m = take_bits(cache, in, n, out);
		break;
#if VECTORS
	case CACHE_ORDERED_VECTOR:
		m = take_vector(cache, in, n, out);
		break;
#endif
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
