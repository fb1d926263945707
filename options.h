/*
 * options.h: option values for main.c and explain.c, or one line on
 * stderr naming the option, the value and what is accepted, and exit
 * status EXIT_USAGE.
 */
#ifndef OPTIONS_H
#define OPTIONS_H

#include <stdint.h>

#include "exits.h"

/* parse.h's counts (K, M, G = 10^3, 10^6, 10^9) and sizes (2^10 ...). */
uint64_t	count_option(const char *option, const char *text, uint64_t min,
		    uint64_t max);
uint64_t	size_option(const char *option, const char *text, uint64_t min,
		    uint64_t max);
/* One of names[] (NULL-terminated): its position. */
unsigned	name_option(const char *option, const char *text,
		    const char *const names[]);
/* Comma-separated names[0 .. count-1], or "all": a bit mask. */
unsigned	list_option(const char *option, const char *text,
		    const char *const names[], unsigned count);
/* "I/N" with 1 <= I <= N <= OPTIONS_MAX_SHARDS, as split -n K/N counts. */
#define OPTIONS_MAX_SHARDS	100000
void		shard_option(const char *text, unsigned *shard,
		    unsigned *shards);
/* --layout's list, over the layouts of config.c. */
unsigned	layout_option(const char *text);

#endif
