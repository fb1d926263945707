/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * explain_text.c: explain's text and CSV, layout by layout: which
 * indices share a page (and line) and how the tree enters each page, the
 * tree with every crossing marked, the path from the root to the last
 * index, and a closing table of crossings per layout, under a header
 * that says what each part shows; without --verbose, a screenful.
 */
#include <stdio.h>
#include <string.h>

#include "abi.h"
#include "explain_view.h"

/* Parameters -------------------------------------------------------- */

#define WRAP		72		/* columns of an index list */
/* Without --verbose the text fits a screen: */
#define BRIEF_PAGES	6		/* pages listed: the first 5, the last */
#define BRIEF_TREE	31		/* the most nodes drawn */

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
 * Returns the columns written.
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
		if (s > last)
			break;
		for (end = s; end < last && v->at[end + 1] != 0 &&
		    v->at[end + 1] == v->at[end] + 1; end++)
			continue;
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
		subtrees += u == 1 || view_crosses(v, u);
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
		if ((u = v->at[s]) == 0 || !view_crosses(v, u) ||
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
	column += print_range(out, view_slot_line(v, first),
	    view_slot_line(v, last));
	column += fprintf(out, ":");
	for (u = first; u <= last; u = end + 1) {
		end = (view_slot_line(v, u) + 1) * v->line_entries - 1;
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
print_pages(FILE *out, const struct view *v, bool verbose)
{
	unsigned g, last = view_slot_page(v, v->slots);

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
	for (g = 0; g <= last; g++) {
		if (!verbose && g == BRIEF_PAGES - 1 && g < last) {
			fprintf(out, "  ... pages %u-%u (--verbose lists every "
			    "page)\n", g, last - 1);
			g = last;
		}
		print_page(out, v, g);
		if (v->line_entries != 0)
			print_page_lines(out, v, g);
	}
}

static void
print_node(FILE *out, const struct view *v, unsigned u)
{
	if (v->line_entries == 0) {
		fprintf(out, "%u [page %u]%s\n", u, view_page(v, u),
		    view_crosses(v, u) ? "  <- page crossing" : "");
		return;
	}
	fprintf(out, "%u [page %u, line %u]%s\n", u, view_page(v, u),
	    view_line(v, u), view_crosses(v, u) ? "  <- page crossing" :
	    view_crosses_line(v, u) ? "  <- line crossing" : "");
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
print_tree(FILE *out, const struct view *v, bool verbose)
{
	/* Four columns per level; no tree of EXPLAIN_MAX_ITEMS nodes is deeper. */
	char prefix[4 * EXPLAIN_MAX_ITEMS + 1];

	if (!verbose && v->n > BRIEF_TREE) {
		fprintf(out, "\ntree: %u nodes, more than a screen holds: "
		    "--verbose draws it (--svg FILE too)\n", v->n);
		return;
	}
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
	if (view_crosses(v, u))
		return " | ";
	return view_crosses_line_inside(v, u) ? " : " : " ";
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
		if (i + 1 == steps || view_crosses_line(v, path[i]))
			fprintf(out, " %u", view_line(v, path[i]));
	fprintf(out, ": %u line crossing%s, %u inside a page\n", crossed,
	    crossed == 1 ? "" : "s", inside);
}

static void
print_path(FILE *out, const struct view *v)
{
	heap_index path[EXPLAIN_MAX_ITEMS + 1];
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
		if (i + 1 == steps || view_crosses(v, path[i]))
			fprintf(out, " %u", view_page(v, path[i]));
	fprintf(out, ": %u page crossing%s\n", v->crossings[v->n],
	    v->crossings[v->n] == 1 ? "" : "s");
	if (v->line_entries != 0)
		print_path_lines(out, v, path, steps);
}

static void
print_view(FILE *out, const struct view *v, bool verbose)
{
	fprintf(out, "== %s", v->layout->name);
	if (v->layout->has_arity)
		fprintf(out, " (d = %u)", v->shape.arity);
	fprintf(out, ": %u items, %u entries per page ==\n\n", v->n,
	    1u << v->shape.page_shift);
	print_pages(out, v, verbose);
	print_tree(out, v, verbose);
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
		    view_slot_line(v, v->slots) + 1,
		    v->line_entries * ABI_PTR_BYTES);
	else
		fprintf(out, "\npage crossings on paths from the root, %u "
		    "items in %u pages of %u entries:\n", v->n,
		    view_slot_page(v, v->slots) + 1, 1u << v->shape.page_shift);
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
	fprintf(out, "  (height: the deepest index's depth; to last: the "
	    "crossings on the path\n  to index %u; most: on any path; mean: "
	    "over every index's path)\n", v->n);
}

/* What the sections and their columns say, once, before them. */
static void
print_header(FILE *out, const struct view *v)
{
	fprintf(out, "Where each layout keeps a heap's indices, in pages of %u "
	    "entries (index 0 unused):\n  pages: each page's indices (or "
	    "slots), the tree levels they hold, how many\n  subtrees start "
	    "in it and the parents outside it they are entered from;\n  "
	    "tree: each node as index [page]; path: the root to the last "
	    "index,\n  '|' where it changes page; then the layouts' page "
	    "crossings side by side.\n\n", 1u << v->shape.page_shift);
}

void
explain_text(FILE *out, const struct view *views, unsigned nviews,
    bool verbose)
{
	unsigned i;

	print_header(out, &views[0]);
	for (i = 0; i < nviews; i++) {
		if (i > 0)
			fputc('\n', out);
		print_view(out, &views[i], verbose);
	}
	print_summary(out, views, nviews, false);
	if (views[0].line_entries != 0)
		print_summary(out, views, nviews, true);
}

/* CSV ----------------------------------------------------------------- */

void
explain_csv(FILE *out, const struct view *views, unsigned nviews)
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
			    v->parent[u], view_page(v, u), view_offset(v, u),
			    v->depth[u]);
			if (lines)
				fprintf(out, ",%u", view_line(v, u));
			fputc('\n', out);
		}
	}
}
