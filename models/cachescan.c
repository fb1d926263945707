/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * cachescan.c: sets of few ways searched and reordered (cachescan.h),
 * one access or a batch, with vector compares where the host has them.
 *
 * With AVX2 (x86-64, asked once of the CPU) a wide set of 4, 8, 12 or
 * 16 ways is one to four vectors of 64-bit tags, a packed set one or two
 * of 32-bit tags: a compare and a movemask give the way that holds a
 * block, and moving it to the front is a blend of each vector with
 * itself shifted one lane down, all without a branch.  A batch's loop
 * is one per kind of set, the search inlined in it.
 *
 * A vector batch's loop asks one question first, whether the block is
 * its set's most recent: that decides a repeat of the block accessed last
 * too, which is always there, so no separate test is made for it, and
 * most hits cost a load and a compare.  The vector paths shift by a
 * register (BMI2: vectors.h): about 13 instructions an access where the
 * block is first.
 */
#include "cachescan.h"
#include "vectors.h"

enum cache_vectors
cache_host_vectors(void)
{
	if (vectors_avx512())
		return CACHE_VECTORS_AVX512;
	if (vectors_avx2())
		return CACHE_VECTORS_AVX2;
	return CACHE_VECTORS_NONE;
}

/* A packed set of `ways`, in C: 32-bit tags. */
CACHE_ORDERED_ACCESS(packed_portable, uint32_t)

/* The set of a block: a mask where the sets are a power of two. */
static inline uint64_t
wide_set(const struct scan_sets *s, uint64_t block)
{
	return s->set_mask != 0 || s->sets == 1 ? block & s->set_mask :
	    block % s->sets;
}

/*
 * After a batch: the block accessed last (+ 1), which is its set's most
 * recent, for cache_access()'s shortcut (cache.h).
 */
static inline void
last_of(uint64_t *last, const uint64_t *in, size_t n, unsigned line_shift)
{
	if (n > 0)
		*last = (in[n - 1] >> line_shift) + 1;
}

/* A batch over wide sets, in C. */
static size_t
take_wide_portable(const struct scan_sets *s, uint64_t *last,
    const uint64_t *in, size_t n, uint64_t *out)
{
	const struct scan_sets my = *s;
	uint64_t was = *last;
	size_t i, m = 0;

	for (i = 0; i < n; i++) {
		uint64_t tag = (in[i] >> my.line_shift) + 1;
		bool hit = tag == was || cache_access_ordered(my.wide +
		    wide_set(&my, tag - 1) * my.ways, my.ways, tag);

		was = tag;
		out[m] = in[i];
		m += !hit;
	}
	*last = was;
	return m;
}

/* A batch over packed sets, in C. */
static size_t
take_packed_portable(const struct scan_sets *s, uint64_t *last,
    const uint64_t *in, size_t n, uint64_t *out)
{
	const struct scan_sets my = *s;
	uint32_t lanes = CACHE_PACKED_LANES(my.ways);
	uint64_t was = *last;
	size_t i, m = 0;

	for (i = 0; i < n; i++) {
		uint64_t block = in[i] >> my.line_shift;
		bool hit = block + 1 == was || packed_portable(my.packed +
		    (block & my.set_mask) * lanes, my.ways,
		    (uint32_t)(block >> my.set_shift) + 1);

		was = block + 1;
		out[m] = in[i];
		m += !hit;
	}
	*last = was;
	return m;
}

#if VECTOR_PATHS

/*
 * A wide set of 4 x chunks ways, most recent first: the way of tag, or
 * the last, moves to the front and the ways above it down one.
 */
INLINE_VECTOR bool
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

/*
 * Whether tag is the set's second most recent, which then swaps with
 * the first: an eighth of the accesses to an L1 or a TLB that miss the
 * first way hit there, and this costs them a few instructions where
 * the vector search costs thirty.  A set of one way has an empty
 * second: tags are never 0.
 */
#define SECOND_MOST_RECENT(set, tag)					\
	((set)[1] == (tag) && ((set)[1] = (set)[0], (set)[0] = (tag), true))

