/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * predict.c: two-bit counters per branch site, or gshare (predict.h).
 */
#include <assert.h>
#include <string.h>

#include "predict.h"

const char *const predict_names[] = { "counters", "gshare", NULL };

/* Branch numbers: comparison c is c, a site's loop end after them. */
#define END_BRANCH(site)	(PREDICT_COMPARISONS + (unsigned)(site))

void
predict_init(struct predictor *p, enum predict_kind kind)
{
	memset(p->table, 1, sizeof(p->table));
	p->kind = kind;
	p->history = 0;
}

/* Branch b's counter after the outcomes `history`. */
static unsigned
counter_of(const struct predictor *p, unsigned b, uint32_t history)
{
	if (p->kind == PREDICT_COUNTERS)
		return b;
	return (b * 61u ^ history) & (PREDICT_ENTRIES - 1);
}

static uint32_t
shift(uint32_t history, bool taken)
{
	return (history << 1 | taken) & (PREDICT_ENTRIES - 1);
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
	uint32_t history = p->history;

	return predict_ahead(p, site, children, &history);
}

/* The guess; its history runs on the outcomes it guesses. */
struct prediction
predict_ahead(const struct predictor *p, enum stream_site site,
    unsigned children, uint32_t *history)
{
	struct prediction guess = { 0, false };
	uint32_t h = *history;
	unsigned c;

	assert(site != STREAM_SITE_NONE && children >= 1 &&
	    children <= PREDICT_COMPARISONS);
	if (site == STREAM_SITE_DOWN)
		for (c = 1; c < children; c++) {
			bool taken = p->table[counter_of(p, c, h)] >= 2;

			if (taken)
				guess.rank = c;
			h = shift(h, taken);
		}
	guess.ended = p->table[counter_of(p, END_BRANCH(site), h)] >= 2;
	*history = shift(h, guess.ended);
	return guess;
}

bool
predict_learn(struct predictor *p, enum stream_site site, unsigned children,
    struct prediction actual)
{
	struct prediction guess = predict(p, site, children);
	uint32_t h = p->history;
	unsigned c;

	assert(actual.rank < children);
	if (site == STREAM_SITE_DOWN)
		for (c = 1; c < children; c++) {
			count(&p->table[counter_of(p, c, h)], c == actual.rank);
			h = shift(h, c == actual.rank);
		}
	count(&p->table[counter_of(p, END_BRANCH(site), h)], actual.ended);
	p->history = shift(h, actual.ended);
	return guess.rank != actual.rank || guess.ended != actual.ended;
}
