/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * pipeline.h: batches of records taken on a thread of their own.
 *
 * The stream (stream.h) passes its batches here under --pipeline: the
 * heap fills one batch while the thread takes the ones before it, so
 * a tracked run costs the larger of the heap's time and the models',
 * not their sum, where a second core is free.  Batches go in a ring of
 * PIPELINE_BATCHES; the heap waits only when every one is full, the
 * thread only when none is.  The thread hands each batch whole, in the
 * order passed, one at a time, to one function: the stream's, which
 * gives it to every taker not on the heap's thread (stream.c), so the
 * counts are those of the takers run in line.  The pipeline knows
 * nothing of what the records are.
 */
#ifndef PIPELINE_H
#define PIPELINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Parameters -------------------------------------------------------- */

/*
 * Records per batch and batches in the ring.  A hand-over costs a lock
 * and at times a wake-up (microseconds): a batch of 8,192 records is
 * about 60 (--model full) to 100 (array) operations of a 1M-item heap,
 * a few hundred microseconds of the models' work, so hand-overs stay
 * near 1% of it; four batches (PIPELINE_RING_BYTES in all) ride out
 * the operations whose models take longer than the heap.
 */
#define PIPELINE_BATCH		8192u
#define PIPELINE_BATCHES	4u
/* The ring, all of it touched in a run of a few batches. */
#define PIPELINE_RING_BYTES \
	((uint64_t)PIPELINE_BATCHES * PIPELINE_BATCH * sizeof(uint64_t))

/* What the thread does with each batch. */
typedef void	pipeline_take(void *context, const uint64_t *records, size_t n);

/*
 * The thread, calling take(context, ...) per batch; NULL with errno set.
 * `spin`: each thread has a CPU of its own, so that one waiting for the
 * other spins a while before it sleeps (pipeline.c).
 */
struct pipeline	*pipeline_start(pipeline_take *take, void *context,
		    bool spin);
/* The first batch to fill, of *limit records. */
uint64_t	*pipeline_batch(struct pipeline *, uint32_t *limit);
/*
 * The batch being filled, its first `used` records, to the thread; the
 * next batch to fill, once one is free.
 */
uint64_t	*pipeline_pass(struct pipeline *, uint32_t used,
		    uint32_t *limit);
/* Returns once the thread has taken every batch passed. */
void		 pipeline_wait(struct pipeline *);
/* Ends the thread, once it has taken every batch, and frees all. */
void		 pipeline_stop(struct pipeline *);

#endif
