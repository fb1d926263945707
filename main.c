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
#include "config.h"
#include "experiment.h"
#include "heap.h"
#include "outfile.h"
#include "parse.h"
#include "report.h"

/* Parameters -------------------------------------------------------- */

#define VERSION		"0.1.0"
#define EXIT_USAGE	2

#define MAX_OPS		((uint64_t)1 << 40)
#define MIN_ENTRIES	8			/* per page: Kamp's rule */
#define MAX_PAGE_BYTES	((uint64_t)1 << 30)
#define MAX_ITEM_BYTES	((uint64_t)1 << 20)
#define MAX_LATENCY_NS	((uint64_t)3600 * 1000000000)	/* an hour */

/* Options not yet checked against each other. */
struct raw {
	const char	*resident;
	bool		 format_given;
	bool		 force;
};

static void
usage(FILE *out)
{
	fprintf(out,
"usage: bheapsim [--items N] [--ops M] [--layout binheap,bheap]\n"
"                [--workload fill,replace,reorder,mix,drain]\n"
"                [--model array|full] [--resident PAGES|SIZE]\n"
"                [--page-size BYTES] [--item-bytes BYTES]\n"
"                [--disk-latency TIME] [--vm off|sim] [--seed S] [--force]\n"
"                [--format table|csv|json|md] [--output FILE]\n"
"                [--trace FILE] [--help] [--version]\n");
}

