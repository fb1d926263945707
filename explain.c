/*
 * explain.c: "bheapsim explain", where a small heap's nodes live.
 *
 * For a heap small enough to draw (up to 512 items, 8 to 64 entries per
 * page) it shows, layout by layout, which indices share a page and how
 * the tree enters each page, the tree itself with every page crossing
 * marked, and the path from the root to the last index with its
 * crossings counted; a closing table compares the layouts.  --format csv
 * gives the same facts one row per index, and --svg draws the trees with
 * nodes coloured by page.  --line-bytes N adds the cache lines inside
 * the pages: line = index * sizeof(void *) / N, the array starting on a
 * page boundary, so a line never straddles two pages; the text marks a
 * line crossing inside a page with ':' beside the '|' of a page
 * crossing, the CSV gains a line column, the SVG a dotted blue edge.
 *
 * The pages are those of the heap array: page = index / E and offset =
 * index % E for E entries per page, slot 0 unused, exactly as the page
 * model counts them (pages.h).  Parents and children come from the
 * layouts' own functions, the ones the heap runs on, so what a student
 * sees here is what bheapsim measures.  The layouts: the binary heap;
 * Kamp's B-heap ("You're Doing It Wrong", ACM Queue, 2010), whose pages
 * hold whole subtrees so that a path crosses one page per log2(E / 2)
 * levels; and the d-ary heap of LaMarca and Ladner (1996), which crosses
 * fewer pages by being shallower.
 */
#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "config.h"
#include "explain.h"
#include "heap.h"
#include "options.h"
#include "outfile.h"
#include "parse.h"
#include "svg.h"

/* Parameters -------------------------------------------------------- */

#define MAX_ITEMS	512u		/* a tree one can still read */
#define MAX_SLOTS	1023u		/* veb's complete tree of 512 */
#define DEFAULT_ITEMS	127u		/* binary heap: 7 levels, 16 pages */
#define MAX_ENTRIES	64u
#define DEFAULT_ENTRIES	8u
#define DEFAULT_LAYOUTS	(1u << 0 | 1u << 1)	/* binheap, bheap */

#define WRAP		72		/* columns of an index list */

/* SVG geometry, in pixels. */
#define NODE_R		11
#define LEAF_DX		26		/* between neighbouring leaves */
#define LEVEL_DY	52
#define MARGIN		20
#define TITLE_H		40
/* About the widest a character of 14-pixel sans-serif draws, in pixels. */
#define TITLE_CHAR_PX	7.5

enum explain_format { EXPLAIN_TEXT, EXPLAIN_CSV };

static const char *const explain_format_names[] = { "text", "csv", NULL };

struct options {
	unsigned		 layouts;	/* bit i: layouts[i] */
	unsigned		 items;
	unsigned		 entries;	/* per page, a power of two */
	unsigned		 line_entries;	/* per line; 0: no lines */
	unsigned		 arity;
	enum explain_format	 format;
	const char		*svg;		/* NULL: no drawing */
};

/* One layout's tree over indices 1 .. n. */
struct view {
	const struct layout *layout;
	struct shape	shape;
	unsigned	line_entries;			/* 0: no lines */
	unsigned	n;
	heap_index	parent[MAX_ITEMS + 1];		/* 0 for the root */
	/* Memory slot of each index (veb's differ), and the index at each. */
	unsigned	slot[MAX_ITEMS + 1];
	heap_index	at[MAX_SLOTS + 1];		/* 0: empty */
	unsigned	slots;				/* the last slot */
	heap_index	first_child[MAX_ITEMS + 1];
	unsigned	nchildren[MAX_ITEMS + 1];	/* those <= n */
	unsigned	depth[MAX_ITEMS + 1];
	unsigned	crossings[MAX_ITEMS + 1];	/* from the root */
	unsigned	line_crossings[MAX_ITEMS + 1];	/* at pages too */
	unsigned	height;				/* largest depth */
	double		x[MAX_ITEMS + 1];		/* SVG column */
	unsigned	leaves;
};

/* Command line ------------------------------------------------------ */

static void
usage(FILE *out)
{
	fputs("usage: " EXPLAIN_SYNOPSIS, out);
}

