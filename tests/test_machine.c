/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_machine.c: the machine's hierarchy read from fake sysfs trees
 * (a scratch directory per test, shaped as Linux's cpu0/cache), CPUID's
 * registers decoded from values written here, the real machine, and the
 * geometry as text.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "geometry.h"
#include "hieropt.h"
#include "machine.h"
#include "tests.h"

/* Fake sysfs trees ------------------------------------------------------ */

/* One indexN directory's files; NULL: no such file. */
struct entry {
	const char	*level;
	const char	*type;
	const char	*size;
	const char	*ways;
	const char	*line;
	const char	*sets;
};

/* A usual three-level machine, as on an AMD EPYC. */
static const struct entry l1d = { "1", "Data", "32K", "8", "64", "64" };
static const struct entry l1i = { "1", "Instruction", "64K", "16", "64",
	"64" };
static const struct entry l2 = { "2", "Unified", "512K", "8", "64", "1024" };
static const struct entry l3 = { "3", "Unified", "32768K", "16", "64",
	"32768" };

static void
write_bytes(const char *dir, const char *name, const char *bytes, size_t len)
{
	char path[PATH_MAX];
	FILE *f;

	path_in(path, sizeof(path), dir, name);
	f = fopen(path, "w");
	ck_assert_msg(f != NULL, "fopen %s: %s", path, strerror(errno));
	ck_assert(fwrite(bytes, 1, len, f) == len);
	ck_assert(fclose(f) == 0);
}

static void
write_file(const char *dir, const char *name, const char *text)
{
	write_bytes(dir, name, text, strlen(text));
}

/* A value file as sysfs writes it: the text and a newline. */
static void
write_value(const char *dir, const char *name, const char *value)
{
	char text[256];

	if (value == NULL)
		return;
	ck_assert((size_t)snprintf(text, sizeof(text), "%s\n", value) <
	    sizeof(text));
	write_file(dir, name, text);
}

static void
write_entry(const char *root, unsigned index, const struct entry *e)
{
	char name[32], dir[PATH_MAX];

	(void)snprintf(name, sizeof(name), "index%u", index);
	path_in(dir, sizeof(dir), root, name);
	ck_assert_msg(mkdir(dir, 0755) == 0, "mkdir %s: %s", dir,
	    strerror(errno));
	write_value(dir, "level", e->level);
	write_value(dir, "type", e->type);
	write_value(dir, "size", e->size);
	write_value(dir, "ways_of_associativity", e->ways);
	write_value(dir, "coherency_line_size", e->line);
	write_value(dir, "number_of_sets", e->sets);
}

/* A tree of n entries, index0 .. index(n-1), read; the tree removed. */
static void
read_tree(const struct entry *entries, unsigned n, struct machine_hierarchy *m)
{
	char root[PATH_MAX];
	unsigned i;

	scratch_make(root);
	for (i = 0; i < n; i++)
		write_entry(root, i, &entries[i]);
	machine_hierarchy(root, m);
	scratch_remove(root);
}

/* Checks ---------------------------------------------------------------- */

static const struct hier_geometry defaults = MACHINE_DEFAULT_GEOMETRY;

static void
expect_level(const struct machine_hierarchy *m, enum hier_level k,
    uint64_t blocks, uint32_t ways, uint32_t line, const char *source)
{
	const struct cache_geometry *g = &m->geometry.level[k];
	const char *name = hier_level_names[k];

	ck_assert_msg(g->blocks == blocks && g->ways == ways &&
	    g->line_bytes == line, "%s: %llu blocks of %u ways of %u bytes, "
	    "not %llu of %u of %u (%s)", name, (unsigned long long)g->blocks,
	    g->ways, g->line_bytes, (unsigned long long)blocks, ways, line,
	    m->note[k]);
	ck_assert_msg(strcmp(m->source[k], source) == 0, "%s: from %s, not %s "
	    "(%s)", name, m->source[k], source, m->note[k]);
	ck_assert_msg((m->note[k][0] != '\0') == (strcmp(source, "default") ==
	    0), "%s from %s, note '%s'", name, source, m->note[k]);
}

static void
expect_default(const struct machine_hierarchy *m, enum hier_level k,
    const char *note_part)
{
	const struct cache_geometry *g = &defaults.level[k];

	expect_level(m, k, g->blocks, g->ways, g->line_bytes, "default");
	ck_assert_msg(strstr(m->note[k], note_part) != NULL, "%s: note '%s' "
	    "does not say '%s'", hier_level_names[k], m->note[k], note_part);
}

static void
expect_cache_text(const struct hier_geometry *g, const char *want)
{
	char text[GEOMETRY_TEXT_BYTES];

	ck_assert_uint_eq(geometry_format_cache(g, text, sizeof(text)),
	    strlen(want));
	ck_assert_str_eq(text, want);
}

static void
expect_tlb_text(const struct hier_geometry *g, const char *want)
{
	char text[GEOMETRY_TEXT_BYTES];

	ck_assert_uint_eq(geometry_format_tlb(g, text, sizeof(text)),
	    strlen(want));
	ck_assert_str_eq(text, want);
}

/* Caches from sysfs ---------------------------------------------------- */

START_TEST(three_levels)
{
	/* The instruction cache comes first: skipped, not the first L1. */
	const struct entry tree[] = { l1i, l1d, l2, l3 };
	struct machine_hierarchy m;

	read_tree(tree, 4, &m);
	expect_level(&m, HIER_L1, 512, 8, 64, "sysfs");
	expect_level(&m, HIER_L2, 8192, 8, 64, "sysfs");
	expect_level(&m, HIER_LLC, 524288, 16, 64, "sysfs");
	expect_cache_text(&m.geometry, "l1=32K/8+l2=512K/8+llc=32M/16");
}
END_TEST

START_TEST(two_levels_have_no_llc)
{
	const struct entry tree[] = { l1d, l1i, l2 };
	struct machine_hierarchy m;

	read_tree(tree, 3, &m);
	expect_level(&m, HIER_L1, 512, 8, 64, "sysfs");
	expect_level(&m, HIER_L2, 8192, 8, 64, "sysfs");
	expect_level(&m, HIER_LLC, 0, 0, 0, "sysfs");
	expect_cache_text(&m.geometry, "l1=32K/8+l2=512K/8+llc=off");
}
END_TEST

START_TEST(highest_level_is_the_llc)
{
	const struct entry l4 = { "4", "Unified", "131072K", "16", "64",
		"131072" };
	const struct entry tree[] = { l1d, l2, l4, l3 };
	struct machine_hierarchy m;

	read_tree(tree, 4, &m);
	expect_level(&m, HIER_LLC, 2097152, 16, 64, "sysfs");
	expect_cache_text(&m.geometry, "l1=32K/8+l2=512K/8+llc=128M/16");
}
END_TEST

START_TEST(first_entry_of_a_level_counts)
{
	const struct entry other_l2 = { "2", "Unified", "1024K", "16", "64",
		"1024" };
	const struct entry other_l3 = { "3", "Unified", "16M", "16", "64",
		"16384" };
	const struct entry tree[] = { l1d, l2, other_l2, l3, other_l3 };
	struct machine_hierarchy m;

	read_tree(tree, 5, &m);
	expect_level(&m, HIER_L2, 8192, 8, 64, "sysfs");
	expect_level(&m, HIER_LLC, 524288, 16, 64, "sysfs");
}
END_TEST

START_TEST(gap_in_the_entries)
{
	char root[PATH_MAX];
	struct machine_hierarchy m;

	scratch_make(root);
	write_entry(root, 1, &l1d);
	write_entry(root, 3, &l3);
	machine_hierarchy(root, &m);
	scratch_remove(root);
	expect_level(&m, HIER_L1, 512, 8, 64, "sysfs");
	expect_level(&m, HIER_L2, 0, 0, 0, "sysfs");
	expect_level(&m, HIER_LLC, 524288, 16, 64, "sysfs");
}
END_TEST

START_TEST(no_caches_listed)
{
	const struct entry tree[] = { l1i };
	char missing[PATH_MAX], root[PATH_MAX];
	struct machine_hierarchy m;
	unsigned k;

	read_tree(tree, 1, &m);
	for (k = 0; k < HIER_FIRST_TLB; k++)
		expect_default(&m, k, "no data or unified cache");
	scratch_make(root);
	path_in(missing, sizeof(missing), root, "no-such-directory");
	machine_hierarchy(missing, &m);
	scratch_remove(root);
	for (k = 0; k < HIER_FIRST_TLB; k++)
		expect_default(&m, k, "no data or unified cache");
	expect_cache_text(&m.geometry, "l1=32K/8+l2=1M/16+llc=32M/16");
}
END_TEST

/* An entry without level or type cannot be placed: skipped. */
START_TEST(unplaceable_entries_skipped)
{
	struct entry no_level = l1d, no_type = l2, odd_type = l3;
	const struct entry *tree[] = { &no_level, &no_type, &odd_type };
	struct machine_hierarchy m;
	unsigned i;

	no_level.level = NULL;
	no_type.type = NULL;
	odd_type.type = "Trace";
	for (i = 0; i < 3; i++) {
		struct entry entries[] = { l1d, l2, l3 };

		entries[i] = *tree[i];
		read_tree(entries, 3, &m);
		expect_level(&m, i, 0, 0, 0, "sysfs");
	}
}
END_TEST

/* A file in the L2's entry: missing or bad, the L2 is the default. */
struct bad_value {
	const char	*file;
	const char	*value;		/* NULL: the file is missing */
	const char	*note;		/* part of the note it must give */
};

static const struct bad_value bad_values[] = {
	{ "size", NULL, "index1/size: missing" },
	{ "size", "", "index1/size: missing" },
	{ "size", "512Q", "index1/size: missing, or not a size" },
	{ "size", "0K", "index1/size" },
	{ "size", "K", "index1/size" },
	{ "size", "512K 512K", "index1/size" },
	{ "size", "99999999999999999999K", "index1/size" },
	{ "number_of_sets", NULL, "index1/number_of_sets: missing" },
	{ "number_of_sets", "0", "index1/number_of_sets" },
	{ "number_of_sets", "-1024", "index1/number_of_sets" },
	{ "number_of_sets", "1K", "index1/number_of_sets" },
	{ "number_of_sets", "1024 sets", "index1/number_of_sets" },
	{ "number_of_sets", "4294967297", "from 1 to 4294967296" },
	/* 1024 in the first 32 bytes: longer than any value, not cut. */
	{ "number_of_sets", "00000000000000000000000000001024 sets",
	    "index1/number_of_sets" },
	{ "ways_of_associativity", NULL, "index1/ways_of_associativity" },
	{ "ways_of_associativity", "eight", "index1/ways_of_associativity" },
	{ "ways_of_associativity", "65537", "from 1 to 65536" },
	{ "coherency_line_size", NULL, "index1/coherency_line_size" },
	{ "coherency_line_size", "0x40", "index1/coherency_line_size" },
	{ "coherency_line_size", "48", "is refused: the line size" },
	{ "coherency_line_size", "4", "is refused: the line size" },
	/* 1024 x 8 x 64 is 512K: each of these disagrees with it. */
	{ "size", "256K", "is not its size, 256K" },
	{ "size", "1M", "is not its size, 1M" },
	{ "number_of_sets", "2048", "is not its size, 512K" },
	{ "ways_of_associativity", "16", "is not its size, 512K" },
	{ "coherency_line_size", "128", "is not its size, 512K" },
};

START_TEST(bad_value_falls_back)
{
	const struct bad_value *bad = &bad_values[_i];
	char root[PATH_MAX], dir[PATH_MAX], path[PATH_MAX];
	struct machine_hierarchy m;

	scratch_make(root);
	write_entry(root, 0, &l1d);
	write_entry(root, 1, &l2);
	write_entry(root, 2, &l3);
	path_in(dir, sizeof(dir), root, "index1");
	path_in(path, sizeof(path), dir, bad->file);
	ck_assert(remove(path) == 0);
	if (bad->value != NULL)
		write_file(dir, bad->file, bad->value);
	machine_hierarchy(root, &m);
	scratch_remove(root);
	expect_level(&m, HIER_L1, 512, 8, 64, "sysfs");
	expect_default(&m, HIER_L2, bad->note);
	expect_level(&m, HIER_LLC, 524288, 16, 64, "sysfs");
}
END_TEST

/* A value written without sysfs's newline reads the same. */
START_TEST(values_without_newline)
{
	char root[PATH_MAX], dir[PATH_MAX];
	struct machine_hierarchy m;

	scratch_make(root);
	path_in(dir, sizeof(dir), root, "index0");
	ck_assert(mkdir(dir, 0755) == 0);
	write_file(dir, "level", "1");
	write_file(dir, "type", "Data");
	write_file(dir, "size", "48K");
	write_file(dir, "ways_of_associativity", "12");
	write_file(dir, "coherency_line_size", "64");
	write_file(dir, "number_of_sets", "64");
	machine_hierarchy(root, &m);
	scratch_remove(root);
	expect_level(&m, HIER_L1, 768, 12, 64, "sysfs");
}
END_TEST

/* A NUL ends no value early: "1024" then a NUL is not 1024. */
START_TEST(nul_in_a_value)
{
	char root[PATH_MAX], dir[PATH_MAX];
	struct machine_hierarchy m;

	scratch_make(root);
	write_entry(root, 0, &l1d);
	write_entry(root, 1, &l2);
	path_in(dir, sizeof(dir), root, "index1");
	write_bytes(dir, "number_of_sets", "1024\0\n", 6);
	machine_hierarchy(root, &m);
	scratch_remove(root);
	expect_default(&m, HIER_L2, "index1/number_of_sets");
}
END_TEST

/* The real machine ------------------------------------------------------ */

START_TEST(this_machine)
{
	struct machine_hierarchy m;
	struct hier_geometry paged;
	char caches[GEOMETRY_TEXT_BYTES], tlbs[GEOMETRY_TEXT_BYTES];
	unsigned k;

	machine_hierarchy(MACHINE_CACHE_ROOT, &m);
	paged = hier_for_page(&m.geometry, 4096);
	for (k = 0; k < HIER_LEVELS; k++) {
		const struct cache_geometry *g = &paged.level[k];
		const char *refused = g->blocks == 0 ? NULL :
		    cache_geometry_refused(g);

		ck_assert_msg(refused == NULL, "%s is refused: %s",
		    hier_level_names[k], refused);
		ck_assert_msg(strcmp(m.source[k], "default") == 0 ||
		    strcmp(m.source[k], k < HIER_FIRST_TLB ? "sysfs" :
		    "cpuid") == 0, "%s from %s", hier_level_names[k],
		    m.source[k]);
		ck_assert_msg((m.note[k][0] != '\0') ==
		    (strcmp(m.source[k], "default") == 0), "%s from %s, note "
		    "'%s'", hier_level_names[k], m.source[k], m.note[k]);
	}
	ck_assert_uint_lt(geometry_format_cache(&m.geometry, caches,
	    sizeof(caches)), sizeof(caches));
	ck_assert_uint_lt(geometry_format_tlb(&m.geometry, tlbs, sizeof(tlbs)),
	    sizeof(tlbs));
}
END_TEST

START_TEST(defaults_are_accepted)
{
	struct hier_geometry paged = hier_for_page(&defaults, 4096);
	unsigned k;

	for (k = 0; k < HIER_LEVELS; k++)
		ck_assert_msg(cache_geometry_refused(&paged.level[k]) == NULL,
		    "the default %s is refused", hier_level_names[k]);
	expect_cache_text(&defaults, "l1=32K/8+l2=1M/16+llc=32M/16");
	expect_tlb_text(&defaults, "64/4+1536/12");
}
END_TEST

/* CPUID's registers ----------------------------------------------------- */

/* 0x80000005 EBX: 4K dTLB ways in 31:24, entries in 23:16; iTLB below. */
#define AMD_L1(ways, entries)	((uint32_t)(ways) << 24 | \
	    (uint32_t)(entries) << 16 | 0xff40u)
