/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * outputs.h: the report, trace and plot files of one invocation, each
 * written by outfile.h's rule.
 *
 * All are checked and opened before anything runs, so a bad path costs
 * nothing; after the runs the trace is kept only whole, and the report
 * and plot hold whole rows, or after a signal with no row yet are left
 * as they were.
 */
#ifndef OUTPUTS_H
#define OUTPUTS_H

#include <stdbool.h>
#include <stddef.h>

#include "config.h"
#include "outfile.h"
#include "request.h"
#include "workload.h"

/* Where one invocation writes, by option: NULL where it was not given. */
struct output_paths {
	const char	*report;	/* --output; NULL: standard output */
	const char	*trace;		/* --trace */
	const char	*plot[PLOT_MAX];	/* each --plot */
};

struct outputs {
	struct outfile	report;		/* path NULL: the standard output */
	struct outfile	trace;		/* path NULL: none */
	struct outfile	plot[PLOT_MAX];	/* path NULL: none */
};

/*
 * Opens each path given (NULL: none) after checking it and that no two
 * are one file.  Returns 0; EXIT_USAGE after one line naming the option
 * and the value; or EXIT_SIGNAL(signo) if a signal trapped by
 * experiment_trap_signals() came while an open waited, as on a FIFO
 * with no reader yet.
 */
int	outputs_open(struct outputs *, const struct output_paths *,
	    bool force);
/*
 * The checks of outputs_open(), opening nothing, for --dry-run too:
 * outfile_refusal() for each path given (force: as --force), none the
 * standard output when the report goes there, no two one file.  Returns
 * 0, or EXIT_USAGE after one line.
 */
int	outputs_check(const struct output_paths *, bool force);

/*
 * Writes the rows of runs that ended with `status`, or after a signal
 * those completed, each plot drawing its field of plot_y, and closes
 * every file.  Returns the exit status: EXIT_SIGNAL(signo) after a
 * signal, 1 if a file could not be written (each one says so; the
 * others are written still), else `status`.
 */
int	outputs_finish(struct outputs *, const struct config *base,
	    const struct result *rows, size_t nrows,
	    const char *const plot_y[PLOT_MAX], int status);

#endif
