/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * report_field.h: the report's fields, declared once.  Each line of
 * REPORT_FIELDS below is a field: the enum, the CSV and JSON names, the
 * table's headings and widths, the default table's columns, the ratio
 * rows, --columns, --plot-y and compare all read it, and nothing else
 * lists fields.
 */
#ifndef REPORT_FIELD_H
#define REPORT_FIELD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cells.h"
#include "config.h"
#include "result.h"

/*
 * Where a field's value comes from, which decides which runs measure it
 * (report_measured()) and why a run does not (report_unmeasured()).
 */
enum field_source {
	SRC_RUN,	/* the settings, the kernel, the clock: every run */
	SRC_HEAP_TIME,	/* the untracked run's CPU time, unless stopped */
	SRC_ARITY,	/* the d-ary layout's own setting */
	SRC_ARENA_RSS,	/* /proc/self/pagemap, where there is one */
	SRC_PAGES,	/* the page model's counts (not --vm off) */
	SRC_PRICED,	/* the page model's and the untracked run's */
	SRC_DIST,	/* the page model's per-operation distributions */
	SRC_L1,		/* one level of the caches and TLB (hier.h) */
	SRC_L2,
	SRC_LLC,
	SRC_TLB,	/* the last TLB level: the walks */
	SRC_MEM_TIME,	/* any level of the caches and TLB */
	SRC_LINES,	/* the curve of the first cache level's lines */
	SRC_PMU,	/* the CPU's counters (--pmu), where it has them */
	SRC_TIME,	/* the time model (--time-model) */
	SRC_3C_L1,	/* the three-C model (--three-c) at one level */
	SRC_3C_L2,
	SRC_3C_LLC,
	SRC_3C_TLB,	/* at the TLB level tlb_misses counts */
	SRC_COUNT
};

/* What a field is, beside its source. */
#define FIELD_TEXT	0x1u	/* a name, not a number */
#define FIELD_VARIES	0x2u	/* may differ between two runs of the same
				   options: report_field_varies() */
#define FIELD_SETTING	0x4u	/* chosen, not measured: no ratio rows */
#define FIELD_TABLE_PER_OP 0x8u	/* a count the table shows per operation */

/*
 * FIELD(ID, name, source, flags, heading, width, story): the enum's
 * F_ID; the CSV name; the table's heading (NULL: the name) and width
 * (0: the heading's, at least 10; negative: left-aligned); and the
 * field's place among the default table's columns (0: not there).  The
 * order is the CSV's: new fields are appended, never inserted.
 */
