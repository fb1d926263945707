/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * machine.c: this machine's hierarchy from sysfs and CPUID, the stated
 * defaults wherever they say nothing usable, and a hierarchy as text.
 */
#include <inttypes.h>
#include <sched.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#include "machine.h"
#include "parse.h"

/*
 * Entries index0 .. index63 are looked for: Linux numbers a handful
 * from 0, but one missing must not hide the rest.
 */
#define SYSFS_ENTRIES		64
/* The longest value file read, a size or a count, with room to spare. */
#define VALUE_BYTES		32
/*
 * A TLB level is checked with some page size, as cache_geometry_refused()
 * needs one: the entries and ways are what CPUID reported; the page size
 * is the model's, set later, and any allowed one gives the same verdict.
 */
#define CHECK_PAGE_BYTES	4096u
/* Leaf 0x18's subleaves read at most: a bound on a hypervisor's nonsense. */
#define MAX_SUBLEAVES		64u

static const struct hier_geometry defaults = MACHINE_DEFAULT_GEOMETRY;

/* Level k becomes the default; the note says why. */
static void
fall_back(struct machine_hierarchy *m, enum hier_level k, const char *why,
    ...)
{
	va_list ap;

	m->geometry.level[k] = defaults.level[k];
	m->source[k] = "default";
	va_start(ap, why);
	(void)vsnprintf(m->note[k], sizeof(m->note[k]), why, ap);
	va_end(ap);
}

/* sysfs ---------------------------------------------------------------- */

static bool
entry_path(char path[PATH_MAX], const char *root, unsigned index)
{
	int n = snprintf(path, PATH_MAX, "%s/index%u", root, index);

	return n > 0 && n < PATH_MAX;
}

/*
 * The value in entry/name: the file's text without its newline.  -1 if
 * the file is missing or empty, or holds a NUL or more than fits.
 */
static int
read_value(const char *entry, const char *name, char text[VALUE_BYTES])
{
	char path[PATH_MAX];
	size_t len;
	FILE *f;
	int n = snprintf(path, sizeof(path), "%s/%s", entry, name);

	if (n < 0 || n >= PATH_MAX || (f = fopen(path, "r")) == NULL)
		return -1;
	len = fread(text, 1, VALUE_BYTES, f);
	(void)fclose(f);
	if (len == VALUE_BYTES)
		return -1;
	if (len > 0 && text[len - 1] == '\n')
		len--;
	text[len] = '\0';
	return len == 0 || strlen(text) != len ? -1 : 0;
}

/* A plain number from 1 to max: sysfs writes a suffix on size alone. */
static int
read_count(const char *entry, const char *name, uint64_t max, uint64_t *out)
{
	char text[VALUE_BYTES];

	return read_value(entry, name, text) == 0 && !has_size_suffix(text) &&
	    parse_count(text, 1, max, out) == 0 ? 0 : -1;
}

/* The level of a data or unified cache's entry; 0 for any other entry. */
static unsigned
data_cache_level(const char *entry)
{
	char type[VALUE_BYTES];
	uint64_t level;

	if (read_count(entry, "level", UINT8_MAX, &level) != 0 ||
	    read_value(entry, "type", type) != 0)
		return 0;
	if (strcmp(type, "Data") != 0 && strcmp(type, "Unified") != 0)
		return 0;
	return (unsigned)level;
}

/*
 * The entry standing for each cache level, -1 for none: the first of
 * level 1, the first of level 2, the first of the highest level from 3.
 * False if there is no data or unified cache at all.
 */
static bool
choose_entries(const char *root, int chosen[HIER_FIRST_TLB])
{
	char entry[PATH_MAX];
	unsigned index, level, llc_level = 0;
	bool any = false;

	for (index = 0; index < HIER_FIRST_TLB; index++)
		chosen[index] = -1;
	for (index = 0; index < SYSFS_ENTRIES; index++) {
		if (!entry_path(entry, root, index) ||
		    (level = data_cache_level(entry)) == 0)
			continue;
		any = true;
		if (level <= 2 && chosen[level - 1] < 0)
			chosen[level - 1] = (int)index;
		else if (level >= 3 && level > llc_level) {
			llc_level = level;
			chosen[HIER_LLC] = (int)index;
		}
	}
	return any;
}

