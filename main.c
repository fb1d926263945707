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
#include "arena.h"
#include "config.h"
#include "experiment.h"
#include "explain.h"
#include "heap.h"
#include "options.h"
#include "outfile.h"
#include "parse.h"
#include "plot.h"
#include "progress.h"
#include "report.h"
#include "sweep.h"

/* Parameters -------------------------------------------------------- */

/* The Makefile passes the top version of debian/changelog. */
#ifndef BHEAPSIM_VERSION
#error "BHEAPSIM_VERSION is unset: build with make, which reads debian/changelog"
#endif
#define VERSION		BHEAPSIM_VERSION

#define MAX_OPS		((uint64_t)1 << 40)
#define MIN_ENTRIES	8			/* per page: Kamp's rule */
#define MAX_PAGE_BYTES	((uint64_t)1 << 30)
#define MAX_ITEM_BYTES	((uint64_t)1 << 20)
#define MAX_RESIDENT_BYTES ((uint64_t)1 << 46)
#define NOTE_MEMORY_BYTES ((uint64_t)1 << 30)	/* say so from 1 GiB */
#define MAP_COUNT_SPARE	1000	/* mappings left for libc, stack, ... */
#define MAX_LATENCY_NS	((uint64_t)3600 * 1000000000)	/* an hour */

/* Options not yet checked against each other. */
struct raw {
	const char	*resident;	/* as written; NULL: the default */
	uint64_t	 resident_value;	/* pages, or bytes */
	bool		 resident_bytes;
	const char	*sweep;
	const char	*plot;
	const char	*plot_y;
	bool		 format_given;
	bool		 force;
};

static void
usage(FILE *out)
{
	fprintf(out,
"usage: bheapsim [--items N] [--ops M] [--layout binheap,bheap,dary]\n"
"                [--arity D] [--workload fill,replace,reorder,mix,drain]\n"
"                [--model array|full] [--resident PAGES|SIZE]\n"
"                [--page-size BYTES] [--item-bytes BYTES]\n"
"                [--disk-latency TIME] [--vm off|sim|kernel|disk]\n"
"                [--vm-dir DIR] [--seed S] [--force]\n"
"                [--format table|csv|json|md] [--output FILE]\n"
"                [--trace FILE] [--sweep PARAM=LIST] [--plot FILE.svg]\n"
"                [--plot-y FIELD] [--help] [--version]\n"
"       " EXPLAIN_SYNOPSIS);
}

static void
help(void)
{
	usage(stdout);
	printf(
"\n"
"Runs a binary heap, Kamp's B-heap and a d-ary heap over the same timer\n"
"workloads and counts the page faults an LRU resident set of --resident\n"
"pages takes.  'bheapsim explain' draws where a small heap's nodes live.\n"
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
"                     (2^10, 2^20, 2^30 bytes) (default 10 pages)\n"
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
"  --vm-dir DIR       where --vm disk puts its file (default $TMPDIR, /tmp)\n"
"  --seed S           seed of the SplitMix64 key generator (default 1)\n"
"  --force            run even if the heap needs more than physical memory\n"
"  --format NAME      table (default), csv, json or md; --output FILE.csv,\n"
"                     .json or .md picks the format when this is not given\n"
"  --output FILE      write the report to FILE (whole, or not at all)\n"
"  --trace FILE       write the resident set and every counted page access\n"
"                     of the one layout and workload run\n"
"  --sweep P=LIST     one run per value of P (resident, items or page-size);\n"
"                     LIST is values and ranges A..B:xF or A..B:+S,\n"
"                     comma-separated, e.g. resident=4..1954:x2\n"
"  --plot FILE.svg    with --sweep, draw FIELD against P for every layout\n"
"                     and the first two layouts' ratio\n"
"  --plot-y FIELD     the numeric report field to plot (default modeled_s;\n"
"                     ns_per_op with --vm off)\n"
"  --help, --version  print this, or the version and build ABI\n"
"\n"
"Exit status: 0 done, 1 system failure, 2 bad input, 3 heap order broken,\n"
"130 interrupted.\n",
	    DARY_MIN_ARITY, DARY_MAX_ARITY, DARY_DEFAULT_ARITY,
	    _Alignof(struct item), sizeof(struct item), sizeof(struct item));
	exit(0);
}

