/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * predict.c: two-bit counters per branch site (predict.h).
 */
#include <assert.h>
#include <string.h>

#include "predict.h"

void
predict_init(struct predictor *p)
{
	memset(p->compare, 1, sizeof(p->compare));
	memset(p->end, 1, sizeof(p->end));
}

static void
count(uint8_t *counter, bool taken)
{
	if (taken && *counter < 3)
		++*counter;
	else if (!taken && *counter > 0)
		--*counter;
}

struct prediction
predict(const struct predictor *p, enum stream_site site, unsigned children)
{
	struct prediction guess = { 0, p->end[site] >= 2 };
	unsigned c;

	assert(site != STREAM_SITE_NONE && children >= 1 &&
	    children <= PREDICT_COMPARISONS);
	if (site == STREAM_SITE_DOWN)
		for (c = 1; c < children; c++)
			if (p->compare[c] >= 2)
				guess.rank = c;
	return guess;
}

bool
predict_learn(struct predictor *p, enum stream_site site, unsigned children,
    struct prediction actual)
{
	struct prediction guess = predict(p, site, children);
	unsigned c;

	assert(actual.rank < children);
	if (site == STREAM_SITE_DOWN)
		for (c = 1; c < children; c++)
			count(&p->compare[c], c == actual.rank);
	count(&p->end[site], actual.ended);
	return guess.rank != actual.rank || guess.ended != actual.ended;
}