/* One of an entry's counts, or false and the level falls back. */
static bool
read_field(struct machine_hierarchy *m, enum hier_level k,
    const char *entry, unsigned index, const char *name, uint64_t max,
    uint64_t *out)
{
	if (read_count(entry, name, max, out) == 0)
		return true;
	fall_back(m, k, "index%u/%s: missing, or not a number from 1 to %"
	    PRIu64, index, name, max);
	return false;
}

/* Level k as entry `index` describes it, or the default if it cannot. */
static void
read_cache(struct machine_hierarchy *m, enum hier_level k, const char *root,
    unsigned index)
{
	char entry[PATH_MAX], text[VALUE_BYTES];
	uint64_t size, sets, ways, line;
	struct cache_geometry g;
	const char *refused;

	(void)entry_path(entry, root, index);	/* choose_entries() built it */
	if (read_value(entry, "size", text) != 0 ||
	    parse_size(text, 1, UINT64_MAX, &size) != 0) {
		fall_back(m, k, "index%u/size: missing, or not a size such as "
		    "32K", index);
		return;
	}
	/* Bounded so that sets x ways cannot overflow. */
	if (!read_field(m, k, entry, index, "number_of_sets",
	    CACHE_MAX_BLOCKS, &sets) ||
	    !read_field(m, k, entry, index, "ways_of_associativity",
	    CACHE_MAX_WAYS, &ways) ||
	    !read_field(m, k, entry, index, "coherency_line_size",
	    CACHE_MAX_LINE_BYTES, &line))
		return;
	g = (struct cache_geometry){ sets * ways, (uint32_t)ways,
	    (uint32_t)line };
	if ((refused = cache_geometry_refused(&g)) != NULL)
		fall_back(m, k, "index%u: %" PRIu64 " sets of %" PRIu64
		    " ways of %" PRIu64 "-byte lines is refused: %s", index,
		    sets, ways, line, refused);
	else if (size % line != 0 || size / line != g.blocks)
		fall_back(m, k, "index%u: %" PRIu64 " sets of %" PRIu64
		    " ways of %" PRIu64 "-byte lines is not its size, %s",
		    index, sets, ways, line, text);
	else {
		m->geometry.level[k] = g;
		m->source[k] = "sysfs";
	}
}

static void
read_caches(struct machine_hierarchy *m, const char *root)
{
	int chosen[HIER_FIRST_TLB];
	unsigned k;

	if (!choose_entries(root, chosen)) {
		for (k = 0; k < HIER_FIRST_TLB; k++)
			fall_back(m, k, "sysfs lists no data or unified cache");
		return;
	}
	for (k = 0; k < HIER_FIRST_TLB; k++) {
		/* A level sysfs does not list stays absent. */
		m->source[k] = "sysfs";
		if (chosen[k] >= 0)
			read_cache(m, k, root, (unsigned)chosen[k]);
	}
}

/* CPUID ---------------------------------------------------------------- */

/* A reported level, unless one is there already. */
static void
fill(struct cache_geometry *level, uint64_t entries, uint64_t ways)
{
	if (level->blocks != 0 || entries == 0 || ways == 0)
		return;
	level->blocks = entries;
	/* More than 32 bits of ways is refused anyway, as more than 2^16. */
	level->ways = ways > UINT32_MAX ? UINT32_MAX : (uint32_t)ways;
}

void
machine_amd_tlbs(uint32_t ebx_80000005, uint32_t ebx_80000006,
    struct cache_geometry tlb[2])
{
	/* AMD's code for an L2 TLB's (and L2 and L3 caches') ways. */
	static const uint8_t code_ways[16] = {
		[0x1] = 1, [0x2] = 2, [0x3] = 3, [0x4] = 4, [0x5] = 6,
		[0x6] = 8, [0x8] = 16, [0xA] = 32, [0xB] = 48, [0xC] = 64,
		[0xD] = 96, [0xE] = 128,
	};
	uint32_t entries1 = (ebx_80000005 >> 16) & 0xff;
	uint32_t ways1 = ebx_80000005 >> 24;
	uint32_t entries2 = (ebx_80000006 >> 16) & 0xfff;
	uint32_t code2 = ebx_80000006 >> 28;

	fill(&tlb[0], entries1, ways1 == 0xff ? entries1 : ways1);
	fill(&tlb[1], entries2, code2 == 0xf ? entries2 : code_ways[code2]);
}