static void
version(void)
{
	printf("bheapsim %s\nabi %s, %u-byte pointers, %ld-byte system pages\n",
	    VERSION, ABI_NAME, ABI_PTR_BYTES, sysconf(_SC_PAGESIZE));
	exit(0);
}

/* Option values ------------------------------------------------------- */

static enum format
format_of_path(const char *path, enum format fallback)
{
	static const struct {
		const char	*suffix;
		enum format	 format;
	} suffixes[] = {
		{ ".csv", FORMAT_CSV }, { ".json", FORMAT_JSON },
		{ ".md", FORMAT_MD },
	};
	size_t len = strlen(path), i;

	for (i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++) {
		size_t slen = strlen(suffixes[i].suffix);

		if (len > slen &&
		    strcmp(path + len - slen, suffixes[i].suffix) == 0)
			return suffixes[i].format;
	}
	return fallback;
}

/* Consistency ------------------------------------------------------- */

static double
gib(uint64_t bytes)
{
	return (double)bytes / (1u << 30);
}

static void
check_page_size(const struct config *config)
{
	uint64_t bytes = config->page_bytes;

	if ((bytes & (bytes - 1)) != 0 ||
	    bytes / ABI_PTR_BYTES < MIN_ENTRIES)
		errx(EXIT_USAGE, "--page-size: %" PRIu64 " is not a power of "
		    "two from %u to %" PRIu64 " (at least %u %u-byte entries)",
		    bytes, MIN_ENTRIES * ABI_PTR_BYTES, MAX_PAGE_BYTES,
		    MIN_ENTRIES, ABI_PTR_BYTES);
}

static void
check_item_bytes(const struct config *config)
{
	size_t align = _Alignof(struct item);

	if (config->item_bytes % align != 0)
		errx(EXIT_USAGE, "--item-bytes: %" PRIu64 " is not a multiple "
		    "of %zu from %zu to %" PRIu64, config->item_bytes, align,
		    sizeof(struct item), MAX_ITEM_BYTES);
}

/* What one layout's run maps: both arenas and the model's records. */
static uint64_t
memory_need(const struct config *config)
{
	struct footprint fp = config_footprint(config);
	uint64_t need = fp.array_bytes + fp.item_bytes;

	if (config->vm != VM_OFF)
		need += (fp.tracked_pages + 1) * sizeof(struct vmsim_page);
	return need;
}

static uint64_t
physical_memory(void)
{
	return (uint64_t)sysconf(_SC_PHYS_PAGES) *
	    (uint64_t)sysconf(_SC_PAGESIZE);
}

/* Refuses what the address space, or unless forced the machine, cannot hold. */
static void
check_memory(const struct config *config, bool force)
{
	struct footprint fp = config_footprint(config);
	uint64_t need = memory_need(config);
	uint64_t physical = physical_memory();

	if (fp.tracked_pages > VMSIM_MAX_PAGES)
		errx(EXIT_USAGE, "--items: %" PRIu64 " items make %" PRIu64
		    " pages, more than the model's %" PRIu64 "; use larger "
		    "pages", config->items, fp.tracked_pages,
		    (uint64_t)VMSIM_MAX_PAGES);
	if (need >= ABI_ADDRESS_SPACE)
		errx(EXIT_USAGE, "--items: %" PRIu64 " items need %.2f GiB, "
		    "more than the %.0f GiB address space of %s", config->items,
		    gib(need), gib(ABI_ADDRESS_SPACE), ABI_NAME);
	if (need > physical && !force)
		errx(EXIT_USAGE, "--items: %" PRIu64 " items need %.2f GiB, "
		    "more than this machine's %.2f GiB of memory (--force "
		    "runs anyway)", config->items, gib(need), gib(physical));
}

/*
 * Sets the budget from a page count or, with `bytes`, a size, and keeps
 * it within the pages the model tracks; `text` is what the user wrote.
 */
