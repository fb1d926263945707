/*
 * need.c: what a run holds in memory, and the invocation's peak, for the
 * checks and for --dry-run (need.h).
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "experiment.h"
#include "heap.h"
#include "hier.h"
#include "need.h"
#include "point.h"
#include "stackdist.h"
#include "vmsim.h"

/* Parameters -------------------------------------------------------- */

#define NOTE_MEMORY_BYTES ((uint64_t)1 << 30)	/* say so from 1 GiB */
/*
 * What a run's process holds beside its arenas and model (the program,
 * libc, stacks, buffers), and the parent's before any row: a small
 * run's maxrss less its arenas, measured (tools/peak-memory.py).
 */
#define RUN_BASE_BYTES		((uint64_t)1700 << 10)
#define PARENT_BASE_BYTES	((uint64_t)2048 << 10)

/* One run ------------------------------------------------------------- */

struct need
plan_need(const struct config *config)
{
	struct footprint fp = config_footprint(config);
	struct need need = {
		.tracked_pages = fp.tracked_pages,
		.array_bytes = fp.array_bytes,
		.item_bytes = fp.item_bytes,
		/* --vm off keeps no records; the time model, caches too. */
		.model_bytes = config->vm != VM_OFF ?
		    vmsim_bytes(fp.tracked_pages, config->policy) +
		    2 * hier_bytes(&config->cache) : 0,
	};

	/* A curve keeps the stack distances of its pages and lines too. */
	if (config->vm == VM_SIM && config->sweep == SWEEP_RESIDENT) {
		need.model_bytes += stackdist_bytes(fp.tracked_pages);
		if (config_line_curve_lines(config) <= STACKDIST_MAX_PAGES)
			need.model_bytes += stackdist_bytes(
			    config_line_curve_lines(config));
	}

	need.total_bytes = need.array_bytes + need.item_bytes +
	    need.model_bytes;
	return need;
}

/*
 * The page ids opt records per operation with the array model, about
 * two each time a sift moves to another page (its parent's and the
 * child's slots alternate): each layout estimates its page changes
 * (heap.h).  The full model's item pages make almost every access a
 * change: vmsim.h's bound per operation.
 */
static double
records_per_op(const struct config *config, const struct layout *layout)
{
	struct shape shape = config_shape(config);
	double levels = log2((double)config->items + 1);
	double e = log2((double)config_entries_per_page(config));

	if (config->model == MODEL_FULL)
		return (double)VMSIM_OPT_ACCESSES_PER_OP(ceil(levels), 2);
	return 2 * layout->page_changes(&shape, levels, e);
}

/* opt's recording of its longest phase, at its end (vmsim.h). */
static uint64_t
record_bytes(const struct config *config, const struct layout *layout)
{
	const unsigned by_ops = 1u << WL_REPLACE | 1u << WL_REORDER |
	    1u << WL_MIX;
	uint64_t ops = config->workloads & by_ops ? config->ops : 0;

	if (config->policy != POLICY_OPT || config->vm != VM_SIM)
		return 0;
	if (config->items > ops)
		ops = config->items;
	return (uint64_t)(records_per_op(config, layout) * (double)ops *
	    VMSIM_OPT_BYTES_PER_ACCESS);
}

/* The largest run of a point's layouts: its process's maxrss. */
static uint64_t
run_bytes(const struct config *config, uint64_t *record)
{
	uint64_t most = 0, bytes;
	unsigned l;

	for (l = 0; l < LAYOUT_COUNT; l++)
		if (config->layouts & 1u << l) {
			bytes = record_bytes(config, layouts[l]);
			if (bytes > most)
				most = bytes;
		}
	if (record != NULL)
		*record = most;
	return RUN_BASE_BYTES + need_total(config) + most;
}

/* Keeps the n largest of the values offered, in top[0 .. n-1]. */
static void
keep_largest(uint64_t top[], unsigned n, uint64_t value)
{
	unsigned i, smallest = 0;

	for (i = 1; i < n; i++)
		if (top[i] < top[smallest])
			smallest = i;
	if (value > top[smallest])
		top[smallest] = value;
}

