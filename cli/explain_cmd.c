/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * explain_cmd.c: "bheapsim explain", where a small heap's nodes live:
 * its command line, and the outputs of report/ that it asks for.
 *
 * For a heap small enough to draw (up to 512 items, 8 to 64 entries per
 * page) it shows, layout by layout, which indices share a page and how
 * the tree enters each page, the tree with its page crossings marked, the
 * path from the root to the last index with its crossings counted, and
 * a table comparing the layouts.  --format csv gives the same facts one
 * row per index, --svg draws the trees coloured by page (explain_text.c,
 * explain_svg.c, over the trees of explain_view.h).  --line-bytes N adds
 * the lines in the pages, line = index * sizeof(void *) / N (the array
 * starts a page: no line straddles two); the text marks a line crossing
 * ':' beside a page crossing's '|', the CSV adds a line column, the SVG
 * a dotted blue edge.
 */
#include <err.h>
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "config.h"
#include "escape.h"
#include "explain_cmd.h"
#include "explain_view.h"
#include "explore.h"
#include "heap.h"
#include "options.h"
#include "outfile.h"
#include "parse.h"
#include "xalloc.h"

/* Parameters -------------------------------------------------------- */

#define EXPLAIN_DEFAULT_ITEMS	127u	/* binary heap: 7 levels, 16 pages */
#define MAX_ENTRIES	64u
#define DEFAULT_ENTRIES	8u
_Static_assert(1024 % (MAX_ENTRIES * ABI_PTR_BYTES) == 0,
    "a page divides 1K, so --resident's sizes are whole pages");
#define DEFAULT_LAYOUTS	(1u << LAYOUT_ID_binheap | 1u << LAYOUT_ID_bheap)

struct options {
	unsigned		 layouts;	/* bit i: layouts[i] */
	unsigned		 items;
	unsigned		 entries;	/* per page, a power of two */
	const char		*line_bytes;	/* as typed; NULL: no lines */
	unsigned		 line_entries;	/* per line; 0: no lines */
	unsigned		 arity;
	bool			 arity_given;	/* --arity: dary must run */
	enum format		 format;	/* table (the text) or csv */
	bool			 verbose;	/* every page and the tree */
	const char		*svg;		/* NULL: no drawing */
	const char		*html;		/* NULL: no explorer */
	const char		*html_only;	/* an --html option given */
	const char		*items_text;	/* NULL: the default */
	unsigned		 ops;
	unsigned		 workload;	/* enum workload */
	const char		*resident;	/* as typed; NULL: the default */
	struct resident_choice	 resident_choice;
	uint64_t		 seed;
};

/* The workloads --html plays: those whose --ops counts operations. */
static const char *const html_workload_names[] = { "replace", "reorder",
    "mix", NULL };
static const enum workload html_workloads[] = { WL_REPLACE, WL_REORDER,
    WL_MIX };

/* Command line ------------------------------------------------------ */

