/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * config.h: one experiment, as the command line describes it, and the
 * names the command line accepts.
 */
#ifndef CONFIG_H
#define CONFIG_H

#include <stdbool.h>
#include <stdint.h>

#include "heap.h"
#include "model.h"

enum workload { WL_FILL, WL_REPLACE, WL_REORDER, WL_MIX, WL_DRAIN, WL_COUNT };
enum model { MODEL_ARRAY, MODEL_FULL };
enum vm_mode { VM_OFF, VM_SIM, VM_KERNEL, VM_DISK };
enum format { FORMAT_TABLE, FORMAT_CSV, FORMAT_JSON, FORMAT_MD };
/* --pipeline, --no-pipeline, or neither: auto. */
enum pipeline_mode { PIPELINE_AUTO, PIPELINE_ON, PIPELINE_OFF };
enum sweep { SWEEP_NONE, SWEEP_RESIDENT, SWEEP_ITEMS, SWEEP_PAGE_SIZE,
    SWEEP_POLICY };

/*
 * Limits ------------------------------------------------------------------
 *
 * A page holds at least CONFIG_MIN_ENTRIES array entries: Kamp's B-heap
 * needs 8 (two page roots, their two children, and a bottom row of 4).
 * The other bounds keep every product of them inside 64 bits: pages of
 * up to 1 GiB, items of up to 1 MiB, budgets of up to 64 TiB (2^46, the
 * largest heap the address space of x86-64 can hold), 2^40 operations.
 */
#define CONFIG_MIN_ENTRIES	8u
#define CONFIG_MAX_PAGE_BYTES	((uint64_t)1 << 30)
#define CONFIG_MAX_ITEM_BYTES	((uint64_t)1 << 20)
#define CONFIG_MAX_RESIDENT_BYTES ((uint64_t)1 << 46)
#define CONFIG_MAX_RESIDENT_PAGES ((uint64_t)UINT32_MAX)
#define CONFIG_MAX_OPS		((uint64_t)1 << 40)
/* A fault's modeled cost, at most an hour. */
#define CONFIG_MAX_DISK_LATENCY_NS ((uint64_t)3600 * 1000000000)

/*
 * Defaults ----------------------------------------------------------------
 *
 * Kamp's setting: a million items, one 4 KiB page per 512 pointers on
 * x86-64, 10 resident pages and a 1 ms disk, on the timer-expiry workload.
 */
#define CONFIG_DEFAULT_ITEMS		1000000u
#define CONFIG_DEFAULT_RESIDENT		10u
#define CONFIG_DEFAULT_PAGE_BYTES	4096u
#define CONFIG_DEFAULT_DISK_LATENCY_NS	1000000u
#define CONFIG_DEFAULT_SEED		1u

/* The phases --ops sizes: fill and drain take each item once. */
#define CONFIG_OPS_WORKLOADS	(1u << WL_REPLACE | 1u << WL_REORDER | \
	1u << WL_MIX)

extern const char *const workload_names[WL_COUNT];
extern const char *const model_names[];
extern const char *const vm_names[];
extern const char *const format_names[];
extern const char *const policy_names[];	/* enum policy, vmsim.h */
extern const char *const serialize_names[];	/* enum heap_serialize */

/* How a run is reported: outputs.h owns the files. */
struct report_setting {
	enum format	format;
	const char	*output;	/* NULL: stdout */
	const char	*trace;		/* NULL: no trace */
	const char	*columns;	/* the table's (--columns), or NULL */
};

/* What the points of an invocation vary (plan.h), if anything. */
struct sweep_setting {
	enum sweep	param;		/* what --sweep varies */
	bool		resident_all;	/* a point of --resident all */
	unsigned	policies;	/* bit p: the run has policy p's points */
};

/*
 * One experiment, as the command line describes it: what to simulate,
 * then the sweep it belongs to and how it is reported.
 */
