/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * report.c: formatting rows.
 *
 * Every field is produced by report_value(), so the four formats cannot
 * disagree on a figure; they differ only in punctuation.
 */
#include <assert.h>
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "abi.h"
#include "cells.h"
#include "hieropt.h"
#include "report.h"
#include "report_field.h"

/*
 * Every seconds field (wall_s, cpu_s, heap_cpu_s, modeled_s) to these
 * places, so that modeled_s never prints below heap_cpu_s (cells.h).
 */
#define SECONDS_DECIMALS	6

/* The cache and tlb fields hold a geometry's whole text. */
_Static_assert(HIEROPT_FORMAT_BYTES <= CELL_BYTES,
    "a geometry's text must fit a report cell");

const char *const report_fields[F_COUNT + 1] = {
	"abi", "ptr_bytes", "layout", "model", "workload", "items", "ops",
	"page_bytes", "entries_per_page", "resident_pages", "accesses",
	"sim_faults", "faults_per_op", "minflt", "majflt", "maxrss_kib",
	"vsz_kib", "wall_s", "ns_per_op", "modeled_s", "seed", "vm",
	"item_bytes", "pages_touched", "rss_kib", "data_kib", "cpu_s",
	"disk_latency_ms", "arity", "faults_per_op_min", "faults_per_op_p50",
	"faults_per_op_p99", "faults_per_op_max", "pages_per_op_min",
	"pages_per_op_p50", "pages_per_op_p99", "pages_per_op_max",
	"heap_cpu_s", "policy", "cache", "tlb", "l1_misses", "l1_misses_per_op", "l2_misses",
	"l2_misses_per_op", "llc_misses", "llc_misses_per_op", "tlb_misses",
	"tlb_misses_per_op", "mem_ns_per_op", "line_misses",
	"line_misses_per_op", "pmu_cycles", "pmu_instructions",
	"pmu_l1d_misses", "pmu_llc_misses", "pmu_dtlb_misses",
	"model_ns_per_op", "compute_ns_per_op", "stall_l2_ns_per_op",
	"stall_llc_ns_per_op", "stall_mem_ns_per_op", "stall_tlb_ns_per_op",
	"arena_kib", "arena_rss_kib", "heap_ns_per_op",
	NULL
};

/* The fields report_field_varies() names: times and the process's own. */
static const enum field varying[] = {
	F_MINFLT, F_MAJFLT, F_MAXRSS_KIB, F_VSZ_KIB, F_WALL_S, F_NS_PER_OP,
	F_MODELED_S, F_RSS_KIB, F_DATA_KIB, F_CPU_S, F_HEAP_CPU_S,
	F_PMU_CYCLES, F_PMU_INSTRUCTIONS, F_PMU_L1D_MISSES, F_PMU_LLC_MISSES,
	F_PMU_DTLB_MISSES, F_MODEL_NS_PER_OP, F_COMPUTE_NS_PER_OP,
	F_HEAP_NS_PER_OP,
};

bool
report_field_varies(const char *field)
{
	size_t i;

	for (i = 0; i < sizeof(varying) / sizeof(varying[0]); i++)
		if (strcmp(report_fields[varying[i]], field) == 0)
			return true;
	return false;
}

static struct cell
seconds(double s)
{
	return cell_time(s, SECONDS_DECIMALS);
}

/* "min/p50/p99/max" in one table cell. */
static struct cell
distribution(const struct vmsim_dist *dist)
{
	struct cell v = { .kind = CELL_TEXT };

	snprintf(v.text, sizeof(v.text), "%" PRIu64 "/%" PRIu64 "/%" PRIu64
	    "/%" PRIu64, dist->min, dist->median, dist->p99, dist->max);
	return v;
}

static struct cell
simulated(const struct result *row, struct cell v)
{
	if (!row->simulated)
		v.kind = CELL_ABSENT;
	return v;
}

/* modeled_s needs the untracked run's CPU time, which a signal can stop. */
static struct cell
priced(const struct result *row, struct cell v)
{
	if (!row->simulated || !row->heap_cpu_known)
		v.kind = CELL_ABSENT;
	return v;
}

/* A curve keeps per-operation distributions for some budgets only. */
static struct cell
distributed(const struct result *row, struct cell v)
{
	if (!row->simulated || !row->distributions)
		v.kind = CELL_ABSENT;
	return v;
}

/*
 * The level of a field of F_L1_MISSES .. F_TLB_PER_OP, which come as
 * count and per-op pairs in the levels' order, L1, L2, LLC, TLB.
 */
