/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * kernel.h: what the kernel saw of this process: getrusage(2) and
 * /proc/self/statm, the figures a report puts beside the model's.
 */
#ifndef KERNEL_H
#define KERNEL_H

#include <stddef.h>
#include <stdint.h>

struct kernel_sample {
	uint64_t	minflt;
	uint64_t	majflt;
	uint64_t	maxrss_kib;
	uint64_t	cpu_ns;		/* user + system */
};

struct statm_kib {
	uint64_t	vsz;
	uint64_t	rss;
	uint64_t	data;
};

void		 kernel_sample(struct kernel_sample *);
int		 kernel_statm(struct statm_kib *);
/*
 * The bytes of [base, base + bytes) that this process has in memory now,
 * as its RSS counts them (present in its page tables, from
 * /proc/self/pagemap): a page evicted by --vm kernel is out of it even
 * while its file keeps it.  Returns 0, or -1 with errno set where /proc
 * is not mounted.
 */
int		 kernel_resident_bytes(const void *base, size_t bytes,
		    uint64_t *resident);

#endif
