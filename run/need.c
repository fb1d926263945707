/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * need.c: what a run holds in memory, for the checks and for --dry-run
 * (need.h).
 */
#include <assert.h>
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "heap.h"
#include "model.h"
#include "need.h"
#include "pipeline.h"

/* One run ------------------------------------------------------------- */

/* A shallow operation's levels and accesses, measured (see below). */
#define SHALLOW_LEVELS		2.0
#define SHALLOW_ACCESSES	5.5
#define SHALLOW_ACCESSES_FULL	12.0
/*
 * The item arena's bytes in memory: the heap writes each item's first
 * bytes only, so of items larger than a system page one page each.
 */
static uint64_t
items_touched(const struct config *config)
{
	uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);

	return config->items * (config->item_bytes < page ?
	    config->item_bytes : page);
}

/* The operations of a phase: fill and drain one per item. */
static uint64_t
phase_ops(const struct config *config, enum workload w)
{
	return w == WL_FILL || w == WL_DRAIN ? config->items : config->ops;
}

/* Replace and drain sift through the whole height; the others, a few. */
static bool
deep(enum workload w)
{
	return w == WL_REPLACE || w == WL_DRAIN;
}

/*
 * The accesses the model counts per operation, measured on 50K to 1M
 * items of every layout: a shallow operation about SHALLOW_ACCESSES, a
 * deep one 1.5 fanout + 0.5 per level (3 fanout + 1 with the full
 * model's items).
 */
static double
accesses_per_op(const struct config *config, const struct layout *layout,
    enum workload w)
{
	struct shape shape = config_shape(config);
	double fanout = layout->fanout(&shape);
	double levels = log2((double)config->items + 1) / log2(fanout);
	bool full = config->model == MODEL_FULL;

	if (!deep(w))
		return full ? SHALLOW_ACCESSES_FULL : SHALLOW_ACCESSES;
	return levels * (full ? 3 * fanout + 1 : 1.5 * fanout + 0.5);
}

/* The accesses of a run of every phase (fill always), its most costly layout's. */
static uint64_t
run_accesses(const struct config *config)
{
	double most = 0, sum;
	unsigned l, w;

	for (l = 0; l < LAYOUT_COUNT; l++) {
		if (!(config->layouts & 1u << l))
			continue;
		for (w = 0, sum = 0; w < WL_COUNT; w++)
			if (w == WL_FILL || config->workloads & 1u << w)
				sum += (double)phase_ops(config, w) *
				    accesses_per_op(config, layouts[l], w);
		most = sum > most ? sum : most;
	}
	return (uint64_t)most;
}

/* What the registry's models (model.h) that config's run wants keep. */
static uint64_t
registry_bytes(const struct model_setup *setup)
{
	uint64_t bytes = 0;
	unsigned k;

	for (k = 0; k < MODEL_REGISTERED; k++)
		if (model_registry[k]->wanted(setup))
			bytes += model_registry[k]->bytes(setup);
	return bytes;
}

struct need
plan_need(const struct config *config)
{
	struct footprint fp = config_footprint(config);
	struct model_setup setup = config_model_setup(config);
	struct need need = {
		.tracked_pages = fp.tracked_pages,
		.array_bytes = fp.array_bytes,
		.item_bytes = items_touched(config),
	};

	/* --vm off runs no model: the registry wants none. */
	setup.accesses = run_accesses(config);
	need.model_bytes = registry_bytes(&setup);
	need.total_bytes = need.array_bytes + need.item_bytes +
	    need.model_bytes;
	return need;
}

/*
 * The page ids opt records per operation of workload w, besides its
 * end-of-operation mark: an access to another page than the last
 * recorded one.  With the array model, about two each time a sift moves
 * to another page (its parent's and the child's slots alternate): each
 * layout estimates its page changes (heap.h), over the whole height for
 * a deep operation, SHALLOW_LEVELS for the others; never more than the
 * accesses.  The full model's item pages make almost every access a
 * change.
 */
static double
records_per_op(const struct config *config, const struct layout *layout,
    enum workload w)
{
	struct shape shape = config_shape(config);
	double levels = deep(w) ? log2((double)config->items + 1) :
	    SHALLOW_LEVELS;
	double e = log2((double)config_entries_per_page(config));
	double accesses = accesses_per_op(config, layout, w);
	double changes = 2 * layout->page_changes(&shape, levels, e);

	/* A heap in one page never changes page. */
	if (config->model == MODEL_ARRAY &&
	    config_footprint(config).array_pages <= 1)
		return 0;
	return config->model == MODEL_FULL || changes > accesses ? accesses :
	    changes;
}

/*
 * opt's recording at the end of its largest phase (fill always runs):
 * a 4-byte mark per operation and page id per change, and at the
 * replay a 4-byte next use per change (vmsim.c).
 */
static uint64_t
record_bytes(const struct config *config, const struct layout *layout)
{
	double most = 0, bytes;
	unsigned w;

	if (config->policy != POLICY_OPT || config->vm != VM_SIM)
		return 0;
	for (w = 0; w < WL_COUNT; w++) {
		if (w != WL_FILL && !(config->workloads & 1u << w))
			continue;
		bytes = (double)phase_ops(config, w) * (sizeof(uint32_t) +
		    2 * sizeof(uint32_t) * records_per_op(config, layout, w));
		most = bytes > most ? bytes : most;
	}
	return (uint64_t)most;
}

uint64_t
need_run_bytes(const struct config *config, uint64_t *record)
{
	uint64_t most = 0, bytes, ring;
	unsigned l;

	for (l = 0; l < LAYOUT_COUNT; l++)
		if (config->layouts & 1u << l) {
			bytes = record_bytes(config, layouts[l]);
			if (bytes > most)
				most = bytes;
		}
	if (record != NULL)
		*record = most;
	/* The models' thread fills its ring within a few batches. */
	assert(config->pipeline != PIPELINE_AUTO);
	ring = config->pipeline == PIPELINE_ON ? PIPELINE_RING_BYTES : 0;
	return NEED_RUN_BASE_BYTES + need_total(config) + most + ring;
}

uint64_t
need_untracked_bytes(const struct config *config)
{
	return NEED_RUN_BASE_BYTES + config_footprint(config).array_bytes +
	    items_touched(config);
}

uint64_t
need_mapped(const struct config *config)
{
	struct footprint fp = config_footprint(config);

	return fp.array_bytes + fp.item_bytes + plan_need(config).model_bytes;
}

uint64_t
need_total(const struct config *config)
{
	return plan_need(config).total_bytes;
}

uint64_t
need_physical(void)
{
	return (uint64_t)sysconf(_SC_PHYS_PAGES) *
	    (uint64_t)sysconf(_SC_PAGESIZE);
}

double
need_gib(uint64_t bytes)
{
	return (double)bytes / (1u << 30);
}
