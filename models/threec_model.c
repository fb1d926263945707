/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * threec_model.c: the three C's of every level's misses (threec.h) as a model
 * of the registry (model.h).
 */
#include <stdlib.h>

#include "model.h"
#include "threec.h"

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
		    stackdist_bytes(threec_blocks(limit, level->line_bytes), 1,
		    0, touched, UINT64_MAX);
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
take_counted(void *model, const struct counted *c)
{
	struct threec_model *m = model;
	size_t i;

	for (i = 0; i < c->n; i++)
		threec_access(&m->threec, c->address[i]);
}

static void
take(void *model, const uint64_t *record, size_t n)
{
	counted_take_records(record, n,
	    ((struct threec_model *)model)->items_counted, take_counted,
	    model);
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
	.take_counted = take_counted,
	.phase = phase,
	.phase_end = model_phase_end_nothing,
	.publish = publish,
	.destroy = destroy,
};