struct config {
	uint64_t	items;
	uint64_t	ops;		/* per CONFIG_OPS_WORKLOADS phase */
	unsigned	layouts;	/* bit i: layouts[i] */
	unsigned	workloads;	/* bit w: enum workload w */
	enum model	model;
	uint64_t	resident_pages;
	uint64_t	page_bytes;
	unsigned	arity;		/* d of the dary layout */
	uint64_t	item_bytes;	/* stride of the item arena */
	uint64_t	disk_latency_ns;
	enum vm_mode	vm;
	const char	*vm_dir;	/* where --vm disk puts its file */
	uint64_t	seed;
	enum policy	policy;		/* this point's replacement policy */
	/* The caches and TLB of --vm sim (hier.h); none: --cache off. */
	struct hier_geometry cache;
	struct hier_latency latency;	/* the modeled in-memory time's */
	/* --latency-curve: the time model's lat(D); no points: none. */
	struct lat_curve latency_curve;
	/* --walk-curve: its walks by pages' reuse distance; or none. */
	struct lat_curve walk_curve;
	/* --serialize: the untracked heap's fences, the time model's too. */
	enum heap_serialize serialize;
	/* --rob: the time model's reorder buffer, in instructions. */
	unsigned	rob;
	enum predict_kind predictor;	/* --predictor: the time model's */
	/*
	 * --time-model: the time model (timemodel.h) and its calibration
	 * run beside the caches.  Asked for, not by default: its caches of
	 * their own see every slot and item, and cost twice what the
	 * report's do (issue 23).
	 */
	bool		time_model;
	/*
	 * Whether a tracked run's models take its stream on a thread of
	 * their own (pipeline.h): --pipeline, --no-pipeline, or neither,
	 * which plan.c makes one of them.
	 */
	enum pipeline_mode pipeline;
	/*
	 * Whether each of a pipeline's two threads has a processor of its
	 * own: the processors are at least the threads of the tracked runs
	 * side by side, two a run (plan.c).  A thread that waits for the
	 * other then spins first, and the models are balanced between the
	 * two (stream_pipe()).
	 */
	bool		pipeline_own_cpus;
	bool		pmu;		/* untracked runs read the CPU's counters */
	/*
	 * --three-c: the caches' and TLB's misses classified as
	 * compulsory, capacity and conflict (threec.h), at the cost of
	 * caches and a stack of their own per level.
	 */
	bool		three_c;
	/*
	 * explain --html's: the run's last phase recorded access by access
	 * (recording.h), or NULL.  No option sets it.
	 */
	struct recording *recording;
	struct sweep_setting sweep;
	struct report_setting report;
};

/*
 * Memory an experiment maps, in bytes and in modeled pages: the array of
 * the config's largest layout (veb reserves its whole complete tree,
 * heap.h's heap_slots()), so a run of one layout gives a config of that
 * layout alone.
 */
struct footprint {
	uint64_t	array_bytes;
	uint64_t	item_bytes;
	uint64_t	array_pages;
	uint64_t	item_pages;
	uint64_t	tracked_pages;	/* what the model's budget can cover */
};

void		config_defaults(struct config *);
/* The layouts a run without --layout runs: all but the named_only. */
unsigned	config_default_layouts(void);
/* The first policy of a list: the one the points have until expanded. */
enum policy	config_first_policy(unsigned policies);
/* Whether two configs run the same heaps, whatever their budgets. */
bool		config_same_but_budget(const struct config *,
		    const struct config *);
struct footprint config_footprint(const struct config *);
unsigned	config_entries_per_page(const struct config *);
unsigned	config_page_shift(const struct config *);
/* What the layouts need to know: page geometry and the d-ary heap's d. */
struct shape	config_shape(const struct config *);
/* The page ids of this config's arenas; items_base is left NULL. */
struct page_map	config_page_map(const struct config *);
/*
 * The line of the line curve: that of the first cache level, or 0 when
 * there is none (the curve's lines are curve_model.c's).
 */
uint32_t	config_line_bytes(const struct config *);
/* Whether the time model runs: asked for, with the caches it prices. */
bool		config_times(const struct config *);
/*
 * Whether a tracked run's heap reports its items' accesses: --model full
 * counts them, and the time model loads them as the CPU does.
 */
bool		config_reports_items(const struct config *);
/* The caches' bookkeeping in bytes: the report's and the time model's. */
uint64_t	config_cache_bytes(const struct config *);
/* The format a file name's suffix (.csv, .json, .md) asks for. */
enum format	config_format_of_path(const char *path, enum format fallback);
/* What the registry's models (model.h) are asked by a run of config. */
struct model_setup config_model_setup(const struct config *);
/* log2 of a power of two. */
unsigned	log2_exact(uint64_t);

#endif
