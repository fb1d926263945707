/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * explore.c: the data of "bheapsim explain --html" (explore.h): one
 * run per layout, recorded access by access (recording.h) and checked
 * against the counts of the models that ran beside the recorder,
 * written as a JSON object inside the page.
 */
#include <assert.h>
#include <err.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "explore.h"
#include "heap.h"
#include "model.h"
#include "result.h"
#include "workload.h"
#include "xalloc.h"

/* Parameters -------------------------------------------------------- */

/* Nothing evicted: -1 in the JSON. */
#define NONE		RECORD_NOTHING

_Static_assert(EXPLORE_L1_LINES <= RECORD_MAX_BLOCKS &&
    EXPLORE_TLB_ENTRIES <= RECORD_MAX_BLOCKS, "the recorder holds them");

/* One layout's run, as the page plays it. */
struct track {
	unsigned	 layout;
	struct recording rec;		/* its last phase, access by access */
	struct result	 row;		/* the run's own, at --resident */
	bool		 have_row;
};

/* The run ------------------------------------------------------------ */

/* The config of the request's run of `layout` (main command's options). */
static void
track_config(struct config *c, const struct explore_request *req,
    unsigned layout)
{
	config_defaults(c);
	c->items = req->items;
	c->ops = req->ops;
	c->layouts = 1u << layout;
	c->workloads = 1u << req->workload;
	c->resident_pages = req->resident;
	c->page_bytes = (uint64_t)req->entries * ABI_PTR_BYTES;
	c->arity = req->arity;
	c->seed = req->seed;
	c->cache.level[HIER_L1] = (struct cache_geometry){ EXPLORE_L1_LINES,
	    EXPLORE_L1_LINES, req->line_entries * ABI_PTR_BYTES };
	c->cache.level[HIER_TLB1] = (struct cache_geometry){
	    EXPLORE_TLB_ENTRIES, EXPLORE_TLB_ENTRIES, 0 };
}

/* The pages the request's heap array takes in `layout`. */
static unsigned
track_pages(const struct explore_request *req, unsigned layout)
{
	struct config c;

	track_config(&c, req, layout);
	return (unsigned)config_footprint(&c).tracked_pages;
}

/* The most pages of the request's layouts: veb reserves a whole tree. */
unsigned
explore_pages(const struct explore_request *req)
{
	unsigned i, most = 0;

	for (i = 0; i < LAYOUT_COUNT; i++)
		if ((req->layouts & 1u << i) && track_pages(req, i) > most)
			most = track_pages(req, i);
	return most;
}

/* Half the pages of the smallest heap, at least 1: every layout faults. */
unsigned
explore_default_resident(const struct explore_request *req)
{
	unsigned i, fewest = UINT32_MAX;

	for (i = 0; i < LAYOUT_COUNT; i++)
		if ((req->layouts & 1u << i) && track_pages(req, i) < fewest)
			fewest = track_pages(req, i);
	return fewest < 2 ? 1 : fewest / 2;
}

/* Keeps the row of the first point: the one at --resident. */
static int
keep_row(const struct result *row, void *context)
{
	struct track *t = context;

	if (row->point == 0) {
		t->row = *row;
		t->have_row = true;
	}
	return 0;
}

/* Whether the recorder's count equals the run's; says which if not. */
static bool
agrees(const struct track *t, const char *what, uint64_t recorded,
    uint64_t run)
{
	if (recorded != run)
		warnx("explain --html: %s: the recorder counts %" PRIu64
		    " %s, the run %" PRIu64, layouts[t->layout]->name, recorded,
		    what, run);
	return recorded == run;
}

/*
 * The run at --resident, recorded; its totals must equal what the run's
 * own models counted, and it must have ended every operation.
 */
