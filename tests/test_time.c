/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_time.c: the time model (timemodel.h) on hand-made streams, each
 * access's level and each step's critical path worked out here by hand.
 */
#include <math.h>

#include "stream.h"
#include "tests.h"
#include "timemodel.h"

/* Parameters -------------------------------------------------------- */

/*
 * A fully associative L1 of 4 lines, no L2, an LLC of 16 lines, a TLB
 * of 4 pages of 4096 bytes; round latencies, so a miss everywhere costs
 * mem - l1 = 99 and a walk 50.
 */
static const struct hier_geometry tiny = { .level = {
	[HIER_L1] = { 4, 4, 64 }, [HIER_LLC] = { 16, 16, 64 },
	[HIER_TLB1] = { 4, 4, 4096 },
} };
static const struct hier_latency round_ns = { { 1, 5, 10, 100, 50 } };

static uint64_t
rd(uint64_t address, int item)
{
	return stream_access(STREAM_READ, address, 8, item);
}

static uint64_t
marker(enum stream_kind kind)
{
	return (uint64_t)kind << STREAM_KIND_SHIFT;
}

START_TEST(test_critical_path)
{
	const uint64_t op[] = {
		/* Step 1: slot 0 -> its item (a chain), slot 8 -> item. */
		marker(STREAM_STEP),
		rd(0, 0),		/* mem 99, walk 50 */
		rd(4096, 1),		/* chained: mem 198, walk 100 */
		rd(8, 0),		/* the L1's line: 0 */
		rd(4160, 1),		/* chained to 0: mem 99 */
		stream_access(STREAM_WRITE, 0, 8, 0),
		/* Step 2: L1 hits, then a new line of page 0. */
		marker(STREAM_STEP),
		rd(0, 0), rd(4096, 1),	/* 0 */
		rd(128, 0),		/* mem 99 */
		marker(STREAM_OP_END),
		/* Step 3: four walks, two walkers: two walks' time. */
		marker(STREAM_STEP),
		rd(8192, 1), rd(12288, 1), rd(16384, 1), rd(20480, 1),
		marker(STREAM_OP_END),
	};
	struct timemodel model;
	struct time_counts counts;

	ck_assert_int_eq(timemodel_init(&model, &tiny, &round_ns, 0), 0);
	timemodel_take(&model, op, sizeof(op) / sizeof(op[0]));
	counts = timemodel_counts(&model);
	ck_assert_uint_eq(counts.ops, 2);
	ck_assert_uint_eq(counts.steps, 3);
	ck_assert_uint_eq(counts.loads, 11);
	/* Step 1: 198 + 100; step 2: 99; step 3: 99 + 2 x 50. */
	ck_assert(fabs(counts.stall_ns[TIME_MEM] - (198 + 99 + 99)) < 1e-9);
	ck_assert(fabs(counts.stall_ns[TIME_TLB] - (100 + 0 + 100)) < 1e-9);
	ck_assert(counts.stall_ns[TIME_L2] == 0);
	ck_assert(counts.stall_ns[TIME_LLC] == 0);
	counts.op_ns = 10;
	counts.load_ns = 2;
	ck_assert(fabs(time_compute_ns(&counts) - (2 * 10 + 11 * 2)) < 1e-9);
	ck_assert(fabs(time_stall_ns(&counts) - (396 + 200)) < 1e-9);
	/* A new phase counts from zero; the caches stay warm. */
	timemodel_phase(&model);
	timemodel_take(&model, op + 6, 5);
	counts = timemodel_counts(&model);
	/* Pages 0 and 1 left the TLB, their lines the L1, not the LLC. */
	ck_assert(counts.stall_ns[TIME_MEM] == 0);
	ck_assert(fabs(counts.stall_ns[TIME_LLC] - 18) < 1e-9);
	ck_assert(fabs(counts.stall_ns[TIME_TLB] - 100) < 1e-9);
	timemodel_fini(&model);
}
END_TEST

/* A line the LLC holds costs llc - l1, the L1's nothing. */
START_TEST(test_levels)
{
	const uint64_t op[] = {
		marker(STREAM_STEP), rd(0, 0), rd(64, 0), rd(128, 0),
		rd(192, 0), rd(256, 0),
		marker(STREAM_STEP), rd(0, 0),	/* evicted from the L1 */
		marker(STREAM_STEP), rd(256, 0),	/* still in it */
		marker(STREAM_OP_END),
	};
	struct timemodel model;
	struct time_counts counts;

	ck_assert_int_eq(timemodel_init(&model, &tiny, &round_ns, 0), 0);
	timemodel_take(&model, op, sizeof(op) / sizeof(op[0]));
	counts = timemodel_counts(&model);
	/* Step 1: five loads of page 0 overlap, one walk: 99 + 50. */
	ck_assert(fabs(counts.stall_ns[TIME_MEM] - 99) < 1e-9);
	ck_assert(fabs(counts.stall_ns[TIME_TLB] - 50) < 1e-9);
	ck_assert(fabs(counts.stall_ns[TIME_LLC] - 9) < 1e-9);
	timemodel_fini(&model);
}
END_TEST

/*
 * The stalls of three passes over 36 lines of 8 pages, each group of 6
 * lines read twice in a row: L1 misses, L2 and LLC hits, memory's and
 * walks, wherever those levels are present.
 */
static double
stall_of(const struct hier_geometry *g, const struct hier_latency *latency)
{
	struct timemodel model;
	struct time_counts counts;
	double ns;
	unsigned pass, group, twice, j;

	ck_assert_int_eq(timemodel_init(&model, g, latency, 0), 0);
	for (pass = 0; pass < 3; pass++)
		for (group = 0; group < 6; group++)
			for (twice = 0; twice < 2; twice++)
				for (j = 0; j < 6; j++) {
					unsigned line = group * 6 + j;
					const uint64_t read[] = {
						marker(STREAM_STEP),
						rd(line % 8 * 4096 + line / 8 *
						    64, 0),
					};

					timemodel_take(&model, read, 2);
				}
	counts = timemodel_counts(&model);
	ns = time_stall_ns(&counts);
	timemodel_fini(&model);
	return ns;
}

/*
 * timemodel_cost_priced() says which latencies --latency may give: a
 * cost is priced iff moving it moves the stalls, for every pattern of
 * present levels.
 */
START_TEST(test_cost_priced)
{
	static const struct cache_geometry level[HIER_LEVELS] = {
		{ 4, 4, 64 }, { 8, 8, 64 }, { 64, 64, 64 }, { 4, 4, 4096 },
		{ 8, 8, 4096 },
	};
	unsigned pattern, k, cost;

	for (pattern = 0; pattern < 1u << HIER_LEVELS; pattern++) {
		struct hier_geometry g = { 0 };
		double base;

		for (k = 0; k < HIER_LEVELS; k++)
			if (pattern >> k & 1)
				g.level[k] = level[k];
		base = stall_of(&g, &round_ns);
		for (cost = 0; cost < HIER_COSTS; cost++) {
			struct hier_latency moved = round_ns;

			moved.ns[cost] += 1000;
			ck_assert_msg(timemodel_cost_priced(&g, cost) ==
			    (stall_of(&g, &moved) != base),
			    "levels %#x, cost %s", pattern,
			    hier_cost_names[cost]);
		}
	}
}
END_TEST

Suite *
time_suite(void)
{
	Suite *suite = suite_create("time");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_critical_path);
	tcase_add_test(tc, test_levels);
	tcase_add_test(tc, test_cost_priced);
	suite_add_tcase(suite, tc);
	return suite;
}
