/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * counted.c: the stream's records filtered once (counted.h).  An
 * access's address is written and the count moves on only if it is
 * counted, without a branch; a marker (a step's start, an operation's
 * end: one record in a few) takes the one branch.
 */
#include <assert.h>

#include "counted.h"
#include "stream.h"

/* The filter's loop, `skipped` a constant where inlined. */
static inline size_t
filter(struct counted *c, const uint64_t *record, size_t n, uint64_t skipped)
{
	size_t i, kept = 0, ends = 0;

	for (i = 0; i < n; i++) {
		uint64_t r = record[i];

		if (!stream_is_marker(r)) {
			c->address[kept] = stream_address_of(r);
			kept += (r & skipped) == 0;
		} else {
			c->end[ends] = (uint32_t)kept;
			ends += stream_kind_of(r) == STREAM_OP_END;
		}
	}
	c->n = kept;
	c->ends = ends;
	return n;
}

size_t
counted_filter(struct counted *c, const uint64_t *record, size_t n,
    bool items_counted)
{
	if (n > COUNTED_MAX)
		n = COUNTED_MAX;
	/* Every access counted (--model full): no test of the item bit. */
	if (items_counted)
		return filter(c, record, n, 0);
	return filter(c, record, n, STREAM_ITEM_BIT);
}

void
counted_take_records(const uint64_t *record, size_t n, bool items_counted,
    void (*take)(void *, const struct counted *), void *model)
{
	struct counted c;
	size_t done = 0;

	while (done < n) {
		done += counted_filter(&c, record + done, n - done,
		    items_counted);
		assert(c.n <= COUNTED_MAX && c.ends <= COUNTED_MAX);
		take(model, &c);
	}
}
