/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * explain_svg.c: explain's drawing, the trees one under another, nodes
 * coloured by page, page crossings dashed red and line crossings inside
 * a page dotted blue.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "abi.h"
#include "config.h"
#include "explain_view.h"
#include "svg.h"

/* Parameters -------------------------------------------------------- */

/* SVG geometry, in pixels. */
#define NODE_R		11
#define LEAF_DX		26		/* between neighbouring leaves */
#define LEVEL_DY	52
#define MARGIN		20
#define LINE_H		18		/* a caption's or the key's line */
#define MIN_WIDTH	660		/* a panel: the key's width */
/* About the widest a character of 13-pixel sans-serif draws, in pixels. */
#define CAPTION_CHAR_PX	7.0
#define MAX_CAPTION	8		/* lines */
#define PAGE_STYLE	"stroke=\"#c0392b\" stroke-width=\"1.5\" " \
			"stroke-dasharray=\"4 3\""
#define LINE_STYLE	"stroke=\"#2471a3\" stroke-width=\"1.5\" " \
			"stroke-dasharray=\"1.5 2.5\""
#define PATH_STYLE	"stroke=\"#f1c40f\" stroke-width=\"7\" " \
			"stroke-linecap=\"round\""

/* A panel's caption, wrapped to its width. */
struct caption {
	char		text[512];
	const char	*line[MAX_CAPTION];
	unsigned	n;
};

/* Layout -------------------------------------------------------------- */

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

/* The tree's own width: its leaves, never less than MIN_WIDTH. */
static unsigned
panel_width(const struct view *v)
{
	unsigned tree = 2 * MARGIN + 2 * NODE_R + (v->leaves - 1) * LEAF_DX;

	return tree > MIN_WIDTH ? tree : MIN_WIDTH;
}

static const char *
plural(unsigned n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

/* The layout, its geometry and the path's crossings, wrapped to width. */
static void
make_caption(const struct view *v, unsigned width, struct caption *c)
{
	size_t fits = (size_t)((width - 2 * MARGIN) / CAPTION_CHAR_PX), len;
	char arity[32] = "", lines[64] = "", bytes[32] = "", *p, *cut;

	if (v->layout->has_arity)
		snprintf(arity, sizeof(arity), " (d = %u)", v->shape.arity);
	if (v->line_entries != 0)
		snprintf(lines, sizeof(lines), " and %u line %s",
		    v->line_crossings[v->n], plural(v->line_crossings[v->n],
		    "crossing", "crossings"));
	if (v->line_entries != 0)
		snprintf(bytes, sizeof(bytes), ", %u-byte lines",
		    v->line_entries * ABI_PTR_BYTES);
	snprintf(c->text, sizeof(c->text), "%s%s: %u items, %u entries per "
	    "page%s; the highlighted path to %u makes %u page %s%s",
	    v->layout->name, arity, v->n, 1u << v->shape.page_shift, bytes,
	    v->n, v->crossings[v->n], plural(v->crossings[v->n], "crossing",
	    "crossings"), lines);
	/* Break at the last space that fits; a word too long stays whole. */
	for (c->n = 0, p = c->text; *p != '\0' && c->n < MAX_CAPTION; c->n++) {
		c->line[c->n] = p;
		len = strlen(p);
		if (len <= fits)
			break;
		for (cut = p + fits; cut > p && *cut != ' '; cut--)
			continue;
		if (cut == p && (cut = strchr(p + fits, ' ')) == NULL)
			break;
		*cut = '\0';
		p = cut + 1;
	}
	c->n++;
}

/* Caption lines, then the key's line, then the tree. */
static unsigned
tree_top(const struct caption *c)
{
	return MARGIN + (c->n + 1) * LINE_H;
}

static double
node_x(const struct view *v, unsigned u)
{
	return MARGIN + NODE_R + v->x[u] * v->leaf_dx;
}

static double
node_y(const struct view *v, const struct caption *c, unsigned u)
{
	return tree_top(c) + NODE_R + (double)v->depth[u] * LEVEL_DY;
}

static unsigned
panel_height(const struct view *v, const struct caption *c)
{
	return tree_top(c) + 2 * NODE_R + v->height * LEVEL_DY + MARGIN;
}

/* Drawing ------------------------------------------------------------- */

/* The attributes that set the edge into u apart: "" for a plain one. */
static const char *
edge_style(const struct view *v, unsigned u)
{
	if (view_crosses(v, u))
		return " " PAGE_STYLE;
	if (view_crosses_line_inside(v, u))
		return " " LINE_STYLE;
	return "";
}

/* Whether u is on the path from the root to the last node. */
static bool
on_path(const struct view *v, unsigned u)
{
	unsigned w;

	for (w = v->n; w != 0 && w != u; w = v->parent[w])
		continue;
	return w == u;
}

/* Node u: a circle in its page's colour, its facts in a tooltip. */
static void
svg_node(FILE *out, const struct view *v, const struct caption *c,
    unsigned u)
{
	char rgb[8];

	svg_page_colour(view_page(v, u), rgb);
	fprintf(out, "<g><title>index %u: page %u, offset %u", u,
	    view_page(v, u), view_offset(v, u));
	if (v->line_entries != 0)
		fprintf(out, ", line %u", view_line(v, u));
	fprintf(out, ", depth %u, parent %u</title><circle cx=\"%.1f\" "
	    "cy=\"%.1f\" r=\"%u\" fill=\"%s\"%s/><text x=\"%.1f\" "
	    "y=\"%.1f\" stroke=\"none\">%u</text></g>\n", v->depth[u],
	    v->parent[u], node_x(v, u), node_y(v, c, u), NODE_R, rgb,
	    on_path(v, u) ? " stroke-width=\"2.5\"" : "", node_x(v, u),
	    node_y(v, c, u) + 3, u);
}

/* The key: the first pages' colours, the edges, the path. */
static void
svg_key(FILE *out, const struct view *v, double y)
{
	unsigned g, pages = view_page(v, v->n) + 1;
	double x = MARGIN;
	char rgb[8], path[32];

	svg_text(out, x, y + 4, "start", "", "colour = page:");
	x += 96;
	for (g = 0; g < pages && g < 4; g++, x += 36) {
		svg_page_colour(g, rgb);
		fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" "
		    "height=\"12\" fill=\"%s\" stroke=\"#333\"/>\n", x,
		    y - 6, rgb);
		fprintf(out, "<text x=\"%.1f\" y=\"%.1f\">%u</text>\n",
		    x + 15, y + 4, g);
	}
	if (pages > 4)
		svg_text(out, x, y + 4, "start", "", "...");
	x += 34;
	fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
	    "y2=\"%.1f\" " PAGE_STYLE "/>\n", x, y, x + 24, y);
	svg_text(out, x + 28, y + 4, "start", "", "page crossing");
	x += 128;
	if (v->line_entries != 0) {
		fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		    "y2=\"%.1f\" " LINE_STYLE "/>\n", x, y, x + 24, y);
		svg_text(out, x + 28, y + 4, "start", "", "line crossing");
		x += 122;
	}
	fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
	    "y2=\"%.1f\" " PATH_STYLE "/>\n", x, y, x + 24, y);
	snprintf(path, sizeof(path), "path to %u", v->n);
	svg_text(out, x + 28, y + 4, "start", "", path);
}

