/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * hieropt.c: the memory hierarchy's options, item by item.
 */
#include <err.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "exits.h"
#include "hieropt.h"
#include "options.h"
#include "parse.h"

/* Parameters -------------------------------------------------------- */

/* An item of a list: "l1=32K/8/64" is at most this long and sane. */
#define ITEM_BYTES	64

/*
 * The next item of *text into item; false at the end.  Items are
 * separated by commas, or by '+' as the report's cache and tlb fields
 * write them (below).
 */
static bool
next_item(const char *option, const char *whole, const char **text,
    char item[ITEM_BYTES])
{
	size_t len = strcspn(*text, ",+");

	if (**text == '\0')
		return false;
	if (len == 0 || ((*text)[len] != '\0' && (*text)[len + 1] == '\0'))
		errx(EXIT_USAGE, "%s: '%s' has an empty item: separate items "
		    "with one comma or '+'", option, printable(whole));
	if (len >= ITEM_BYTES)
		errx(EXIT_USAGE, "%s: '%s' has an item too long (%zu bytes)",
		    option, printable(whole), len);
	memcpy(item, *text, len);
	item[len] = '\0';
	*text += len + ((*text)[len] != '\0');
	return true;
}

/*
 * The position in names[0 .. n-1] of the name before the '=' of item,
 * or n if there is no '=' or no such name; *value is what follows it.
 */
static unsigned
name_before_equals(const char *item, const char *const names[], unsigned n,
    const char **value)
{
	const char *eq = strchr(item, '=');
	unsigned k;

	for (k = 0; eq != NULL && k < n; k++)
		if (strlen(names[k]) == (size_t)(eq - item) &&
		    strncmp(item, names[k], (size_t)(eq - item)) == 0)
			break;
	*value = eq != NULL ? eq + 1 : "";
	return eq != NULL ? k : n;
}

/* Splits "a/b/c" into at most n fields; returns how many there were. */
static unsigned
split_slashes(char *text, char *fields[], unsigned n)
{
	unsigned count = 0;
	char *p = text;

	for (;;) {
		char *slash = strchr(p, '/');

		if (count == n)
			return n + 1;
		fields[count++] = p;
		if (slash == NULL)
			return count;
		*slash = '\0';
		p = slash + 1;
	}
}

/*
 * WAYS of a level of `blocks` lines: a count, or "full", one set of them
 * all; else exits naming the item.
 */
static uint32_t
parse_ways(const char *option, const char *item, const char *text,
    uint64_t blocks)
{
	uint64_t value;

	if (strcmp(text, "full") == 0) {
		if (blocks > CACHE_MAX_WAYS)
			errx(EXIT_USAGE, "%s: '%s' is refused: full would be %"
			    PRIu64 " ways, and a set has at most %u", option,
			    printable(item), blocks, CACHE_MAX_WAYS);
		return (uint32_t)blocks;
	}
	if (parse_count(text, 1, CACHE_MAX_WAYS, &value) != 0)
		errx(EXIT_USAGE, "%s: '%s': ways '%s' is not a count from 1 "
		    "to %u, or full", option, printable(item), printable(text),
		    CACHE_MAX_WAYS);
	return (uint32_t)value;
}

/* The geometry's own verdict, for a level given whole. */
static void
check_level(const char *option, const char *item,
    const struct cache_geometry *level)
{
	const char *why = cache_geometry_refused(level);

	if (why != NULL)
		errx(EXIT_USAGE, "%s: '%s' is refused: %s", option,
		    printable(item), why);
}

/* --cache ------------------------------------------------------------ */

static void
cache_level(const char *item, char *spec, struct cache_geometry *level)
{
	char *fields[3];
	unsigned n = split_slashes(spec, fields, 3);
	uint64_t size, line = CACHE_DEFAULT_LINE_BYTES;

	if (n < 2 || n > 3 ||
	    parse_size(fields[0], 1, UINT64_MAX, &size) != 0 ||
	    (n == 3 && parse_size(fields[2], 1, CACHE_MAX_LINE_BYTES,
	    &line) != 0))
		errx(EXIT_USAGE, "--cache: '%s' is not LEVEL=SIZE/WAYS[/LINE] "
		    "(e.g. l1=32K/8, llc=32M/16/64, l2=off)", printable(item));
	/* The line first: the rest is counted in lines. */
	*level = (struct cache_geometry){ .blocks = 1, .ways = 1,
	    .line_bytes = (uint32_t)line };
	check_level("--cache", item, level);
	level->blocks = size / line;
	if (size % line != 0)
		errx(EXIT_USAGE, "--cache: '%s' is refused: %" PRIu64 " bytes "
		    "is not a whole number of %" PRIu64 "-byte lines",
		    printable(item), size, line);
	level->ways = parse_ways("--cache", item, fields[1], level->blocks);
	check_level("--cache", item, level);
}

bool
cache_option(const char *text, struct hier_geometry *geometry)
{
	char item[ITEM_BYTES], spec[ITEM_BYTES];
	const char *whole = text;
	unsigned k, named = 0;

	if (strcmp(text, "off") == 0) {
		for (k = 0; k < HIER_FIRST_TLB; k++)
			geometry->level[k].blocks = 0;
		return true;
	}
	if (*text == '\0')
		errx(EXIT_USAGE, "--cache: '' is not off or a list of "
		    "LEVEL=SIZE/WAYS[/LINE]");
	while (next_item("--cache", whole, &text, item)) {
		const char *value;

		k = name_before_equals(item, hier_level_names, HIER_FIRST_TLB,
		    &value);
		if (k == HIER_FIRST_TLB)
			errx(EXIT_USAGE, "--cache: '%s' names no level: "
			    "LEVEL=... with LEVEL l1, l2 or llc, or off alone",
			    printable(item));
		if (named & 1u << k)
			errx(EXIT_USAGE, "--cache: '%s' names %s a second "
			    "time: each level once", printable(item),
			    hier_level_names[k]);
		named |= 1u << k;
		if (strcmp(value, "off") == 0) {
			geometry->level[k].blocks = 0;
			continue;
		}
		strcpy(spec, value);
		cache_level(item, spec, &geometry->level[k]);
	}
	return false;
}

