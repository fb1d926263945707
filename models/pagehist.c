/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * pagehist.c: the page model's per-operation histograms (vmsim.h's
 * struct vmsim_hist) and the distribution each gives: min, median, p99
 * and max.
 */
#include "vmsim.h"

void
vmsim_hist_add(struct vmsim_hist *hist, uint64_t value)
{
	hist->count[value < VMSIM_HIST_MAX ? value : VMSIM_HIST_MAX]++;
	if (value > hist->max)
		hist->max = value;
}

/* The value below which a share `permille` / 1000 of operations lie. */
static uint64_t
hist_rank(const struct vmsim_hist *hist, uint64_t n, unsigned permille)
{
	uint64_t rank = (n * permille + 999) / 1000, seen = 0;
	unsigned v;

	if (rank == 0)
		rank = 1;
	for (v = 0; v < VMSIM_HIST_MAX; v++) {
		seen += hist->count[v];
		if (seen >= rank)
			return v;
	}
	return hist->max;
}

struct vmsim_dist
vmsim_hist_dist(const struct vmsim_hist *hist)
{
	struct vmsim_dist dist = { 0, 0, 0, 0 };
	uint64_t n = 0;
	unsigned v;

	for (v = 0; v <= VMSIM_HIST_MAX; v++)
		n += hist->count[v];
	if (n == 0)
		return dist;
	dist.min = hist_rank(hist, n, 0);
	dist.median = hist_rank(hist, n, 500);
	dist.p99 = hist_rank(hist, n, 990);
	dist.max = hist->max;
	return dist;
}
