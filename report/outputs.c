/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * outputs.c: checking, opening, writing and closing the report, trace
 * and plot files.
 */
#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "experiment.h"
#include "escape.h"
#include "outputs.h"
#include "plot.h"
#include "report.h"

/* Parameters -------------------------------------------------------- */

#define NOUTPUTS	3

static const char *const option_names[NOUTPUTS] = { "--output", "--trace",
    "--plot" };

/* Opening ----------------------------------------------------------- */

static void
discard_outputs(struct outputs *out)
{
	outfile_discard(&out->report);
	outfile_discard(&out->trace);
	outfile_discard(&out->plot);
}

int
outputs_check(const char *report, const char *trace, const char *plot,
    bool force)
{
	const char *paths[NOUTPUTS] = { report, trace, plot };
	const char *why;
	unsigned i, j;

	for (i = 0; i < NOUTPUTS; i++) {
		if (paths[i] == NULL)
			continue;
		why = outfile_refusal(paths[i], force);
		if (why != NULL) {
			warnx("%s: '%s' %s", option_names[i], printable(paths[i]),
			    why);
			return EXIT_USAGE;
		}
		/* No --output: the report goes to the standard output. */
		if (report == NULL && outfile_same_fd(paths[i], 1)) {
			warnx("%s '%s' is the standard output, where the report "
			    "goes; give --output", option_names[i],
			    printable(paths[i]));
			return EXIT_USAGE;
		}
	}
	for (i = 0; i < NOUTPUTS; i++)
		for (j = i + 1; j < NOUTPUTS; j++)
			if (paths[i] != NULL && paths[j] != NULL &&
			    outfile_same(paths[i], paths[j])) {
				warnx("%s '%s' and %s '%s' are the same file",
				    option_names[i], printable(paths[i]),
				    option_names[j], printable(paths[j]));
				return EXIT_USAGE;
			}
	return 0;
}

int
outputs_open(struct outputs *out, const char *report, const char *trace,
    const char *plot, bool force)
{
	const char *paths[NOUTPUTS] = { report, trace, plot };
	struct outfile *files[NOUTPUTS] = { &out->report, &out->trace,
	    &out->plot };
	unsigned i;
	int status;

	memset(out, 0, sizeof(*out));
	status = outputs_check(report, trace, plot, force);
	if (status != 0)
		return status;
	for (i = 0; i < NOUTPUTS; i++) {
		if (paths[i] == NULL || outfile_open(files[i], paths[i]) == 0)
			continue;
		discard_outputs(out);
		/* Waiting for a FIFO's reader, say, until a signal came. */
		if (errno == EINTR && experiment_signal() != 0)
			return EXIT_SIGNAL(experiment_signal());
		warnx("%s: cannot write '%s': %s", option_names[i],
		    printable(paths[i]), strerror(errno));
		return EXIT_USAGE;
	}
	return 0;
}

/* Writing ----------------------------------------------------------- */

/* The phase a plot shows: the last one asked for. */
static enum workload
plotted_workload(const struct config *config)
{
	unsigned w = WL_COUNT;

	while (w-- > 0)
		if (config->workloads & 1u << w)
			return w;
	return WL_FILL;
}

static int
write_report(struct outputs *out, const struct config *base,
    const struct result *rows, size_t nrows)
{
	const char *path = out->report.path;

	if (path == NULL) {
		if (report_write(stdout, base, rows, nrows) == 0)
			return 0;
		/* A reader that went away has been told by SIGPIPE. */
		if (errno != EPIPE && errno != EINTR)
			warn("stdout");
		return 1;
	}
	if (report_write(out->report.stream, base, rows, nrows) != 0 ||
	    outfile_commit(&out->report) != 0) {
		/* Stopped by a signal, which the exit status tells. */
		if (errno != EINTR)
			warn("--output: %s", path);
		return 1;
	}
	return 0;
}

static int
write_plot(struct outputs *out, const struct config *base,
    const struct result *rows, size_t nrows, const char *plot_y)
{
	const char *path = out->plot.path;

	if (path == NULL)
		return 0;
	if (plot_write(out->plot.stream, base, rows, nrows, plot_y,
	    plotted_workload(base)) != 0) {
		warnx("--plot: no positive %s to draw in '%s'", plot_y, path);
		return 1;
	}
	if (outfile_commit(&out->plot) != 0) {
		warn("--plot: %s", path);
		return 1;
	}
	return 0;
}

int
outputs_finish(struct outputs *out, const struct config *base,
    const struct result *rows, size_t nrows, const char *plot_y,
    int status)
{
	int signo = experiment_signal();

	/* A trace is one whole run or nothing. */
	if (out->trace.path != NULL && status == 0 &&
	    outfile_commit(&out->trace) != 0) {
		warn("--trace: %s", out->trace.path);
		status = 1;
	}
	/*
	 * After a signal the completed rows are kept, in whole files; with
	 * none, every file stays as it was rather than become a header.
	 */
	if (status == 0 || (signo != 0 && nrows > 0)) {
		if (write_report(out, base, rows, nrows) != 0 ||
		    write_plot(out, base, rows, nrows, plot_y) != 0)
			status = 1;
	}
	discard_outputs(out);
	/* SIGPIPE comes during the writing, if the report's reader left. */
	signo = experiment_signal();
	return signo != 0 ? EXIT_SIGNAL(signo) : status;
}
