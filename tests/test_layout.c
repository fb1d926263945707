/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_layout.c: the index rules of every layout.
 *
 * The B-heap and the d-ary heap are checked against the second
 * implementation of their rules in reference.c, and against the
 * properties the rules imply: parent and children are inverse, a parent
 * precedes its children, and a B-heap subtree leaves its page only from
 * the page's bottom row.  veb's map has a suite of its own (test_veb.c);
 * here, what its order does to a path.
 */
#include <inttypes.h>
#include <stdint.h>

#include "heap.h"
#include "tests.h"

/* Parameters -------------------------------------------------------- */

#define ROUND_TRIP_LIMIT	10000000u	/* every index up to 10 million */
#define BOUNDARY_SPAN		(1u << 20)	/* indices checked below 2^32 */
#define DARY_ROUND_TRIP_LIMIT	4000000u	/* d children each: fewer */

static const unsigned arities[] = { 2, 3, 4, 8, 16, 64 };

#define NARITIES (sizeof(arities) / sizeof(arities[0]))

static struct shape
shape_of(unsigned page_shift)
{
	struct shape shape = { .page_shift = page_shift };

	return shape;
}

/* Checks u against the reference and its children against u. */
static void
check_node(const struct shape *shape, uint64_t u)
{
	uint64_t entries = (uint64_t)1 << shape->page_shift;
	unsigned count, ref_count, k;
	uint64_t first, ref_first;

	if (u >= 2) {
		uint64_t p = bheap_layout.parent(shape, (heap_index)u);

		need(p == ref_bheap_parent(entries, u), "parent(%" PRIu64
		    ") = %" PRIu64 ", reference %" PRIu64, u, p,
		    ref_bheap_parent(entries, u));
		need(p < u, "parent(%" PRIu64 ") = %" PRIu64, u, p);
	}
	first = bheap_layout.children(shape, (heap_index)u, &count);
	ref_first = ref_bheap_first_child(entries, u, &ref_count);
	need(first == ref_first && count == ref_count, "children(%" PRIu64
	    ") = %" PRIu64 " x%u, reference %" PRIu64 " x%u", u, first, count,
	    ref_first, ref_count);
	need(first > u, "child %" PRIu64 " of %" PRIu64, first, u);
	for (k = 0; k < count; k++) {
		uint64_t c = first + k;

		/* Past 2^32 a child cannot be stored; the heap never holds it. */
		if (c > HEAP_MAX_ITEMS)
			continue;
		need(bheap_layout.parent(shape, (heap_index)c) == u,
		    "parent(child %" PRIu64 ") != %" PRIu64, c, u);
		/* Children share the parent's page unless it is a bottom-row slot. */
		need(u % entries >= entries / 2 || c / entries == u / entries,
		    "child %" PRIu64 " of %" PRIu64 " left the page", c, u);
	}
}

/* Tests -------------------------------------------------------------- */

START_TEST(bheap_round_trip_to_ten_million)
{
	unsigned page_shift = 3 + (unsigned)_i;	/* 8 .. 1024 entries */
	struct shape shape = shape_of(page_shift);
	uint64_t u;

	for (u = 1; u <= ROUND_TRIP_LIMIT; u++)
		check_node(&shape, u);
}
END_TEST

START_TEST(bheap_round_trip_at_32_bits)
{
	unsigned page_shift = 3 + (unsigned)_i;
	struct shape shape = shape_of(page_shift);
	uint64_t u;

	for (u = HEAP_MAX_ITEMS - BOUNDARY_SPAN; u <= HEAP_MAX_ITEMS; u++)
		check_node(&shape, u);
}
END_TEST

