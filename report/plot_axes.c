/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * plot_axes.c: the axes of plot.c's charts (plot_axes.h).
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>

#include "plot_axes.h"
#include "svg.h"

/* Axes ---------------------------------------------------------------- */

double
axis_pixel(const struct axis *axis, double v)
{
	double t;

	if (axis->log)
		t = (log10(v) - log10(axis->lo)) /
		    (log10(axis->hi) - log10(axis->lo));
	else
		t = (v - axis->lo) / (axis->hi - axis->lo);
	return axis->from + t * (axis->to - axis->from);
}

/*
 * A linear axis from 0 ends at the first tick at or past the data's
 * largest value, so a step is chosen to make that tick close: among 1,
 * 2, 4, 5 and 8 times a power of ten (8 and 4 suit sizes in KiB), the
 * one that gives MIN_TICKS to MAX_TICKS steps and the smallest end,
 * fewer ticks breaking a tie.
 */
#define MIN_TICKS	4
#define MAX_TICKS	8

/* The step among `mantissas` times powers of ten, for an axis 0 .. top. */
static void
pick_step(struct axis *axis, double hi, const double *mantissas, size_t n)
{
	double top = hi > 0 ? hi : 1, power, best_hi = INFINITY;
	double best_step = top;
	size_t m;

	for (power = pow(10, floor(log10(top / MAX_TICKS)) - 1);
	    power <= top; power *= 10) {
		for (m = 0; m < n; m++) {
			double step = mantissas[m] * power;
			double end = ceil(top / step - 1e-9) * step;
			double ticks = end / step;

			if (ticks < MIN_TICKS || ticks > MAX_TICKS)
				continue;
			if (end < best_hi * (1 - 1e-9) ||
			    (end <= best_hi * (1 + 1e-9) && step > best_step)) {
				best_hi = end;
				best_step = step;
			}
		}
	}
	axis->log = false;
	axis->lo = 0;
	axis->hi = isfinite(best_hi) ? best_hi : top;
	axis->step = isfinite(best_hi) ? best_step : top;
}

void
axis_linear(struct axis *axis, double hi)
{
	static const double mantissas[] = { 1, 2, 4, 5, 8 };

	pick_step(axis, hi, mantissas, sizeof(mantissas) / sizeof(mantissas[0]));
}

/*
 * A ratio's axis from 1x: its span past 1 stepped by 1, 2, 2.5 or 5
 * times a power of ten (a ratio is no size in KiB), so that every tick
 * from 1x on is a round value, and its top the first such tick at or
 * above the largest ratio, so that the top is labelled too.
 */
void
axis_ratio(struct axis *axis, double hi)
{
	static const double mantissas[] = { 1, 2, 2.5, 5 };

	pick_step(axis, hi - 1, mantissas,
	    sizeof(mantissas) / sizeof(mantissas[0]));
	axis->lo = 1;
	axis->hi = ceil(hi / axis->step - 1e-9) * axis->step;
	if (axis->hi <= axis->lo)
		axis->hi = axis->lo + axis->step;
}

void
axis_log(struct axis *axis, double lo, double hi)
{
	axis->log = true;
	axis->lo = pow(10, floor(log10(lo)));
	axis->hi = pow(10, ceil(log10(hi)));
	if (axis->hi <= axis->lo)
		axis->hi = axis->lo * 10;
}

void
axis_log2(struct axis *axis, double lo, double hi)
{
	axis->log = true;
	axis->lo = pow(2, floor(log2(lo)));
	axis->hi = pow(2, ceil(log2(hi)));
	if (axis->hi <= axis->lo)
		axis->hi = axis->lo * 2;
}

/* SVG ----------------------------------------------------------------- */

/*
 * One style for every label: 1000 and up with K, M or G (10^3, 10^6,
 * 10^9) where that is exact to a tenth (not 1024, a power of two), below
 * 0.001 as a power of ten, plain between.
 */
static void
tick_label(char *buf, size_t size, double v)
{
	static const struct {
		double		 unit;
		const char	*suffix;
	} units[] = { { 1e9, "G" }, { 1e6, "M" }, { 1e3, "K" } };
	size_t i;

	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (fabs(v) >= units[i].unit &&
		    fmod(fabs(v), units[i].unit / 10) == 0) {
			snprintf(buf, size, "%g%s", v / units[i].unit,
			    units[i].suffix);
			return;
		}
	if (v != 0 && fabs(v) < 1e-3)
		snprintf(buf, size, "%.0e", v);
	else
		snprintf(buf, size, "%g", v);
}

/* Faint lines at 2 to 9 times the power of ten v, inside the axis. */
static void
minor_lines(FILE *out, const struct axis *a, double v, const struct axis *b,
    bool vertical)
{
	double m, p;

	for (m = 2; m <= 9 && v * m <= a->hi * (1 + 1e-9); m++) {
		p = axis_pixel(a, v * m);
		if (vertical)
			fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
			    "y2=\"%.1f\" class=\"minor\"/>\n", p, b->from, p,
			    b->to);
		else
			fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
			    "y2=\"%.1f\" class=\"minor\"/>\n", b->from, p, b->to,
			    p);
	}
}