static int
run_recorded(struct track *t, const struct explore_request *req)
{
	const struct recording *r = &t->rec;
	struct config c;
	int status;

	track_config(&c, req, t->layout);
	c.recording = &t->rec;
	status = workload_run(&c, 1, t->layout, NULL, keep_row, t);
	if (status != 0)
		return status;
	if (!t->have_row) {
		warnx("explain --html: the %s run gave no row",
		    layouts[t->layout]->name);
		return EXIT_FAILURE;
	}
	return agrees(t, "accesses", r->naccesses,
	    t->row.models.sim.accesses) &&
	    agrees(t, "l1 misses", r->l1_misses,
	    t->row.models.hier.misses[HIER_L1]) &&
	    agrees(t, "tlb misses", r->tlb_misses,
	    t->row.models.hier.misses[HIER_TLB1]) &&
	    agrees(t, "faults", r->faults, t->row.models.sim.faults) &&
	    agrees(t, "operations", r->op_end.n, req->ops) &&
	    agrees(t, "accesses at the last end", r->op_end.v[r->op_end.n - 1],
	    r->naccesses) ? 0 : EXIT_FAILURE;
}

/* The JSON ----------------------------------------------------------- */

static void
json_number(FILE *out, uint64_t value, bool first)
{
	if (!first)
		fputc(',', out);
	if (value == NONE)
		fputs("-1", out);
	else
		fprintf(out, "%" PRIu64, value);
}

static void
json_list(FILE *out, const char *name, const struct record_list *l)
{
	size_t i;

	fprintf(out, "\"%s\":[", name);
	for (i = 0; i < l->n; i++)
		json_number(out, l->v[i], i == 0);
	fputs("],\n", out);
}

/*
 * The faults at every budget from 1 to `pages`: the first touches and
 * the accesses whose stack distance exceeds the budget.
 */
static void
json_budgets(FILE *out, const struct recording *r, uint64_t pages)
{
	uint64_t *at = xcalloc(pages + 1, sizeof(*at)), beyond, b;
	size_t i;

	for (i = 0; i < r->naccesses; i++) {
		assert(r->access[i].distance <= pages);
		at[r->access[i].distance]++;
	}
	beyond = r->naccesses - at[0];
	fputs("\"budget\":[", out);
	for (b = 1; b <= pages; b++) {
		beyond -= at[b];
		json_number(out, at[0] + beyond, b == 1);
	}
	fputs("],\n", out);
	free(at);
}

/* The page's CSV-named totals, and the lists it plays. */
static void
json_track(FILE *out, const struct track *t, const struct config *c)
{
	const struct layout *layout = layouts[t->layout];
	const struct recording *r = &t->rec;
	struct shape shape = config_shape(c);
	uint64_t pages = config_footprint(c).tracked_pages;
	unsigned u;
	size_t i;

	shape.height = heap_tree_height(c->items);	/* as heap.c sets it */

	fprintf(out, "{\"layout\":\"%s\",\n\"parent\":[0", layout->name);
	for (u = 1; u <= c->items; u++)
		fprintf(out, ",%u", u == 1 ? 0u :
		    (unsigned)layout->parent(&shape, u));
	/* Position u's memory slot: the run names slots, the tree positions. */
	fprintf(out, "],\n\"slot\":[0");
	for (u = 1; u <= c->items; u++)
		fprintf(out, ",%" PRIu64, layout->slot != NULL ?
		    layout->slot(&shape, u) : (uint64_t)u);
	fprintf(out, "],\n\"pages\":%" PRIu64 ",\n", pages);
	fprintf(out, "\"totals\":{\"accesses\":%zu,\"l1_misses\":%"
	    PRIu64 ",\"tlb_misses\":%" PRIu64 ",\"sim_faults\":%" PRIu64
	    "},\n", r->naccesses, r->l1_misses, r->tlb_misses, r->faults);
	fputs("\"index\":[", out);
	for (i = 0; i < r->naccesses; i++)
		json_number(out, r->access[i].address / ABI_PTR_BYTES, i == 0);
	fputs("],\n\"flags\":\"", out);
	for (i = 0; i < r->naccesses; i++)
		fputc('0' + r->access[i].outcome, out);
	fputs("\",\n\"write\":\"", out);
	for (i = 0; i < r->naccesses; i++)
		fputc('0' + r->access[i].write, out);
	fputs("\",\n\"dist\":[", out);
	for (i = 0; i < r->naccesses; i++)
		json_number(out, r->access[i].distance, i == 0);
	fputs("],\n", out);
	json_list(out, "page_out", &r->page_out);
	json_list(out, "line_out", &r->line_out);
	json_list(out, "tlb_out", &r->tlb_out);
	json_list(out, "stack", &r->stack);
	json_list(out, "l1", &r->l1);
	json_list(out, "tlb", &r->tlb);
	json_list(out, "op_end", &r->op_end);
	json_budgets(out, r, pages);
	fputs("\"end\":0}", out);
}

