/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * report_field.c: the fields of report_field.h's table: their names,
 * where each row's value comes from, and which runs measure them.
 *
 * Every field is produced by report_value(), so the formats and the
 * table cannot disagree on a figure.
 */
#include <assert.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "cells.h"
#include "geometry.h"
#include "report_field.h"

/*
 * Every seconds field (wall_s, cpu_s, heap_cpu_s, modeled_s) to these
 * places, so that modeled_s never prints below heap_cpu_s (cells.h).
 */
#define SECONDS_DECIMALS	6

/* The cache and tlb fields hold a geometry's whole text. */
_Static_assert(GEOMETRY_TEXT_BYTES <= CELL_BYTES,
    "a geometry's text must fit a report cell");

#define FIELD_INFO(id, name, source, flags, heading, width, story) \
	[F_##id] = { name, source, flags, heading, width, story },
const struct field_info field_info[F_COUNT] = {
	REPORT_FIELDS(FIELD_INFO)
};
#undef FIELD_INFO

#define FIELD_NAME(id, name, source, flags, heading, width, story) name,
const char *const report_fields[F_COUNT + 1] = {
	REPORT_FIELDS(FIELD_NAME)
	NULL
};
#undef FIELD_NAME

bool
report_field_varies(const char *field)
{
	size_t f;

	for (f = 0; f < F_COUNT; f++)
		if (strcmp(report_fields[f], field) == 0)
			return (field_info[f].flags & FIELD_VARIES) != 0;
	return false;
}

static struct cell
seconds(double s)
{
	return cell_time(s, SECONDS_DECIMALS);
}

/* The level a source of the caches and TLB stands for. */
static enum hier_level
level_of_source(enum field_source source)
{
	static const enum hier_level levels[SRC_COUNT] = {
		[SRC_L1] = HIER_L1, [SRC_L2] = HIER_L2, [SRC_LLC] = HIER_LLC,
		[SRC_TLB] = HIER_TLB1, [SRC_3C_L1] = HIER_L1,
		[SRC_3C_L2] = HIER_L2, [SRC_3C_LLC] = HIER_LLC,
		[SRC_3C_TLB] = HIER_TLB1,
	};

	assert((source >= SRC_L1 && source <= SRC_TLB) ||
	    (source >= SRC_3C_L1 && source <= SRC_3C_TLB));
	return levels[source];
}

enum hier_level
report_level_of(enum field f)
{
	return level_of_source(field_info[f].source);
}

/* A level's misses (the last TLB level's: the walks); false if unmodeled. */
bool
report_level_misses(const struct result *row, enum hier_level level,
    uint64_t *misses)
{
	if (level == HIER_TLB1 && row->models.hier.present[HIER_TLB2])
		level = HIER_TLB2;
	*misses = row->models.hier.misses[level];
	return row->models.simulated && row->models.hier.present[level];
}

static struct cell
misses(const struct result *row, enum hier_level level, bool per_op)
{
	uint64_t n;

	(void)report_level_misses(row, level, &n);
	return per_op ? cell_real(result_per_op(row, n), 4) : cell_integer(n);
}

/* The caches' or the TLB's geometry, as --cache and --tlb take it. */
static struct cell
geometry(const struct result *row, bool tlb)
{
	struct cell v = { .kind = CELL_TEXT };

	if (tlb)
		geometry_format_tlb(&row->config->cache, v.text, sizeof(v.text));
	else
		geometry_format_cache(&row->config->cache, v.text,
		    sizeof(v.text));
	return v;
}

/* The time model's figures: F_MODEL_NS_PER_OP .. F_MISPREDICTS_PER_OP. */
static struct cell
modeled_time(const struct result *row, enum field f)
{
	if (f == F_STEPS_PER_OP)
		return cell_real(result_per_op(row, row->models.time.steps), 2);
	if (f == F_MISPREDICTS_PER_OP)
		return cell_real(result_per_op(row,
		    row->models.time.mispredicts), 2);
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
	return per_op ? cell_real(result_per_op(row, row->models.line_misses), 4) :
	    cell_integer(row->models.line_misses);
}

/*
 * The three-C model's classes at a level (the last TLB level's for the
 * TLB, as tlb_misses counts), or NULL where it did not run there.
 */
static const struct threec_level_counts *
classes(const struct result *row, enum hier_level level)
{
	const struct threec_counts *c = &row->models.three_c;

	if (level == HIER_TLB1 && c->present[HIER_TLB2])
		level = HIER_TLB2;
	if (!row->models.simulated || !row->models.three_c_known ||
	    !c->present[level])
		return NULL;
	return &c->level[level];
}

/* F_L1_COMPULSORY .. F_TLB_CONFLICT: a class of a level's misses. */
static struct cell
miss_class(const struct result *row, enum field f)
{
	const struct threec_level_counts *c = classes(row,
	    report_level_of(f));

	switch (f) {
	case F_L1_COMPULSORY:
	case F_L2_COMPULSORY:
	case F_LLC_COMPULSORY:
	case F_TLB_COMPULSORY:	return cell_integer(c->compulsory);
	case F_L1_CAPACITY:
	case F_L2_CAPACITY:
	case F_LLC_CAPACITY:
	case F_TLB_CAPACITY:	return cell_integer(c->capacity);
	default:		return cell_signed(c->conflict);
	}
}

/* A count of the CPU's own, absent where it has none to give. */
static struct cell
counted(const struct result *row, enum pmu_event event)
{
	if (!row->pmu.known[event])
		return cell_absent();
	return cell_integer(row->pmu.value[event]);
}

/* Where a row's figures come from ------------------------------------ */

/* Whether `row` measured what `source` gives. */
static bool
row_has(const struct result *row, enum field_source source)
{
	uint64_t n;

	switch (source) {
	case SRC_RUN:		return true;
	case SRC_HEAP_TIME:	return row->heap_cpu_known;
	case SRC_ARITY:		return layouts[row->layout]->has_arity;
	case SRC_ARENA_RSS:	return row->arena_rss_known;
	case SRC_PAGES:		return row->models.simulated;
	case SRC_PRICED:	return row->models.simulated && row->heap_cpu_known;
	case SRC_DIST:		return row->models.simulated && row->models.distributions;
	case SRC_L1:
	case SRC_L2:
	case SRC_LLC:
	case SRC_TLB:
		return report_level_misses(row, level_of_source(source), &n);
	case SRC_MEM_TIME:
		return row->models.simulated && hier_any_present(&row->models.hier);
	case SRC_LINES:		return row->models.simulated && row->models.line_known;
	case SRC_PMU:		return true;	/* event by event: counted() */
	case SRC_TIME:		return row->models.simulated && row->models.time.known;
	case SRC_3C_L1:
	case SRC_3C_L2:
	case SRC_3C_LLC:
	case SRC_3C_TLB:
		return classes(row, level_of_source(source)) != NULL;
	case SRC_COUNT:		break;
	}
	return false;
}

/* Whether config's run has the line curve: its model says. */
static bool
line_curve_runs(const struct config *config)
{
	const struct model_ops *lines = model_named(MODEL_LINE_CURVE);
	struct model_setup setup = config_model_setup(config);

	assert(lines != NULL);
	return lines->wanted(&setup);
}

/* Whether config's run, for `layout`, measures what `source` gives. */
static bool
config_has(const struct config *config, unsigned layout,
    enum field_source source)
{
	const struct cache_geometry *level = config->cache.level;
	bool paged = config->vm != VM_OFF;

	switch (source) {
	case SRC_RUN:
	case SRC_HEAP_TIME:
	case SRC_ARENA_RSS:	return true;
	case SRC_ARITY:		return layouts[layout]->has_arity;
	case SRC_PAGES:
	case SRC_PRICED:
	case SRC_DIST:		return paged;
	case SRC_L1:
	case SRC_L2:
	case SRC_LLC:
		return paged && level[level_of_source(source)].blocks != 0;
	case SRC_TLB:
		return paged && (level[HIER_TLB1].blocks != 0 ||
		    level[HIER_TLB2].blocks != 0);
	case SRC_MEM_TIME:	return paged && hier_any(&config->cache);
	case SRC_LINES:		return line_curve_runs(config);
	case SRC_PMU:		return config->pmu;
	case SRC_TIME:		return paged && config_times(config);
	case SRC_3C_L1:
	case SRC_3C_L2:
	case SRC_3C_LLC:
		return paged && config->three_c &&
		    level[level_of_source(source)].blocks != 0;
	case SRC_3C_TLB:
		return paged && config->three_c &&
		    (level[HIER_TLB1].blocks != 0 ||
		    level[HIER_TLB2].blocks != 0);
	case SRC_COUNT:		break;
	}
	return false;
}

/* Why a run of config does not measure what `source` gives. */
static const char *
source_missing(enum field_source source, const struct config *config)
{
	switch (source) {
	case SRC_ARITY:
		return "only the dary layout has an arity";
	case SRC_PMU:
		return "this machine gives no hardware counters";
	case SRC_L1:
	case SRC_L2:
	case SRC_LLC:
	case SRC_TLB:
	case SRC_MEM_TIME:
		if (config->vm != VM_OFF)
			return "that level of the caches or TLB is off "
			    "(--cache, --tlb)";
		break;
	case SRC_LINES:
		if (config->vm == VM_OFF)
			break;
		return config_line_bytes(config) == 0 ? "the first level of "
		    "the caches is off (--cache)" : "it comes from the line "
		    "curve, which runs with --resident all or a --sweep of "
		    "resident under LRU";
	case SRC_3C_L1:
	case SRC_3C_L2:
	case SRC_3C_LLC:
	case SRC_3C_TLB:
		if (config->vm == VM_OFF)
			break;
		return config->three_c ? "that level of the caches or TLB "
		    "is off (--cache, --tlb)" : "it comes from --three-c";
	default:
		break;
	}
	return config->vm == VM_OFF ? "it comes from the page model: not "
	    "with --vm off" : "it comes from --time-model, with a cache";
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
	case F_ARENA_RSS_KIB:	return cell_integer(row->arena_rss_kib);
	case F_HEAP_NS_PER_OP:
		return cell_time(result_heap_ns_per_op(row), 1);
	case F_DATA_KIB:	return cell_integer(row->statm.data);
	case F_CPU_S:		return seconds((double)row->cpu_ns / 1e9);
	case F_DISK_LATENCY_MS:
		return cell_real((double)config->disk_latency_ns / 1e6, 6);
	case F_ARITY:		return cell_integer(config->arity);
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

/* The fields the models give, where the row says they ran. */
static struct cell
model_value(enum field f, const struct result *row)
{
	const struct config *config = row->config;

	switch (f) {
	case F_RESIDENT_PAGES:	return cell_integer(config->resident_pages);
	case F_ACCESSES:	return cell_integer(row->models.sim.accesses);
	case F_SIM_FAULTS:	return cell_integer(row->models.sim.faults);
	case F_FAULTS_PER_OP:
		return cell_real(result_faults_per_op(row), 4);
	case F_MODELED_S:	return seconds(result_modeled_s(row));
	case F_PAGES_TOUCHED:	return cell_integer(row->models.sim.distinct);
	case F_FAULTS_MIN:	return cell_integer(row->models.sim.faults_per_op.min);
	case F_FAULTS_P50:
		return cell_integer(row->models.sim.faults_per_op.median);
	case F_FAULTS_P99:	return cell_integer(row->models.sim.faults_per_op.p99);
	case F_FAULTS_MAX:	return cell_integer(row->models.sim.faults_per_op.max);
	case F_PAGES_MIN:	return cell_integer(row->models.sim.pages_per_op.min);
	case F_PAGES_P50:
		return cell_integer(row->models.sim.pages_per_op.median);
	case F_PAGES_P99:	return cell_integer(row->models.sim.pages_per_op.p99);
	case F_PAGES_MAX:	return cell_integer(row->models.sim.pages_per_op.max);
	case F_HEAP_CPU_S:	return seconds((double)row->heap_cpu_ns / 1e9);
	case F_POLICY:		return cell_text(policy_names[config->policy]);
	case F_CACHE:		return geometry(row, false);
	case F_TLB:		return geometry(row, true);
	case F_L1_MISSES:
	case F_L2_MISSES:
	case F_LLC_MISSES:
	case F_TLB_MISSES:	return misses(row, report_level_of(f), false);
	case F_L1_PER_OP:
	case F_L2_PER_OP:
	case F_LLC_PER_OP:
	case F_TLB_PER_OP:	return misses(row, report_level_of(f), true);
	case F_MEM_NS_PER_OP:
		return cell_time(result_mem_ns_per_op(row), 1);
	case F_LINE_MISSES:	return line_misses(row, false);
	case F_LINE_PER_OP:	return line_misses(row, true);
	case F_MODEL_NS_PER_OP:
	case F_COMPUTE_NS_PER_OP:
	case F_STALL_L2_NS_PER_OP:
	case F_STALL_LLC_NS_PER_OP:
	case F_STALL_MEM_NS_PER_OP:
	case F_STALL_TLB_NS_PER_OP:
	case F_STEPS_PER_OP:
	case F_MISPREDICTS_PER_OP: return modeled_time(row, f);
	case F_L1_COMPULSORY:
	case F_L1_CAPACITY:
	case F_L1_CONFLICT:
	case F_L2_COMPULSORY:
	case F_L2_CAPACITY:
	case F_L2_CONFLICT:
	case F_LLC_COMPULSORY:
	case F_LLC_CAPACITY:
	case F_LLC_CONFLICT:
	case F_TLB_COMPULSORY:
	case F_TLB_CAPACITY:
	case F_TLB_CONFLICT:	return miss_class(row, f);
	default:
		return setting_value(f, row);
	}
}

struct cell
report_value(enum field f, const struct result *row)
{
	if (!row_has(row, field_info[f].source))
		return cell_absent();
	return model_value(f, row);
}

/* Which rows measure a field ----------------------------------------- */

bool
report_is_text(enum field f)
{
	return (field_info[f].flags & FIELD_TEXT) != 0;
}

bool
report_measured(enum field f, const struct config *config, unsigned layout)
{
	return config_has(config, layout, field_info[f].source);
}

const char *
report_unmeasured(enum field f, const struct config *config)
{
	return source_missing(field_info[f].source, config);
}