/*
 * A packed set of 8 x vecs lanes, `ways` of them used: as ordered(),
 * eight 32-bit tags a vector.  The lanes past the ways stay 0: a miss
 * shifts lanes 0 .. ways - 1 only.
 */
INLINE_VECTOR bool
packed(uint32_t *set, unsigned vecs, uint32_t ways, uint32_t tag)
{
	const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
	const __m256i down = _mm256_setr_epi32(0, 0, 1, 2, 3, 4, 5, 6);
	__m256i want = _mm256_set1_epi32((int)tag), carry = want, v[2], upto;
	uint32_t found = 0;
	unsigned c;

	for (c = 0; c < vecs; c++) {
		v[c] = _mm256_loadu_si256((const __m256i *)(void *)(set + 8 * c));
		found |= (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(
		    _mm256_cmpeq_epi32(v[c], want))) << 8 * c;
	}
	upto = _mm256_set1_epi32(found != 0 ? __builtin_ctz(found) :
	    (int)ways - 1);
	for (c = 0; c < vecs; c++) {
		__m256i shifted = _mm256_blend_epi32(
		    _mm256_permutevar8x32_epi32(v[c], down), carry, 0x01);
		__m256i keep = _mm256_cmpgt_epi32(_mm256_add_epi32(lane,
		    _mm256_set1_epi32(8 * (int)c)), upto);

		carry = _mm256_permutevar8x32_epi32(v[c], _mm256_set1_epi32(7));
		_mm256_storeu_si256((__m256i *)(void *)(set + 8 * c),
		    _mm256_blendv_epi8(shifted, v[c], keep));
	}
	return found != 0;
}

#define TARGET_512 __attribute__((target("avx512f,bmi2")))
#define INLINE_512 static inline TARGET_512 __attribute__((always_inline))

/*
 * A packed set with AVX-512: its lanes one register (8 of them loaded
 * for up to 8 ways, the rest 0), the tag's lane a compare to a mask, and
 * lanes 0 .. upto replaced by the set shifted one lane up with the tag
 * below it (valignd), stored under that mask.
 */
INLINE_512 bool
packed512(uint32_t *set, uint32_t ways, uint32_t tag)
{
	__mmask16 lanes = (__mmask16)(ways <= 8 ? 0xff : 0xffff), take;
	__m512i want = _mm512_set1_epi32((int)tag);
	__m512i v = _mm512_maskz_loadu_epi32(lanes, set);
	uint32_t found = _mm512_cmpeq_epi32_mask(v, want);
	unsigned upto = found != 0 ? (unsigned)__builtin_ctz(found) :
	    ways - 1;

	take = (__mmask16)((2u << upto) - 1);
	_mm512_mask_storeu_epi32(set, take, _mm512_alignr_epi32(v, want,
	    15));
	return found != 0;
}

/* A batch over packed sets with AVX-512: take_packed()'s loop. */
static TARGET_512 size_t
take_packed512(const struct scan_sets *s, uint64_t *last,
    const uint64_t *in, size_t n, uint64_t *out)
{
	uint32_t *sets = s->packed, ways = s->ways;
	uint32_t lanes = CACHE_PACKED_LANES(ways);
	unsigned line_shift = s->line_shift;
	unsigned tag_shift = s->line_shift + s->set_shift;
	uint64_t set_mask = s->set_mask;
	size_t i, m = 0;

	for (i = 0; i < n; i++) {
		uint64_t a = in[i];
		uint32_t *set = sets + ((a >> line_shift) & set_mask) * lanes;
		uint32_t tag = (uint32_t)(a >> tag_shift) + 1;

		out[m] = a;
		if (set[0] != tag)
			m += !packed512(set, ways, tag);
	}
	last_of(last, in, n, line_shift);
	return m;
}

