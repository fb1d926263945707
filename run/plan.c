/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * plan.c: the options checked against each other, and a sweep expanded
 * into its points.
 *
 * Each check asks the module that owns the fact: the footprint is
 * config.c's, the model's bytes per page vmsim.c's, what a disk arena
 * needs and how many file-backed pages can be mapped arena.c's, what
 * each chart draws charts.c's.
 */
#include <err.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "abi.h"
#include "arena.h"
#include "charts.h"
#include "escape.h"
#include "heap.h"
#include "model.h"
#include "need.h"
#include "plan.h"
#include "point.h"
#include "stop.h"
#include "sweep.h"
#include "xalloc.h"

/* Parameters -------------------------------------------------------- */

/*
 * --resident all makes a row per budget, per layout and phase: a million
 * budgets already make tens of millions of rows, more than anyone reads.
 */
#define MAX_CURVE_BUDGETS ((uint64_t)1 << 20)

/* Sweeps -------------------------------------------------------------- */

static int
check_sweep(const struct plan_request *request, const struct sweep_spec *spec,
    char *why)
{
	if (request->resident_all)
		return plan_refuse(why, "--resident: 'all' is a sweep of every "
		    "budget already; not with --sweep '%s'", request->sweep);
	if (request->config.report.trace != NULL)
		return plan_refuse(why, "--trace: '%s' records one run, not a "
		    "--sweep", request->config.report.trace);
	if (spec->param == SWEEP_POLICY && request->policy_given)
		return plan_refuse(why, "--policy and --sweep '%s' both set the "
		    "policy; give one", request->sweep);
	if (spec->param == SWEEP_ITEMS && request->items != NULL)
		return plan_refuse(why, "--items: '%s' and --sweep '%s' both set "
		    "the items; give one", request->items, request->sweep);
	if (spec->param == SWEEP_PAGE_SIZE && request->page_size != NULL)
		return plan_refuse(why, "--page-size: '%s' and --sweep '%s' both "
		    "set the page size; give one", request->page_size,
		    request->sweep);
	if (spec->param == SWEEP_POLICY && request->nplots > 0)
		return plan_refuse(why, "--plot: '%s' needs a numeric x; draw "
		    "policies as lines over --sweep resident=LIST with "
		    "--policy LIST", request->plot[0]);
	if (spec->param != SWEEP_RESIDENT)
		return 0;
	if (request->config.vm == VM_OFF)
		return plan_refuse(why, "--sweep: '%s' varies the page model's "
		    "budget, which --vm off does not run", request->sweep);
	if (request->resident != NULL)
		return plan_refuse(why, "--resident: '%s' and --sweep '%s' both set "
		    "the budget; give one", request->resident, request->sweep);
	return 0;
}

/* A point's refusal names the point: its place in --sweep as written. */
static int
refused_at(char *why, size_t i, const char *sweep)
{
	size_t len = strlen(why);

	snprintf(why + len, PLAN_WHY_BYTES - len, "; at point %zu of --sweep "
	    "'%s'", i + 1, printable(sweep));
	return -1;
}

static int
apply_sweep(struct config *point, const struct sweep_spec *spec, size_t i,
    const struct plan_request *request, char *why)
{
	uint64_t value = spec->values[i];
	char text[32];

	snprintf(text, sizeof(text), "%" PRIu64, value);
	switch (spec->param) {
	case SWEEP_ITEMS:
		if (value > HEAP_MAX_ITEMS)
			return plan_refuse(why, "--sweep: items %s is more than %"
			    PRIu64, text, HEAP_MAX_ITEMS);
		point->items = value;
		break;
	case SWEEP_PAGE_SIZE:
		point->page_bytes = value;
		break;
	case SWEEP_RESIDENT:
	case SWEEP_POLICY:
	case SWEEP_NONE:
		break;
	}
	if (point_finish(point, request, why) != 0)
		return refused_at(why, i, request->sweep);
	if (spec->param == SWEEP_RESIDENT)
		return point_set_resident(point, value, spec->bytes, "--sweep", text,
		    why);
	return 0;
}

