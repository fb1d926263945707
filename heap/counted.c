/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * counted.c: the stream's records filtered once (counted.h).  An
 * access's address is written and the count moves on only if it is
 * counted, without a branch; a marker (a step's start, an operation's
 * end: one record in a few) takes the one branch.
 *
 * Where the host has AVX2 (vectors.h) four records go at a time: a
 * compare picks the counted ones, a permutation from a table of sixteen
 * packs their addresses together, and one store writes them; only a
 * group where an operation ends (one record in thirty) looks at its
 * lanes, for where.  About half the instructions of the loop above.
 */
#include <assert.h>

#include "counted.h"
#include "record.h"
#include "vectors.h"


/* Set by a test alone: the portable loop though the host has vectors. */
static bool portable_only;

/*
 * The filter's loop from record `from`, kept addresses and ends already
 * there; `skipped` a constant where inlined.
 */
static inline size_t
filter_from(struct counted *c, const uint64_t *record, size_t from, size_t n,
    uint64_t skipped, size_t kept, size_t ends)
{
	size_t i;

	for (i = from; i < n; i++) {
		uint64_t r = record[i];

		if (!stream_is_marker(r)) {
			c->address[kept] = stream_address_of(r);
			kept += (r & skipped) == 0;
		} else {
			c->end[ends] = (uint32_t)kept;
			ends += stream_kind_of(r) == STREAM_OP_END;
		}
	}
	c->n = kept;
	c->ends = ends;
	return n;
}

#if VECTOR_PATHS

/*
 * A record is a marker where this bit is set: its kind is 2 or 3; an
 * operation's end, the greatest kind, is the greatest record.
 */
#define MARKER_BIT	(UINT64_C(1) << (STREAM_KIND_SHIFT + 1))
_Static_assert(STREAM_STEP == 2 && STREAM_OP_END == 3,
    "the markers are the kinds of bit 1, an end the greatest");

/*
 * For each mask of the four records counted, the 32-bit lanes that put
 * their addresses first, in order (the rest: anything).
 */
static const int32_t pack_lanes[16][8] = {
	{ 0, 0, 0, 0, 0, 0, 0, 0 },
	{ 0, 1, 0, 0, 0, 0, 0, 0 },
	{ 2, 3, 0, 0, 0, 0, 0, 0 },
	{ 0, 1, 2, 3, 0, 0, 0, 0 },
	{ 4, 5, 0, 0, 0, 0, 0, 0 },
	{ 0, 1, 4, 5, 0, 0, 0, 0 },
	{ 2, 3, 4, 5, 0, 0, 0, 0 },
	{ 0, 1, 2, 3, 4, 5, 0, 0 },
	{ 6, 7, 0, 0, 0, 0, 0, 0 },
	{ 0, 1, 6, 7, 0, 0, 0, 0 },
	{ 2, 3, 6, 7, 0, 0, 0, 0 },
	{ 0, 1, 2, 3, 6, 7, 0, 0 },
	{ 4, 5, 6, 7, 0, 0, 0, 0 },
	{ 0, 1, 4, 5, 6, 7, 0, 0 },
	{ 2, 3, 4, 5, 6, 7, 0, 0 },
	{ 0, 1, 2, 3, 4, 5, 6, 7 },
};

/*
 * The operations that end in a group of four (a bit per lane in
 * `ended`): each after the addresses of the `counted` lanes before it.
 */
INLINE_VECTOR void
group_ends(struct counted *c, unsigned counted, unsigned ended, size_t kept,
    size_t *ends)
{
	for (; ended != 0; ended &= ended - 1)
		c->end[(*ends)++] = (uint32_t)(kept + (unsigned)
		    __builtin_popcount(counted & ((1u << __builtin_ctz(ended)) -
		    1)));
}

static VECTOR_TARGET size_t
filter_vector(struct counted *c, const uint64_t *record, size_t n,
    uint64_t skipped)
{
	const __m256i refused = _mm256_set1_epi64x((long long)(MARKER_BIT |
	    skipped));
	const __m256i address = _mm256_set1_epi64x(STREAM_ADDRESS_MASK);
	const __m256i before_end = _mm256_set1_epi64x((long long)(
	    ((uint64_t)STREAM_OP_END << STREAM_KIND_SHIFT) - 1));
	const __m256i zero = _mm256_setzero_si256();
	size_t i, kept = 0, ends = 0;

	for (i = 0; i + 4 <= n; i += 4) {
		__m256i r = _mm256_loadu_si256((const __m256i *)(const void *)
		    (record + i));
		unsigned counted = (unsigned)_mm256_movemask_pd(
		    _mm256_castsi256_pd(_mm256_cmpeq_epi64(_mm256_and_si256(r,
		    refused), zero)));
		__m256i lanes = _mm256_loadu_si256((const __m256i *)(const void *)
		    pack_lanes[counted]);
		/* An operation's end is the greatest kind: a compare finds it. */
		unsigned ended = (unsigned)_mm256_movemask_pd(
		    _mm256_castsi256_pd(_mm256_cmpgt_epi64(r, before_end)));

		/* kept <= i: the four lanes' room is within the n records. */
		_mm256_storeu_si256((__m256i *)(void *)(c->address + kept),
		    _mm256_permutevar8x32_epi32(_mm256_and_si256(r, address),
		    lanes));
		if (ended != 0)
			group_ends(c, counted, ended, kept, &ends);
		kept += (unsigned)__builtin_popcount(counted);
	}
	return filter_from(c, record, i, n, skipped, kept, ends);
}

#endif

void
counted_use_vectors(bool on)
{
	portable_only = !on;
}

size_t
counted_filter(struct counted *c, const uint64_t *record, size_t n,
    bool items_counted)
{
	if (n > COUNTED_MAX)
		n = COUNTED_MAX;
#if VECTOR_PATHS
	if (!portable_only && vectors_avx2())
		return filter_vector(c, record, n, items_counted ? 0 :
		    STREAM_ITEM_BIT);
#endif
	/* Every access counted (--model full): no test of the item bit. */
	if (items_counted)
		return filter_from(c, record, 0, n, 0, 0, 0);
	return filter_from(c, record, 0, n, STREAM_ITEM_BIT, 0, 0);
}

void
counted_take_records(const uint64_t *record, size_t n, bool items_counted,
    void (*take)(void *, const struct counted *), void *model)
{
	struct counted c;
	size_t done = 0;

	while (done < n) {
		done += counted_filter(&c, record + done, n - done,
		    items_counted);
		assert(c.n <= COUNTED_MAX && c.ends <= COUNTED_MAX);
		take(model, &c);
	}
}
