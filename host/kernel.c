/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * kernel.c: the kernel's own figures for this process, read around each
 * measured phase.
 */
#include <sys/resource.h>

#include <errno.h>
#include <stdio.h>
#include <unistd.h>

#include "kernel.h"

/* Parameters -------------------------------------------------------- */

#define STATM_PATH "/proc/self/statm"

static uint64_t
timeval_ns(struct timeval tv)
{
	return (uint64_t)tv.tv_sec * 1000000000u + (uint64_t)tv.tv_usec * 1000u;
}

void
kernel_sample(struct kernel_sample *sample)
{
	struct rusage ru;

	/* RUSAGE_SELF cannot fail with a valid pointer. */
	getrusage(RUSAGE_SELF, &ru);
	sample->minflt = (uint64_t)ru.ru_minflt;
	sample->majflt = (uint64_t)ru.ru_majflt;
	sample->maxrss_kib = (uint64_t)ru.ru_maxrss;	/* KiB on Linux */
	sample->cpu_ns = timeval_ns(ru.ru_utime) + timeval_ns(ru.ru_stime);
}

/* Returns 0, or -1 with errno set where /proc is not mounted. */
int
kernel_statm(struct statm_kib *statm)
{
	unsigned long long size, resident, shared, text, lib, data;
	uint64_t page_kib = (uint64_t)sysconf(_SC_PAGESIZE) / 1024;
	FILE *f;
	int n;

	f = fopen(STATM_PATH, "r");
	if (f == NULL)
		return -1;
	n = fscanf(f, "%llu %llu %llu %llu %llu %llu", &size, &resident,
	    &shared, &text, &lib, &data);
	fclose(f);
	if (n != 6) {
		errno = EIO;
		return -1;
	}
	statm->vsz = size * page_kib;
	statm->rss = resident * page_kib;
	statm->data = data * page_kib;
	return 0;
}