/* 0x80000006 EBX: the code in 31:28, entries in 27:16; iTLB below. */
#define AMD_L2(code, entries)	((uint32_t)(code) << 28 | \
	    (uint32_t)(entries) << 16 | 0x6200u)

static void
expect_tlb(const struct cache_geometry *g, uint64_t entries, uint32_t ways)
{
	ck_assert_msg(g->blocks == entries && g->ways == ways &&
	    g->line_bytes == 0, "%llu entries of %u ways (line %u), not %llu "
	    "of %u", (unsigned long long)g->blocks, g->ways, g->line_bytes,
	    (unsigned long long)entries, ways);
}

START_TEST(amd_epyc)
{
	struct cache_geometry tlb[2] = { { 0, 0, 0 }, { 0, 0, 0 } };
	struct hier_geometry g = { .level = { [HIER_L1] = { 0, 0, 0 } } };

	machine_amd_tlbs(AMD_L1(0xff, 64), AMD_L2(6, 2048), tlb);
	expect_tlb(&tlb[0], 64, 64);
	expect_tlb(&tlb[1], 2048, 8);
	g.level[HIER_TLB1] = tlb[0];
	g.level[HIER_TLB2] = tlb[1];
	expect_tlb_text(&g, "64/64+2048/8");
}
END_TEST

