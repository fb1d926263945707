/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_jobs.c: how --jobs schedules its children.  The runs that time
 * the heap untracked come first and run alone, each with no other child
 * beside it; the tracked runs after them run side by side.  Watched from
 * outside, through /proc, as the children come and go.
 */
#include <sys/types.h>
#include <sys/wait.h>

#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <unistd.h>

#include "tests.h"

/* Parameters ---------------------------------------------------------- */

#define POLL_US		500	/* between two looks at the children */
#define MOST_SEEN	64	/* children of one run, and more */

/* Four layouts, each an untracked run and a tracked one: eight children. */
#define LAYOUTS		4

/* Helpers ------------------------------------------------------------- */

/* parent's children now, at most `most`, in kids; returns how many. */
static size_t
children_now(pid_t parent, pid_t kids[], size_t most)
{
	char path[64];
	size_t n = 0;
	int child;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/children", (int)parent,
	    (int)parent);
	f = fopen(path, "r");
	if (f == NULL)
		return 0;
	while (n < most && fscanf(f, "%d", &child) == 1)
		kids[n++] = child;
	fclose(f);
	return n;
}

/* The index of pid in seen[0 .. *nseen - 1], added at the end if new. */
static size_t
seen_index(pid_t seen[], size_t *nseen, pid_t pid)
{
	size_t i;

	for (i = 0; i < *nseen; i++)
		if (seen[i] == pid)
			return i;
	ck_assert_msg(*nseen < MOST_SEEN, "more than %d children", MOST_SEEN);
	seen[*nseen] = pid;
	return (*nseen)++;
}

/* Tests -------------------------------------------------------------- */

START_TEST(untracked_runs_alone)
{
	const char *const args[] = { "--items", "300K", "--ops", "600K",
	    "--layout", "all", "--cache", "off", "--tlb", "off", "--jobs",
	    "4", NULL };
	pid_t pid = spawn_start(args, -1), seen[MOST_SEEN], kids[MOST_SEEN];
	bool beside[MOST_SEEN] = { false };
	size_t nseen = 0, most = 0, n, i;
	int status;

	while (waitpid(pid, &status, WNOHANG) == 0) {
		n = children_now(pid, kids, MOST_SEEN);
		for (i = 0; i < n; i++)
			beside[seen_index(seen, &nseen, kids[i])] |= n > 1;
		most = n > most ? n : most;
		usleep(POLL_US);
	}
	ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	    "the run exited %d", status);
	/* LeakSanitizer's tracer, a child too, comes at the very end. */
	ck_assert_msg(nseen >= 2 * LAYOUTS, "saw %zu children of %d", nseen,
	    2 * LAYOUTS);
	for (i = 0; i < LAYOUTS; i++)
		ck_assert_msg(!beside[i], "untracked child %zu of %d ran "
		    "beside another", i + 1, LAYOUTS);
	ck_assert_msg(most >= 2, "the tracked runs never ran side by side "
	    "(at most %zu child at once)", most);
}
END_TEST

/* Suite --------------------------------------------------------------- */

Suite *
jobs_suite(void)
{
	Suite *suite = suite_create("jobs");
	TCase *tc = tcase_create("schedule");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, untracked_runs_alone);
	suite_add_tcase(suite, tc);
	return suite;
}
