/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * timemodel.c: the critical path of each step, level by level.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "stream.h"
#include "timemodel.h"

const char *const time_part_names[TIME_PARTS] = {
	[TIME_L2] = "l2", [TIME_LLC] = "llc", [TIME_MEM] = "mem",
	[TIME_TLB] = "tlb",
};

int
timemodel_init(struct timemodel *model, const struct hier_geometry *g,
    const struct hier_latency *latency, uint64_t address_limit)
{
	unsigned k;

	memset(model, 0, sizeof(*model));
	model->latency = *latency;
	model->counts.known = true;
	for (k = 0; k < HIER_LEVELS; k++) {
		if (g->level[k].blocks == 0)
			continue;
		if (cache_init(&model->level[k], &g->level[k]) != 0 ||
		    (address_limit != 0 && cache_bound(&model->level[k],
		    address_limit) != 0)) {
			int saved = errno;

			cache_fini(&model->level[k]);
			timemodel_fini(model);
			errno = saved;
			return -1;
		}
		model->present[k] = true;
	}
	return 0;
}

void
timemodel_fini(struct timemodel *model)
{
	unsigned k;

	for (k = 0; k < HIER_LEVELS; k++)
		if (model->present[k])
			cache_fini(&model->level[k]);
	memset(model->present, 0, sizeof(model->present));
}

bool
timemodel_cost_priced(const struct hier_geometry *g, enum hier_cost cost)
{
	return cost == COST_MEM || hier_cost_priced(g, cost);
}

/*
 * One access through the caches and the TLB; `stall` gets what a load
 * of it would wait beyond an L1 hit, part by part.
 */
static void
access_one(struct timemodel *model, uint64_t address,
    double stall[TIME_PARTS])
{
	static const enum time_part part_of[HIER_FIRST_TLB] = {
		[HIER_L1] = TIME_PARTS, [HIER_L2] = TIME_L2,
		[HIER_LLC] = TIME_LLC,
	};
	static const enum hier_cost cost_of[HIER_FIRST_TLB] = {
		[HIER_L1] = COST_L1, [HIER_L2] = COST_L2, [HIER_LLC] = COST_LLC,
	};
	const double *ns = model->latency.ns;
	double base = model->present[HIER_L1] ? ns[COST_L1] : 0;
	enum time_part part = TIME_MEM;
	enum hier_cost cost = COST_MEM;
	unsigned k;
	bool any_tlb = false;

	memset(stall, 0, TIME_PARTS * sizeof(stall[0]));
	for (k = 0; k < HIER_FIRST_TLB; k++)
		if (model->present[k] && cache_access(&model->level[k],
		    address)) {
			part = part_of[k];
			cost = cost_of[k];
			break;
		}
	if (part != TIME_PARTS && ns[cost] > base)
		stall[part] = ns[cost] - base;
	for (k = HIER_FIRST_TLB; k < HIER_LEVELS; k++) {
		if (!model->present[k])
			continue;
		any_tlb = true;
		if (cache_access(&model->level[k], address))
			return;
	}
	if (any_tlb)
		stall[TIME_TLB] = ns[COST_TLB];
}

static double
sum(const double part[TIME_PARTS])
{
	double total = 0;
	unsigned k;

	for (k = 0; k < TIME_PARTS; k++)
		total += part[k];
	return total;
}

/* A read: on its own, or after its slot's read, a chain. */
static void
load(struct timemodel *model, uint64_t record)
{
	struct time_step *step = &model->step;
	double stall[TIME_PARTS], total;
	bool item = (record & STREAM_ITEM_BIT) != 0;
	unsigned k;

	access_one(model, stream_address_of(record), stall);
	step->walks += stall[TIME_TLB] > 0;
	if (item && step->after_slot)
		for (k = 0; k < TIME_PARTS; k++)
			stall[k] += step->slot[k];
	step->after_slot = !item;
	if (!item)
		memcpy(step->slot, stall, sizeof(step->slot));
	total = sum(stall);
	if (total > step->best_ns) {
		memcpy(step->best, stall, sizeof(step->best));
		step->best_ns = total;
	}
}

/* The step's slowest chain is on the critical path. */
static void
end_step(struct timemodel *model)
{
	struct time_step *step = &model->step;
	double walks = (double)((step->walks + TIME_WALKERS - 1) /
	    TIME_WALKERS) * model->latency.ns[COST_TLB];
	unsigned k;

	if (step->best[TIME_TLB] < walks)
		step->best[TIME_TLB] = walks;
	for (k = 0; k < TIME_PARTS; k++)
		model->counts.stall_ns[k] += step->best[k];
	memset(step, 0, sizeof(*step));
}

void
timemodel_take(void *context, const uint64_t *record, size_t n)
{
	struct timemodel *model = context;
	double ignored[TIME_PARTS];
	size_t i;

	for (i = 0; i < n; i++)
		switch (stream_kind_of(record[i])) {
		case STREAM_READ:
			model->counts.loads++;
			load(model, record[i]);
			break;
		case STREAM_WRITE:
			access_one(model, stream_address_of(record[i]),
			    ignored);
			break;
		case STREAM_STEP:
			end_step(model);
			model->counts.steps++;
			break;
		case STREAM_OP_END:
			end_step(model);
			model->counts.ops++;
			break;
		}
}

void
timemodel_phase(struct timemodel *model)
{
	memset(&model->step, 0, sizeof(model->step));
	memset(&model->counts, 0, sizeof(model->counts));
	model->counts.known = true;
}

struct time_counts
timemodel_counts(const struct timemodel *model)
{
	struct time_counts counts = model->counts;
	unsigned k;

	/* A step the phase left open is the phase's too. */
	for (k = 0; k < TIME_PARTS; k++)
		counts.stall_ns[k] += model->step.best[k];
	return counts;
}

double
time_compute_ns(const struct time_counts *counts)
{
	return counts->op_ns * (double)counts->ops +
	    counts->load_ns * (double)counts->loads;
}

double
time_stall_ns(const struct time_counts *counts)
{
	return sum(counts->stall_ns);
}
