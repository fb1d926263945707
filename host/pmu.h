/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * pmu.h: what the CPU saw: its own counts of cycles, instructions and
 * data cache and TLB read misses over one measured span, from the
 * performance monitoring unit through perf_event_open(2), to put beside
 * the model's figures.
 *
 * Each event has a counter of its own, opened with pid 0 and cpu -1:
 * the thread that opens it, on any CPU ("the calling process/thread",
 * perf_event_open(2)); children and other threads are not counted, so
 * open, start and stop in the thread that runs the span.  Only user mode
 * is counted (exclude_kernel, exclude_hv): the heap's own accesses, not
 * the kernel's work for them, and what perf_event_paranoid 2, the
 * default since Linux 4.6, lets an unprivileged process count.
 *
 * Nothing here fails.  An event the kernel refuses (a VM without a PMU,
 * a CPU without that generic event, perf_event_paranoid, a seccomp
 * filter) is unknown in every span; pmu_available() says why, once.
 */
#ifndef PMU_H
#define PMU_H

#include <stdbool.h>
#include <stdint.h>

enum pmu_event { PMU_CYCLES, PMU_INSTRUCTIONS, PMU_L1D_MISSES,
    PMU_LLC_MISSES, PMU_DTLB_MISSES, PMU_EVENTS };

/* "cycles", "instructions", "l1d_misses", "llc_misses", "dtlb_misses". */
extern const char *const pmu_event_names[PMU_EVENTS];

/*
 * An event as perf_event_attr names it: PERF_TYPE_HARDWARE with a
 * PERF_COUNT_HW_* config, or PERF_TYPE_HW_CACHE with cache id | op << 8
 * | result << 16 (perf_event_open(2)); the misses are read misses.
 */
struct pmu_event_code {
	uint32_t	type;
	uint64_t	config;
};

/* What pmu_open() counts in each slot. */
extern const struct pmu_event_code pmu_event_codes[PMU_EVENTS];

/* A span's figures; value is 0 where known is false. */
struct pmu_counts {
	uint64_t	value[PMU_EVENTS];
	bool		known[PMU_EVENTS];
};

/*
 * One read(2) of a counter opened with read_format
 * PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING.
 */
struct pmu_reading {
	uint64_t	value;
	uint64_t	time_enabled;	/* ns it was enabled */
	uint64_t	time_running;	/* ns of those it was on the PMU */
};

/* The counters; at_start is pmu.c's business. */
struct pmu {
	int		fd[PMU_EVENTS];		/* -1: not opened */
	struct pmu_reading at_start[PMU_EVENTS];
};

/*
 * Whether this machine lets a process count its own hardware events: a
 * cycles counter opens.  If not, *why gets a short static phrase, such
 * as "no hardware counters (perf_event_open: No such file or directory)"
 * or "perf_event_paranoid forbids it".  Opens and closes that counter.
 */
bool	pmu_available(const char **why);

/*
 * The one line a run says on stderr where pmu_available() is false,
 * without the program's name: why, and that the report's pmu_ fields
 * stay empty, written into `note`.  Returns false, with note empty,
 * where the counters are available.
 */
#define PMU_NOTE_BYTES	160
bool	pmu_note(char note[PMU_NOTE_BYTES]);

/* Opens every event it can, disabled; an event it cannot is unknown. */
void	pmu_open(struct pmu *);

/*
 * Starts a span: reads every counter, then enables it.  A span is the
 * difference of two readings, not a read after PERF_EVENT_IOC_RESET:
 * that resets the count but not time_enabled and time_running
 * (perf_event_open(2)), which a second span would then scale by.
 */
void	pmu_start(struct pmu *);

/*
 * Ends the span: disables every counter and reads it.  Where the kernel
 * multiplexed counters on too few hardware ones, the count is scaled by
 * the span's time enabled over its time running, as perf stat does; an
 * event that never ran in the span, or was not opened, is unknown.
 */
void	pmu_stop(struct pmu *, struct pmu_counts *);

void	pmu_close(struct pmu *);

/*
 * For tests: pmu_open() with other events in the slots, such as
 * software events, which count where no PMU does.
 */
void	pmu_open_codes(struct pmu *,
	    const struct pmu_event_code codes[PMU_EVENTS]);

#endif
