/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * stackcurve.c: the fault curve that stackdist.c's distances give: the
 * listed budgets, phases and operations, and the queries (stackdist.h).
 *
 * Per-operation faults for K listed budgets: an access with distance d
 * faults under budget R_k iff R_k < d, that is iff k < j where j is the
 * number of listed budgets smaller than d.  So each access bumps one
 * counter, op_count[j] (j from a per-bucket table, below[], O(1)), and
 * at the operation's end the faults under R_k are sum_{j > k}
 * op_count[j]: one suffix sum over K + 1 counters.
 *
 * A grain G > 1 counts distances per bucket of G, bucket b holding
 * (b - 1) G + 1 .. b G: for a budget R = r G, d > R iff d's bucket is
 * past r, so the buckets answer every such budget exactly.
 */
#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "stackdist.h"

/* Budgets ------------------------------------------------------------- */

/* Whether a budget is a whole number of the stack's grains. */
static bool
on_grain(const struct stackdist *sd, uint32_t budget)
{
	return (budget & (((uint32_t)1 << sd->grain_shift) - 1)) == 0;
}

int
stackdist_budgets(struct stackdist *sd, const uint32_t *budgets, unsigned n)
{
	struct vmsim_hist *fault_hist = NULL;
	uint32_t b;
	unsigned k;

	assert(sd->closed);
	if (n > STACKDIST_MAX_BUDGETS) {
		errno = EINVAL;
		return -1;
	}
	for (k = 0; k < n; k++)
		if (budgets[k] == 0 || (k > 0 && budgets[k] <= budgets[k - 1]) ||
		    !on_grain(sd, budgets[k])) {
			errno = EINVAL;
			return -1;
		}
	if (n > 0) {
		fault_hist = calloc(n, sizeof(*fault_hist));
		if (fault_hist == NULL)
			return -1;
	}
	free(sd->fault_hist);
	sd->fault_hist = fault_hist;
	sd->nbudgets = n;
	if (n > 0)	/* budgets may be NULL then */
		memcpy(sd->budgets, budgets, n * sizeof(*budgets));
	/*
	 * below[b]: listed budgets under bucket b's distances, so those they
	 * fault under: for a multiple of the grain, those under b * grain.
	 */
	for (b = 1, k = 0; b <= sd->buckets; b++) {
		while (k < n && budgets[k] < (uint64_t)b << sd->grain_shift)
			k++;
		sd->below[b] = (uint8_t)k;
	}
	return 0;
}

/* Phases and operations ---------------------------------------------- */

void
stackdist_phase(struct stackdist *sd)
{
	memset(sd->hist, 0, ((size_t)sd->buckets + 1) * sizeof(*sd->hist));
	sd->cold = 0;
	sd->distinct = 0;
	sd->op_pages = 0;
	memset(sd->op_count, 0, sizeof(sd->op_count));
	if (sd->nbudgets > 0)
		memset(sd->fault_hist, 0, sd->nbudgets * sizeof(*sd->fault_hist));
	memset(sd->page_hist, 0, sizeof(*sd->page_hist));
	sd->phase_start = sd->now + 1;
	sd->op_start = sd->now + 1;
	/* The first access must go the slow way, to count its page. */
	sd->mru = STACKDIST_NONE;
	sd->closed = false;
}

void
stackdist_op_end(struct stackdist *sd)
{
	uint64_t faults = 0;
	unsigned k;

	assert(!sd->closed);
	vmsim_hist_add(sd->page_hist, sd->op_pages);
	sd->op_pages = 0;
	/* Budget k faults on the accesses deeper than it: j = k+1 .. K. */
	for (k = sd->nbudgets; k-- > 0;) {
		faults += sd->op_count[k + 1];
		vmsim_hist_add(&sd->fault_hist[k], faults);
	}
	memset(sd->op_count, 0, (sd->nbudgets + 1) * sizeof(*sd->op_count));
	sd->op_start = sd->now + 1;
	/* The next operation's first access must count its page, even the MRU. */
	sd->mru = STACKDIST_NONE;
}

void
stackdist_phase_end(struct stackdist *sd)
{
	uint64_t deeper = sd->cold;
	uint32_t r;

	assert(!sd->closed);
	/*
	 * hist[r] becomes the faults under budget r * grain: cold misses plus
	 * the accesses deeper than that.  hist[0] (no distance is 0) becomes
	 * them all.
	 */
	for (r = sd->buckets + 1; r-- > 0;) {
		uint64_t at_r = sd->hist[r];

		sd->hist[r] = deeper;
		deeper += at_r;
	}
	sd->mru = STACKDIST_NONE;
	sd->closed = true;
}

/* Queries ------------------------------------------------------------- */

uint64_t
stackdist_accesses(const struct stackdist *sd)
{
	assert(sd->closed);
	return sd->hist[0];
}

uint64_t
stackdist_distinct(const struct stackdist *sd)
{
	assert(sd->closed);
	return sd->distinct;
}

uint64_t
stackdist_faults(const struct stackdist *sd, uint32_t budget)
{
	assert(sd->closed);
	/* No distance exceeds `pages`: a larger budget misses only cold. */
	if (budget >= sd->pages)
		return sd->hist[sd->buckets];
	assert(on_grain(sd, budget));
	return sd->hist[budget >> sd->grain_shift];
}

struct vmsim_counts
stackdist_counts(const struct stackdist *sd, unsigned k)
{
	struct vmsim_counts counts;

	assert(sd->closed);
	assert(k < sd->nbudgets);
	counts.accesses = stackdist_accesses(sd);
	counts.faults = stackdist_faults(sd, sd->budgets[k]);
	counts.distinct = sd->distinct;
	counts.faults_per_op = vmsim_hist_dist(&sd->fault_hist[k]);
	counts.pages_per_op = vmsim_hist_dist(sd->page_hist);
	return counts;
}