static void
set_resident(struct config *config, uint64_t value, bool bytes,
    const char *text)
{
	struct footprint fp = config_footprint(config);
	uint64_t page = config->page_bytes;

	if (bytes && (value % page != 0 || value / page > fp.tracked_pages))
		errx(EXIT_USAGE, "--resident: %s is not a whole number of "
		    "%" PRIu64 "-byte pages from 1 to %" PRIu64 " (the pages "
		    "--model %s tracks)", text, page, fp.tracked_pages,
		    model_names[config->model]);
	if (bytes)
		value /= page;
	if (value < 1 || value > fp.tracked_pages)
		errx(EXIT_USAGE, "--resident: '%s' is not a count of pages "
		    "from 1 to %" PRIu64 " (the pages --model %s tracks)", text,
		    fp.tracked_pages, model_names[config->model]);
	config->resident_pages = value;
}

static void
check_resident(struct config *config, const struct raw *raw)
{
	struct footprint fp = config_footprint(config);

	if (raw->resident != NULL) {
		set_resident(config, raw->resident_value, raw->resident_bytes,
		    raw->resident);
		return;
	}
	/* The default budget shrinks to fit a heap smaller than it. */
	if (config->resident_pages > fp.tracked_pages)
		config->resident_pages = fp.tracked_pages;
}

static void
check_trace(const struct config *config)
{
	if (config->trace == NULL)
		return;
	if (config->vm == VM_OFF)
		errx(EXIT_USAGE, "--trace: needs the page model, not --vm off");
	if ((config->layouts & (config->layouts - 1)) != 0 ||
	    (config->workloads & (config->workloads - 1)) != 0)
		errx(EXIT_USAGE, "--trace: needs exactly one --layout and one "
		    "--workload");
}

/* The kernel's limit on a process's mappings; Linux's default if unknown. */
static uint64_t
max_map_count(void)
{
	unsigned long long count = 65530;
	FILE *f = fopen("/proc/sys/vm/max_map_count", "r");

	if (f != NULL) {
		if (fscanf(f, "%llu", &count) != 1)
			count = 65530;
		fclose(f);
	}
	return count;
}

/*
 * The kernel modes make each modeled fault a real one, which holds only
 * if a modeled page is a system page.
 */
static void
check_vm(struct config *config)
{
	long system_page = sysconf(_SC_PAGESIZE);
	char why[512];

	if (config->vm != VM_KERNEL && config->vm != VM_DISK)
		return;
	if (config->page_bytes != (uint64_t)system_page)
		errx(EXIT_USAGE, "--vm %s: --page-size %" PRIu64 " must be the "
		    "system page size, %ld", vm_names[config->vm],
		    config->page_bytes, system_page);
	/* arena.c maps each tracked page on its own (see split_mappings). */
	if (config_footprint(config).tracked_pages + MAP_COUNT_SPARE >
	    max_map_count())
		errx(EXIT_USAGE, "--vm %s: %" PRIu64 " tracked pages need as "
		    "many mappings, more than vm.max_map_count (%" PRIu64
		    ") allows; use fewer --items or raise it with sysctl",
		    vm_names[config->vm],
		    config_footprint(config).tracked_pages,
		    max_map_count() - MAP_COUNT_SPARE);
	if (config->vm != VM_DISK)
		return;
	if (config->vm_dir == NULL)
		config->vm_dir = getenv("TMPDIR");
	if (config->vm_dir == NULL || *config->vm_dir == '\0')
		config->vm_dir = "/tmp";
	if (arena_disk_ok(config->vm_dir, why, sizeof(why)) != 0)
		errx(EXIT_USAGE, "--vm disk: %s; name a directory on a disk "
		    "with --vm-dir", why);
}

/* Command line ------------------------------------------------------ */

