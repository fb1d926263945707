/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * curve_model.c: the stack-distance curves (stackdist.h) as models of the
 * registry (model.h): the LRU curve of every page budget at once, and
 * beside it, with a cache, the curve of fully associative caches of the
 * first level's lines, each as large as a page budget.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "stackdist.h"

/* Both curves ---------------------------------------------------------- */

struct curve {
	struct stackdist *sd;
	struct page_map	pages;
	bool		items_counted;
	bool		by_line;	/* the line curve: ids are lines */
	unsigned	line_shift;
	uint32_t	page_bytes;
	uint32_t	line_bytes;
	/* The budgets whose distributions the page curve keeps, rising. */
	uint32_t	budgets[STACKDIST_MAX_BUDGETS];
	unsigned	nbudgets;
};

static uint64_t
tracked_pages(const struct model_setup *setup)
{
	return (uint64_t)setup->array_pages + setup->item_pages;
}

/* The lines the tracked pages hold. */
static uint64_t
tracked_lines(const struct model_setup *setup)
{
	return (tracked_pages(setup) * setup->page_bytes + setup->line_bytes -
	    1) / setup->line_bytes;
}

/* Each operation's accesses, by page or line, then its end. */
static void
take_counted(void *model, const struct counted *c)
{
	struct curve *m = model;
	size_t i = 0, e;

	for (e = 0; e <= c->ends; e++) {
		size_t stop = e < c->ends ? c->end[e] : c->n;

		for (; i < stop; i++)
			(void)stackdist_access(m->sd, m->by_line ?
			    (uint32_t)(c->address[i] >> m->line_shift) :
			    page_of_address(&m->pages, c->address[i]));
		if (e < c->ends)
			stackdist_op_end(m->sd);
	}
}

static void
take(void *model, const uint64_t *record, size_t n)
{
	counted_take_records(record, n, ((struct curve *)model)->items_counted,
	    take_counted, model);
}

static int
phase_end(void *model)
{
	stackdist_phase_end(((struct curve *)model)->sd);
	return 0;
}

static void
destroy(void *model)
{
	struct curve *c = model;

	if (c == NULL)
		return;
	stackdist_destroy(c->sd);
	free(c);
}

/*
 * A curve of `ids` pages or lines, asked only of budgets that are
 * multiples of `grain` of them; NULL with errno set.
 */
static struct curve *
curve_create(const struct model_setup *setup, uint64_t ids, uint32_t grain)
{
	struct curve *c = calloc(1, sizeof(*c));

	if (c == NULL)
		return NULL;
	c->pages = setup->pages;
	c->items_counted = setup->items_counted;
	c->page_bytes = setup->page_bytes;
	c->sd = stackdist_create_grained((uint32_t)ids, grain);
	if (c->sd == NULL) {
		free(c);
		return NULL;
	}
	return c;
}

/* The page curve ------------------------------------------------------- */

static bool
pages_wanted(const struct model_setup *setup)
{
	return setup->paged && setup->curve;
}

static uint64_t
pages_bytes(const struct model_setup *setup)
{
	return sizeof(struct curve) + stackdist_bytes(tracked_pages(setup), 1,
	    STACKDIST_MAX_BUDGETS, tracked_pages(setup), setup->accesses);
}

static void *
pages_create(const struct model_setup *setup)
{
	struct curve *c;

	if (setup->nbudgets > STACKDIST_MAX_BUDGETS) {
		errno = EINVAL;
		return NULL;
	}
	if ((c = curve_create(setup, tracked_pages(setup), 1)) == NULL)
		return NULL;
	memcpy(c->budgets, setup->budgets, setup->nbudgets *
	    sizeof(c->budgets[0]));
	c->nbudgets = setup->nbudgets;
	if (stackdist_budgets(c->sd, c->budgets, c->nbudgets) != 0) {
		destroy(c);
		return NULL;
	}
	return c;
}

/*
 * With a trace, the whole LRU stack, least recent first: replayed
 * through an LRU of any budget R, its top R pages are the resident set
 * that budget starts the phase with.
 */
