/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * balance.c: the split of a piped stream's takers between the heap's
 * thread and the models' (balance.h), by trying every one: at most
 * 2^BALANCE_MAX_TAKERS, judged a few times a run.
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

static uint32_t
every_taker(const struct balance_costs *c)
{
	return (UINT32_C(1) << c->n) - 1;
}

uint64_t
balance_busier(const struct balance_costs *c, uint32_t near)
{
	uint64_t here, there;

	assert(c->n <= BALANCE_MAX_TAKERS && (near & ~every_taker(c)) == 0);
	here = c->heap + side_cost(c, near);
	there = side_cost(c, every_taker(c) & ~near);
	return here > there ? here : there;
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

	for (split = 1; split <= every_taker(c); split++) {
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