START_TEST(amd_codes)
{
	static const uint32_t ways[16] = {
		[0x1] = 1, [0x2] = 2, [0x3] = 3, [0x4] = 4, [0x5] = 6,
		[0x6] = 8, [0x8] = 16, [0xA] = 32, [0xB] = 48, [0xC] = 64,
		[0xD] = 96, [0xE] = 128, [0xF] = 3072,
	};
	unsigned code;

	for (code = 0; code < 16; code++) {
		struct cache_geometry tlb[2] = { { 0, 0, 0 }, { 0, 0, 0 } };

		machine_amd_tlbs(0, AMD_L2(code, 3072), tlb);
		expect_tlb(&tlb[0], 0, 0);
		/* 0 (off), 7 (reserved), 9 (see 0x8000001D): nothing. */
		expect_tlb(&tlb[1], ways[code] == 0 ? 0 : 3072, ways[code]);
	}
}
END_TEST

START_TEST(amd_l1_ways)
{
	struct cache_geometry tlb[2] = { { 0, 0, 0 }, { 0, 0, 0 } };
	struct cache_geometry none[2] = { { 0, 0, 0 }, { 0, 0, 0 } };

	machine_amd_tlbs(AMD_L1(4, 48), 0, tlb);
	expect_tlb(&tlb[0], 48, 4);
	expect_tlb(&tlb[1], 0, 0);
	/* No entries, or ways 0: not reported. */
	machine_amd_tlbs(AMD_L1(4, 0), AMD_L2(6, 0), none);
	machine_amd_tlbs(AMD_L1(0, 64), 0, none);
	expect_tlb(&none[0], 0, 0);
	expect_tlb(&none[1], 0, 0);
}
END_TEST

