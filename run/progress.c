/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * progress.c: "[#####.....]  42%  5/12 points, 0:42 left" on one redrawn
 * line.
 */
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

#include "monotonic.h"
#include "progress.h"

#define BAR_WIDTH 30

volatile uint64_t *progress_counter;

void
progress_start(struct progress *progress, size_t total, size_t slots)
{
	progress->enabled = total > 1 && isatty(STDERR_FILENO);
	progress->total = total;
	progress->start_ns = monotonic_ns();
	progress->finished = 0;
	progress->mark_ns[0] = progress->mark_ns[1] = progress->start_ns;
	progress->mark_points[0] = progress->mark_points[1] = 0;
	progress->slots = NULL;
	progress->nslots = 0;
	/* Without shared memory the bar counts whole passes only. */
	if (progress->enabled && slots > 0) {
		void *p = mmap(NULL, slots * sizeof(*progress->slots),
		    PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);

		if (p != MAP_FAILED) {
			progress->slots = p;
			progress->nslots = slots;
		}
	}
	progress_update(progress, 0);
}

/* The operations of the phases a job runs: fill always, as measure() does. */
static uint64_t
job_ops(const struct config *config)
{
	uint64_t ops = 0;
	unsigned w;

	for (w = 0; w < WL_COUNT; w++) {
		if (w != WL_FILL && !(config->workloads & 1u << w))
			continue;
		ops += w == WL_FILL || w == WL_DRAIN ? config->items :
		    config->ops;
	}
	return ops;
}

void
progress_job(struct progress *progress, size_t slot, double points,
    const struct config *config)
{
	if (slot >= progress->nslots)
		return;
	progress->slots[slot].done = 0;
	progress->slots[slot].ops = job_ops(config);
	progress->slots[slot].points = points;
	/* The parent runs no workload: only the child counts here. */
	progress_counter = &progress->slots[slot].done;
}

void
progress_job_done(struct progress *progress, size_t slot)
{
	if (slot >= progress->nslots)
		return;
	progress->finished += progress->slots[slot].points;
	progress->slots[slot].points = 0;
}

/*
 * The points done: those of the passes finished, or with shared counts
 * the finished jobs' shares and the running jobs' shares of theirs.
 */
static double
points_done(const struct progress *progress, size_t done)
{
	double points = progress->slots != NULL ? progress->finished :
	    (double)done;
	size_t i;

	for (i = 0; i < progress->nslots; i++) {
		const struct progress_slot *s = &progress->slots[i];
		uint64_t ops = s->done;

		if (s->points > 0 && s->ops > 0)
			points += s->points * (double)(ops < s->ops ? ops :
			    s->ops) / (double)s->ops;
	}
	return points < (double)progress->total ? points :
	    (double)progress->total;
}

/* The time left at the rate of the last window or two, if any. */
static void
eta(struct progress *progress, double points)
{
	uint64_t now = monotonic_ns();
	double spent = (double)(now - progress->mark_ns[0]) / 1e9;
	double gained = points - progress->mark_points[0];
	unsigned left;

	if (now - progress->mark_ns[1] >= PROGRESS_WINDOW_NS) {
		progress->mark_ns[0] = progress->mark_ns[1];
		progress->mark_points[0] = progress->mark_points[1];
		progress->mark_ns[1] = now;
		progress->mark_points[1] = points;
	}
	if (gained <= 0)
		return;
	left = (unsigned)(spent / gained * ((double)progress->total -
	    points) + 0.5);
	fprintf(stderr, ", %u:%02u left ", left / 60, left % 60);
}

void
progress_update(struct progress *progress, size_t done)
{
	double points, share;
	size_t filled, i;
	char bar[BAR_WIDTH + 1];

	if (!progress->enabled)
		return;
	points = points_done(progress, done);
	share = points / (double)progress->total;
	filled = (size_t)(share * BAR_WIDTH);
	for (i = 0; i < BAR_WIDTH; i++)
		bar[i] = i < filled ? '#' : '.';
	bar[BAR_WIDTH] = '\0';
	fprintf(stderr, "\r[%s] %3u%% %zu/%zu points", bar,
	    (unsigned)(share * 100), done, progress->total);
	eta(progress, points);
	fflush(stderr);
}

int
progress_wait_ms(const struct progress *progress)
{
	return progress->enabled ? PROGRESS_REDRAW_MS : -1;
}

void
progress_finish(struct progress *progress)
{
	progress_counter = NULL;
	if (progress->slots != NULL)
		munmap(progress->slots, progress->nslots *
		    sizeof(*progress->slots));
	progress->slots = NULL;
	progress->nslots = 0;
	if (!progress->enabled)
		return;
	/* Erase the bar so the terminal is left as it was. */
	fprintf(stderr, "\r%*s\r", BAR_WIDTH + 50, "");
	fflush(stderr);
}
