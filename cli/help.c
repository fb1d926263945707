/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * help.c: bheapsim's usage, --help and --version, with every default and
 * limit printed from its owner.
 */
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#include "abi.h"
#include "compare_cmd.h"
#include "config.h"
#include "experiment.h"
#include "explain_cmd.h"
#include "geometry.h"
#include "help.h"
#include "heap.h"
#include "hieropt.h"
#include "machine.h"
#include "options.h"
#include "pmu.h"
#include "request.h"

/* The Makefile passes the top version of debian/changelog. */
#ifndef BHEAPSIM_VERSION
#error "BHEAPSIM_VERSION is unset: build with make, which reads debian/changelog"
#endif

/* Values as the options take them ----------------------------------- */

/* A count with the largest of K, M, G (10^3 ...) that divides it. */
static void
put_count(FILE *out, uint64_t n)
{
	static const char suffix[] = " KMG";
	unsigned k = 0;

	while (k < 3 && n != 0 && n % 1000 == 0) {
		n /= 1000;
		k++;
	}
	fprintf(out, "%" PRIu64 "%.*s", n, k != 0, &suffix[k]);
}

/* A size with the largest of K, M, G (2^10 ...) that divides it. */
static void
put_size(FILE *out, uint64_t n)
{
	static const char suffix[] = " KMG";
	unsigned k = 0;

	while (k < 3 && n != 0 && n % 1024 == 0) {
		n /= 1024;
		k++;
	}
	fprintf(out, "%" PRIu64 "%.*s", n, k != 0, &suffix[k]);
}

static void
put_duration(FILE *out, uint64_t ns)
{
	static const char *const unit[] = { "ns", "us", "ms", "s" };
	unsigned k = 0;

	while (k < 3 && ns != 0 && ns % 1000 == 0) {
		ns /= 1000;
		k++;
	}
	fprintf(out, "%" PRIu64 "%s", ns, unit[k]);
}

/* names[i] for every bit i of mask, or every name (mask ~0), by `sep`. */
static void
put_names(FILE *out, const char *const names[], unsigned count,
    unsigned mask, const char *sep)
{
	const char *between = "";
	unsigned i;

	for (i = 0; i < count && names[i] != NULL; i++)
		if (mask & 1u << i) {
			fprintf(out, "%s%s", between, names[i]);
			between = sep;
		}
}

static void
put_layouts(FILE *out, unsigned mask)
{
	const char *names[LAYOUT_COUNT];
	unsigned i;

	for (i = 0; i < LAYOUT_COUNT; i++)
		names[i] = layouts[i]->name;
	put_names(out, names, LAYOUT_COUNT, mask, ",");
}

/* The synopsis ------------------------------------------------------- */

void
help_usage(FILE *out)
{
	const char *names[LAYOUT_COUNT];
	unsigned i;

	for (i = 0; i < LAYOUT_COUNT; i++)
		names[i] = layouts[i]->name;
	fprintf(out, "usage: bheapsim [--items N] [--ops M] [--layout ");
	for (i = 0; i < LAYOUT_COUNT; i++)
		fprintf(out, "%s%s", i ? "," : "", names[i]);
	fprintf(out, "]\n"
"                [--arity D] [--workload fill,replace,reorder,mix,drain]\n"
"                [--model array|full] [--resident PAGES|SIZE|all]\n"
"                [--page-size BYTES] [--item-bytes BYTES]\n"
"                [--disk-latency TIME] [--vm off|sim|kernel|disk]\n"
"                [--policy lru,clock,fifo,opt] [--vm-dir DIR] [--seed S]\n"
"                [--cache SPEC] [--tlb SPEC] [--latency LIST]\n"
"                [--latency-curve LIST] [--walk-curve LIST]\n"
"                [--serialize none|level|op|both] [--rob N]\n"
"                [--predictor counters|gshare]\n"
"                [--time-model] [--three-c] [--pipeline | --no-pipeline]\n"
"                [--force] [--dry-run] [--jobs N] [--shard I/N]\n"
"                [--format table|csv|json|md] [--columns LIST]\n"
"                [--output FILE]\n"
"                [--trace FILE] [--sweep PARAM=LIST] [--plot FILE.svg]\n"
"                [--plot-y FIELD] [--help] [--version]\n"
"       " EXPLAIN_SYNOPSIS
"       " COMPARE_SYNOPSIS);
}

/* --help, a group of options per function ----------------------------- */

