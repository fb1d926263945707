/*
 * workload.c: the operations a timer heap sees, on a mapped heap, with
 * the model and the kernel watching each phase.
 *
 * Keys are times.  Fill gives each item a time uniform in [0, 2^32).
 * Replace is timer expiry: pop the earliest item, advance the clock to
 * its time and re-arm it at clock + 1 + uniform [0, 2^32).  Reorder and
 * mix re-arm random items at clock + uniform [0, 2^32).  The random choices
 * depend only on the seed and on which items are in the heap, never on
 * where they are, so every layout sees the same sequence of operations.
 */
#include <assert.h>
#include <err.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "abi.h"
#include "arena.h"
#include "exits.h"
#include "heap.h"
#include "hier.h"
#include "kernel.h"
#include "pages.h"
#include "pmu.h"
#include "prng.h"
#include "progress.h"
#include "stackdist.h"
#include "stream.h"
#include "taps.h"
#include "workload.h"

/* Parameters -------------------------------------------------------- */

#define KEY_SPAN	((uint64_t)1 << 32)

struct run {
	const struct config *config;	/* the pass's first point */
	const struct config *points;	/* the pass: budgets differ, if any */
	/* The first point with this run's layout alone: its footprint's. */
	struct config	 one;
	size_t		 npoints;
	struct heap	 heap;
	/*
	 * The models the heap's stream feeds: one budget (vm) or every
	 * budget of the pass (curve); the caches and TLB (hier) or none;
	 * with the curve and the caches, every fully associative size
	 * (lines).
	 */
	struct taps	 taps;
	struct access_stream stream;
	/* Untracked, with a PMU: what the CPU counts in each phase. */
	struct pmu	 pmu;
	bool		 counting;
	/* Per point, its budget's index in the curve's list, or -1. */
	int		*dist_index;
	struct arena	 array;
	struct arena	 items;
	uint64_t	 rng;
	uint64_t	 clock;		/* time of the last expired timer */
};

static struct item *
item_at(const struct run *run, uint64_t i)
{
	return (struct item *)(void *)(run->items.base +
	    i * run->config->item_bytes);
}

static struct item *
random_item(struct run *run)
{
	return item_at(run, prng_below(&run->rng, run->config->items));
}

/* Workloads ---------------------------------------------------------- */

/* Closes one operation for the model's per-operation distributions. */
static void
end_op(struct run *run)
{
	progress_op();
	heap_op_end(&run->heap);
}

static uint64_t
fill(struct run *run)
{
	uint64_t i;

	for (i = 0; i < run->config->items; i++) {
		heap_insert(&run->heap, item_at(run, i),
		    prng_below(&run->rng, KEY_SPAN));
		end_op(run);
	}
	return run->config->items;
}

static uint64_t
replace(struct run *run)
{
	uint64_t op;

	for (op = 0; op < run->config->ops; op++) {
		struct item *it = heap_pop(&run->heap);

		run->clock = heap_key(&run->heap, it);
		heap_insert(&run->heap, it,
		    run->clock + 1 + prng_below(&run->rng, KEY_SPAN));
		end_op(run);
	}
	return run->config->ops;
}

static uint64_t
reorder(struct run *run)
{
	uint64_t op;

	for (op = 0; op < run->config->ops; op++) {
		struct item *it = random_item(run);
		uint64_t key = run->clock + prng_below(&run->rng, KEY_SPAN);

		/* Drain may run later, but reorder always finds a full heap. */
		heap_rekey(&run->heap, it, key);
		end_op(run);
	}
	return run->config->ops;
}

/*
 * Each step picks a random item.  One outside the heap is inserted; one
 * inside is deleted or re-keyed with equal odds.  The heap then settles
 * around two thirds of the items, where deletes (1/2 of the picks that
 * hit the heap) balance inserts.
 */
static uint64_t
mix(struct run *run)
{
	uint64_t op;

	for (op = 0; op < run->config->ops; op++) {
		struct item *it = random_item(run);
		uint64_t key = run->clock + prng_below(&run->rng, KEY_SPAN);

		if (!heap_contains(&run->heap, it))
			heap_insert(&run->heap, it, key);
		else if (prng_next(&run->rng) & 1)
			heap_delete(&run->heap, it);
		else
			heap_rekey(&run->heap, it, key);
		end_op(run);
	}
	return run->config->ops;
}