/*
 * The peak of the whole invocation: the parent with every row as it
 * sorts them, and the plan's --jobs largest runs side by side, each
 * layout of a pass tracked and, with a page model, untracked.
 */
uint64_t
plan_peak(const struct plan *plan, uint64_t *rows_bytes)
{
	uint64_t top[EXPERIMENT_MAX_JOBS] = { 0 }, peak, rows = 0;
	unsigned jobs = plan->jobs, l;
	size_t p;

	for (p = 0; p < plan->npasses; p++) {
		const struct config *point = &plan->points[plan->passes[p].first];
		struct footprint fp = config_footprint(point);
		unsigned phases = (unsigned)__builtin_popcount(point->workloads);

		for (l = 0; l < LAYOUT_COUNT; l++) {
			if (!(point->layouts & 1u << l))
				continue;
			keep_largest(top, jobs, run_bytes(point, NULL));
			if (point->vm != VM_OFF)
				keep_largest(top, jobs, RUN_BASE_BYTES +
				    fp.array_bytes + fp.item_bytes);
			rows += (uint64_t)plan->passes[p].count * phases;
		}
	}
	*rows_bytes = rows * experiment_row_bytes();
	peak = PARENT_BASE_BYTES + *rows_bytes;
	for (l = 0; l < jobs; l++)
		peak += top[l];
	return peak;
}

uint64_t
need_total(const struct config *config)
{
	return plan_need(config).total_bytes;
}

uint64_t
need_physical(void)
{
	return (uint64_t)sysconf(_SC_PHYS_PAGES) *
	    (uint64_t)sysconf(_SC_PAGESIZE);
}

/* One line of plan_write_needs(), without its peak. */
static void
need_line(char *line, size_t size, const struct config *point)
{
	struct need need = plan_need(point);
	uint64_t record, run = run_bytes(point, &record);

	snprintf(line, size, "%" PRIu64 ",%" PRIu64 ",%s,%s,%" PRIu64 ",%"
	    PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64,
	    point->items, point->page_bytes, model_names[point->model],
	    vm_names[point->vm], need.tracked_pages, need.array_bytes,
	    need.item_bytes, need.model_bytes, record, run);
}

int
plan_write_needs(FILE *out, const struct plan *plan)
{
	char line[256], last[256] = "";
	uint64_t rows_bytes, peak = plan_peak(plan, &rows_bytes);
	size_t i;

	fputs("items,page_bytes,model,vm,tracked_pages,array_bytes,"
	    "item_bytes,model_bytes,record_bytes,memory_bytes,rows_bytes,"
	    "peak_bytes\n", out);
	/* Points alike but for their budget need the same: one line. */
	for (i = 0; i < plan->npoints; i++) {
		need_line(line, sizeof(line), &plan->points[i]);
		if (strcmp(line, last) == 0)
			continue;
		fprintf(out, "%s,%" PRIu64 ",%" PRIu64 "\n", line, rows_bytes,
		    peak);
		snprintf(last, sizeof(last), "%s", line);
	}
	return fflush(out) != 0 || ferror(out) ? -1 : 0;
}

const char *
plan_memory_note(const struct plan *plan)
{
	static char note[PLAN_WHY_BYTES];
	const struct config *largest = &plan->points[0];
	struct need parts;
	uint64_t need;
	size_t i;

	for (i = 1; i < plan->npoints; i++)
		if (need_total(&plan->points[i]) > need_total(largest))
			largest = &plan->points[i];
	need = need_total(largest);
	if (need < NOTE_MEMORY_BYTES)
		return NULL;
	parts = plan_need(largest);
	snprintf(note, sizeof(note), "%" PRIu64 " items need %.2f GiB per "
	    "layout run (heap array %.2f, items %.2f, page model %.2f); this "
	    "machine has %.2f GiB", largest->items, plan_gib(need),
	    plan_gib(parts.array_bytes), plan_gib(parts.item_bytes),
	    plan_gib(parts.model_bytes), plan_gib(need_physical()));
	return note;
}
