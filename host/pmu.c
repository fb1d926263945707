/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * pmu.c: the CPU's own counters over a measured span, through
 * perf_event_open(2).
 */
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/types.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "pmu.h"

/* A generic cache event's config for read misses (perf_event_open(2)). */
#define READ_MISSES(cache) \
	((uint64_t)(cache) | \
	    (uint64_t)PERF_COUNT_HW_CACHE_OP_READ << 8 | \
	    (uint64_t)PERF_COUNT_HW_CACHE_RESULT_MISS << 16)

const char *const pmu_event_names[PMU_EVENTS] = {
	[PMU_CYCLES] = "cycles", [PMU_INSTRUCTIONS] = "instructions",
	[PMU_L1D_MISSES] = "l1d_misses", [PMU_LLC_MISSES] = "llc_misses",
	[PMU_DTLB_MISSES] = "dtlb_misses",
};

const struct pmu_event_code pmu_event_codes[PMU_EVENTS] = {
	[PMU_CYCLES] = { PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES },
	[PMU_INSTRUCTIONS] = { PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS },
	[PMU_L1D_MISSES] = { PERF_TYPE_HW_CACHE,
	    READ_MISSES(PERF_COUNT_HW_CACHE_L1D) },
	[PMU_LLC_MISSES] = { PERF_TYPE_HW_CACHE,
	    READ_MISSES(PERF_COUNT_HW_CACHE_LL) },
	[PMU_DTLB_MISSES] = { PERF_TYPE_HW_CACHE,
	    READ_MISSES(PERF_COUNT_HW_CACHE_DTLB) },
};

/*
 * Why perf_event_open(2) refused the cycles counter, by its errno (its
 * ERRORS section); the phrases name the usual cause.
 */
static const struct {
	int		errnum;
	const char	*why;
} refusals[] = {
	{ ENOENT, "no hardware counters "
	    "(perf_event_open: No such file or directory)" },
	{ ENODEV, "no hardware counters (perf_event_open: No such device)" },
	{ EOPNOTSUPP, "no hardware counters "
	    "(perf_event_open: Operation not supported)" },
	{ EACCES, "perf_event_paranoid forbids it" },
	{ EPERM, "perf_event_paranoid or a seccomp filter forbids it" },
	{ ENOSYS, "this kernel has no perf_event_open" },
	{ EBUSY, "another program has the counters to itself" },
	{ EMFILE, "too many open files" },
};

static const char *
refusal(int errnum)
{
	size_t i;

	for (i = 0; i < sizeof(refusals) / sizeof(refusals[0]); i++)
		if (refusals[i].errnum == errnum)
			return refusals[i].why;
	return "perf_event_open refuses a cycles counter";
}

/*
 * A disabled counter of the calling thread's user-mode events; -1 with
 * errno set if the kernel refuses it.  glibc has no wrapper for the
 * call.  Close-on-exec: a program this one starts has no use for it.
 */
static int
counter_open(const struct pmu_event_code *code)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = code->type;
	attr.config = code->config;
	attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
	    PERF_FORMAT_TOTAL_TIME_RUNNING;
	attr.disabled = 1;
	attr.exclude_kernel = 1;
	attr.exclude_hv = 1;
	return (int)syscall(SYS_perf_event_open, &attr, (pid_t)0, -1, -1,
	    (unsigned long)PERF_FLAG_FD_CLOEXEC);
}

static bool
counter_read(int fd, struct pmu_reading *reading)
{
	return read(fd, reading, sizeof(*reading)) == (ssize_t)sizeof(*reading);
}

/*
 * The span's count, scaled as perf stat scales: by time enabled over
 * time running.  False if the counter never ran in the span.
 */
static bool
span_count(const struct pmu_reading *start, const struct pmu_reading *end,
    uint64_t *count)
{
	uint64_t value = end->value - start->value;
	uint64_t enabled = end->time_enabled - start->time_enabled;
	uint64_t running = end->time_running - start->time_running;

	if (running == 0)
		return false;
	/* value * enabled can pass 2^64; the ratio is what counts. */
	*count = running == enabled ? value :
	    (uint64_t)((long double)value * enabled / running);
	return true;
}

bool
pmu_available(const char **why)
{
	int fd = counter_open(&pmu_event_codes[PMU_CYCLES]);

	if (fd < 0) {
		*why = refusal(errno);
		return false;
	}
	close(fd);
	return true;
}

bool
pmu_note(char note[PMU_NOTE_BYTES])
{
	const char *why;

	note[0] = '\0';
	if (pmu_available(&why))
		return false;
	snprintf(note, PMU_NOTE_BYTES, "%s: the report's pmu_ fields stay "
	    "empty", why);
	return true;
}

void
pmu_open_codes(struct pmu *pmu, const struct pmu_event_code codes[PMU_EVENTS])
{
	unsigned e;

	for (e = 0; e < PMU_EVENTS; e++)
		pmu->fd[e] = counter_open(&codes[e]);
}

void
pmu_open(struct pmu *pmu)
{
	pmu_open_codes(pmu, pmu_event_codes);
}

/* A counter that cannot be read is closed: unknown from then on. */
void
pmu_start(struct pmu *pmu)
{
	unsigned e;

	for (e = 0; e < PMU_EVENTS; e++)
		if (pmu->fd[e] >= 0 &&
		    !counter_read(pmu->fd[e], &pmu->at_start[e])) {
			close(pmu->fd[e]);
			pmu->fd[e] = -1;
		}
	/* All read before any counts, so none counts the others' reads. */
	for (e = 0; e < PMU_EVENTS; e++)
		if (pmu->fd[e] >= 0)
			ioctl(pmu->fd[e], PERF_EVENT_IOC_ENABLE, 0);
}

void
pmu_stop(struct pmu *pmu, struct pmu_counts *counts)
{
	struct pmu_reading end;
	unsigned e;

	for (e = 0; e < PMU_EVENTS; e++)
		if (pmu->fd[e] >= 0)
			ioctl(pmu->fd[e], PERF_EVENT_IOC_DISABLE, 0);
	for (e = 0; e < PMU_EVENTS; e++) {
		counts->value[e] = 0;
		counts->known[e] = pmu->fd[e] >= 0 &&
		    counter_read(pmu->fd[e], &end) &&
		    span_count(&pmu->at_start[e], &end, &counts->value[e]);
	}
}

void
pmu_close(struct pmu *pmu)
{
	unsigned e;

	for (e = 0; e < PMU_EVENTS; e++)
		if (pmu->fd[e] >= 0) {
			close(pmu->fd[e]);
			pmu->fd[e] = -1;
		}
}
