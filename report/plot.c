/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * plot.c: an SVG chart of a sweep, drawn here so that nothing else need
 * be installed: a figure in the manner of Kamp's Figures 1 and 2.
 *
 * One line per layout on a logarithmic y axis, the first layout's figure
 * divided by the second's as a dashed line on a linear axis at the right,
 * the swept parameter along x: logarithmic when it spans more than a
 * factor of 20, linear otherwise.  With several --policy values, one line
 * per layout and policy, the layout's colour in the policy's dashes, and
 * no ratio (which two lines it divided would be a guess).
 *
 * The teaching figure (PLOT_MISSES) draws two lines per layout instead,
 * page faults in one panel and cache-line misses in another under it
 * (plot_panels.c), against the memory that holds the resident pages or
 * the cached lines, and no ratio: where each layout's lines fall shows
 * which level of the hierarchy it suits.
 *
 * The ratio's axis starts at 1x, equal: a ratio under it (at a budget
 * where the second layout is the slower) is left off and named.
 */
#include <err.h>
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "plot.h"
#include "plot_axes.h"
#include "plot_key.h"
#include "plot_panels.h"
#include "plot_title.h"
#include "report.h"
#include "svg.h"

/* Parameters -------------------------------------------------------- */

/* Parameters: the frame, plot_axes.h. */

/* Data ---------------------------------------------------------------- */

static double
x_value(const struct config *config)
{
	switch (config->sweep.param) {
	case SWEEP_RESIDENT:
		return (double)config->resident_pages *
		    (double)config->page_bytes / 1024;
	case SWEEP_ITEMS:
		return (double)config->items;
	case SWEEP_PAGE_SIZE:
		return (double)config->page_bytes / 1024;
	case SWEEP_POLICY:	/* no x: plan.c refuses to plot it */
	case SWEEP_NONE:
		break;
	}
	return 0;
}

static const char *
x_label(enum sweep sweep)
{
	switch (sweep) {
	case SWEEP_RESIDENT:	return "resident memory (KiB)";
	case SWEEP_ITEMS:	return "items in the heap";
	case SWEEP_PAGE_SIZE:	return "page size (KiB)";
	case SWEEP_POLICY:
	case SWEEP_NONE:	break;
	}
	return "";
}

static const char *
y_label(const char *field)
{
	static const struct {
		const char	*field;
		const char	*label;
	} labels[] = {
		{ "modeled_s", "modeled run time (s)" },
		{ "faults_per_op", "page faults per operation" },
		{ "sim_faults", "page faults" },
		{ "ns_per_op", "wall time per operation (ns)" },
		{ "wall_s", "wall time (s)" },
		{ "cpu_s", "CPU time (s)" },
		{ "minflt", "kernel minor faults" },
		{ "maxrss_kib", "max RSS (KiB)" },
	};
	size_t i;

	for (i = 0; i < sizeof(labels) / sizeof(labels[0]); i++)
		if (strcmp(labels[i].field, field) == 0)
			return labels[i].label;
	return field;
}

static int
by_x(const void *a, const void *b)
{
	const struct point *p = a, *q = b;

	return (p->x > q->x) - (p->x < q->x);
}

/*
 * The points of one layout under one policy; y <= 0 cannot sit on a log
 * axis and is left out.
 */
static struct series
collect(const struct result *rows, size_t nrows, unsigned layout,
    enum policy policy, const char *field, enum workload workload)
{
	struct series s = { calloc(nrows + 1, sizeof(struct point)), 0 };
	size_t r;
	double y;

	if (s.points == NULL)
		return s;
	for (r = 0; r < nrows; r++) {
		if (rows[r].layout != layout || rows[r].workload != workload ||
		    rows[r].config->policy != policy ||
		    report_number(&rows[r], field, &y) != 0 || y <= 0)
			continue;
		s.points[s.count].x = x_value(rows[r].config);
		s.points[s.count].y = y;
		s.count++;
	}
	qsort(s.points, s.count, sizeof(*s.points), by_x);
	return s;
}

/* First layout over second at every x both have. */
static struct series
ratio_of(const struct series *a, const struct series *b)
{
	struct series s = { calloc(a->count + 1, sizeof(struct point)), 0 };
	size_t i, j;

	if (s.points == NULL)
		return s;
	for (i = 0; i < a->count; i++)
		for (j = 0; j < b->count; j++)
			if (a->points[i].x == b->points[j].x) {
				s.points[s.count].x = a->points[i].x;
				s.points[s.count].y = a->points[i].y /
				    b->points[j].y;
				s.count++;
				break;
			}
	return s;
}

/* Entry point --------------------------------------------------------- */

static void
bounds(const struct series *s, size_t n, double *lo, double *hi, bool x)
{
	size_t i, j;

	for (i = 0; i < n; i++)
		for (j = 0; j < s[i].count; j++) {
			double v = x ? s[i].points[j].x : s[i].points[j].y;

			if (v < *lo)
				*lo = v;
			if (v > *hi)
				*hi = v;
		}
}

