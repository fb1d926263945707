/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * plot_title.h: the title of plot.c's charts: a finding, which a reader
 * takes away, over the parameters, which let the figure be remade.
 */
#ifndef PLOT_TITLE_H
#define PLOT_TITLE_H

#include <stddef.h>
#include <stdio.h>

#include "config.h"
#include "plot_axes.h"
#include "plot_key.h"

/* What is compared, and what the sweep held fixed. */
void	plot_title_parameters(char *buf, size_t size, const struct config *,
	    enum workload);
/*
 * What the figure shows: of the lines compared (the policies of the
 * first layout where there are several, else the layouts' own lines),
 * the one lowest at the most points, and the line whose median ratio to
 * it is the highest; `label` names what the lines count.
 */
void	plot_title_finding(char *buf, size_t size, const struct config *,
	    const char *label, const struct series *lines,
	    const struct line *which, size_t nlines);
/* The finding centred at the top; under it the parameters, smaller. */
void	plot_title_write(FILE *out, const char *finding,
	    const char *parameters);

#endif
