/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * plot_panels.h: the teaching figure (PLOT_MISSES) in two panels that
 * share the memory axis: page faults above, cache-line misses below.
 */
#ifndef PLOT_PANELS_H
#define PLOT_PANELS_H

#include <stddef.h>
#include <stdio.h>

#include "config.h"
#include "plot_axes.h"
#include "plot_key.h"

/* Parameters: the panels' frame, in pixels (plot_axes.h's, otherwise) - */

#define PANEL_HEIGHT	250
#define PANEL_GAP	30
#define PANELS_HEIGHT	(TOP + 2 * PANEL_HEIGHT + PANEL_GAP + BOTTOM)

/*
 * Draws the lines (which[i].cache_lines: the lower panel's), the legend
 * of `field` (the plot's, PLOT_MISSES), Kamp's setting and the caches'
 * sizes into a document PANELS_HEIGHT high that the caller has opened
 * and titled.  Both panels have the same
 * y axis, from MISSES_FLOOR: what a layout gains from lines over pages
 * reads as a shift from one panel to the other.
 */
void	plot_panels(FILE *, const struct config *, const char *field,
	    const struct series *, const struct line *, size_t nlines);

#endif