enum {
	OPT_ITEMS = 256, OPT_OPS, OPT_LAYOUT, OPT_WORKLOAD, OPT_MODEL,
	OPT_RESIDENT, OPT_PAGE_SIZE, OPT_ITEM_BYTES, OPT_DISK_LATENCY, OPT_VM,
	OPT_VM_DIR,
	OPT_SEED, OPT_FORCE, OPT_FORMAT, OPT_OUTPUT, OPT_TRACE, OPT_SWEEP,
	OPT_PLOT, OPT_PLOT_Y, OPT_HELP,
	OPT_VERSION, OPT_ARITY
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
	{ "seed", required_argument, NULL, OPT_SEED },
	{ "force", no_argument, NULL, OPT_FORCE },
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
parse_options(int argc, char *argv[], struct config *config, struct raw *raw)
{
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":", options, NULL)) != -1) {
		switch (c) {
		case OPT_ITEMS:
			config->items = count_option("--items", optarg, 1,
			    HEAP_MAX_ITEMS);
			break;
		case OPT_OPS:
			config->ops = count_option("--ops", optarg, 1, MAX_OPS);
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
			raw->resident = optarg;
			raw->resident_bytes = has_size_suffix(optarg);
			if ((raw->resident_bytes ? parse_size(optarg, 1,
			    MAX_RESIDENT_BYTES, &raw->resident_value) :
			    parse_count(optarg, 1, UINT32_MAX,
			    &raw->resident_value)) != 0)
				errx(EXIT_USAGE, "--resident: '%s' is not a "
				    "count of pages or a size (suffixes K, M, "
				    "G: 2^10, 2^20, 2^30 bytes)", optarg);
			break;
		case OPT_PAGE_SIZE:
			config->page_bytes = size_option("--page-size", optarg,
			    MIN_ENTRIES * ABI_PTR_BYTES, MAX_PAGE_BYTES);
			break;
		case OPT_ITEM_BYTES:
			config->item_bytes = size_option("--item-bytes",
			    optarg, sizeof(struct item), MAX_ITEM_BYTES);
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
			raw->force = true;
			break;
		case OPT_FORMAT:
			config->format = name_option("--format", optarg,
			    format_names);
			raw->format_given = true;
			break;
		case OPT_OUTPUT:
			config->output = optarg;
			break;
		case OPT_SWEEP:
			raw->sweep = optarg;
			break;
		case OPT_PLOT:
			raw->plot = optarg;
			break;
		case OPT_PLOT_Y:
			raw->plot_y = optarg;
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
			errx(EXIT_USAGE, "unknown option '%s'; bheapsim --help "
			    "lists them", argv[optind - 1]);
		}
	}
	if (optind < argc)
		errx(EXIT_USAGE, "unexpected argument '%s'; bheapsim --help "
		    "lists the options", argv[optind]);
}

/* Everything one invocation runs: one point, or one per sweep value. */
struct plan {
	struct config	 base;
	struct config	*points;
	size_t		 npoints;
	const char	*plot;
	const char	*plot_y;
};

static void
finish_point(struct config *config, const struct raw *raw)
{
	if (config->ops == 0)
		config->ops = config->items;
	check_page_size(config);
	check_item_bytes(config);
	check_memory(config, raw->force);
	check_resident(config, raw);
	check_trace(config);
	check_vm(config);
}

static void
apply_sweep(struct config *point, const struct sweep_spec *spec, size_t i,
    const struct raw *raw)
{
	uint64_t value = spec->values[i];
	char text[32];

	snprintf(text, sizeof(text), "%" PRIu64, value);
	switch (spec->param) {
	case SWEEP_ITEMS:
		if (value > HEAP_MAX_ITEMS)
			errx(EXIT_USAGE, "--sweep: items %s is more than %"
			    PRIu64, text, HEAP_MAX_ITEMS);
		point->items = value;
		break;
	case SWEEP_PAGE_SIZE:
		point->page_bytes = value;
		break;
	case SWEEP_RESIDENT:
	case SWEEP_NONE:
		break;
	}
	finish_point(point, raw);
	if (spec->param == SWEEP_RESIDENT)
		set_resident(point, value, spec->bytes, text);
}