/* What the x and y axes show; `overlay`: the model's faults too. */
static void
axis_labels(FILE *out, const struct config *config, const char *field,
    const struct axis *x, bool overlay)
{
	char style[128];

	svg_text(out, (x->from + x->to) / 2, HEIGHT - 25, "middle", "",
	    x_label(config->sweep.param));
	snprintf(style, sizeof(style), "transform=\"rotate(-90 %d %d)\"", 22,
	    (HEIGHT - BOTTOM + TOP) / 2);
	svg_text(out, 22, (HEIGHT - BOTTOM + TOP) / 2.0, "middle", style,
	    overlay ? "page faults: the kernel's minor faults, and the "
	    "model's" : y_label(field));
}

/* The lines, clipped to the plot, with marks where they are few. */
static void
draw_lines(FILE *out, const struct series *lines, const struct line *which,
    size_t nlines, const struct axis *x, const struct axis *y)
{
	char style[128];
	size_t i;

	fprintf(out, "<clipPath id=\"plot\"><rect x=\"%d\" y=\"%d\" "
	    "width=\"%d\" height=\"%d\"/></clipPath>\n<g clip-path="
	    "\"url(#plot)\">\n", LEFT - 6, TOP - 6, WIDTH - LEFT - RIGHT + 12,
	    HEIGHT - TOP - BOTTOM + 12);
	for (i = 0; i < nlines; i++) {
		line_style(style, sizeof(style), &which[i]);
		axis_polyline(out, &lines[i], x, y, style);
		/* Markers would merge into a smear along a curve. */
		if (lines[i].count <= MAX_MARKED)
			axis_markers(out, &lines[i], x, y,
			    layouts[which[i].layout]->colour,
			    which[i].model ? MARK_BOX :
			    policy_marks[which[i].policy]);
	}
	fputs("</g>\n", out);
}

/* The document, its styles, its title and subtitle. */
static void
begin(FILE *out, const struct config *config, enum workload workload,
    unsigned height, const char *finding)
{
	char title[256];

	svg_begin(out, WIDTH, height, 12);
	fputs("<style>.grid{stroke:#ddd;stroke-width:1}"
	    ".minor{stroke:#f2f2f2;stroke-width:1}"
	    ".axis{stroke:#000;stroke-width:1}</style>\n", out);
	plot_title_parameters(title, sizeof(title), config, workload);
	plot_title_write(out, finding, title);
}

/*
 * The ratio's line and axis at the right, from 1x; what falls under 1x
 * is clipped and named under the x axis' label, clear of every line.
 */
static void
draw_ratio(FILE *out, const struct config *config, const struct series *ratio,
    const struct axis *x)
{
	struct axis r = { .from = HEIGHT - BOTTOM, .to = TOP };
	double rlo = INFINITY, rhi = 0;
	size_t i, below = 0, low = 0;
	char style[128], note[160];

	bounds(ratio, 1, &rlo, &rhi, false);
	axis_ratio(&r, rhi);
	for (i = 0; i < ratio->count; i++) {
		if (ratio->points[i].y >= 1)
			continue;
		if (below++ == 0 || ratio->points[i].y < ratio->points[low].y)
			low = i;
	}
	axis_ratio_ticks(out, x, &r);
	fputs("<g clip-path=\"url(#plot)\">\n", out);
	axis_polyline(out, ratio, x, &r, RATIO_STYLE);
	fputs("</g>\n", out);
	snprintf(style, sizeof(style), "transform=\"rotate(90 %d %d)\"",
	    WIDTH - 25, (HEIGHT - BOTTOM + TOP) / 2);
	svg_text(out, WIDTH - 25, (HEIGHT - BOTTOM + TOP) / 2.0, "middle",
	    style, "ratio");
	if (below == 0)
		return;
	snprintf(note, sizeof(note), "ratio under 1x, off the axis: %zu "
	    "point%s, the lowest %.2fx at %g%s", below, below > 1 ? "s" : "",
	    ratio->points[low].y, ratio->points[low].x,
	    config->sweep.param == SWEEP_ITEMS ? " items" : " KiB");
	svg_text(out, WIDTH - 10, HEIGHT - 7, "end",
	    "font-size=\"11\" fill=\"#444\"", note);
}

