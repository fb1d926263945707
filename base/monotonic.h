/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * monotonic.h: the monotonic clock in nanoseconds, for the phases'
 * wall time, the progress line and the pipeline's spin alike.
 */
#ifndef MONOTONIC_H
#define MONOTONIC_H

#include <stdint.h>
#include <time.h>

static inline uint64_t
monotonic_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

#endif