/* Only numeric fields can be plotted. */
static void
check_plot_field(const char *name)
{
	static const char *const text_fields[] = { "abi", "layout", "model",
	    "workload", "vm", NULL };
	unsigned f;

	if (parse_name(name, report_fields, &f) != 0 ||
	    parse_name(name, text_fields, &f) == 0)
		errx(EXIT_USAGE, "--plot-y: '%s' is not a numeric report field "
		    "such as modeled_s, faults_per_op or ns_per_op", name);
}

static void
configure(int argc, char *argv[], struct plan *plan)
{
	struct config *base = &plan->base;
	struct raw raw = { 0 };
	static struct sweep_spec spec;
	char why[256];
	size_t i;

	config_defaults(base);
	parse_options(argc, argv, base, &raw);
	if (base->output != NULL && !raw.format_given)
		base->format = format_of_path(base->output, base->format);
	plan->plot = raw.plot;
	plan->plot_y = raw.plot_y != NULL ? raw.plot_y :
	    base->vm != VM_OFF ? "modeled_s" : "ns_per_op";
	check_plot_field(plan->plot_y);
	if (raw.sweep == NULL) {
		if (raw.plot != NULL)
			errx(EXIT_USAGE, "--plot: '%s' needs a --sweep to draw",
			    raw.plot);
		finish_point(base, &raw);
		plan->points = base;
		plan->npoints = 1;
		return;
	}
	if (sweep_parse(raw.sweep, &spec, why, sizeof(why)) != 0)
		errx(EXIT_USAGE, "--sweep: %s", why);
	if (base->trace != NULL)
		errx(EXIT_USAGE, "--trace: '%s' records one run, not a --sweep",
		    base->trace);
	base->sweep = spec.param;
	plan->npoints = spec.count;
	plan->points = calloc(spec.count, sizeof(*plan->points));
	if (plan->points == NULL)
		err(1, "%zu sweep points", spec.count);
	/* Every point is checked before the first one runs. */
	for (i = 0; i < spec.count; i++) {
		plan->points[i] = *base;
		apply_sweep(&plan->points[i], &spec, i, &raw);
	}
	finish_point(base, &raw);
}

/* A run that needs a lot of memory says so before it starts. */
static void
note_memory(const struct plan *plan)
{
	const struct config *largest = &plan->points[0];
	struct footprint fp;
	uint64_t need;
	size_t i;

	for (i = 1; i < plan->npoints; i++)
		if (memory_need(&plan->points[i]) > memory_need(largest))
			largest = &plan->points[i];
	need = memory_need(largest);
	if (need < NOTE_MEMORY_BYTES)
		return;
	fp = config_footprint(largest);
	warnx("%" PRIu64 " items need %.2f GiB per layout run (heap array "
	    "%.2f, items %.2f, page model %.2f); this machine has %.2f GiB",
	    largest->items, gib(need), gib(fp.array_bytes),
	    gib(fp.item_bytes), gib(need - fp.array_bytes - fp.item_bytes),
	    gib(physical_memory()));
}

/* Running ------------------------------------------------------------ */

struct rows {
	struct result	*rows;
	size_t		 count;
	size_t		 capacity;
};

static void
keep_rows(struct rows *rows, const struct experiment *experiment)
{
	size_t need = rows->count + experiment->nrows;

	/* An interrupt can come before the first row: nothing to copy. */
	if (experiment->nrows == 0)
		return;
	if (need > rows->capacity) {
		size_t capacity = need * 2;
		struct result *grown = reallocarray(rows->rows, capacity,
		    sizeof(*grown));

		if (grown == NULL)
			err(1, "%zu report rows", capacity);
		rows->rows = grown;
		rows->capacity = capacity;
	}
	memcpy(rows->rows + rows->count, experiment->rows,
	    experiment->nrows * sizeof(*experiment->rows));
	rows->count = need;
}

/* Runs every point; after a failure or an interrupt, keeps what completed. */
static int
run_plan(const struct plan *plan, FILE *trace, struct rows *rows)
{
	struct experiment experiment;
	struct progress progress;
	int status = 0;
	size_t i;

	progress_start(&progress, plan->npoints);
	for (i = 0; i < plan->npoints && status == 0; i++) {
		status = experiment_run(&plan->points[i], trace, &experiment);
		keep_rows(rows, &experiment);
		progress_update(&progress, i + 1);
	}
	progress_finish(&progress);
	return status;
}

