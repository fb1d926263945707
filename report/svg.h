/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * svg.h: what bheapsim's two pictures (plot.c's charts and explain.c's
 * trees) write alike: the document around them, escaped text, colours.
 */
#ifndef SVG_H
#define SVG_H

#include <stdio.h>

/*
 * Opens a document of width x height pixels on a white ground, in a
 * sans-serif face of font_size pixels; svg_end() closes it.
 */
void	svg_begin(FILE *, unsigned width, unsigned height, unsigned font_size);
void	svg_end(FILE *);

/*
 * A <text> element at (x, y), its text escaped (escape.h); `extra` is
 * more attributes, or "".
 */
void	svg_text(FILE *, double x, double y, const char *anchor,
	    const char *extra, const char *text);

/*
 * A pale fill for page `page`: neighbouring pages get hues 137 degrees
 * apart (near the golden angle), so they never look alike, and black
 * text on them stays legible.
 */
void	svg_page_colour(unsigned page, char rgb[8]);

#endif