static void
help_text(FILE *out)
{
	char names[LAYOUT_COUNT * 16], defaults[LAYOUT_COUNT * 16];
	size_t n = 0, d = 0;
	unsigned l;

	for (l = 0; l < LAYOUT_COUNT; l++) {
		n += (size_t)snprintf(names + n, sizeof(names) - n, "%s%s",
		    l ? ", " : "", layouts[l]->name);
		if (DEFAULT_LAYOUTS & 1u << l)
			d += (size_t)snprintf(defaults + d, sizeof(defaults) - d,
			    "%s%s", d ? "," : "", layouts[l]->name);
	}
	fputs("usage: " EXPLAIN_SYNOPSIS, out);
	fprintf(out,
"\n"
"Shows where the nodes of a small heap live: for each layout, which\n"
"indices share a page and how the tree enters it, the tree with page\n"
"crossings marked, and the path from the root to the last index.\n"
"Page = index / E and offset = index %% E; index 0 is unused.\n"
"\n"
"  --layout LIST          %s, comma-separated, or all\n"
"                         (default %s)\n"
"  --items N              nodes, %u to %u (default %u)\n"
"  --entries-per-page E   a power of two from %u to %u (default %u)\n"
"  --arity D              children per dary node, %u to %u (default %u)\n"
"  --line-bytes N         also show N-byte cache lines: N a power of two\n"
"                         from %u (one entry) to E x %u (a page), line =\n"
"                         index x %u / N; ':' marks a line boundary inside\n"
"                         a page, as '|' marks a page's\n"
"  --verbose              every page and the tree, not a screenful\n"
"  --format table|csv     table, the text (default), or csv, one CSV row\n"
"                         per index: layout,index,parent,page,offset,depth\n"
"                         (and line, with --line-bytes)\n"
"  --svg FILE             also draw the trees, nodes coloured by page\n"
"  --html FILE            instead, write one self-contained page that\n"
"                         plays a run of the layouts side by side: every\n"
"                         access lit on the tree and in memory, hit or\n"
"                         miss in a fully associative L1 of %u lines\n"
"                         (--line-bytes, default a quarter page) and TLB\n"
"                         of %u pages, and the LRU resident set; items up\n"
"                         to %u, and these options:\n"
"  --ops M                operations played, 1 to %u (default %u)\n"
"  --workload NAME        replace (default), reorder or mix\n"
"  --resident R           resident pages, or a size of whole pages\n"
"                         (default half the smallest layout's pages, at\n"
"                         most the heap's)\n"
"  --seed S               seed of the keys (default %" PRIu64 ")\n"
"  --help                 print this\n"
"\n"
"Exit status: 0 done, 1 system failure, 2 bad input.\n",
	    names, defaults, 1u, EXPLAIN_MAX_ITEMS, EXPLAIN_DEFAULT_ITEMS,
	    CONFIG_MIN_ENTRIES,
	    MAX_ENTRIES, DEFAULT_ENTRIES, DARY_MIN_ARITY, DARY_MAX_ARITY,
	    DARY_DEFAULT_ARITY, ABI_PTR_BYTES, ABI_PTR_BYTES, ABI_PTR_BYTES,
	    EXPLORE_L1_LINES, EXPLORE_TLB_ENTRIES, EXPLORE_MAX_ITEMS,
	    EXPLORE_MAX_OPS, EXPLORE_DEFAULT_OPS, (uint64_t)CONFIG_DEFAULT_SEED);
}

_Noreturn static void
help(void)
{
	help_text(stdout);
	exit_printed();
}

static unsigned
entries_option(const char *text)
{
	uint64_t value;

	if (parse_count(text, CONFIG_MIN_ENTRIES, MAX_ENTRIES, &value) != 0 ||
	    (value & (value - 1)) != 0)
		errx(EXIT_USAGE, "--entries-per-page: '%s' is not a power of "
		    "two from %u to %u", printable(text), CONFIG_MIN_ENTRIES,
		    MAX_ENTRIES);
	return (unsigned)value;
}

/*
 * Entries per line of --line-bytes, checked against the final
 * --entries-per-page: a line holds at least one entry (a pointer) and at
 * most a page, so that lines tile pages.
 */
static unsigned
line_entries_option(const char *text, unsigned entries)
{
	uint64_t page_bytes = (uint64_t)entries * ABI_PTR_BYTES, value;

	if (parse_size(text, ABI_PTR_BYTES, page_bytes, &value) != 0 ||
	    (value & (value - 1)) != 0)
		errx(EXIT_USAGE, "--line-bytes: '%s' is not a power of two "
		    "from %u to %" PRIu64 " bytes: one %u-byte entry to a page "
		    "of %u entries", printable(text), ABI_PTR_BYTES, page_bytes,
		    ABI_PTR_BYTES, entries);
	return (unsigned)(value / ABI_PTR_BYTES);
}

enum {
	OPT_LAYOUT = 256, OPT_ITEMS, OPT_ENTRIES, OPT_LINE_BYTES, OPT_ARITY,
	OPT_FORMAT, OPT_SVG, OPT_HTML, OPT_OPS, OPT_WORKLOAD, OPT_RESIDENT,
	OPT_SEED, OPT_HELP, OPT_VERBOSE
};

static const struct option long_options[] = {
	{ "layout", required_argument, NULL, OPT_LAYOUT },
	{ "items", required_argument, NULL, OPT_ITEMS },
	{ "entries-per-page", required_argument, NULL, OPT_ENTRIES },
	{ "line-bytes", required_argument, NULL, OPT_LINE_BYTES },
	{ "arity", required_argument, NULL, OPT_ARITY },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "svg", required_argument, NULL, OPT_SVG },
	{ "html", required_argument, NULL, OPT_HTML },
	{ "ops", required_argument, NULL, OPT_OPS },
	{ "workload", required_argument, NULL, OPT_WORKLOAD },
	{ "resident", required_argument, NULL, OPT_RESIDENT },
	{ "seed", required_argument, NULL, OPT_SEED },
	{ "help", no_argument, NULL, OPT_HELP },
	{ "verbose", no_argument, NULL, OPT_VERBOSE },
	{ NULL, 0, NULL, 0 },
};

