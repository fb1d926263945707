/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * predict.h: the branch predictor of the time model (timemodel.h), over
 * the outcomes the heap records in its steps' markers (stream.h): a
 * two-bit saturating counter per branch site, Smith's 1981 predictor,
 * which a random comparison defeats half the time as a real core's
 * does (../shared/design/time-model.md), or gshare over them.
 *
 * A sift-down level is d - 1 comparisons, one branch each: "child c is
 * smaller than the best so far", then the loop's end, "the best child
 * is not smaller than the item sifted"; a sift-up level is its end
 * alone.  The marker records the rank r of the child chosen, not each
 * comparison's outcome, so comparison c is taken as taken iff c = r:
 * those before r may have been taken too, but not after the last one
 * taken.  The core follows the child the counters predict, the last
 * comparison predicted taken, and the level mispredicts when that child
 * or the loop's end is not what the heap did.
 */
#ifndef PREDICT_H
#define PREDICT_H

#include <stdbool.h>
#include <stdint.h>

#include "stream.h"

/* Comparisons in a level: a node has at most 64 children (heap.h). */
#define PREDICT_COMPARISONS	64u

/*
 * --predictor: a two-bit counter per branch (counters, the default), or
 * McFarling's gshare, a table of two-bit counters indexed by the branch
 * (a stand-in address: its number times 61) exclusive-or the last
 * PREDICT_HISTORY_BITS outcomes of every branch.
 */
enum predict_kind { PREDICT_COUNTERS, PREDICT_GSHARE, PREDICT_KINDS };
extern const char *const predict_names[];	/* NULL-terminated */
#define PREDICT_HISTORY_BITS	12u
#define PREDICT_ENTRIES		(1u << PREDICT_HISTORY_BITS)
_Static_assert(PREDICT_COMPARISONS + STREAM_SITES <= PREDICT_ENTRIES,
    "a counter per branch fits the table");

struct predictor {
	enum predict_kind kind;
	/* 0, 1: not taken; 2, 3: taken.  Counters: branch b's is [b]. */
	uint8_t		table[PREDICT_ENTRIES];
	uint32_t	history;	/* the latest outcome lowest */
};

/* What the core guesses a level does. */
struct prediction {
	unsigned	rank;	/* the child it follows */
	bool		ended;	/* whether it leaves the loop */
};

/* Every counter weakly not taken, no history. */
void	predict_init(struct predictor *, enum predict_kind);
/*
 * The guess for a level at `site` of `children` compared (1 for a
 * sift-up's), then, told what the level did, whether it mispredicted;
 * the counters learn it.
 */
struct prediction predict(const struct predictor *, enum stream_site,
	    unsigned children);
/*
 * The guess from `history` in place of the predictor's, which it then
 * shifts by the outcomes guessed: the levels a core predicts ahead of
 * the ones it knows, as on a wrong path.
 */
struct prediction predict_ahead(const struct predictor *, enum stream_site,
	    unsigned children, uint32_t *history);
bool	predict_learn(struct predictor *, enum stream_site, unsigned children,
	    struct prediction actual);

#endif