/* Output ------------------------------------------------------------ */

struct outputs {
	struct outfile	report;
	struct outfile	trace;
	struct outfile	plot;
};

static int
open_output(struct outfile *out, const char *option, const char *path)
{
	if (path == NULL || outfile_open(out, path) == 0)
		return 0;
	warnx("%s: cannot write '%s': %s", option, path, strerror(errno));
	return -1;
}

static void
discard_outputs(struct outputs *out)
{
	outfile_discard(&out->report);
	outfile_discard(&out->trace);
	outfile_discard(&out->plot);
}

/* Opened before anything runs, so a bad path costs nothing. */
static void
open_outputs(struct outputs *out, const struct plan *plan)
{
	const char *paths[3] = { plan->base.output, plan->base.trace,
	    plan->plot };
	static const char *const names[3] = { "--output", "--trace",
	    "--plot" };
	unsigned i, j;

	for (i = 0; i < 3; i++)
		for (j = i + 1; j < 3; j++)
			if (paths[i] != NULL && paths[j] != NULL &&
			    strcmp(paths[i], paths[j]) == 0)
				errx(EXIT_USAGE, "%s and %s are both '%s'",
				    names[i], names[j], paths[i]);
	if (open_output(&out->report, names[0], paths[0]) != 0 ||
	    open_output(&out->trace, names[1], paths[1]) != 0 ||
	    open_output(&out->plot, names[2], paths[2]) != 0) {
		discard_outputs(out);
		exit(EXIT_USAGE);
	}
}

/* The phase a plot shows: the last one asked for. */
static enum workload
plotted_workload(const struct config *config)
{
	unsigned w = WL_COUNT;

	while (w-- > 0)
		if (config->workloads & 1u << w)
			return w;
	return WL_FILL;
}

static int
write_outputs(struct outputs *out, const struct plan *plan,
    const struct rows *rows)
{
	const struct config *base = &plan->base;
	FILE *report = base->output != NULL ? out->report.stream : stdout;

	if (report_write(report, base, rows->rows, rows->count) != 0 ||
	    (base->output != NULL && outfile_commit(&out->report) != 0)) {
		warn("%s", base->output != NULL ? base->output : "stdout");
		return 1;
	}
	if (plan->plot == NULL)
		return 0;
	if (plot_write(out->plot.stream, base, rows->rows, rows->count,
	    plan->plot_y, plotted_workload(base)) != 0) {
		warnx("--plot: no positive %s to draw in '%s'", plan->plot_y,
		    plan->plot);
		return 1;
	}
	if (outfile_commit(&out->plot) != 0) {
		warn("--plot: %s", plan->plot);
		return 1;
	}
	return 0;
}

int
main(int argc, char *argv[])
{
	struct outputs out = { 0 };
	struct rows rows = { 0 };
	struct plan plan;
	int status, written;

	if (argc > 1 && strcmp(argv[1], "explain") == 0)
		return explain_main(argc - 1, argv + 1);
	configure(argc, argv, &plan);
	note_memory(&plan);
	open_outputs(&out, &plan);
	experiment_trap_interrupts();
	status = run_plan(&plan, out.trace.stream, &rows);
	/* A trace is one whole run or nothing. */
	if (status != 0)
		outfile_discard(&out.trace);
	else if (plan.base.trace != NULL && outfile_commit(&out.trace) != 0) {
		warn("--trace: %s", plan.base.trace);
		status = 1;
	}
	/* After an interrupt the completed rows are kept, in whole files. */
	if (status == 0 || status == EXIT_INTERRUPTED) {
		written = write_outputs(&out, &plan, &rows);
		if (written != 0)
			status = written;
	}
	discard_outputs(&out);
	if (plan.points != &plan.base)
		free(plan.points);
	free(rows.rows);
	return status;
}
