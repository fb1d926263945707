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
 * items as a comma does: the report's cache and tlb fields use it.
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
 * After every option: --cache off without a --tlb is the page model
 * alone, the TLB off too.
 */
void	hierarchy_options_done(bool cache_off, bool tlb_given,
	    struct hier_geometry *);

/*
 * A geometry as text, as --cache and --tlb take it (above):
 * deterministic and short, for a report field.  The caches as
 * "l1=32K/8+l2=512K/8+llc=32M/16": each level's name, then its size in
 * bytes with the largest suffix that divides it exactly (G, M or K:
 * 2^30, 2^20, 2^10), "/" its ways, and "/" its line size only when that
 * is not 64 bytes; an absent level as "llc=off", so that the text given
 * to --cache rebuilds this geometry over any other.  The TLB as
 * "64/64+2048/8": entries "/" ways for each level in order; an absent
 * first level before a present second is "off", which keeps the second
 * in its place but which --tlb does not take (neither --tlb nor
 * machine_hierarchy() makes such a TLB).  Either is "off" when none of
 * its levels is present.  Present levels must be geometries
 * cache_geometry_refused() accepts (a TLB's line size aside).  As
 * snprintf(): the length of the whole text, cut short if that is size or
 * more; HIEROPT_FORMAT_BYTES always holds it.
 */
#define HIEROPT_FORMAT_BYTES	128
/*
 * Between levels: a '+', which --cache and --tlb take as they take a
 * comma, and which a CSV field can hold unquoted.
 */
#define HIEROPT_SEPARATOR	"+"
size_t	hieropt_format_cache(const struct hier_geometry *, char *buf,
	    size_t size);
size_t	hieropt_format_tlb(const struct hier_geometry *, char *buf,
	    size_t size);

#endif
