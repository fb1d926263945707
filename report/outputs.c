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

/* The report, the trace and each plot: the order of every list here. */
#define NOUTPUTS	(2 + PLOT_MAX)

static const char *
option_name(unsigned i)
{
	return i == 0 ? "--output" : i == 1 ? "--trace" : "--plot";
}

/* Opening ----------------------------------------------------------- */

static void
list_paths(const struct output_paths *given, const char *paths[NOUTPUTS])
{
	paths[0] = given->report;
	paths[1] = given->trace;
	memcpy(&paths[2], given->plot, sizeof(given->plot));
}

static void
list_files(struct outputs *out, struct outfile *files[NOUTPUTS])
{
	unsigned i;

	files[0] = &out->report;
	files[1] = &out->trace;
	for (i = 0; i < PLOT_MAX; i++)
		files[2 + i] = &out->plot[i];
}

static void
discard_outputs(struct outputs *out)
{
	struct outfile *files[NOUTPUTS];
	unsigned i;

	list_files(out, files);
	for (i = 0; i < NOUTPUTS; i++)
		outfile_discard(files[i]);
}

int
outputs_check(const struct output_paths *given, bool force)
{
	const char *paths[NOUTPUTS], *report = given->report, *why;
	unsigned i, j;

	list_paths(given, paths);
	for (i = 0; i < NOUTPUTS; i++) {
		if (paths[i] == NULL)
			continue;
		why = outfile_refusal(paths[i], force);
		if (why != NULL) {
			warnx("%s: '%s' %s", option_name(i),
			    printable(paths[i]), why);
			return EXIT_USAGE;
		}
		/* No --output: the report goes to the standard output. */
		if (report == NULL && outfile_same_fd(paths[i], 1)) {
			warnx("%s '%s' is the standard output, where the report "
			    "goes; give --output", option_name(i),
			    printable(paths[i]));
			return EXIT_USAGE;
		}
	}
	for (i = 0; i < NOUTPUTS; i++)
		for (j = i + 1; j < NOUTPUTS; j++)
			if (paths[i] != NULL && paths[j] != NULL &&
			    outfile_same(paths[i], paths[j])) {
				warnx("%s '%s' and %s '%s' are the same file",
				    option_name(i), printable(paths[i]),
				    option_name(j), printable(paths[j]));
				return EXIT_USAGE;
			}
	return 0;
}

int
outputs_open(struct outputs *out, const struct output_paths *given,
    bool force)
{
	const char *paths[NOUTPUTS];
	struct outfile *files[NOUTPUTS];
	unsigned i;
	int status;

	memset(out, 0, sizeof(*out));
	status = outputs_check(given, force);
	if (status != 0)
		return status;
	list_paths(given, paths);
	list_files(out, files);
	for (i = 0; i < NOUTPUTS; i++) {
		if (paths[i] == NULL || outfile_open(files[i], paths[i]) == 0)
			continue;
		discard_outputs(out);
		/* Waiting for a FIFO's reader, say, until a signal came. */
		if (errno == EINTR && experiment_signal() != 0)
			return EXIT_SIGNAL(experiment_signal());
		warnx("%s: cannot write '%s': %s", option_name(i),
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
write_plot(struct outfile *plot, const struct config *base,
    const struct result *rows, size_t nrows, const char *plot_y)
{
	const char *path = plot->path;

	if (path == NULL)
		return 0;
	if (plot_write(plot->stream, base, rows, nrows, plot_y,
	    plotted_workload(base)) != 0) {
		warnx("--plot: no positive %s to draw in '%s'", plot_y, path);
		return 1;
	}
	if (outfile_commit(plot) != 0) {
		warn("--plot: %s", path);
		return 1;
	}
	return 0;
}

int
outputs_finish(struct outputs *out, const struct config *base,
    const struct result *rows, size_t nrows,
    const char *const plot_y[PLOT_MAX], int status)
{
	int signo = experiment_signal();
	unsigned i;

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
		bool unreported = write_report(out, base, rows, nrows) != 0;
		bool failed = unreported;

		/*
		 * Plots of a report that failed (its reader gone, say) would
		 * pass for the run's; else each on its own, one that cannot
		 * be drawn saying so.
		 */
		for (i = 0; i < PLOT_MAX && !unreported; i++)
			failed |= write_plot(&out->plot[i], base, rows, nrows,
			    plot_y[i]) != 0;
		if (out->plot[0].path != NULL && !failed)
			plot_tell_workload(base, plotted_workload(base));
		if (failed)
			status = 1;
	}
	discard_outputs(out);
	/* SIGPIPE comes during the writing, if the report's reader left. */
	signo = experiment_signal();
	return signo != 0 ? EXIT_SIGNAL(signo) : status;
}