static TARGET_512 bool
access_packed512(uint32_t *set, uint32_t ways, uint32_t tag)
{
	return packed512(set, ways, tag);
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

/* A batch over wide sets of 4 x chunks ways. */
INLINE_VECTOR size_t
take_wide(const struct scan_sets *s, unsigned chunks, uint64_t *last,
    const uint64_t *in, size_t n, uint64_t *out)
{
	/* In locals: the stores to out[] might otherwise alias them. */
	const struct scan_sets my = *s;
	size_t i, m = 0;

	for (i = 0; i < n; i++) {
		uint64_t a = in[i], tag = (a >> my.line_shift) + 1;
		uint64_t *set = my.wide + wide_set(&my, tag - 1) * my.ways;

		out[m] = a;
		if (set[0] != tag)
			m += !(SECOND_MOST_RECENT(set, tag) ||
			    ordered(set, chunks, tag));
	}
	last_of(last, in, n, my.line_shift);
	return m;
}

/* A batch over packed sets of 8 x vecs lanes. */
INLINE_VECTOR size_t
take_packed(const struct scan_sets *s, unsigned vecs, uint64_t *last,
    const uint64_t *in, size_t n, uint64_t *out)
{
	uint32_t *sets = s->packed, ways = s->ways;
	unsigned line_shift = s->line_shift;
	unsigned tag_shift = s->line_shift + s->set_shift;
	uint64_t set_mask = s->set_mask;
	size_t i, m = 0;

	for (i = 0; i < n; i++) {
		uint64_t a = in[i];
		uint32_t *set = sets + ((a >> line_shift) & set_mask) * 8 *
		    vecs;
		uint32_t tag = (uint32_t)(a >> tag_shift) + 1;

		out[m] = a;
		if (set[0] != tag)
			m += !(SECOND_MOST_RECENT(set, tag) ||
			    packed(set, vecs, ways, tag));
	}
	last_of(last, in, n, line_shift);
	return m;
}

static VECTOR_TARGET bool
access_packed_vector(uint32_t *set, uint32_t ways, uint32_t tag)
{
	return packed(set, CACHE_PACKED_LANES(ways) / 8, ways, tag);
}

static VECTOR_TARGET size_t
take_vector(const struct scan_sets *s, uint64_t *last, const uint64_t *in,
    size_t n, uint64_t *out)
{
	if (s->packed != NULL && s->vectors == CACHE_VECTORS_AVX512)
		return take_packed512(s, last, in, n, out);
	if (s->packed != NULL)
		return s->ways <= 8 ? take_packed(s, 1, last, in, n, out) :
		    take_packed(s, 2, last, in, n, out);
	switch (s->ways) {
	case 4:
		return take_wide(s, 1, last, in, n, out);
	case 8:
		return take_wide(s, 2, last, in, n, out);
	case 12:
		return take_wide(s, 3, last, in, n, out);
	default:
		return take_wide(s, 4, last, in, n, out);
	}
}

#else

bool
cache_access_ordered_vector(uint64_t *set, uint32_t ways, uint64_t tag)
{
	return cache_access_ordered(set, ways, tag);
}

#endif

bool
cache_access_packed(uint32_t *set, uint32_t ways, uint32_t tag,
    enum cache_vectors vectors)
{
#if VECTOR_PATHS
	if (vectors == CACHE_VECTORS_AVX512)
		return access_packed512(set, ways, tag);
	if (vectors == CACHE_VECTORS_AVX2)
		return access_packed_vector(set, ways, tag);
#endif
	(void)vectors;
	return packed_portable(set, ways, tag);
}

size_t
scan_take(const struct scan_sets *s, uint64_t *last, const uint64_t *in,
    size_t n, uint64_t *out)
{
#if VECTOR_PATHS
	/* Wide sets take vectors for 4, 8, 12 or 16 ways. */
	if (s->vectors != CACHE_VECTORS_NONE && (s->packed != NULL ||
	    s->ways % 4 == 0))
		return take_vector(s, last, in, n, out);
#endif
	if (s->packed != NULL)
		return take_packed_portable(s, last, in, n, out);
	return take_wide_portable(s, last, in, n, out);
}