static void
help(void)
{
	usage(stdout);
	printf(
"\n"
"Shows where the nodes of a small heap live: for each layout, which\n"
"indices share a page and how the tree enters it, the tree with page\n"
"crossings marked, and the path from the root to the last index.\n"
"Page = index / E and offset = index %% E; index 0 is unused.\n"
"\n"
"  --layout LIST          binheap, bheap, dary, veb, comma-separated, or all\n"
"                         (default binheap,bheap)\n"
"  --items N              nodes, %u to %u (default %u)\n"
"  --entries-per-page E   a power of two from %u to %u (default %u)\n"
"  --arity D              children per dary node, %u to %u (default %u)\n"
"  --line-bytes N         also show N-byte cache lines: N a power of two\n"
"                         from %u (one entry) to E x %u (a page), line =\n"
"                         index x %u / N; ':' marks a line boundary inside\n"
"                         a page, as '|' marks a page's\n"
"  --format text|csv      text (default), or one CSV row per index:\n"
"                         layout,index,parent,page,offset,depth\n"
"                         (and line, with --line-bytes)\n"
"  --svg FILE             also draw the trees, nodes coloured by page\n"
"  --help                 print this\n"
"\n"
"Exit status: 0 done, 1 system failure, 2 bad input.\n",
	    1u, MAX_ITEMS, DEFAULT_ITEMS, CONFIG_MIN_ENTRIES, MAX_ENTRIES,
	    DEFAULT_ENTRIES, DARY_MIN_ARITY, DARY_MAX_ARITY,
	    DARY_DEFAULT_ARITY, ABI_PTR_BYTES, ABI_PTR_BYTES, ABI_PTR_BYTES);
	exit_printed();
}

static unsigned
entries_option(const char *text)
{
	uint64_t value;

	if (parse_count(text, CONFIG_MIN_ENTRIES, MAX_ENTRIES, &value) != 0 ||
	    (value & (value - 1)) != 0)
		errx(EXIT_USAGE, "--entries-per-page: '%s' is not a power of "
		    "two from %u to %u", text, CONFIG_MIN_ENTRIES, MAX_ENTRIES);
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
		    "of %u entries", text, ABI_PTR_BYTES, page_bytes,
		    ABI_PTR_BYTES, entries);
	return (unsigned)(value / ABI_PTR_BYTES);
}

enum {
	OPT_LAYOUT = 256, OPT_ITEMS, OPT_ENTRIES, OPT_LINE_BYTES, OPT_ARITY,
	OPT_FORMAT, OPT_SVG, OPT_HELP
};

static const struct option long_options[] = {
	{ "layout", required_argument, NULL, OPT_LAYOUT },
	{ "items", required_argument, NULL, OPT_ITEMS },
	{ "entries-per-page", required_argument, NULL, OPT_ENTRIES },
	{ "line-bytes", required_argument, NULL, OPT_LINE_BYTES },
	{ "arity", required_argument, NULL, OPT_ARITY },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "svg", required_argument, NULL, OPT_SVG },
	{ "help", no_argument, NULL, OPT_HELP },
	{ NULL, 0, NULL, 0 },
};

static void
parse_options(int argc, char *argv[], struct options *opt)
{
	/* Checked after the loop: its bound is the final page's. */
	const char *line_bytes = NULL;
	int c;

	opt->layouts = DEFAULT_LAYOUTS;
	opt->items = DEFAULT_ITEMS;
	opt->entries = DEFAULT_ENTRIES;
	opt->arity = DARY_DEFAULT_ARITY;
	opt->format = EXPLAIN_TEXT;
	opt->svg = NULL;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":", long_options, NULL)) != -1) {
		switch (c) {
		case OPT_LAYOUT:
			opt->layouts = layout_option(optarg);
			break;
		case OPT_ITEMS:
			opt->items = (unsigned)count_option("--items", optarg, 1,
			    MAX_ITEMS);
			break;
		case OPT_ENTRIES:
			opt->entries = entries_option(optarg);
			break;
		case OPT_LINE_BYTES:
			line_bytes = optarg;
			break;
		case OPT_ARITY:
			opt->arity = (unsigned)count_option("--arity", optarg,
			    DARY_MIN_ARITY, DARY_MAX_ARITY);
			break;
		case OPT_FORMAT:
			opt->format = name_option("--format", optarg,
			    explain_format_names);
			break;
		case OPT_SVG:
			opt->svg = optarg;
			break;
		case OPT_HELP:
			help();
			break;
		case ':':
			errx(EXIT_USAGE, "explain: %s needs a value",
			    argv[optind - 1]);
		default:
			option_refused(argv[optind - 1], long_options,
			    "explain");
		}
	}
	if (optind < argc)
		errx(EXIT_USAGE, "explain: unexpected argument '%s'; "
		    "bheapsim explain --help lists the options", argv[optind]);
	opt->line_entries = line_bytes == NULL ? 0 :
	    line_entries_option(line_bytes, opt->entries);
}

