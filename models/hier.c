/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * hier.c: the memory hierarchy's levels, their counts and their cost.
 */
#include <errno.h>
#include <stdlib.h>

#include "hier.h"

const char *const hier_level_names[HIER_LEVELS] = {
	[HIER_L1] = "l1", [HIER_L2] = "l2", [HIER_LLC] = "llc",
	[HIER_TLB1] = "tlb1", [HIER_TLB2] = "tlb2",
};

const char *const hier_cost_names[HIER_COSTS] = {
	[COST_L1] = "l1", [COST_L2] = "l2", [COST_LLC] = "llc",
	[COST_MEM] = "mem", [COST_TLB] = "tlb",
};

struct hier_geometry
hier_for_page(const struct hier_geometry *g, uint64_t page_bytes)
{
	struct hier_geometry out = *g;
	unsigned k;

	for (k = HIER_FIRST_TLB; k < HIER_LEVELS; k++)
		out.level[k].line_bytes = (uint32_t)page_bytes;
	return out;
}

/* Whether any of the levels first .. end - 1 is present. */
static bool
any_of(const struct hier_geometry *g, unsigned first, unsigned end)
{
	unsigned k;

	for (k = first; k < end; k++)
		if (g->level[k].blocks != 0)
			return true;
	return false;
}

bool
hier_any(const struct hier_geometry *g)
{
	return any_of(g, 0, HIER_LEVELS);
}

uint64_t
hier_bytes(const struct hier_geometry *g)
{
	uint64_t bytes = sizeof(struct hier);
	unsigned k;

	for (k = 0; k < HIER_LEVELS; k++)
		bytes += cache_bytes(&g->level[k]);
	return bytes;
}

struct hier *
hier_create(const struct hier_geometry *g)
{
	struct hier *hier = calloc(1, sizeof(*hier));
	unsigned k;

	if (hier == NULL)
		return NULL;
	for (k = 0; k < HIER_LEVELS; k++) {
		if (g->level[k].blocks == 0)
			continue;
		if (cache_init(&hier->level[k], &g->level[k]) != 0) {
			int saved = errno;

			hier_destroy(hier);
			errno = saved;
			return NULL;
		}
		if (k < HIER_FIRST_TLB)
			hier->data[hier->ndata++] = &hier->level[k];
		else
			hier->tlb[hier->ntlb++] = &hier->level[k];
	}
	return hier;
}

int
hier_bound(struct hier *hier, uint64_t address_limit)
{
	unsigned k;

	for (k = 0; k < HIER_LEVELS; k++)
		if (hier->level[k].tags != NULL &&
		    cache_bound(&hier->level[k], address_limit) != 0)
			return -1;
	return 0;
}

void
hier_destroy(struct hier *hier)
{
	unsigned k;

	if (hier == NULL)
		return;
	for (k = 0; k < HIER_LEVELS; k++)
		cache_fini(&hier->level[k]);
	free(hier);
}

void
hier_phase(struct hier *hier)
{
	unsigned k;

	hier->accesses = 0;
	for (k = 0; k < HIER_LEVELS; k++)
		cache_phase(&hier->level[k]);
}

struct hier_counts
hier_counts(const struct hier *hier)
{
	struct hier_counts counts = { .accesses = hier->accesses };
	unsigned k;

	for (k = 0; k < HIER_LEVELS; k++) {
		counts.present[k] = hier->level[k].tags != NULL;
		counts.misses[k] = hier->level[k].misses;
	}
	return counts;
}

void
hier_trace(const struct hier *hier, FILE *trace)
{
	unsigned k;

	for (k = 0; k < HIER_LEVELS; k++) {
		char prefix[32];

		if (hier->level[k].tags == NULL)
			continue;
		snprintf(prefix, sizeof(prefix), "cached %s ",
		    hier_level_names[k]);
		cache_trace(&hier->level[k], trace, prefix);
	}
}

/* Misses go down in lists of this many addresses at most. */
#define TAKE_CHUNK	1024u

/* The chunk's n addresses down `levels`, each the misses of the last. */
static void
cascade(struct cache *const *level, unsigned levels, const uint64_t *address,
    size_t n)
{
	uint64_t miss[2][TAKE_CHUNK];
	const uint64_t *in = address;
	unsigned k;

	for (k = 0; k < levels && n > 0; k++) {
		n = cache_take(level[k], in, n, miss[k & 1]);
		in = miss[k & 1];
	}
}

void
hier_take(struct hier *hier, const uint64_t *address, size_t n)
{
	size_t done, chunk;

	hier->accesses += n;
	for (done = 0; done < n; done += chunk) {
		chunk = n - done < TAKE_CHUNK ? n - done : TAKE_CHUNK;
		cascade(hier->data, hier->ndata, address + done, chunk);
		cascade(hier->tlb, hier->ntlb, address + done, chunk);
	}
}

bool
hier_any_present(const struct hier_counts *counts)
{
	unsigned k;

	for (k = 0; k < HIER_LEVELS; k++)
		if (counts->present[k])
			return true;
	return false;
}

bool
hier_cost_priced(const struct hier_geometry *g, enum hier_cost cost)
{
	switch (cost) {
	case COST_L1:
		return any_of(g, HIER_L1, HIER_L1 + 1);
	case COST_L2:
		return any_of(g, HIER_L2, HIER_L2 + 1);
	case COST_LLC:
		return any_of(g, HIER_LLC, HIER_LLC + 1);
	case COST_MEM:
		return any_of(g, 0, HIER_FIRST_TLB);
	case COST_TLB:
		return any_of(g, HIER_FIRST_TLB, HIER_LEVELS);
	default:
		return false;
	}
}

double
hier_time_ns(const struct hier_counts *counts,
    const struct hier_latency *latency)
{
	/* What reaching each data level costs; memory is past the last. */
	static const enum hier_cost cost_of[HIER_FIRST_TLB] = {
		[HIER_L1] = COST_L1, [HIER_L2] = COST_L2,
		[HIER_LLC] = COST_LLC,
	};
	double ns = 0;
	uint64_t reaching = counts->accesses;
	unsigned k, last_tlb = HIER_LEVELS;
	bool caches = false;

	for (k = 0; k < HIER_FIRST_TLB; k++) {
		if (!counts->present[k])
			continue;
		ns += (double)reaching * latency->ns[cost_of[k]];
		reaching = counts->misses[k];
		caches = true;
	}
	/* With no cache modeled, the time is the TLB's walks alone. */
	if (caches)
		ns += (double)reaching * latency->ns[COST_MEM];
	for (k = HIER_FIRST_TLB; k < HIER_LEVELS; k++)
		if (counts->present[k])
			last_tlb = k;
	if (last_tlb < HIER_LEVELS)
		ns += (double)counts->misses[last_tlb] * latency->ns[COST_TLB];
	return ns;
}