static int
expand_sweep(struct plan *plan, const struct plan_request *request,
    char *why)
{
	struct sweep_spec spec;		/* 8 KiB: SWEEP_MAX_POINTS values */
	char reason[PLAN_WHY_BYTES - 16];
	size_t i;

	if (sweep_parse(request->sweep, &spec, reason, sizeof(reason)) != 0)
		return plan_refuse(why, "--sweep: %s", reason);
	if (check_sweep(request, &spec, why) != 0)
		return -1;
	plan->base.sweep.param = spec.param;
	/* A policy sweep is --policy's list: expand_policies() runs it. */
	if (spec.param == SWEEP_POLICY) {
		plan->base.sweep.policies = 0;
		for (i = 0; i < spec.count; i++)
			plan->base.sweep.policies |= 1u << spec.values[i];
		plan->base.policy = config_first_policy(plan->base.sweep.policies);
		plan->points = &plan->base;
		plan->npoints = 1;
		return point_finish(&plan->base, request, why);
	}
	plan->npoints = spec.count;
	plan->points = xcalloc(spec.count, sizeof(*plan->points));
	/* Every point is checked before the first one runs. */
	for (i = 0; i < spec.count; i++) {
		plan->points[i] = plan->base;
		if (apply_sweep(&plan->points[i], &spec, i, request, why) != 0)
			return -1;
	}
	return point_finish(&plan->base, request, why);
}

/* Curves and passes ----------------------------------------------------- */

/* --resident all: one point per budget, from 1 page to every tracked one. */
static int
expand_all(struct plan *plan, const struct plan_request *request, char *why)
{
	struct config *base = &plan->base;
	uint64_t tracked, budget;

	if (base->sweep.policies != 1u << POLICY_LRU)
		return plan_refuse(why, "--resident: 'all' is one pass of LRU's "
		    "stack distances; other policies take one run per budget: "
		    "use --sweep resident=LIST");
	if (base->vm != VM_SIM)
		return plan_refuse(why, "--resident: 'all' needs --vm sim, whose "
		    "model gives every budget in one pass; --vm %s runs one "
		    "budget", vm_names[base->vm]);
	if (point_finish(base, request, why) != 0)
		return -1;
	tracked = config_footprint(base).tracked_pages;
	if (tracked > MAX_CURVE_BUDGETS)
		return plan_refuse(why, "--resident: 'all' would make %" PRIu64
		    " budgets, more than %" PRIu64 "; sweep a list of them "
		    "with --sweep resident=LIST", tracked, MAX_CURVE_BUDGETS);
	base->sweep.param = SWEEP_RESIDENT;
	base->sweep.resident_all = true;
	plan->npoints = (size_t)tracked;
	plan->points = xcalloc(plan->npoints, sizeof(*plan->points));
	for (budget = 1; budget <= tracked; budget++) {
		plan->points[budget - 1] = *base;
		plan->points[budget - 1].resident_pages = budget;
	}
	return 0;
}

/*
 * Several policies: every point once per policy, policy by policy, the
 * first policy's points as they are.  Only the policy's own needs
 * remain to check.
 */
static int
expand_policies(struct plan *plan, const struct plan_request *request,
    char *why)
{
	struct config *points;
	size_t n = 0, i;
	unsigned p;

	for (p = 0; p < POLICY_COUNT; p++)
		n += (plan->base.sweep.policies >> p) & 1;
	if (n == 1)
		return 0;
	if (plan->base.report.trace != NULL)
		return plan_refuse(why, "--trace: '%s' records one policy's run; "
		    "give one --policy", plan->base.report.trace);
	if (plan->base.sweep.param == SWEEP_NONE)
		plan->base.sweep.param = SWEEP_POLICY;
	if (plan->base.sweep.param == SWEEP_POLICY && request->nplots > 0)
		return plan_refuse(why, "--plot: '%s' needs a numeric x; draw "
		    "policies as lines over --sweep resident=LIST",
		    request->plot[0]);
	points = xcalloc(n * plan->npoints, sizeof(*points));
	n = 0;
	for (p = 0; p < POLICY_COUNT; p++) {
		if (!(plan->base.sweep.policies & 1u << p))
			continue;
		for (i = 0; i < plan->npoints; i++) {
			points[n] = plan->points[i];
			points[n].sweep.param = plan->base.sweep.param;
			points[n].policy = (enum policy)p;
			if (point_check_policy(&points[n++], request->force,
			    why) != 0) {
				free(points);
				return -1;
			}
		}
	}
	if (plan->points != &plan->base)
		free(plan->points);
	plan->points = points;
	plan->npoints = n;
	return 0;
}