/* The trees --------------------------------------------------------- */

static unsigned
page_of_slot(const struct view *v, unsigned s)
{
	const struct page_map map = { .entry_shift = v->shape.page_shift };

	return page_of_index(&map, s);
}

static unsigned
page_of(const struct view *v, unsigned u)
{
	return page_of_slot(v, v->slot[u]);
}

static unsigned
offset_of(const struct view *v, unsigned u)
{
	return v->slot[u] & ((1u << v->shape.page_shift) - 1);
}

static bool
crosses(const struct view *v, unsigned u)
{
	return u > 1 && page_of(v, u) != page_of(v, v->parent[u]);
}

/* Only with --line-bytes: line_entries is then at least 1. */
static unsigned
line_of_slot(const struct view *v, unsigned s)
{
	return s / v->line_entries;
}

static unsigned
line_of(const struct view *v, unsigned u)
{
	return line_of_slot(v, v->slot[u]);
}

/* Lines tile pages, so every page crossing is a line crossing too. */
static bool
crosses_line(const struct view *v, unsigned u)
{
	return u > 1 && line_of(v, u) != line_of(v, v->parent[u]);
}

/* A line crossing that is not a page crossing: ':' rather than '|'. */
static bool
crosses_line_inside(const struct view *v, unsigned u)
{
	return v->line_entries != 0 && crosses_line(v, u) && !crosses(v, u);
}

static void
build_view(struct view *v, const struct layout *layout,
    const struct options *opt)
{
	unsigned u;

	v->layout = layout;
	v->shape.page_shift = log2_exact(opt->entries);
	v->shape.arity = opt->arity;
	v->shape.height = heap_tree_height(opt->items);
	v->line_entries = opt->line_entries;
	v->n = opt->items;
	v->height = 0;
	v->slots = (unsigned)heap_slots(layout, v->n);
	memset(v->at, 0, sizeof(v->at));
	for (u = 1; u <= v->n; u++) {
		v->slot[u] = layout->slot == NULL ? u :
		    (unsigned)layout->slot(&v->shape, u);
		v->at[v->slot[u]] = (heap_index)u;
	}
	for (u = 1; u <= v->n; u++) {
		unsigned count;
		uint64_t first = layout->children(&v->shape, u, &count);

		v->parent[u] = u == 1 ? 0 : layout->parent(&v->shape, u);
		/* Parents precede children, so theirs are already known. */
		v->depth[u] = u == 1 ? 0 : v->depth[v->parent[u]] + 1;
		v->crossings[u] = u == 1 ? 0 :
		    v->crossings[v->parent[u]] + crosses(v, u);
		if (v->line_entries != 0)
			v->line_crossings[u] = u == 1 ? 0 :
			    v->line_crossings[v->parent[u]] +
			    crosses_line(v, u);
		if (v->depth[u] > v->height)
			v->height = v->depth[u];
		if (first > v->n)
			count = 0;
		else if (first + count - 1 > v->n)
			count = (unsigned)(v->n - first + 1);
		v->first_child[u] = (heap_index)(count ? first : 0);
		v->nchildren[u] = count;
	}
}

/* Text ---------------------------------------------------------------- */

/* "a-b", or "a" alone; returns the columns written. */
static int
print_range(FILE *out, unsigned first, unsigned last)
{
	if (first == last)
		return fprintf(out, "%u", first);
	return fprintf(out, "%u-%u", first, last);
}

/* The slots of page g up to the last; slot 0 is unused. */
static void
page_range(const struct view *v, unsigned g, unsigned *first,
    unsigned *last)
{
	unsigned entries = 1u << v->shape.page_shift;

	*first = g == 0 ? 1 : g * entries;
	*last = g * entries + entries - 1;
	if (*last > v->slots)
		*last = v->slots;
}

/*
 * The indices in slots first .. last, in memory order, runs of
 * consecutive ones as "a-b": for every layout but veb, first-last.
 */
