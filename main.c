/*
 * main.c: bheapsim's command line.
 *
 * bheapsim runs a binary heap and Kamp's B-heap through the same timer
 * workloads, counts the page faults an LRU resident set of a given size
 * would take, and reports them beside what the kernel saw.  See
 * README.md for the experiment and bheapsim --help for the options.
 */
#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "abi.h"
#include "compare.h"
#include "config.h"
#include "experiment.h"
#include "explain.h"
#include "heap.h"
#include "hieropt.h"
#include "machine.h"
#include "options.h"
#include "outputs.h"
#include "parse.h"
#include "plan.h"
#include "plot.h"
#include "pmu.h"
#include "report.h"

/* Parameters -------------------------------------------------------- */

/* The Makefile passes the top version of debian/changelog. */
#ifndef BHEAPSIM_VERSION
#error "BHEAPSIM_VERSION is unset: build with make, which reads debian/changelog"
#endif
#define VERSION		BHEAPSIM_VERSION

#define MAX_LATENCY_NS	((uint64_t)3600 * 1000000000)	/* an hour */

static void
usage(FILE *out)
{
	fprintf(out,
"usage: bheapsim [--items N] [--ops M] [--layout binheap,bheap,dary]\n"
"                [--arity D] [--workload fill,replace,reorder,mix,drain]\n"
"                [--model array|full] [--resident PAGES|SIZE|all]\n"
"                [--page-size BYTES] [--item-bytes BYTES]\n"
"                [--disk-latency TIME] [--vm off|sim|kernel|disk]\n"
"                [--policy lru,clock,fifo,opt] [--vm-dir DIR] [--seed S]\n"
"                [--cache SPEC] [--tlb SPEC] [--latency LIST]\n"
"                [--force] [--dry-run] [--jobs N] [--shard I/N]\n"
"                [--format table|csv|json|md] [--output FILE]\n"
"                [--trace FILE] [--sweep PARAM=LIST] [--plot FILE.svg]\n"
"                [--plot-y FIELD] [--help] [--version]\n"
"       " EXPLAIN_SYNOPSIS
"       " COMPARE_SYNOPSIS);
}

