/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * timemodel.c: the timestamp model of timemodel.h, record by record.
 */
#include <assert.h>
#include <string.h>

#include "stream.h"
#include "timemodel.h"

const char *const time_part_names[TIME_PARTS] = {
	[TIME_L2] = "l2", [TIME_LLC] = "llc", [TIME_MEM] = "mem",
	[TIME_TLB] = "tlb",
};

_Static_assert(TIME_ROB_MIN <= TIME_ROB && TIME_ROB <= TIME_ROB_MAX,
    "the default reorder buffer is one --rob accepts");

double
time_step_instructions(const struct time_heap *heap)
{
	return heap->layout->level_instructions +
	    heap->layout->child_instructions *
	    heap->layout->fanout(&heap->shape);
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

/* The walker free first. */
static unsigned
first_walker(const struct timemodel *model)
{
	unsigned k, first = 0;

	for (k = 1; k < model->heap.walkers; k++)
		if (model->walker_free[k] < model->walker_free[first])
			first = k;
	return first;
}

/* A walk of `ns` asked for at `at` ends when a walker has done it. */
static double
walk(struct timemodel *model, double at, double ns)
{
	unsigned first = first_walker(model);

	model->walker_free[first] = max2(at, model->walker_free[first]) + ns;
	return model->walker_free[first];
}

static struct time_wrong_line *
wrong_line(struct timemodel *model, uint64_t address)
{
	uint64_t line = (address >> model->line_shift) + 1;

	return &model->wrong[line % TIME_WRONG_LINES];
}

/* Address's page as the wrong path's walks are keyed: never 0. */
static uint64_t
page_key(const struct timemodel *model, uint64_t address)
{
	return (address >> model->heap.pages.byte_shift) + 1;
}

/* Where the wrong path's walk of address's page is remembered. */
static struct time_wrong_line *
wrong_page(struct timemodel *model, uint64_t address)
{
	return &model->wrong_pages[page_key(model, address) %
	    TIME_WRONG_LINES];
}

/* When the wrong path's walk of address's page ended; 0: it did none. */
static double
wrong_walk(struct timemodel *model, uint64_t address)
{
	const struct time_wrong_line *walked = wrong_page(model, address);

	return walked->line == page_key(model, address) ? walked->ready : 0;
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
	const struct time_wrong_line *wrong = wrong_line(model, address);
	double stall[TIME_PARTS], part[TIME_PARTS], start, done;
	double walked_early = wrong_walk(model, address);
	bool item = (record & STREAM_ITEM_BIT) != 0, chained;
	unsigned k;

	assert(step->open);
	timemodel_access(model, address, stall);
	chained = item && step->after_slot;
	start = chained ? step->slot_done : step->issue;
	memcpy(part, chained ? step->slot : (double[TIME_PARTS]){ 0 },
	    sizeof(part));
	/* A walk of its own, or the wrong path's, still under way. */
	if (stall[TIME_TLB] > 0 || walked_early > start) {
		double walked = stall[TIME_TLB] > 0 ?
		    walk(model, start, stall[TIME_TLB]) : walked_early;

		part[TIME_TLB] += walked - start;
		start = walked;
	}
	for (k = 0; k < TIME_TLB; k++)
		part[k] += stall[k];
	done = start + stall[TIME_L2] + stall[TIME_LLC] + stall[TIME_MEM];
	/*
	 * The wrong path's request put the line in the caches; until it
	 * arrives, a load of it waits for it.
	 */
	if (wrong->line == (address >> model->line_shift) + 1 &&
	    wrong->ready > done) {
		part[wrong->part] += wrong->ready - done;
		done = wrong->ready;
	}
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
 * Node's children the heap holds, at most its layout's fanout: how many,
 * and the first's position.  A node past the bottom has none.
 */
static unsigned
children_held(const struct time_heap *heap, heap_index node,
    uint64_t *first)
{
	unsigned count;

	*first = heap->layout->children(&heap->shape, node, &count);
	if (*first > heap->positions)
		return 0;
	if (*first + count - 1 > heap->positions)
		count = (unsigned)(heap->positions - *first + 1);
	return count;
}

/*
 * The wrong path's request for one line at `at`: its walk takes a
 * walker, or waits for one under way; the line and the page remember
 * when they arrive, the line keeping an earlier request's arrival if
 * that one is still on its way.
 */
static void
request(struct timemodel *model, uint64_t address, double at)
{
	uint64_t line = (address >> model->line_shift) + 1;
	struct time_wrong_line *wrong = wrong_line(model, address);
	struct time_wrong_line *walked = wrong_page(model, address);
	struct time_wrong_line arrival = { line, 0, TIME_TLB };
	double stall[TIME_PARTS];
	enum time_part k;

	timemodel_access(model, address, stall);
	if (stall[TIME_TLB] > 0) {
		at = walk(model, at, stall[TIME_TLB]);
		walked->line = page_key(model, address);
		walked->ready = at;
	} else
		at = max2(at, wrong_walk(model, address));
	arrival.ready = at;
	for (k = 0; k < TIME_TLB; k++)
		if (stall[k] > 0) {
			arrival.ready += stall[k];
			arrival.part = k;
		}
	if (wrong->line != line || wrong->ready < arrival.ready)
		*wrong = arrival;
}

/*
 * The steps in the window at `at`: from the oldest not done then, since
 * the core retires in order, to the newest.
 */
static unsigned
in_flight(const struct timemodel *model, double at)
{
	unsigned k;

	for (k = 0; k + 1 < model->window_steps; k++)
		if (model->window[(model->window_first + k) %
		    TIME_WINDOW_STEPS] > at)
			break;
	return model->window_steps - k;
}

/*
 * A mispredicted level's wrong path: the core followed child `w` and,
 * guessing every level below it from `history` (the counters as they
 * were), ran down the heap until it guessed the loop's end or the
 * reorder window was full, asking at `at` for each level's children's
 * slots.  Its indices are arithmetic, not loaded, so no level waits for
 * the one above.  Its walks take the walkers until none is free before
 * `until`, when the branch is known and the wrong path thrown away.  A
 * fence before every level lets none run: it holds the next level until
 * this one's loads are in, when the branch is known.
 */
static void
wrong_path(struct timemodel *model, heap_index w, double at, double until,
    uint32_t history)
{
	const struct time_heap *heap = &model->heap;
	unsigned level, count;
	uint64_t first, c, line, last_line = 0;
	struct prediction guess;

	if (heap->fence_level)
		return;
	for (level = in_flight(model, at); level < model->window_fit;
	    level++) {
		count = children_held(heap, w, &first);
		if (count == 0)
			return;
		for (c = first; c < first + count; c++) {
			uint64_t slot = layout_slot(heap->layout, &heap->shape,
			    (heap_index)c);
			uint64_t address = address_of_index(&heap->pages, slot);

			line = (address >> model->line_shift) + 1;
			if (line == last_line)
				continue;
			if (model->walker_free[first_walker(model)] >= until)
				return;
			request(model, address, at);
			last_line = line;
		}
		guess = predict_ahead(&model->predictor, STREAM_SITE_DOWN,
		    count, &history);
		if (guess.ended)
			return;
		w = (heap_index)(first + guess.rank);
	}
}

/* The children a sift-down's level compared, from its parent. */
static unsigned
compared(const struct timemodel *model, uint64_t marker, uint64_t *first)
{
	unsigned count = children_held(&model->heap, stream_parent_of(marker),
	    first);

	return count == 0 ? 1 : count;
}

/* The step's branch: a misprediction restarts speculation at its end. */
static void
branch(struct timemodel *model, const struct time_step *step)
{
	enum stream_site site = stream_site_of(step->marker);
	struct prediction actual = { stream_rank_of(step->marker),
	    stream_ended(step->marker) }, guess;
	uint64_t first = 0;
	uint32_t history;
	unsigned children = 1;

	if (site == STREAM_SITE_NONE || !stream_outcome_recorded(step->marker))
		return;
	if (site == STREAM_SITE_DOWN)
		children = compared(model, step->marker, &first);
	if (actual.rank >= children)
		children = actual.rank + 1;
	history = model->predictor.history;
	guess = predict_ahead(&model->predictor, site, children, &history);
	/* Gone down the wrong child: a wrong path, guessed as it ran. */
	if (site == STREAM_SITE_DOWN && guess.rank != actual.rank &&
	    !guess.ended)
		wrong_path(model, (heap_index)(first + guess.rank),
		    step->issue, step->done, history);
	if (!predict_learn(&model->predictor, site, children, actual))
		return;
	model->counts.mispredicts++;
	model->restart = max2(model->restart, step->done);
}

/* The step is over: E advances, the window takes it, its branch acts. */
static void
end_step(struct timemodel *model)
{
	struct time_step *step = &model->step;
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
	assert(model->window_steps < TIME_WINDOW_STEPS);
	model->window[(model->window_first + model->window_steps) %
	    TIME_WINDOW_STEPS] = step->done;
	model->window_steps++;
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

	if (model->heap.fence_level && site != STREAM_SITE_NONE)
		model->restart = max2(model->restart, model->frontier);
	memset(step, 0, sizeof(*step));
	step->open = true;
	step->marker = marker;
	issue = model->restart;
	while (model->window_steps > 0 &&
	    model->window_steps >= model->window_fit) {
		issue = max2(issue, model->window[model->window_first]);
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
			timemodel_access(model, stream_address_of(record[i]),
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
