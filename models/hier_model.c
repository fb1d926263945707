/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * hier_model.c: the caches and TLB (hier.h) as a model
 * of the registry (model.h).
 */
#include <stdlib.h>

#include "hier.h"
#include "model.h"

struct hier_model {
	struct hier	*hier;
	bool		items_counted;
};

static bool
wanted(const struct model_setup *setup)
{
	return hier_any(&setup->cache);
}

static uint64_t
bytes(const struct model_setup *setup)
{
	return sizeof(struct hier_model) + model_caches_touched(setup,
	    &setup->cache, setup->items_counted);
}

/* The modeled addresses end with the last tracked page. */
static void *
create(const struct model_setup *setup)
{
	struct hier_model *m = malloc(sizeof(*m));

	if (m == NULL)
		return NULL;
	m->items_counted = setup->items_counted;
	m->hier = hier_create(&setup->cache);
	if (m->hier == NULL || hier_bound(m->hier, model_address_limit(setup,
	    setup->items_counted)) != 0) {
		hier_destroy(m->hier);
		free(m);
		return NULL;
	}
	return m;
}

static void
take_counted(void *model, const struct counted *c)
{
	hier_take(((struct hier_model *)model)->hier, c->address, c->n);
}

static void
take(void *model, const uint64_t *record, size_t n)
{
	counted_take_records(record, n,
	    ((struct hier_model *)model)->items_counted, take_counted, model);
}

static int
phase(void *model, FILE *trace)
{
	struct hier_model *m = model;

	hier_phase(m->hier);
	if (trace != NULL)
		hier_trace(m->hier, trace);
	return 0;
}

static void
publish(const void *model, uint32_t budget, struct model_results *results)
{
	(void)budget;
	results->hier = hier_counts(((const struct hier_model *)model)->hier);
}

static void
destroy(void *model)
{
	struct hier_model *m = model;

	if (m == NULL)
		return;
	hier_destroy(m->hier);
	free(m);
}

const struct model_ops hier_model = {
	.name = "caches' and TLB",
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