static void
help_heaps(FILE *out, const struct config *d)
{
	unsigned i;

	fprintf(out,
	    "\nRuns heap layouts over the same timer workloads and counts the\n"
	    "page faults a resident set of --resident pages takes.  'bheapsim\n"
	    "explain' draws where a small heap's nodes live.  The layouts:\n");
	for (i = 0; i < LAYOUT_COUNT; i++)
		fprintf(out,
		    "  %-8s %s\n", layouts[i]->name, layouts[i]->summary);
	fprintf(out,
	    "\n  --items N          items in the heap, 1 to %" PRIu64
	    " (default ",
	    (uint64_t)HEAP_MAX_ITEMS);
	put_count(out, d->items);
	fprintf(out,
	    ";\n                     K, M, G = 10^3, 10^6, 10^9)\n"
"  --ops M            operations per replace, reorder or mix phase, 1 to\n"
"                     %" PRIu64 " (default N)\n", CONFIG_MAX_OPS);
	fprintf(out, "  --layout LIST      heap layouts to run: ");
	put_layouts(out, ~0u);
	fprintf(out, " or all\n                     (default ");
	put_layouts(out, d->layouts);
	fprintf(out,
	    ")\n  --arity D          children per node of the dary layout, "
	    "%u to %u\n                     (default %u: one %u-byte cache "
	    "line of pointers)\n", DARY_MIN_ARITY, DARY_MAX_ARITY,
	    DARY_DEFAULT_ARITY, DARY_LINE_BYTES);
	fprintf(out,
	    "  --workload LIST    phases, always run in the order\n"
	    "                     ");
	put_names(out, workload_names, WL_COUNT, ~0u, ", ");
	fprintf(out,
	    ";\n                     fill runs unmeasured if not listed "
	    "(default ");
	put_names(out, workload_names, WL_COUNT, d->workloads, ",");
	fprintf(out, ";\n                     'all' for every phase)\n");
}

static void
help_memory(FILE *out, const struct config *d)
{
	fprintf(out,
"  --model NAME       array: count heap-array pages only; full: count item\n"
"                     pages too (default %s)\n"
"  --resident R       resident-page budget: pages, or a size with K, M, G\n"
"                     (2^10, 2^20, 2^30 bytes) (default %" PRIu64 " pages); "
"'all':\n"
"                     every budget from 1 page up, in one pass (--vm sim)\n"
"  --page-size BYTES  modeled page size, a power of two holding at least\n"
"                     %u pointers, at most ", model_names[d->model],
	    d->resident_pages, CONFIG_MIN_ENTRIES);
	put_size(out, CONFIG_MAX_PAGE_BYTES);
	fprintf(out, " (default ");
	put_size(out, d->page_bytes);
	fprintf(out,
	    ")\n  --item-bytes B     bytes per item, a multiple of %zu from "
	    "%zu to ", _Alignof(struct item), sizeof(struct item));
	put_size(out, CONFIG_MAX_ITEM_BYTES);
	fprintf(out, "\n                     (default %" PRIu64 ")\n"
"  --disk-latency T   cost of one fault in modeled time: ns, us, ms or s;\n"
"                     a bare number is ms; at most ", d->item_bytes);
	put_duration(out, CONFIG_MAX_DISK_LATENCY_NS);
	fprintf(out, " (default ");
	put_duration(out, d->disk_latency_ns);
	fprintf(out, ")\n"
"  --vm MODE          sim: track every access; off: run untracked;\n"
"                     kernel: also drop each evicted page from memory, so\n"
"                     the kernel takes a real minor fault; disk: back the\n"
"                     arenas with a file and push evicted pages out to it,\n"
"                     for real major faults (default %s)\n"
"  --serialize HOW    fence the untracked heap (--vm off) with an lfence\n"
"                     before every sift level (level), at every\n"
"                     operation's end (op) or both, and the time model\n"
"                     likewise, to see what the out-of-order core hides\n"
"                     (default %s)\n"
"  --policy LIST      replacement policies of the resident set, each a\n"
"                     series of its own, run in the order\n"
"                     ", vm_names[d->vm], serialize_names[d->serialize]);
	put_names(out, policy_names, POLICY_COUNT, ~0u, ", ");
	fprintf(out, " (default ");
	put_names(out, policy_names, POLICY_COUNT, d->sweep.policies, ",");
	fprintf(out,
	    ");\n                     opt is Belady's optimum, the fewest "
"faults any\n                     policy can take\n"
"  --vm-dir DIR       where --vm disk puts its file (default $TMPDIR, /tmp)\n");
}

