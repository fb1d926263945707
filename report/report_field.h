/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * report_field.h: the report's fields, one value each per row, shared by
 * the formats (report.c) and the table (report_table.c).
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

/* report_fields[] in order; then the table's own. */
enum field {
	F_ABI, F_PTR_BYTES, F_LAYOUT, F_MODEL, F_WORKLOAD, F_ITEMS, F_OPS,
	F_PAGE_BYTES, F_ENTRIES_PER_PAGE, F_RESIDENT_PAGES, F_ACCESSES,
	F_SIM_FAULTS, F_FAULTS_PER_OP, F_MINFLT, F_MAJFLT, F_MAXRSS_KIB,
	F_VSZ_KIB, F_WALL_S, F_NS_PER_OP, F_MODELED_S, F_SEED, F_VM,
	F_ITEM_BYTES, F_PAGES_TOUCHED, F_RSS_KIB, F_DATA_KIB, F_CPU_S,
	F_DISK_LATENCY_MS, F_ARITY, F_FAULTS_MIN, F_FAULTS_P50, F_FAULTS_P99,
	F_FAULTS_MAX, F_PAGES_MIN, F_PAGES_P50, F_PAGES_P99, F_PAGES_MAX,
	F_HEAP_CPU_S, F_POLICY, F_CACHE, F_TLB, F_L1_MISSES, F_L1_PER_OP, F_L2_MISSES,
	F_L2_PER_OP, F_LLC_MISSES, F_LLC_PER_OP, F_TLB_MISSES, F_TLB_PER_OP,
	F_MEM_NS_PER_OP, F_LINE_MISSES, F_LINE_PER_OP, F_PMU_CYCLES,
	F_PMU_INSTRUCTIONS, F_PMU_L1D_MISSES, F_PMU_LLC_MISSES,
	F_PMU_DTLB_MISSES, F_MODEL_NS_PER_OP, F_COMPUTE_NS_PER_OP,
	F_STALL_L2_NS_PER_OP, F_STALL_LLC_NS_PER_OP, F_STALL_MEM_NS_PER_OP,
	F_STALL_TLB_NS_PER_OP, F_ARENA_KIB, F_ARENA_RSS_KIB, F_HEAP_NS_PER_OP,
	F_COUNT,
	/* The table's own: the distributions in one cell each. */
	F_FAULTS_DIST, F_PAGES_DIST
};

/* Field f of a row: absent where the row did not measure it. */
struct cell	report_value(enum field f, const struct result *row);
/*
 * Whether f is measured for layout l under config, as report_value()
 * says: a row as config's run would make it.
 */
bool		report_measured(enum field f, const struct config *config,
		    unsigned layout);
/* Fields whose values are names, not numbers. */
bool		report_is_text(enum field f);
/* F_L1_PER_OP .. F_TLB_PER_OP's level, and a row's misses there. */
enum hier_level	report_level_of(enum field f);
bool		report_level_misses(const struct result *row,
		    enum hier_level level, uint64_t *misses);
/*
 * The table (report_table.c), in time linear in the rows: 0, or -1 with
 * errno EINTR when a signal trapped by experiment_trap_signals() came
 * while it was written (not one that came before), found between one
 * sweep point and the next.
 */
int		report_table(FILE *out, const struct config *config,
		    const struct result *rows, size_t nrows);

#endif
