/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * threec.c: misses classified as compulsory, capacity and conflict
 * (threec.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "threec.h"

uint64_t
threec_blocks(uint64_t address_limit, uint32_t line_bytes)
{
	return (address_limit + line_bytes - 1) / line_bytes;
}

int
threec_init(struct threec *t, const struct hier_geometry *g,
    uint64_t address_limit)
{
	unsigned k;

	memset(t, 0, sizeof(*t));
	for (k = 0; k < HIER_LEVELS; k++) {
		const struct cache_geometry *level = &g->level[k];
		uint64_t blocks;

		if (level->blocks == 0)
			continue;
		blocks = threec_blocks(address_limit, level->line_bytes);
		if (blocks == 0 || blocks > STACKDIST_MAX_PAGES) {
			threec_fini(t);
			errno = EINVAL;
			return -1;
		}
		t->counts.present[k] = true;
		if (cache_init(&t->cache[k], level) != 0 ||
		    cache_bound(&t->cache[k], address_limit) != 0 ||
		    (t->stack[k] = stackdist_create((uint32_t)blocks)) ==
		    NULL) {
			threec_fini(t);
			return -1;
		}
	}
	return 0;
}

void
threec_fini(struct threec *t)
{
	unsigned k;

	for (k = 0; k < HIER_LEVELS; k++) {
		cache_fini(&t->cache[k]);
		stackdist_destroy(t->stack[k]);
		t->stack[k] = NULL;
	}
}

void
threec_phase(struct threec *t)
{
	unsigned k;

	for (k = 0; k < HIER_LEVELS; k++) {
		memset(&t->counts.level[k], 0, sizeof(t->counts.level[k]));
		if (t->stack[k] != NULL) {
			cache_phase(&t->cache[k]);
			stackdist_phase(t->stack[k]);
		}
	}
}

/*
 * One access reaching level k: whether the level missed, with the miss
 * classified against the fully associative cache of its blocks.
 */
static bool
level_access(struct threec *t, unsigned k, uint64_t address)
{
	struct threec_level_counts *c = &t->counts.level[k];
	uint64_t block = address >> t->cache[k].line_shift;
	uint32_t distance = stackdist_access(t->stack[k], (uint32_t)block);
	bool full_miss = distance == STACKDIST_COLD ||
	    distance > t->cache[k].geometry.blocks;
	bool miss = !cache_access(&t->cache[k], address);

	c->compulsory += distance == STACKDIST_COLD;
	c->capacity += full_miss && distance != STACKDIST_COLD;
	c->misses += miss;
	c->conflict += (int64_t)miss - (int64_t)full_miss;
	return miss;
}

/* The present levels first .. end - 1, each taking the one above's misses. */
static void
cascade(struct threec *t, unsigned first, unsigned end, uint64_t address)
{
	unsigned k;

	for (k = first; k < end; k++)
		if (t->stack[k] != NULL && !level_access(t, k, address))
			return;
}

void
threec_access(struct threec *t, uint64_t address)
{
	cascade(t, HIER_L1, HIER_FIRST_TLB, address);
	cascade(t, HIER_FIRST_TLB, HIER_LEVELS, address);
}

struct threec_counts
threec_counts(const struct threec *t)
{
	return t->counts;
}
