/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * vmsim_model.c: the fixed-budget page model (vmsim.h) as a model
 * of the registry (model.h).
 */
#include <stdlib.h>

#include "model.h"
#include "vmsim.h"

struct vmsim_model {
	struct vmsim	*vm;
	struct page_map	pages;
	bool		items_counted;
};

static bool
wanted(const struct model_setup *setup)
{
	return setup->paged && !setup->curve;
}

static uint64_t
bytes(const struct model_setup *setup)
{
	return vmsim_bytes((uint64_t)setup->array_pages + setup->item_pages,
	    setup->budget, setup->policy);
}

static void *
create(const struct model_setup *setup)
{
	struct vmsim_model *m = malloc(sizeof(*m));

	if (m == NULL)
		return NULL;
	m->pages = setup->pages;
	m->items_counted = setup->items_counted;
	m->vm = vmsim_create(setup->array_pages, setup->item_pages,
	    setup->budget);
	if (m->vm == NULL || vmsim_set_policy(m->vm, setup->policy) != 0) {
		vmsim_destroy(m->vm);
		free(m);
		return NULL;
	}
	if (setup->evict != NULL)
		vmsim_on_evict(m->vm, setup->evict, setup->evict_context);
	return m;
}

/* Each operation's accesses, then its end. */
static void
take_counted(void *model, const struct counted *c)
{
	struct vmsim_model *m = model;
	size_t i = 0, e;

	for (e = 0; e <= c->ends; e++) {
		size_t stop = e < c->ends ? c->end[e] : c->n;

		vmsim_take(m->vm, c->address + i, stop - i,
		    m->pages.byte_shift);
		i = stop;
		if (e < c->ends)
			vmsim_op_end(m->vm);
	}
}

static void
take(void *model, const uint64_t *record, size_t n)
{
	counted_take_records(record, n,
	    ((struct vmsim_model *)model)->items_counted, take_counted, model);
}

static int
phase(void *model, FILE *trace)
{
	vmsim_phase(((struct vmsim_model *)model)->vm, trace);
	return 0;
}

static int
phase_end(void *model)
{
	return vmsim_phase_end(((struct vmsim_model *)model)->vm);
}

static void
publish(const void *model, uint32_t budget, struct model_results *results)
{
	(void)budget;
	results->simulated = true;
	results->distributions = true;
	results->sim = vmsim_counts(((const struct vmsim_model *)model)->vm);
}

static void
destroy(void *model)
{
	struct vmsim_model *m = model;

	if (m == NULL)
		return;
	vmsim_destroy(m->vm);
	free(m);
}

const struct model_ops vmsim_model = {
	.name = "page",
	.wanted = wanted,
	.bytes = bytes,
	.create = create,
	.take = take,
	.take_counted = take_counted,
	.phase = phase,
	.phase_end = phase_end,
	.publish = publish,
	.destroy = destroy,
};
