/*
 * pages.c: the trace's names for page ids.
 */
#include <stdio.h>

#include "pages.h"

void
pages_trace(FILE *trace, uint32_t heap_pages, const char *prefix,
    uint32_t id)
{
	fprintf(trace, "%s%s %u\n", prefix, page_is_item(heap_pages, id) ?
	    "items" : "heap", page_in_arena(heap_pages, id));
}