/* Leaf 0x18: EBX ways in 31:16, bit 0 4K pages; EDX type, level, full. */
#define INTEL_EBX(ways, pages4k)	((uint32_t)(ways) << 16 | (pages4k))
#define INTEL_EDX(type, level, full)	((uint32_t)(type) | \
	    (uint32_t)(level) << 5 | (uint32_t)(full) << 8 | 1u << 14)

START_TEST(intel_subleaves)
{
	struct cache_geometry tlb[2] = { { 0, 0, 0 }, { 0, 0, 0 } };

	/* Not for the data TLB at 4K pages: nothing. */
	machine_intel_tlb(INTEL_EBX(8, 1), 16, INTEL_EDX(0, 1, 0), tlb);
	machine_intel_tlb(INTEL_EBX(8, 1), 16, INTEL_EDX(2, 1, 0), tlb);
	machine_intel_tlb(INTEL_EBX(16, 1), 1, INTEL_EDX(5, 1, 1), tlb);
	machine_intel_tlb(INTEL_EBX(4, 0xe), 8, INTEL_EDX(1, 1, 0), tlb);
	machine_intel_tlb(INTEL_EBX(8, 1), 16, INTEL_EDX(1, 3, 0), tlb);
	machine_intel_tlb(INTEL_EBX(8, 1), 16, INTEL_EDX(1, 0, 0), tlb);
	machine_intel_tlb(INTEL_EBX(0, 1), 16, INTEL_EDX(1, 1, 0), tlb);
	expect_tlb(&tlb[0], 0, 0);
	expect_tlb(&tlb[1], 0, 0);
	/* A Skylake: data level 1, unified level 2; the first counts. */
	machine_intel_tlb(INTEL_EBX(4, 1), 16, INTEL_EDX(1, 1, 0), tlb);
	machine_intel_tlb(INTEL_EBX(12, 1), 128, INTEL_EDX(3, 2, 0), tlb);
	machine_intel_tlb(INTEL_EBX(8, 1), 16, INTEL_EDX(1, 1, 0), tlb);
	expect_tlb(&tlb[0], 64, 4);
	expect_tlb(&tlb[1], 1536, 12);
}
END_TEST

