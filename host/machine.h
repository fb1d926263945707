/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * machine.h: this machine's memory hierarchy, the model's default
 * geometry (hier.h): the data caches as Linux lists them in sysfs, the
 * data TLBs as CPUID reports them, and for any level neither gives
 * usably, a stated default, each level saying where it came from.
 *
 * Caches, from the entries index0, index1, ... of cpu0's cache directory,
 * each with the files level, type, size ("32K"; a K, M or G suffix),
 * ways_of_associativity, coherency_line_size and number_of_sets:
 *
 *   - Only Data and Unified entries count; an entry whose level or type
 *     cannot be read, or that is an instruction cache, is skipped, since
 *     it cannot be placed as a data cache.
 *   - Level 1 is HIER_L1, level 2 HIER_L2, and the highest level from 3
 *     up is HIER_LLC; of two entries for one of these, the first counts.
 *   - A machine whose caches stop at level 2 has no LLC: the level is
 *     absent rather than its L2 renamed, since a level's name carries its
 *     latency (hier.h) and an L2 priced as an LLC would misstate every
 *     L1 miss; the L2's misses go to memory, as they do on that machine.
 *   - A level's geometry is number_of_sets x ways blocks of
 *     coherency_line_size bytes.  If a value is missing or not a number,
 *     if that geometry is not size bytes, or if cache_geometry_refused()
 *     refuses it, the level is the default and its note says why.
 *   - If sysfs lists no data or unified cache at all (no such directory:
 *     not Linux, or /sys not mounted), all three caches are the defaults.
 *
 * Data TLBs, entries for 4K pages, on x86 only (elsewhere the defaults),
 * asked on cpu0 as the caches are cpu0's (where the thread may run there):
 *
 *   - Intel's leaf 0x18, every subleaf: a data (type 1), unified (3) or
 *     load-only (4: a heap's comparisons are loads) translation cache of
 *     level 1 or 2 that holds 4K pages, the first of each level; its
 *     entries are ways x sets, all of them one set if it is fully
 *     associative.
 *   - Else AMD's leaves: 0x80000005 EBX for the first level (entries in
 *     bits 23:16, ways in 31:24, 255 meaning fully associative) and
 *     0x80000006 EBX for the second (entries in 27:16, an associativity
 *     code in 31:28: 1, 2, 3, 4 ways; 5 for 6; 6 for 8; 8 for 16; 0xA to
 *     0xE for 32, 48, 64, 96, 128; 0xF fully associative).  Code 0 (no
 *     such TLB), 9 ("see leaf 0x8000001D", which describes caches only)
 *     and the reserved 7 report nothing.
 *   - A level CPUID does not report, or reports with a geometry
 *     cache_geometry_refused() refuses, is the default, with a note.
 */
#ifndef MACHINE_H
#define MACHINE_H

#include <stddef.h>
#include <stdint.h>

#include "model.h"	/* cache and hierarchy geometries */

#define MACHINE_CACHE_ROOT	"/sys/devices/system/cpu/cpu0/cache"

/*
 * The defaults: a current x86-64 server core, not this machine or any
 * one part.  L1d 32K 8-way, L2 1M 16-way, and the 4K-page dTLB of 64
 * entries 4-way and STLB of 1536 entries 12-way are Intel's since
 * Skylake-SP; the LLC is 32M 16-way, one AMD Zen 3 or Zen 4 CCD's L3
 * (a Skylake-SP core's slice is 1.375M, too small to stand for a
 * server's LLC).  64-byte lines throughout; TLB entries are pages.
 */
#define MACHINE_DEFAULT_GEOMETRY { .level = { \
	[HIER_L1] =	{ 32 * 1024 / 64, 8, 64 }, \
	[HIER_L2] =	{ 1024 * 1024 / 64, 16, 64 }, \
	[HIER_LLC] =	{ 32 * 1024 * 1024 / 64, 16, 64 }, \
	[HIER_TLB1] =	{ 64, 4, 0 }, \
	[HIER_TLB2] =	{ 1536, 12, 0 }, \
} }

/* Bytes of a note: the longest fits with room to spare. */
#define MACHINE_NOTE_BYTES	192

struct machine_hierarchy {
	struct hier_geometry geometry;
	/* Where each level came from: "sysfs", "cpuid" or "default". */
	const char	*source[HIER_LEVELS];
	/* Why a level is the default, for a message; "" otherwise. */
	char		 note[HIER_LEVELS][MACHINE_NOTE_BYTES];
};

/*
 * The hierarchy, caches read under sysfs_root (MACHINE_CACHE_ROOT, or a
 * tree of the same shape).  Every present level passes
 * cache_geometry_refused(), the TLB levels once hier_for_page() has set
 * their page size.  Never fails: the defaults stand in.
 */
void	machine_hierarchy(const char *sysfs_root, struct machine_hierarchy *);

/* The processors this process may run on (its affinity), at least 1. */
unsigned	machine_processors(void);

/*
 * CPUID's registers decoded into data TLB levels, tlb[0] the first and
 * tlb[1] the second, entries as blocks, line_bytes left 0; a level
 * already filled (blocks != 0) is kept, one the registers do not report
 * is left alone.  Public so that tests can give them any processor's
 * registers; they decode on every target.
 */
/* AMD: EBX of leaves 0x80000005 and 0x80000006. */
void	machine_amd_tlbs(uint32_t ebx_80000005, uint32_t ebx_80000006,
	    struct cache_geometry tlb[2]);
/* Intel: one subleaf of leaf 0x18. */
void	machine_intel_tlb(uint32_t ebx, uint32_t ecx, uint32_t edx,
	    struct cache_geometry tlb[2]);

#endif
