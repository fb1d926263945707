/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * args.c: bheapsim's command line into a plan request (args.h), option
 * by option, in groups: the heaps, the memory, the caches, the outputs,
 * the sweep.
 */
#include <assert.h>
#include <err.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "args.h"
#include "escape.h"
#include "experiment.h"
#include "heap.h"
#include "help.h"
#include "hieropt.h"
#include "options.h"
#include "parse.h"
#include "report.h"

/* A report field, or a table heading naming one, or "misses". */
static const char *
plot_y_option(const char *text)
{
	const char *field = report_field_named(text);
	char list[REPORT_FIELD_LIST_BYTES];

	if (field != NULL || strcmp(text, PLOT_MISSES) == 0)
		return field != NULL ? field : text;
	report_field_list(list, sizeof(list), true);
	errx(EXIT_USAGE, "--plot-y: '%s' is not a report field; numeric "
	    "ones: %s, or %s", printable(text), list, PLOT_MISSES);
}

static void
columns_option(const char *text)
{
	char why[REPORT_FIELD_LIST_BYTES + 256];

	if (report_choose_columns(text, why, sizeof(why)) != 0)
		errx(EXIT_USAGE, "--columns: %s", why);
}

enum {
	OPT_ITEMS = 256, OPT_OPS, OPT_LAYOUT, OPT_WORKLOAD, OPT_MODEL,
	OPT_RESIDENT, OPT_PAGE_SIZE, OPT_ITEM_BYTES, OPT_DISK_LATENCY, OPT_VM,
	OPT_VM_DIR,
	OPT_SEED, OPT_FORCE, OPT_DRY_RUN, OPT_SHARD, OPT_JOBS, OPT_FORMAT, OPT_OUTPUT, OPT_TRACE, OPT_SWEEP,
	OPT_PLOT, OPT_PLOT_Y, OPT_HELP,
	OPT_VERSION, OPT_ARITY, OPT_POLICY, OPT_CACHE, OPT_TLB, OPT_LATENCY,
	OPT_COLUMNS, OPT_TIME_MODEL, OPT_PIPELINE, OPT_NO_PIPELINE,
	OPT_THREE_C,
	OPT_LATENCY_CURVE, OPT_WALK_CURVE, OPT_SERIALIZE, OPT_ROB,
	OPT_PREDICTOR
};

static const struct option options[] = {
	{ "items", required_argument, NULL, OPT_ITEMS },
	{ "ops", required_argument, NULL, OPT_OPS },
	{ "layout", required_argument, NULL, OPT_LAYOUT },
	{ "arity", required_argument, NULL, OPT_ARITY },
	{ "workload", required_argument, NULL, OPT_WORKLOAD },
	{ "model", required_argument, NULL, OPT_MODEL },
	{ "resident", required_argument, NULL, OPT_RESIDENT },
	{ "page-size", required_argument, NULL, OPT_PAGE_SIZE },
	{ "item-bytes", required_argument, NULL, OPT_ITEM_BYTES },
	{ "disk-latency", required_argument, NULL, OPT_DISK_LATENCY },
	{ "vm", required_argument, NULL, OPT_VM },
	{ "vm-dir", required_argument, NULL, OPT_VM_DIR },
	{ "policy", required_argument, NULL, OPT_POLICY },
	{ "cache", required_argument, NULL, OPT_CACHE },
	{ "tlb", required_argument, NULL, OPT_TLB },
	{ "latency", required_argument, NULL, OPT_LATENCY },
	{ "latency-curve", required_argument, NULL, OPT_LATENCY_CURVE },
	{ "walk-curve", required_argument, NULL, OPT_WALK_CURVE },
	{ "serialize", required_argument, NULL, OPT_SERIALIZE },
	{ "rob", required_argument, NULL, OPT_ROB },
	{ "predictor", required_argument, NULL, OPT_PREDICTOR },
	{ "time-model", no_argument, NULL, OPT_TIME_MODEL },
	{ "three-c", no_argument, NULL, OPT_THREE_C },
	{ "seed", required_argument, NULL, OPT_SEED },
	{ "force", no_argument, NULL, OPT_FORCE },
	{ "pipeline", no_argument, NULL, OPT_PIPELINE },
	{ "no-pipeline", no_argument, NULL, OPT_NO_PIPELINE },
	{ "dry-run", no_argument, NULL, OPT_DRY_RUN },
	{ "shard", required_argument, NULL, OPT_SHARD },
	{ "jobs", required_argument, NULL, OPT_JOBS },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "output", required_argument, NULL, OPT_OUTPUT },
	{ "trace", required_argument, NULL, OPT_TRACE },
	{ "sweep", required_argument, NULL, OPT_SWEEP },
	{ "plot", required_argument, NULL, OPT_PLOT },
	{ "plot-y", required_argument, NULL, OPT_PLOT_Y },
	{ "columns", required_argument, NULL, OPT_COLUMNS },
	{ "help", no_argument, NULL, OPT_HELP },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ NULL, 0, NULL, 0 },
};