static void
help(void)
{
	usage(stdout);
	printf(
"\n"
"Runs a binary heap, Kamp's B-heap and a d-ary heap over the same timer\n"
"workloads and counts the page faults a resident set of --resident pages\n"
"takes.  'bheapsim explain' draws where a small heap's nodes live.\n"
"\n"
"  --items N          items in the heap (default 1M; K, M, G = 10^3, 10^6, 10^9)\n"
"  --ops M            operations per replace, reorder or mix phase (default N)\n"
"  --layout LIST      heap layouts to run (default all: binheap,bheap,dary)\n"
"  --arity D          children per node of the dary layout, %u to %u\n"
"                     (default %u: one 64-byte cache line of pointers)\n"
"  --workload LIST    phases, always run in the order fill, replace, reorder,\n"
"                     mix, drain; fill runs unmeasured if not listed\n"
"                     (default fill,replace; 'all' for every phase)\n"
"  --model NAME       array: count heap-array pages only (default);\n"
"                     full: count item pages too\n"
"  --resident R       resident-page budget: pages, or a size with K, M, G\n"
"                     (2^10, 2^20, 2^30 bytes) (default 10 pages); 'all':\n"
"                     every budget from 1 page up, in one pass (--vm sim)\n"
"  --page-size BYTES  modeled page size, a power of two holding at least\n"
"                     8 pointers (default 4K)\n"
"  --item-bytes B     bytes per item, a multiple of %zu from %zu to 1M\n"
"                     (default %zu)\n"
"  --disk-latency T   cost of one fault in modeled time: ns, us, ms or s;\n"
"                     a bare number is ms (default 1ms)\n"
"  --vm MODE          sim: track every access (default); off: run untracked;\n"
"                     kernel: also drop each evicted page from memory, so\n"
"                     the kernel takes a real minor fault; disk: back the\n"
"                     arenas with a file and push evicted pages out to it,\n"
"                     for real major faults\n"
"  --policy LIST      replacement policies of the resident set, each a\n"
"                     series of its own, run in the order lru, clock,\n"
"                     fifo, opt (default lru); opt is Belady's optimum,\n"
"                     the fewest faults any policy can take\n"
"  --vm-dir DIR       where --vm disk puts its file (default $TMPDIR, /tmp)\n"
"  --cache SPEC       the caches every modeled access goes through, each\n"
"                     set-associative LRU (default this machine's): off,\n"
"                     or LEVEL=SIZE/WAYS[/LINE] or LEVEL=off, comma-\n"
"                     separated, LEVEL l1, l2 or llc, WAYS a count or\n"
"                     full, LINE default 64; e.g. l1=32K/8,l2=off\n"
"  --tlb SPEC         the data TLB, of modeled pages: off, or\n"
"                     ENTRIES/WAYS[,ENTRIES/WAYS] for one or two levels\n"
"                     (default this machine's, from CPUID, else 64/4,1536/12)\n"
"  --latency LIST     latencies of mem_ns_per_op and model_ns_per_op,\n"
"                     NAME=TIME with NAME l1, l2, llc, mem or tlb, TIME in\n"
"                     ns (or us, ms, s) (default\n"
"                     l1=1.3ns,l2=4.7ns,llc=16.7ns,mem=90ns,tlb=30ns)\n"
"  --seed S           seed of the SplitMix64 key generator (default 1)\n"
"  --force            run even if the heap needs more than physical memory\n"
"  --dry-run          check the options and print, as CSV, the memory each\n"
"                     point's layout runs map; run nothing\n"
"  --format NAME      table (default), csv, json or md; --output FILE.csv,\n"
"                     .json or .md picks the format when this is not given\n"
"  --output FILE      write the report to FILE (whole, or not at all)\n"
"  --trace FILE       write the caches' contents, the resident set and every\n"
"                     counted access of the one layout and workload run\n"
"  --sweep P=LIST     one run per value of P (resident, items, page-size or\n"
"                     policy); LIST is values and ranges A..B:xF or\n"
"                     A..B:+S, comma-separated, e.g. resident=4..1954:x2\n"
"  --jobs N           runs (layouts, sweep points) side by side in up to N\n"
"                     child processes, 1 to %u (default 1: runs side by\n"
"                     side disturb each other's timings, and so ns_per_op,\n"
"                     cpu_s and modeled_s; fault counts are the same)\n"
"  --shard I/N        run only points I, I+N, I+2N, ... of a sweep (I from 1\n"
"                     to N): shards' CSV rows make up the whole sweep's\n"
"  --plot FILE.svg    with --sweep, draw FIELD against P for every layout\n"
"                     (and policy) and the first two layouts' ratio\n"
"  --plot-y FIELD     the numeric report field to plot (default modeled_s;\n"
"                     ns_per_op with --vm off), or misses: page faults and\n"
"                     line misses per operation against memory, every layout\n"
"  --help, --version  print this, or the version, build ABI and default caches\n"
"\n"
"Exit status: 0 done, 1 system failure, 2 bad input, 3 heap order broken,\n"
"128+N stopped by signal N (129 SIGHUP, 130 SIGINT, 141 SIGPIPE, 143 SIGTERM).\n",
	    DARY_MIN_ARITY, DARY_MAX_ARITY, DARY_DEFAULT_ARITY,
	    _Alignof(struct item), sizeof(struct item), sizeof(struct item),
	    EXPERIMENT_MAX_JOBS);
	exit_printed();
}

/*
 * The version and the build's ABI; then the caches and TLB the model
 * takes by default, each level with where it came from (machine.h).
 */
static void
version(void)
{
	struct machine_hierarchy machine;
	char text[MACHINE_FORMAT_BYTES];
	unsigned k;

	printf("bheapsim %s\nabi %s, %u-byte pointers, %ld-byte system pages\n",
	    VERSION, ABI_NAME, ABI_PTR_BYTES, sysconf(_SC_PAGESIZE));
	machine_hierarchy(MACHINE_CACHE_ROOT, &machine);
	machine_format_cache(&machine.geometry, text, sizeof(text));
	printf("cache %s\n", text);
	machine_format_tlb(&machine.geometry, text, sizeof(text));
	printf("tlb %s\n", text);
	for (k = 0; k < HIER_LEVELS; k++)
		printf("  %s from %s%s%s\n", hier_level_names[k],
		    machine.source[k], machine.note[k][0] != '\0' ? ": " : "",
		    machine.note[k]);
	exit_printed();
}

/* Command line ------------------------------------------------------ */