/* Every index has exactly one parent that lists it: none is skipped. */
START_TEST(bheap_indices_used_in_order)
{
	unsigned page_shift = 3 + (unsigned)_i;
	struct shape shape = shape_of(page_shift);
	uint64_t limit = (uint64_t)1 << (page_shift * 2 + 2);
	uint64_t u, covered = 1;	/* index 1, the root */

	for (u = 1; u <= limit; u++) {
		unsigned count, k;
		uint64_t first = bheap_layout.children(&shape, (heap_index)u,
		    &count);

		for (k = 0; k < count; k++)
			covered += first + k <= limit;
	}
	/* Each of 1 .. limit counted once: none skipped, none shared. */
	ck_assert_uint_eq(covered, limit);
}
END_TEST

/* A path from a leaf to the root crosses pages only once per page level. */
START_TEST(bheap_path_crossings)
{
	struct shape shape = shape_of(9);	/* 512 entries: x86-64, 4 KiB */
	uint64_t u, crossings = 0;

	/* The last of a million: Kamp's heap is three page levels deep. */
	for (u = 1000000; u > 1; u = bheap_layout.parent(&shape,
	    (heap_index)u))
		crossings += (u >> 9) != (bheap_layout.parent(&shape,
		    (heap_index)u) >> 9);
	ck_assert_uint_eq(crossings, 2);
}
END_TEST

/*
 * veb, the same tree in van Emde Boas order: the same path crosses as
 * few pages as the B-heap's, and about half the binary heap's lines
 * (64 bytes, 8 entries), though veb knows neither size.
 */
START_TEST(veb_path_crossings)
{
	struct shape shape = { .page_shift = 9,
	    .height = heap_tree_height(1000000) };
	uint64_t u, pages = 0, lines = 0;

	for (u = 1000000; u > 1; u = veb_layout.parent(&shape,
	    (heap_index)u)) {
		uint64_t here = veb_layout.slot(&shape, (heap_index)u);
		uint64_t above = veb_layout.slot(&shape, veb_layout.parent(
		    &shape, (heap_index)u));

		pages += (here >> 9) != (above >> 9);
		lines += (here >> 3) != (above >> 3);
	}
	ck_assert_uint_eq(pages, 2);
	ck_assert_uint_eq(lines, 9);
}
END_TEST

/* Checks u's parent against the reference, and each child against u. */
static void
check_dary_node(const struct shape *shape, uint64_t u)
{
	unsigned count, k;
	uint64_t first;

	if (u >= 2) {
		uint64_t p = dary_layout.parent(shape, (heap_index)u);

		need(p == ref_dary_parent(shape->arity, u), "d=%u: parent(%"
		    PRIu64 ") = %" PRIu64 ", reference %" PRIu64, shape->arity,
		    u, p, ref_dary_parent(shape->arity, u));
		need(p < u, "d=%u: parent(%" PRIu64 ") = %" PRIu64,
		    shape->arity, u, p);
	}
	first = dary_layout.children(shape, (heap_index)u, &count);
	need(first == ref_dary_first_child(shape->arity, u) &&
	    count == shape->arity, "d=%u: children(%" PRIu64 ") = %" PRIu64
	    " x%u, reference %" PRIu64, shape->arity, u, first, count,
	    ref_dary_first_child(shape->arity, u));
	for (k = 0; k < count; k++) {
		uint64_t c = first + k;

		if (c > HEAP_MAX_ITEMS)
			break;
		need(dary_layout.parent(shape, (heap_index)c) == u, "d=%u: "
		    "parent(child %" PRIu64 ") != %" PRIu64, shape->arity, c,
		    u);
	}
}

START_TEST(dary_round_trip_to_millions)
{
	struct shape shape = { .page_shift = 9, .arity = arities[_i] };
	uint64_t u;

	for (u = 1; u <= DARY_ROUND_TRIP_LIMIT; u++)
		check_dary_node(&shape, u);
}
END_TEST

/*
 * Around the last node with a child below 2^32, children straddle the
 * limit; at the top, d(u - 1) + d + 1 would wrap 32 bits many times over.
 */
