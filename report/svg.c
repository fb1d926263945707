/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * svg.c: the SVG that plot.c and explain.c share.
 */
#include <stdio.h>

#include "escape.h"
#include "svg.h"

/* Parameters -------------------------------------------------------- */

/* Page fills: HSV value and saturation, bright and pale. */
#define PAGE_VALUE	0.97
#define PAGE_SATURATION	0.45
#define PAGE_HUE_STEP	137

void
svg_begin(FILE *out, unsigned width, unsigned height, unsigned font_size)
{
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%u\" "
	    "height=\"%u\" viewBox=\"0 0 %u %u\" font-family=\"sans-serif\" "
	    "font-size=\"%u\">\n"
	    "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
	    width, height, width, height, font_size);
}

void
svg_end(FILE *out)
{
	fputs("</svg>\n", out);
}

void
svg_text(FILE *out, double x, double y, const char *anchor,
    const char *extra, const char *text)
{
	fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\"%s%s>",
	    x, y, anchor, *extra ? " " : "", extra);
	escape_xml(out, text);
	fputs("</text>\n", out);
}

void
svg_page_colour(unsigned page, char rgb[8])
{
	unsigned hue = page * PAGE_HUE_STEP % 360, sector = hue / 60;
	double f = (double)(hue % 60) / 60, v = PAGE_VALUE, s = PAGE_SATURATION;
	double p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f));
	double r, g, b;

	/* HSV to RGB, one 60-degree sector at a time. */
	switch (sector) {
	case 0:		r = v; g = t; b = p; break;
	case 1:		r = q; g = v; b = p; break;
	case 2:		r = p; g = v; b = t; break;
	case 3:		r = p; g = q; b = v; break;
	case 4:		r = t; g = p; b = v; break;
	default:	r = v; g = p; b = q; break;
	}
	snprintf(rgb, 8, "#%02x%02x%02x", (unsigned)(r * 255 + 0.5),
	    (unsigned)(g * 255 + 0.5), (unsigned)(b * 255 + 0.5));
}
