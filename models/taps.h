/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * taps.h: the subscriptions to a heap's access stream (stream.h): the
 * registry's models (model.h), each taking a whole batch in a loop of
 * its own, and the trace (pages.h).  The heap knows none of them.  The
 * models that take counted addresses take them from the stream, which
 * filters each batch once for all of them on a thread (counted.h).
 *
 * A tracked heap reports its items' accesses under --model full or the
 * time model (config_reports_items()); the page and cache models and
 * the trace skip them unless items_counted (--model full), so --model
 * array counts the array alone.
 */
#ifndef TAPS_H
#define TAPS_H

#include <stdbool.h>
#include <stdio.h>

#include "model.h"
#include "pages.h"
#include "stream.h"

struct taps {
	struct page_map	pages;		/* a page is an address >> byte_shift */
	FILE		*trace;		/* every access, while set */
	bool		items_counted;	/* --model full */
	/* The registry's models, by place; NULL: not run. */
	void		*model[MODEL_REGISTERED];
};

/*
 * Subscribes each model `taps` holds, and the trace, to `stream`;
 * `taps` must outlive the stream's last flush.  The trace may be set and
 * cleared between phases (after a flush).
 */
void	taps_subscribe(struct taps *, struct access_stream *);

#endif