static void
draw(FILE *out, const struct config *config, const char *field,
    enum workload workload, struct series *lines, const struct line *which,
    size_t nlines, const struct series *ratio, const char *finding)
{
	struct axis x = { .from = LEFT, .to = WIDTH - RIGHT };
	struct axis y = { .from = HEIGHT - BOTTOM, .to = TOP };
	double xlo = INFINITY, xhi = 0, ylo = INFINITY, yhi = 0;

	bounds(lines, nlines, &xlo, &xhi, true);
	bounds(lines, nlines, &ylo, &yhi, false);
	if (xhi / xlo > LOG_X_SPAN)
		axis_log2(&x, xlo, xhi);
	else
		axis_linear(&x, xhi);
	axis_log(&y, ylo, yhi);

	begin(out, config, workload, HEIGHT, finding);
	axis_x_ticks(out, &x, &y, true);
	axis_y_ticks(out, &x, &y);
	kamp_band(out, config, &x, &y);
	fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
	    "fill=\"none\" class=\"axis\"/>\n", LEFT, TOP,
	    WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
	axis_labels(out, config, field, &x, nlines > 1 && which[1].model);
	draw_lines(out, lines, which, nlines, &x, &y);
	if (ratio->count > 0)
		draw_ratio(out, config, ratio, &x);
	draw_legend(out, config, which, nlines, field, false,
	    ratio->count > 0, lines[0].count <= MAX_MARKED);
	svg_end(out);
}

/* The teaching figure's lines: every layout's pages, then its lines. */
static size_t
collect_misses(const struct result *rows, size_t nrows,
    enum workload workload, struct series *lines, struct line *which)
{
	size_t nlines = 0;
	unsigned layout, kind;

	for (layout = 0; layout < LAYOUT_COUNT; layout++)
		for (kind = 0; kind < 2; kind++) {
			struct series s = collect(rows, nrows, layout,
			    POLICY_LRU, kind ? "line_misses_per_op" :
			    "faults_per_op", workload);

			if (s.count == 0) {
				free(s.points);
				continue;
			}
			which[nlines] = (struct line){ layout, POLICY_LRU,
			    kind == 1, false };
			lines[nlines++] = s;
		}
	return nlines;
}

void
plot_tell_workload(const struct config *config, enum workload workload)
{
	char others[64] = "";
	unsigned w;

	for (w = 0; w < WL_COUNT; w++)
		if (w != workload && (config->workloads & 1u << w))
			snprintf(others + strlen(others), sizeof(others) -
			    strlen(others), "%s%s", others[0] ? "," : "",
			    workload_names[w]);
	if (others[0] != '\0')
		warnx("--plot: the chart shows workload %s, the last measured; "
		    "to draw another (%s), run again with --workload naming "
		    "it alone", workload_names[workload], others);
}

/*
 * The lines of `field`, a line per layout and policy; for the kernel's
 * minor faults, each layout's model faults beside them on the same axes.
 */
static size_t
collect_lines(const struct config *config, const struct result *rows,
    size_t nrows, const char *field, enum workload workload,
    struct series *lines, struct line *which)
{
	bool overlay = config->vm == VM_KERNEL && strcmp(field, "minflt") == 0;
	size_t nlines = 0;
	unsigned p, i, model;

	for (p = 0; p < POLICY_COUNT; p++)
		for (i = 0; i < LAYOUT_COUNT; i++)
			for (model = 0; model <= overlay; model++) {
				struct series s = collect(rows, nrows, i,
				    (enum policy)p, model ? "sim_faults" :
				    field, workload);

				if (s.count == 0) {
					free(s.points);
					continue;
				}
				which[nlines] = (struct line){ i,
				    (enum policy)p, false, model };
				lines[nlines++] = s;
			}
	return nlines;
}

int
plot_write(FILE *out, const struct config *config, const struct result *rows,
    size_t nrows, const char *field, enum workload workload)
{
	/* Per layout, a line per policy, or pages and lines. */
	struct series lines[2 * POLICY_COUNT * LAYOUT_COUNT];
	struct series ratio = { NULL, 0 };
	struct line which[2 * POLICY_COUNT * LAYOUT_COUNT];
	bool misses = strcmp(field, PLOT_MISSES) == 0;
	size_t nlines, i;
	char finding[256];
	int status = -1;

	if (misses)
		nlines = collect_misses(rows, nrows, workload, lines, which);
	else
		nlines = collect_lines(config, rows, nrows, field, workload,
		    lines, which);
	/* The first two layouts' ratio, where those are the first lines. */
	if (nlines >= 2 && !several_policies(config) && !misses &&
	    !which[1].model)
		ratio = ratio_of(&lines[0], &lines[1]);
	plot_title_finding(finding, sizeof(finding), config, misses ?
	    "page faults per operation" : nlines > 1 && which[1].model ?
	    "kernel minor faults" : y_label(field), lines, which, nlines);
	if (nlines > 0 && misses) {
		begin(out, config, workload, PANELS_HEIGHT, finding);
		plot_panels(out, config, field, lines, which, nlines);
		svg_end(out);
	} else if (nlines > 0)
		draw(out, config, field, workload, lines, which, nlines, &ratio,
		    finding);
	if (nlines > 0)
		status = 0;
	for (i = 0; i < nlines; i++)
		free(lines[i].points);
	free(ratio.points);
	return status;
}
