/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_veb.c: veb.c's map from breadth-first positions to memory slots,
 * against the van Emde Boas order built by its recursive definition
 * (reference.c).
 *
 * Up to height EXHAUSTIVE_HEIGHT every position of the tree is checked;
 * above it, where the whole order no longer fits a table, sampled
 * positions are checked against the definition's first cut: the top tree
 * first, then bottom tree i after the top tree's slots and i bottom
 * trees, each laid out as a tree of its own height, whose orders the
 * reference builds in full.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>

#include "heap.h"
#include "prng.h"
#include "tests.h"

/* Parameters -------------------------------------------------------- */

#define EXHAUSTIVE_HEIGHT	20
#define MAX_HEIGHT		32
#define SAMPLES			200000	/* positions per sampled height */

static uint64_t
slot_of(unsigned height, uint64_t u)
{
	struct shape shape = { .page_shift = 9, .height = height };

	return veb_layout.slot(&shape, (heap_index)u);
}

/* The reference order of every height up to EXHAUSTIVE_HEIGHT. */
static uint64_t *
reference(unsigned height)
{
	uint64_t *slot = malloc(sizeof(*slot) << height);

	ck_assert_ptr_nonnull(slot);
	ref_veb_slots(slot, height);
	return slot;
}

START_TEST(bijection_every_position)
{
	unsigned height = (unsigned)_i;
	uint64_t n = ((uint64_t)1 << height) - 1, u;
	uint64_t *slot = reference(height);
	unsigned char *seen = calloc(n + 1, 1);

	ck_assert_ptr_nonnull(seen);
	for (u = 1; u <= n; u++) {
		uint64_t s = slot_of(height, u);

		need(s == slot[u], "height %u: position %" PRIu64 " at slot %"
		    PRIu64 ", the definition says %" PRIu64, height, u, s,
		    slot[u]);
		need(s >= 1 && s <= n && !seen[s], "height %u: slot %" PRIu64
		    " twice or out of 1..%" PRIu64, height, s, n);
		seen[s] = 1;
		/* Every node precedes its subtree, so its children too. */
		need(2 * u > n || (slot_of(height, 2 * u) > s &&
		    slot_of(height, 2 * u + 1) > s), "height %u: position %"
		    PRIu64 " is not before its children", height, u);
	}
	ck_assert_uint_eq(slot_of(height, 1), 1);
	free(seen);
	free(slot);
}
END_TEST

/* Heights past the tables: the first cut, over full tables of each part. */
START_TEST(sampled_above)
{
	unsigned height = (unsigned)_i, bottom = 1, top, depth;
	uint64_t *top_slot, *bottom_slot, rng = 25 + height;
	unsigned k;

	while (2 * bottom < height)
		bottom *= 2;
	top = height - bottom;
	top_slot = reference(top);
	bottom_slot = reference(bottom);
	for (k = 0; k < SAMPLES; k++) {
		uint64_t u = prng_below(&rng, ((uint64_t)1 << height) - 1) + 1;
		uint64_t want, i, inside;

		/* The last position of a height of 32 does not fit 32 bits. */
		if (u > HEAP_MAX_ITEMS)
			continue;
		depth = 63 - (unsigned)__builtin_clzll(u);
		if (depth < top)
			want = top_slot[u];
		else {
			i = (u >> (depth - top)) - ((uint64_t)1 << top);
			inside = (u & (((uint64_t)1 << (depth - top)) - 1)) |
			    (uint64_t)1 << (depth - top);
			want = ((uint64_t)1 << top) - 1 +
			    i * (((uint64_t)1 << bottom) - 1) +
			    bottom_slot[inside];
		}
		need(slot_of(height, u) == want, "height %u: position %"
		    PRIu64 " at slot %" PRIu64 ", the definition says %"
		    PRIu64, height, u, slot_of(height, u), want);
		need(u == 1 || slot_of(height, u / 2) < want, "height %u: "
		    "position %" PRIu64 " precedes its parent", height, u);
	}
	free(top_slot);
	free(bottom_slot);
}
END_TEST

/* Positions are breadth first: parent and children are inverse. */
START_TEST(parent_of_children)
{
	struct shape shape = { .page_shift = 9, .height = MAX_HEIGHT };
	uint64_t u;

	for (u = 1; u < 4000000; u++) {
		unsigned count, k;
		uint64_t first = veb_layout.children(&shape, (heap_index)u,
		    &count);

		need(count == 2 && first == 2 * u, "children of %" PRIu64
		    " at %" PRIu64, u, first);
		for (k = 0; k < count; k++)
			need(veb_layout.parent(&shape, (heap_index)(first +
			    k)) == u, "parent of %" PRIu64 " is not %" PRIu64,
			    first + k, u);
	}
}
END_TEST

/* The array reserves the complete tree the capacity fits. */
START_TEST(reserves_the_whole_tree)
{
	ck_assert_uint_eq(heap_slots(&veb_layout, 1), 1);
	ck_assert_uint_eq(heap_slots(&veb_layout, 7), 7);
	ck_assert_uint_eq(heap_slots(&veb_layout, 8), 15);
	ck_assert_uint_eq(heap_slots(&veb_layout, 1000000), 1048575);
	ck_assert_uint_eq(heap_slots(&veb_layout, HEAP_MAX_ITEMS),
	    UINT32_MAX);
	ck_assert_uint_eq(heap_slots(&binheap_layout, 1000000), 1000000);
}
END_TEST

Suite *
veb_suite(void)
{
	Suite *suite = suite_create("veb");
	TCase *tc = tcase_create("map");

	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, bijection_every_position, 1,
	    EXHAUSTIVE_HEIGHT + 1);
	tcase_add_loop_test(tc, sampled_above, EXHAUSTIVE_HEIGHT + 1,
	    MAX_HEIGHT + 1);
	tcase_add_test(tc, parent_of_children);
	tcase_add_test(tc, reserves_the_whole_tree);
	suite_add_tcase(suite, tc);
	return suite;
}
