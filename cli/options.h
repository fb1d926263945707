/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * options.h: the options of every command, read by one loop, and their
 * values; or one line on stderr naming the option, the value and what
 * is accepted, and exit status EXIT_USAGE.
 */
#ifndef OPTIONS_H
#define OPTIONS_H

#include <getopt.h>
#include <limits.h>
#include <stdbool.h>
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
 * --resident, in every command: "all" (every budget), a count of pages,
 * or a size with a suffix (K, M, G: 2^10, 2^20, 2^30 bytes), at most
 * CONFIG_MAX_RESIDENT_PAGES and CONFIG_MAX_RESIDENT_BYTES; whether the
 * size is a whole number of pages, and of pages there are, is the
 * caller's to check.
 */
struct resident_choice {
	bool		all;
	bool		bytes;		/* value is bytes, not pages */
	uint64_t	value;
};
struct resident_choice	resident_option(const char *text);

/*
 * A command: bheapsim itself (name NULL), "explain" or "compare".  Its
 * long options are getopt_long's table (no short ones); `help` prints
 * the help whose entries a missing value's message quotes; `operand`
 * says what its one operand is ("one CSV file"), or is NULL if it takes
 * none.
 */
struct command {
	const char		*name;
	const struct option	*options;
	void			(*help)(FILE *);
	const char		*operand;
};

/*
 * The one reader of every command's options: gives each option of argv,
 * in order, to take() as its table's val and its value (NULL for an
 * option that takes none).  Refused in one line, and exit status
 * EXIT_USAGE: an unknown option, a prefix of several, a value given to
 * an option that takes none, an option given no value (with what it
 * takes, from the help), and operands other than the command takes.
 * Returns the index in argv of the operand, if any.
 */
int	options_parse(const struct command *, int argc, char *argv[],
	    void (*take)(int val, const char *value, void *context),
	    void *context);

/*
 * Ends --help or --version: exit 0 once the standard output has taken it
 * all, else 1 with a message.
 */
_Noreturn void	exit_printed(void);

/*
 * Every message from here on, whoever says it, starts "bheapsim: NAME: "
 * (err.h's prefix), NAME a subcommand's.  The prefix is written into
 * `prefix`, which must outlive every message: main's, which ends with
 * exit().
 */
#define OPTIONS_PREFIX_BYTES	(NAME_MAX + 64)
void	options_name_messages(char prefix[OPTIONS_PREFIX_BYTES],
	    const char *name);

#endif