/* --tlb -------------------------------------------------------------- */

void
tlb_option(const char *text, struct hier_geometry *geometry)
{
	char item[ITEM_BYTES], *fields[2];
	const char *whole = text;
	unsigned k = HIER_FIRST_TLB;

	for (; k < HIER_LEVELS; k++)
		geometry->level[k].blocks = 0;
	if (strcmp(text, "off") == 0)
		return;
	if (*text == '\0')
		errx(EXIT_USAGE, "--tlb: '' is not off or ENTRIES/WAYS"
		    "[,ENTRIES/WAYS]");
	for (k = HIER_FIRST_TLB; next_item("--tlb", whole, &text, item); k++) {
		struct cache_geometry *level = &geometry->level[k];
		char spec[ITEM_BYTES];
		uint64_t entries;

		if (k == HIER_LEVELS)
			errx(EXIT_USAGE, "--tlb: '%s' is a third level; the "
			    "TLB has one or two", printable(item));
		strcpy(spec, item);
		if (split_slashes(spec, fields, 2) != 2 ||
		    parse_count(fields[0], 1, CACHE_MAX_BLOCKS, &entries) != 0)
			errx(EXIT_USAGE, "--tlb: '%s' is not ENTRIES/WAYS, "
			    "ENTRIES from 1 to %" PRIu64 " (e.g. 64/4 or "
			    "64/full)", printable(item), CACHE_MAX_BLOCKS);
		level->blocks = entries;
		level->ways = parse_ways("--tlb", item, fields[1], entries);
		if (entries % level->ways != 0)
			errx(EXIT_USAGE, "--tlb: '%s' is refused: %" PRIu64
			    " entries are not a whole number of sets of %"
			    PRIu32 " ways", printable(item), entries,
			    level->ways);
		/* The page size comes later (hier_for_page()); any will do. */
		level->line_bytes = CACHE_MIN_LINE_BYTES;
		check_level("--tlb", item, level);
		level->line_bytes = 0;
	}
}

void
hierarchy_options_done(bool cache_off, bool tlb_given,
    struct hier_geometry *geometry)
{
	if (cache_off && !tlb_given)
		tlb_option("off", geometry);
}

/* --latency ---------------------------------------------------------- */

/* NAME=TIME items, each cost once; parse.h's times, bare ns. */
unsigned
latency_option(const char *text, struct hier_latency *latency)
{
	char item[ITEM_BYTES];
	const char *whole = text;
	unsigned named = 0;

	if (*text == '\0')
		errx(EXIT_USAGE, "--latency: '' is not a list of NAME=TIME");
	while (next_item("--latency", whole, &text, item)) {
		const char *value;
		unsigned k = name_before_equals(item, hier_cost_names,
		    HIER_COSTS, &value);

		if (k == HIER_COSTS)
			errx(EXIT_USAGE, "--latency: '%s' names no cost: "
			    "NAME=TIME with NAME l1, l2, llc, mem or tlb",
			    printable(item));
		if (named & 1u << k)
			errx(EXIT_USAGE, "--latency: '%s' names %s a second "
			    "time: each cost once", printable(item),
			    hier_cost_names[k]);
		named |= 1u << k;
		if (parse_latency_ns(value, (uint64_t)HIER_MAX_LATENCY_NS,
		    &latency->ns[k]) != 0)
			errx(EXIT_USAGE, "--latency: '%s': '%s' is not a time "
			    "from 0 to 1s to the picosecond: a decimal number "
			    "with ns, us, ms or s (bare: ns)", printable(item),
			    printable(value));
	}
	return named;
}

/* --latency-curve, --walk-curve ----------------------------------------- */

void
latency_curve_option(const char *option, const char *text,
    struct lat_curve *curve)
{
	char item[ITEM_BYTES];
	const char *whole = text;

	curve->points = 0;
	if (*text == '\0')
		errx(EXIT_USAGE, "%s: '' is not a list of SIZE=TIME",
		    option);
	while (next_item(option, whole, &text, item)) {
		char *eq = strchr(item, '=');
		unsigned k = curve->points;

		if (k == LAT_CURVE_POINTS)
			errx(EXIT_USAGE, "%s: '%s' has more than %u points",
			    option, printable(whole), LAT_CURVE_POINTS);
		if (eq == NULL)
			errx(EXIT_USAGE, "%s: '%s' is not SIZE=TIME", option,
			    printable(item));
		*eq = '\0';
		if (parse_size(item, 1, UINT64_C(1) << 62, &curve->bytes[k]) !=
		    0 || parse_latency_ns(eq + 1,
		    (uint64_t)HIER_MAX_LATENCY_NS, &curve->ns[k]) != 0) {
			*eq = '=';
			errx(EXIT_USAGE, "%s: '%s' is not SIZE=TIME, SIZE in "
			    "bytes with K, M or G, TIME from 0 to 1s with ns, "
			    "us, ms or s (bare: ns)", option, printable(item));
		}
		if (k > 0 && curve->bytes[k] <= curve->bytes[k - 1]) {
			*eq = '=';
			errx(EXIT_USAGE, "%s: '%s': the sizes must rise from "
			    "point to point", option, printable(item));
		}
		curve->points++;
	}
}
