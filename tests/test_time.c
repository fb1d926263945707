/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_time.c: the time model (timemodel.h) on hand-made streams, each
 * access's level and each step's issue and completion worked out here
 * by hand (its predictor: test_predict.c).
 */
#include <math.h>

#include "heap.h"
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

/*
 * A binary heap's rules for the wrong path; no fences; two walkers, as
 * Zen 2 and Intel's cores have: the schedules below are worked for two.
 */
static const struct time_heap binary = {
	.layout = &binheap_layout,
	.rob = TIME_ROB,
	.walkers = 2,
	.shape = { .page_shift = 9, .arity = 2 },
	.pages = { .entry_shift = 9, .byte_shift = 12, .heap_pages = 1000 },
	.positions = 100000,
};

/* A sift-down's or sift-up's level, its outcome recorded. */
static uint64_t
level(enum stream_site site, uint32_t parent, unsigned rank, bool ended)
{
	return stream_step(site, parent) | stream_outcome(rank, ended);
}

/* The stall of `n` records on a fresh model of `g`, `heap`. */
static struct time_counts
run_stream(const struct hier_geometry *g, const struct time_heap *heap,
    const uint64_t *record, size_t n)
{
	struct timemodel model;
	struct time_counts counts;

	ck_assert_int_eq(timemodel_init(&model, g, &round_ns, 0, heap), 0);
	timemodel_take(&model, record, n);
	counts = timemodel_counts(&model);
	timemodel_fini(&model);
	return counts;
}

static bool
near(double a, double b)
{
	return fabs(a - b) < 1e-9;
}

/* No TLB: an L1 of 4 lines and an LLC of 16; a new line costs 99. */
static const struct hier_geometry flat = { .level = {
	[HIER_L1] = { 4, 4, 64 }, [HIER_LLC] = { 16, 16, 64 },
} };

/*
 * Steps with no branch, each a new line of memory: they all issue at
 * R = 0 until the reorder buffer is full, so as many steps as it holds
 * stall 99 and the next waits for the first one's completion: 198.  It
 * holds the --rob's instructions over the layout's per step (heap.h),
 * worked out here from the figures the layout states: binheap's 26.9 a
 * step, 11 in the Zen 4's 320 and 19 in a Golden Cove's 512; veb's
 * 135.2, 2 and 3; dary's 25.7 + 5.12 x 8 = 66.66, 4 and 7.
 */
START_TEST(test_window)
{
	static const struct { unsigned layout, rob, fit; } run[] = {
		{ LAYOUT_ID_binheap, 320, 11 }, { LAYOUT_ID_binheap, 512, 19 },
		{ LAYOUT_ID_veb, 320, 2 }, { LAYOUT_ID_veb, 512, 3 },
		{ LAYOUT_ID_dary, 320, 4 }, { LAYOUT_ID_dary, 512, 7 },
	};
	const struct layout *layout = layouts[run[_i].layout];
	unsigned fit = run[_i].fit, k;
	uint64_t op[2 * TIME_WINDOW_STEPS];
	struct time_heap heap = binary;
	struct time_counts counts;
	double per_step = layout->level_instructions +
	    layout->child_instructions * (layout->has_arity ? 8 : 0);

	heap.layout = layout;
	heap.shape.arity = 8;
	heap.rob = run[_i].rob;
	ck_assert_uint_eq((unsigned)(heap.rob / per_step), fit);
	ck_assert(near(time_step_instructions(&heap), per_step));
	for (k = 0; k <= fit; k++) {
		op[2 * k] = marker(STREAM_STEP);
		op[2 * k + 1] = rd(64 * (uint64_t)k, 0);
	}
	counts = run_stream(&flat, &heap, op, 2 * fit);
	ck_assert(near(time_stall_ns(&counts), 99));
	ck_assert(near(counts.stall_ns[TIME_LLC], 0));
	counts = run_stream(&flat, &heap, op, 2 * fit + 2);
	ck_assert(near(time_stall_ns(&counts), 198));
	ck_assert(near(counts.stall_ns[TIME_MEM], 198));
}
END_TEST

