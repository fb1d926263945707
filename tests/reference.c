/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * reference.c: the B-heap rules of shared/REFERENCE.md, written a second
 * time for the tests, with division and remainder where bheap.c uses
 * shifts and masks; the d-ary heap's, rounded up where dary.c rounds
 * down; and the van Emde Boas order by its recursive definition, where
 * veb.c computes one slot at a time.
 */
#include <assert.h>
#include <inttypes.h>

#include "heap.h"
#include "tests.h"

uint64_t
ref_bheap_parent(uint64_t entries, uint64_t u)
{
	uint64_t half = entries / 2, g = u / entries, o = u % entries;

	if (g == 0 || o >= 4)
		return g * entries + o / 2;
	if (o == 2 || o == 3)
		return u - 2;
	return (g - 1) / half * entries + half + (g - 1) % half;
}

uint64_t
ref_bheap_first_child(uint64_t entries, uint64_t u, unsigned *count)
{
	uint64_t half = entries / 2, g = u / entries, o = u % entries;

	*count = 2;
	if (g >= 1 && o <= 1) {
		*count = 1;
		return u + 2;
	}
	if (o >= half)
		return (g * half + (o - half) + 1) * entries;
	return g * entries + 2 * o;
}

/*
 * The children of p are d(p - 1) + 2 .. dp + 1, so p is the smallest
 * whose last child reaches u: dp + 1 >= u, p = ceil((u - 1) / d).
 */
uint64_t
ref_dary_parent(uint64_t arity, uint64_t u)
{
	return (u - 1 + arity - 1) / arity;
}

/* One past the last child of u - 1, which ends at d(u - 1) + 1. */
uint64_t
ref_dary_first_child(uint64_t arity, uint64_t u)
{
	return arity * u - arity + 2;
}

uint64_t
ref_parent(const struct layout *layout, const struct shape *shape,
    uint64_t u)
{
	if (layout == &binheap_layout || layout == &veb_layout)
		return u / 2;
	if (layout == &dary_layout)
		return ref_dary_parent(shape->arity, u);
	return ref_bheap_parent((uint64_t)1 << shape->page_shift, u);
}

/*
 * The van Emde Boas order built the slow way, as its definition reads:
 * the subtree of height h under position root, from slot `next` on, is
 * its top tree of height h - b, then its 2^(h - b) bottom trees of
 * height b left to right, b the largest power of two below h.
 */
static uint64_t
veb_build(uint64_t *slot, uint64_t root, unsigned h, uint64_t next)
{
	uint64_t b = 1, i;

	if (h == 1) {
		slot[root] = next;
		return next + 1;
	}
	while (2 * b < h)
		b *= 2;
	next = veb_build(slot, root, h - (unsigned)b, next);
	for (i = 0; i < (uint64_t)1 << (h - b); i++)
		next = veb_build(slot, (root << (h - b)) + i, (unsigned)b,
		    next);
	return next;
}

void
ref_veb_slots(uint64_t *slot, unsigned height)
{
	uint64_t end = veb_build(slot, 1, height, 1);

	/* Every slot of the complete tree, once (no Check here: fuzz_heap). */
	assert(end == (uint64_t)1 << height);
}
