/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * explain_view.c: a small heap's tree as "bheapsim explain" shows it
 * (explain_view.h).  Parents and children come from the layouts' own
 * functions (heap.h says what each layout is), the ones the heap runs
 * on, so what a student sees is what bheapsim measures.
 */
#include <stdbool.h>
#include <string.h>

#include "config.h"
#include "explain_view.h"
#include "heap.h"
#include "pages.h"

unsigned
view_slot_page(const struct view *v, unsigned s)
{
	const struct page_map map = { .entry_shift = v->shape.page_shift };

	return page_of_index(&map, s);
}

unsigned
view_page(const struct view *v, unsigned u)
{
	return view_slot_page(v, v->slot[u]);
}

unsigned
view_offset(const struct view *v, unsigned u)
{
	return v->slot[u] & ((1u << v->shape.page_shift) - 1);
}

bool
view_crosses(const struct view *v, unsigned u)
{
	return u > 1 && view_page(v, u) != view_page(v, v->parent[u]);
}

/* Only with --line-bytes: line_entries is then at least 1. */
unsigned
view_slot_line(const struct view *v, unsigned s)
{
	return s / v->line_entries;
}

unsigned
view_line(const struct view *v, unsigned u)
{
	return view_slot_line(v, v->slot[u]);
}

/* Lines tile pages, so every page crossing is a line crossing too. */
bool
view_crosses_line(const struct view *v, unsigned u)
{
	return u > 1 && view_line(v, u) != view_line(v, v->parent[u]);
}

/* A line crossing that is not a page crossing: ':' rather than '|'. */
bool
view_crosses_line_inside(const struct view *v, unsigned u)
{
	return v->line_entries != 0 && view_crosses_line(v, u) && !view_crosses(v, u);
}

void
view_build(struct view *v, const struct layout *layout, unsigned n,
    unsigned entries, unsigned line_entries, unsigned arity)
{
	unsigned u;

	v->layout = layout;
	v->shape = (struct shape){ .page_shift = log2_exact(entries),
	    .arity = arity, .height = heap_tree_height(n) };
	v->line_entries = line_entries;
	v->n = n;
	v->height = 0;
	v->slots = (unsigned)heap_slots(layout, n);
	memset(v->at, 0, sizeof(v->at));
	for (u = 1; u <= v->n; u++) {
		v->slot[u] = (unsigned)layout_slot(layout, &v->shape,
		    (heap_index)u);
		v->at[v->slot[u]] = (heap_index)u;
	}
	for (u = 1; u <= v->n; u++) {
		unsigned count;
		uint64_t first = layout->children(&v->shape, u, &count);

		v->parent[u] = u == 1 ? 0 : layout->parent(&v->shape, u);
		/* Parents precede children, so theirs are already known. */
		v->depth[u] = u == 1 ? 0 : v->depth[v->parent[u]] + 1;
		v->crossings[u] = u == 1 ? 0 :
		    v->crossings[v->parent[u]] + view_crosses(v, u);
		if (v->line_entries != 0)
			v->line_crossings[u] = u == 1 ? 0 :
			    v->line_crossings[v->parent[u]] +
			    view_crosses_line(v, u);
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