enum {
	OPT_ITEMS = 256, OPT_OPS, OPT_LAYOUT, OPT_WORKLOAD, OPT_MODEL,
	OPT_RESIDENT, OPT_PAGE_SIZE, OPT_ITEM_BYTES, OPT_DISK_LATENCY, OPT_VM,
	OPT_VM_DIR,
	OPT_SEED, OPT_FORCE, OPT_DRY_RUN, OPT_SHARD, OPT_JOBS, OPT_FORMAT, OPT_OUTPUT, OPT_TRACE, OPT_SWEEP,
	OPT_PLOT, OPT_PLOT_Y, OPT_HELP,
	OPT_VERSION, OPT_ARITY, OPT_POLICY, OPT_CACHE, OPT_TLB, OPT_LATENCY
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
	{ "seed", required_argument, NULL, OPT_SEED },
	{ "force", no_argument, NULL, OPT_FORCE },
	{ "dry-run", no_argument, NULL, OPT_DRY_RUN },
	{ "shard", required_argument, NULL, OPT_SHARD },
	{ "jobs", required_argument, NULL, OPT_JOBS },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "output", required_argument, NULL, OPT_OUTPUT },
	{ "trace", required_argument, NULL, OPT_TRACE },
	{ "sweep", required_argument, NULL, OPT_SWEEP },
	{ "plot", required_argument, NULL, OPT_PLOT },
	{ "plot-y", required_argument, NULL, OPT_PLOT_Y },
	{ "help", no_argument, NULL, OPT_HELP },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ NULL, 0, NULL, 0 },
};

static void
parse_options(int argc, char *argv[], struct plan_request *request)
{
	struct config *config = &request->config;
	bool cache_off = false, tlb_given = false;
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":", options, NULL)) != -1) {
		switch (c) {
		case OPT_ITEMS:
			config->items = count_option("--items", optarg, 1,
			    HEAP_MAX_ITEMS);
			break;
		case OPT_OPS:
			config->ops = count_option("--ops", optarg, 1,
			    CONFIG_MAX_OPS);
			break;
		case OPT_LAYOUT:
			config->layouts = layout_option(optarg);
			break;
		case OPT_ARITY:
			config->arity = (unsigned)count_option("--arity",
			    optarg, DARY_MIN_ARITY, DARY_MAX_ARITY);
			break;
		case OPT_WORKLOAD:
			config->workloads = list_option("--workload", optarg,
			    workload_names, WL_COUNT);
			break;
		case OPT_MODEL:
			config->model = name_option("--model", optarg,
			    model_names);
			break;
		case OPT_RESIDENT:
			if (strcmp(optarg, "all") == 0) {
				request->resident_all = true;
				request->resident = NULL;
				break;
			}
			request->resident_all = false;
			request->resident = optarg;
			request->resident_bytes = has_size_suffix(optarg);
			if ((request->resident_bytes ? parse_size(optarg, 1,
			    CONFIG_MAX_RESIDENT_BYTES, &request->resident_value) :
			    parse_count(optarg, 1, CONFIG_MAX_RESIDENT_PAGES,
			    &request->resident_value)) != 0)
				errx(EXIT_USAGE, "--resident: '%s' is not a "
				    "count of pages from 1 to %" PRIu64 " or a "
				    "whole size from 1K to %" PRIu64 "G "
				    "(suffixes K, M, G: 2^10, 2^20, 2^30 bytes)",
				    optarg, CONFIG_MAX_RESIDENT_PAGES,
				    CONFIG_MAX_RESIDENT_BYTES >> 30);
			break;
		case OPT_PAGE_SIZE:
			config->page_bytes = size_option("--page-size", optarg,
			    CONFIG_MIN_ENTRIES * ABI_PTR_BYTES,
			    CONFIG_MAX_PAGE_BYTES);
			break;
		case OPT_ITEM_BYTES:
			config->item_bytes = size_option("--item-bytes",
			    optarg, sizeof(struct item),
			    CONFIG_MAX_ITEM_BYTES);
			break;
		case OPT_DISK_LATENCY:
			if (parse_duration_ns(optarg, MAX_LATENCY_NS,
			    &config->disk_latency_ns) != 0)
				errx(EXIT_USAGE, "--disk-latency: '%s' is not "
				    "a time from 0 to 3600s (units ns, us, ms, "
				    "s; a bare number is ms)", optarg);
			break;
		case OPT_VM_DIR:
			config->vm_dir = optarg;
			break;
		case OPT_VM:
			config->vm = name_option("--vm", optarg, vm_names);
			break;
		case OPT_SEED:
			config->seed = count_option("--seed", optarg, 0,
			    UINT64_MAX);
			break;
		case OPT_FORCE:
			request->force = true;
			break;
		case OPT_DRY_RUN:
			request->dry_run = true;
			break;
		case OPT_JOBS:
			request->jobs = (unsigned)count_option("--jobs", optarg,
			    1, EXPERIMENT_MAX_JOBS);
			break;
		case OPT_SHARD:
			shard_option(optarg, &request->shard,
			    &request->shards);
			break;
		case OPT_FORMAT:
			config->format = name_option("--format", optarg,
			    format_names);
			request->format_given = true;
			break;
		case OPT_OUTPUT:
			config->output = optarg;
			break;
		case OPT_POLICY:
			config->policies = list_option("--policy", optarg,
			    policy_names, POLICY_COUNT);
			request->policy_given = true;
			break;
		case OPT_CACHE:
			cache_off = cache_option(optarg, &config->cache);
			request->hierarchy_given = true;
			break;
		case OPT_TLB:
			tlb_option(optarg, &config->cache);
			tlb_given = true;
			request->hierarchy_given = true;
			break;
		case OPT_LATENCY:
			latency_option(optarg, &config->latency);
			request->hierarchy_given = true;
			break;
		case OPT_SWEEP:
			request->sweep = optarg;
			break;
		case OPT_PLOT:
			request->plot = optarg;
			break;
		case OPT_PLOT_Y:
			request->plot_y = optarg;
			break;
		case OPT_TRACE:
			config->trace = optarg;
			break;
		case OPT_HELP:
			help();
			break;
		case OPT_VERSION:
			version();
			break;
		case ':':
			errx(EXIT_USAGE, "%s needs a value", argv[optind - 1]);
		default:
			option_refused(argv[optind - 1], options, NULL);
		}
	}
	if (optind < argc)
		errx(EXIT_USAGE, "unexpected argument '%s'; bheapsim --help "
		    "lists the options", argv[optind]);
	hierarchy_options_done(cache_off, tlb_given, &config->cache);
}

