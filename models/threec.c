/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * threec.c: misses classified as compulsory, capacity and conflict
 * (threec.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "stream.h"
#include "threec.h"

/* The blocks of `line_bytes` below address_limit: a stack's ids. */
static uint64_t
blocks_below(uint64_t address_limit, uint32_t line_bytes)
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
		blocks = blocks_below(address_limit, level->line_bytes);
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

/* The model (model.h) ------------------------------------------------ */

struct threec_model {
	struct threec	threec;
	bool		items_counted;
};

static bool
wanted(const struct model_setup *setup)
{
	return setup->three_c && hier_any(&setup->cache);
}

/*
 * Per present level, its caches' tags touched and a stack of the blocks
 * below the limit, of which those the heap touches; the stack's tree of
 * times whole, as after as many accesses as it holds.
 */
static uint64_t
bytes(const struct model_setup *setup)
{
	uint64_t limit = model_address_limit(setup, setup->items_counted);
	uint64_t total = sizeof(struct threec_model);
	unsigned k;

	for (k = 0; k < HIER_LEVELS; k++) {
		const struct cache_geometry *level = &setup->cache.level[k];
		uint64_t touched;

		if (level->blocks == 0)
			continue;
		touched = model_lines_touched(setup, level->line_bytes,
		    setup->items_counted, false);
		total += cache_bytes_touched(level, limit, touched,
		    model_lines_touched(setup, level->line_bytes,
		    setup->items_counted, true)) +
		    stackdist_bytes(blocks_below(limit, level->line_bytes),
		    touched, UINT64_MAX);
	}
	return total;
}

static void *
create(const struct model_setup *setup)
{
	struct threec_model *m = malloc(sizeof(*m));

	if (m == NULL)
		return NULL;
	if (threec_init(&m->threec, &setup->cache, model_address_limit(setup,
	    setup->items_counted)) != 0) {
		free(m);
		return NULL;
	}
	m->items_counted = setup->items_counted;
	return m;
}

static void
take(void *model, const uint64_t *record, size_t n)
{
	struct threec_model *m = model;
	size_t i;

	for (i = 0; i < n; i++)
		if (stream_is_counted(record[i], m->items_counted))
			threec_access(&m->threec,
			    stream_address_of(record[i]));
}

static int
phase(void *model, FILE *trace)
{
	(void)trace;
	threec_phase(&((struct threec_model *)model)->threec);
	return 0;
}

static void
publish(const void *model, uint32_t budget, struct model_results *results)
{
	(void)budget;
	results->three_c = threec_counts(&((const struct threec_model *)
	    model)->threec);
	results->three_c_known = true;
}

static void
destroy(void *model)
{
	struct threec_model *m = model;

	if (m == NULL)
		return;
	threec_fini(&m->threec);
	free(m);
}

const struct model_ops threec_model = {
	.name = "three-c",
	.wanted = wanted,
	.bytes = bytes,
	.create = create,
	.take = take,
	.phase = phase,
	.phase_end = model_phase_end_nothing,
	.publish = publish,
	.destroy = destroy,
};