static void
help_hierarchy(FILE *out, const struct config *d)
{
	struct hier_geometry defaults = MACHINE_DEFAULT_GEOMETRY;
	char tlb[GEOMETRY_TEXT_BYTES];
	unsigned k;

	geometry_format_tlb(&defaults, tlb, sizeof(tlb));
	fprintf(out,
"  --cache SPEC       the caches every modeled access goes through, each\n"
"                     set-associative LRU (default this machine's): off,\n"
"                     or LEVEL=SIZE/WAYS[/LINE] or LEVEL=off, comma-\n"
"                     separated, LEVEL l1, l2 or llc, WAYS a count or\n"
"                     full, LINE default 64; e.g. l1=32K/8,l2=off\n"
"  --tlb SPEC         the data TLB, of modeled pages: off, or\n"
"                     ENTRIES/WAYS[,ENTRIES/WAYS] for one or two levels\n"
"                     (default this machine's, from CPUID, else %s)\n"
"  --latency LIST     latencies of mem_ns_per_op and model_ns_per_op,\n"
"                     NAME=TIME with NAME\n"
"                     ", tlb);
	put_names(out, hier_cost_names, HIER_COSTS, ~0u, ", ");
	fprintf(out,
	    ", TIME in ns (or us, ms, s),\n                     at most %gs "
	    "(default\n                     ", HIER_MAX_LATENCY_NS / 1e9);
	for (k = 0; k < HIER_COSTS; k++)
		fprintf(out, "%s%s=%gns", k ? "," : "", hier_cost_names[k],
		    d->latency.ns[k]);
	fprintf(out, ")\n"
"  --time-model       also model each operation's time on an out-of-order\n"
"                     core (model_ns_per_op and its parts), with caches of\n"
"                     its own over slots and items: a tracked run takes\n"
"                     2 to 3.6 times as long under --model full, 2.5 to 8\n"
"                     under array (make bench, 1M items): asked for, not\n"
"                     by default\n"
"  --latency-curve LIST  the time model's latency by reuse distance in\n"
"                     place of its caches': SIZE=TIME points, SIZE rising\n"
"                     (tools/latency.c measures them; e.g.\n"
"                     16K=1.3ns,2M=14ns,8M=135ns,512M=175ns): a load\n"
"                     whose line was last touched SIZE bytes ago waits\n"
"                     TIME, less the first point's (default none)\n"
"  --walk-curve LIST  the time model's page walks by reuse distance in\n"
"                     place of its TLB's: SIZE=TIME points as above, a\n"
"                     load whose page was last touched SIZE bytes of\n"
"                     pages ago walks for TIME (default none)\n"
"  --rob N            the time model's reorder buffer: the instructions\n"
"                     the core keeps in flight past a load, %u to %u\n"
"                     (default %u: AMD Zen 4's; Intel Golden Cove's 512)\n"
"  --predictor NAME   the time model's branch predictor over the outcomes\n"
"                     the heap records: counters, a two-bit counter per\n"
"                     branch, or gshare, counters indexed by the branch\n"
"                     and the last 12 outcomes (default %s)\n"
"  --three-c          also classify each cache and TLB level's misses as\n"
"                     compulsory, capacity and conflict (l1_compulsory\n"
"                     and the rest), with caches and an LRU stack of\n"
"                     its own per level: asked for, not by default\n"
"  --seed S           seed of the SplitMix64 key generator "
	    "(default %" PRIu64 ")\n", TIME_ROB_MIN, TIME_ROB_MAX, d->rob,
	    predict_names[d->predictor], d->seed);
}

