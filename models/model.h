/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * model.h: what a model of the heap's access stream is to the run, as
 * the kernel's struct file_operations is to a file system: a table of
 * operations the run calls without knowing the model behind them.  The
 * registry, model_registry[], lists every model so written; the run
 * creates those a configuration wants, subscribes them to the stream
 * (stream.h), opens and closes their phases and collects what each
 * publishes into its own block of a row.
 *
 * A new model is a file that defines its struct model_ops (the caches'
 * are in hier_model.c, over hier.c, which knows nothing of the run),
 * one line of the registry (registry.c), its fields in report_field.h, its
 * options in the command line's table, its docs and its tests.
 *
 * Above models/, this header is the models' whole face: the run, the
 * report and the command line include it, never a model's own header,
 * and find here the models' types and limits that they pass on (a cache
 * geometry, a policy, a stack's most budgets).
 */
#ifndef MODEL_H
#define MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cache.h"
#include "counted.h"
#include "hier.h"
#include "pages.h"
#include "recording.h"
#include "stackdist.h"
#include "threec.h"
#include "timemodel.h"
#include "vmsim.h"

/*
 * What a run asks of its models, in the models' own terms.  Modeled
 * addresses (pages.h) run from the heap array's first byte up to
 * array_end, then over the item arena's pages up to arena_end: an item
 * is item_stride bytes, of which the heap writes the first.
 */
struct model_setup {
	bool		items_counted;	/* --model full: items' accesses too */
	/*
	 * The page models: none with --vm off.  One budget of one policy
	 * (vmsim.h), or for a pass of several budgets, or --resident all,
	 * the LRU curve of every budget (stackdist.h), which keeps the
	 * per-operation distributions of the listed budgets (rising).
	 */
	bool		paged;
	bool		curve;
	struct page_map	pages;		/* pages.h; items_base unset */
	uint32_t	array_pages;
	uint32_t	item_pages;	/* tracked: 0 unless items_counted */
	uint32_t	page_bytes;
	uint32_t	budget;
	enum policy	policy;
	/* With --vm kernel or disk: told of each eviction, to make it real. */
	void		(*evict)(void *context, uint32_t page);
	void		*evict_context;
	const uint32_t	*budgets;
	unsigned	nbudgets;
	/* With the curve, the line curve's line (the first cache's), or 0. */
	uint32_t	line_bytes;
	/* The most accesses a phase makes: the estimates' (need.c), or 0. */
	uint64_t	accesses;
	/* The caches and TLB, hier_for_page()'s; every level 0: none. */
	struct hier_geometry cache;
	struct hier_latency latency;	/* --latency's */
	uint64_t	array_bytes;	/* the array's mapping */
	uint64_t	item_bytes;	/* the item arena's mapping */
	uint64_t	array_end;	/* whole modeled pages */
	uint64_t	arena_end;
	uint64_t	items;
	uint64_t	item_stride;
	bool		time_model;	/* --time-model */
	struct lat_curve latency_curve;	/* --latency-curve's, or none */
	struct lat_curve walk_curve;	/* --walk-curve's, or none */
	enum heap_serialize serialize;	/* --serialize's */
	unsigned	rob;		/* --rob's */
	enum predict_kind predictor;	/* --predictor's */
	/*
	 * The layout whose stream the models take (NULL where the config
	 * runs several: --dry-run's estimate) and its shape, heap_init()'s:
	 * the time model follows the wrong path of a mispredicted level.
	 */
	const struct layout *layout;
	struct shape	shape;
	bool		three_c;	/* --three-c */
	/* explain --html's: the recorder (recording.h) fills it; or NULL. */
	struct recording *recording;
};

/* What the registered models publish for a phase: a block each. */
struct model_results {
	bool		simulated;	/* set by a page model */
	struct vmsim_counts sim;
	bool		distributions;	/* sim's per-operation ones kept */
	/*
	 * The misses of a fully associative LRU cache of the first cache
	 * level's lines, as large as the budget: set by the line curve.
	 */
	uint64_t	line_misses;
	bool		line_known;
	struct hier_counts hier;	/* present[]: set by the caches' model */
	struct time_counts time;	/* known: set by the time model */
	struct threec_counts three_c;
	bool		three_c_known;	/* set by the three-C model alone */
};

struct model_ops {
	const char	*name;
	/* Whether a run of this setup runs the model. */
	bool		(*wanted)(const struct model_setup *);
	/* The most bytes the model keeps (--dry-run's estimate). */
	uint64_t	(*bytes)(const struct model_setup *);
	/* NULL with errno set if it cannot be made. */
	void		*(*create)(const struct model_setup *);
	/* A batch of the stream's records (stream.h), markers and all. */
	void		(*take)(void *, const uint64_t *records, size_t n);
	/*
	 * The same batch filtered (counted.h), once a thread for every
	 * model that has this, which the stream then calls instead of take;
	 * or NULL.
	 */
	void		(*take_counted)(void *, const struct counted *);
	/*
	 * Counters to zero: a phase begins; with a trace, the model writes
	 * there the state it starts the phase in (--trace's format).
	 * Returns 0, or -1 with errno set.
	 */
	int		(*phase)(void *, FILE *trace);
	/*
	 * The phase is over (the stream flushed): 0, or -1 with errno set
	 * (opt replays its phase here).
	 */
	int		(*phase_end)(void *);
	/* The phase's figures at one of the pass's budgets. */
	void		(*publish)(const void *, uint32_t budget,
			    struct model_results *);
	void		(*destroy)(void *);
};

/*
 * The end of the addresses a model sees: the heap array's alone, or with
 * `items` the item arena's too.
 */
uint64_t	model_address_limit(const struct model_setup *, bool items);
/*
 * The distinct blocks of `line` bytes the heap touches below that limit:
 * its array, and with `items` each item's first bytes (items of a line
 * or more: a line each).  With `span`, instead the lines a table of an
 * 8-byte entry per line spans from each touched line to the next, up to
 * a system page of them: what such a table makes resident.
 */
uint64_t	model_lines_touched(const struct model_setup *, uint64_t line,
		    bool items, bool span);
/*
 * The bytes a hierarchy of `g` keeps touched, its addresses below
 * model_address_limit(setup, items): a cache larger than what it can
 * hold keeps its tags allocated but untouched (cache.h).
 */
uint64_t	model_caches_touched(const struct model_setup *,
		    const struct hier_geometry *g, bool items);

/* The registered model of that name (model_ops' name), or NULL. */
const struct model_ops *model_named(const char *);
/* The line curve's name, which the report asks whether it runs. */
#define MODEL_LINE_CURVE	"line stack-distance"
/* The models' phase_end for those that cannot fail. */
int		model_phase_end_nothing(void *);

/* Every model, NULL-terminated; MODEL_REGISTERED of them. */
#define MODEL_REGISTERED	7
extern const struct model_ops *const model_registry[];

#endif
