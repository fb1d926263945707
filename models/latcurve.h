/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * latcurve.h: a load's latency as a function of its reuse distance, the
 * distinct bytes touched since its line's last touch (issue 40): a curve
 * measured on the host by pointer chases over sets of 2^k bytes
 * (tools/latency.c --curve), which --latency-curve gives the time model
 * in place of the caches' fixed geometry.  A chase over S bytes touches
 * S bytes between two touches of a line, so its time per load is lat(S);
 * between the points, the latency is linear in log2 of the size, and
 * beyond the ends, the end's.
 */
#ifndef LATCURVE_H
#define LATCURVE_H

#include <stdint.h>

/*
 * Points of a curve: 16 KiB to 512 MiB is 16.  Every point of a sweep
 * carries its config's curves, so they are kept small: a --resident all
 * sweep of 64-byte pages has thousands of points.
 */
#define LAT_CURVE_POINTS	24u

struct lat_curve {
	unsigned	points;			/* 0: no curve */
	uint64_t	bytes[LAT_CURVE_POINTS];	/* strictly rising */
	double		ns[LAT_CURVE_POINTS];
};

/* The latency of a load whose line was last touched `bytes` ago. */
double	lat_curve_ns(const struct lat_curve *, uint64_t bytes);

#endif
