/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * plot_panels.c: the teaching figure in two panels (plot_panels.h).
 *
 * A --resident all run has a point per page of memory, thousands along
 * a line, so the lines are told apart by their dashes and by a few marks
 * each: one an octave, each layout's a fraction of an octave from the
 * others', so that no mark sits on another's (a short line's marks are
 * its points).  Each panel's heading sits over it, clear of its lines.
 */
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>

#include "plot_panels.h"
#include "svg.h"

/* Parameters -------------------------------------------------------- */

/* The y axes start here: 0.1 misses per operation. */
#define MISSES_FLOOR	0.1
/* More points than this on a line: a mark an octave, not one a point. */
#define MARK_EVERY_MAX	20

/* Drawing ------------------------------------------------------------- */

/* Every point of a short line; along a longer one, one an octave. */
static void
sparse_marks(FILE *out, const struct series *s, const struct axis *x,
    const struct axis *y, unsigned layout)
{
	bool curve = s->count > MARK_EVERY_MAX && x->log;
	double at;
	size_t i;

	if (s->count == 0)
		return;
	at = s->points[0].x * pow(2, (double)layout / LAYOUT_COUNT);
	for (i = 0; i < s->count; i++) {
		if (curve && s->points[i].x < at)
			continue;
		axis_mark(out, axis_pixel(x, s->points[i].x),
		    axis_pixel(y, s->points[i].y), layouts[layout]->colour,
		    layout_mark(layout));
		while (curve && at <= s->points[i].x)
			at *= 2;
	}
}

/* The lines of one kind, clipped to their panel. */
static void
panel_lines(FILE *out, const struct series *lines, const struct line *which,
    size_t nlines, const struct axis *x, const struct axis *y,
    bool cache_lines)
{
	char style[128];
	size_t i;

	fprintf(out, "<clipPath id=\"panel%d\"><rect x=\"%.1f\" y=\"%.1f\" "
	    "width=\"%.1f\" height=\"%.1f\"/></clipPath>\n<g clip-path="
	    "\"url(#panel%d)\">\n", cache_lines, x->from - 6, y->to - 6,
	    x->to - x->from + 12, y->from - y->to + 12, cache_lines);
	for (i = 0; i < nlines; i++) {
		if (which[i].cache_lines != cache_lines)
			continue;
		layout_style(style, sizeof(style), which[i].layout);
		axis_polyline(out, &lines[i], x, y, style);
		sparse_marks(out, &lines[i], x, y, which[i].layout);
	}
	fputs("</g>\n", out);
}

/* One panel: its grid, what it marks, its frame and labels, its lines. */
static void
panel(FILE *out, const struct config *config, const struct series *lines,
    const struct line *which, size_t nlines, const struct axis *x,
    const struct axis *y, bool cache_lines)
{
	char text[128], style[128];
	double mid = (y->from + y->to) / 2;

	/* The grid and the caches first: Kamp's label lies over them. */
	axis_x_ticks(out, x, y, cache_lines);
	axis_y_ticks(out, x, y);
	cache_marks(out, config, x, y, cache_lines);
	if (!cache_lines)
		kamp_band(out, config, x, y);
	fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
	    "height=\"%.1f\" fill=\"none\" class=\"axis\"/>\n", x->from,
	    y->to, x->to - x->from, y->from - y->to);
	if (cache_lines)
		snprintf(text, sizeof(text), "%u-byte lines: a fully "
		    "associative LRU cache", config_line_bytes(config));
	else
		snprintf(text, sizeof(text), "%" PRIu64 "-byte pages: an LRU "
		    "resident set", config->page_bytes);
	/* Over the panel, clear of its lines and of Kamp's label. */
	svg_text(out, x->to, y->to - 8, "end", "font-weight=\"bold\"", text);
	snprintf(style, sizeof(style), "transform=\"rotate(-90 22 %.1f)\"",
	    mid);
	svg_text(out, 22, mid, "middle", style, cache_lines ?
	    "line misses per operation" : "page faults per operation");
	panel_lines(out, lines, which, nlines, x, y, cache_lines);
}

/* Entry point --------------------------------------------------------- */

void
plot_panels(FILE *out, const struct config *config, const char *field,
    const struct series *lines, const struct line *which, size_t nlines)
{
	struct axis x = { .from = LEFT, .to = WIDTH - RIGHT };
	struct axis pages = { .from = TOP + PANEL_HEIGHT, .to = TOP };
	struct axis cached = { .from = PANELS_HEIGHT - BOTTOM,
	    .to = PANELS_HEIGHT - BOTTOM - PANEL_HEIGHT };
	double xlo = INFINITY, xhi = 0, yhi = MISSES_FLOOR;
	size_t i, j;

	for (i = 0; i < nlines; i++)
		for (j = 0; j < lines[i].count; j++) {
			xlo = fmin(xlo, lines[i].points[j].x);
			xhi = fmax(xhi, lines[i].points[j].x);
			yhi = fmax(yhi, lines[i].points[j].y);
		}
	if (xhi / xlo > LOG_X_SPAN)
		axis_log2(&x, xlo, xhi);
	else
		axis_linear(&x, xhi);
	/* The band that matters, not the last budgets' few misses. */
	axis_log(&pages, MISSES_FLOOR, yhi);
	axis_log(&cached, MISSES_FLOOR, yhi);
	panel(out, config, lines, which, nlines, &x, &pages, false);
	panel(out, config, lines, which, nlines, &x, &cached, true);
	svg_text(out, (x.from + x.to) / 2, PANELS_HEIGHT - 25, "middle", "",
	    "memory: the resident set, or the cache (KiB)");
	draw_legend(out, config, which, nlines, field, true, false, true);
}
