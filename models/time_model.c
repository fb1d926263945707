/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * time_model.c: the timestamp time model (timemodel.h) as a model of
 * the registry (model.h).
 */
#include <assert.h>
#include <stdlib.h>

#include "model.h"
#include "timemodel.h"

static bool
wanted(const struct model_setup *setup)
{
	return setup->time_model && hier_any(&setup->cache);
}

/*
 * Its caches see slots and items alike, counted or not; with a curve,
 * the TLB's and the lines' stack instead.
 */
static uint64_t
bytes(const struct model_setup *setup)
{
	struct time_heap heap = { .curve = setup->latency_curve,
	    .walk_curve = setup->walk_curve, .pages = setup->pages };

	return model_caches_touched(setup, &setup->cache, true) +
	    timemodel_bytes(&setup->cache, setup->arena_end, &heap);
}

static void *
create(const struct model_setup *setup)
{
	struct timemodel *model = malloc(sizeof(*model));
	struct time_heap heap = {
		.layout = setup->layout,
		.rob = setup->rob,
		.walkers = TIME_WALKERS,
		.predictor = setup->predictor,
		.shape = setup->shape,
		.pages = setup->pages,
		.positions = setup->items,
		.curve = setup->latency_curve,
		.walk_curve = setup->walk_curve,
		.fence_level = setup->serialize == SERIALIZE_LEVEL ||
		    setup->serialize == SERIALIZE_BOTH,
		.fence_op = setup->serialize == SERIALIZE_OP ||
		    setup->serialize == SERIALIZE_BOTH,
	};

	assert(setup->layout != NULL);
	if (model == NULL)
		return NULL;
	if (timemodel_init(model, &setup->cache, &setup->latency,
	    setup->arena_end, &heap) != 0) {
		free(model);
		return NULL;
	}
	return model;
}

static int
phase(void *model, FILE *trace)
{
	(void)trace;
	timemodel_phase(model);
	return 0;
}

static void
publish(const void *model, uint32_t budget, struct model_results *results)
{
	(void)budget;
	results->time = timemodel_counts(model);
}

static void
destroy(void *model)
{
	if (model == NULL)
		return;
	timemodel_fini(model);
	free(model);
}

const struct model_ops timemodel_model = {
	.name = "time",
	.wanted = wanted,
	.bytes = bytes,
	.create = create,
	.take = timemodel_take,
	.phase = phase,
	.phase_end = model_phase_end_nothing,
	.publish = publish,
	.destroy = destroy,
};
