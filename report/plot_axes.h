/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * plot_axes.h: the axes of plot.c's charts: their ranges, their ticks
 * and grid, and the lines and markers drawn against them.
 */
#ifndef PLOT_AXES_H
#define PLOT_AXES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Parameters: the chart's frame, in pixels -------------------------- */

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

struct point {
	double	x;
	double	y;
};

struct series {
	struct point	*points;
	size_t		 count;
};

struct axis {
	double	lo, hi;		/* in data units */
	double	step;		/* between ticks, on a linear axis */
	bool	log;
	double	from, to;	/* in pixels */
};

/* A value's place on an axis, in pixels. */
double	axis_pixel(const struct axis *, double v);
/*
 * From 0 to the first tick at or past hi, in 4 to 8 steps of 1, 2, 4, 5
 * or 8 times a power of ten.
 */
void	axis_linear(struct axis *, double hi);
/* From 1x to the first tick at or past hi, in steps of 1, 2, 2.5 or 5. */
void	axis_ratio(struct axis *, double hi);
/* Logarithmic, from the decade at or below lo to the one at or past hi. */
void	axis_log(struct axis *, double lo, double hi);
/* Logarithmic, from the power of two at or below lo to the one past hi. */
void	axis_log2(struct axis *, double lo, double hi);
/*
 * The ticks, labels and grid of the x axis, the y axis (logarithmic) and
 * the ratio axis at the right (linear, labelled from its start, then at
 * every step).  A logarithmic axis has a faint
 * line at 2 to 9 times each power of ten and labels at 2 and 5 too when
 * it spans few decades, so that a value reads within a factor of 2.
 * An x axis that a panel below shares is drawn without its labels.
 */
void	axis_x_ticks(FILE *, const struct axis *x, const struct axis *y,
	    bool labelled);
void	axis_y_ticks(FILE *, const struct axis *x, const struct axis *y);
void	axis_ratio_ticks(FILE *, const struct axis *x, const struct axis *r);
/*
 * The shapes of a series' points: one per policy; a box around another;
 * none, where a legend's line has no marks.
 */
enum marker { MARK_CIRCLE, MARK_SQUARE, MARK_TRIANGLE, MARK_DIAMOND,
    MARK_BOX, MARK_NONE };

/*
 * A series as a line of `style`'s attributes, or as marks of a colour;
 * one mark at (px, py) in pixels.
 */
void	axis_polyline(FILE *, const struct series *, const struct axis *x,
	    const struct axis *y, const char *style);
void	axis_markers(FILE *, const struct series *, const struct axis *x,
	    const struct axis *y, const char *colour, enum marker);
void	axis_mark(FILE *, double px, double py, const char *colour,
	    enum marker);

#endif
