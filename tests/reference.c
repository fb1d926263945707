/*
 * reference.c: the B-heap rules of shared/REFERENCE.md, written a second
 * time for the tests, with division and remainder where bheap.c uses
 * shifts and masks.
 */
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
