/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * plot_key.c: what tells plot.c's lines apart: their colours, dashes and
 * marks, their names, the legend, and Kamp's setting shaded.
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "plot_axes.h"
#include "plot_key.h"
#include "svg.h"

/* Parameters -------------------------------------------------------- */

/* About 7 pixels a character at 12 px sans-serif. */
#define LABEL_CHAR_PX	7.0
/* A label over the grid: a white halo keeps the lines under it clear. */
#define HALO	"fill=\"#555\" stroke=\"#fff\" stroke-width=\"4\" " \
		"paint-order=\"stroke\""

bool
several_policies(const struct config *config)
{
	return (config->sweep.policies & (config->sweep.policies - 1)) != 0;
}


/* Each policy's marks, so that LRU and CLOCK differ at a glance. */
const enum marker policy_marks[POLICY_COUNT] = {
	[POLICY_LRU] = MARK_CIRCLE, [POLICY_CLOCK] = MARK_SQUARE,
	[POLICY_FIFO] = MARK_DIAMOND, [POLICY_OPT] = MARK_TRIANGLE,
};

void
line_style(char *buf, size_t size, const struct line *line)
{
	static const char *const dashes[POLICY_COUNT] = {
		[POLICY_LRU] = "",
		[POLICY_CLOCK] = " stroke-dasharray=\"8 4\"",
		[POLICY_FIFO] = " stroke-dasharray=\"2 3\"",
		[POLICY_OPT] = " stroke-dasharray=\"12 3 2 3\"",
	};

	snprintf(buf, size, "fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s",
	    layouts[line->layout]->colour, line->model ?
	    " stroke-dasharray=\"5 3\"" : dashes[line->policy]);
}

/* The teaching figure's: a dash pattern and a mark per layout. */
static const char *const layout_dashes[] = {
	"", " stroke-dasharray=\"9 4\"", " stroke-dasharray=\"2 3\"",
	" stroke-dasharray=\"12 3 2 3\"",
};
static const enum marker layout_marks[] = {
	MARK_CIRCLE, MARK_SQUARE, MARK_TRIANGLE, MARK_DIAMOND,
};
#define NSTYLES	(sizeof(layout_marks) / sizeof(layout_marks[0]))

void
layout_style(char *buf, size_t size, unsigned layout)
{
	snprintf(buf, size, "fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s",
	    layouts[layout]->colour, layout_dashes[layout % NSTYLES]);
}

enum marker
layout_mark(unsigned layout)
{
	return layout_marks[layout % NSTYLES];
}

/* A line's name in the legend. */
void
line_name(char *buf, size_t size, const struct config *config,
    const struct line *line, const char *field)
{
	if (config->vm == VM_KERNEL && strcmp(field, "minflt") == 0)
		snprintf(buf, size, "%s %s", layouts[line->layout]->name,
		    line->model ? "model" : "kernel");
	else if (several_policies(config))
		snprintf(buf, size, "%s %s", layouts[line->layout]->name,
		    policy_names[line->policy]);
	else
		snprintf(buf, size, "%s", layouts[line->layout]->name);
}

/*
 * Draws one entry at (*x, *y), or at the start of the next row if it
 * would pass the right edge; leaves *x where the next one starts.  With
 * no `out`, only moves: how many rows the key takes.
 */
static void
legend_entry(FILE *out, double *at_x, double *at_y, const char *style,
    const char *name, const char *colour, enum marker mark)
{
	double width = 32 + LABEL_CHAR_PX * (double)strlen(name), x, y;

	if (*at_x > LEFT && *at_x + width > WIDTH - 10) {
		*at_x = LEFT;
		*at_y += LEGEND_ROW;
	}
	x = *at_x;
	y = *at_y;
	*at_x = x + width + 24;
	if (out == NULL)
		return;
	fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
	    "y2=\"%.1f\" %s/>\n", x, y, x + 26, y, style);
	axis_mark(out, x + 13, y, colour, mark);
	svg_text(out, x + 32, y + 4, "start", "", name);
}

