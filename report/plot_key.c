/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * plot_key.c: what tells plot.c's lines apart: their colours, dashes and
 * marks, their names, the legend, and Kamp's setting shaded.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "plot_axes.h"
#include "plot_key.h"
#include "svg.h"

bool
several_policies(const struct config *config)
{
	return (config->policies & (config->policies - 1)) != 0;
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
	    layouts[line->layout]->colour, line->cache_lines ||
	    line->model ? " stroke-dasharray=\"5 3\"" : dashes[line->policy]);
}

/* A line's name in the legend. */
void
line_name(char *buf, size_t size, const struct config *config,
    const struct line *line, const char *field, bool misses)
{
	if (misses)
		snprintf(buf, size, "%s %s", layouts[line->layout]->name,
		    line->cache_lines ? "lines" : "pages");
	else if (config->vm == VM_KERNEL && strcmp(field, "minflt") == 0)
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
 * would pass the right edge; leaves *x where the next one starts.
 */
static void
legend_entry(FILE *out, double *at_x, double *at_y, const char *style,
    const char *name)
{
	/* About 7 pixels a character at 12 px sans-serif. */
	double width = 32 + 7.0 * (double)strlen(name), x, y;

	if (*at_x > LEFT && *at_x + width > WIDTH - 10) {
		*at_x = LEFT;
		*at_y += LEGEND_ROW;
	}
	x = *at_x;
	y = *at_y;
	fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
	    "y2=\"%.1f\" %s/>\n", x, y, x + 26, y, style);
	svg_text(out, x + 32, y + 4, "start", "", name);
	*at_x = x + width + 24;
}

/*
 * One row between the title and the plot, clear of every line; a line
 * per layout and policy, or pages and lines, needs two, the first a row
 * higher.
 */
void
draw_legend(FILE *out, const struct config *config, const struct line *which,
    size_t nlines, const char *field, bool misses, bool ratio)
{
	bool keyed = several_policies(config) || misses;
	double legend_x = LEFT, legend_y = TOP - LEGEND_ROW;
	char name[256], style[128];
	size_t i;

	/*
	 * Several policies, or pages and lines: a key of the layouts'
	 * colours, then one of the kinds' dashes, in black.
	 */
	for (i = 0; keyed && i < nlines; i++)
		if (which[i].policy == which[0].policy &&
		    which[i].cache_lines == which[0].cache_lines) {
			snprintf(style, sizeof(style), "stroke=\"%s\" "
			    "stroke-width=\"2\"", layouts[which[i].layout]->colour);
			legend_entry(out, &legend_x, &legend_y, style,
			    layouts[which[i].layout]->name);
		}
	for (i = 0; keyed && i < nlines; i++)
		if (which[i].layout == which[0].layout) {
			line_style(style, sizeof(style), &which[i]);
			snprintf(style + strlen(style), sizeof(style) -
			    strlen(style), " stroke=\"#000\"");
			legend_entry(out, &legend_x, &legend_y, strstr(style,
			    "stroke-width"), misses ? (which[i].cache_lines ?
			    "cache lines: misses" : "pages: faults") :
			    policy_names[which[i].policy]);
		}
	for (i = 0; !keyed && i < nlines; i++) {
		line_style(style, sizeof(style), &which[i]);
		line_name(name, sizeof(name), config, &which[i], field,
		    misses);
		legend_entry(out, &legend_x, &legend_y, style, name);
	}
	if (ratio) {
		snprintf(name, sizeof(name), "%s / %s (right axis)",
		    layouts[which[0].layout]->name,
		    layouts[which[1].layout]->name);
		legend_entry(out, &legend_x, &legend_y, RATIO_STYLE, name);
	}
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

	if (config->sweep != SWEEP_RESIDENT || from < x->lo || to > x->hi)
		return;
	fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
	    "height=\"%.1f\" fill=\"#fdf0c2\"/>\n", axis_pixel(x, from), y->to,
	    axis_pixel(x, to) - axis_pixel(x, from), y->from - y->to);
	svg_text(out, axis_pixel(x, to) + 4, y->to + 14, "start",
	    "fill=\"#8a6d00\"", "Kamp: 8-10 pages");
}

/* The caches' sizes, where a memory axis reaches them. */
void
cache_marks(FILE *out, const struct config *config, const struct axis *x,
    const struct axis *y)
{
	static const enum hier_level levels[] = { HIER_L1, HIER_L2, HIER_LLC };
	static const char *const names[] = { "L1", "L2", "LLC" };
	const struct cache_geometry *g;
	char label[64];
	double kib, px;
	size_t i;

	for (i = 0; i < sizeof(levels) / sizeof(levels[0]); i++) {
		g = &config->cache.level[levels[i]];
		kib = (double)g->blocks * g->line_bytes / 1024;
		if (g->blocks == 0 || kib < x->lo || kib > x->hi)
			continue;
		px = axis_pixel(x, kib);
		fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		    "y2=\"%.1f\" stroke=\"#555\" stroke-dasharray=\"2 2\"/>\n",
		    px, y->from, px, y->to);
		snprintf(label, sizeof(label), "%s %g KiB", names[i], kib);
		svg_text(out, px + 4, y->from - 6, "start", "fill=\"#555\"",
		    label);
	}
}