START_TEST(intel_load_only_and_full)
{
	struct cache_geometry tlb[2] = { { 0, 0, 0 }, { 0, 0, 0 } };
	struct cache_geometry huge[2] = { { 0, 0, 0 }, { 0, 0, 0 } };

	/* Fully associative, as one set of all the ways or as the sets. */
	machine_intel_tlb(INTEL_EBX(96, 1), 1, INTEL_EDX(4, 1, 1), tlb);
	machine_intel_tlb(INTEL_EBX(16, 1), 128, INTEL_EDX(3, 2, 1), tlb);
	expect_tlb(&tlb[0], 96, 96);
	expect_tlb(&tlb[1], 2048, 2048);
	/* Ways beyond 32 bits saturate, refused as beyond 2^16 later. */
	machine_intel_tlb(INTEL_EBX(65535, 1), UINT32_MAX, INTEL_EDX(1, 1, 1),
	    huge);
	ck_assert_uint_eq(huge[0].blocks, (uint64_t)65535 * UINT32_MAX);
	ck_assert_uint_eq(huge[0].ways, UINT32_MAX);
}
END_TEST

/* Geometries as text ---------------------------------------------------- */

START_TEST(cache_text)
{
	struct hier_geometry g = { .level = {
		[HIER_L1] = { 3, 3, 8 },		/* 24 bytes */
		[HIER_L2] = { 1536, 12, 128 },	/* 192K */
		[HIER_LLC] = { (uint64_t)1 << 24, 16, 64 },
	} };
	struct hier_geometry none = { .level = { [HIER_TLB1] = { 64, 4, 0 } } };

	expect_cache_text(&g, "l1=24/3/8+l2=192K/12/128+llc=1G/16");
	g.level[HIER_L2].blocks = 0;
	g.level[HIER_L1] = (struct cache_geometry){ 768, 12, 64 };
	g.level[HIER_LLC] = (struct cache_geometry){ 7864320, 16, 64 };
	expect_cache_text(&g, "l1=48K/12+l2=off+llc=480M/16");
	g.level[HIER_L1].blocks = 0;
	expect_cache_text(&g, "l1=off+l2=off+llc=480M/16");
	g.level[HIER_LLC] = (struct cache_geometry){ 1, 1, 1u << 30 };
	expect_cache_text(&g, "l1=off+l2=off+llc=1G/1/1073741824");
	expect_cache_text(&none, "off");
}
END_TEST