/* Pops everything; returns UINT64_MAX if a pop comes out of order. */
static uint64_t
drain(struct run *run)
{
	uint64_t popped = 0, previous = 0;
	struct item *it;

	while ((it = heap_pop(&run->heap)) != NULL) {
		uint64_t key = heap_key(&run->heap, it);

		if (key < previous)
			return UINT64_MAX;
		previous = key;
		popped++;
		end_op(run);
	}
	return popped;
}

static uint64_t (*const phases[WL_COUNT])(struct run *) = {
	[WL_FILL] = fill,
	[WL_REPLACE] = replace,
	[WL_REORDER] = reorder,
	[WL_MIX] = mix,
	[WL_DRAIN] = drain,
};

/* Measurement -------------------------------------------------------- */

static uint64_t
monotonic_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/*
 * A curve's trace starts with the whole LRU stack, least recent first:
 * replayed through an LRU of any budget R, its top R pages are the
 * resident set that budget starts the phase with.
 */
static int
trace_stack(const struct run *run, FILE *trace)
{
	uint32_t footprint = stackdist_footprint(run->taps.curve), *stack, i;
	size_t n;

	stack = calloc(footprint + 1, sizeof(*stack));
	if (stack == NULL) {
		warn("the LRU stack of %" PRIu32 " pages", footprint);
		return EXIT_FAILURE;
	}
	n = stackdist_stack(run->taps.curve, stack, footprint);
	for (i = 0; i < n; i++)
		pages_trace(trace, run->heap.pages.heap_pages, "resident ",
		    stack[i]);
	free(stack);
	return 0;
}

/*
 * Counters to zero; with a trace, the state every model starts the phase
 * in, then every access (heap.h).
 */
static int
start_phase(struct run *run, FILE *trace)
{
	if (run->taps.hier != NULL) {
		hier_phase(run->taps.hier);
		if (trace != NULL)
			hier_trace(run->taps.hier, trace);
	}
	if (run->taps.lines != NULL)
		stackdist_phase(run->taps.lines);
	if (run->taps.time != NULL)
		timemodel_phase(run->taps.time);
	run->taps.trace = trace;
	if (run->taps.vm != NULL)
		vmsim_phase(run->taps.vm, trace);
	if (run->taps.curve == NULL)
		return 0;
	stackdist_phase(run->taps.curve);
	if (trace == NULL)
		return 0;
	return trace_stack(run, trace);
}

static int
measure(struct run *run, enum workload workload, FILE *trace,
    struct result *row)
{
	struct kernel_sample before, after;
	uint64_t start;
	int status;

	status = start_phase(run, trace);
	if (status != 0)
		return status;
	kernel_sample(&before);
	if (run->counting)
		pmu_start(&run->pmu);
	start = monotonic_ns();
	row->ops = phases[workload](run);
	/* The models' work is the run's: it ends before the clock stops. */
	if (run->heap.stream != NULL)
		stream_flush(run->heap.stream);
	row->wall_ns = monotonic_ns() - start;
	if (run->counting)
		pmu_stop(&run->pmu, &row->pmu);
	kernel_sample(&after);
	if (row->ops == UINT64_MAX) {
		warnx("%s: %s popped out of order", layouts[row->layout]->name,
		    workload_names[workload]);
		return EXIT_BROKEN_HEAP;
	}
	/* opt's faults come from its replay of the phase, here. */
	if (run->taps.vm != NULL && vmsim_phase_end(run->taps.vm) != 0) {
		warn("opt: replaying %s's accesses", workload_names[workload]);
		return EXIT_FAILURE;
	}
	row->workload = workload;
	row->simulated = run->taps.vm != NULL || run->taps.curve != NULL;
	row->line_known = run->taps.lines != NULL;
	row->distributions = run->taps.vm != NULL;
	if (run->taps.vm != NULL)
		row->sim = vmsim_counts(run->taps.vm);
	if (run->taps.curve != NULL)
		stackdist_phase_end(run->taps.curve);
	if (run->taps.lines != NULL)
		stackdist_phase_end(run->taps.lines);
	if (run->taps.hier != NULL)
		row->hier = hier_counts(run->taps.hier);
	if (run->taps.time != NULL)
		row->time = timemodel_counts(run->taps.time);
	run->taps.trace = NULL;
	row->minflt = after.minflt - before.minflt;
	row->majflt = after.majflt - before.majflt;
	row->maxrss_kib = after.maxrss_kib;
	row->cpu_ns = after.cpu_ns - before.cpu_ns;
	if (kernel_statm(&row->statm) != 0)
		memset(&row->statm, 0, sizeof(row->statm));
	return 0;
}

