/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * latcurve.c: the reading of a latency curve (latcurve.h).
 */
#include <assert.h>
#include <math.h>

#include "latcurve.h"

double
lat_curve_ns(const struct lat_curve *curve, uint64_t bytes)
{
	unsigned k;
	double at, from, to;

	assert(curve->points >= 1);
	if (bytes <= curve->bytes[0])
		return curve->ns[0];
	for (k = 1; k < curve->points; k++)
		if (bytes <= curve->bytes[k])
			break;
	if (k == curve->points)
		return curve->ns[k - 1];
	assert(curve->bytes[k - 1] < curve->bytes[k]);
	at = log2((double)bytes);
	from = log2((double)curve->bytes[k - 1]);
	to = log2((double)curve->bytes[k]);
	return curve->ns[k - 1] + (curve->ns[k] - curve->ns[k - 1]) *
	    (at - from) / (to - from);
}
