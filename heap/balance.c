/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * balance.c: the split of a piped stream's takers between the heap's
 * thread and the models' (balance.h), by trying every one: at most
 * 2^BALANCE_MAX_TAKERS, once a window.
 */
#include <assert.h>
#include <stddef.h>

#include "balance.h"

/* What the takers in `side` cost the thread they run on. */
static uint64_t
side_cost(const struct balance_costs *c, uint32_t side)
{
	uint64_t cost = (side & c->filtered) != 0 ? c->filter : 0;
	unsigned i;

	for (i = 0; i < c->n; i++)
		if (side >> i & 1)
			cost += c->taker[i];
	return cost;
}

uint64_t
balance_busier(const struct balance_costs *c, uint32_t on_heap)
{
	uint64_t heap_thread, models_thread;

	assert(c->n <= BALANCE_MAX_TAKERS &&
	    (on_heap & ~balance_every(c->n)) == 0);
	heap_thread = c->heap + side_cost(c, on_heap);
	models_thread = side_cost(c, balance_every(c->n) & ~on_heap);
	return heap_thread > models_thread ? heap_thread : models_thread;
}

static unsigned
takers_in(uint32_t split)
{
	return (unsigned)__builtin_popcount(split);
}

uint32_t
balance_best(const struct balance_costs *c)
{
	uint32_t split, best = 0;
	uint64_t least = balance_busier(c, 0), t;

	for (split = 1; split <= balance_every(c->n); split++) {
		t = balance_busier(c, split);
		if (t < least || (t == least &&
		    takers_in(split) < takers_in(best))) {
			least = t;
			best = split;
		}
	}
	return best;
}

bool
balance_worth(uint64_t from, uint64_t to)
{
	return to < from - from / BALANCE_MARGIN;
}
