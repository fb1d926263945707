/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * plot_key.h: the lines of plot.c's charts and their key (plot_key.c).
 */
#ifndef PLOT_KEY_H
#define PLOT_KEY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "config.h"
#include "plot_axes.h"

/*
 * A line: its layout's colour, dashed by policy (LRU's solid); in the
 * teaching figure, the pages' or the cache lines' (a panel each).
 */
struct line {
	unsigned	layout;
	enum policy	policy;
	bool		cache_lines;
	bool		model;		/* the model's faults beside minflt */
};

/* Each policy's marks, so that LRU and CLOCK differ at a glance. */
extern const enum marker policy_marks[POLICY_COUNT];

/* Whether the run has lines of more than one policy. */
bool	several_policies(const struct config *);
/* A line's SVG attributes, and its name in the legend. */
void	line_style(char *buf, size_t size, const struct line *);
void	line_name(char *buf, size_t size, const struct config *,
	    const struct line *, const char *field);
/*
 * In the teaching figure, where a layout's lines cross others': its
 * colour in a dash pattern of its own, and a mark of its own.
 */
void	layout_style(char *buf, size_t size, unsigned layout);
enum marker	layout_mark(unsigned layout);
/*
 * The legend over the plot: every line's name; with several policies a
 * key of the layouts' colours and one of the policies' dashes; in the
 * teaching figure each layout's line and mark; and the ratio's line.
 * `marked`: the lines carry marks, so the legend shows each one's.
 */
void	draw_legend(FILE *, const struct config *, const struct line *,
	    size_t nlines, const char *field, bool misses, bool ratio,
	    bool marked);
/* Kamp's setting, 8 to 10 resident pages, where a resident sweep has it. */
void	kamp_band(FILE *, const struct config *, const struct axis *x,
	    const struct axis *y);

/*
 * The L1, L2 and LLC sizes, dotted, where the memory axis x has them;
 * `labelled`: named too, and those past the axis' end named at its right.
 */
void	cache_marks(FILE *, const struct config *, const struct axis *x,
	    const struct axis *y, bool labelled);

#endif
