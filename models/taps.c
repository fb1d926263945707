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

/* The batch filtered once, for every model that takes it so. */
static void
take_counted(void *model, const uint64_t *record, size_t n)
{
	struct taps *taps = model;
	size_t done = 0;
	unsigned j;

	while (done < n) {
		done += counted_filter(&taps->counted, record + done, n - done,
		    taps->items_counted);
		for (j = 0; j < taps->ncounted; j++) {
			unsigned k = taps->counted_model[j];

			model_registry[k]->take_counted(taps->model[k],
			    &taps->counted);
		}
	}
}

void
taps_subscribe(struct taps *taps, struct access_stream *stream)
{
	unsigned k;

	taps->ncounted = 0;
	for (k = 0; k < MODEL_REGISTERED; k++)
		if (taps->model[k] != NULL &&
		    model_registry[k]->take_counted != NULL)
			taps->counted_model[taps->ncounted++] = k;
		else if (taps->model[k] != NULL)
			stream_subscribe(stream, (struct stream_taker){
			    model_registry[k]->take, taps->model[k] });
	if (taps->ncounted > 0)
		stream_subscribe(stream, (struct stream_taker){ take_counted,
		    taps });
	stream_subscribe(stream, (struct stream_taker){ take_trace, taps });
}
