/*
 * progress.c: "[#####.....]  5/12 points, 0:42 left" on one redrawn line.
 */
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "progress.h"

#define BAR_WIDTH 30

static uint64_t
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void
progress_start(struct progress *progress, size_t total)
{
	progress->enabled = total > 1 && isatty(STDERR_FILENO);
	progress->total = total;
	progress->start_ns = now_ns();
	progress_update(progress, 0);
}

void
progress_update(struct progress *progress, size_t done)
{
	size_t filled = done * BAR_WIDTH / progress->total, i;
	char bar[BAR_WIDTH + 1];

	if (!progress->enabled)
		return;
	for (i = 0; i < BAR_WIDTH; i++)
		bar[i] = i < filled ? '#' : '.';
	bar[BAR_WIDTH] = '\0';
	fprintf(stderr, "\r[%s] %zu/%zu points", bar, done, progress->total);
	if (done > 0) {
		/* Points differ in cost; the mean so far is the honest guess. */
		double spent = (double)(now_ns() - progress->start_ns) / 1e9;
		unsigned left = (unsigned)(spent / (double)done *
		    (double)(progress->total - done) + 0.5);

		fprintf(stderr, ", %u:%02u left ", left / 60, left % 60);
	}
	fflush(stderr);
}

void
progress_finish(struct progress *progress)
{
	if (!progress->enabled)
		return;
	/* Erase the bar so the terminal is left as it was. */
	fprintf(stderr, "\r%*s\r", BAR_WIDTH + 40, "");
	fflush(stderr);
}
