/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * model.c: what every model's estimates share (model.h).
 */
#include <string.h>

#include "model.h"

/* Parameters -------------------------------------------------------- */

/* A system page of 8-byte entries, one per line (model_lines_touched()). */
#define SPARSE_LINES		512

const struct model_ops *
model_named(const char *name)
{
	unsigned k;

	for (k = 0; k < MODEL_REGISTERED; k++)
		if (strcmp(model_registry[k]->name, name) == 0)
			return model_registry[k];
	return NULL;
}

int
model_phase_end_nothing(void *model)
{
	(void)model;
	return 0;
}

uint64_t
model_address_limit(const struct model_setup *setup, bool items)
{
	return items ? setup->arena_end : setup->array_end;
}

uint64_t
model_lines_touched(const struct model_setup *setup, uint64_t line,
    bool items, bool span)
{
	uint64_t lines = (setup->array_bytes + line - 1) / line;
	uint64_t apart = setup->item_stride / line;

	if (items && setup->item_stride < line)
		lines += (setup->item_bytes + line - 1) / line;
	else if (items)
		lines += setup->items * (!span ? 1 : apart < SPARSE_LINES ?
		    apart : SPARSE_LINES);
	return lines;
}

uint64_t
model_caches_touched(const struct model_setup *setup,
    const struct hier_geometry *g, bool items)
{
	uint64_t bytes = sizeof(struct hier);
	unsigned k;

	for (k = 0; k < HIER_LEVELS; k++)
		if (g->level[k].blocks != 0)
			bytes += cache_bytes_touched(&g->level[k],
			    model_address_limit(setup, items),
			    model_lines_touched(setup, g->level[k].line_bytes,
			    items, false), model_lines_touched(setup,
			    g->level[k].line_bytes, items, true));
	return bytes;
}