static int
pages_phase(void *model, FILE *trace)
{
	struct curve *c = model;
	uint32_t footprint = stackdist_footprint(c->sd), *stack;
	size_t n, i;

	stackdist_phase(c->sd);
	if (trace == NULL)
		return 0;
	if ((stack = calloc((size_t)footprint + 1, sizeof(*stack))) == NULL)
		return -1;
	n = stackdist_stack(c->sd, stack, footprint);
	for (i = 0; i < n; i++)
		pages_trace(trace, c->pages.heap_pages, "resident ", stack[i]);
	free(stack);
	return 0;
}

static int
by_value(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/* A budget's counts: its distributions too where the curve keeps them. */
static void
pages_publish(const void *model, uint32_t budget,
    struct model_results *results)
{
	const struct curve *c = model;
	const uint32_t *at = bsearch(&budget, c->budgets, c->nbudgets,
	    sizeof(c->budgets[0]), by_value);

	results->simulated = true;
	results->distributions = at != NULL;
	if (at != NULL)
		results->sim = stackdist_counts(c->sd, (unsigned)(at -
		    c->budgets));
	else {
		memset(&results->sim, 0, sizeof(results->sim));
		results->sim.accesses = stackdist_accesses(c->sd);
		results->sim.distinct = stackdist_distinct(c->sd);
	}
	results->sim.faults = stackdist_faults(c->sd, budget);
}

const struct model_ops curve_model = {
	.name = "stack-distance",
	.wanted = pages_wanted,
	.bytes = pages_bytes,
	.create = pages_create,
	.take = take,
	.take_counted = take_counted,
	.phase = pages_phase,
	.phase_end = phase_end,
	.publish = pages_publish,
	.destroy = destroy,
};

/* The line curve -------------------------------------------------------- */

static bool
lines_wanted(const struct model_setup *setup)
{
	return pages_wanted(setup) && setup->line_bytes != 0 &&
	    tracked_lines(setup) <= STACKDIST_MAX_PAGES;
}

/*
 * The line curve's budgets are whole pages: a count per page of lines,
 * where a page holds several.
 */
static uint32_t
lines_grain(const struct model_setup *setup)
{
	return setup->line_bytes < setup->page_bytes ?
	    setup->page_bytes / setup->line_bytes : 1;
}

static uint64_t
lines_bytes(const struct model_setup *setup)
{
	return sizeof(struct curve) + stackdist_bytes(tracked_lines(setup),
	    lines_grain(setup), 0, model_lines_touched(setup, setup->line_bytes,
	    setup->items_counted, true), setup->accesses);
}

static void *
lines_create(const struct model_setup *setup)
{
	struct curve *c = curve_create(setup, tracked_lines(setup),
	    lines_grain(setup));

	if (c == NULL)
		return NULL;
	c->by_line = true;
	c->line_bytes = setup->line_bytes;
	for (c->line_shift = 0; (1u << c->line_shift) < c->line_bytes;
	    c->line_shift++)
		continue;
	return c;
}

static int
lines_phase(void *model, FILE *trace)
{
	(void)trace;
	stackdist_phase(((struct curve *)model)->sd);
	return 0;
}

/*
 * The misses of a fully associative LRU cache of the first level's
 * lines as large as `budget` pages; a budget past 2^32 - 1 lines holds
 * every line there is.
 */
static void
lines_publish(const void *model, uint32_t budget,
    struct model_results *results)
{
	const struct curve *c = model;
	/* Multiplied first: a line may be larger than a page. */
	uint64_t lines = (uint64_t)budget * c->page_bytes / c->line_bytes;

	results->line_misses = stackdist_faults(c->sd, lines > UINT32_MAX ?
	    UINT32_MAX : (uint32_t)lines);
	results->line_known = true;
}

const struct model_ops line_curve_model = {
	.name = MODEL_LINE_CURVE,
	.wanted = lines_wanted,
	.bytes = lines_bytes,
	.create = lines_create,
	.take = take,
	.take_counted = take_counted,
	.phase = lines_phase,
	.phase_end = phase_end,
	.publish = lines_publish,
	.destroy = destroy,
};
