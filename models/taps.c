/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * taps.c: the registry's models and the trace on a heap's stream.
 */
#include "taps.h"

static void
take_trace(void *model, const uint64_t *record, size_t n)
{
	struct taps *taps = model;
	size_t i;

	if (taps->trace == NULL)
		return;
	for (i = 0; i < n; i++)
		if (stream_is_counted(record[i], taps->items_counted))
			pages_trace_access(taps->trace, &taps->pages,
			    stream_address_of(record[i]),
			    stream_kind_of(record[i]) == STREAM_WRITE);
}

_Static_assert(MODEL_REGISTERED + 1 <= STREAM_MAX_TAKERS,
    "a stream takes every model and the trace");

void
taps_subscribe(struct taps *taps, struct access_stream *stream)
{
	const struct model_ops *ops;
	unsigned k;

	for (k = 0; k < MODEL_REGISTERED; k++) {
		ops = model_registry[k];
		if (taps->model[k] == NULL)
			continue;
		/* A model that takes counted addresses takes only those. */
		stream_subscribe(stream, (struct stream_taker){
		    .take = ops->take_counted != NULL ? NULL : ops->take,
		    .take_counted = ops->take_counted,
		    .model = taps->model[k] });
	}
	stream_subscribe(stream, (struct stream_taker){ .take = take_trace,
	    .model = taps });
}
