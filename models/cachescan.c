/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * cachescan.c: a set's tags searched with vector compares.
 *
 * Where the host has AVX2 (x86-64, asked once of the CPU), a set of 4,
 * 8, 12 or 16 ways is one to four vectors of tags: one compare and a
 * movemask give the way that holds a block, and moving it to the front
 * is a blend of each vector with itself shifted one way down, all without
 * a branch.  Every other host, ABI and geometry takes cache.h's portable
 * path, which counts the same.
 */
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

#else

bool
cache_access_ordered_vector(uint64_t *set, uint32_t ways, uint64_t tag)
{
	return cache_access_ordered(set, ways, tag);
}

#endif