/* Setup -------------------------------------------------------------- */

/* `tracked`: the model counts this arena's pages, and may evict them. */
static int
map_arena(struct arena *arena, uint64_t bytes, const struct config *config,
    bool tracked, const char *what)
{
	enum arena_backing backing = ARENA_ANONYMOUS;

	if (tracked && config->vm == VM_KERNEL)
		backing = ARENA_MEMORY_FILE;
	else if (tracked && config->vm == VM_DISK)
		backing = ARENA_DISK_FILE;
	if (arena_map(arena, (size_t)bytes, (size_t)config->page_bytes,
	    backing, config->vm_dir) == 0)
		return 0;
	warn("cannot map the %s (%" PRIu64 " bytes)", what, bytes);
	return EXIT_FAILURE;
}

/* The model evicted `page`: take it out of memory for real. */
static void
evict_page(void *context, uint32_t page)
{
	struct run *run = context;
	size_t page_bytes = (size_t)run->config->page_bytes;
	uint32_t heap_pages = run->heap.pages.heap_pages;

	arena_evict(page_is_item(heap_pages, page) ? &run->items : &run->array,
	    (size_t)page_in_arena(heap_pages, page) * page_bytes, page_bytes);
}

static int
by_value(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/*
 * The budgets whose per-operation distributions the curve keeps, a
 * function of each point alone, so that shards and passes agree: every
 * listed budget (a listed sweep's pass holds at most
 * STACKDIST_MAX_BUDGETS of them), and of --resident all's T budgets
 * those on the ladder round(T^(k / (MAX - 1))), k = 0 .. MAX - 1:
 * all of them up to T = MAX, else some in every order of magnitude.
 */
static int
choose_distributions(struct run *run)
{
	uint32_t list[STACKDIST_MAX_BUDGETS], ladder[STACKDIST_MAX_BUDGETS];
	uint64_t tracked = config_footprint(run->config).tracked_pages;
	unsigned n = 0, k;
	size_t i;

	run->dist_index = calloc(run->npoints, sizeof(*run->dist_index));
	if (run->dist_index == NULL)
		return -1;
	for (k = 0; k < STACKDIST_MAX_BUDGETS; k++)
		ladder[k] = (uint32_t)llround(pow((double)tracked,
		    (double)k / (STACKDIST_MAX_BUDGETS - 1)));
	for (i = 0; i < run->npoints; i++) {
		uint32_t budget = (uint32_t)run->points[i].resident_pages;

		if (run->points[i].resident_all &&
		    tracked > STACKDIST_MAX_BUDGETS &&
		    bsearch(&budget, ladder, STACKDIST_MAX_BUDGETS,
		    sizeof(ladder[0]), by_value) == NULL)
			continue;
		/* A listed pass has at most that many points (plan.h). */
		assert(n < STACKDIST_MAX_BUDGETS);
		list[n++] = budget;
	}
	/* The curve's list rises strictly. */
	qsort(list, n, sizeof(list[0]), by_value);
	for (i = k = 0; i < n; i++)
		if (k == 0 || list[i] != list[k - 1])
			list[k++] = list[i];
	n = k;
	for (i = 0; i < run->npoints; i++) {
		uint32_t budget = (uint32_t)run->points[i].resident_pages;
		uint32_t *at = bsearch(&budget, list, n, sizeof(list[0]),
		    by_value);

		run->dist_index[i] = at != NULL ? (int)(at - list) : -1;
	}
	return stackdist_budgets(run->taps.curve, list, n);
}

static int
setup_curve(struct run *run, uint64_t tracked_pages)
{
	run->taps.curve = stackdist_create((uint32_t)tracked_pages);
	if (run->taps.curve == NULL || choose_distributions(run) != 0) {
		warn("cannot set up the stack-distance model for %" PRIu64
		    " pages", tracked_pages);
		return EXIT_FAILURE;
	}
	return 0;
}

/* The time model: caches of its own, over slots and items alike. */
static int
setup_time(struct run *run, const struct hier_geometry *geometry)
{
	struct footprint fp = config_footprint(&run->one);

	run->taps.time = malloc(sizeof(*run->taps.time));
	if (run->taps.time == NULL || timemodel_init(run->taps.time, geometry,
	    &run->config->latency, (fp.array_pages + fp.item_pages) *
	    run->config->page_bytes) != 0) {
		free(run->taps.time);
		run->taps.time = NULL;
		warn("cannot set up the time model");
		return EXIT_FAILURE;
	}
	return 0;
}

/*
 * The caches and TLB, and with the curve the lines' stack distances, at
 * the line size of the first cache level (the curve's fully associative
 * caches are of that line).
 */
static int
setup_hierarchy(struct run *run)
{
	const struct config *config = run->config;
	struct hier_geometry geometry = hier_for_page(&config->cache,
	    config->page_bytes);
	uint32_t line_bytes = config_line_bytes(config);

	run->taps.hier = hier_create(&geometry);
	/* The modeled addresses end with the last tracked page. */
	if (run->taps.hier == NULL || hier_bound(run->taps.hier,
	    config_footprint(&run->one).tracked_pages * config->page_bytes) !=
	    0) {
		warn("cannot set up the caches and TLB");
		return EXIT_FAILURE;
	}
	if (run->taps.curve != NULL && line_bytes != 0 && config_line_curve_lines(
	    &run->one) <= STACKDIST_MAX_PAGES) {
		uint64_t lines = config_line_curve_lines(&run->one);

		run->taps.lines = stackdist_create((uint32_t)lines);
		if (run->taps.lines == NULL) {
			warn("cannot set up the stack-distance model for %"
			    PRIu64 " lines", lines);
			return EXIT_FAILURE;
		}
	}
	run->taps.line_shift = line_bytes != 0 ? log2_exact(line_bytes) : 0;
	return setup_time(run, &geometry);
}

static int
setup(struct run *run, const struct config *points, size_t npoints,
    unsigned layout)
{
	const struct config *config = &points[0];
	struct footprint fp;
	struct page_map pages;

	memset(run, 0, sizeof(*run));
	run->one = *config;
	run->one.layouts = 1u << layout;
	fp = config_footprint(&run->one);
	pages = config_page_map(&run->one);
	run->config = config;
	run->points = points;
	run->npoints = npoints;
	run->rng = config->seed;
	if (map_arena(&run->array, fp.array_bytes, config, true,
	    "heap array") != 0 ||
	    map_arena(&run->items, fp.item_bytes, config,
	    config->model == MODEL_FULL, "item arena") != 0)
		return 1;
	/* A resident sweep's LRU point has one, alone in its pass or not. */
	if ((npoints > 1 || (config->vm == VM_SIM && config->policy ==
	    POLICY_LRU && config->sweep == SWEEP_RESIDENT)) &&
	    setup_curve(run, fp.tracked_pages) != 0)
		return EXIT_FAILURE;
	if (config->vm != VM_OFF && run->taps.curve == NULL) {
		run->taps.vm = vmsim_create((uint32_t)fp.array_pages,
		    config->model == MODEL_FULL ? (uint32_t)fp.item_pages : 0,
		    (uint32_t)config->resident_pages);
		if (run->taps.vm == NULL ||
		    vmsim_set_policy(run->taps.vm, config->policy) != 0) {
			warn("cannot set up the page model for %" PRIu64
			    " pages", fp.tracked_pages);
			return 1;
		}
		/* The kernel modes make the model's evictions real. */
		if (config->vm == VM_KERNEL || config->vm == VM_DISK)
			vmsim_on_evict(run->taps.vm, evict_page, run);
	}
	/* The CPU's counts are of the heap alone, as heap_cpu_s is. */
	if (config->pmu && run->taps.vm == NULL && run->taps.curve == NULL) {
		pmu_open(&run->pmu);
		run->counting = true;
	}
	/* Reported always: the time model sees what the CPU does. */
	pages.items_base = run->items.base;
	heap_init(&run->heap, layouts[layout], config_shape(config),
	    (struct item **)(void *)run->array.base, (heap_index)config->items,
	    config->vm != VM_OFF ? &run->stream : NULL, &pages);
	if (config->vm == VM_OFF)
		return 0;
	if (hier_any(&config->cache) && setup_hierarchy(run) != 0)
		return EXIT_FAILURE;
	/* Real evictions must not lag the heap's real accesses. */
	stream_init(&run->stream, config->vm == VM_KERNEL ||
	    config->vm == VM_DISK ? 1 : STREAM_BATCH);
	run->taps.pages = pages;
	run->taps.items_counted = config->model == MODEL_FULL;
	taps_subscribe(&run->taps, &run->stream);
	return 0;
}

static void
teardown(struct run *run)
{
	vmsim_destroy(run->taps.vm);
	stackdist_destroy(run->taps.curve);
	stackdist_destroy(run->taps.lines);
	hier_destroy(run->taps.hier);
	if (run->taps.time != NULL)
		timemodel_fini(run->taps.time);
	free(run->taps.time);
	if (run->counting)
		pmu_close(&run->pmu);
	free(run->dist_index);
	arena_unmap(&run->array);
	arena_unmap(&run->items);
}

/*
 * The lines a fully associative cache as large as `budget` pages holds;
 * a budget past 2^32 - 1 lines holds every line there is.
 */
static uint32_t
budget_lines(const struct run *run, uint32_t budget)
{
	/* Multiplied first: a line may be larger than a page. */
	uint64_t lines = (uint64_t)budget * run->config->page_bytes /
	    config_line_bytes(run->config);

	return lines > UINT32_MAX ? UINT32_MAX : (uint32_t)lines;
}

/* The phase's rows: one, or with a curve one per point of the pass. */
static int
send_rows(const struct run *run, struct result *row, result_sink sink,
    void *context)
{
	size_t i;
	int status = 0;

	if (run->taps.curve == NULL)
		return sink(row, context);
	for (i = 0; i < run->npoints && status == 0; i++) {
		uint32_t budget = (uint32_t)run->points[i].resident_pages;

		row->config = &run->points[i];
		row->point = i;
		row->distributions = run->dist_index[i] >= 0;
		if (row->distributions)
			row->sim = stackdist_counts(run->taps.curve,
			    (unsigned)run->dist_index[i]);
		else {
			memset(&row->sim, 0, sizeof(row->sim));
			row->sim.accesses = stackdist_accesses(run->taps.curve);
			row->sim.distinct = stackdist_distinct(run->taps.curve);
		}
		row->sim.faults = stackdist_faults(run->taps.curve, budget);
		if (run->taps.lines != NULL)
			row->line_misses = stackdist_faults(run->taps.lines,
			    budget_lines(run, budget));
		status = sink(row, context);
	}
	return status;
}

int
workload_run(const struct config *points, size_t npoints, unsigned layout,
    FILE *trace, result_sink sink, void *context)
{
	struct run run;
	int status;
	unsigned w;

	status = setup(&run, points, npoints, layout);
	for (w = 0; status == 0 && w < WL_COUNT; w++) {
		bool wanted = points[0].workloads & 1u << w;
		struct result row;

		if (!wanted && w != WL_FILL)
			continue;
		memset(&row, 0, sizeof(row));
		row.config = &points[0];
		row.layout = layout;
		status = measure(&run, w, wanted ? trace : NULL, &row);
		if (status == 0 && wanted)
			status = send_rows(&run, &row, sink, context);
	}
	teardown(&run);
	return status;
}