/*
 * Every layout at every arity states at least the instructions a step
 * must take for the window to hold a --rob of the largest (timemodel.h).
 */
START_TEST(test_step_instructions)
{
	struct time_heap heap = binary;
	unsigned k, d;

	for (k = 0; k < LAYOUT_COUNT; k++)
		for (d = DARY_MIN_ARITY; d <= DARY_MAX_ARITY; d++) {
			heap.layout = layouts[k];
			heap.shape.arity = d;
			ck_assert(time_step_instructions(&heap) >=
			    TIME_MIN_STEP_INSTRUCTIONS);
		}
}
END_TEST

/*
 * A slot and its item are a chain (99 + 99); a second chain in the next
 * step, predicted right, overlaps it: the pair stalls 198, not 396.
 * With a fence before every level, the second waits for the first.
 */
START_TEST(test_chain)
{
	const uint64_t op[] = {
		marker(STREAM_STEP),
		rd(0, 0), rd(4096, 1),
		level(STREAM_SITE_UP, 1, 0, false),
		rd(128, 0), rd(8192, 1),
		marker(STREAM_OP_END),
	};
	struct time_heap fenced = binary;
	struct time_counts counts;

	counts = run_stream(&flat, &binary, op, sizeof(op) / sizeof(op[0]));
	ck_assert_uint_eq(counts.ops, 1);
	ck_assert_uint_eq(counts.steps, 2);
	ck_assert_uint_eq(counts.loads, 4);
	ck_assert_uint_eq(counts.mispredicts, 0);
	ck_assert(near(time_stall_ns(&counts), 198));
	counts.op_ns = 10;
	counts.load_ns = 2;
	ck_assert(near(time_compute_ns(&counts), 10 + 4 * 2));
	fenced.fence_level = true;
	counts = run_stream(&flat, &fenced, op, sizeof(op) / sizeof(op[0]));
	ck_assert(near(time_stall_ns(&counts), 396));
}
END_TEST

/*
 * A sift-down's level that ends the loop where the counters (weakly
 * not taken) say it goes on mispredicts: the next operation's step
 * issues at that level's completion, 99, and completes at 198.  The
 * same level going on is predicted: the next step overlaps it.
 */
START_TEST(test_mispredict)
{
	uint64_t op[] = {
		level(STREAM_SITE_DOWN, 100, 0, true),
		rd(1600, 0), rd(1608, 0),
		marker(STREAM_OP_END),
		marker(STREAM_STEP),
		rd(64000, 0),
		marker(STREAM_OP_END),
	};
	struct time_counts counts;

	counts = run_stream(&flat, &binary, op, sizeof(op) / sizeof(op[0]));
	ck_assert_uint_eq(counts.mispredicts, 1);
	ck_assert(near(time_stall_ns(&counts), 198));
	op[0] = level(STREAM_SITE_DOWN, 100, 0, false);
	counts = run_stream(&flat, &binary, op, sizeof(op) / sizeof(op[0]));
	ck_assert_uint_eq(counts.mispredicts, 0);
	ck_assert(near(time_stall_ns(&counts), 99));
}
END_TEST

/*
 * Operations whose loads do not depend on each other overlap: two of a
 * new line each stall 99 together; a fence at every operation's end
 * makes that 198.
 */
START_TEST(test_op_end)
{
	const uint64_t op[] = {
		marker(STREAM_STEP), rd(0, 0), marker(STREAM_OP_END),
		marker(STREAM_STEP), rd(64000, 0), marker(STREAM_OP_END),
	};
	struct time_heap fenced = binary;
	struct time_counts counts;

	counts = run_stream(&flat, &binary, op, sizeof(op) / sizeof(op[0]));
	ck_assert_uint_eq(counts.ops, 2);
	ck_assert(near(time_stall_ns(&counts), 99));
	fenced.fence_op = true;
	counts = run_stream(&flat, &fenced, op, sizeof(op) / sizeof(op[0]));
	ck_assert(near(time_stall_ns(&counts), 198));
}
END_TEST