START_TEST(dary_round_trip_at_32_bits)
{
	struct shape shape = { .page_shift = 9, .arity = arities[_i] };
	uint64_t last_parent = ref_dary_parent(shape.arity, HEAP_MAX_ITEMS);
	uint64_t u;

	for (u = last_parent - BOUNDARY_SPAN; u <= last_parent + BOUNDARY_SPAN;
	    u++)
		check_dary_node(&shape, u);
	for (u = HEAP_MAX_ITEMS - BOUNDARY_SPAN; u <= HEAP_MAX_ITEMS; u++)
		check_dary_node(&shape, u);
	ck_assert_uint_eq(dary_layout.children(&shape,
	    (heap_index)HEAP_MAX_ITEMS, &(unsigned){ 0 }),
	    (uint64_t)shape.arity * (HEAP_MAX_ITEMS - 1) + 2);
}
END_TEST

/* Every index has exactly one parent that lists it: none is skipped. */
START_TEST(dary_indices_used_in_order)
{
	struct shape shape = { .page_shift = 9, .arity = arities[_i] };
	uint64_t limit = 1000000, u, covered = 1;	/* the root */

	for (u = 1; u <= limit; u++) {
		unsigned count, k;
		uint64_t first = dary_layout.children(&shape, (heap_index)u,
		    &count);

		for (k = 0; k < count; k++)
			covered += first + k <= limit;
	}
	ck_assert_uint_eq(covered, limit);
}
END_TEST

/* With d = 2 the d-ary heap is the binary heap, node for node. */
START_TEST(dary_of_two_is_binheap)
{
	struct shape shape = { .page_shift = 9, .arity = 2 };
	uint64_t u;

	for (u = 1; u <= DARY_ROUND_TRIP_LIMIT; u++) {
		unsigned count, bin_count;
		uint64_t first = dary_layout.children(&shape, (heap_index)u,
		    &count);

		need(first == binheap_layout.children(&shape, (heap_index)u,
		    &bin_count) && count == bin_count, "children(%" PRIu64 ")",
		    u);
		need(u < 2 || dary_layout.parent(&shape, (heap_index)u) ==
		    binheap_layout.parent(&shape, (heap_index)u),
		    "parent(%" PRIu64 ")", u);
	}
}
END_TEST

START_TEST(binheap_rules)
{
	struct shape shape = shape_of(9);
	uint64_t u;

	for (u = 1; u <= ROUND_TRIP_LIMIT; u++) {
		unsigned count;
		uint64_t first = binheap_layout.children(&shape, (heap_index)u,
		    &count);

		need(first == 2 * u && count == 2, "children(%" PRIu64 ")", u);
		need(binheap_layout.parent(&shape, (heap_index)first) == u &&
		    binheap_layout.parent(&shape, (heap_index)first + 1) == u,
		    "parents of the children of %" PRIu64, u);
	}
	/* 2u must not wrap for the largest index. */
	ck_assert_uint_eq(binheap_layout.children(&shape,
	    (heap_index)HEAP_MAX_ITEMS, &(unsigned){ 0 }), 2 * HEAP_MAX_ITEMS);
}
END_TEST

Suite *
layout_suite(void)
{
	Suite *suite = suite_create("layout");
	TCase *tc = tcase_create("index rules");

	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, bheap_round_trip_to_ten_million, 0, 8);
	tcase_add_loop_test(tc, bheap_round_trip_at_32_bits, 0, 8);
	tcase_add_loop_test(tc, bheap_indices_used_in_order, 0, 5);
	tcase_add_test(tc, bheap_path_crossings);
	tcase_add_test(tc, veb_path_crossings);
	tcase_add_test(tc, binheap_rules);
	tcase_add_loop_test(tc, dary_round_trip_to_millions, 0, (int)NARITIES);
	tcase_add_loop_test(tc, dary_round_trip_at_32_bits, 0, (int)NARITIES);
	tcase_add_loop_test(tc, dary_indices_used_in_order, 0, (int)NARITIES);
	tcase_add_test(tc, dary_of_two_is_binheap);
	suite_add_tcase(suite, tc);
	return suite;
}
