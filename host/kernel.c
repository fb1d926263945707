/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * kernel.c: the kernel's own figures for this process, read around each
 * measured phase.
 */
#include <sys/resource.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "kernel.h"

/* Parameters -------------------------------------------------------- */

#define STATM_PATH "/proc/self/statm"
#define PAGEMAP_PATH "/proc/self/pagemap"
#define PAGEMAP_PRESENT	(1ull << 63)	/* an entry's bit: page in memory */
#define PAGEMAP_BATCH	512		/* entries read at once: 4 KiB */

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

int
kernel_resident_bytes(const void *base, size_t bytes, uint64_t *resident)
{
	uint64_t entry[PAGEMAP_BATCH];
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t first = (uintptr_t)base / page, pages = bytes / page, done, n, i;
	ssize_t got;
	int fd;

	*resident = 0;
	if (pages == 0)
		return 0;
	fd = open(PAGEMAP_PATH, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	for (done = 0; done < pages; done += n) {
		n = pages - done < PAGEMAP_BATCH ? pages - done : PAGEMAP_BATCH;
		got = pread(fd, entry, n * sizeof(entry[0]),
		    (off_t)((first + done) * sizeof(entry[0])));
		if (got != (ssize_t)(n * sizeof(entry[0]))) {
			int saved = got < 0 ? errno : EIO;

			close(fd);
			errno = saved;
			return -1;
		}
		for (i = 0; i < n; i++)
			*resident += entry[i] & PAGEMAP_PRESENT ? page : 0;
	}
	close(fd);
	return 0;
}
