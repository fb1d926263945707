/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * result.h: one measured phase of one layout, a row of every report, and
 * the figures derived from it.
 */
#ifndef RESULT_H
#define RESULT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "kernel.h"
#include "model.h"
#include "pmu.h"

/* One measured phase: a row of the report. */
struct result {
	const struct config *config;	/* what ran */
	size_t		point;		/* config's place in its pass (plan.h) */
	unsigned	layout;		/* index into layouts[] */
	enum workload	workload;
	uint64_t	ops;		/* operations in this phase */
	uint64_t	minflt;		/* kernel's, during the phase */
	uint64_t	majflt;
	uint64_t	maxrss_kib;	/* at the end of the phase */
	uint64_t	cpu_ns;
	uint64_t	wall_ns;
	/*
	 * The CPU time of the same phase run untracked (--vm off) in the
	 * same invocation: the heap's own cost, without the model's.
	 */
	uint64_t	heap_cpu_ns;
	bool		heap_cpu_known;	/* false if that run was stopped */
	/*
	 * The models' figures at the point's budget, a block each with the
	 * flag its model sets (model.h); none with --vm off.
	 */
	struct model_results models;
	/*
	 * What the CPU counted in the measured phase of the untracked run
	 * (the row's own with --vm off): every event unknown without a PMU.
	 */
	struct pmu_counts pmu;
	struct statm_kib statm;		/* at the end of the phase */
	/*
	 * The heap's own arenas at the end of the phase, mapped and in
	 * memory: what the layout and the ABI decide, without the process
	 * around them, so the same in every run.
	 */
	uint64_t	arena_kib;
	uint64_t	arena_rss_kib;
	bool		arena_rss_known;	/* no /proc/self/pagemap: false */
};

/* total / ops, or 0 for a phase of no operations. */
double	result_per_op(const struct result *, uint64_t total);
double	result_faults_per_op(const struct result *);
/* The tracked run's wall time per operation: the simulator's time. */
double	result_ns_per_op(const struct result *);
/* The heap's own CPU time per operation, of the untracked run. */
double	result_heap_ns_per_op(const struct result *);
/*
 * Kamp's runtime model: the heap's own CPU time for the phase (measured
 * untracked, heap_cpu_ns) plus one disk latency per modeled fault, in
 * seconds.
 */
double	result_modeled_s(const struct result *);
/* The caches' and TLB's modeled in-memory time per operation (hier.h). */
double	result_mem_ns_per_op(const struct result *);
/*
 * The time model's (timemodel.h), per operation: the computing, one
 * part's stalls, and model_ns_per_op, their sum with the modeled
 * faults at --disk-latency, as modeled_s prices them.
 */
double	result_compute_ns_per_op(const struct result *);
double	result_stall_ns_per_op(const struct result *, enum time_part);
double	result_model_ns_per_op(const struct result *);

#endif
