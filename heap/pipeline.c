/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * pipeline.c: a ring of batches between the heap's thread and the
 * models' thread, under one lock.
 *
 * A thread that must wait for the other first spins a while, watching
 * the count of batches passed, and only then sleeps on a condition: a
 * sleep and its wake-up go through the kernel, microseconds each (more
 * in a virtual machine), on every hand-over where the two threads run
 * at about the same speed.  It spins only where the caller says that
 * each thread has a CPU of its own: where they share one, the thread
 * waited for cannot run while the other spins.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>

#include "monotonic.h"
#include "pipeline.h"

/* Parameters -------------------------------------------------------- */

/*
 * How long a thread spins before it sleeps.  A batch takes its taker a
 * few hundred microseconds (pipeline.h), so a thread waiting for one
 * waits at most that; spinning up to 200 us spares most hand-overs
 * their sleep.  On this project's 2-core Zen 4 VM it took the tracked
 * replace phase of binheap at 1M items from 818 to 681 ns per operation
 * with --model array, and from 2138 to 1886 with full (medians of 6
 * runs, interleaved with a pipeline that slept at once).
 */
#define PIPELINE_SPIN_NS	UINT64_C(200000)
/* Looks at the clock once per this many looks at the count. */
#define PIPELINE_SPIN_LOOKS	32u

struct pipeline {
	pthread_t	thread;
	pthread_mutex_t	lock;
	pthread_cond_t	filled;		/* a batch passed, or stop */
	pthread_cond_t	taken;		/* a batch taken */
	/* Changed under lock; read outside it only by a spin. */
	atomic_uint	passed;		/* batches passed, not yet taken */
	/* Under lock: */
	unsigned	first;		/* the oldest batch passed */
	int		stop;
	/* Set at the start: */
	uint64_t	spin_ns;	/* 0: no spin */
	pipeline_take	*take;
	void		*context;
	/* The heap's: */
	unsigned	filling;	/* the batch being filled */
	uint32_t	used[PIPELINE_BATCHES];
	uint64_t	record[PIPELINE_BATCHES][PIPELINE_BATCH];
};

/* Waiting ------------------------------------------------------------ */

static void
cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#endif
}

/*
 * Unlocked, spins while the count of batches passed is `value`, for at
 * most the pipeline's spin; relocks.  The caller looks at the count
 * again under the lock and sleeps if it has still not moved.
 */
static void
spin_while(struct pipeline *pipe, unsigned value)
{
	uint64_t start;
	bool moved = false;
	unsigned k;

	pthread_mutex_unlock(&pipe->lock);
	start = monotonic_ns();
	do {
		for (k = 0; k < PIPELINE_SPIN_LOOKS && !moved; k++) {
			moved = atomic_load_explicit(&pipe->passed,
			    memory_order_relaxed) != value;
			cpu_relax();
		}
	} while (!moved && monotonic_ns() - start < pipe->spin_ns);
	pthread_mutex_lock(&pipe->lock);
}

/* The pipeline ------------------------------------------------------- */

/* The models' thread: the oldest batch, taken outside the lock. */
static void *
run(void *context)
{
	struct pipeline *pipe = context;

	pthread_mutex_lock(&pipe->lock);
	for (;;) {
		if (pipe->passed == 0 && !pipe->stop && pipe->spin_ns > 0)
			spin_while(pipe, 0);
		while (pipe->passed == 0 && !pipe->stop)
			pthread_cond_wait(&pipe->filled, &pipe->lock);
		if (pipe->passed == 0)
			break;
		pthread_mutex_unlock(&pipe->lock);
		pipe->take(pipe->context, pipe->record[pipe->first],
		    pipe->used[pipe->first]);
		pthread_mutex_lock(&pipe->lock);
		pipe->first = (pipe->first + 1) % PIPELINE_BATCHES;
		pipe->passed--;
		pthread_cond_signal(&pipe->taken);
	}
	pthread_mutex_unlock(&pipe->lock);
	return NULL;
}

struct pipeline *
pipeline_start(pipeline_take *take, void *context, bool spin)
{
	struct pipeline *pipe = calloc(1, sizeof(*pipe));
	sigset_t all, before;
	int error;

	if (pipe == NULL)
		return NULL;
	pipe->take = take;
	pipe->context = context;
	pipe->spin_ns = spin ? PIPELINE_SPIN_NS : 0;
	atomic_init(&pipe->passed, 0);
	pthread_mutex_init(&pipe->lock, NULL);
	pthread_cond_init(&pipe->filled, NULL);
	pthread_cond_init(&pipe->taken, NULL);
	/* Signals are the heap's thread's: the models' starts deaf to all. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &before);
	error = pthread_create(&pipe->thread, NULL, run, pipe);
	pthread_sigmask(SIG_SETMASK, &before, NULL);
	if (error != 0) {
		pthread_cond_destroy(&pipe->taken);
		pthread_cond_destroy(&pipe->filled);
		pthread_mutex_destroy(&pipe->lock);
		free(pipe);
		errno = error;
		return NULL;
	}
	return pipe;
}

uint64_t *
pipeline_batch(struct pipeline *pipe, uint32_t *limit)
{
	*limit = PIPELINE_BATCH;
	return pipe->record[pipe->filling];
}

uint64_t *
pipeline_pass(struct pipeline *pipe, uint32_t used, uint32_t *limit)
{
	pipe->used[pipe->filling] = used;
	pthread_mutex_lock(&pipe->lock);
	pipe->passed++;
	pthread_cond_signal(&pipe->filled);
	/* The next batch is free once fewer than all are passed. */
	if (pipe->passed == PIPELINE_BATCHES && pipe->spin_ns > 0)
		spin_while(pipe, PIPELINE_BATCHES);
	while (pipe->passed == PIPELINE_BATCHES)
		pthread_cond_wait(&pipe->taken, &pipe->lock);
	pthread_mutex_unlock(&pipe->lock);
	pipe->filling = (pipe->filling + 1) % PIPELINE_BATCHES;
	return pipeline_batch(pipe, limit);
}

void
pipeline_wait(struct pipeline *pipe)
{
	pthread_mutex_lock(&pipe->lock);
	while (pipe->passed > 0)
		pthread_cond_wait(&pipe->taken, &pipe->lock);
	pthread_mutex_unlock(&pipe->lock);
}

void
pipeline_stop(struct pipeline *pipe)
{
	if (pipe == NULL)
		return;
	pthread_mutex_lock(&pipe->lock);
	pipe->stop = 1;
	pthread_cond_signal(&pipe->filled);
	pthread_mutex_unlock(&pipe->lock);
	pthread_join(pipe->thread, NULL);
	pthread_cond_destroy(&pipe->taken);
	pthread_cond_destroy(&pipe->filled);
	pthread_mutex_destroy(&pipe->lock);
	free(pipe);
}
