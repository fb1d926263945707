/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * parse.h: numbers and names from the command line.
 *
 * Each parser returns 0 and stores the value, or -1 and leaves it alone;
 * the caller names the option and the accepted range in its message.
 */
#ifndef PARSE_H
#define PARSE_H

#include <stdint.h>

/* A count: digits with an optional K, M or G (10^3, 10^6, 10^9). */
int	parse_count(const char *, uint64_t min, uint64_t max, uint64_t *);
/* A size in bytes: digits with an optional K, M or G (2^10, 2^20, 2^30). */
int	parse_size(const char *, uint64_t min, uint64_t max, uint64_t *);
/* True if the text ends in a size suffix (K, M, G). */
int	has_size_suffix(const char *);
/*
 * Times, in one grammar: a decimal number (digits, then optionally a
 * point and at least one digit) with ns, us, ms or s; from 0 to max_ns,
 * refused if above it however little.  A duration is whole nanoseconds,
 * bare means ms (--disk-latency); a latency keeps picoseconds, bare
 * means ns (--latency).  Finer than that is refused, not rounded: the
 * report could not show it.
 */
int	parse_duration_ns(const char *, uint64_t max_ns, uint64_t *);
int	parse_latency_ns(const char *, uint64_t max_ns, double *);
/* One of names[] (NULL-terminated); stores its position. */
int	parse_name(const char *, const char *const names[], unsigned *);
/* Comma-separated names; stores a bit mask of their positions. */
int	parse_name_list(const char *, const char *const names[], unsigned count,
	    unsigned *mask);

#endif
