/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * peak.c: the whole invocation at its peak, and --dry-run's table
 * (peak.h).
 */
#include <sys/statvfs.h>

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "experiment.h"
#include "need.h"
#include "peak.h"
#include "point.h"

/* Parameters -------------------------------------------------------- */

#define NOTE_MEMORY_BYTES ((uint64_t)1 << 30)	/* say so from 1 GiB */
/*
 * The parent's maxrss before any row: the middle of 2,456 to 2,588 KiB,
 * measured with need.h's run.
 */
#define PARENT_BASE_BYTES	((uint64_t)2520 << 10)
/* A file system's blocks for a file's own: a 64th of its size, at most. */
#define DISK_OVERHEAD		64

static uint64_t
max_u64(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
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
 * sorts them, and the larger of the plan's --jobs largest tracked runs
 * side by side and its largest untracked run, which runs alone
 * (experiment.c).
 */
uint64_t
plan_peak(const struct plan *plan, uint64_t *rows_bytes)
{
	uint64_t top[EXPERIMENT_MAX_JOBS] = { 0 }, alone = 0, beside = 0;
	uint64_t rows = 0;
	unsigned jobs = plan->jobs, l;
	size_t p;

	for (p = 0; p < plan->npasses; p++) {
		const struct config *point = &plan->points[plan->passes[p].first];
		unsigned phases = (unsigned)__builtin_popcount(point->workloads);

		for (l = 0; l < LAYOUT_COUNT; l++) {
			struct config one = *point;

			if (!(point->layouts & 1u << l))
				continue;
			/* Each layout's run, with its own recording. */
			one.layouts = 1u << l;
			if (point->vm == VM_OFF)
				alone = max_u64(alone, need_run_bytes(&one, NULL));
			else {
				keep_largest(top, jobs, need_run_bytes(&one, NULL));
				alone = max_u64(alone, need_untracked_bytes(point));
			}
			rows += (uint64_t)plan->passes[p].count * phases;
		}
	}
	*rows_bytes = rows * experiment_row_bytes();
	for (l = 0; l < jobs; l++)
		beside += top[l];
	return PARENT_BASE_BYTES + *rows_bytes + max_u64(beside, alone);
}

/* One line of plan_write_needs(), without its peak. */
static void
need_line(char *line, size_t size, const struct config *point)
{
	struct need need = plan_need(point);
	uint64_t record, run = need_run_bytes(point, &record);

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

bool
plan_memory_note(const struct plan *plan, char note[PLAN_WHY_BYTES])
{
	const struct config *largest = &plan->points[0];
	struct footprint fp;
	uint64_t need;
	size_t i;

	for (i = 1; i < plan->npoints; i++)
		if (need_mapped(&plan->points[i]) > need_mapped(largest))
			largest = &plan->points[i];
	need = need_mapped(largest);
	note[0] = '\0';
	if (need < NOTE_MEMORY_BYTES)
		return false;
	fp = config_footprint(largest);
	snprintf(note, PLAN_WHY_BYTES, "%" PRIu64 " items map %.2f GiB per "
	    "layout run (heap array %.2f, items %.2f, page model %.2f); this "
	    "machine has %.2f GiB", largest->items, need_gib(need),
	    need_gib(fp.array_bytes), need_gib(fp.item_bytes),
	    need_gib(plan_need(largest).model_bytes),
	    need_gib(need_physical()));
	return true;
}

/* What the --vm disk runs map in their directory at once: --jobs largest. */
static uint64_t
plan_disk_bytes(const struct plan *plan)
{
	uint64_t top[EXPERIMENT_MAX_JOBS] = { 0 }, sum = 0;
	unsigned l;
	size_t p;

	for (p = 0; p < plan->npasses; p++) {
		const struct config *point = &plan->points[plan->passes[p].first];
		struct footprint fp = config_footprint(point);

		for (l = 0; l < LAYOUT_COUNT && point->vm == VM_DISK; l++)
			if (point->layouts & 1u << l)
				keep_largest(top, plan->jobs, fp.array_bytes +
				    fp.item_bytes);
	}
	for (l = 0; l < plan->jobs; l++)
		sum += top[l];
	return sum;
}

/* --vm disk's files fit the free space of their directory. */
static int
disk_check(const struct plan *plan, char *why)
{
	uint64_t need = plan_disk_bytes(plan), room;
	const char *dir = plan->points[0].vm_dir;
	struct statvfs fs;

	if (need == 0 || dir == NULL || statvfs(dir, &fs) != 0)
		return 0;
	room = (uint64_t)fs.f_bavail * fs.f_frsize;
	/* The file system's own blocks for the files: a 64th more. */
	if (need + need / DISK_OVERHEAD <= room)
		return 0;
	return plan_refuse(why, "--vm-dir: '%s' has %.1f MiB free, and --vm "
	    "disk maps %.1f MiB there (%u run%s at once): name a directory "
	    "with room", dir, (double)room / (1 << 20), (double)need /
	    (1 << 20), plan->jobs, plan->jobs > 1 ? "s" : "");
}

void
peak_fit_jobs(struct plan *plan)
{
	char why[PLAN_WHY_BYTES];
	uint64_t rows;

	if (plan->jobs_given)
		return;
	while (plan->jobs > 1 && ((!plan->force &&
	    plan_peak(plan, &rows) > need_physical()) ||
	    disk_check(plan, why) != 0))
		plan->jobs--;
}

/*
 * The whole invocation at its peak: --jobs runs side by side and the
 * parent's rows, refused unless forced as one run is.
 */
int
peak_check(const struct plan *plan, char *why)
{
	uint64_t rows, peak = plan_peak(plan, &rows);

	if (disk_check(plan, why) != 0)
		return -1;
	if (plan->force || peak <= need_physical())
		return 0;
	return plan_refuse(why, "%s: %u run%s side by side and %.2f GiB of "
	    "rows need %.2f GiB at their peak, more than this machine's %.2f "
	    "GiB (--force runs anyway)", plan->jobs > 1 ? "--jobs" : "--items",
	    plan->jobs, plan->jobs > 1 ? "s" : "", need_gib(rows),
	    need_gib(peak), need_gib(need_physical()));
}