/*
 * Node 100's level chose child 201 where the counters (weakly not
 * taken) said 200, and the core, guessing the same below, had asked at
 * 0, with no level waiting for the one above, for 200's children (400
 * and 401: bytes 3200 and 3208), then 400's (6400), then 800's (12800),
 * and so on, each a new line arriving at 99, as many levels as the
 * window had room for beside the level in flight: two in a window of
 * three binheap steps (a --rob of 81), eight in a Zen 4's, where the
 * heap's 100000 positions end it.  It restarts at 99.  A step then
 * reading a line the wrong path asked for finds it: nothing more; one
 * below where it stopped waits until 198; the eight levels of the Zen
 * 4's window left 12800's line in the LLC, not the L1 of four lines: 9
 * more.  A fence before every level lets no wrong path run: 6400 too
 * waits until 198.
 */
START_TEST(test_wrong_path)
{
	uint64_t op[] = {
		level(STREAM_SITE_DOWN, 100, 1, false),
		rd(1600, 0), rd(1608, 0),
		marker(STREAM_OP_END),
		marker(STREAM_STEP), rd(6400, 0),
		marker(STREAM_OP_END),
	};
	struct time_heap narrow = binary, fenced = binary;
	struct time_counts counts;

	narrow.rob = 81;
	fenced.fence_level = true;
	counts = run_stream(&flat, &narrow, op, sizeof(op) / sizeof(op[0]));
	ck_assert_uint_eq(counts.mispredicts, 1);
	ck_assert(near(time_stall_ns(&counts), 99));
	counts = run_stream(&flat, &fenced, op, sizeof(op) / sizeof(op[0]));
	ck_assert(near(time_stall_ns(&counts), 198));
	op[5] = rd(12800, 0);
	counts = run_stream(&flat, &narrow, op, sizeof(op) / sizeof(op[0]));
	ck_assert(near(time_stall_ns(&counts), 198));
	counts = run_stream(&flat, &binary, op, sizeof(op) / sizeof(op[0]));
	ck_assert(near(time_stall_ns(&counts), 108));
	op[5] = rd(64000, 0);
	counts = run_stream(&flat, &binary, op, sizeof(op) / sizeof(op[0]));
	ck_assert(near(time_stall_ns(&counts), 198));
}
END_TEST

/*
 * The wrong path's walks take the walkers (two, 50 each) until none is
 * free before the branch is known, and its lines are waited for until
 * they arrive.  As above, with a TLB of four pages: the level's own load
 * walks page 0 (walker A, 0 to 50) and misses, done at 149.  Its wrong
 * path, asked for at 0, reads 3200 on page 0, then 6400 (page 1: walker
 * B, 0 to 50), 12800 (page 3: A, 50 to 100), 25600 (page 6: B, 50 to
 * 100), 51200 (page 12: A, 100 to 150) and 102400 (page 25: B, 100 to
 * 150), each line arriving 99 after its walk; 204800's walk could not
 * start before 150, after the branch was known at 149: there it stops.
 * The next step issues at the restart, 149.  Reading 51200, its page is
 * in the TLB and its line in the L1, but the walk ends at 150 and the
 * line arrives at 249: not 298, a walk and a miss from 149, and not 149,
 * as if they had arrived.  Reading a new page, it walks from 150, when
 * a walker is free, to 200, and misses: 299, where walkers booked by the
 * rest of the wrong path (to 200) would have made it 349.
 */