static void
svg_panel(FILE *out, const struct view *v, const struct caption *c,
    unsigned top)
{
	unsigned u, i;

	fprintf(out, "<g transform=\"translate(0,%u)\">\n", top);
	for (i = 0; i < c->n; i++)
		svg_text(out, MARGIN, MARGIN + i * LINE_H, "start",
		    "font-size=\"13\"", c->line[i]);
	svg_key(out, v, MARGIN + c->n * LINE_H);
	/* The path first, a broad band under its edges. */
	for (u = v->n; u > 1; u = v->parent[u])
		fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		    "y2=\"%.1f\" " PATH_STYLE "/>\n", node_x(v, v->parent[u]),
		    node_y(v, c, v->parent[u]), node_x(v, u), node_y(v, c, u));
	fputs("<g stroke=\"#999\" stroke-width=\"1\">\n", out);
	for (u = 2; u <= v->n; u++)
		fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		    "y2=\"%.1f\"%s/>\n", node_x(v, v->parent[u]),
		    node_y(v, c, v->parent[u]), node_x(v, u), node_y(v, c, u),
		    edge_style(v, u));
	fputs("</g>\n<g stroke=\"#333\" text-anchor=\"middle\" "
	    "font-size=\"9\">\n", out);
	for (u = 1; u <= v->n; u++)
		svg_node(out, v, c, u);
	fputs("</g>\n</g>\n", out);
}

void
explain_svg(FILE *out, struct view *views, unsigned nviews)
{
	struct caption captions[LAYOUT_COUNT];
	unsigned width = 0, height = 0, top = 0, i;

	for (i = 0; i < nviews; i++) {
		views[i].leaves = 0;
		place_nodes(&views[i], 1);
		if (panel_width(&views[i]) > width)
			width = panel_width(&views[i]);
	}
	for (i = 0; i < nviews; i++) {
		/* Every tree spread over the whole width. */
		views[i].leaf_dx = views[i].leaves < 2 ? LEAF_DX :
		    (double)(width - 2 * MARGIN - 2 * NODE_R) /
		    (views[i].leaves - 1);
		make_caption(&views[i], width, &captions[i]);
		height += panel_height(&views[i], &captions[i]);
	}
	svg_begin(out, width, height, 12);
	for (i = 0; i < nviews; i++) {
		svg_panel(out, &views[i], &captions[i], top);
		top += panel_height(&views[i], &captions[i]);
	}
	svg_end(out);
}
