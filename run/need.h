/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * need.h: what a run holds in memory (peak.h adds up a whole
 * invocation's).
 */
#ifndef NEED_H
#define NEED_H

#include <stdint.h>
#include <stdio.h>

#include "config.h"

/*
 * What a run's process holds beside its arenas, model and ring (the
 * program, libc, stacks, buffers): the middle of a one-item run's
 * maxrss, 1,744 to 1,864 KiB untracked and 1,892 to 1,936 tracked
 * (--no-pipeline), five runs each (VmHWM polled as tools/peak-memory.py
 * polls it) on x86-64 in 2026-12: within 96 KiB of every one.
 */
#define NEED_RUN_BASE_BYTES	((uint64_t)1840 << 10)

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
 * What a run maps, its arenas whole, for the address space: more than
 * plan_need() counts, which is what it touches.
 */
uint64_t	need_mapped(const struct config *);
/* The bytes of plan_need(), and the machine's memory. */
uint64_t	need_total(const struct config *);
uint64_t	need_physical(void);
/*
 * The largest run of a point's layouts, as its process's maxrss: the
 * arenas, the model, opt's recording (*record, if not NULL), the
 * pipeline's ring (pipeline.h) where it has one, and the process itself.
 */
uint64_t	need_run_bytes(const struct config *, uint64_t *record);
/* The run without the page model, for the heap's own CPU time: maxrss. */
uint64_t	need_untracked_bytes(const struct config *);
double		need_gib(uint64_t bytes);

#endif