START_TEST(tlb_text)
{
	struct hier_geometry g = { .level = { [HIER_L1] = { 512, 8, 64 } } };

	expect_tlb_text(&g, "off");
	g.level[HIER_TLB2] = (struct cache_geometry){ 2048, 8, 4096 };
	expect_tlb_text(&g, "off+2048/8");
	g.level[HIER_TLB1] = (struct cache_geometry){ 64, 64, 4096 };
	expect_tlb_text(&g, "64/64+2048/8");
	g.level[HIER_TLB2].blocks = 0;
	expect_tlb_text(&g, "64/64");
}
END_TEST

/* The longest text of each fits, and a short buffer is cut as snprintf's. */
START_TEST(text_bounds)
{
	const struct cache_geometry big = { CACHE_MAX_BLOCKS - 1, 65535,
		CACHE_MAX_LINE_BYTES / 2 };
	struct hier_geometry g;
	char text[GEOMETRY_TEXT_BYTES], cut[8];
	size_t whole;
	unsigned k;

	for (k = 0; k < HIER_LEVELS; k++)
		g.level[k] = big;
	ck_assert_uint_lt(geometry_format_cache(&g, text, sizeof(text)),
	    sizeof(text));
	ck_assert_uint_lt(geometry_format_tlb(&g, text, sizeof(text)),
	    sizeof(text));
	whole = geometry_format_cache(&defaults, text, sizeof(text));
	ck_assert_uint_eq(geometry_format_cache(&defaults, cut, sizeof(cut)),
	    whole);
	ck_assert_str_eq(cut, "l1=32K/");
	ck_assert_uint_eq(geometry_format_tlb(&defaults, NULL, 0),
	    strlen("64/4+1536/12"));
	ck_assert_uint_eq(geometry_format_cache(&defaults, cut, 1), whole);
	ck_assert_str_eq(cut, "");
}
END_TEST

