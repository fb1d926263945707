/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * main.c: runs every suite, each in a process of its own, as many at a
 * time as there are CPUs online ($BHEAPSIM_TEST_JOBS to choose; 1 runs
 * them one after another).  A suite's report (Check's, as CK_VERBOSITY
 * asks, and whatever its tests wrote to stderr) is printed whole when it
 * ends, with its wall and CPU time; then the total.  Exits non-zero if
 * any check fails or any suite's process dies.
 *
 * CK_RUN_SUITE and CK_RUN_CASE choose as in Check: a suite with nothing
 * to run prints nothing.  A log that Check's CK_LOG_FILE_NAME,
 * CK_XML_LOG_FILE_NAME or CK_TAP_LOG_FILE_NAME asks for is one per
 * suite, the name with ".N" added, N its place below.
 */
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "tests.h"

/*
 * Longest first, so that the short ones fill in beside the long and the
 * workers end together: by CPU time in make sanitize built by clang
 * (cli 121 s, explore 92, heap 91, cache 63, sweeps 38, threec 25;
 * estimate skips itself) and make check (cli 57 s, estimate 33, heap
 * 19, explore 15, sweeps 14, cache 11, then 6 and less).
 */
static Suite *(*const suites[])(void) = {
	cli_suite,
	explore_suite,
	heap_suite,
	estimate_suite,
	cache_suite,
	sweeps_suite,
	threec_suite,
	jobs_suite,
	arena_suite,
	recorder_suite,
	exits_suite,
	curve_suite,
	layout_suite,
	policy_suite,
	table_suite,
	manual_suite,
	points_suite,
	reliability_suite,
	files_suite,
	explain_suite,
	large_suite,
	stream_suite,
	counted_suite,
	messages_suite,
	plot_suite,
	stackdist_suite,
	veb_suite,
	machine_suite,
	compare_suite,
	names_suite,
	vmsim_suite,
	dryrun_suite,
	pmu_suite,
	parse_suite,
	time_suite,
	predict_suite,
};
#define NSUITES (sizeof(suites) / sizeof(suites[0]))
#define MAX_JOBS 64

/* What a suite's process reports, in memory shared with it. */
struct tally {
	int	done;		/* set last: the counts below are whole */
	int	run;
	int	failures;
	int	errors;
};

struct worker {
	pid_t		 pid;
	FILE		*report;	/* its stdout and stderr */
	struct timespec	 start;
};

static int
jobs(void)
{
	const char *env = getenv("BHEAPSIM_TEST_JOBS");
	long n;
	char *end;

	if (env != NULL && *env != '\0') {
		n = strtol(env, &end, 10);
		if (*end != '\0' || n < 1 || n > MAX_JOBS) {
			fprintf(stderr, "BHEAPSIM_TEST_JOBS=%s: not a number "
			    "from 1 to %d\n", env, MAX_JOBS);
			exit(EXIT_FAILURE);
		}
		return (int)n;
	}
	n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > MAX_JOBS ? MAX_JOBS : (int)n;
}

/* Check's log files, one per suite: the name asked for, then ".i". */
static void
name_logs(SRunner *runner, size_t i)
{
	static const char *const env[] = { "CK_LOG_FILE_NAME",
	    "CK_XML_LOG_FILE_NAME", "CK_TAP_LOG_FILE_NAME" };
	static void (*const set[])(SRunner *, const char *) = {
	    srunner_set_log, srunner_set_xml, srunner_set_tap };
	static char name[3][4096];
	const char *base;
	size_t e;

	for (e = 0; e < 3; e++) {
		base = getenv(env[e]);
		if (base == NULL || *base == '\0' || strcmp(base, "-") == 0)
			continue;
		snprintf(name[e], sizeof(name[e]), "%s.%zu", base, i);
		set[e](runner, name[e]);
	}
}

/* The process of suite i: runs it, tallies it, exits. */
static void
run_suite(size_t i, struct tally *tally)
{
	SRunner *runner = srunner_create(suites[i]());
	TestResult **results;
	int n, r;

	name_logs(runner, i);
	srunner_run_all(runner, CK_ENV);
	n = srunner_ntests_run(runner);
	results = srunner_results(runner);
	for (r = 0; r < n; r++) {
		if (tr_rtype(results[r]) == CK_FAILURE)
			tally->failures++;
		else if (tr_rtype(results[r]) == CK_ERROR)
			tally->errors++;
	}
	free(results);
	tally->run = n;
	tally->done = 1;
	srunner_free(runner);
	fflush(stdout);
	_exit(tally->failures + tally->errors == 0 ? EXIT_SUCCESS :
	    EXIT_FAILURE);
}

