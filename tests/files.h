/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * files.h: what test_files.c and test_exits.c share: scratch files,
 * temporary files awaited, and the entries a directory must hold.
 */
#ifndef FILES_H
#define FILES_H

#include <stdbool.h>
#include <stddef.h>

/* Parameters -------------------------------------------------------- */

#define EXIT_USAGE	2
#define TEMP_POLL_US	5000		/* how often to look for a temp file */
#define TEMP_WAIT_US	10000000	/* how long a temp file may take */

/* A run of several seconds, so that a signal lands inside it. */
#define LONG_RUN	"--items", "1M", "--workload", "all"

/* A note on stderr: `test` skipped, and why. */
void	skip(const char *test, const char *why);
/*
 * A refusal that states a bound: `o` exited 2 with `lead`, a number and
 * `after` on stderr, and the manual ($BHEAPSIM_MAN) says that number
 * between `before` and `after` (grep's pattern, without a quote).
 * `test` is skipped where no manual is named.
 */
void	expect_bound_documented(const char *test, const struct outcome *o,
	    const char *lead, const char *before, const char *after);
bool	is_char_device(const char *path);
void	write_file(const char *path, const char *text);
/* A whole report of one header and whole CSV rows; returns the rows. */
size_t	csv_rows(const char *path);
/* Waits until dir holds a temporary file of `name`. */
void	await_temp(const char *dir, const char *name);
/* dir holds exactly the space-separated entries `expected`. */
void	expect_entries(const char *dir, const char *expected,
	    const char *after);

#endif