/* Why the CPU's counters cannot be read here, or NULL (pmu.h). */
static const char *pmu_absent;

static void
configure(int argc, char *argv[], struct plan *plan)
{
	struct plan_request request = { 0 };
	struct machine_hierarchy machine;
	char why[PLAN_WHY_BYTES];
	const char *note;

	config_defaults(&request.config);
	/* The options change this machine's hierarchy, level by level. */
	machine_hierarchy(MACHINE_CACHE_ROOT, &machine);
	request.config.cache = machine.geometry;
	parse_options(argc, argv, &request);
	/* Asked once: the note, if any, is said when the runs start. */
	pmu_absent = pmu_note();
	request.config.pmu = pmu_absent == NULL;
	if (plan_make(plan, &request, why) != 0)
		errx(EXIT_USAGE, "%s", why);
	/* A run that needs a lot of memory says so before it starts. */
	note = plan_memory_note(plan);
	if (note != NULL && !plan->dry_run)
		warnx("%s", note);
}

int
main(int argc, char *argv[])
{
	struct outputs out = { 0 };
	struct experiment_rows rows = { 0 };
	struct plan plan;
	int status;

	if (argc > 1 && strcmp(argv[1], "explain") == 0)
		return explain_main(argc - 1, argv + 1);
	if (argc > 1 && strcmp(argv[1], "compare") == 0)
		return compare_main(argc - 1, argv + 1);
	configure(argc, argv, &plan);
	if (plan.dry_run) {
		if (plan_write_needs(stdout, &plan) != 0)
			err(1, "stdout");
		plan_free(&plan);
		return 0;
	}
	/* Trapped first, so that a FIFO's open waiting for a reader yields. */
	experiment_trap_signals();
	status = outputs_open(&out, plan.base.output, plan.base.trace,
	    plan.plot);
	/* Once, for every run of the invocation, as it starts; no failure. */
	if (status == 0 && pmu_absent != NULL)
		warnx("%s", pmu_absent);
	if (status == 0) {
		status = experiment_run(&plan, plan.jobs, out.trace.stream,
		    &rows);
		status = outputs_finish(&out, &plan.base, rows.rows, rows.count,
		    plan.plot_y, status);
	}
	plan_free(&plan);
	experiment_rows_free(&rows);
	return status;
}