enum hier_level
report_level_of(enum field f)
{
	static const enum hier_level levels[] = { HIER_L1, HIER_L2, HIER_LLC,
	    HIER_TLB1 };

	assert(f >= F_L1_MISSES && f <= F_TLB_PER_OP);
	return levels[(f - F_L1_MISSES) / 2];
}

/* A level's misses (the last TLB level's: the walks); false if unmodeled. */
bool
report_level_misses(const struct result *row, enum hier_level level,
    uint64_t *misses)
{
	if (level == HIER_TLB1 && row->hier.present[HIER_TLB2])
		level = HIER_TLB2;
	*misses = row->hier.misses[level];
	return row->simulated && row->hier.present[level];
}

static struct cell
misses(const struct result *row, enum hier_level level, bool per_op)
{
	uint64_t n;

	if (!report_level_misses(row, level, &n))
		return cell_absent();
	return per_op ? cell_real(result_per_op(row, n), 4) : cell_integer(n);
}

/* The caches' or the TLB's geometry, as --cache and --tlb take it. */
static struct cell
geometry(const struct result *row, bool tlb)
{
	struct cell v = { .kind = CELL_TEXT };

	if (!row->simulated)
		return cell_absent();
	if (tlb)
		hieropt_format_tlb(&row->config->cache, v.text, sizeof(v.text));
	else
		hieropt_format_cache(&row->config->cache, v.text,
		    sizeof(v.text));
	return v;
}

static struct cell
memory_time(const struct result *row)
{
	if (!row->simulated || !hier_any_present(&row->hier))
		return cell_absent();
	return cell_time(result_mem_ns_per_op(row), 1);
}

/* The time model's figures: F_MODEL_NS_PER_OP .. F_STALL_TLB_NS_PER_OP. */
static struct cell
modeled_time(const struct result *row, enum field f)
{
	if (!row->simulated || !row->time.known)
		return cell_absent();
	if (f == F_MODEL_NS_PER_OP)
		return cell_time(result_model_ns_per_op(row), 1);
	if (f == F_COMPUTE_NS_PER_OP)
		return cell_time(result_compute_ns_per_op(row), 1);
	return cell_time(result_stall_ns_per_op(row, (enum time_part)(f -
	    F_STALL_L2_NS_PER_OP)), 1);
}

static struct cell
line_misses(const struct result *row, bool per_op)
{
	if (!row->simulated || !row->line_known)
		return cell_absent();
	return per_op ? cell_real(result_per_op(row, row->line_misses), 4) :
	    cell_integer(row->line_misses);
}

/* A count of the CPU's own, absent where it has none to give. */
static struct cell
counted(const struct result *row, enum pmu_event event)
{
	if (!row->pmu.known[event])
		return cell_absent();
	return cell_integer(row->pmu.value[event]);
}

/* Only the d-ary heap has an arity; the other layouts leave it empty. */
static struct cell
arity(const struct result *row)
{
	return layouts[row->layout]->has_arity ?
	    cell_integer(row->config->arity) : cell_absent();
}

/* The fields a run's settings and the kernel give. */
static struct cell
setting_value(enum field f, const struct result *row)
{
	const struct config *config = row->config;

	switch (f) {
	case F_ABI:		return cell_text(ABI_NAME);
	case F_PTR_BYTES:	return cell_integer(ABI_PTR_BYTES);
	case F_LAYOUT:		return cell_text(layouts[row->layout]->name);
	case F_MODEL:		return cell_text(model_names[config->model]);
	case F_WORKLOAD:	return cell_text(workload_names[row->workload]);
	case F_ITEMS:		return cell_integer(config->items);
	case F_OPS:		return cell_integer(row->ops);
	case F_PAGE_BYTES:	return cell_integer(config->page_bytes);
	case F_ENTRIES_PER_PAGE:
		return cell_integer(config_entries_per_page(config));
	case F_MINFLT:		return cell_integer(row->minflt);
	case F_MAJFLT:		return cell_integer(row->majflt);
	case F_MAXRSS_KIB:	return cell_integer(row->maxrss_kib);
	case F_VSZ_KIB:		return cell_integer(row->statm.vsz);
	case F_WALL_S:		return seconds((double)row->wall_ns / 1e9);
	case F_NS_PER_OP:	return cell_time(result_ns_per_op(row), 1);
	case F_SEED:		return cell_integer(config->seed);
	case F_VM:		return cell_text(vm_names[config->vm]);
	case F_ITEM_BYTES:	return cell_integer(config->item_bytes);
	case F_RSS_KIB:		return cell_integer(row->statm.rss);
	case F_ARENA_KIB:	return cell_integer(row->arena_kib);
	case F_ARENA_RSS_KIB:
		return row->arena_rss_known ? cell_integer(row->arena_rss_kib) :
		    cell_absent();
	case F_HEAP_NS_PER_OP:
		return row->heap_cpu_known ?
		    cell_time(result_heap_ns_per_op(row), 1) : cell_absent();
	case F_DATA_KIB:	return cell_integer(row->statm.data);
	case F_CPU_S:		return seconds((double)row->cpu_ns / 1e9);
	case F_DISK_LATENCY_MS:
		return cell_real((double)config->disk_latency_ns / 1e6, 6);
	case F_ARITY:		return arity(row);
	case F_CACHE:		return geometry(row, false);
	case F_TLB:		return geometry(row, true);
	case F_PMU_CYCLES:	return counted(row, PMU_CYCLES);
	case F_PMU_INSTRUCTIONS: return counted(row, PMU_INSTRUCTIONS);
	case F_PMU_L1D_MISSES:	return counted(row, PMU_L1D_MISSES);
	case F_PMU_LLC_MISSES:	return counted(row, PMU_LLC_MISSES);
	case F_PMU_DTLB_MISSES:	return counted(row, PMU_DTLB_MISSES);
	default:
		break;
	}
	return cell_text("?");
}