static void
disk_latency_option(const char *text, uint64_t *ns)
{
	if (parse_duration_ns(text, CONFIG_MAX_DISK_LATENCY_NS, ns) != 0)
		errx(EXIT_USAGE, "--disk-latency: '%s' is not a time from 0 to "
		    "%" PRIu64 "s in whole nanoseconds: a decimal number with "
		    "ns, us, ms or s (bare: ms)", printable(text),
		    CONFIG_MAX_DISK_LATENCY_NS / 1000000000);
}

/* The heaps and their workloads; false: not one of these options. */
static bool
heap_option(int c, const char *value, struct plan_request *request)
{
	struct config *config = &request->config;

	switch (c) {
	case OPT_ITEMS:
		config->items = count_option("--items", value, 1,
		    HEAP_MAX_ITEMS);
		request->items = value;
		return true;
	case OPT_OPS:
		config->ops = count_option("--ops", value, 1, CONFIG_MAX_OPS);
		request->ops = value;
		return true;
	case OPT_LAYOUT:
		config->layouts = layout_option(value);
		return true;
	case OPT_ARITY:
		config->arity = (unsigned)count_option("--arity", value,
		    DARY_MIN_ARITY, DARY_MAX_ARITY);
		request->arity = value;
		return true;
	case OPT_WORKLOAD:
		config->workloads = list_option("--workload", value,
		    workload_names, WL_COUNT);
		return true;
	case OPT_SEED:
		config->seed = count_option("--seed", value, 0, UINT64_MAX);
		return true;
	}
	return false;
}

/* The memory the heaps run in, and its model. */
static bool
memory_option(int c, const char *value, struct plan_request *request)
{
	struct config *config = &request->config;

	switch (c) {
	case OPT_MODEL:
		config->model = name_option("--model", value, model_names);
		return true;
	case OPT_RESIDENT: {
		struct resident_choice r = resident_option(value);

		request->resident_all = r.all;
		request->resident = r.all ? NULL : value;
		request->resident_bytes = r.bytes;
		request->resident_value = r.value;
		return true;
	}
	case OPT_PAGE_SIZE:
		config->page_bytes = size_option("--page-size", value,
		    CONFIG_MIN_ENTRIES * ABI_PTR_BYTES, CONFIG_MAX_PAGE_BYTES);
		request->page_size = value;
		return true;
	case OPT_ITEM_BYTES:
		config->item_bytes = size_option("--item-bytes", value,
		    sizeof(struct item), CONFIG_MAX_ITEM_BYTES);
		return true;
	case OPT_DISK_LATENCY:
		disk_latency_option(value, &config->disk_latency_ns);
		request->disk_latency = value;
		return true;
	case OPT_VM:
		config->vm = name_option("--vm", value, vm_names);
		return true;
	case OPT_SERIALIZE:
		config->serialize = name_option("--serialize", value,
		    serialize_names);
		return true;
	case OPT_VM_DIR:
		config->vm_dir = value;
		return true;
	case OPT_POLICY:
		config->sweep.policies = list_option("--policy", value,
		    policy_names, POLICY_COUNT);
		request->policy_given = true;
		return true;
	}
	return false;
}

/* The caches and TLB: --cache off without --tlb turns the TLB off too. */
struct hierarchy_given {
	bool	cache_off;
	bool	tlb;
};

static bool
hierarchy_option(int c, const char *value, struct plan_request *request,
    struct hierarchy_given *given)
{
	struct config *config = &request->config;

