/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * taps.c: each model's loop over a batch of the heap's access stream.
 */
#include "taps.h"

static uint32_t
page_of(const struct taps *taps, uint64_t record)
{
	return page_of_address(&taps->pages, stream_address_of(record));
}

/* Whether the page and cache models take this record. */
static int
counted(const struct taps *taps, uint64_t record)
{
	return !stream_is_marker(record) && (taps->items_counted ||
	    (record & STREAM_ITEM_BIT) == 0);
}

static int
is_op_end(uint64_t record)
{
	return stream_kind_of(record) == STREAM_OP_END;
}

static void
take_pages(void *model, const uint64_t *record, size_t n)
{
	struct taps *taps = model;
	size_t i;

	for (i = 0; i < n; i++) {
		if (counted(taps, record[i]))
			vmsim_access(taps->vm, page_of(taps, record[i]));
		else if (is_op_end(record[i]))
			vmsim_op_end(taps->vm);
	}
}

static void
take_curve(void *model, const uint64_t *record, size_t n)
{
	struct taps *taps = model;
	size_t i;

	for (i = 0; i < n; i++) {
		if (counted(taps, record[i]))
			(void)stackdist_access(taps->curve,
			    page_of(taps, record[i]));
		else if (is_op_end(record[i]))
			stackdist_op_end(taps->curve);
	}
}

static void
take_lines(void *model, const uint64_t *record, size_t n)
{
	struct taps *taps = model;
	size_t i;

	for (i = 0; i < n; i++) {
		if (counted(taps, record[i]))
			(void)stackdist_access(taps->lines, (uint32_t)(
			    stream_address_of(record[i]) >> taps->line_shift));
		else if (is_op_end(record[i]))
			stackdist_op_end(taps->lines);
	}
}

static void
take_hierarchy(void *model, const uint64_t *record, size_t n)
{
	struct taps *taps = model;
	size_t i;

	for (i = 0; i < n; i++)
		if (counted(taps, record[i]))
			hier_access(taps->hier, stream_address_of(record[i]));
}

static void
take_trace(void *model, const uint64_t *record, size_t n)
{
	struct taps *taps = model;
	size_t i;

	if (taps->trace == NULL)
		return;
	for (i = 0; i < n; i++)
		if (counted(taps, record[i]))
			pages_trace_access(taps->trace, &taps->pages,
			    stream_address_of(record[i]),
			    stream_kind_of(record[i]) == STREAM_WRITE);
}

void
taps_subscribe(struct taps *taps, struct access_stream *stream)
{
	if (taps->vm != NULL)
		stream_subscribe(stream, (struct stream_taker){ take_pages,
		    taps });
	if (taps->curve != NULL)
		stream_subscribe(stream, (struct stream_taker){ take_curve,
		    taps });
	if (taps->lines != NULL)
		stream_subscribe(stream, (struct stream_taker){ take_lines,
		    taps });
	if (taps->hier != NULL)
		stream_subscribe(stream, (struct stream_taker){
		    take_hierarchy, taps });
	if (taps->time != NULL)
		stream_subscribe(stream, (struct stream_taker){
		    timemodel_take, taps->time });
	stream_subscribe(stream, (struct stream_taker){ take_trace, taps });
}