static int
print_slots(FILE *out, const struct view *v, unsigned first, unsigned last,
    int column)
{
	unsigned s = first, end;
	int start = column;

	while (s <= last) {
		for (; s <= last && v->at[s] == 0; s++)
			continue;
		for (end = s; end < last && v->at[end + 1] != 0 &&
		    v->at[end + 1] == v->at[end] + 1; end++)
			continue;
		if (s > last)
			break;
		if (column > WRAP)
			column = fprintf(out, "\n           ") - 1;
		else if (column > start)
			column += fprintf(out, ",");
		column += print_range(out, v->at[s], v->at[end]);
		s = end + 1;
	}
	/* A line of veb's tree that holds no index (yet). */
	if (column == start)
		column += fprintf(out, "-");
	return column - start;
}

/*
 * A page holds consecutive indices whatever the layout; what differs is
 * how many separate subtrees share it, where the tree enters it and how
 * many levels it spans.
 */
static void
print_page(FILE *out, const struct view *v, unsigned g)
{
	unsigned first, last, subtrees = 0, low = ~0u, high = 0, u, s;
	heap_index previous = 0;
	int column;

	page_range(v, g, &first, &last);
	for (s = first; s <= last; s++) {
		if ((u = v->at[s]) == 0)
			continue;
		subtrees += u == 1 || crosses(v, u);
		if (v->depth[u] < low)
			low = v->depth[u];
		if (v->depth[u] > high)
			high = v->depth[u];
	}
	column = fprintf(out, "  page %2u: ", g);
	column += print_slots(out, v, first, last, column);
	column += fprintf(out, low == high ? ", level " : ", levels ");
	column += print_range(out, low, high);
	/* Every parent precedes its child, so page 0 is the root's subtree. */
	if (g == 0) {
		fputs(", the root's subtree\n", out);
		return;
	}
	column += fprintf(out, ", %u subtree%s, entered from", subtrees,
	    subtrees == 1 ? "" : "s");
	/* Page roots come in the order of their parents: skip repeats. */
	for (s = first; s <= last; s++) {
		if ((u = v->at[s]) == 0 || !crosses(v, u) ||
		    v->parent[u] == previous)
			continue;
		previous = v->parent[u];
		if (column > WRAP)
			column = fprintf(out, "\n           ") - 1;
		column += fprintf(out, " %u", previous);
	}
	fputc('\n', out);
}

/* Under page g's entry: its indices cache line by cache line. */
static void
print_page_lines(FILE *out, const struct view *v, unsigned g)
{
	unsigned first, last, u, end;
	int column;

	page_range(v, g, &first, &last);
	column = fprintf(out, "           lines ");
	column += print_range(out, line_of_slot(v, first),
	    line_of_slot(v, last));
	column += fprintf(out, ":");
	for (u = first; u <= last; u = end + 1) {
		end = (line_of_slot(v, u) + 1) * v->line_entries - 1;
		if (end > last)
			end = last;
		if (u > first && column > WRAP)
			column = fprintf(out, "\n           :") - 1;
		else if (u > first)
			column += fprintf(out, " :");
		column += fprintf(out, " ");
		column += print_slots(out, v, u, end, column);
	}
	fputc('\n', out);
}

static void
print_pages(FILE *out, const struct view *v)
{
	unsigned g;

	/* veb stores index u in slot(u), and pages list slots in order. */
	const char *at = v->layout->slot == NULL ? "index" : "slot";

	if (v->line_entries == 0)
		fprintf(out, "pages (page = %s / %u):\n", at,
		    1u << v->shape.page_shift);
	else
		fprintf(out, "pages (page = %s / %u) and their %u-byte "
		    "lines (line = %s / %u):\n", at,
		    1u << v->shape.page_shift,
		    v->line_entries * ABI_PTR_BYTES, at, v->line_entries);
	for (g = 0; g <= page_of_slot(v, v->slots); g++) {
		print_page(out, v, g);
		if (v->line_entries != 0)
			print_page_lines(out, v, g);
	}
}

static void
print_node(FILE *out, const struct view *v, unsigned u)
{
	if (v->line_entries == 0) {
		fprintf(out, "%u [page %u]%s\n", u, page_of(v, u),
		    crosses(v, u) ? "  <- page crossing" : "");
		return;
	}
	fprintf(out, "%u [page %u, line %u]%s\n", u, page_of(v, u),
	    line_of(v, u), crosses(v, u) ? "  <- page crossing" :
	    crosses_line(v, u) ? "  <- line crossing" : "");
}