/* Keeps points I, I+N, I+2N, ... (I from 1) of the plan's list. */
static int
take_shard(struct plan *plan, const struct plan_request *request, char *why)
{
	size_t kept = 0, i;

	if (request->shards == 0)
		return 0;
	if (plan->points == &plan->base)
		return plan_refuse(why, "--shard: %u/%u splits the points of a "
		    "--sweep or of --resident all; this run has one",
		    request->shard, request->shards);
	/* A figure of every n-th point would pass for the whole sweep's. */
	if (request->nplots > 0 && request->shards > 1)
		return plan_refuse(why, "--plot: '%s' would draw only the points "
		    "of --shard %u/%u; plot the whole sweep in one run",
		    request->plot[0], request->shard, request->shards);
	if (request->shard > plan->npoints)
		return plan_refuse(why, "--shard: %u/%u takes no point: the plan "
		    "has %zu; use at most %zu shards", request->shard,
		    request->shards, plan->npoints, plan->npoints);
	for (i = request->shard - 1; i < plan->npoints; i += request->shards)
		plan->points[kept++] = plan->points[i];
	plan->npoints = kept;
	return 0;
}

/*
 * With --vm sim, the points of a resident sweep differ only in their
 * budget, so one stack-distance pass serves a run of them: the whole
 * list for --resident all, PLAN_PASS_BUDGETS at a time for a listed
 * sweep, so that every listed budget gets exact distributions.
 */
static void
make_passes(struct plan *plan, bool all)
{
	const struct config *base = &plan->base;
	bool curve = base->vm == VM_SIM && base->sweep.param == SWEEP_RESIDENT;
	size_t per_pass = !curve ? 1 : all ? plan->npoints : PLAN_PASS_BUDGETS;
	size_t first, count;

	plan->passes = xcalloc(plan->npoints, sizeof(*plan->passes));
	for (first = 0; first < plan->npoints; first += count) {
		struct pass *pass = &plan->passes[plan->npasses++];

		/*
		 * The curve is LRU's stack distances: another policy's
		 * points run one budget at a time.  Points are policy by
		 * policy, so a pass never mixes two.
		 */
		count = 1;
		while (count < per_pass && first + count < plan->npoints &&
		    plan->points[first].policy == POLICY_LRU &&
		    plan->points[first + count].policy == POLICY_LRU)
			count++;
		pass->first = first;
		pass->count = count;
	}
}

/* The plan ------------------------------------------------------------ */

static int
expand(struct plan *plan, const struct plan_request *request, char *why)
{
	if (request->resident_all && request->sweep == NULL)
		return expand_all(plan, request, why);
	if (request->sweep != NULL)
		return expand_sweep(plan, request, why);
	if (request->nplots > 0)
		return plan_refuse(why, "--plot: '%s' needs a --sweep to draw",
		    request->plot[0]);
	plan->points = &plan->base;
	plan->npoints = 1;
	return point_finish(&plan->base, request, why);
}

