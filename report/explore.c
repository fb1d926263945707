/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * explore.c: the data of "bheapsim explain --html" (explore.h): one
 * traced run per layout, replayed access by access through the models
 * that ran it, written as a JSON object inside the page.
 */
#include <err.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "explore.h"
#include "explore_track.h"
#include "heap.h"
#include "hier.h"
#include "result.h"
#include "workload.h"

/* Lists ------------------------------------------------------------- */

void
track_push(struct list *l, uint64_t value)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 64;
		uint64_t *v = reallocarray(l->v, cap, sizeof(*v));

		if (v == NULL)
			err(EXIT_FAILURE, "explain --html: %zu numbers", cap);
		l->v = v;
		l->cap = cap;
	}
	l->v[l->n++] = value;
}

static void
track_free(struct track *t)
{
	struct list *lists[] = { &t->index, &t->write, &t->flags, &t->dist, &t->page_out,
	    &t->line_out, &t->tlb_out, &t->stack, &t->l1, &t->tlb,
	    &t->op_end, &t->budget };
	size_t i;

	for (i = 0; i < sizeof(lists) / sizeof(lists[0]); i++)
		free(lists[i]->v);
}

/* The run ------------------------------------------------------------ */

void
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

unsigned
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

/* The accesses up to the end of each operation: a run per count. */
static int
find_op_ends(struct track *t, const struct explore_request *req)
{
	struct config c;
	unsigned k;
	int status;

	for (k = 1; k < req->ops; k++) {
		track_config(&c, req, t->layout);
		c.ops = k;
		memset(&c.cache, 0, sizeof(c.cache));
		t->have_row = false;
		status = workload_run(&c, 1, t->layout, NULL, keep_row, t);
		if (status != 0)
			return status;
		track_push(&t->op_end, t->row.models.sim.accesses);
	}
	track_push(&t->op_end, t->index.n);
	return 0;
}

/* One line of the trace (the man page's Traces) into the track. */
static void
read_line(struct track *t, const char *line, unsigned entry_bytes)
{
	uint64_t address;
	unsigned page;
	char kind;

	if (sscanf(line, "cached l1 %" SCNu64, &address) == 1)
		track_push(&t->l1, address);
	else if (sscanf(line, "cached tlb1 %" SCNu64, &address) == 1)
		track_push(&t->tlb, address);
	else if (sscanf(line, "resident heap %u", &page) == 1)
		track_push(&t->stack, page);
	else if (sscanf(line, "heap %u %" SCNu64 " %c", &page, &address,
	    &kind) == 3) {
		track_push(&t->index, address / entry_bytes);
		track_push(&t->write, kind == 'w');
	}
}

/* The run at --resident, its trace read into the track. */
static int
run_traced(struct track *t, const struct explore_request *req)
{
	struct config points[2];
	char *text = NULL, *line, *next;
	size_t size = 0;
	FILE *trace;
	int status;

	track_config(&points[0], req, t->layout);
	points[1] = points[0];
	/* Two budgets make it a curve, whose trace is the whole stack. */
	points[1].resident_pages = track_pages(req, t->layout) + 1;
	trace = open_memstream(&text, &size);
	if (trace == NULL)
		err(EXIT_FAILURE, "explain --html: a trace in memory");
	status = workload_run(points, 2, t->layout, trace, keep_row, t);
	if (fclose(trace) != 0)
		err(EXIT_FAILURE, "explain --html: a trace in memory");
	for (line = text; status == 0 && line != NULL && *line != '\0';
	    line = next) {
		next = strchr(line, '\n');
		if (next != NULL)
			*next++ = '\0';
		read_line(t, line, ABI_PTR_BYTES);
	}
	free(text);
	if (status == 0 && !t->have_row) {
		warnx("explain --html: the %s run gave no row",
		    layouts[t->layout]->name);
		return EXIT_FAILURE;
	}
	return status;
}

/* The JSON ----------------------------------------------------------- */

static void
json_list(FILE *out, const char *name, const struct list *l)
{
	size_t i;

	fprintf(out, "\"%s\":[", name);
	for (i = 0; i < l->n; i++) {
		if (i > 0)
			fputc(',', out);
		if (l->v[i] == NONE)
			fputs("-1", out);
		else
			fprintf(out, "%" PRIu64, l->v[i]);
	}
	fputs("],\n", out);
}

/* The page's CSV-named totals, and the lists it plays. */
static void
json_track(FILE *out, const struct track *t, const struct config *c,
    unsigned line_shift)
{
	const struct layout *layout = layouts[t->layout];
	struct shape shape = config_shape(c);
	struct list copy = { 0 };
	unsigned u, i;

	shape.height = heap_tree_height(c->items);	/* as heap.c sets it */

	fprintf(out, "{\"layout\":\"%s\",\n\"parent\":[0", layout->name);
	for (u = 1; u <= c->items; u++)
		fprintf(out, ",%u", u == 1 ? 0u :
		    (unsigned)layout->parent(&shape, u));
	/* Position u's memory slot: the trace names slots, the tree positions. */
	fprintf(out, "],\n\"slot\":[0");
	for (u = 1; u <= c->items; u++)
		fprintf(out, ",%" PRIu64, layout->slot != NULL ?
		    layout->slot(&shape, u) : (uint64_t)u);
	fprintf(out, "],\n\"pages\":%" PRIu64 ",\n",
	    config_footprint(c).tracked_pages);
	fprintf(out, "\"totals\":{\"accesses\":%zu,\"l1_misses\":%"
	    PRIu64 ",\"tlb_misses\":%" PRIu64 ",\"sim_faults\":%" PRIu64
	    "},\n", t->index.n, t->l1_misses, t->tlb_misses, t->faults);
	json_list(out, "index", &t->index);
	fputs("\"flags\":\"", out);
	for (i = 0; i < t->flags.n; i++)
		fputc('0' + (int)t->flags.v[i], out);
	fputs("\",\n\"write\":\"", out);
	for (i = 0; i < t->write.n; i++)
		fputc('0' + (int)t->write.v[i], out);
	fputs("\",\n", out);
	json_list(out, "dist", &t->dist);
	json_list(out, "page_out", &t->page_out);
	json_list(out, "line_out", &t->line_out);
	json_list(out, "tlb_out", &t->tlb_out);
	json_list(out, "stack", &t->stack);
	/* The caches' starting blocks as lines and pages. */
	for (i = 0; i < t->l1.n; i++)
		track_push(&copy, t->l1.v[i] >> line_shift);
	json_list(out, "l1", &copy);
	copy.n = 0;
	for (i = 0; i < t->tlb.n; i++)
		track_push(&copy, t->tlb.v[i] / c->page_bytes);
	json_list(out, "tlb", &copy);
	free(copy.v);
	json_list(out, "op_end", &t->op_end);
	json_list(out, "budget", &t->budget);
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
		status = run_traced(&t, req);
		if (status == 0)
			status = track_replay(&t, req);
		if (status == 0)
			status = find_op_ends(&t, req);
		track_config(&c, req, i);
		if (status == 0) {
			fputs(n++ > 0 ? ",\n" : "", out);
			json_track(out, &t, &c,
			    log2_exact(req->line_entries * ABI_PTR_BYTES));
		}
		track_free(&t);
	}
	fputs("]}", out);
	explore_page_tail(out);
	return status;
}
