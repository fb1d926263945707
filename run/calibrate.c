/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * calibrate.c: small heaps in the L1, untracked and tracked, and the
 * line through their times.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "calibrate.h"
#include "workload.h"
#include "xalloc.h"

/* One workload's points: loads/op against the least ns/op seen. */
struct sample {
	double		loads[WL_COUNT];
	double		ns[WL_COUNT];
};

/* A fit made already: for rows of the same heaps and workloads. */
struct fit {
	struct config	config;
	unsigned	layout;
	double		op_ns[WL_COUNT];
	double		load_ns[WL_COUNT];
};

static int
keep(const struct result *row, void *context)
{
	struct sample *sample = context;

	if (row->config->vm == VM_OFF) {
		/* CPU time: on a shared machine the wall clock runs on. */
		double ns = result_per_op(row, row->cpu_ns);

		if (sample->ns[row->workload] == 0 ||
		    ns < sample->ns[row->workload])
			sample->ns[row->workload] = ns;
	} else if (row->models.time.ops != 0)
		sample->loads[row->workload] = (double)row->models.time.loads /
		    (double)row->models.time.ops;
	return 0;
}

/* The largest heap whose slots and items fill half the L1. */
static uint64_t
largest(const struct config *config)
{
	uint64_t l1 = config->cache.level[HIER_L1].blocks *
	    config->cache.level[HIER_L1].line_bytes;
	uint64_t n = (l1 != 0 ? l1 : 32768) / 2 /
	    (sizeof(void *) + config->item_bytes);

	return n < 2 * CALIBRATE_MIN_ITEMS ? 2 * CALIBRATE_MIN_ITEMS : n;
}

/* One size's runs: untracked, REPEATS times, then tracked once. */
static int
sample_size(const struct config *base, unsigned layout, uint64_t items,
    struct sample *sample)
{
	struct config config = *base;
	unsigned r;
	int status = 0;

	config.items = items;
	config.ops = CALIBRATE_OPS;
	config.report.trace = NULL;
	config.pmu = false;
	config.vm = VM_OFF;
	for (r = 0; r < CALIBRATE_REPEATS && status == 0; r++)
		status = workload_run(&config, 1, layout, NULL, keep, sample);
	config.vm = VM_SIM;
	config.ops = CALIBRATE_OPS / 10;
	config.resident_pages = config_footprint(&config).tracked_pages;
	if (status == 0)
		status = workload_run(&config, 1, layout, NULL, keep, sample);
	return status;
}

/* Least squares: ns = op + load x loads, neither below 0. */
static void
least_squares(const struct sample *s, size_t n, unsigned w, double *op,
    double *load)
{
	double sx = 0, sy = 0, sxx = 0, sxy = 0, d;
	size_t i;

	for (i = 0; i < n; i++) {
		sx += s[i].loads[w];
		sy += s[i].ns[w];
		sxx += s[i].loads[w] * s[i].loads[w];
		sxy += s[i].loads[w] * s[i].ns[w];
	}
	d = (double)n * sxx - sx * sx;
	*load = d > 0 ? ((double)n * sxy - sx * sy) / d : 0;
	if (*load < 0)
		*load = 0;
	*op = (sy - *load * sx) / (double)n;
	if (*op < 0) {
		*op = 0;
		*load = sxx > 0 ? sxy / sxx : 0;
	}
}

static int
fit(const struct config *base, unsigned layout, struct fit *out)
{
	struct sample sample[CALIBRATE_SIZES];
	struct config config = *base;
	uint64_t items, top = largest(base);
	size_t n = 0;
	unsigned w;
	int status = 0;

	memset(sample, 0, sizeof(sample));
	config.workloads |= 1u << WL_REPLACE;
	/* Every CALIBRATE_STEP-th size from the least, and the largest. */
	for (items = CALIBRATE_MIN_ITEMS; n < CALIBRATE_SIZES && status == 0;
	    items = items * CALIBRATE_STEP < top ? items * CALIBRATE_STEP :
	    top) {
		status = sample_size(&config, layout, items, &sample[n++]);
		if (items == top)
			break;
	}
	for (w = 0; w < WL_COUNT && status == 0; w++)
		if (config.workloads & 1u << w)
			least_squares(sample, n, w, &out->op_ns[w],
			    &out->load_ns[w]);
	for (w = 0; w < WL_COUNT; w++)
		if (w == WL_FILL || w == WL_DRAIN) {
			out->op_ns[w] = out->op_ns[WL_REPLACE];
			out->load_ns[w] = out->load_ns[WL_REPLACE];
		}
	return status;
}

/* Whether a fit made for `a` serves `b`: the same heaps, workloads, L1. */
static bool
same_heaps(const struct config *a, const struct config *b)
{
	return a->workloads == b->workloads && a->page_bytes == b->page_bytes &&
	    a->arity == b->arity && a->item_bytes == b->item_bytes &&
	    a->seed == b->seed && a->model == b->model &&
	    memcmp(&a->cache, &b->cache, sizeof(a->cache)) == 0;
}

int
calibrate_row(struct calibration *cal, struct result *row)
{
	struct fit *f = NULL;
	size_t i;
	int status;

	if (!row->models.time.known)
		return 0;
	for (i = 0; i < cal->count && f == NULL; i++)
		if (cal->fit[i].layout == row->layout &&
		    same_heaps(&cal->fit[i].config, row->config))
			f = &cal->fit[i];
	if (f == NULL) {
		cal->fit = xreallocarray(cal->fit, cal->count + 1,
		    sizeof(*cal->fit));
		f = &cal->fit[cal->count];
		memset(f, 0, sizeof(*f));
		f->config = *row->config;
		f->layout = row->layout;
		status = fit(row->config, row->layout, f);
		if (status != 0)
			return status;
		cal->count++;
	}
	row->models.time.op_ns = f->op_ns[row->workload];
	row->models.time.load_ns = f->load_ns[row->workload];
	return 0;
}

void
calibrate_free(struct calibration *cal)
{
	free(cal->fit);
	cal->fit = NULL;
	cal->count = 0;
}
