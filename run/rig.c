/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * rig.c: a run's arenas, heap, stream and models, set up and torn down
 * (rig.h).
 */
#include <assert.h>
#include <err.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exits.h"
#include "model.h"
#include "pages.h"
#include "rig.h"
#include "xalloc.h"

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
 * Into list, rising; returns how many.
 */
static unsigned
choose_distributions(const struct run *run,
    uint32_t list[STACKDIST_MAX_BUDGETS])
{
	uint32_t ladder[STACKDIST_MAX_BUDGETS];
	uint64_t tracked = config_footprint(run->config).tracked_pages;
	unsigned n = 0, k;
	size_t i;

	for (k = 0; k < STACKDIST_MAX_BUDGETS; k++)
		ladder[k] = (uint32_t)llround(pow((double)tracked,
		    (double)k / (STACKDIST_MAX_BUDGETS - 1)));
	for (i = 0; i < run->npoints; i++) {
		uint32_t budget = (uint32_t)run->points[i].resident_pages;

		if (run->points[i].sweep.resident_all &&
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
	return k;
}

/*
 * The registry's models (model.h) that the run wants: a pass of several
 * budgets runs the curve, and the kernel modes make the page model's
 * evictions real.
 */
static int
setup_models(struct run *run)
{
	struct model_setup setup = config_model_setup(&run->one);
	uint32_t list[STACKDIST_MAX_BUDGETS];
	unsigned k;

	setup.curve = setup.curve || run->npoints > 1;
	if (setup.curve) {
		setup.budgets = list;
		setup.nbudgets = choose_distributions(run, list);
	}
	if (run->config->vm == VM_KERNEL || run->config->vm == VM_DISK) {
		setup.evict = evict_page;
		setup.evict_context = run;
	}
	for (k = 0; k < MODEL_REGISTERED; k++) {
		const struct model_ops *ops = model_registry[k];

		if (!ops->wanted(&setup))
			continue;
		run->taps.model[k] = ops->create(&setup);
		if (run->taps.model[k] == NULL) {
			warn("cannot set up the %s model", ops->name);
			return EXIT_FAILURE;
		}
	}
	return 0;
}

/* The models subscribe to the heap's stream, in line or piped. */
static int
setup_stream(struct run *run, const struct page_map *pages)
{
	const struct config *config = run->config;

	run->taps.pages = *pages;
	run->taps.items_counted = config->model == MODEL_FULL;
	/* Real evictions must not lag the heap's real accesses. */
	stream_init(&run->stream, config->vm == VM_KERNEL ||
	    config->vm == VM_DISK ? 1 : STREAM_BATCH, run->taps.items_counted);
	taps_subscribe(&run->taps, &run->stream);
	if (config->pipeline == PIPELINE_ON &&
	    stream_pipe(&run->stream, config->pipeline_own_cpus) != 0) {
		warn("cannot start the models' thread");
		return EXIT_FAILURE;
	}
	return 0;
}

int
rig_setup(struct run *run, const struct config *points, size_t npoints,
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
	/* The CPU's counts are of the heap alone, as heap_cpu_s is. */
	if (config->pmu && config->vm == VM_OFF) {
		pmu_open(&run->pmu);
		run->counting = true;
	}
	/* Items where a model takes them: under array alone none would. */
	if (config_reports_items(config))
		pages.items_base = run->items.base;
	/* The stream first: its batches choose the heap's copy (heap.h). */
	if (config->vm != VM_OFF && (setup_models(run) != 0 ||
	    setup_stream(run, &pages) != 0))
		return EXIT_FAILURE;
	heap_init(&run->heap, layouts[layout], config_shape(config),
	    (struct item **)(void *)run->array.base, (heap_index)config->items,
	    config->vm != VM_OFF ? &run->stream : NULL, &pages);
	heap_serialize(&run->heap, config->serialize);
	heap_report_steps(&run->heap, config_times(config));
	return 0;
}

void
rig_teardown(struct run *run)
{
	unsigned k;

	if (run->config->vm != VM_OFF)
		stream_fini(&run->stream);
	for (k = 0; k < MODEL_REGISTERED; k++)
		if (run->taps.model[k] != NULL)
			model_registry[k]->destroy(run->taps.model[k]);
	if (run->counting)
		pmu_close(&run->pmu);
	arena_unmap(&run->array);
	arena_unmap(&run->items);
}

