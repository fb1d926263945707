/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * pipeline.c: a ring of batches between the heap's thread and the
 * models' thread, under one lock.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>

#include "pipeline.h"

struct pipeline {
	pthread_t	thread;
	pthread_mutex_t	lock;
	pthread_cond_t	filled;		/* a batch passed, or stop */
	pthread_cond_t	taken;		/* a batch taken */
	/* Under lock: */
	unsigned	first;		/* the oldest batch passed */
	unsigned	passed;		/* batches passed, not yet taken */
	int		stop;
	/* The heap's: */
	unsigned	filling;	/* the batch being filled */
	uint32_t	used[PIPELINE_BATCHES];
	pipeline_take	*take;
	void		*context;
	uint64_t	record[PIPELINE_BATCHES][PIPELINE_BATCH];
};

/* The models' thread: the oldest batch, taken outside the lock. */
static void *
run(void *context)
{
	struct pipeline *pipe = context;

	pthread_mutex_lock(&pipe->lock);
	for (;;) {
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
pipeline_start(pipeline_take *take, void *context)
{
	struct pipeline *pipe = calloc(1, sizeof(*pipe));
	sigset_t all, before;
	int error;

	if (pipe == NULL)
		return NULL;
	pipe->take = take;
	pipe->context = context;
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