START_TEST(test_wrong_path_walks)
{
	uint64_t op[] = {
		level(STREAM_SITE_DOWN, 100, 1, false), rd(1600, 0),
		marker(STREAM_OP_END),
		marker(STREAM_STEP), rd(51200, 0),
		marker(STREAM_OP_END),
	};
	struct time_counts counts;

	counts = run_stream(&tiny, &binary, op, sizeof(op) / sizeof(op[0]));
	ck_assert_uint_eq(counts.mispredicts, 1);
	ck_assert(near(time_stall_ns(&counts), 249));
	ck_assert(near(counts.stall_ns[TIME_TLB], 51));
	ck_assert(near(counts.stall_ns[TIME_MEM], 198));
	op[4] = rd(300000, 0);
	counts = run_stream(&tiny, &binary, op, sizeof(op) / sizeof(op[0]));
	ck_assert(near(time_stall_ns(&counts), 299));
	ck_assert(near(counts.stall_ns[TIME_TLB], 101));
}
END_TEST

/*
 * Page walks: four in one step share two walkers, 50 each, so the last
 * two start at 50, and their data (99) arrives at 199; the TLB's share
 * of that stall is the chain's walk and its wait, 100 of 199.  A new
 * phase counts from zero; caches and clocks carry over.
 */
START_TEST(test_walks)
{
	const uint64_t op[] = {
		marker(STREAM_STEP),
		rd(8192, 1), rd(12288, 1), rd(16384, 1), rd(20480, 1),
		marker(STREAM_OP_END),
	};
	struct timemodel model;
	struct time_counts counts;

	ck_assert_int_eq(timemodel_init(&model, &tiny, &round_ns, 0, &binary),
	    0);
	timemodel_take(&model, op, sizeof(op) / sizeof(op[0]));
	counts = timemodel_counts(&model);
	ck_assert(near(time_stall_ns(&counts), 199));
	ck_assert(near(counts.stall_ns[TIME_TLB], 100));
	ck_assert(near(counts.stall_ns[TIME_MEM], 99));
	timemodel_phase(&model);
	timemodel_take(&model, op, sizeof(op) / sizeof(op[0]));
	counts = timemodel_counts(&model);
	/* In the L1 and the TLB now: nothing beyond the computing. */
	ck_assert_uint_eq(counts.ops, 1);
	ck_assert_uint_eq(counts.loads, 4);
	ck_assert(near(time_stall_ns(&counts), 0));
	timemodel_fini(&model);
}
END_TEST

/*
 * With TIME_WALKERS walkers, as many walks in one step run at once, 50
 * and 99: 149; one more waits for the first walker, 50 to 100, and its
 * data arrives at 199.
 */