struct cell
report_value(enum field f, const struct result *row)
{
	const struct config *config = row->config;

	switch (f) {
	case F_RESIDENT_PAGES:
		return simulated(row, cell_integer(config->resident_pages));
	case F_ACCESSES:
		return simulated(row, cell_integer(row->sim.accesses));
	case F_SIM_FAULTS:
		return simulated(row, cell_integer(row->sim.faults));
	case F_FAULTS_PER_OP:
		return simulated(row, cell_real(result_faults_per_op(row), 4));
	case F_MODELED_S:
		return priced(row, seconds(result_modeled_s(row)));
	case F_PAGES_TOUCHED:
		return simulated(row, cell_integer(row->sim.distinct));
	case F_FAULTS_MIN:
		return distributed(row, cell_integer(row->sim.faults_per_op.min));
	case F_FAULTS_P50:
		return distributed(row, cell_integer(row->sim.faults_per_op.median));
	case F_FAULTS_P99:
		return distributed(row, cell_integer(row->sim.faults_per_op.p99));
	case F_FAULTS_MAX:
		return distributed(row, cell_integer(row->sim.faults_per_op.max));
	case F_PAGES_MIN:
		return distributed(row, cell_integer(row->sim.pages_per_op.min));
	case F_PAGES_P50:
		return distributed(row, cell_integer(row->sim.pages_per_op.median));
	case F_PAGES_P99:
		return distributed(row, cell_integer(row->sim.pages_per_op.p99));
	case F_HEAP_CPU_S:
		return priced(row, seconds((double)row->heap_cpu_ns / 1e9));
	case F_PAGES_MAX:
		return distributed(row, cell_integer(row->sim.pages_per_op.max));
	case F_POLICY:
		return simulated(row, cell_text(policy_names[config->policy]));
	case F_L1_MISSES:
	case F_L2_MISSES:
	case F_LLC_MISSES:
	case F_TLB_MISSES:	return misses(row, report_level_of(f), false);
	case F_L1_PER_OP:
	case F_L2_PER_OP:
	case F_LLC_PER_OP:
	case F_TLB_PER_OP:	return misses(row, report_level_of(f), true);
	case F_MEM_NS_PER_OP:	return memory_time(row);
	case F_LINE_MISSES:	return line_misses(row, false);
	case F_LINE_PER_OP:	return line_misses(row, true);
	case F_MODEL_NS_PER_OP:
	case F_COMPUTE_NS_PER_OP:
	case F_STALL_L2_NS_PER_OP:
	case F_STALL_LLC_NS_PER_OP:
	case F_STALL_MEM_NS_PER_OP:
	case F_STALL_TLB_NS_PER_OP: return modeled_time(row, f);
	case F_FAULTS_DIST:
		return distributed(row, distribution(&row->sim.faults_per_op));
	case F_PAGES_DIST:
		return distributed(row, distribution(&row->sim.pages_per_op));
	default:
		return setting_value(f, row);
	}
}

/* Which rows measure a field ----------------------------------------- */

bool
report_is_text(enum field f)
{
	return f == F_ABI || f == F_LAYOUT || f == F_MODEL || f == F_WORKLOAD ||
	    f == F_VM || f == F_POLICY || f == F_CACHE || f == F_TLB;
}

/*
 * Whether f is measured for layout l under config, as field_value says:
 * a row as config's run would make it, every figure it can have known.
 */