#define REPORT_FIELDS(FIELD) \
	FIELD(ABI, "abi", SRC_RUN, FIELD_TEXT, NULL, 0, 0) \
	FIELD(PTR_BYTES, "ptr_bytes", SRC_RUN, FIELD_SETTING, NULL, 0, 0) \
	FIELD(LAYOUT, "layout", SRC_RUN, FIELD_TEXT, "layout", -8, 2) \
	FIELD(MODEL, "model", SRC_RUN, FIELD_TEXT, NULL, 0, 0) \
	FIELD(WORKLOAD, "workload", SRC_RUN, FIELD_TEXT, "workload", -8, 1) \
	FIELD(ITEMS, "items", SRC_RUN, FIELD_SETTING, NULL, 0, 0) \
	FIELD(OPS, "ops", SRC_RUN, FIELD_SETTING, "ops", 8, 3) \
	FIELD(PAGE_BYTES, "page_bytes", SRC_RUN, FIELD_SETTING, NULL, 0, 0) \
	FIELD(ENTRIES_PER_PAGE, "entries_per_page", SRC_RUN, FIELD_SETTING, \
	    NULL, 0, 0) \
	FIELD(RESIDENT_PAGES, "resident_pages", SRC_PAGES, FIELD_SETTING, \
	    NULL, 0, 0) \
	FIELD(ACCESSES, "accesses", SRC_PAGES, 0, "accesses", 11, 0) \
	FIELD(SIM_FAULTS, "sim_faults", SRC_PAGES, 0, "faults", 10, 0) \
	FIELD(FAULTS_PER_OP, "faults_per_op", SRC_PAGES, 0, "faults/op", 9, 4) \
	FIELD(MINFLT, "minflt", SRC_RUN, FIELD_VARIES, "minflt", 7, 0) \
	FIELD(MAJFLT, "majflt", SRC_RUN, FIELD_VARIES, NULL, 0, 0) \
	FIELD(MAXRSS_KIB, "maxrss_kib", SRC_RUN, FIELD_VARIES, "maxrss_KiB", \
	    10, 0) \
	FIELD(VSZ_KIB, "vsz_kib", SRC_RUN, FIELD_VARIES, NULL, 0, 0) \
	FIELD(WALL_S, "wall_s", SRC_RUN, FIELD_VARIES, NULL, 0, 0) \
	FIELD(NS_PER_OP, "ns_per_op", SRC_RUN, FIELD_VARIES, "sim_ns/op", 9, \
	    0) \
	FIELD(MODELED_S, "modeled_s", SRC_PRICED, FIELD_VARIES, "modeled_s", \
	    13, 10) \
	FIELD(SEED, "seed", SRC_RUN, FIELD_SETTING, NULL, 0, 0) \
	FIELD(VM, "vm", SRC_RUN, FIELD_TEXT, NULL, 0, 0) \
	FIELD(ITEM_BYTES, "item_bytes", SRC_RUN, FIELD_SETTING, NULL, 0, 0) \
	FIELD(PAGES_TOUCHED, "pages_touched", SRC_PAGES, 0, NULL, 0, 0) \
	FIELD(RSS_KIB, "rss_kib", SRC_RUN, FIELD_VARIES, NULL, 0, 0) \
	FIELD(DATA_KIB, "data_kib", SRC_RUN, FIELD_VARIES, NULL, 0, 0) \
	FIELD(CPU_S, "cpu_s", SRC_RUN, FIELD_VARIES, NULL, 0, 0) \
	FIELD(DISK_LATENCY_MS, "disk_latency_ms", SRC_RUN, FIELD_SETTING, \
	    NULL, 0, 0) \
	FIELD(ARITY, "arity", SRC_ARITY, FIELD_SETTING, NULL, 0, 0) \
	FIELD(FAULTS_MIN, "faults_per_op_min", SRC_DIST, 0, NULL, 0, 0) \
	FIELD(FAULTS_P50, "faults_per_op_p50", SRC_DIST, 0, NULL, 0, 0) \
	FIELD(FAULTS_P99, "faults_per_op_p99", SRC_DIST, 0, NULL, 0, 0) \
	FIELD(FAULTS_MAX, "faults_per_op_max", SRC_DIST, 0, NULL, 0, 0) \
	FIELD(PAGES_MIN, "pages_per_op_min", SRC_DIST, 0, NULL, 0, 0) \
	FIELD(PAGES_P50, "pages_per_op_p50", SRC_DIST, 0, NULL, 0, 0) \
	FIELD(PAGES_P99, "pages_per_op_p99", SRC_DIST, 0, NULL, 0, 0) \
	FIELD(PAGES_MAX, "pages_per_op_max", SRC_DIST, 0, NULL, 0, 0) \
	FIELD(HEAP_CPU_S, "heap_cpu_s", SRC_PRICED, FIELD_VARIES, NULL, 0, 0) \
	FIELD(POLICY, "policy", SRC_PAGES, FIELD_TEXT, NULL, 0, 0) \
	FIELD(CACHE, "cache", SRC_PAGES, FIELD_TEXT, NULL, -30, 0) \
	FIELD(TLB, "tlb", SRC_PAGES, FIELD_TEXT, NULL, -30, 0) \
	FIELD(L1_MISSES, "l1_misses", SRC_L1, 0, NULL, 0, 0) \
	FIELD(L1_PER_OP, "l1_misses_per_op", SRC_L1, 0, "l1/op", 8, 5) \
	FIELD(L2_MISSES, "l2_misses", SRC_L2, 0, NULL, 0, 0) \
	FIELD(L2_PER_OP, "l2_misses_per_op", SRC_L2, 0, "l2/op", 8, 0) \
	FIELD(LLC_MISSES, "llc_misses", SRC_LLC, 0, NULL, 0, 0) \
	FIELD(LLC_PER_OP, "llc_misses_per_op", SRC_LLC, 0, "llc/op", 8, 6) \
	FIELD(TLB_MISSES, "tlb_misses", SRC_TLB, 0, NULL, 0, 0) \
	FIELD(TLB_PER_OP, "tlb_misses_per_op", SRC_TLB, 0, "tlb/op", 8, 7) \
	FIELD(MEM_NS_PER_OP, "mem_ns_per_op", SRC_MEM_TIME, 0, "mem_ns/op", \
	    9, 0) \
	FIELD(LINE_MISSES, "line_misses", SRC_LINES, 0, NULL, 0, 0) \
	FIELD(LINE_PER_OP, "line_misses_per_op", SRC_LINES, 0, NULL, 0, 0) \
	FIELD(PMU_CYCLES, "pmu_cycles", SRC_PMU, FIELD_VARIES, NULL, 0, 0) \
	FIELD(PMU_INSTRUCTIONS, "pmu_instructions", SRC_PMU, FIELD_VARIES, \
	    NULL, 0, 0) \
	FIELD(PMU_L1D_MISSES, "pmu_l1d_misses", SRC_PMU, FIELD_VARIES, NULL, \
	    0, 0) \
	FIELD(PMU_LLC_MISSES, "pmu_llc_misses", SRC_PMU, FIELD_VARIES, NULL, \
	    0, 0) \
	FIELD(PMU_DTLB_MISSES, "pmu_dtlb_misses", SRC_PMU, FIELD_VARIES, \
	    NULL, 0, 0) \
	FIELD(MODEL_NS_PER_OP, "model_ns_per_op", SRC_TIME, FIELD_VARIES, \
	    "model_ns/op", 11, 9) \
	FIELD(COMPUTE_NS_PER_OP, "compute_ns_per_op", SRC_TIME, FIELD_VARIES, \
	    NULL, 0, 0) \
	FIELD(STALL_L2_NS_PER_OP, "stall_l2_ns_per_op", SRC_TIME, 0, NULL, 0, \
	    0) \
	FIELD(STALL_LLC_NS_PER_OP, "stall_llc_ns_per_op", SRC_TIME, 0, NULL, \
	    0, 0) \
	FIELD(STALL_MEM_NS_PER_OP, "stall_mem_ns_per_op", SRC_TIME, 0, NULL, \
	    0, 0) \
	FIELD(STALL_TLB_NS_PER_OP, "stall_tlb_ns_per_op", SRC_TIME, 0, NULL, \
	    0, 0) \
	FIELD(STEPS_PER_OP, "steps_per_op", SRC_TIME, 0, NULL, 0, 0) \
	FIELD(MISPREDICTS_PER_OP, "mispredicts_per_op", SRC_TIME, 0, NULL, 0, \
	    0) \
	FIELD(ARENA_KIB, "arena_kib", SRC_RUN, 0, NULL, 0, 0) \
	FIELD(ARENA_RSS_KIB, "arena_rss_kib", SRC_ARENA_RSS, 0, NULL, 0, 0) \
	FIELD(HEAP_NS_PER_OP, "heap_ns_per_op", SRC_HEAP_TIME, FIELD_VARIES, \
	    "ns/op", 8, 8) \
	FIELD(L1_COMPULSORY, "l1_compulsory", SRC_3C_L1, FIELD_TABLE_PER_OP, \
	    "l1_comp/op", 0, 0) \
	FIELD(L1_CAPACITY, "l1_capacity", SRC_3C_L1, FIELD_TABLE_PER_OP, \
	    "l1_cap/op", 0, 0) \
	FIELD(L1_CONFLICT, "l1_conflict", SRC_3C_L1, FIELD_TABLE_PER_OP, \
	    "l1_conf/op", 0, 0) \
	FIELD(L2_COMPULSORY, "l2_compulsory", SRC_3C_L2, FIELD_TABLE_PER_OP, \
	    "l2_comp/op", 0, 0) \
	FIELD(L2_CAPACITY, "l2_capacity", SRC_3C_L2, FIELD_TABLE_PER_OP, \
	    "l2_cap/op", 0, 0) \
	FIELD(L2_CONFLICT, "l2_conflict", SRC_3C_L2, FIELD_TABLE_PER_OP, \
	    "l2_conf/op", 0, 0) \
	FIELD(LLC_COMPULSORY, "llc_compulsory", SRC_3C_LLC, \
	    FIELD_TABLE_PER_OP, "llc_comp/op", 0, 0) \
	FIELD(LLC_CAPACITY, "llc_capacity", SRC_3C_LLC, FIELD_TABLE_PER_OP, \
	    "llc_cap/op", 0, 0) \
	FIELD(LLC_CONFLICT, "llc_conflict", SRC_3C_LLC, FIELD_TABLE_PER_OP, \
	    "llc_conf/op", 0, 0) \
	FIELD(TLB_COMPULSORY, "tlb_compulsory", SRC_3C_TLB, \
	    FIELD_TABLE_PER_OP, "tlb_comp/op", 0, 0) \
	FIELD(TLB_CAPACITY, "tlb_capacity", SRC_3C_TLB, FIELD_TABLE_PER_OP, \
	    "tlb_cap/op", 0, 0) \
	FIELD(TLB_CONFLICT, "tlb_conflict", SRC_3C_TLB, FIELD_TABLE_PER_OP, \
	    "tlb_conf/op", 0, 0)