static void
help_outputs(FILE *out, const struct config *d)
{
	fprintf(out,
"  --force            run even if the heap needs more than physical memory\n"
"  --pipeline         run each tracked run's models on a thread of their\n"
"                     own, beside the heap: faster where a core is free,\n"
"                     slower where none is (--vm sim only; same counts);\n"
"                     the default under --vm sim where this process may\n"
"                     run on more CPUs than the tracked runs side by side\n"
"                     (--jobs, or fewer layouts and policies)\n"
"  --no-pipeline      run the models in line with the heap, on its thread\n"
"  --dry-run          check the options and print, as CSV, the memory each\n"
"                     point's layout runs map; run nothing\n"
"  --format NAME      ");
	put_names(out, format_names, 32, ~0u, ", ");
	fprintf(out, " (default %s); --output FILE.csv,\n"
"                     .json or .md picks the format when this is not given\n"
"  --columns LIST     the table's columns: report fields (the CSV's, or\n"
"                     the table's headings, e.g. faults/op), comma-\n"
"                     separated, after workload and layout (default the\n"
"                     story: faults, cache and TLB misses per op, time);\n"
"                     the table's alone: other formats carry every field\n"
"  --output FILE      write the report to FILE (whole, or not at all)\n"
"  --trace FILE       write the caches' contents, the resident set and every\n"
"                     counted access of the one layout and workload run\n"
"  --sweep P=LIST     one run per value of P (resident, items, page-size or\n"
"                     policy); LIST is values and ranges A..B:xF or\n"
"                     A..B:+S, comma-separated, e.g. resident=4..1954:x2\n"
"  --jobs N           tracked runs (layouts, sweep points) side by side in up\n"
"                     to N child processes, 1 to %u (default: one per\n"
"                     processor, fewer where memory is short); the runs\n"
"                     that time the heap untracked run alone; counts are\n"
"                     the same, a tracked row's wall_s, cpu_s, ns_per_op\n"
"                     (the simulator's) shared with its neighbours\n"
"  --shard I/N        run only points I, I+N, I+2N, ... of a sweep (I from 1\n"
"                     to N, N at most %u): shards' CSV rows make up the\n"
"                     whole sweep's\n"
"  --plot FILE.svg    with --sweep, draw FIELD against P for every layout\n"
"                     (and policy) and the first two layouts' ratio; up to\n"
"                     %u charts of one run, each --plot its own --plot-y\n"
"  --plot-y FIELD     the numeric report field to plot (default modeled_s;\n"
"                     ns_per_op with --vm off), or misses: page faults and\n"
"                     line misses per operation against memory, every layout;\n"
"                     the table's headings (faults/op, l1/op) name fields too\n"
"  --help, --version  print this, or the version, build ABI, default caches\n"
"                     and whether the CPU's counters (pmu_ fields) can be read\n",
	    format_names[d->report.format], EXPERIMENT_MAX_JOBS,
	    OPTIONS_MAX_SHARDS, PLOT_MAX);
	fprintf(out,
	    "\nExit status: 0 done, 1 system failure, %d bad input, %d heap "
	    "order broken,\n%d+N stopped by signal N (%d SIGHUP, %d SIGINT, %d "
	    "SIGPIPE, %d SIGTERM).\n", EXIT_USAGE, EXIT_BROKEN_HEAP,
	    EXIT_SIGNAL(0), EXIT_SIGNAL(SIGHUP), EXIT_SIGNAL(SIGINT),
	    EXIT_SIGNAL(SIGPIPE), EXIT_SIGNAL(SIGTERM));
}

void
help_options(FILE *out)
{
	struct config d;

	config_defaults(&d);
	help_heaps(out, &d);
	help_memory(out, &d);
	help_hierarchy(out, &d);
	help_outputs(out, &d);
}

void
help_print(void)
{
	help_usage(stdout);
	help_options(stdout);
	exit_printed();
}

/*
 * The version and the build's ABI; then the caches and TLB the model
 * takes by default, each level with where it came from (machine.h).
 */
void
help_version(void)
{
	struct machine_hierarchy machine;
	char text[GEOMETRY_TEXT_BYTES], note[PMU_NOTE_BYTES];
	unsigned k;

	printf("bheapsim %s\nabi %s, %u-byte pointers, %ld-byte system pages\n",
	    BHEAPSIM_VERSION, ABI_NAME, ABI_PTR_BYTES, sysconf(_SC_PAGESIZE));
	machine_hierarchy(MACHINE_CACHE_ROOT, &machine);
	geometry_format_cache(&machine.geometry, text, sizeof(text));
	printf("cache %s\n", text);
	geometry_format_tlb(&machine.geometry, text, sizeof(text));
	printf("tlb %s\n", text);
	for (k = 0; k < HIER_LEVELS; k++)
		printf("  %s from %s%s%s\n", hier_level_names[k],
		    machine.source[k], machine.note[k][0] != '\0' ? ": " : "",
		    machine.note[k]);
	printf("pmu %s\n", pmu_note(note) ? note :
	    "perf_event_open: the CPU's counters (pmu_ fields)");
	exit_printed();
}
