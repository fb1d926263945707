/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * stream.c: the parts of stream.h that are not inline: subscribing and
 * handing a batch to every taker, here or through the pipeline.
 */
#include <assert.h>

#include "pipeline.h"
#include "stream.h"

/* The batch at stream->record, of stream->limit records, is empty. */
static void
start_batch(struct access_stream *stream)
{
	stream->next = stream->record;
	stream->end = stream->record + stream->limit;
}

static uint32_t
used(const struct access_stream *stream)
{
	return (uint32_t)(stream->next - stream->record);
}

void
stream_init(struct access_stream *stream, uint32_t limit)
{
	assert(limit >= 1 && limit <= STREAM_BATCH);
	stream->record = stream->own;
	stream->limit = limit;
	start_batch(stream);
	stream->ntakers = 0;
	stream->pipeline = NULL;
}

void
stream_subscribe(struct access_stream *stream, struct stream_taker taker)
{
	assert(stream->ntakers < STREAM_MAX_TAKERS && used(stream) == 0);
	stream->taker[stream->ntakers++] = taker;
}

/* One batch to every taker, in the order they subscribed. */
static void
give(void *context, const uint64_t *record, size_t n)
{
	struct access_stream *stream = context;
	unsigned i;

	for (i = 0; i < stream->ntakers; i++)
		stream->taker[i].take(stream->taker[i].model, record, n);
}

int
stream_pipe(struct access_stream *stream, bool spin)
{
	assert(stream->limit == STREAM_BATCH && used(stream) == 0);
	stream->pipeline = pipeline_start(give, stream, spin);
	if (stream->pipeline == NULL)
		return -1;
	stream->record = pipeline_batch(stream->pipeline, &stream->limit);
	start_batch(stream);
	return 0;
}

void
stream_pass(struct access_stream *stream)
{
	if (stream->pipeline != NULL)
		stream->record = pipeline_pass(stream->pipeline, used(stream),
		    &stream->limit);
	else
		give(stream, stream->record, used(stream));
	start_batch(stream);
}

uint64_t *
stream_room(struct access_stream *stream, uint64_t *next, uint32_t n)
{
	assert(n <= stream->limit && next <= stream->end);
	stream->next = next;
	if ((uint64_t)(stream->end - next) < n)
		stream_pass(stream);
	return stream->next;
}

void
stream_flush(struct access_stream *stream)
{
	if (used(stream) > 0)
		stream_pass(stream);
	if (stream->pipeline != NULL)
		pipeline_wait(stream->pipeline);
}

void
stream_fini(struct access_stream *stream)
{
	stream_flush(stream);
	if (stream->pipeline == NULL)
		return;
	pipeline_stop(stream->pipeline);
	stream->pipeline = NULL;
	stream->record = stream->own;
	stream->limit = STREAM_BATCH;
	start_batch(stream);
}