static void
help(void)
{
	usage(stdout);
	printf(
"\n"
"Runs a binary heap and Kamp's B-heap over the same timer workloads and\n"
"counts the page faults an LRU resident set of --resident pages takes.\n"
"\n"
"  --items N          items in the heap (default 1M; K, M, G = 10^3, 10^6, 10^9)\n"
"  --ops M            operations per replace, reorder or mix phase (default N)\n"
"  --layout LIST      heap layouts to run (default binheap,bheap)\n"
"  --workload LIST    phases, always run in the order fill, replace, reorder,\n"
"                     mix, drain; fill runs unmeasured if not listed\n"
"                     (default fill,replace; 'all' for every phase)\n"
"  --model NAME       array: count heap-array pages only (default);\n"
"                     full: count item pages too\n"
"  --resident R       resident-page budget: pages, or a size with K, M, G\n"
"                     (2^10, 2^20, 2^30 bytes) (default 10 pages)\n"
"  --page-size BYTES  modeled page size, a power of two holding at least\n"
"                     8 pointers (default 4K)\n"
"  --item-bytes B     bytes per item, at least %zu (default %zu)\n"
"  --disk-latency T   cost of one fault in modeled time: ns, us, ms or s;\n"
"                     a bare number is ms (default 1ms)\n"
"  --vm MODE          sim: track every access (default); off: run untracked\n"
"  --seed S           seed of the SplitMix64 key generator (default 1)\n"
"  --force            run even if the heap needs more than physical memory\n"
"  --format NAME      table (default), csv, json or md; --output FILE.csv,\n"
"                     .json or .md picks the format when this is not given\n"
"  --output FILE      write the report to FILE (whole, or not at all)\n"
"  --trace FILE       write the resident set and every counted page access\n"
"                     of the one layout and workload run\n"
"  --help, --version  print this, or the version and build ABI\n"
"\n"
"Exit status: 0 done, 1 system failure, 2 bad input, 3 heap order broken,\n"
"130 interrupted.\n",
	    sizeof(struct item), sizeof(struct item));
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

static uint64_t
count_option(const char *option, const char *text, uint64_t min,
    uint64_t max)
{
	uint64_t value;

	if (parse_count(text, min, max, &value) != 0)
		errx(EXIT_USAGE, "%s: '%s' is not a count from %" PRIu64
		    " to %" PRIu64 " (suffixes K, M, G: 10^3, 10^6, 10^9)",
		    option, text, min, max);
	return value;
}

static uint64_t
size_option(const char *option, const char *text, uint64_t min, uint64_t max)
{
	uint64_t value;

	if (parse_size(text, min, max, &value) != 0)
		errx(EXIT_USAGE, "%s: '%s' is not a size from %" PRIu64
		    " to %" PRIu64 " bytes (suffixes K, M, G: 2^10, 2^20, 2^30)",
		    option, text, min, max);
	return value;
}

static unsigned
name_option(const char *option, const char *text, const char *const names[])
{
	char accepted[128] = "";
	unsigned value, i;

	if (parse_name(text, names, &value) == 0)
		return value;
	for (i = 0; names[i] != NULL; i++) {
		strncat(accepted, i ? ", " : "",
		    sizeof(accepted) - strlen(accepted) - 1);
		strncat(accepted, names[i],
		    sizeof(accepted) - strlen(accepted) - 1);
	}
	errx(EXIT_USAGE, "%s: '%s' is not one of %s", option, text, accepted);
}

static unsigned
list_option(const char *option, const char *text, const char *const names[],
    unsigned count)
{
	char accepted[128] = "";
	unsigned mask, i;

	if (strcmp(text, "all") == 0)
		return (1u << count) - 1;
	if (parse_name_list(text, names, count, &mask) == 0)
		return mask;
	for (i = 0; i < count; i++) {
		strncat(accepted, i ? ", " : "",
		    sizeof(accepted) - strlen(accepted) - 1);
		strncat(accepted, names[i],
		    sizeof(accepted) - strlen(accepted) - 1);
	}
	errx(EXIT_USAGE, "%s: '%s' is not a comma-separated list of %s "
	    "(or all)", option, text, accepted);
}

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

/* Refuses what the address space, or unless forced the machine, cannot hold. */
static void
check_memory(const struct config *config, bool force)
{
	struct footprint fp = config_footprint(config);
	uint64_t need = fp.array_bytes + fp.item_bytes;
	uint64_t physical;

	if (config->vm == VM_SIM)
		need += (fp.tracked_pages + 1) * sizeof(struct vmsim_page);
	if (fp.tracked_pages > VMSIM_MAX_PAGES)
		errx(EXIT_USAGE, "--items: %" PRIu64 " items make %" PRIu64
		    " pages, more than the model's %" PRIu64 "; use larger "
		    "pages", config->items, fp.tracked_pages,
		    (uint64_t)VMSIM_MAX_PAGES);
	if (need >= ABI_ADDRESS_SPACE)
		errx(EXIT_USAGE, "--items: %" PRIu64 " items need %.2f GiB, "
		    "more than the %.0f GiB address space of %s", config->items,
		    gib(need), gib(ABI_ADDRESS_SPACE), ABI_NAME);
	physical = (uint64_t)sysconf(_SC_PHYS_PAGES) *
	    (uint64_t)sysconf(_SC_PAGESIZE);
	if (need > physical && !force)
		errx(EXIT_USAGE, "--items: %" PRIu64 " items need %.2f GiB, "
		    "more than this machine's %.2f GiB of memory (--force "
		    "runs anyway)", config->items, gib(need), gib(physical));
}

static void
check_resident(struct config *config, const char *text)
{
	struct footprint fp = config_footprint(config);
	uint64_t pages, bytes;

	if (text == NULL) {
		/* The default budget shrinks to fit a heap smaller than it. */
		if (config->resident_pages > fp.tracked_pages)
			config->resident_pages = fp.tracked_pages;
		return;
	}
	if (has_size_suffix(text)) {
		bytes = size_option("--resident", text, config->page_bytes,
		    fp.tracked_pages * config->page_bytes);
		if (bytes % config->page_bytes != 0)
			errx(EXIT_USAGE, "--resident: %s is not a whole number "
			    "of %" PRIu64 "-byte pages", text,
			    config->page_bytes);
		pages = bytes / config->page_bytes;
	} else {
		pages = count_option("--resident", text, 1, fp.tracked_pages);
	}
	config->resident_pages = pages;
}

static void
check_trace(const struct config *config)
{
	if (config->trace == NULL)
		return;
	if (config->vm != VM_SIM)
		errx(EXIT_USAGE, "--trace: needs --vm sim, not --vm %s",
		    vm_names[config->vm]);
	if ((config->layouts & (config->layouts - 1)) != 0 ||
	    (config->workloads & (config->workloads - 1)) != 0)
		errx(EXIT_USAGE, "--trace: needs exactly one --layout and one "
		    "--workload");
}

/* Command line ------------------------------------------------------ */

enum {
	OPT_ITEMS = 256, OPT_OPS, OPT_LAYOUT, OPT_WORKLOAD, OPT_MODEL,
	OPT_RESIDENT, OPT_PAGE_SIZE, OPT_ITEM_BYTES, OPT_DISK_LATENCY, OPT_VM,
	OPT_SEED, OPT_FORCE, OPT_FORMAT, OPT_OUTPUT, OPT_TRACE, OPT_HELP,
	OPT_VERSION
};

static const struct option options[] = {
	{ "items", required_argument, NULL, OPT_ITEMS },
	{ "ops", required_argument, NULL, OPT_OPS },
	{ "layout", required_argument, NULL, OPT_LAYOUT },
	{ "workload", required_argument, NULL, OPT_WORKLOAD },
	{ "model", required_argument, NULL, OPT_MODEL },
	{ "resident", required_argument, NULL, OPT_RESIDENT },
	{ "page-size", required_argument, NULL, OPT_PAGE_SIZE },
	{ "item-bytes", required_argument, NULL, OPT_ITEM_BYTES },
	{ "disk-latency", required_argument, NULL, OPT_DISK_LATENCY },
	{ "vm", required_argument, NULL, OPT_VM },
	{ "seed", required_argument, NULL, OPT_SEED },
	{ "force", no_argument, NULL, OPT_FORCE },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "output", required_argument, NULL, OPT_OUTPUT },
	{ "trace", required_argument, NULL, OPT_TRACE },
	{ "help", no_argument, NULL, OPT_HELP },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ NULL, 0, NULL, 0 },
};

