/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * timemodel.c: the timestamp model of timemodel.h, record by record.
 */
#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "stream.h"
#include "timemodel.h"

const char *const time_part_names[TIME_PARTS] = {
	[TIME_L2] = "l2", [TIME_LLC] = "llc", [TIME_MEM] = "mem",
	[TIME_TLB] = "tlb",
};

_Static_assert(TIME_ROB / TIME_STEP_INSTRUCTIONS(1) < TIME_WINDOW_STEPS,
    "the window holds a ROB of the smallest steps");

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

	memset(model, 0, sizeof(*model));
	model->latency = *latency;
	model->heap = *heap;
	model->counts.known = true;
	predict_init(&model->predictor);
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
		bytes += stackdist_bytes(lines, lines, 2 * lines);
	if (heap->walk_curve.points > 0)
		bytes += stackdist_bytes(pages, pages, 2 * lines);
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

static double
max2(double a, double b)
{
	return a > b ? a : b;
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

/* A walk of `ns` asked for at `at` ends when a walker has done it. */
static double
walk(struct timemodel *model, double at, double ns)
{
	unsigned k, first = 0;

	for (k = 1; k < TIME_WALKERS; k++)
		if (model->walker_free[k] < model->walker_free[first])
			first = k;
	model->walker_free[first] = max2(at, model->walker_free[first]) + ns;
	return model->walker_free[first];
}

static struct time_wrong_line *
wrong_line(struct timemodel *model, uint64_t address)
{
	uint64_t line = (address >> model->line_shift) + 1;

	return &model->wrong[line % TIME_WRONG_LINES];
}

/*
 * A read, on its own or after its slot's read (a chain): when it
 * completes, and the parts of its chain's wait.
 */
static void
load(struct timemodel *model, uint64_t record)
{
	struct time_step *step = &model->step;
	uint64_t address = stream_address_of(record);
	struct time_wrong_line *wrong = wrong_line(model, address);
	double stall[TIME_PARTS], part[TIME_PARTS], start, data, done;
	bool item = (record & STREAM_ITEM_BIT) != 0, chained;
	unsigned k;

	assert(step->open);
	access_one(model, address, stall);
	chained = item && step->after_slot;
	start = chained ? step->slot_done : step->issue;
	memcpy(part, chained ? step->slot : (double[TIME_PARTS]){ 0 },
	    sizeof(part));
	if (stall[TIME_TLB] > 0) {
		double walked = walk(model, start, stall[TIME_TLB]);

		part[TIME_TLB] += walked - start;
		start = walked;
	}
	data = stall[TIME_L2] + stall[TIME_LLC] + stall[TIME_MEM];
	done = start + data;
	/* Requested on the wrong path: no later than that request. */
	if (wrong->line == (address >> model->line_shift) + 1) {
		double early = max2(start, wrong->ready);

		if (early < done) {
			for (k = 0; k < TIME_TLB; k++)
				stall[k] *= (early - start) / data;
			done = early;
		}
		wrong->line = 0;
	}
	for (k = 0; k < TIME_TLB; k++)
		part[k] += stall[k];
	if (done > step->done) {
		step->done = done;
		memcpy(step->best, part, sizeof(part));
	}
	step->after_slot = !item;
	if (!item) {
		step->slot_done = done;
		memcpy(step->slot, part, sizeof(part));
	}
}

/*
 * A mispredicted level's wrong path: the core followed child `w` and
 * asked for its children's slots at `at`.
 */
static void
wrong_path(struct timemodel *model, heap_index w, double at)
{
	const struct time_heap *heap = &model->heap;
	uint64_t first, c, last_line = 0;
	unsigned count;

	first = heap->layout->children(&heap->shape, w, &count);
	for (c = first; c < first + count && c <= heap->positions; c++) {
		uint64_t slot = heap->layout->slot == NULL ? c :
		    heap->layout->slot(&heap->shape, (heap_index)c);
		uint64_t address = address_of_index(&heap->pages, slot);
		struct time_wrong_line *wrong = wrong_line(model, address);
		double stall[TIME_PARTS];

		if ((address >> model->line_shift) + 1 == last_line)
			continue;
		last_line = (address >> model->line_shift) + 1;
		access_one(model, address, stall);
		wrong->line = last_line;
		wrong->ready = at + sum(stall);
	}
}

/* The children a sift-down's level compared, from its parent. */
static unsigned
compared(const struct timemodel *model, uint64_t marker, uint64_t *first)
{
	const struct time_heap *heap = &model->heap;
	unsigned count;

	assert(heap->layout != NULL);
	*first = heap->layout->children(&heap->shape,
	    stream_parent_of(marker), &count);
	if (*first + count - 1 > heap->positions)
		count = *first > heap->positions ? 1 :
		    (unsigned)(heap->positions - *first + 1);
	return count;
}

/* The step's branch: a misprediction restarts speculation at its end. */
static void
branch(struct timemodel *model, const struct time_step *step)
{
	enum stream_site site = stream_site_of(step->marker);
	struct prediction actual = { stream_rank_of(step->marker),
	    stream_ended(step->marker) }, guess;
	uint64_t first = 0;
	unsigned children = 1;

	if (site == STREAM_SITE_NONE || !stream_outcome_recorded(step->marker))
		return;
	if (site == STREAM_SITE_DOWN)
		children = compared(model, step->marker, &first);
	if (actual.rank >= children)
		children = actual.rank + 1;
	guess = predict(&model->predictor, site, children);
	if (!predict_learn(&model->predictor, site, children, actual))
		return;
	model->counts.mispredicts++;
	if (site == STREAM_SITE_DOWN && guess.rank != actual.rank)
		wrong_path(model, (heap_index)(first + guess.rank),
		    step->issue);
	model->restart = max2(model->restart, step->done);
}

/* The step is over: E advances, the window takes it, its branch acts. */
static void
end_step(struct timemodel *model)
{
	struct time_step *step = &model->step;
	struct time_window_step *slot;
	double advance = step->done - model->frontier, chain;
	unsigned k;

	if (!step->open)
		return;
	chain = sum(step->best);
	if (advance > 0 && chain > 0)
		for (k = 0; k < TIME_PARTS; k++)
			model->counts.stall_ns[k] += advance * step->best[k] /
			    chain;
	model->frontier = max2(model->frontier, step->done);
	if (model->window_steps == TIME_WINDOW_STEPS) {
		model->window_instructions -=
		    model->window[model->window_first].instructions;
		model->window_first = (model->window_first + 1) %
		    TIME_WINDOW_STEPS;
		model->window_steps--;
	}
	slot = &model->window[(model->window_first + model->window_steps) %
	    TIME_WINDOW_STEPS];
	slot->done = step->done;
	slot->instructions = step->instructions;
	model->window_steps++;
	model->window_instructions += step->instructions;
	branch(model, step);
	step->open = false;
}

/*
 * A step issues at R, after a fence at E, and once the window has room
 * for its instructions.
 */
static void
begin_step(struct timemodel *model, uint64_t marker)
{
	struct time_step *step = &model->step;
	enum stream_site site = stream_site_of(marker);
	double issue;
	unsigned children = 1;

	if (model->heap.fence_level && site != STREAM_SITE_NONE)
		model->restart = max2(model->restart, model->frontier);
	if (site == STREAM_SITE_DOWN && model->heap.layout != NULL)
		children = model->heap.layout->fanout(&model->heap.shape);
	memset(step, 0, sizeof(*step));
	step->open = true;
	step->marker = marker;
	step->instructions = TIME_STEP_INSTRUCTIONS(children);
	issue = model->restart;
	while (model->window_steps > 0 && model->window_instructions +
	    step->instructions > TIME_ROB) {
		const struct time_window_step *oldest =
		    &model->window[model->window_first];

		issue = max2(issue, oldest->done);
		model->window_instructions -= oldest->instructions;
		model->window_first = (model->window_first + 1) %
		    TIME_WINDOW_STEPS;
		model->window_steps--;
	}
	step->issue = step->done = issue;
	step->slot_done = issue;
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
			if (!model->step.open)
				begin_step(model, stream_step(
				    STREAM_SITE_NONE, 0));
			load(model, record[i]);
			break;
		case STREAM_WRITE:
			access_one(model, stream_address_of(record[i]),
			    ignored);
			break;
		case STREAM_STEP:
			end_step(model);
			begin_step(model, record[i]);
			model->counts.steps++;
			break;
		case STREAM_OP_END:
			end_step(model);
			if (model->heap.fence_op)
				model->restart = max2(model->restart,
				    model->frontier);
			model->counts.ops++;
			break;
		}
}

void
timemodel_phase(struct timemodel *model)
{
	end_step(model);
	memset(&model->counts, 0, sizeof(model->counts));
	model->counts.known = true;
}

struct time_counts
timemodel_counts(const struct timemodel *model)
{
	struct time_counts counts = model->counts;
	const struct time_step *step = &model->step;
	double advance = step->done - model->frontier, chain = sum(step->best);
	unsigned k;

	/* A step the phase left open is the phase's too. */
	if (!step->open)
		return counts;
	if (advance > 0 && chain > 0)
		for (k = 0; k < TIME_PARTS; k++)
			counts.stall_ns[k] += advance * step->best[k] / chain;
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
	double total = 0;
	unsigned k;

	for (k = 0; k < TIME_PARTS; k++)
		total += counts->stall_ns[k];
	return total;
}
