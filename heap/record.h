/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * record.h: one record of the heap's access stream (stream.h), a 64-bit
 * word: a read or a write of `size` bytes at a modeled address
 * (pages.h), or a marker: the start of a step (a group of loads that do
 * not depend on each other, such as a node's children and their keys;
 * only where the heap reports steps, heap.h) or the end of an
 * operation.  How to write one and how to read one back.
 */
#ifndef RECORD_H
#define RECORD_H

#include <stdbool.h>
#include <stdint.h>

/* Records ------------------------------------------------------------ */

/* Modeled addresses fit 48 bits: 2^32 entries of 8 bytes, then items. */
#define STREAM_ADDRESS_BITS	48
#define STREAM_ADDRESS_MASK	((UINT64_C(1) << STREAM_ADDRESS_BITS) - 1)
#define STREAM_SIZE_SHIFT	STREAM_ADDRESS_BITS	/* 8 bits of size */
#define STREAM_ITEM_BIT		(UINT64_C(1) << 56)	/* the item arena */
#define STREAM_KIND_SHIFT	60

enum stream_kind {
	STREAM_READ,
	STREAM_WRITE,
	STREAM_STEP,		/* loads that follow do not wait on each other */
	STREAM_OP_END,		/* the operation is over */
};

#define STREAM_MARKER	((uint64_t)STREAM_STEP << STREAM_KIND_SHIFT)

/*
 * A step's marker says what the time model needs of its branch (issue
 * 40): the step's site (which loop of the sift it is a level of; none
 * for an operation's first step), the node whose children it compares
 * (a sift-down's) or whose key (a sift-up's), and, once the step's keys
 * are compared, its outcome: the rank of the child chosen among those
 * compared and whether the loop ended there.  The site and the parent
 * are written with the marker; the outcome is written into it as the
 * step ends, through a cursor (heap/touch.h), so a stream of one record
 * a batch, whose takers already have the marker, has none recorded.
 */
enum stream_site {
	STREAM_SITE_NONE,	/* an operation's first step: no branch */
	STREAM_SITE_DOWN,	/* a level of a sift-down */
	STREAM_SITE_UP,		/* a level of a sift-up */
	STREAM_SITES
};

#define STREAM_PARENT_MASK	UINT64_C(0xffffffff)	/* bits 0-31 */
#define STREAM_RANK_SHIFT	32			/* 6 bits: < 64 */
#define STREAM_RANK_MASK	UINT64_C(0x3f)
#define STREAM_ENDED_BIT	(UINT64_C(1) << 38)
#define STREAM_OUTCOME_BIT	(UINT64_C(1) << 39)	/* recorded */
#define STREAM_SITE_SHIFT	40			/* 2 bits */
/* The bits written as the step ends. */
#define STREAM_OUTCOME_BITS	(STREAM_RANK_MASK << STREAM_RANK_SHIFT | \
	STREAM_ENDED_BIT | STREAM_OUTCOME_BIT)

/* A step's marker, its outcome not yet known. */
static inline uint64_t
stream_step(enum stream_site site, uint32_t parent)
{
	return (uint64_t)STREAM_STEP << STREAM_KIND_SHIFT |
	    (uint64_t)site << STREAM_SITE_SHIFT | parent;
}

/* The bits that record a step's outcome; rank < 64. */
static inline uint64_t
stream_outcome(unsigned rank, bool ended)
{
	return (uint64_t)rank << STREAM_RANK_SHIFT |
	    (ended ? STREAM_ENDED_BIT : 0) | STREAM_OUTCOME_BIT;
}

static inline enum stream_site
stream_site_of(uint64_t marker)
{
	return (enum stream_site)(marker >> STREAM_SITE_SHIFT & 3);
}

static inline uint32_t
stream_parent_of(uint64_t marker)
{
	return (uint32_t)(marker & STREAM_PARENT_MASK);
}

static inline bool
stream_outcome_recorded(uint64_t marker)
{
	return (marker & STREAM_OUTCOME_BIT) != 0;
}

static inline unsigned
stream_rank_of(uint64_t marker)
{
	return (unsigned)(marker >> STREAM_RANK_SHIFT & STREAM_RANK_MASK);
}

static inline bool
stream_ended(uint64_t marker)
{
	return (marker & STREAM_ENDED_BIT) != 0;
}

/* The record of an access; `size` < 256, `address` < 2^48. */
static inline uint64_t
stream_access(enum stream_kind kind, uint64_t address, unsigned size,
    int in_items)
{
	return (uint64_t)kind << STREAM_KIND_SHIFT |
	    (in_items ? STREAM_ITEM_BIT : 0) |
	    (uint64_t)size << STREAM_SIZE_SHIFT | address;
}

/* Whether a record is a marker (a step or an operation's end). */
static inline int
stream_is_marker(uint64_t record)
{
	return record >= STREAM_MARKER;
}

/*
 * Whether the page and cache models count a record: an access, of the
 * array, or with items_counted (--model full) of the items too.
 */
static inline int
stream_is_counted(uint64_t record, bool items_counted)
{
	return !stream_is_marker(record) && (items_counted ||
	    (record & STREAM_ITEM_BIT) == 0);
}

static inline enum stream_kind
stream_kind_of(uint64_t record)
{
	return (enum stream_kind)(record >> STREAM_KIND_SHIFT);
}

static inline uint64_t
stream_address_of(uint64_t record)
{
	return record & STREAM_ADDRESS_MASK;
}

static inline unsigned
stream_size_of(uint64_t record)
{
	return (unsigned)(record >> STREAM_SIZE_SHIFT) & 0xff;
}

#endif
