/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * explore_replay.c: a traced run of explain --html replayed one access
 * at a time through the models that ran it (cache.h, vmsim.h,
 * stackdist.h), learning what each access missed and evicted; its totals
 * must equal the run's.
 */
#include <err.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "cache.h"
#include "explore.h"
#include "explore_track.h"
#include "hier.h"
#include "stackdist.h"
#include "vmsim.h"

/* The replay --------------------------------------------------------- */

/* The blocks a cache of the replay holds, and where evictions go. */
struct held {
	struct cache	 cache;
	uint64_t	 block[EXPLORE_L1_LINES];
	unsigned	 n;
};

/*
 * After a miss of `block`: the block it evicted, NONE if the cache had
 * room; found as the one held before that the cache's own listing
 * (cache_trace()) no longer has.
 */
static uint64_t
evicted(struct held *h, uint64_t block)
{
	char *text = NULL, *p;
	size_t size = 0;
	uint64_t now[EXPLORE_L1_LINES], address, out = NONE;
	unsigned n = 0, i, j;
	FILE *f;

	if (h->n < h->cache.geometry.blocks) {
		h->block[h->n++] = block;
		return NONE;
	}
	if ((f = open_memstream(&text, &size)) == NULL)
		err(EXIT_FAILURE, "explain --html: a listing in memory");
	cache_trace(&h->cache, f, "");
	if (fclose(f) != 0)
		err(EXIT_FAILURE, "explain --html: a listing in memory");
	for (p = text; n < EXPLORE_L1_LINES &&
	    sscanf(p, "%" SCNu64, &address) == 1; p = strchr(p, '\n') + 1)
		now[n++] = address >> h->cache.line_shift;
	free(text);
	for (i = 0; i < h->n && out == NONE; i++) {
		for (j = 0; j < n && now[j] != h->block[i]; j++)
			continue;
		if (j == n) {
			out = h->block[i];
			h->block[i] = block;
		}
	}
	return out;
}

/* A cache of `geometry` loaded with `addresses`, oldest first. */
static void
held_init(struct held *h, const struct cache_geometry *geometry,
    const struct list *addresses)
{
	size_t i;

	if (geometry->blocks > EXPLORE_L1_LINES ||
	    cache_init(&h->cache, geometry) != 0)
		err(EXIT_FAILURE, "explain --html: a cache of %" PRIu64
		    " blocks", geometry->blocks);
	h->n = 0;
	for (i = 0; i < addresses->n; i++)
		if (!cache_access(&h->cache, addresses->v[i]))
			(void)evicted(h, addresses->v[i] >>
			    h->cache.line_shift);
	cache_phase(&h->cache);
}

/* Where vmsim tells its evictions. */
static void
note_eviction(void *context, uint32_t page)
{
	*(uint64_t *)context = page;
}

/* The resident set and the stack as the run's phase found them. */
static void
pages_init(struct vmsim **vm, struct stackdist **sd,
    const struct track *t, unsigned pages, unsigned resident)
{
	size_t i;

	*vm = vmsim_create(pages, 0, resident);
	*sd = stackdist_create(pages);
	if (*vm == NULL || *sd == NULL)
		err(EXIT_FAILURE, "explain --html: a model of %u pages", pages);
	stackdist_phase(*sd);
	vmsim_phase(*vm, NULL);
	/* The stack least recent first; LRU holds its top `resident`. */
	for (i = 0; i < t->stack.n; i++) {
		(void)stackdist_access(*sd, (uint32_t)t->stack.v[i]);
		if (i + resident >= t->stack.n)
			vmsim_access(*vm, (uint32_t)t->stack.v[i]);
	}
	stackdist_phase_end(*sd);
	stackdist_phase(*sd);
	vmsim_phase(*vm, NULL);
}

/* One access through every model: what it missed. */
static unsigned
replay_access(struct track *t, struct held *l1, struct held *tlb,
    struct vmsim *vm, struct stackdist *sd, unsigned resident,
    unsigned page_shift)
{
	uint64_t address = t->index.v[t->flags.n] * ABI_PTR_BYTES, out = NONE;
	uint32_t page = (uint32_t)(address >> page_shift), distance;
	unsigned flags = 0;

	if (!cache_access(&l1->cache, address)) {
		flags |= MISS_L1;
		track_push(&t->line_out, evicted(l1, address >> l1->cache.line_shift));
	}
	if (!cache_access(&tlb->cache, address)) {
		flags |= MISS_TLB;
		track_push(&t->tlb_out, evicted(tlb, page));
	}
	vmsim_on_evict(vm, note_eviction, &out);
	vmsim_access(vm, page);
	distance = stackdist_access(sd, page);
	track_push(&t->dist, distance == STACKDIST_COLD ? 0 : distance);
	if (distance == STACKDIST_COLD || distance > resident) {
		flags |= MISS_PAGE;
		track_push(&t->page_out, out);
	}
	return flags;
}

/* Whether the replay's count equals the run's; says which if not. */
static bool
agrees(const struct track *t, const char *what, uint64_t replay,
    uint64_t run)
{
	if (replay != run)
		warnx("explain --html: %s: the replay counts %" PRIu64 " %s, "
		    "the run %" PRIu64, layouts[t->layout]->name, replay,
		    what, run);
	return replay == run;
}

int
track_replay(struct track *t, const struct explore_request *req)
{
	unsigned pages = track_pages(req, t->layout), flags, b;
	struct held l1, tlb;
	struct vmsim *vm;
	struct stackdist *sd;
	struct config c;
	struct hier_geometry g;
	bool ok;

	track_config(&c, req, t->layout);
	g = hier_for_page(&c.cache, c.page_bytes);
	held_init(&l1, &g.level[HIER_L1], &t->l1);
	held_init(&tlb, &g.level[HIER_TLB1], &t->tlb);
	pages_init(&vm, &sd, t, pages, req->resident);
	while (t->flags.n < t->index.n) {
		flags = replay_access(t, &l1, &tlb, vm, sd, req->resident,
		    log2_exact(c.page_bytes));
		t->l1_misses += (flags & MISS_L1) != 0;
		t->tlb_misses += (flags & MISS_TLB) != 0;
		t->faults += (flags & MISS_PAGE) != 0;
		track_push(&t->flags, flags);
	}
	stackdist_phase_end(sd);
	for (b = 1; b <= pages; b++)
		track_push(&t->budget, stackdist_faults(sd, b));
	ok = agrees(t, "accesses", t->index.n, t->row.models.sim.accesses) &&
	    agrees(t, "l1 misses", t->l1_misses,
	    t->row.models.hier.misses[HIER_L1]) &&
	    agrees(t, "tlb misses", t->tlb_misses,
	    t->row.models.hier.misses[HIER_TLB1]) &&
	    agrees(t, "faults", t->faults, t->row.models.sim.faults) &&
	    agrees(t, "LRU faults", vmsim_counts(vm).faults,
	    t->row.models.sim.faults);
	vmsim_destroy(vm);
	stackdist_destroy(sd);
	cache_fini(&l1.cache);
	cache_fini(&tlb.cache);
	return ok ? 0 : EXIT_FAILURE;
}