Suite *
machine_suite(void)
{
	Suite *suite = suite_create("machine");
	TCase *tc = scratch_tcase("sysfs", 30);

	tcase_add_test(tc, three_levels);
	tcase_add_test(tc, two_levels_have_no_llc);
	tcase_add_test(tc, highest_level_is_the_llc);
	tcase_add_test(tc, first_entry_of_a_level_counts);
	tcase_add_test(tc, gap_in_the_entries);
	tcase_add_test(tc, no_caches_listed);
	tcase_add_test(tc, unplaceable_entries_skipped);
	tcase_add_loop_test(tc, bad_value_falls_back, 0,
	    (int)(sizeof(bad_values) / sizeof(bad_values[0])));
	tcase_add_test(tc, values_without_newline);
	tcase_add_test(tc, nul_in_a_value);
	suite_add_tcase(suite, tc);
	tc = tcase_create("machine");
	tcase_add_test(tc, this_machine);
	tcase_add_test(tc, defaults_are_accepted);
	suite_add_tcase(suite, tc);
	tc = tcase_create("cpuid");
	tcase_add_test(tc, amd_epyc);
	tcase_add_test(tc, amd_codes);
	tcase_add_test(tc, amd_l1_ways);
	tcase_add_test(tc, intel_subleaves);
	tcase_add_test(tc, intel_load_only_and_full);
	suite_add_tcase(suite, tc);
	tc = tcase_create("text");
	tcase_add_test(tc, cache_text);
	tcase_add_test(tc, tlb_text);
	tcase_add_test(tc, text_bounds);
	suite_add_tcase(suite, tc);
	return suite;
}
