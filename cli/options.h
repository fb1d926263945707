/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * options.h: option values for main.c and explain.c, or one line on
 * stderr naming the option, the value and what is accepted, and exit
 * status EXIT_USAGE.
 */
#ifndef OPTIONS_H
#define OPTIONS_H

#include <getopt.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

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

/*
 * The argument getopt_long's '?' refused, as typed: with no short
 * options every '-x...' cluster fails at its first letter, before or
 * after getopt_long has stepped past it.  `before` is optind as the
 * call began.
 */
const char	*option_typed(int argc, char *argv[], int before);

/*
 * What getopt_long's '?' means for `arg`, in one line: a prefix of
 * several long options (each named), a value given to an option that
 * takes none, or an unknown option.  `subcommand` is NULL, "explain" or "compare".
 */
_Noreturn void	option_refused(const char *arg, const struct option longopts[],
		    const char *subcommand);

/*
 * An option given with no value (getopt_long's ':', val its optopt), in
 * one line: its name and what it takes, as the help that `help` prints
 * says it ("--items needs a value: N, items in the heap, 1 to ...").
 * `subcommand` is NULL or "explain".
 */
_Noreturn void	option_needs_value(int val, const struct option longopts[],
		    const char *subcommand, void (*help)(FILE *));

/*
 * Ends --help or --version: exit 0 once the standard output has taken it
 * all, else 1 with a message.
 */
_Noreturn void	exit_printed(void);

#endif
