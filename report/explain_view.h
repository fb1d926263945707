/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * explain_view.h: one layout's small tree as "bheapsim explain" shows it,
 * built here (explain_view.c) for the command (explain_cmd.c), its text
 * and CSV (explain_text.c) and its drawing (explain_svg.c).
 *
 * The pages are those of the heap array: page = slot / E and offset =
 * slot % E for E entries per page, slot 0 unused, exactly as the page
 * model counts them (pages.h); lines, with --line-bytes, are slot /
 * entries per line, the array starting on a page boundary.  Index u
 * lies in slot u in every layout but veb, which maps it (heap.h).
 */
#ifndef EXPLAIN_VIEW_H
#define EXPLAIN_VIEW_H

#include <stdbool.h>
#include <stdio.h>

#include "heap.h"

/* Parameters -------------------------------------------------------- */

#define EXPLAIN_MAX_ITEMS	512u	/* a tree one can still read */
#define EXPLAIN_MAX_SLOTS	1023u	/* veb's complete tree of 512 */

/* One layout's tree over indices 1 .. n. */
struct view {
	const struct layout *layout;
	struct shape	shape;
	unsigned	line_entries;			/* 0: no lines */
	unsigned	n;
	heap_index	parent[EXPLAIN_MAX_ITEMS + 1];	/* 0 for the root */
	/* Memory slot of each index (veb's differ), and the index at each. */
	unsigned	slot[EXPLAIN_MAX_ITEMS + 1];
	heap_index	at[EXPLAIN_MAX_SLOTS + 1];	/* 0: empty */
	unsigned	slots;				/* the last slot */
	heap_index	first_child[EXPLAIN_MAX_ITEMS + 1];
	unsigned	nchildren[EXPLAIN_MAX_ITEMS + 1];	/* those <= n */
	unsigned	depth[EXPLAIN_MAX_ITEMS + 1];
	unsigned	crossings[EXPLAIN_MAX_ITEMS + 1];	/* from the root */
	unsigned	line_crossings[EXPLAIN_MAX_ITEMS + 1];	/* pages too */
	unsigned	height;				/* largest depth */
	double		x[EXPLAIN_MAX_ITEMS + 1];	/* SVG column */
	unsigned	leaves;
	double		leaf_dx;			/* SVG pixels */
};

/*
 * n items (1 .. EXPLAIN_MAX_ITEMS) of `layout` over pages of `entries`
 * entries, lines of line_entries (0: none), d-ary nodes of `arity`.
 */
void		view_build(struct view *, const struct layout *, unsigned n,
		    unsigned entries, unsigned line_entries, unsigned arity);

unsigned	view_page(const struct view *, unsigned u);
/* The page and, with lines, the line of slot s. */
unsigned	view_slot_page(const struct view *, unsigned s);
unsigned	view_slot_line(const struct view *, unsigned s);
unsigned	view_offset(const struct view *, unsigned u);
/* Whether the edge into u changes page. */
bool		view_crosses(const struct view *, unsigned u);
/* Only with lines. */
unsigned	view_line(const struct view *, unsigned u);
/* Whether the edge into u changes line; every page crossing does. */
bool		view_crosses_line(const struct view *, unsigned u);
/* A line crossing that is not a page crossing. */
bool		view_crosses_line_inside(const struct view *, unsigned u);

/* The outputs of explain, for views of one geometry. */
void		explain_text(FILE *, const struct view *, unsigned nviews,
		    bool verbose);
void		explain_csv(FILE *, const struct view *, unsigned nviews);
void		explain_svg(FILE *, struct view *, unsigned nviews);

#endif
