/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_reliability.c: issue 39's defects, each held here: fatal signals
 * leave no temporary file, and a refused argument is named as typed.
 */
#include <sys/resource.h>
#include <sys/types.h>

#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests.h"
#include "files.h"

/* Fatal signals ------------------------------------------------------ */

/* Signals whose default ends the process at once, most with a core. */
static const int fatal_signals[] = { SIGABRT, SIGSEGV, SIGBUS, SIGTRAP,
    SIGSYS, SIGSTKFLT, SIGPWR, SIGILL, SIGFPE };
#define NFATAL (sizeof(fatal_signals) / sizeof(fatal_signals[0]))

/* No core files in the scratch tree, whatever the machine's limit. */
static void
no_core(void)
{
	struct rlimit none = { 0, 0 };

	ck_assert(setrlimit(RLIMIT_CORE, &none) == 0);
}

/*
 * A fatal signal mid-run: the default action's exit status, and the
 * temporary report is gone with it.
 */
START_TEST(fatal_signal_leaves_no_temp)
{
	int signo = fatal_signals[_i];
	char dir[PATH_MAX], path[PATH_MAX];
	pid_t pid;

	no_core();
	scratch_make(dir);
	path_in(path, sizeof(path), dir, "o.csv");
	pid = spawn_start((const char *const[]){ LONG_RUN, "--output", path,
	    NULL }, -1);
	await_temp(dir, "o.csv");
	kill(pid, signo);
	ck_assert_int_eq(spawn_finish(pid), 128 + signo);
	expect_entries(dir, "", strsignal(signo));
	scratch_remove(dir);
}
END_TEST

/* SIGKILL may leave its temporary file; the next run is not troubled. */
START_TEST(killed_temp_harmless)
{
	char dir[PATH_MAX], path[PATH_MAX], left[256];
	struct outcome o;
	pid_t pid;

	scratch_make(dir);
	path_in(path, sizeof(path), dir, "o.csv");
	pid = spawn_start((const char *const[]){ "--items", "1M", "--ops",
	    "20M", "--layout", "bheap", "--workload", "replace", "--jobs",
	    "1", "--output", path, NULL }, -1);
	await_temp(dir, "o.csv");
	kill(pid, SIGKILL);
	ck_assert_int_eq(spawn_finish(pid), 128 + SIGKILL);
	run(&o, "--items", "1K", "--output", path, NULL);
	expect_success(&o);
	ck_assert_uint_gt(csv_rows(path), 0);
	ck_assert_uint_eq(list_dir(dir, left, sizeof(left)), 2);
	outcome_free(&o);
	scratch_remove(dir);
}
END_TEST

/* Arguments named as typed ------------------------------------------- */

static const struct typed {
	const char	*args[4];
	const char	*named;
} typed_cases[] = {
	{ { "-items", "5" }, "'-items'" },
	{ { "--dry-run", "-items", "5" }, "'-items'" },
	{ { "explain", "-items", "5" }, "'-items'" },
	{ { "compare", "-fx", "a.csv" }, "'-fx'" },
	{ { "-x", "-xy" }, "'-x'" },
	{ { "--output", "-x", "-yz" }, "'-yz'" },
	{ { "--frobnicate" }, "'--frobnicate'" },
};
#define NTYPED (sizeof(typed_cases) / sizeof(typed_cases[0]))

START_TEST(unknown_cluster_named_as_typed)
{
	const struct typed *t = &typed_cases[_i];
	struct outcome o;

	run_argv(&o, t->args);
	ck_assert_msg(o.status == EXIT_USAGE && one_line(&o.err) &&
	    strstr(o.err.data, t->named) != NULL &&
	    strstr(o.err.data, "unknown option") != NULL,
	    "%s: exit %d, stderr: %s (wanted %s)", o.command, o.status,
	    o.err.data, t->named);
	outcome_free(&o);
}
END_TEST

/* Suite -------------------------------------------------------------- */

Suite *
reliability_suite(void)
{
	Suite *suite = suite_create("reliability");
	TCase *tc;

	tc = scratch_tcase("fatal", 60);
	tcase_add_loop_test(tc, fatal_signal_leaves_no_temp, 0, (int)NFATAL);
	tcase_add_test(tc, killed_temp_harmless);
	suite_add_tcase(suite, tc);

	tc = tcase_create("typed");
	tcase_add_loop_test(tc, unknown_cluster_named_as_typed, 0,
	    (int)NTYPED);
	suite_add_tcase(suite, tc);
	return suite;
}
