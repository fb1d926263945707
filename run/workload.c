/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
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
#include <err.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "exits.h"
#include "heap.h"
#include "kernel.h"
#include "model.h"
#include "monotonic.h"
#include "pages.h"
#include "pmu.h"
#include "prng.h"
#include "progress.h"
#include "rig.h"
#include "stream.h"
#include "taps.h"
#include "workload.h"

/* Parameters -------------------------------------------------------- */

#define KEY_SPAN	((uint64_t)1 << 32)


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

/*
 * Counters to zero; with a trace, the state every model starts the phase
 * in, then every access (heap.h).
 */
static int
start_phase(struct run *run, FILE *trace)
{
	unsigned k;

	for (k = 0; k < MODEL_REGISTERED; k++)
		if (run->taps.model[k] != NULL &&
		    model_registry[k]->phase(run->taps.model[k], trace) != 0) {
			warn("the %s model: starting a phase",
			    model_registry[k]->name);
			return EXIT_FAILURE;
		}
	run->taps.trace = trace;
	return 0;
}

/* The arenas' sizes, mapped and in memory, into row. */
static void
arena_figures(const struct run *run, struct result *row)
{
	uint64_t array, items;

	row->arena_kib = (run->array.bytes + run->items.bytes) / 1024;
	row->arena_rss_known =
	    kernel_resident_bytes(run->array.base, run->array.bytes,
	    &array) == 0 &&
	    kernel_resident_bytes(run->items.base, run->items.bytes,
	    &items) == 0;
	row->arena_rss_kib = row->arena_rss_known ? (array + items) / 1024 : 0;
}

static int
measure(struct run *run, enum workload workload, FILE *trace,
    struct result *row)
{
	struct kernel_sample before, after;
	uint64_t start;
	unsigned k;
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
	for (k = 0; k < MODEL_REGISTERED; k++)
		if (run->taps.model[k] != NULL &&
		    model_registry[k]->phase_end(run->taps.model[k]) != 0) {
			warn("the %s model: ending %s", model_registry[k]->name,
			    workload_names[workload]);
			return EXIT_FAILURE;
		}
	row->workload = workload;
	run->taps.trace = NULL;
	row->minflt = after.minflt - before.minflt;
	row->majflt = after.majflt - before.majflt;
	row->maxrss_kib = after.maxrss_kib;
	row->cpu_ns = after.cpu_ns - before.cpu_ns;
	if (kernel_statm(&row->statm) != 0)
		memset(&row->statm, 0, sizeof(row->statm));
	arena_figures(run, row);
	return 0;
}

/*
 * The phase's rows: one per point of the pass (one point but with a
 * curve), each with what every model gives at the point's budget.
 */
static int
send_rows(const struct run *run, struct result *row, result_sink sink,
    void *context)
{
	size_t i;
	unsigned k;
	int status = 0;

	for (i = 0; i < run->npoints && status == 0; i++) {
		row->config = &run->points[i];
		row->point = i;
		for (k = 0; k < MODEL_REGISTERED; k++)
			if (run->taps.model[k] != NULL)
				model_registry[k]->publish(
				    run->taps.model[k],
				    (uint32_t)run->points[i].resident_pages,
				    &row->models);
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

	status = rig_setup(&run, points, npoints, layout);
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
	rig_teardown(&run);
	return status;
}
