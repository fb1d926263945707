/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * timelat.c: the time model's set-up and latencies (timemodel.h): its
 * caches or its curves by reuse distance, asked what one access waits.
 */
#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "timemodel.h"

/* Lines are the first cache's, or 64 bytes. */
static unsigned
line_shift_of(const struct hier_geometry *g)
{
	unsigned k, shift = 6;

	for (k = 0; k < HIER_FIRST_TLB; k++)
		if (g->level[k].blocks != 0) {
			while ((1u << shift) < g->level[k].line_bytes)
				shift++;
			break;
		}
	return shift;
}

int
timemodel_init(struct timemodel *model, const struct hier_geometry *g,
    const struct hier_latency *latency, uint64_t address_limit,
    const struct time_heap *heap)
{
	unsigned k;

	assert(heap->layout != NULL);
	assert(heap->rob >= TIME_ROB_MIN && heap->rob <= TIME_ROB_MAX);
	assert(heap->walkers >= 1 && heap->walkers <= TIME_WALKERS);
	assert(time_step_instructions(heap) >= TIME_MIN_STEP_INSTRUCTIONS);
	memset(model, 0, sizeof(*model));
	model->latency = *latency;
	model->heap = *heap;
	model->window_fit = (unsigned)(heap->rob /
	    time_step_instructions(heap));
	model->counts.known = true;
	predict_init(&model->predictor, heap->predictor);
	for (k = 0; k < HIER_FIRST_TLB; k++)
		model->level_bytes[k] = g->level[k].blocks *
		    g->level[k].line_bytes;
	for (k = 0; k < HIER_LEVELS; k++) {
		/* A curve answers for the caches, a walk curve the TLB. */
		if (g->level[k].blocks == 0 ||
		    (k < HIER_FIRST_TLB && heap->curve.points > 0) ||
		    (k >= HIER_FIRST_TLB && heap->walk_curve.points > 0))
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
	model->line_shift = line_shift_of(g);
	if (heap->curve.points > 0) {
		assert(address_limit != 0);
		model->lines = stackdist_create((uint32_t)((address_limit - 1) >>
		    model->line_shift) + 1);
		if (model->lines == NULL) {
			timemodel_fini(model);
			return -1;
		}
		stackdist_phase(model->lines);
	}
	if (heap->walk_curve.points > 0) {
		assert(address_limit != 0);
		model->pages = stackdist_create((uint32_t)((address_limit - 1) >>
		    heap->pages.byte_shift) + 1);
		if (model->pages == NULL) {
			timemodel_fini(model);
			return -1;
		}
		stackdist_phase(model->pages);
	}
	return 0;
}

uint64_t
timemodel_bytes(const struct hier_geometry *g, uint64_t address_limit,
    const struct time_heap *heap)
{
	uint64_t lines, pages, bytes = 0;

	if (address_limit == 0)
		return 0;
	lines = ((address_limit - 1) >> line_shift_of(g)) + 1;
	pages = ((address_limit - 1) >> heap->pages.byte_shift) + 1;
	if (heap->curve.points > 0)
		bytes += stackdist_bytes(lines, 1, 0, lines, 2 * lines);
	if (heap->walk_curve.points > 0)
		bytes += stackdist_bytes(pages, 1, 0, pages, 2 * lines);
	return bytes;
}

void
timemodel_fini(struct timemodel *model)
{
	unsigned k;

	for (k = 0; k < HIER_LEVELS; k++)
		if (model->present[k])
			cache_fini(&model->level[k]);
	memset(model->present, 0, sizeof(model->present));
	if (model->lines != NULL)
		stackdist_destroy(model->lines);
	if (model->pages != NULL)
		stackdist_destroy(model->pages);
	model->lines = model->pages = NULL;
}

bool
timemodel_cost_priced(const struct hier_geometry *g, enum hier_cost cost)
{
	return cost == COST_MEM || hier_cost_priced(g, cost);
}

/*
 * One access's data latency from the curve at its reuse distance, less
 * the curve's first point (an L1 hit: the computing's), in the part of
 * the smallest cache level that would hold that distance.
 */
static void
curve_access(struct timemodel *model, uint64_t address,
    double stall[TIME_PARTS])
{
	static const enum time_part part_of[HIER_FIRST_TLB] = {
		[HIER_L1] = TIME_PARTS, [HIER_L2] = TIME_L2,
		[HIER_LLC] = TIME_LLC,
	};
	const struct lat_curve *curve = &model->heap.curve;
	uint32_t d = stackdist_access(model->lines,
	    (uint32_t)(address >> model->line_shift));
	uint64_t bytes = d == STACKDIST_COLD ? UINT64_MAX :
	    (uint64_t)d << model->line_shift;
	double ns = lat_curve_ns(curve, bytes) - curve->ns[0];
	enum time_part part = TIME_MEM;
	unsigned k;

	for (k = 0; k < HIER_FIRST_TLB; k++)
		if (bytes <= model->level_bytes[k]) {
			part = part_of[k];
			break;
		}
	if (part != TIME_PARTS && ns > 0)
		stall[part] = ns;
}

/* A walk from the walk curve at the page's reuse distance. */
static double
walk_of(struct timemodel *model, uint64_t address)
{
	unsigned shift = model->heap.pages.byte_shift;
	uint32_t d = stackdist_access(model->pages, (uint32_t)(address >>
	    shift));

	return lat_curve_ns(&model->heap.walk_curve, d == STACKDIST_COLD ?
	    UINT64_MAX : (uint64_t)d << shift);
}

/* One access through the caches and the TLB, or the curves. */
void
timemodel_access(struct timemodel *model, uint64_t address,
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
	if (model->lines != NULL)
		curve_access(model, address, stall);
	else {
		for (k = 0; k < HIER_FIRST_TLB; k++)
			if (model->present[k] && cache_access(
			    &model->level[k], address)) {
				part = part_of[k];
				cost = cost_of[k];
				break;
			}
		if (part != TIME_PARTS && ns[cost] > base)
			stall[part] = ns[cost] - base;
	}
	if (model->pages != NULL) {
		stall[TIME_TLB] = walk_of(model, address);
		return;
	}
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