/* The key's entries from (*x, *y) on; with no `out`, only moves. */
static void
legend_entries(FILE *out, double *legend_x, double *legend_y,
    const struct config *config, const struct line *which, size_t nlines,
    const char *field, bool misses, bool ratio, bool marked)
{
	bool keyed = several_policies(config);
	char name[256], style[128];
	size_t i;

	/* Pages and lines: each layout's colour, dashes and mark. */
	for (i = 0; misses && i < nlines; i++)
		if (!which[i].cache_lines) {
			layout_style(style, sizeof(style), which[i].layout);
			legend_entry(out, legend_x, legend_y, style,
			    layouts[which[i].layout]->name,
			    layouts[which[i].layout]->colour,
			    layout_mark(which[i].layout));
		}
	/*
	 * Several policies: a key of the layouts' colours, then one of the
	 * policies' dashes, in black.
	 */
	for (i = 0; keyed && i < nlines; i++)
		if (which[i].policy == which[0].policy) {
			snprintf(style, sizeof(style), "stroke=\"%s\" "
			    "stroke-width=\"2\"", layouts[which[i].layout]->colour);
			legend_entry(out, legend_x, legend_y, style,
			    layouts[which[i].layout]->name, "", MARK_NONE);
		}
	for (i = 0; keyed && i < nlines; i++)
		if (which[i].layout == which[0].layout) {
			line_style(style, sizeof(style), &which[i]);
			snprintf(style + strlen(style), sizeof(style) -
			    strlen(style), " stroke=\"#000\"");
			legend_entry(out, legend_x, legend_y, strstr(style,
			    "stroke-width"), policy_names[which[i].policy],
			    "#000", marked ? policy_marks[which[i].policy] :
			    MARK_NONE);
		}
	for (i = 0; !keyed && !misses && i < nlines; i++) {
		line_style(style, sizeof(style), &which[i]);
		line_name(name, sizeof(name), config, &which[i], field);
		legend_entry(out, legend_x, legend_y, style, name,
		    layouts[which[i].layout]->colour, !marked ? MARK_NONE :
		    which[i].model ? MARK_BOX : policy_marks[which[i].policy]);
	}
	if (ratio) {
		snprintf(name, sizeof(name), "%s / %s (right axis, from 1x)",
		    layouts[which[0].layout]->name,
		    layouts[which[1].layout]->name);
		legend_entry(out, legend_x, legend_y, RATIO_STYLE, name, "",
		    MARK_NONE);
	}
}

/*
 * Between the subtitle and the plot, clear of every line: a row, or as
 * many as the entries need, the first that much higher, so that the
 * last ends a row above the plot.
 */
void
draw_legend(FILE *out, const struct config *config, const struct line *which,
    size_t nlines, const char *field, bool misses, bool ratio, bool marked)
{
	double x = LEFT, y = 0;

	legend_entries(NULL, &x, &y, config, which, nlines, field, misses,
	    ratio, marked);
	x = LEFT;
	y = TOP - LEGEND_ROW - y;
	legend_entries(out, &x, &y, config, which, nlines, field, misses,
	    ratio, marked);
}

/*
 * Kamp's setting, 8 to 10 resident pages, shaded where a resident sweep
 * reaches it.
 */
void
kamp_band(FILE *out, const struct config *config, const struct axis *x,
    const struct axis *y)
{
	double kib = (double)config->page_bytes / 1024;
	double from = 8 * kib, to = 10 * kib;

	if (config->sweep.param != SWEEP_RESIDENT || from < x->lo || to > x->hi)
		return;
	/* Over the grid, which shows through. */
	fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
	    "height=\"%.1f\" fill=\"#fbe49a\" fill-opacity=\"0.6\"/>\n",
	    axis_pixel(x, from), y->to,
	    axis_pixel(x, to) - axis_pixel(x, from), y->from - y->to);
	/* A white halo: no gridline strikes the label. */
	svg_text(out, axis_pixel(x, to) + 4, y->to + 14, "start",
	    "fill=\"#8a6d00\" stroke=\"#fff\" stroke-width=\"4\" "
	    "paint-order=\"stroke\"", "Kamp: 8-10 pages");
}

/*
 * The caches' sizes, where a memory axis reaches them; labelled, those
 * past its end are named at its top right.
 */
void
cache_marks(FILE *out, const struct config *config, const struct axis *x,
    const struct axis *y, bool labelled)
{
	static const enum hier_level levels[] = { HIER_L1, HIER_L2, HIER_LLC };
	static const char *const names[] = { "L1", "L2", "LLC" };
	const struct cache_geometry *g;
	char label[64];
	double kib, px, beyond_y = y->to + 16;
	bool mib;
	size_t i;

	for (i = 0; i < sizeof(levels) / sizeof(levels[0]); i++) {
		g = &config->cache.level[levels[i]];
		kib = (double)g->blocks * g->line_bytes / 1024;
		if (g->blocks == 0 || kib < x->lo)
			continue;
		mib = kib >= 1024 && fmod(kib, 1024) == 0;
		snprintf(label, sizeof(label), "%s %g %s%s", names[i],
		    mib ? kib / 1024 : kib, mib ? "MiB" : "KiB", kib > x->hi ?
		    ": past the axis \xe2\x86\x92" : "");
		if (kib > x->hi) {
			if (labelled)
				svg_text(out, x->to - 6, beyond_y, "end",
				    HALO, label);
			beyond_y += 16;
			continue;
		}
		px = axis_pixel(x, kib);
		fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		    "y2=\"%.1f\" stroke=\"#555\" stroke-dasharray=\"2 2\"/>\n",
		    px, y->from, px, y->to);
		/* Left of its line where it would pass the frame's right. */
		if (labelled && px + 4 + LABEL_CHAR_PX * strlen(label) > x->to)
			svg_text(out, px - 4, y->from - 6, "end", HALO,
			    label);
		else if (labelled)
			svg_text(out, px + 4, y->from - 6, "start", HALO,
			    label);
	}
}