bool
report_measured(enum field f, const struct config *config, unsigned layout)
{
	struct result row = {
		.config = config,
		.layout = layout,
		.simulated = config->vm != VM_OFF,
		.distributions = true,
		.heap_cpu_known = true,
		.line_known = config_line_bytes(config) != 0,
		.arena_rss_known = true,
	};
	unsigned k;

	for (k = 0; k < HIER_LEVELS; k++)
		row.hier.present[k] = config->cache.level[k].blocks != 0;
	for (k = 0; k < PMU_EVENTS; k++)
		row.pmu.known[k] = config->pmu;
	row.time.known = config_times(config);
	return report_value(f, &row).kind != CELL_ABSENT;
}

/* Why a numeric field is not measured by config's run. */
static const char *
unmeasured_reason(enum field f, const struct config *config)
{
	if (f == F_ARITY)
		return "only the dary layout has an arity";
	if (f >= F_PMU_CYCLES && f <= F_PMU_DTLB_MISSES)
		return "this machine gives no hardware counters";
	if (f >= F_L1_MISSES && f <= F_LINE_PER_OP && config->vm != VM_OFF)
		return "that level of the caches or TLB is off (--cache, --tlb)";
	return config->vm == VM_OFF ? "it comes from the page model: not "
	    "with --vm off" : "it comes from --time-model, with a cache";
}

int
report_plottable(const struct config *config, const char *name, char *why,
    size_t why_size)
{
	unsigned layout;
	int f;

	for (f = 0; f < F_COUNT && strcmp(report_fields[f], name) != 0; f++)
		continue;
	if (f == F_COUNT || report_is_text(f)) {
		snprintf(why, why_size, "'%s' is not a numeric report field "
		    "such as modeled_s, faults_per_op or ns_per_op", name);
		return -1;
	}
	/* Only --vm disk pushes pages out to be read back: a major fault. */
	if (f == F_MAJFLT && config->vm != VM_DISK) {
		snprintf(why, why_size, "'%s' is 0 unless --vm disk, and a "
		    "plot's log scale needs positive values", name);
		return -1;
	}
	for (layout = 0; layout < LAYOUT_COUNT; layout++)
		if ((config->layouts & 1u << layout) &&
		    report_measured(f, config, layout))
			return 0;
	snprintf(why, why_size, "'%s' is not measured by this run (%s)", name,
	    unmeasured_reason(f, config));
	return -1;
}

void
report_field_list(char *buf, size_t size, bool numeric)
{
	size_t n = 0;
	int f;

	buf[0] = '\0';
	for (f = 0; f < F_COUNT && n < size; f++)
		if (!numeric || !report_is_text(f))
			n += (size_t)snprintf(buf + n, size - n, "%s%s",
			    n > 0 ? ", " : "", report_fields[f]);
}

enum format
report_format_of_path(const char *path, enum format fallback)
{
	static const struct {
		const char	*suffix;
		enum format	 format;
	} suffixes[] = {
		{ ".csv", FORMAT_CSV }, { ".json", FORMAT_JSON },
		{ ".md", FORMAT_MD },
	};
	const char *dot = strrchr(path, '.');
	size_t i;

	/* In any case: .JSON is as much JSON as .json. */
	for (i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++)
		if (dot != NULL && dot != path &&
		    strcasecmp(dot, suffixes[i].suffix) == 0)
			return suffixes[i].format;
	return fallback;
}

int
report_number(const struct result *row, const char *name, double *out)
{
	int f;

	for (f = 0; f < F_COUNT; f++) {
		struct cell v;

		if (strcmp(report_fields[f], name) != 0)
			continue;
		v = report_value(f, row);
		if (v.kind != CELL_NUMBER)
			return -1;
		*out = strtod(v.text, NULL);
		return 0;
	}
	return -1;
}

/* CSV, JSON, Markdown -------------------------------------------------- */

static struct cell
row_cell(const void *context, size_t row, unsigned field)
{
	const struct result *rows = context;

	return report_value(field, &rows[row]);
}

int
report_write(FILE *out, const struct config *config,
    const struct result *rows, size_t nrows)
{
	/* CSV, JSON, Markdown: text fields first, up to items, to the left. */
	if (config->format != FORMAT_TABLE)
		cells_write(out, config->format, report_fields, F_COUNT,
		    F_ITEMS, nrows, row_cell, rows);
	else if (report_table(out, config, rows, nrows) != 0)
		return -1;
	if (fflush(out) != 0 || ferror(out)) {
		if (errno == 0)
			errno = EIO;
		return -1;
	}
	return 0;
}
