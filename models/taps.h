/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * taps.h: the models' subscriptions to a heap's access stream
 * (stream.h): the fixed-budget page model (vmsim.h), the stack-distance
 * curves of pages and of lines (stackdist.h), the caches and TLB
 * (hier.h), the trace (pages.h) and the registry's models (model.h).  Each takes a whole batch in a loop
 * of its own: the heap knows none of them, and a new model is a new
 * taker here, not an edit of the heap.
 *
 * Markers: a step means nothing to these models; an operation's end
 * closes the operation for the page models' per-operation figures.
 * A tracked heap reports its items' accesses always (the time model
 * needs them); these models skip them unless items_counted (--model
 * full), so --model array counts the array alone.
 */
#ifndef TAPS_H
#define TAPS_H

#include <stdio.h>

#include "hier.h"
#include "model.h"
#include "pages.h"
#include "stackdist.h"
#include "stream.h"
#include "vmsim.h"

/* The models of one run; NULL: not there. */
struct taps {
	struct page_map	pages;		/* a page is an address >> byte_shift */
	struct vmsim	*vm;		/* one budget */
	struct stackdist *curve;	/* or every budget */
	struct stackdist *lines;	/* with the curve: every line budget */
	unsigned	line_shift;	/* log2 of the line curve's line */
	FILE		*trace;		/* every access, while set */
	bool		items_counted;	/* --model full */
	/* The registry's models (model.h), by place; NULL: not run. */
	void		*model[MODEL_REGISTERED];
};

/*
 * Subscribes each model `taps` holds, and the trace, to `stream`;
 * `taps` must outlive the stream's last flush.  The trace may be set and
 * cleared between phases (after a flush).
 */
void	taps_subscribe(struct taps *, struct access_stream *);

#endif