#define FIELD_ENUM(id, name, source, flags, heading, width, story) F_##id,
enum field {
	REPORT_FIELDS(FIELD_ENUM)
	F_COUNT
};
#undef FIELD_ENUM

/* One field's line of the table above. */
struct field_info {
	const char	*name;
	enum field_source source;
	unsigned	flags;		/* FIELD_TEXT, ... */
	const char	*heading;	/* the table's, or NULL: the name */
	int		width;		/* the table's, or 0: the heading's */
	unsigned	story;		/* rank in the default table, or 0 */
};

/* Every field's, in the enum's order. */
extern const struct field_info field_info[F_COUNT];

/* Field f of a row: absent where the row did not measure it. */
struct cell	report_value(enum field f, const struct result *row);
/* Whether a run of config measures f for layout l: its source runs. */
bool		report_measured(enum field f, const struct config *config,
		    unsigned layout);
/* Why a run of config does not measure f, where it does not. */
const char	*report_unmeasured(enum field f, const struct config *config);
/* Fields whose values are names, not numbers. */
bool		report_is_text(enum field f);
/* The level of a field whose source is a level of the caches or TLB. */
enum hier_level	report_level_of(enum field f);
bool		report_level_misses(const struct result *row,
		    enum hier_level level, uint64_t *misses);
/* The CSV names, in order, NULL-terminated. */
extern const char *const report_fields[];

/*
 * Whether two runs of the same options may differ in `field`: a time,
 * the process's own counts (faults, memory, hardware counters), or a
 * figure that adds one in (modeled_s charges the heap's CPU time, the
 * time model the computing each invocation calibrates).  Every other
 * field is the same on the same machine.
 */
bool	report_field_varies(const char *field);

/*
 * A numeric field of a row, by name.  Returns 0, or -1 if there is no
 * such field or it was not measured.
 */
int	report_number(const struct result *, const char *field, double *);

/*
 * Whether a run of config can plot `field`: a numeric field that some
 * row of the run measures.  Returns 0, or -1 with a reason in `why`.
 */
int	report_plottable(const struct config *, const char *field, char *why,
	    size_t why_size);

/*
 * The fields, or the numeric ones, ", "-separated, into buf (cut short
 * if it must); every one fits in REPORT_FIELD_LIST_BYTES, 78 names of 13
 * characters on average and their separators with room to grow (a test
 * holds the list to it).
 */
#define REPORT_FIELD_LIST_BYTES	2048
void	report_field_list(char *buf, size_t size, bool numeric);

#endif