START_TEST(test_walkers)
{
	uint64_t op[TIME_WALKERS + 3];
	struct time_heap heap = binary;
	struct time_counts counts;
	unsigned k;

	/* Zen 3's and Zen 4's, the machine --rob's default describes. */
	ck_assert_uint_eq(TIME_WALKERS, 6);
	heap.walkers = TIME_WALKERS;
	op[0] = marker(STREAM_STEP);
	for (k = 0; k < TIME_WALKERS; k++)
		op[1 + k] = rd(8192 + 4096 * (uint64_t)k, 1);
	op[1 + TIME_WALKERS] = marker(STREAM_OP_END);
	counts = run_stream(&tiny, &heap, op, TIME_WALKERS + 2);
	ck_assert(near(time_stall_ns(&counts), 149));
	ck_assert(near(counts.stall_ns[TIME_TLB], 50));
	op[1 + TIME_WALKERS] = rd(8192 + 4096 * (uint64_t)TIME_WALKERS, 1);
	op[2 + TIME_WALKERS] = marker(STREAM_OP_END);
	counts = run_stream(&tiny, &heap, op, TIME_WALKERS + 3);
	ck_assert(near(time_stall_ns(&counts), 199));
	ck_assert(near(counts.stall_ns[TIME_TLB], 100));
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

	ck_assert_int_eq(timemodel_init(&model, g, latency, 0, &binary), 0);
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

/*
 * A latency curve of 1 ns at 128 bytes, 11 at 1 KiB, 101 at 1 MiB: in
 * between, linear in log2 of the size (32 KiB: halfway from 1 KiB to
 * 1 MiB, 56), and the ends' beyond.  Under it, with a fence at every
 * operation's end, a first touch waits the last point less the first,
 * 100, and a line touched again after one other line (2 lines, 128
 * bytes) the first point less itself: nothing.
 */
START_TEST(test_curve)
{
	const uint64_t op[] = {
		marker(STREAM_STEP), rd(0, 0), marker(STREAM_OP_END),
		marker(STREAM_STEP), rd(64, 0), marker(STREAM_OP_END),
		marker(STREAM_STEP), rd(0, 0), marker(STREAM_OP_END),
		marker(STREAM_STEP), rd(64, 0), marker(STREAM_OP_END),
	};
	struct time_heap heap = binary;
	struct timemodel model;
	struct time_counts counts;

	heap.fence_op = true;
	heap.curve = (struct lat_curve){ 3, { 128, 1024, 1 << 20 },
	    { 1, 11, 101 } };
	ck_assert(near(lat_curve_ns(&heap.curve, 64), 1));
	ck_assert(near(lat_curve_ns(&heap.curve, 1024), 11));
	ck_assert(near(lat_curve_ns(&heap.curve, 1 << 15), 56));
	ck_assert(near(lat_curve_ns(&heap.curve, UINT64_MAX), 101));
	ck_assert_int_eq(timemodel_init(&model, &flat, &round_ns, 1 << 20,
	    &heap), 0);
	timemodel_take(&model, op, sizeof(op) / sizeof(op[0]));
	counts = timemodel_counts(&model);
	ck_assert(near(time_stall_ns(&counts), 200));
	ck_assert(near(counts.stall_ns[TIME_MEM], 200));
	timemodel_fini(&model);
}
END_TEST

/*
 * A walk curve of nothing at one page (4 KiB) and 20 ns at four: with
 * a fence at every operation's end, page 0's first touch walks the last
 * point's 20 and then waits 99 for memory, so does page 1's, and page
 * 0's next, two pages on (8 KiB, halfway in log2), walks 10 before its
 * 99: 119 + 119 + 109, of which walks 50.
 */
START_TEST(test_walk_curve)
{
	const uint64_t op[] = {
		marker(STREAM_STEP), rd(0, 0), marker(STREAM_OP_END),
		marker(STREAM_STEP), rd(4096, 0), marker(STREAM_OP_END),
		marker(STREAM_STEP), rd(64, 0), marker(STREAM_OP_END),
	};
	struct time_heap heap = binary;
	struct timemodel model;
	struct time_counts counts;

	heap.fence_op = true;
	heap.walk_curve = (struct lat_curve){ 2, { 4096, 16384 }, { 0, 20 } };
	ck_assert_int_eq(timemodel_init(&model, &flat, &round_ns, 1 << 20,
	    &heap), 0);
	timemodel_take(&model, op, sizeof(op) / sizeof(op[0]));
	counts = timemodel_counts(&model);
	ck_assert(near(time_stall_ns(&counts), 347));
	ck_assert(near(counts.stall_ns[TIME_TLB], 50));
	timemodel_fini(&model);
}
END_TEST

Suite *
time_suite(void)
{
	Suite *suite = suite_create("time");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, test_window, 0, 6);
	tcase_add_test(tc, test_step_instructions);
	tcase_add_test(tc, test_chain);
	tcase_add_test(tc, test_mispredict);
	tcase_add_test(tc, test_op_end);
	tcase_add_test(tc, test_wrong_path);
	tcase_add_test(tc, test_wrong_path_walks);
	tcase_add_test(tc, test_walks);
	tcase_add_test(tc, test_walkers);
	tcase_add_test(tc, test_curve);
	tcase_add_test(tc, test_walk_curve);
	tcase_add_test(tc, test_cost_priced);
	suite_add_tcase(suite, tc);
	return suite;
}