void
machine_intel_tlb(uint32_t ebx, uint32_t ecx, uint32_t edx,
    struct cache_geometry tlb[2])
{
	enum { DATA = 1, UNIFIED = 3, LOAD_ONLY = 4 };
	uint32_t type = edx & 0x1f, level = (edx >> 5) & 0x7;
	bool fully_associative = (edx >> 8) & 1, holds_4k_pages = ebx & 1;
	uint64_t entries = (uint64_t)(ebx >> 16) * ecx;

	if ((type != DATA && type != UNIFIED && type != LOAD_ONLY) ||
	    !holds_4k_pages || level < 1 || level > 2)
		return;
	fill(&tlb[level - 1], entries,
	    fully_associative ? entries : ebx >> 16);
}

#if defined(__x86_64__) || defined(__i386__)
/* Fills what CPUID reports; NULL, or why it cannot be asked. */
static const char *
cpuid_tlbs(struct cache_geometry tlb[2])
{
	unsigned eax, ebx, ecx, edx, last, subleaf, ebx5;

	/* __get_cpuid*() return 0 if the CPU has no such leaf. */
	if (__get_cpuid_count(0x18, 0, &last, &ebx, &ecx, &edx))
		for (subleaf = 0; subleaf <= last && subleaf < MAX_SUBLEAVES;
		    subleaf++) {
			(void)__get_cpuid_count(0x18, subleaf, &eax, &ebx,
			    &ecx, &edx);
			machine_intel_tlb(ebx, ecx, edx, tlb);
		}
	if (__get_cpuid(0x80000005, &eax, &ebx5, &ecx, &edx) &&
	    __get_cpuid(0x80000006, &eax, &ebx, &ecx, &edx))
		machine_amd_tlbs(ebx5, ebx, tlb);
	return NULL;
}
#else
static const char *
cpuid_tlbs(struct cache_geometry tlb[2])
{
	(void)tlb;
	return "no CPUID on this processor";
}
#endif

/*
 * CPUID answers for the core it runs on, and the caches are cpu0's
 * (MACHINE_CACHE_ROOT): on a CPU of two kinds of core, the TLBs must be
 * cpu0's too, or two runs could model different ones.  So the thread
 * asks from cpu0, if it may run there, and then goes back.
 */
static const char *
cpu0_tlbs(struct cache_geometry tlb[2])
{
	cpu_set_t allowed, cpu0;
	const char *why;
	bool moved;

	CPU_ZERO(&cpu0);
	CPU_SET(0, &cpu0);
	moved = sched_getaffinity(0, sizeof(allowed), &allowed) == 0 &&
	    sched_setaffinity(0, sizeof(cpu0), &cpu0) == 0;
	why = cpuid_tlbs(tlb);
	if (moved)
		(void)sched_setaffinity(0, sizeof(allowed), &allowed);
	return why;
}

static void
read_tlbs(struct machine_hierarchy *m)
{
	struct cache_geometry tlb[2] = { { 0, 0, 0 }, { 0, 0, 0 } };
	const char *why = cpu0_tlbs(tlb);
	unsigned i;

	for (i = 0; i < 2; i++) {
		enum hier_level k = HIER_FIRST_TLB + i;
		struct cache_geometry check = tlb[i];
		const char *refused;

		check.line_bytes = CHECK_PAGE_BYTES;
		if (why != NULL)
			fall_back(m, k, "%s", why);
		else if (tlb[i].blocks == 0)
			fall_back(m, k, "CPUID reports no level-%u data TLB "
			    "for 4K pages", i + 1);
		else if ((refused = cache_geometry_refused(&check)) != NULL)
			fall_back(m, k, "CPUID's level-%u data TLB, %" PRIu64
			    " entries of %" PRIu32 " ways, is refused: %s",
			    i + 1, tlb[i].blocks, tlb[i].ways, refused);
		else {
			m->geometry.level[k] = tlb[i];
			m->source[k] = "cpuid";
		}
	}
}

void
machine_hierarchy(const char *sysfs_root, struct machine_hierarchy *m)
{
	memset(m, 0, sizeof(*m));
	read_caches(m, sysfs_root);
	read_tlbs(m);
}

unsigned
machine_processors(void)
{
	cpu_set_t allowed;

	if (sched_getaffinity(0, sizeof(allowed), &allowed) != 0 ||
	    CPU_COUNT(&allowed) < 1)
		return 1;
	return (unsigned)CPU_COUNT(&allowed);
}
