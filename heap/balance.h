/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * balance.h: which of a piped stream's takers (stream.h) run on the
 * heap's own thread, between its batches, rather than on the models'.
 *
 * Where each thread has a processor of its own, a tracked run takes as
 * long as the busier of the two: the heap's thread records and passes
 * batches, the models' thread hands each to its takers.  Where the
 * takers have more to do than the heap, taking some of them on the
 * heap's thread shortens the longer; where the heap has more, none.
 * Every taker is whole, on one thread or the other, and sees every
 * batch in order there: the counts do not depend on the split.
 *
 * This file only chooses; the stream measures, in any unit that is the
 * same for all: the heap's own time per record, each taker's, and the
 * filter's that the page and cache models share on a thread (counted.h).
 */
#ifndef BALANCE_H
#define BALANCE_H

#include <stdbool.h>
#include <stdint.h>

/* Parameters -------------------------------------------------------- */

/*
 * A split is judged on what the takers did since the last judgement,
 * once the heap has recorded this many records: 128 of the pipeline's
 * batches, about 8,000 operations of a 1M-item heap under --model full,
 * about 10 ms.  A window of a millisecond was too short on a shared
 * virtual machine: a pause of the heap's thread made its cost per record
 * swing by a third from one window to the next.  Each move doubles the
 * window, up to 16 times this, so a stream whose costs hover near a tie
 * moves a few times a phase at most.
 */
#define BALANCE_WINDOW_RECORDS	(UINT64_C(1) << 20)
#define BALANCE_WINDOW_MAX_RECORDS	(BALANCE_WINDOW_RECORDS << 4)
/*
 * A window is judged after this long whatever its records: a taker's
 * time in it stays under the 2^32 ns that a stream's clocks hold
 * (stream.h), even one of a microsecond a record.
 */
#define BALANCE_WINDOW_NS	UINT64_C(1000000000)
/*
 * A move must shorten the busier thread by at least 1 / this of its
 * time: it waits for the models' thread to take every batch passed,
 * and a small gain is within what a window mismeasures.
 */
#define BALANCE_MARGIN		8u
/* At most this many takers, a bit each in a split. */
#define BALANCE_MAX_TAKERS	8u
_Static_assert(BALANCE_MAX_TAKERS < 32, "a split is a uint32_t of bits");

/* Every one of n takers, as a split. */
static inline uint32_t
balance_every(unsigned n)
{
	return (UINT32_C(1) << n) - 1;
}

/* What a split is judged on, per record, in one unit. */
struct balance_costs {
	uint64_t	heap;		/* the heap's own: recording and all */
	unsigned	n;		/* takers, at most BALANCE_MAX_TAKERS */
	uint64_t	taker[BALANCE_MAX_TAKERS];
	/*
	 * The takers (a bit each) of filtered batches, and the filter's
	 * cost, paid once on each thread that runs one or more of them.
	 */
	uint32_t	filtered;
	uint64_t	filter;
};

/*
 * The busier thread's time with the takers in `on_heap` (taker i as 1 << i)
 * on the heap's thread: the larger of the heap's and its takers' time
 * and the other takers'.
 */
uint64_t	balance_busier(const struct balance_costs *, uint32_t on_heap);
/*
 * The split whose busier thread has least to do; of equals, the one with
 * fewest takers on the heap's thread.
 */
uint32_t	balance_best(const struct balance_costs *);
/*
 * Whether to move from the split whose busier thread takes `from` to one
 * whose busier thread takes `to`.
 */
bool		balance_worth(uint64_t from, uint64_t to);

#endif