/* An option that shapes no run of the request is refused, not ignored. */
static int
check_shaping(const struct plan_request *request, char *why)
{
	const struct config *config = &request->config;

	if (request->arity != NULL &&
	    !(config->layouts & 1u << LAYOUT_ID_dary))
		return plan_refuse(why, "--arity: '%s' shapes the dary layout "
		    "only; add dary to --layout", request->arity);
	if (request->ops != NULL &&
	    !(config->workloads & CONFIG_OPS_WORKLOADS))
		return plan_refuse(why, "--ops: '%s' counts the operations of "
		    "replace, reorder and mix, and --workload runs none of "
		    "them", request->ops);
	return 0;
}

/* --jobs, or by default a run per processor we may use, up to the most. */
static unsigned
jobs_of(const struct plan_request *request)
{
	unsigned most = request->processors < 1 ? 1 : request->processors;

	if (request->jobs != 0)
		return request->jobs;
	return most < EXPERIMENT_MAX_JOBS ? most : EXPERIMENT_MAX_JOBS;
}

/*
 * The tracked runs side by side: --jobs of them, or fewer where a run
 * without a sweep has fewer layouts and policies.
 */
static unsigned
side_by_side(const struct plan_request *request, const struct config *base,
    unsigned jobs)
{
	unsigned policies = (unsigned)__builtin_popcount(base->sweep.policies);
	unsigned runs = (unsigned)__builtin_popcount(base->layouts) *
	    (policies > 0 ? policies : 1);

	return request->sweep == NULL && runs < jobs ? runs : jobs;
}

/*
 * Whether the models get a thread of their own: --pipeline; or, unless
 * --no-pipeline, under --vm sim (the other modes' models must hear each
 * access at once) where this process may run on more processors than
 * the runs side by side take, so that each run's models find one free.
 */
static enum pipeline_mode
pipeline_of(const struct plan_request *request, const struct config *base,
    unsigned side)
{
	if (base->pipeline != PIPELINE_AUTO)
		return base->pipeline;
	return base->vm == VM_SIM && request->processors > side ?
	    PIPELINE_ON : PIPELINE_OFF;
}

int
plan_make(struct plan *plan, const struct plan_request *request,
    char why[PLAN_WHY_BYTES])
{
	struct config *base = &plan->base;
	unsigned side;

	memset(plan, 0, sizeof(*plan));
	*base = request->config;
	if (check_shaping(request, why) != 0)
		return -1;
	if (request->dry_run && request->format_given &&
	    base->report.format != FORMAT_CSV)
		return plan_refuse(why, "--format: '%s' is not what --dry-run "
		    "prints, which is CSV", format_names[base->report.format]);
	if (base->report.output != NULL && !request->format_given)
		base->report.format = config_format_of_path(base->report.output,
		    base->report.format);
	/* The other formats carry every field: --columns would do nothing. */
	if (request->columns != NULL && base->report.format != FORMAT_TABLE)
		return plan_refuse(why, "--columns: '%s' chooses the table's "
		    "columns, but --format is %s%s, which carries every field",
		    printable(request->columns), format_names[base->report.format],
		    request->format_given ? "" : " (from --output's name)");
	base->report.columns = request->columns;
	plan->dry_run = request->dry_run;
	plan->force = request->force;
	plan->jobs_given = request->jobs != 0;
	plan->jobs = jobs_of(request);
	side = side_by_side(request, base, plan->jobs);
	base->pipeline = pipeline_of(request, base, side);
	/* Two threads a run, each on a processor of its own. */
	base->pipeline_own_cpus = request->processors >= 2 * side;
	if (charts_fields(plan, request, why) != 0)
		return -1;
	base->policy = config_first_policy(base->sweep.policies);
	if (expand(plan, request, why) != 0 ||
	    charts_check_misses(plan, why) != 0 ||
	    expand_policies(plan, request, why) != 0 ||
	    take_shard(plan, request, why) != 0)
		return -1;
	if (charts_check_unplotted(request, why) != 0)
		return -1;
	make_passes(plan, request->resident_all);
	return 0;
}

void
plan_free(struct plan *plan)
{
	if (plan->points != &plan->base)
		free(plan->points);
	free(plan->passes);
	plan->points = NULL;
	plan->passes = NULL;
}

