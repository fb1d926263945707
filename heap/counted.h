/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * counted.h: a batch of the stream's records (stream.h) filtered once
 * for every model that takes it: the addresses the page and cache
 * models count, in order, and where each operation ends among them.
 * One pass decodes the markers and skips the items of --model array, so
 * no model decodes a record itself.
 */
#ifndef COUNTED_H
#define COUNTED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The most records one filtering takes: a stream's batch (stream.h). */
#define COUNTED_MAX	1024u

struct counted {
	size_t		n;		/* counted addresses */
	size_t		ends;		/* operations ended */
	/* Modeled addresses (pages.h), as the records had them. */
	uint64_t	address[COUNTED_MAX];
	/* Per operation ended: the counted addresses that came before. */
	uint32_t	end[COUNTED_MAX];
};

/*
 * Filters up to COUNTED_MAX of the n records (items' accesses counted
 * only with items_counted) into `c`; returns how many it took.
 */
size_t	counted_filter(struct counted *c, const uint64_t *record, size_t n,
	    bool items_counted);

/*
 * Whether counted_filter() may take the host's vectors (the default: on
 * where it has them), which a test turns off to check the portable loop
 * against them; both give the same.
 */
void	counted_use_vectors(bool on);

/*
 * Hands every record, in chunks, to take(model, chunk): what a model
 * that takes counted addresses does with a raw batch.
 */
void	counted_take_records(const uint64_t *record, size_t n,
	    bool items_counted, void (*take)(void *, const struct counted *),
	    void *model);

#endif
