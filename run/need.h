/*
 * need.h: what a run holds in memory, and what a whole invocation holds
 * at its peak: the parent with the rows it collects, and up to --jobs
 * runs side by side.
 */
#ifndef NEED_H
#define NEED_H

#include <stdint.h>
#include <stdio.h>

#include "config.h"
#include "plan.h"

/* What one layout's run of a config maps. */
struct need {
	uint64_t	tracked_pages;	/* the pages the model counts */
	uint64_t	array_bytes;	/* the heap array */
	uint64_t	item_bytes;	/* the item arena */
	uint64_t	model_bytes;	/* the page model's records */
	uint64_t	total_bytes;
};

struct need	plan_need(const struct config *);

/*
 * Writes, as CSV, what each point of the plan needs (--dry-run): its
 * items, page size, model and the figures of struct need.
 */
int	plan_write_needs(FILE *, const struct plan *);

/*
 * What the largest point needs, as a line for stderr, when a run needs
 * so much memory that it should say so before it starts; else NULL.
 */
const char *plan_memory_note(const struct plan *);

/*
 * The whole invocation's peak, as the sum of its processes' maxrss: the
 * parent's (with *rows_bytes for the rows it collects) and its --jobs
 * largest runs', each a layout's arenas, model, opt's recording and the
 * process itself.
 */
uint64_t	plan_peak(const struct plan *, uint64_t *rows_bytes);

/* The bytes of plan_need(), and the machine's memory. */
uint64_t	need_total(const struct config *);
uint64_t	need_physical(void);

#endif
