/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * request.h: the options as parsed, before they are checked against each
 * other (plan.h checks them, point.h one point at a time), and the room
 * a refusal's reason takes.
 */
#ifndef REQUEST_H
#define REQUEST_H

#include <stdbool.h>
#include <stdint.h>

#include "config.h"
#include "model.h"

/*
 * The teaching figure's name for --plot-y: every layout's page faults
 * and cache-line misses per operation (faults_per_op and
 * line_misses_per_op) against the memory that holds them, a resident
 * sweep's resident memory, on one log-log chart.
 */
#define PLOT_MISSES	"misses"

/*
 * Charts one invocation draws, each a --plot with its --plot-y: a few
 * views of one sweep (make reproduce draws Kamp's modeled time and the
 * misses of the same runs), so that no view runs the sweep again.
 */
#define PLOT_MAX	4

/* The reason a check gives: one line, without the program's name. */
#define PLAN_WHY_BYTES	512

/* Options as parsed, not yet checked against each other. */
struct plan_request {
	struct config	 config;	/* every option with a config field */
	const char	*resident;	/* --resident as written; NULL: default */
	bool		 resident_all;	/* --resident all: every budget */
	uint64_t	 resident_value;	/* pages, or bytes */
	bool		 resident_bytes;
	const char	*items;		/* --items as written, or NULL */
	const char	*ops;		/* --ops as written, or NULL */
	const char	*arity;		/* --arity as written, or NULL */
	const char	*page_size;	/* --page-size as written, or NULL */
	const char	*disk_latency;	/* --disk-latency as written, or NULL */
	const char	*sweep;		/* --sweep as written, or NULL */
	/* Each --plot, in the order given. */
	const char	*plot[PLOT_MAX];
	unsigned	 nplots;
	/* Each --plot-y in order: the field it names, or PLOT_MISSES. */
	const char	*plot_y[PLOT_MAX];
	const char	*plot_y_text[PLOT_MAX];	/* as written */
	unsigned	 nplot_ys;
	/*
	 * Whether a run of config can plot a field: the report's answer
	 * (report_plottable()), which the command line passes down.
	 */
	int		(*plottable)(const struct config *, const char *field,
			    char *why, size_t why_size);
	const char	*columns;	/* --columns as written, or NULL */
	bool		 format_given;
	bool		 policy_given;	/* --policy: config.sweep.policies is set */
	bool		 hierarchy_given; /* --cache, --tlb or --latency */
	/* Per cost (enum hier_cost), the --latency that named it, or NULL. */
	const char	*latency[HIER_COSTS];
	/* The machine's hierarchy, before --cache and --tlb changed it. */
	struct hier_geometry machine;
	bool		 force;
	bool		 dry_run;	/* --dry-run: say what it needs, run nothing */
	unsigned	 jobs;		/* --jobs; 0: not given */
	/* The processors this process may use: --jobs's default. */
	unsigned	 processors;
	unsigned	 shard;		/* --shard I/N: this is I of N; 0: all */
	unsigned	 shards;
};

#endif