/* Draws u's children below it; prefix holds the rails of its ancestors. */
static void
print_subtree(FILE *out, const struct view *v, unsigned u, char *prefix,
    size_t len)
{
	unsigned k;

	for (k = 0; k < v->nchildren[u]; k++) {
		unsigned c = v->first_child[u] + k;
		bool last = k + 1 == v->nchildren[u];

		fprintf(out, "%s%s", prefix, last ? "`-- " : "+-- ");
		print_node(out, v, c);
		memcpy(prefix + len, last ? "    " : "|   ", 5);
		print_subtree(out, v, c, prefix, len + 4);
		prefix[len] = '\0';
	}
}

static void
print_tree(FILE *out, const struct view *v)
{
	/* Four columns per level; no tree of MAX_ITEMS nodes is deeper. */
	static char prefix[4 * MAX_ITEMS + 1];

	fputs(v->line_entries == 0 ? "\ntree, each node as index [page]:\n" :
	    "\ntree, each node as index [page, line]:\n", out);
	prefix[0] = '\0';
	print_node(out, v, 1);
	print_subtree(out, v, 1, prefix, 0);
}

/* What comes before u on a path from the root. */
static const char *
path_step(const struct view *v, unsigned u)
{
	if (u == 1)
		return "";
	if (crosses(v, u))
		return " | ";
	return crosses_line_inside(v, u) ? " : " : " ";
}

/* The lines a path visits, root first, and how many it crosses. */
static void
print_path_lines(FILE *out, const struct view *v, const heap_index path[],
    unsigned steps)
{
	unsigned crossed = v->line_crossings[v->n];
	unsigned inside = crossed - v->crossings[v->n];
	unsigned i;

	fputs("  lines", out);
	for (i = steps; i-- > 0;)
		if (i + 1 == steps || crosses_line(v, path[i]))
			fprintf(out, " %u", line_of(v, path[i]));
	fprintf(out, ": %u line crossing%s, %u inside a page\n", crossed,
	    crossed == 1 ? "" : "s", inside);
}

static void
print_path(FILE *out, const struct view *v)
{
	heap_index path[MAX_ITEMS + 1];
	unsigned steps = 0, u, i;

	for (u = v->n; u != 0; u = v->parent[u])
		path[steps++] = u;
	fprintf(out, "\npath from the root to %u, '|' where it changes page%s:"
	    "\n  ", v->n, v->line_entries == 0 ? "" :
	    ", ':' where it changes line");
	for (i = steps; i-- > 0;)
		fprintf(out, "%s%u", path_step(v, path[i]), path[i]);
	fprintf(out, "\n  depth %u, pages", v->depth[v->n]);
	for (i = steps; i-- > 0;)
		if (i + 1 == steps || crosses(v, path[i]))
			fprintf(out, " %u", page_of(v, path[i]));
	fprintf(out, ": %u page crossing%s\n", v->crossings[v->n],
	    v->crossings[v->n] == 1 ? "" : "s");
	if (v->line_entries != 0)
		print_path_lines(out, v, path, steps);
}

static void
print_view(FILE *out, const struct view *v)
{
	fprintf(out, "== %s", v->layout->name);
	if (v->layout->has_arity)
		fprintf(out, " (d = %u)", v->shape.arity);
	fprintf(out, ": %u items, %u entries per page ==\n\n", v->n,
	    1u << v->shape.page_shift);
	print_pages(out, v);
	print_tree(out, v);
	print_path(out, v);
}

/*
 * Page crossings from the root, or line crossings (page crossings
 * included): to the last index, at most, and on average.
 */
static void
print_summary(FILE *out, const struct view *views, unsigned nviews,
    bool lines)
{
	const struct view *v = &views[0];
	unsigned i, u;

	if (lines)
		fprintf(out, "\nline crossings on paths from the root, %u "
		    "items in %u lines of %u bytes:\n", v->n,
		    line_of_slot(v, v->slots) + 1,
		    v->line_entries * ABI_PTR_BYTES);
	else
		fprintf(out, "\npage crossings on paths from the root, %u "
		    "items in %u pages of %u entries:\n", v->n,
		    page_of_slot(v, v->slots) + 1, 1u << v->shape.page_shift);
	fprintf(out, "  %-8s  %6s  %8s  %5s  %5s\n", "layout", "height",
	    "to last", "most", "mean");
	for (i = 0; i < nviews; i++) {
		const unsigned *crossings;
		unsigned most = 0, total = 0;

		v = &views[i];
		crossings = lines ? v->line_crossings : v->crossings;
		for (u = 1; u <= v->n; u++) {
			total += crossings[u];
			if (crossings[u] > most)
				most = crossings[u];
		}
		fprintf(out, "  %-8s  %6u  %8u  %5u  %5.2f\n", v->layout->name,
		    v->height, crossings[v->n], most, (double)total / v->n);
	}
}

