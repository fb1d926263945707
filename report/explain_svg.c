/*
 * explain_svg.c: explain's drawing, the trees one under another, nodes
 * coloured by page, page crossings dashed red and line crossings inside
 * a page dotted blue.
 */
#include <stdio.h>
#include <string.h>

#include "abi.h"
#include "explain_view.h"
#include "svg.h"

/* Parameters -------------------------------------------------------- */

/* SVG geometry, in pixels. */
#define NODE_R		11
#define LEAF_DX		26		/* between neighbouring leaves */
#define LEVEL_DY	52
#define MARGIN		20
#define TITLE_H		40
/* About the widest a character of 14-pixel sans-serif draws, in pixels. */
#define CAPTION_CHAR_PX	7.5

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
	text = 2 * MARGIN + (unsigned)(CAPTION_CHAR_PX * (double)strlen(title));
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
	if (view_crosses(v, u))
		return " stroke=\"#c0392b\" stroke-width=\"1.5\" "
		    "stroke-dasharray=\"4 3\"";
	if (view_crosses_line_inside(v, u))
		return " stroke=\"#2471a3\" stroke-width=\"1.5\" "
		    "stroke-dasharray=\"1.5 2.5\"";
	return "";
}

/* Node u: a circle in its page's colour, its facts in a tooltip. */
static void
svg_node(FILE *out, const struct view *v, unsigned u)
{
	char rgb[8];

	svg_page_colour(view_page(v, u), rgb);
	fprintf(out, "<g><title>index %u: page %u, offset %u", u,
	    view_page(v, u), view_offset(v, u));
	if (v->line_entries != 0)
		fprintf(out, ", line %u", view_line(v, u));
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

void
explain_svg(FILE *out, struct view *views, unsigned nviews)
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