/* The options of --html alone; false: not one of them. */
static bool
html_option(int c, const char *value, struct options *opt)
{
	switch (c) {
	case OPT_OPS:
		opt->ops = (unsigned)count_option("--ops", value, 1,
		    EXPLORE_MAX_OPS);
		opt->html_only = "--ops";
		return true;
	case OPT_WORKLOAD:
		opt->workload = html_workloads[name_option("--workload",
		    value, html_workload_names)];
		opt->html_only = "--workload";
		return true;
	case OPT_RESIDENT:	/* checked with the heap's pages, later */
		opt->resident_choice = resident_option(value);
		opt->resident = value;
		opt->html_only = "--resident";
		return true;
	case OPT_SEED:
		opt->seed = count_option("--seed", value, 0, UINT64_MAX);
		opt->html_only = "--seed";
		return true;
	}
	return false;
}

/* --format: the main command's names, of which explain writes two. */
static enum format
format_option(const char *text)
{
	const char *const names[] = { format_names[FORMAT_TABLE],
	    format_names[FORMAT_CSV], NULL };

	return name_option("--format", text, names) == 0 ? FORMAT_TABLE :
	    FORMAT_CSV;
}

/* One option, as options_parse() reads it. */
static void
take_option(int c, const char *value, void *context)
{
	struct options *opt = context;

	if (html_option(c, value, opt))
		return;
	switch (c) {
	case OPT_LAYOUT:
		opt->layouts = layout_option(value);
		break;
	case OPT_ITEMS:	/* checked after the loop: --html allows more */
		opt->items_text = value;
		break;
	case OPT_ENTRIES:
		opt->entries = entries_option(value);
		break;
	case OPT_LINE_BYTES:	/* checked after the loop, against E */
		opt->line_bytes = value;
		break;
	case OPT_ARITY:
		opt->arity = (unsigned)count_option("--arity", value,
		    DARY_MIN_ARITY, DARY_MAX_ARITY);
		opt->arity_given = true;
		break;
	case OPT_FORMAT:
		opt->format = format_option(value);
		break;
	case OPT_SVG:
		opt->svg = value;
		break;
	case OPT_HTML:
		opt->html = value;
		break;
	case OPT_VERBOSE:
		opt->verbose = true;
		break;
	case OPT_HELP:
		help();
	}
}

static void
parse_options(int argc, char *argv[], struct options *opt)
{
	static const struct command explain = { "explain", long_options,
	    help_text, NULL };

	memset(opt, 0, sizeof(*opt));
	opt->layouts = DEFAULT_LAYOUTS;
	opt->items = EXPLAIN_DEFAULT_ITEMS;
	opt->entries = DEFAULT_ENTRIES;
	opt->arity = DARY_DEFAULT_ARITY;
	opt->ops = EXPLORE_DEFAULT_OPS;
	opt->workload = WL_REPLACE;
	opt->format = FORMAT_TABLE;
	opt->seed = CONFIG_DEFAULT_SEED;
	options_parse(&explain, argc, argv, take_option, opt);
	if (opt->arity_given && !(opt->layouts & 1u << LAYOUT_ID_dary))
		errx(EXIT_USAGE, "--arity shapes the dary layout only; "
		    "add dary to --layout");
	if (opt->html == NULL && opt->html_only != NULL)
		errx(EXIT_USAGE, "%s is for --html only; bheapsim "
		    "explain --help lists the options", opt->html_only);
	if (opt->html != NULL && (opt->svg != NULL || opt->format == FORMAT_CSV))
		errx(EXIT_USAGE, "--html takes no --svg or --format csv");
	if (opt->items_text != NULL)
		opt->items = (unsigned)count_option("--items", opt->items_text,
		    1, opt->html != NULL ? EXPLORE_MAX_ITEMS :
		    EXPLAIN_MAX_ITEMS);
	/* --html has a cache: a quarter page's lines unless told. */
	if (opt->line_bytes == NULL && opt->html != NULL)
		opt->line_entries = opt->entries / 4;
	else
		opt->line_entries = opt->line_bytes == NULL ? 0 :
		    line_entries_option(opt->line_bytes, opt->entries);
}

