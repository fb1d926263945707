/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * pages.c: the trace's names for page ids.
 */
#include <inttypes.h>
#include <stdio.h>

#include "pages.h"

void
pages_trace(FILE *trace, uint32_t heap_pages, const char *prefix,
    uint32_t id)
{
	fprintf(trace, "%s%s %u\n", prefix, page_is_item(heap_pages, id) ?
	    "items" : "heap", page_in_arena(heap_pages, id));
}

void
pages_trace_access(FILE *trace, const struct page_map *map, uint64_t address,
    bool write)
{
	uint32_t id = page_of_address(map, address);

	fprintf(trace, "%s %u %" PRIu64 " %c\n", page_is_item(map->heap_pages,
	    id) ? "items" : "heap", page_in_arena(map->heap_pages, id), address,
	    write ? 'w' : 'r');
}
