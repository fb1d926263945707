/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * need.c: what a run holds in memory, for the checks and for --dry-run
 * (need.h).
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "heap.h"
#include "hier.h"
#include "need.h"
#include "stackdist.h"
#include "vmsim.h"

/* One run ------------------------------------------------------------- */

/*
 * The bytes a hierarchy of the config's caches touches when its
 * addresses end at address_limit: a cache larger than what it can hold
 * keeps its tags allocated but untouched, not resident (cache.h).
 */
static uint64_t
hier_touched(const struct config *config, uint64_t address_limit)
{
	struct hier_geometry g = hier_for_page(&config->cache,
	    config->page_bytes);
	uint64_t bytes = sizeof(struct hier);
	unsigned k;

	for (k = 0; k < HIER_LEVELS; k++)
		if (g.level[k].blocks != 0)
			bytes += cache_bytes_touched(&g.level[k],
			    address_limit);
	return bytes;
}

struct need
plan_need(const struct config *config)
{
	struct footprint fp = config_footprint(config);
	struct need need = {
		.tracked_pages = fp.tracked_pages,
		.array_bytes = fp.array_bytes,
		.item_bytes = fp.item_bytes,
		/*
		 * --vm off keeps no records.  The caches: the report's over
		 * the tracked pages, with --time-model the time model's over
		 * slots and items alike (rig.c).
		 */
		.model_bytes = config->vm != VM_OFF ?
		    vmsim_bytes(fp.tracked_pages, config->policy) +
		    hier_touched(config, fp.tracked_pages *
		    config->page_bytes) + (config_times(config) ?
		    hier_touched(config, (fp.array_pages + fp.item_pages) *
		    config->page_bytes) : 0) : 0,
	};

	/* A curve keeps the stack distances of its pages and lines too. */
	if (config->vm == VM_SIM && config->sweep == SWEEP_RESIDENT) {
		need.model_bytes += stackdist_bytes(fp.tracked_pages);
		if (config_line_curve_lines(config) <= STACKDIST_MAX_PAGES)
			need.model_bytes += stackdist_bytes(
			    config_line_curve_lines(config));
	}

	need.total_bytes = need.array_bytes + need.item_bytes +
	    need.model_bytes;
	return need;
}

/*
 * The page ids opt records per operation with the array model, about
 * two each time a sift moves to another page (its parent's and the
 * child's slots alternate): each layout estimates its page changes
 * (heap.h).  The full model's item pages make almost every access a
 * change: vmsim.h's bound per operation.
 */
static double
records_per_op(const struct config *config, const struct layout *layout)
{
	struct shape shape = config_shape(config);
	double levels = log2((double)config->items + 1);
	double e = log2((double)config_entries_per_page(config));

	if (config->model == MODEL_FULL)
		return (double)VMSIM_OPT_ACCESSES_PER_OP(ceil(levels), 2);
	return 2 * layout->page_changes(&shape, levels, e);
}

/* opt's recording of its longest phase, at its end (vmsim.h). */
static uint64_t
record_bytes(const struct config *config, const struct layout *layout)
{
	uint64_t ops = config->workloads & CONFIG_OPS_WORKLOADS ?
	    config->ops : 0;

	if (config->policy != POLICY_OPT || config->vm != VM_SIM)
		return 0;
	if (config->items > ops)
		ops = config->items;
	return (uint64_t)(records_per_op(config, layout) * (double)ops *
	    VMSIM_OPT_BYTES_PER_ACCESS);
}

uint64_t
need_run_bytes(const struct config *config, uint64_t *record)
{
	uint64_t most = 0, bytes;
	unsigned l;

	for (l = 0; l < LAYOUT_COUNT; l++)
		if (config->layouts & 1u << l) {
			bytes = record_bytes(config, layouts[l]);
			if (bytes > most)
				most = bytes;
		}
	if (record != NULL)
		*record = most;
	return NEED_RUN_BASE_BYTES + need_total(config) + most;
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
