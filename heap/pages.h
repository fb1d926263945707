/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * pages.h: the page-id scheme, the one place that turns an array index or
 * an item's address into the page the model counts, and back.
 *
 * The model numbers the heap array's pages first, 0 .. heap_pages-1, and
 * the item arena's after them, heap_pages .. heap_pages+item_pages-1:
 * one resident set serves both, as one process's memory would.  Both
 * arenas start on a page boundary (arena.c), so a page number is an
 * offset shifted right.
 *
 * The caches and the TLB (hier.h) see modeled addresses, laid out the
 * same way: the array's byte b is address b, and the item arena's byte b
 * is address heap_pages x page_bytes + b.  A page id is then an address
 * shifted right, and the model's misses do not depend on where mmap put
 * the arenas in this run.
 */
#ifndef PAGES_H
#define PAGES_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct page_map {
	unsigned	entry_shift;	/* log2 of array entries per page */
	unsigned	byte_shift;	/* log2 of bytes per page */
	uint32_t	heap_pages;	/* where item page ids start */
	const char	*items_base;	/* NULL: item pages are not counted */
};

/* The page of array index u. */
static inline uint32_t
page_of_index(const struct page_map *map, uint64_t u)
{
	return (uint32_t)(u >> map->entry_shift);
}

/*
 * The map's arithmetic, taken once: an array entry's modeled address is
 * its index shifted, an item byte's its pointer plus an offset (modulo
 * 2^64), so that code that records many accesses keeps two values in
 * registers instead of reloading the map after every record it stores.
 */
struct address_rule {
	unsigned	index_shift;	/* log2 of an entry's bytes */
	uint64_t	item_offset;	/* item pages' start less items_base */
};

static inline struct address_rule
address_rule_of(const struct page_map *map)
{
	struct address_rule rule = { map->byte_shift - map->entry_shift,
	    ((uint64_t)map->heap_pages << map->byte_shift) -
	    (uint64_t)(uintptr_t)map->items_base };

	return rule;
}

/* The modeled address of array entry u: u entries of one pointer each. */
static inline uint64_t
rule_index_address(const struct address_rule *rule, uint64_t u)
{
	return u << rule->index_shift;
}

/* The modeled address of a byte of the item arena; items_base set. */
static inline uint64_t
rule_item_address(const struct address_rule *rule, const void *byte)
{
	return (uint64_t)(uintptr_t)byte + rule->item_offset;
}

/* The modeled address of array entry u, the rule taken for it alone. */
static inline uint64_t
address_of_index(const struct page_map *map, uint64_t u)
{
	struct address_rule rule = address_rule_of(map);

	return rule_index_address(&rule, u);
}

/* The page holding a modeled address. */
static inline uint32_t
page_of_address(const struct page_map *map, uint64_t address)
{
	return (uint32_t)(address >> map->byte_shift);
}

/* Whether page id `id` is an item page, and its number in its own arena. */
static inline bool
page_is_item(uint32_t heap_pages, uint32_t id)
{
	return id >= heap_pages;
}

static inline uint32_t
page_in_arena(uint32_t heap_pages, uint32_t id)
{
	return page_is_item(heap_pages, id) ? id - heap_pages : id;
}

/*
 * One line of a trace (the man page's Traces): prefix, the arena and the
 * page's number in it, "heap 3" or "items 17".
 */
void	pages_trace(FILE *, uint32_t heap_pages, const char *prefix,
	    uint32_t id);
/*
 * The line of one access: its page, as above, then its modeled address,
 * then r for a read or w for a write (appended last: older readers that
 * stop after the address still read it).
 */
void	pages_trace_access(FILE *, const struct page_map *, uint64_t address,
	    bool write);

#endif