	switch (c) {
	case OPT_CACHE:
		given->cache_off = cache_option(value, &config->cache);
		break;
	case OPT_TLB:
		tlb_option(value, &config->cache);
		given->tlb = true;
		break;
	case OPT_LATENCY: {
		unsigned named = latency_option(value, &config->latency), k;

		for (k = 0; k < HIER_COSTS; k++)
			if (named & 1u << k)
				request->latency[k] = value;
		break;
	}
	case OPT_LATENCY_CURVE:
		latency_curve_option("--latency-curve", value,
		    &config->latency_curve);
		break;
	case OPT_WALK_CURVE:
		latency_curve_option("--walk-curve", value,
		    &config->walk_curve);
		break;
	case OPT_PREDICTOR:
		config->predictor = name_option("--predictor", value,
		    predict_names);
		return true;
	case OPT_ROB:
		config->rob = (unsigned)count_option("--rob", value,
		    TIME_ROB_MIN, TIME_ROB_MAX);
		return true;
	case OPT_TIME_MODEL:
		config->time_model = true;
		return true;
	case OPT_THREE_C:
		config->three_c = true;
		return true;
	default:
		return false;
	}
	request->hierarchy_given = true;
	return true;
}

/*
 * An output's "-" is the standard output, as coreutils reads it: for the
 * report that is no --output; a trace or plot is written there by name.
 */
static const char *
standard_output(const char *value)
{
	return strcmp(value, "-") == 0 ? "/dev/stdout" : value;
}

/* How the runs are done and where their results go. */
static bool
output_option(int c, const char *value, struct plan_request *request)
{
	struct config *config = &request->config;

	switch (c) {
	case OPT_FORCE:
		request->force = true;
		return true;
	case OPT_DRY_RUN:
		request->dry_run = true;
		return true;
	case OPT_PIPELINE:
		config->pipeline = PIPELINE_ON;
		return true;
	case OPT_NO_PIPELINE:
		config->pipeline = PIPELINE_OFF;
		return true;
	case OPT_JOBS:
		request->jobs = (unsigned)count_option("--jobs", value, 1,
		    EXPERIMENT_MAX_JOBS);
		return true;
	case OPT_SHARD:
		shard_option(value, &request->shard, &request->shards);
		return true;
	case OPT_FORMAT:
		config->report.format = name_option("--format", value, format_names);
		request->format_given = true;
		return true;
	case OPT_OUTPUT:	/* "-": the standard output, as coreutils */
		config->report.output = strcmp(value, "-") == 0 ? NULL : value;
		return true;
	case OPT_TRACE:
		config->report.trace = standard_output(value);
		return true;
	case OPT_COLUMNS:
		columns_option(value);
		request->columns = value;
		return true;
	}
	return false;
}

/* What is drawn: a sweep and its plot. */
static bool
sweep_option(int c, const char *value, struct plan_request *request)
{
	switch (c) {
	case OPT_SWEEP:
		request->sweep = value;
		return true;
	case OPT_PLOT:
		if (request->nplots == PLOT_MAX)
			errx(EXIT_USAGE, "--plot: '%s': one run draws at most "
			    "%u charts", printable(value), PLOT_MAX);
		request->plot[request->nplots++] = standard_output(value);
		return true;
	case OPT_PLOT_Y:
		if (request->nplot_ys == PLOT_MAX)
			errx(EXIT_USAGE, "--plot-y: '%s': one run draws at most "
			    "%u charts", printable(value), PLOT_MAX);
		request->plot_y_text[request->nplot_ys] = value;
		request->plot_y[request->nplot_ys++] = plot_y_option(value);
		return true;
	}
	return false;
}

/* What the options set: the request, and which caches were named. */
struct args {
	struct plan_request	*request;
	struct hierarchy_given	 given;
};

static void
take_option(int c, const char *value, void *context)
{
	struct args *args = context;
	struct plan_request *request = args->request;

	if (heap_option(c, value, request) ||
	    memory_option(c, value, request) ||
	    hierarchy_option(c, value, request, &args->given) ||
	    output_option(c, value, request) ||
	    sweep_option(c, value, request))
		return;
	if (c == OPT_HELP)
		help_print();
	assert(c == OPT_VERSION);
	help_version();
}

void
args_parse(int argc, char *argv[], struct plan_request *request)
{
	static const struct command bheapsim = { NULL, options, help_options,
	    NULL };
	struct args args = { request, { false, false } };

	request->plottable = report_plottable;
	options_parse(&bheapsim, argc, argv, take_option, &args);
	hierarchy_options_done(args.given.cache_off, args.given.tlb,
	    &request->config.cache);
}