/* Main ---------------------------------------------------------------- */

/*
 * --resident's pages, as the main command reads it, but one budget: the
 * page plays one (its slider replays the others), at most the heap's.
 */
static unsigned
html_resident(const struct options *opt, unsigned pages)
{
	struct resident_choice r = opt->resident_choice;
	uint64_t page_bytes = (uint64_t)opt->entries * ABI_PTR_BYTES;

	if (r.all)
		errx(EXIT_USAGE, "--resident: all is every budget, which the "
		    "page's slider replays; --html starts at one: give pages "
		    "or a size");
	/* A size is whole Ks, and so whole pages of MAX_ENTRIES or fewer. */
	if (r.bytes)
		r.value /= page_bytes;
	if (r.value > pages)
		errx(EXIT_USAGE, "--resident: '%s' is more than the %u pages "
		    "of %u items", printable(opt->resident), pages, opt->items);
	return (unsigned)r.value;
}

/* --html: the request, checked against the heap's pages, and the page. */
static int
write_html(const struct options *opt)
{
	struct explore_request req = { opt->layouts, opt->items, opt->ops,
	    (enum workload)opt->workload, opt->entries, opt->line_entries,
	    opt->arity, 0, opt->seed };
	unsigned pages = explore_pages(&req);
	struct outfile html = { 0 };
	const char *unusable;

	req.resident = opt->resident == NULL ?
	    explore_default_resident(&req) : html_resident(opt, pages);
	if ((unusable = outfile_unusable(opt->html)) != NULL)
		errx(EXIT_USAGE, "--html: '%s' %s", printable(opt->html),
		    unusable);
	if (outfile_open(&html, opt->html) != 0)
		errx(EXIT_USAGE, "--html: cannot write '%s': %s",
		    printable(opt->html), strerror(errno));
	if (explore_write(html.stream, &req) != 0) {
		outfile_discard(&html);
		return 1;
	}
	if (outfile_commit(&html) != 0) {
		warn("--html: %s", printable(opt->html));
		return 1;
	}
	return 0;
}

/* The trees of opt's layouts as text or CSV, and drawn into svg if open. */
static int
write_views(const struct options *opt, struct outfile *svg)
{
	struct view *views = xcalloc(LAYOUT_COUNT, sizeof(*views));
	unsigned nviews = 0, i;
	int status = 0;

	for (i = 0; i < LAYOUT_COUNT; i++)
		if (opt->layouts & 1u << i)
			view_build(&views[nviews++], layouts[i], opt->items,
			    opt->entries, opt->line_entries, opt->arity);
	if (opt->format == FORMAT_CSV)
		explain_csv(stdout, views, nviews);
	else
		explain_text(stdout, views, nviews, opt->verbose);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		warn("stdout");
		outfile_discard(svg);
		status = 1;
	} else if (opt->svg != NULL) {
		explain_svg(svg->stream, views, nviews);
		if (outfile_commit(svg) != 0) {
			warn("--svg: %s", printable(opt->svg));
			status = 1;
		}
	}
	free(views);
	return status;
}

int
explain_main(int argc, char *argv[])
{
	struct outfile svg = { 0 };
	struct options opt;
	const char *unusable;

	parse_options(argc, argv, &opt);
	if (opt.html != NULL)
		return write_html(&opt);
	/* A path that cannot be written is refused before any work. */
	if (opt.svg != NULL && (unusable = outfile_unusable(opt.svg)) != NULL)
		errx(EXIT_USAGE, "--svg: '%s' %s", printable(opt.svg), unusable);
	/* The text goes to the standard output: one file cannot hold both. */
	if (opt.svg != NULL && outfile_same_fd(opt.svg, 1))
		errx(EXIT_USAGE, "--svg '%s' is the standard output, where the "
		    "text goes; name another file", printable(opt.svg));
	if (opt.svg != NULL && outfile_open(&svg, opt.svg) != 0)
		errx(EXIT_USAGE, "--svg: cannot write '%s': %s",
		    printable(opt.svg), strerror(errno));
	return write_views(&opt, &svg);
}
