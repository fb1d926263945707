/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * stream.c: the parts of stream.h that are not inline: subscribing and
 * handing a batch to every taker.
 */
#include <assert.h>

#include "stream.h"

void
stream_init(struct access_stream *stream, uint32_t limit)
{
	assert(limit >= 1 && limit <= STREAM_BATCH);
	stream->used = 0;
	stream->limit = limit;
	stream->ntakers = 0;
}

void
stream_subscribe(struct access_stream *stream, struct stream_taker taker)
{
	assert(stream->ntakers < STREAM_MAX_TAKERS && stream->used == 0);
	stream->taker[stream->ntakers++] = taker;
}

void
stream_flush(struct access_stream *stream)
{
	unsigned i;

	for (i = 0; i < stream->ntakers; i++)
		stream->taker[i].take(stream->taker[i].model, stream->record,
		    stream->used);
	stream->used = 0;
}