static void
write_text(FILE *out, const struct view *views, unsigned nviews)
{
	unsigned i;

	for (i = 0; i < nviews; i++) {
		if (i > 0)
			fputc('\n', out);
		print_view(out, &views[i]);
	}
	print_summary(out, views, nviews, false);
	if (views[0].line_entries != 0)
		print_summary(out, views, nviews, true);
}

/* CSV ----------------------------------------------------------------- */

static void
write_csv(FILE *out, const struct view *views, unsigned nviews)
{
	/* The line column only when asked for: the default is a contract. */
	bool lines = views[0].line_entries != 0;
	unsigned i, u;

	fputs(lines ? "layout,index,parent,page,offset,depth,line\n" :
	    "layout,index,parent,page,offset,depth\n", out);
	for (i = 0; i < nviews; i++) {
		const struct view *v = &views[i];

		for (u = 1; u <= v->n; u++) {
			fprintf(out, "%s,%u,%u,%u,%u,%u", v->layout->name, u,
			    v->parent[u], page_of(v, u), offset_of(v, u),
			    v->depth[u]);
			if (lines)
				fprintf(out, ",%u", line_of(v, u));
			fputc('\n', out);
		}
	}
}

/* SVG ----------------------------------------------------------------- */

/*
 * Leaves take successive columns in depth-first order and a parent sits
 * midway over its first and last child, so no two edges cross.
 */
static void
place_nodes(struct view *v, unsigned u)
{
	unsigned k;

	if (v->nchildren[u] == 0) {
		v->x[u] = v->leaves++;
		return;
	}
	for (k = 0; k < v->nchildren[u]; k++)
		place_nodes(v, v->first_child[u] + k);
	v->x[u] = (v->x[v->first_child[u]] +
	    v->x[v->first_child[u] + v->nchildren[u] - 1]) / 2;
}

static double
node_x(const struct view *v, unsigned u)
{
	return MARGIN + NODE_R + v->x[u] * LEAF_DX;
}

static double
node_y(const struct view *v, unsigned u)
{
	return TITLE_H + NODE_R + (double)v->depth[u] * LEVEL_DY;
}

/* A panel's title: the layout, its geometry, the legend, the path. */
static void
panel_title(const struct view *v, char *buf, size_t size)
{
	char arity[32] = "";

	if (v->layout->has_arity)
		snprintf(arity, sizeof(arity), " (d = %u)", v->shape.arity);
	if (v->line_entries == 0)
		snprintf(buf, size, "%s%s: %u items, %u entries per page; "
		    "colour = page, dashed red edge = page crossing; path to "
		    "%u: %u crossings", v->layout->name, arity, v->n,
		    1u << v->shape.page_shift, v->n, v->crossings[v->n]);
	else
		snprintf(buf, size, "%s%s: %u items, %u entries per page, "
		    "%u-byte lines; colour = page, dashed red edge = page "
		    "crossing, dotted blue edge = line crossing inside a page; "
		    "path to %u: %u page, %u line crossings", v->layout->name,
		    arity, v->n, 1u << v->shape.page_shift,
		    v->line_entries * ABI_PTR_BYTES, v->n, v->crossings[v->n],
		    v->line_crossings[v->n]);
}

/* The tree's width, or the title's if wider: a picture never clips it. */
static unsigned
panel_width(const struct view *v)
{
	unsigned tree = 2 * MARGIN + 2 * NODE_R + (v->leaves - 1) * LEAF_DX;
	char title[256];
	unsigned text;

	panel_title(v, title, sizeof(title));
	text = 2 * MARGIN + (unsigned)(TITLE_CHAR_PX * (double)strlen(title));
	return tree > text ? tree : text;
}

static unsigned
panel_height(const struct view *v)
{
	return TITLE_H + 2 * NODE_R + v->height * LEVEL_DY + MARGIN;
}

