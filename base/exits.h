/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * exits.h: bheapsim's exit statuses, the one list that --help, the man
 * page and every caller of exit() or errx() refer to.
 */
#ifndef EXITS_H
#define EXITS_H

#include <signal.h>
#include <stdlib.h>

/* EXIT_SUCCESS (0) and EXIT_FAILURE (1: a system call failed) are libc's. */
#define EXIT_USAGE		2	/* bad input, found before any work */
#define EXIT_BROKEN_HEAP	3	/* a heap popped out of order */
/* Stopped by a signal: 128 + its number, as a shell reports it. */
#define EXIT_SIGNAL(signo)	(128 + (signo))
#define EXIT_INTERRUPTED	EXIT_SIGNAL(SIGINT)

#endif
