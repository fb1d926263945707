/*
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
 * page faults solid and cache-line misses dashed, against the memory
 * that holds the resident pages or the cached lines, and no ratio: where
 * each layout's lines fall shows which level of the hierarchy it suits.
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
#include "report.h"
#include "svg.h"

/* Parameters -------------------------------------------------------- */

#define WIDTH		820
#define HEIGHT		520
#define LEFT		90	/* room for the y labels */
#define RIGHT		90	/* and for the ratio axis */
#define TOP		76
#define BOTTOM		70
#define LOG_X_SPAN	20	/* max/min beyond which x goes logarithmic */
/* More points than this make a curve (--resident all): a line alone. */
#define MAX_MARKED	64
#define LEGEND_ROW	16	/* pixels between the legend's rows */
#define RATIO_STYLE \
	"fill=\"none\" stroke=\"#000\" stroke-width=\"1.5\" " \
	"stroke-dasharray=\"6 4\""

/* Data ---------------------------------------------------------------- */

static double
x_value(const struct config *config)
{
	switch (config->sweep) {
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
x_label(enum sweep sweep, bool misses)
{
	switch (sweep) {
	case SWEEP_RESIDENT:
		return misses ? "memory: resident pages, or a fully associative "
		    "cache (KiB)" : "resident memory (KiB)";
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
		{ PLOT_MISSES, "page faults or line misses per operation" },
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

static bool
several_policies(const struct config *config)
{
	return (config->policies & (config->policies - 1)) != 0;
}

/*
 * A line: its layout's colour, dashed by policy (LRU's solid), or in the
 * teaching figure, dashed for cache lines.
 */
struct line {
	unsigned	layout;
	enum policy	policy;
	bool		cache_lines;
};

static void
line_style(char *buf, size_t size, const struct line *line)
{
	static const char *const dashes[POLICY_COUNT] = {
		[POLICY_LRU] = "",
		[POLICY_CLOCK] = " stroke-dasharray=\"8 4\"",
		[POLICY_FIFO] = " stroke-dasharray=\"2 3\"",
		[POLICY_OPT] = " stroke-dasharray=\"12 3 2 3\"",
	};

	snprintf(buf, size, "fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s",
	    layouts[line->layout]->colour, line->cache_lines ?
	    " stroke-dasharray=\"5 3\"" : dashes[line->policy]);
}

/* A line's name in the legend. */
static void
line_name(char *buf, size_t size, const struct config *config,
    const struct line *line, bool misses)
{
	if (misses)
		snprintf(buf, size, "%s %s", layouts[line->layout]->name,
		    line->cache_lines ? "lines" : "pages");
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

/* What the sweep held fixed. */
static void
make_title(char *buf, size_t size, const struct config *config,
    enum workload workload)
{
	int n = snprintf(buf, size, "workload %s, %s, %u-byte entries, "
	    "model %s", workload_names[workload], ABI_NAME, ABI_PTR_BYTES,
	    model_names[config->model]);

	if (n > 0 && (size_t)n < size && config->sweep != SWEEP_ITEMS)
		n += snprintf(buf + n, size - (size_t)n, ", %" PRIu64 " items",
		    config->items);
	if (n > 0 && (size_t)n < size && config->sweep != SWEEP_PAGE_SIZE)
		n += snprintf(buf + n, size - (size_t)n, ", %" PRIu64
		    "-byte pages", config->page_bytes);
	if (n > 0 && (size_t)n < size && config->sweep != SWEEP_RESIDENT)
		n += snprintf(buf + n, size - (size_t)n, ", %" PRIu64
		    " resident pages", config->resident_pages);
	if (n > 0 && (size_t)n < size && !several_policies(config) &&
	    config->policy != POLICY_LRU)
		snprintf(buf + n, size - (size_t)n, ", policy %s",
		    policy_names[config->policy]);
}

/*
 * The title, centred; one too wide for the picture (at about 8 pixels a
 * character of 15-pixel sans-serif) breaks at its last ", " that fits,
 * onto a second line above the legend.
 */
#define TITLE_CHAR_PX	8.0

static void
write_title(FILE *out, char *title)
{
	size_t fits = (size_t)((WIDTH - 40) / TITLE_CHAR_PX);
	char *cut = NULL, *p;

	if (strlen(title) <= fits) {
		svg_text(out, WIDTH / 2.0, 28, "middle", "font-size=\"15\"",
		    title);
		return;
	}
	for (p = strstr(title, ", "); p != NULL && (size_t)(p - title) < fits;
	    p = strstr(p + 1, ", "))
		cut = p;
	if (cut == NULL) {
		/* No place to break: the picture clips it rather than lose it. */
		svg_text(out, WIDTH / 2.0, 28, "middle", "font-size=\"15\"",
		    title);
		return;
	}
	*cut = '\0';
	svg_text(out, WIDTH / 2.0, 20, "middle", "font-size=\"15\"", title);
	/* What follows ", " goes on the second line. */
	svg_text(out, WIDTH / 2.0, 38, "middle", "font-size=\"15\"", cut + 2);
}

/*
 * One row between the title and the plot, clear of every line; a line
 * per layout and policy, or pages and lines, needs two, the first a row
 * higher.
 */
static void
draw_legend(FILE *out, const struct config *config, const struct line *which,
    size_t nlines, bool ratio, bool misses)
{
	double legend_x = LEFT, legend_y = TOP - LEGEND_ROW -
	    (several_policies(config) || misses ? LEGEND_ROW : 0);
	char name[256], style[128];
	size_t i;

	for (i = 0; i < nlines; i++) {
		line_style(style, sizeof(style), &which[i]);
		line_name(name, sizeof(name), config, &which[i], misses);
		legend_entry(out, &legend_x, &legend_y, style, name);
	}
	if (ratio) {
		snprintf(name, sizeof(name), "%s / %s (right axis)",
		    layouts[which[0].layout]->name,
		    layouts[which[1].layout]->name);
		legend_entry(out, &legend_x, &legend_y, RATIO_STYLE, name);
	}
}

static void
draw(FILE *out, const struct config *config, const char *field,
    enum workload workload, struct series *lines, const struct line *which,
    size_t nlines, const struct series *ratio)
{
	bool misses = strcmp(field, PLOT_MISSES) == 0;
	struct axis x = { .from = LEFT, .to = WIDTH - RIGHT };
	struct axis y = { .from = HEIGHT - BOTTOM, .to = TOP };
	struct axis r = { .from = HEIGHT - BOTTOM, .to = TOP };
	double xlo = INFINITY, xhi = 0, ylo = INFINITY, yhi = 0;
	double rlo = INFINITY, rhi = 0;	/* the ratio axis starts at 0 */
	char title[256], style[128];
	size_t i;

	bounds(lines, nlines, &xlo, &xhi, true);
	bounds(lines, nlines, &ylo, &yhi, false);
	if (xhi / xlo > LOG_X_SPAN)
		axis_log2(&x, xlo, xhi);
	else
		axis_linear(&x, xhi);
	axis_log(&y, ylo, yhi);
	bounds(ratio, 1, &rlo, &rhi, false);
	axis_linear(&r, rhi > 0 ? rhi : 1);

	svg_begin(out, WIDTH, HEIGHT, 12);
	fputs("<style>.grid{stroke:#ddd;stroke-width:1}"
	    ".minor{stroke:#f2f2f2;stroke-width:1}"
	    ".axis{stroke:#000;stroke-width:1}</style>\n", out);
	make_title(title, sizeof(title), config, workload);
	write_title(out, title);
	axis_x_ticks(out, &x, &y);
	axis_y_ticks(out, &x, &y);
	fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
	    "fill=\"none\" class=\"axis\"/>\n", LEFT, TOP,
	    WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
	svg_text(out, (x.from + x.to) / 2, HEIGHT - 25, "middle", "",
	    x_label(config->sweep, misses));
	snprintf(style, sizeof(style), "transform=\"rotate(-90 %d %d)\"", 22,
	    (HEIGHT - BOTTOM + TOP) / 2);
	svg_text(out, 22, (HEIGHT - BOTTOM + TOP) / 2.0, "middle", style,
	    y_label(field));
	for (i = 0; i < nlines; i++) {
		line_style(style, sizeof(style), &which[i]);
		axis_polyline(out, &lines[i], &x, &y, style);
		/* Markers would merge into a smear along a curve. */
		if (lines[i].count <= MAX_MARKED)
			axis_markers(out, &lines[i], &x, &y,
			    layouts[which[i].layout]->colour);
	}
	if (ratio->count > 0) {
		axis_ratio_ticks(out, &x, &r);
		axis_polyline(out, ratio, &x, &r, RATIO_STYLE);
		snprintf(style, sizeof(style), "transform=\"rotate(90 %d %d)\"",
		    WIDTH - 25, (HEIGHT - BOTTOM + TOP) / 2);
		svg_text(out, WIDTH - 25, (HEIGHT - BOTTOM + TOP) / 2.0,
		    "middle", style, "ratio");
	}
	draw_legend(out, config, which, nlines, ratio->count > 0, misses);
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
			    kind == 1 };
			lines[nlines++] = s;
		}
	return nlines;
}

/* With other workloads measured too: which one the chart shows. */
static void
tell_workload(const struct config *config, enum workload workload)
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

int
plot_write(FILE *out, const struct config *config, const struct result *rows,
    size_t nrows, const char *field, enum workload workload)
{
	/* Per layout, a line per policy, or pages and lines. */
	struct series lines[POLICY_COUNT * LAYOUT_COUNT], ratio = { NULL, 0 };
	struct line which[POLICY_COUNT * LAYOUT_COUNT];
	bool misses = strcmp(field, PLOT_MISSES) == 0;
	size_t nlines = 0, i;
	unsigned p;
	int status = -1;

	if (misses)
		nlines = collect_misses(rows, nrows, workload, lines, which);
	for (p = 0; !misses && p < POLICY_COUNT; p++)
		for (i = 0; i < LAYOUT_COUNT; i++) {
			struct series s = collect(rows, nrows, (unsigned)i,
			    (enum policy)p, field, workload);

			if (s.count == 0) {
				free(s.points);
				continue;
			}
			which[nlines] = (struct line){ (unsigned)i,
			    (enum policy)p, false };
			lines[nlines++] = s;
		}
	if (nlines >= 2 && !several_policies(config) && !misses)
		ratio = ratio_of(&lines[0], &lines[1]);
	if (nlines > 0) {
		draw(out, config, field, workload, lines, which, nlines, &ratio);
		tell_workload(config, workload);
		status = 0;
	}
	for (i = 0; i < nlines; i++)
		free(lines[i].points);
	free(ratio.points);
	return status;
}