/* The attributes that set the edge into u apart: "" for a plain one. */
static const char *
edge_style(const struct view *v, unsigned u)
{
	if (crosses(v, u))
		return " stroke=\"#c0392b\" stroke-width=\"1.5\" "
		    "stroke-dasharray=\"4 3\"";
	if (crosses_line_inside(v, u))
		return " stroke=\"#2471a3\" stroke-width=\"1.5\" "
		    "stroke-dasharray=\"1.5 2.5\"";
	return "";
}

/* Node u: a circle in its page's colour, its facts in a tooltip. */
static void
svg_node(FILE *out, const struct view *v, unsigned u)
{
	char rgb[8];

	svg_page_colour(page_of(v, u), rgb);
	fprintf(out, "<g><title>index %u: page %u, offset %u", u,
	    page_of(v, u), offset_of(v, u));
	if (v->line_entries != 0)
		fprintf(out, ", line %u", line_of(v, u));
	fprintf(out, ", depth %u, parent %u</title><circle cx=\"%.1f\" "
	    "cy=\"%.1f\" r=\"%u\" fill=\"%s\"/><text x=\"%.1f\" y=\"%.1f\" "
	    "stroke=\"none\">%u</text></g>\n", v->depth[u], v->parent[u],
	    node_x(v, u), node_y(v, u), NODE_R, rgb, node_x(v, u),
	    node_y(v, u) + 3, u);
}

static void
svg_panel(FILE *out, const struct view *v, unsigned top)
{
	char title[256];
	unsigned u;

	fprintf(out, "<g transform=\"translate(0,%u)\">\n", top);
	panel_title(v, title, sizeof(title));
	fprintf(out, "<text x=\"%u\" y=\"%u\" font-size=\"14\">",
	    MARGIN, TITLE_H / 2 + 4);
	svg_escaped(out, title);
	fputs("</text>\n", out);
	fputs("<g stroke=\"#999\" stroke-width=\"1\">\n", out);
	for (u = 2; u <= v->n; u++)
		fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		    "y2=\"%.1f\"%s/>\n", node_x(v, v->parent[u]),
		    node_y(v, v->parent[u]), node_x(v, u), node_y(v, u),
		    edge_style(v, u));
	fputs("</g>\n<g stroke=\"#333\" text-anchor=\"middle\" "
	    "font-size=\"9\">\n", out);
	for (u = 1; u <= v->n; u++)
		svg_node(out, v, u);
	fputs("</g>\n</g>\n", out);
}

static void
write_svg(FILE *out, struct view *views, unsigned nviews)
{
	unsigned width = 0, height = 0, top = 0, i;

	for (i = 0; i < nviews; i++) {
		views[i].leaves = 0;
		place_nodes(&views[i], 1);
		if (panel_width(&views[i]) > width)
			width = panel_width(&views[i]);
		height += panel_height(&views[i]);
	}
	svg_begin(out, width, height, 12);
	for (i = 0; i < nviews; i++) {
		svg_panel(out, &views[i], top);
		top += panel_height(&views[i]);
	}
	svg_end(out);
}

/* Main ---------------------------------------------------------------- */

int
explain_main(int argc, char *argv[])
{
	static struct view views[LAYOUT_COUNT];
	struct outfile svg = { 0 };
	struct options opt;
	unsigned nviews = 0, i;
	const char *unusable;

	parse_options(argc, argv, &opt);
	/* A path that cannot be written is refused before any work. */
	if (opt.svg != NULL && (unusable = outfile_unusable(opt.svg)) != NULL)
		errx(EXIT_USAGE, "--svg: '%s' %s", opt.svg, unusable);
	if (opt.svg != NULL && outfile_open(&svg, opt.svg) != 0)
		errx(EXIT_USAGE, "--svg: cannot write '%s': %s", opt.svg,
		    strerror(errno));
	for (i = 0; i < LAYOUT_COUNT; i++)
		if (opt.layouts & 1u << i)
			build_view(&views[nviews++], layouts[i], &opt);
	if (opt.format == EXPLAIN_CSV)
		write_csv(stdout, views, nviews);
	else
		write_text(stdout, views, nviews);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		warn("stdout");
		outfile_discard(&svg);
		return 1;
	}
	if (opt.svg != NULL) {
		write_svg(svg.stream, views, nviews);
		if (outfile_commit(&svg) != 0) {
			warn("--svg: %s", opt.svg);
			return 1;
		}
	}
	return 0;
}
