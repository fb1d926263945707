/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * hieropt.h: --cache, --tlb and --latency, the memory hierarchy's
 * options, or one line on stderr naming the option, the value and what
 * is accepted, and exit status EXIT_USAGE.
 *
 *   --cache off | LEVEL=SIZE/WAYS[/LINE] | LEVEL=off, comma-separated,
 *           LEVEL l1, l2 or llc; levels not named keep what they were
 *   --tlb   off | ENTRIES/WAYS[,ENTRIES/WAYS]: the first and second
 *           level, which replace the TLB as a whole
 *   --latency NAME=TIME, comma-separated, NAME l1, l2, llc, mem or tlb,
 *           TIME a decimal number of ns, us, ms or s (bare: ns)
 *
 * WAYS may be "full": as many ways as lines, one set.  A '+' separates
 * items as a comma does: the report's cache and tlb fields use it
 * (geometry.h writes them).
 */
#ifndef HIEROPT_H
#define HIEROPT_H

#include <stdbool.h>
#include <stddef.h>

#include "model.h"

/* Returns whether the text was "off". */
bool	cache_option(const char *text, struct hier_geometry *);
void	tlb_option(const char *text, struct hier_geometry *);
/* Returns the costs the text names, a bit per enum hier_cost. */
unsigned latency_option(const char *text, struct hier_latency *);
/*
 * SIZE=TIME items, sizes rising: the time model's lat(D) or walk(D)
 * (latcurve.h), for `option`'s messages.
 */
void	latency_curve_option(const char *option, const char *text,
	    struct lat_curve *);
/*
 * After every option: --cache off without a --tlb is the page model
 * alone, the TLB off too.
 */
void	hierarchy_options_done(bool cache_off, bool tlb_given,
	    struct hier_geometry *);

#endif
