/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * geometry.h: the caches' and the TLB's geometry written as --cache and
 * --tlb take it (hieropt.h reads it back), for the report's cache and
 * tlb fields and the help's defaults.
 */
#ifndef GEOMETRY_H
#define GEOMETRY_H

#include <stddef.h>

#include "model.h"

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
 * more; GEOMETRY_TEXT_BYTES always holds it.
 */
#define GEOMETRY_TEXT_BYTES	128
/*
 * Between levels: a '+', which --cache and --tlb take as they take a
 * comma, and which a CSV field can hold unquoted.
 */
#define GEOMETRY_SEPARATOR	"+"
size_t	geometry_format_cache(const struct hier_geometry *, char *buf,
	    size_t size);
size_t	geometry_format_tlb(const struct hier_geometry *, char *buf,
	    size_t size);

#endif
