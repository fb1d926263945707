/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * main.c: bheapsim's command line: the plan it asks for, the runs, the
 * outputs; or "bheapsim explain" and "bheapsim compare".
 *
 * bheapsim runs heap layouts (heap.h's registry: Kamp's B-heap, the
 * binary heap and others) through the same timer workloads, counts the
 * page faults a resident set of a given size would take and the misses
 * of the caches and TLB, and reports them beside what the kernel saw.
 * See README.md for the experiment and bheapsim --help for the options.
 */
#include <err.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "compare_cmd.h"
#include "experiment.h"
#include "explain_cmd.h"
#include "machine.h"
#include "options.h"
#include "outputs.h"
#include "peak.h"
#include "pmu.h"
#include "report.h"
#include "stop.h"

/*
 * The plan the command line asks for.  Returns whether the CPU's
 * counters cannot be read here, with why in pmu_absent (pmu.h).
 */
static bool
configure(int argc, char *argv[], struct plan *plan,
    char pmu_absent[PMU_NOTE_BYTES])
{
	struct plan_request request = { 0 };
	struct machine_hierarchy machine;
	char why[PLAN_WHY_BYTES], note[PLAN_WHY_BYTES];
	bool absent;

	config_defaults(&request.config);
	/* The options change this machine's hierarchy, level by level. */
	machine_hierarchy(MACHINE_CACHE_ROOT, &machine);
	request.config.cache = machine.geometry;
	request.machine = machine.geometry;
	args_parse(argc, argv, &request);
	/* Asked once: the note, if any, is said when the runs start. */
	absent = pmu_note(pmu_absent);
	request.config.pmu = !absent;
	request.processors = machine_processors();
	if (plan_make(plan, &request, why) != 0)
		errx(EXIT_USAGE, "%s", why);
	peak_fit_jobs(plan);
	if (peak_check(plan, why) != 0)
		errx(EXIT_USAGE, "%s", why);
	/* A run that needs a lot of memory says so before it starts. */
	if (plan_memory_note(plan, note) && !plan->dry_run)
		warnx("%s", note);
	return absent;
}

int
main(int argc, char *argv[])
{
	struct outputs out = { 0 };
	struct output_paths paths;
	struct experiment_rows rows = { 0 };
	struct plan plan;
	char pmu_absent[PMU_NOTE_BYTES], prefix[OPTIONS_PREFIX_BYTES];
	bool absent;
	int status;

	outfile_standard_fds();
	stop_trap_fatal();
	/* exit(), not return: the messages' prefix lives in this frame. */
	if (argc > 1 && strcmp(argv[1], "explain") == 0) {
		options_name_messages(prefix, "explain");
		exit(explain_main(argc - 1, argv + 1));
	}
	if (argc > 1 && strcmp(argv[1], "compare") == 0) {
		options_name_messages(prefix, "compare");
		exit(compare_main(argc - 1, argv + 1));
	}
	absent = configure(argc, argv, &plan, pmu_absent);
	paths.report = plan.base.report.output;
	paths.trace = plan.base.report.trace;
	memcpy(paths.plot, plan.plot, sizeof(paths.plot));
	if (plan.dry_run) {
		/* What the real run would refuse, the dry run refuses too. */
		status = outputs_check(&paths, plan.force);
		if (status != 0) {
			plan_free(&plan);
			return status;
		}
		if (plan_write_needs(stdout, &plan) != 0)
			err(EXIT_FAILURE, "stdout");
		plan_free(&plan);
		return 0;
	}
	/* Trapped first, so that a FIFO's open waiting for a reader yields. */
	experiment_trap_signals();
	status = outputs_open(&out, &paths, plan.force);
	/*
	 * Once, for every run of the invocation, as it starts, and only if
	 * --columns named a pmu_ field (--version says it too); no failure.
	 */
	if (status == 0 && absent && report_columns_name_pmu(&plan.base))
		warnx("%s", pmu_absent);
	if (status == 0) {
		status = experiment_run(&plan, plan.jobs, out.trace.stream,
		    &rows);
		status = outputs_finish(&out, &plan.base, rows.rows, rows.count,
		    plan.plot_y, status);
	}
	plan_free(&plan);
	experiment_rows_free(&rows);
	return status;
}