static void
start(struct worker *w, size_t i, struct tally *tally)
{
	/* Close-on-exec: the suites' programs inherit no worker's file. */
	w->report = tmpfile();
	if (w->report == NULL ||
	    fcntl(fileno(w->report), F_SETFD, FD_CLOEXEC) != 0) {
		perror("tests: tmpfile");
		exit(EXIT_FAILURE);
	}
	fflush(stdout);
	fflush(stderr);
	clock_gettime(CLOCK_MONOTONIC, &w->start);
	w->pid = fork();
	if (w->pid < 0) {
		perror("tests: fork");
		exit(EXIT_FAILURE);
	}
	if (w->pid == 0) {
		if (dup2(fileno(w->report), STDOUT_FILENO) < 0 ||
		    dup2(fileno(w->report), STDERR_FILENO) < 0)
			_exit(127);
		run_suite(i, tally);
	}
}

/*
 * Prints what suite i's process wrote and took; returns whether it ran
 * to its end with every check passed.
 */
static int
finish(struct worker *w, size_t i, int status, const struct rusage *ru,
    const struct tally *tally)
{
	struct timespec end;
	char buf[65536];
	size_t n;
	int ok = WIFEXITED(status) && WEXITSTATUS(status) == 0 &&
	    tally->done;

	clock_gettime(CLOCK_MONOTONIC, &end);
	if (tally->done && tally->run == 0 && ok) {
		fclose(w->report);
		return 1;
	}
	rewind(w->report);
	while ((n = fread(buf, 1, sizeof(buf), w->report)) > 0)
		fwrite(buf, 1, n, stdout);
	fclose(w->report);
	if (!tally->done) {
		if (WIFSIGNALED(status))
			printf("tests: suite %zu's process died of signal %d\n",
			    i, WTERMSIG(status));
		else
			printf("tests: suite %zu's process exited %d before "
			    "its tally\n", i, WEXITSTATUS(status));
	}
	printf("  (%.1f s, %.1f s of CPU)\n",
	    (double)(end.tv_sec - w->start.tv_sec) +
	    (double)(end.tv_nsec - w->start.tv_nsec) / 1e9,
	    (double)(ru->ru_utime.tv_sec + ru->ru_stime.tv_sec) +
	    (double)(ru->ru_utime.tv_usec + ru->ru_stime.tv_usec) / 1e6);
	fflush(stdout);
	return ok;
}

int
main(void)
{
	struct worker worker[NSUITES];
	struct tally *tally;
	struct rusage ru;
	size_t next = 0, i;
	int running = 0, max = jobs(), all_ok = 1, status, run = 0, bad = 0;
	int failures = 0, errors = 0;
	pid_t pid;

	tally = mmap(NULL, sizeof(*tally) * NSUITES, PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (tally == MAP_FAILED) {
		perror("tests: mmap");
		return EXIT_FAILURE;
	}
	memset(tally, 0, sizeof(*tally) * NSUITES);
	while (next < NSUITES || running > 0) {
		if (next < NSUITES && running < max) {
			start(&worker[next], next, &tally[next]);
			next++;
			running++;
			continue;
		}
		pid = wait4(-1, &status, 0, &ru);
		if (pid < 0) {
			if (errno == EINTR)
				continue;
			perror("tests: wait");
			return EXIT_FAILURE;
		}
		for (i = 0; i < next && worker[i].pid != pid; i++)
			continue;
		if (i == next)
			continue;
		running--;
		worker[i].pid = 0;
		all_ok &= finish(&worker[i], i, status, &ru, &tally[i]);
		run += tally[i].run;
		failures += tally[i].failures;
		errors += tally[i].errors;
	}
	bad = failures + errors;
	printf("All suites: %d%%: Checks: %d, Failures: %d, Errors: %d\n",
	    run > 0 ? (int)((double)(run - bad) / run * 100) : 0, run,
	    failures, errors);
	return all_ok && bad == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