static void
parse_options(int argc, char *argv[], struct config *config, struct raw *raw)
{
	const char *layout_names[LAYOUT_COUNT];
	unsigned i;
	int c;

	for (i = 0; i < LAYOUT_COUNT; i++)
		layout_names[i] = layouts[i]->name;
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
			config->layouts = list_option("--layout", optarg,
			    layout_names, LAYOUT_COUNT);
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

static void
configure(int argc, char *argv[], struct config *config)
{
	struct raw raw = { NULL, false, false };

	config_defaults(config);
	parse_options(argc, argv, config, &raw);
	if (config->ops == 0)
		config->ops = config->items;
	if (config->output != NULL && !raw.format_given)
		config->format = format_of_path(config->output, config->format);
	check_page_size(config);
	check_item_bytes(config);
	check_memory(config, raw.force);
	check_resident(config, raw.resident);
	check_trace(config);
}

/* Output ------------------------------------------------------------ */

static int
open_output(struct outfile *out, const char *option, const char *path)
{
	if (outfile_open(out, path) == 0)
		return 0;
	warnx("%s: cannot write '%s': %s", option, path, strerror(errno));
	return -1;
}

int
main(int argc, char *argv[])
{
	struct outfile output = { 0 }, trace = { 0 };
	struct experiment experiment;
	struct config config;
	int status;

	configure(argc, argv, &config);
	if (config.trace != NULL && config.output != NULL &&
	    strcmp(config.trace, config.output) == 0)
		errx(EXIT_USAGE, "--output and --trace are both '%s'",
		    config.output);
	if (config.trace != NULL &&
	    open_output(&trace, "--trace", config.trace) != 0)
		exit(EXIT_USAGE);
	if (config.output != NULL && open_output(&output, "--output",
	    config.output) != 0) {
		outfile_discard(&trace);
		exit(EXIT_USAGE);
	}
	status = experiment_run(&config, trace.stream, &experiment);
	if (config.trace != NULL) {
		if (status != 0)
			outfile_discard(&trace);
		else if (outfile_commit(&trace) != 0) {
			warn("--trace: %s", config.trace);
			status = 1;
		}
	}
	if (status != 0 && status != EXIT_INTERRUPTED) {
		outfile_discard(&output);
		return status;
	}
	/* After an interrupt the completed rows are kept, as a whole file. */
	if (config.output == NULL) {
		if (report_write(stdout, &config, experiment.rows,
		    experiment.nrows) != 0) {
			warn("stdout");
			return 1;
		}
	} else if (report_write(output.stream, &config, experiment.rows,
	    experiment.nrows) != 0 || outfile_commit(&output) != 0) {
		warn("--output: %s", config.output);
		outfile_discard(&output);
		return 1;
	}
	return status;
}