void
explore_command(char *buf, size_t size, const struct explore_request *req,
    bool all)
{
	char list[64] = "", resident[32] = "all", arity[32] = "";
	unsigned i;

	for (i = 0; i < LAYOUT_COUNT; i++)
		if (req->layouts & 1u << i)
			snprintf(list + strlen(list), sizeof(list) - strlen(list),
			    "%s%s", list[0] ? "," : "", layouts[i]->name);
	if (!all)
		snprintf(resident, sizeof(resident), "%u", req->resident);
	/* The main command refuses --arity without dary. */
	if (req->layouts & 1u << LAYOUT_ID_dary)
		snprintf(arity, sizeof(arity), " --arity %u", req->arity);
	snprintf(buf, size, "bheapsim --items %u --ops %u --workload %s "
	    "--layout %s%s --seed %" PRIu64 " --page-size %u "
	    "--resident %s --cache l1=%u/full/%u,l2=off,llc=off --tlb %u/%u "
	    "--format csv", req->items, req->ops,
	    workload_names[req->workload], list, arity, req->seed,
	    req->entries * ABI_PTR_BYTES, resident,
	    EXPLORE_L1_LINES * req->line_entries * ABI_PTR_BYTES,
	    req->line_entries * ABI_PTR_BYTES, EXPLORE_TLB_ENTRIES,
	    EXPLORE_TLB_ENTRIES);
}

static void
json_head(FILE *out, const struct explore_request *req)
{
	char command[512];

	fprintf(out, "{\"items\":%u,\"ops\":%u,\"workload\":\"%s\","
	    "\"entries\":%u,\"line_entries\":%u,\"arity\":%u,\"resident\":%u,"
	    "\"pages\":%u,\"seed\":%" PRIu64 ",\"l1_lines\":%u,"
	    "\"tlb_entries\":%u,\n", req->items, req->ops,
	    workload_names[req->workload], req->entries, req->line_entries,
	    req->arity, req->resident, explore_pages(req), req->seed,
	    EXPLORE_L1_LINES, EXPLORE_TLB_ENTRIES);
	explore_command(command, sizeof(command), req, false);
	fprintf(out, "\"command\":\"%s\",\n", command);
	explore_command(command, sizeof(command), req, true);
	fprintf(out, "\"command_all\":\"%s\",\n\"tracks\":[\n", command);
}

int
explore_write(FILE *out, const struct explore_request *req)
{
	struct track t;
	struct config c;
	unsigned i, n = 0;
	int status = 0;

	explore_page_head(out);
	json_head(out, req);
	for (i = 0; i < LAYOUT_COUNT && status == 0; i++) {
		if (!(req->layouts & 1u << i))
			continue;
		memset(&t, 0, sizeof(t));
		t.layout = i;
		status = run_recorded(&t, req);
		track_config(&c, req, i);
		if (status == 0) {
			fputs(n++ > 0 ? ",\n" : "", out);
			json_track(out, &t, &c);
		}
		recording_free(&t.rec);
	}
	fputs("]}", out);
	explore_page_tail(out);
	return status;
}
