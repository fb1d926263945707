/*
 * reference.c: the B-heap rules of shared/REFERENCE.md, written a second
 * time for the tests, with division and remainder where bheap.c uses
 * shifts and masks; and the d-ary heap's, rounded up where dary.c
 * rounds down.
 */
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
	if (layout == &binheap_layout)
		return u / 2;
	if (layout == &dary_layout)
		return ref_dary_parent(shape->arity, u);
	return ref_bheap_parent((uint64_t)1 << shape->page_shift, u);
}