void
axis_x_ticks(FILE *out, const struct axis *x, const struct axis *y,
    bool labelled)
{
	bool decades = x->log && x->hi / x->lo > 1e4;
	double v, step = 0;
	char label[32];

	if (!x->log)
		step = x->step;
	for (v = x->lo; v <= x->hi * (1 + 1e-9); v = x->log ? v * (decades ?
	    10 : 2) : v + step) {
		double px = axis_pixel(x, v);

		fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		    "y2=\"%.1f\" class=\"grid\"/>\n", px, y->from, px, y->to);
		if (decades)
			minor_lines(out, x, v, y, true);
		if (!labelled)
			continue;
		tick_label(label, sizeof(label), v);
		svg_text(out, px, y->from + 18, "middle", "", label);
	}
}

/* Up to this many decades, a log axis labels 2 and 5 times each too. */
#define FEW_DECADES	3

void
axis_y_ticks(FILE *out, const struct axis *x, const struct axis *y)
{
	bool few = y->hi / y->lo <= pow(10, FEW_DECADES) * (1 + 1e-9);
	char label[32];
	double v, m;

	for (v = y->lo; v <= y->hi * (1 + 1e-9); v *= 10) {
		double py = axis_pixel(y, v);

		fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		    "y2=\"%.1f\" class=\"grid\"/>\n", x->from, py, x->to, py);
		tick_label(label, sizeof(label), v);
		svg_text(out, x->from - 8, py + 4, "end", "", label);
		minor_lines(out, y, v, x, false);
		for (m = 2; few && m <= 5 && v * m < y->hi; m += 3) {
			tick_label(label, sizeof(label), v * m);
			svg_text(out, x->from - 8, axis_pixel(y, v * m) + 4,
			    "end", "fill=\"#777\" font-size=\"10\"", label);
		}
	}
}

/* The tick after v: 1x, equal, always has one. */
static double
next_ratio_tick(const struct axis *r, double v)
{
	double next = (floor(v / r->step + 1e-9) + 1) * r->step;

	return v < 1 && next > 1 ? 1 : next;
}

void
axis_ratio_ticks(FILE *out, const struct axis *x, const struct axis *r)
{
	char label[32];
	double v;

	/* From the axis' start, then at every step past it. */
	for (v = r->lo; v <= r->hi * (1 + 1e-9); v = next_ratio_tick(r, v)) {
		double py = axis_pixel(r, v);

		fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		    "y2=\"%.1f\" class=\"axis\"/>\n", x->to, py, x->to + 5, py);
		snprintf(label, sizeof(label), "%gx", v);
		svg_text(out, x->to + 8, py + 4, "start", "", label);
	}
}

void
axis_polyline(FILE *out, const struct series *s, const struct axis *x,
    const struct axis *y, const char *style)
{
	size_t i;

	fprintf(out, "<polyline %s points=\"", style);
	for (i = 0; i < s->count; i++)
		fprintf(out, "%s%.1f,%.1f", i ? " " : "",
		    axis_pixel(x, s->points[i].x), axis_pixel(y, s->points[i].y));
	fputs("\"/>\n", out);
}

void
axis_mark(FILE *out, double px, double py, const char *colour,
    enum marker shape)
{
	if (shape == MARK_NONE)
		return;
	if (shape == MARK_SQUARE)
		fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"7\" "
		    "height=\"7\" fill=\"%s\"/>\n", px - 3.5, py - 3.5, colour);
	else if (shape == MARK_BOX)
		fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"10\" "
		    "height=\"10\" fill=\"none\" stroke=\"%s\" "
		    "stroke-width=\"1.5\"/>\n", px - 5, py - 5, colour);
	else if (shape == MARK_TRIANGLE)
		fprintf(out, "<path d=\"M%.1f %.1fl4 7h-8z\" "
		    "fill=\"%s\"/>\n", px, py - 4.5, colour);
	else if (shape == MARK_DIAMOND)
		fprintf(out, "<path d=\"M%.1f %.1fl4 4.5l-4 4.5l-4 -4.5z\" "
		    "fill=\"%s\"/>\n", px, py - 4.5, colour);
	else
		fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" "
		    "fill=\"%s\"/>\n", px, py, colour);
}

void
axis_markers(FILE *out, const struct series *s, const struct axis *x,
    const struct axis *y, const char *colour, enum marker shape)
{
	size_t i;

	for (i = 0; i < s->count; i++)
		axis_mark(out, axis_pixel(x, s->points[i].x),
		    axis_pixel(y, s->points[i].y), colour, shape);
}
