/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_exits.c: every way a run can end leaves no temporary file: a
 * full filesystem, a file size limit, an address space too small (an
 * out-of-memory err()), and every signal whose default would kill.
 *
 * Mounts need root, as CI has; a case the machine does not allow is
 * skipped with a note on stderr.
 */
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests.h"
#include "files.h"

/* Parameters -------------------------------------------------------- */

#define SMALL_FS	"size=64k"	/* too small for a trace */

/* A full filesystem ------------------------------------------------------ */

/*
 * In a mount namespace of this test's own, so that the small tmpfs
 * vanishes with the test, whatever happens to it.
 */
static bool
mount_small_fs(const char *dir)
{
	if (unshare(CLONE_NEWNS) != 0 ||
	    mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0 ||
	    mount("bheapsim-test", dir, "tmpfs", 0, SMALL_FS) != 0) {
		skip("full_filesystem", strerror(errno));
		return false;
	}
	return true;
}

/* Fills the filesystem of dir, so that the next byte written fails. */
static void
fill_up(const char *dir)
{
	char path[PATH_MAX], block[4096];
	int fd;

	path_in(path, sizeof(path), dir, "filler");
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	ck_assert_msg(fd >= 0, "%s: %s", path, strerror(errno));
	memset(block, 'x', sizeof(block));
	while (write(fd, block, sizeof(block)) > 0)
		continue;
	ck_assert_msg(errno == ENOSPC, "filling %s: %s", path,
	    strerror(errno));
	close(fd);
}

START_TEST(full_filesystem)
{
	char dir[PATH_MAX], path[PATH_MAX], trace[PATH_MAX], head[16];
	struct outcome o;

	scratch_make(dir);
	if (!mount_small_fs(dir))
		return;
	path_in(path, sizeof(path), dir, "r.csv");
	path_in(trace, sizeof(trace), dir, "t.tr");
	write_file(path, "old report\n");
	/* A trace outgrows 64K by far. */
	run(&o, "--items", "20K", "--layout", "bheap", "--workload", "replace",
	    "--trace", trace, NULL);
	ck_assert_msg(o.status == 1 && strstr(o.err.data, "--trace") != NULL,
	    "%s: exit %d, stderr: %s", o.command, o.status, o.err.data);
	expect_entries(dir, "r.csv", o.command);
	outcome_free(&o);
	fill_up(dir);
	run(&o, "--items", "20K", "--output", path, NULL);
	ck_assert_msg(o.status == 1 && strstr(o.err.data, "--output") != NULL,
	    "%s: exit %d, stderr: %s", o.command, o.status, o.err.data);
	expect_entries(dir, "r.csv filler", o.command);
	file_head(path, head, sizeof(head));
	ck_assert_str_eq(head, "old report\n");
	outcome_free(&o);
	ck_assert(umount2(dir, MNT_DETACH) == 0);
	scratch_remove(dir);
}
END_TEST

/* Signals --------------------------------------------------------------- */

static const int stop_signals[] = { SIGTERM, SIGHUP, SIGPIPE, SIGINT,
    SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU };

#define NSTOP (sizeof(stop_signals) / sizeof(stop_signals[0]))

/*
 * A signal in the middle of a run: exit 128 + signal, no temporary
 * file, no process left, and the report holds whole rows or is absent.
 */
START_TEST(signal_mid_run)
{
	int signo = stop_signals[_i];
	char dir[PATH_MAX], path[PATH_MAX], left[256];
	pid_t pid;

	scratch_make(dir);
	path_in(path, sizeof(path), dir, "r.csv");
	pid = spawn_start((const char *const[]){ LONG_RUN, "--output", path,
	    NULL }, -1);
	await_temp(dir, "r.csv");
	usleep(700000);
	kill(pid, signo);
	ck_assert_int_eq(spawn_finish(pid), 128 + signo);
	if (list_dir(dir, left, sizeof(left)) > 0) {
		expect_entries(dir, "r.csv", strsignal(signo));
		ck_assert_uint_lt(csv_rows(path), 15);
	}
	scratch_remove(dir);
}
END_TEST

/* A trace is one whole run: a signal leaves none. */
START_TEST(signal_mid_trace)
{
	int signo = stop_signals[_i];
	char dir[PATH_MAX], path[PATH_MAX];
	pid_t pid;

	scratch_make(dir);
	path_in(path, sizeof(path), dir, "t.tr");
	pid = spawn_start((const char *const[]){ "--items", "1M", "--ops",
	    "10M", "--layout", "bheap", "--workload", "replace", "--trace",
	    path, NULL }, -1);
	await_temp(dir, "t.tr");
	usleep(300000);
	kill(pid, signo);
	ck_assert_int_eq(spawn_finish(pid), 128 + signo);
	expect_entries(dir, "", strsignal(signo));
	scratch_remove(dir);
}
END_TEST

/*
 * A sweep with two plots: nothing, or the report and both plots whole,
 * each with the rows completed (every row is of replace, the workload
 * the plots draw).
 */
START_TEST(signal_mid_sweep)
{
	int signo = stop_signals[_i];
	char dir[PATH_MAX], path[PATH_MAX], plot[PATH_MAX], faults[PATH_MAX];
	char head[8], left[256];
	const char *const plots[] = { plot, faults };
	pid_t pid;
	size_t k;

	scratch_make(dir);
	path_in(path, sizeof(path), dir, "r.csv");
	path_in(plot, sizeof(plot), dir, "p.svg");
	path_in(faults, sizeof(faults), dir, "f.svg");
	pid = spawn_start((const char *const[]){ "--sweep",
	    "items=100K,200K,400K,800K,1600K,3200K", "--workload", "replace",
	    "--output", path, "--plot", plot, "--plot-y", "modeled_s",
	    "--plot", faults, "--plot-y", "faults_per_op", NULL }, -1);
	await_temp(dir, "f.svg");
	usleep(1000000);
	kill(pid, signo);
	ck_assert_int_eq(spawn_finish(pid), 128 + signo);
	if (list_dir(dir, left, sizeof(left)) == 0) {
		scratch_remove(dir);
		return;
	}
	ck_assert_uint_lt(csv_rows(path), 6 * 3);
	expect_entries(dir, "f.svg p.svg r.csv", strsignal(signo));
	for (k = 0; k < sizeof(plots) / sizeof(plots[0]); k++) {
		file_head(plots[k], head, sizeof(head));
		ck_assert_msg(strncmp(head, "<svg", 4) == 0 ||
		    strncmp(head, "<?xml", 5) == 0, "%s starts %s", plots[k],
		    head);
	}
	scratch_remove(dir);
}
END_TEST

/*
 * The report's reader gone: exit 141 like a shell pipeline's writer,
 * and no temporary plot left behind.
 */
START_TEST(reader_gone)
{
	char dir[PATH_MAX], plot[PATH_MAX];
	int fds[2];
	pid_t pid;

	scratch_make(dir);
	path_in(plot, sizeof(plot), dir, "p.svg");
	ck_assert(pipe(fds) == 0);
	close(fds[0]);
	pid = spawn_start((const char *const[]){ "--items", "20K", "--sweep",
	    "resident=2..8:+2", "--plot", plot, NULL }, fds[1]);
	close(fds[1]);
	ck_assert_int_eq(spawn_finish(pid), 128 + SIGPIPE);
	expect_entries(dir, "", "a closed pipe");
	scratch_remove(dir);
}
END_TEST

/* The parent killed outright takes its child with it. */
START_TEST(parent_killed)
{
	pid_t pid, child = 0;
	int waited;

	pid = spawn_start((const char *const[]){ "--items", "1M", "--ops",
	    "20M", "--layout", "bheap", "--workload", "replace", NULL }, -1);
	for (waited = 0; waited < 1000 && child == 0; waited++) {
		usleep(10000);
		child = child_of(pid);
	}
	ck_assert_msg(child != 0, "bheapsim started no child in 10 s");
	kill(pid, SIGKILL);
	/* spawn_finish fails if the child outlives its parent. */
	ck_assert_int_eq(spawn_finish(pid), 128 + SIGKILL);
}
END_TEST

/*
 * A signal before the first row leaves an existing report as it was:
 * while the trace FIFO waits for a reader, and early in the fill.
 */
START_TEST(early_signal_keeps_report)
{
	static const char old[] = "an old report\n";
	char dir[PATH_MAX], path[PATH_MAX], fifo[PATH_MAX], head[64];
	pid_t pid;

	scratch_make(dir);
	path_in(path, sizeof(path), dir, "r.csv");
	path_in(fifo, sizeof(fifo), dir, "fifo");
	write_file(path, old);
	ck_assert(mkfifo(fifo, 0644) == 0);
	pid = spawn_start((const char *const[]){ "--items", "20K", "--layout",
	    "bheap", "--workload", "fill", "--output", path, "--trace", fifo,
	    NULL }, -1);
	await_temp(dir, "r.csv");
	usleep(100000);
	kill(pid, SIGTERM);
	ck_assert_int_eq(spawn_finish(pid), 128 + SIGTERM);
	expect_entries(dir, "r.csv fifo", "SIGTERM while opening a FIFO");
	file_head(path, head, sizeof(head));
	ck_assert_str_eq(head, old);

	pid = spawn_start((const char *const[]){ "--items", "4M", "--layout",
	    "binheap", "--workload", "replace", "--output", path, NULL }, -1);
	await_temp(dir, "r.csv");
	kill(pid, SIGINT);
	ck_assert_int_eq(spawn_finish(pid), 128 + SIGINT);
	expect_entries(dir, "r.csv fifo", "SIGINT in the fill");
	file_head(path, head, sizeof(head));
	ck_assert_str_eq(head, old);
	scratch_remove(dir);
}
END_TEST

/* Limits ------------------------------------------------------------------ */

/*
 * Runs $BHEAPSIM with args under one resource limit, stdout on
 * /dev/null; returns the exit status (128 + signal), stderr in err.
 */
static int
run_limited(int resource, rlim_t limit, const char *const args[],
    char *err, size_t size)
{
	const char *argv[MAX_ARGS + 2] = { getenv("BHEAPSIM") };
	int fds[2], status;
	size_t i, n = 0;
	ssize_t got;
	pid_t pid;

	ck_assert(argv[0] != NULL);
	for (i = 0; args[i] != NULL && i < MAX_ARGS; i++)
		argv[i + 1] = args[i];
	ck_assert(pipe(fds) == 0);
	pid = fork();
	ck_assert(pid >= 0);
	if (pid == 0) {
		struct rlimit rl = { limit, limit };
		int null = open("/dev/null", O_RDWR);

		if (null < 0 || setrlimit(resource, &rl) != 0)
			_exit(99);
		dup2(null, 0);
		dup2(null, 1);
		dup2(fds[1], 2);
		close(fds[0]);
		execv(argv[0], (char *const *)argv);
		_exit(98);
	}
	close(fds[1]);
	while (n + 1 < size && (got = read(fds[0], err + n, size - n - 1)) > 0)
		n += (size_t)got;
	err[n] = '\0';
	close(fds[0]);
	ck_assert(waitpid(pid, &status, 0) == pid);
	return WIFEXITED(status) ? WEXITSTATUS(status) :
	    128 + WTERMSIG(status);
}

/* Past ulimit -f, as on a full disk: exit 1, the old file kept. */
START_TEST(file_size_limit)
{
	char dir[PATH_MAX], path[PATH_MAX], head[64], err[1024];
	int status;

	scratch_make(dir);
	path_in(path, sizeof(path), dir, "r.csv");
	write_file(path, "old report\n");
	status = run_limited(RLIMIT_FSIZE, 4096, (const char *const[]){
	    "--items", "2000", "--page-size", "64", "--resident", "all",
	    "--ops", "1000", "--output", path, NULL }, err, sizeof(err));
	ck_assert_msg(status == 1 && strstr(err, "--output") != NULL,
	    "ulimit -f 4: exit %d, stderr: %s", status, err);
	expect_entries(dir, "r.csv", "a file size limit");
	file_head(path, head, sizeof(head));
	ck_assert_str_eq(head, "old report\n");
	scratch_remove(dir);
}
END_TEST

/*
 * err() on out of memory, in the middle of a run whose outputs are
 * open: no temporary file stays.  (Under ASan the limit stops the
 * program before anything is opened, which must leave none either.)
 */
START_TEST(out_of_memory)
{
	char dir[PATH_MAX], csv[PATH_MAX], svg[PATH_MAX], err[1024];
	int status;

	scratch_make(dir);
	path_in(csv, sizeof(csv), dir, "r.csv");
	path_in(svg, sizeof(svg), dir, "r.svg");
	status = run_limited(RLIMIT_AS, (rlim_t)200 << 20,
	    (const char *const[]){ "--items", "1M", "--layout", "binheap",
	    "--page-size", "64", "--resident", "all", "--cache", "off",
	    "--ops", "1000", "--output", csv, "--plot", svg, NULL }, err,
	    sizeof(err));
	ck_assert_msg(status != 0, "200 MB of address space: exit 0");
	expect_entries(dir, "", "an out-of-memory exit");
	scratch_remove(dir);
}
END_TEST

/* Suite ------------------------------------------------------------------ */

Suite *
exits_suite(void)
{
	Suite *suite = suite_create("exits");
	TCase *tc;

	tc = scratch_tcase("limits", 60);
	tcase_add_test(tc, full_filesystem);
	tcase_add_test(tc, file_size_limit);
	tcase_add_test(tc, out_of_memory);
	suite_add_tcase(suite, tc);

	tc = scratch_tcase("signals", 60);
	tcase_add_loop_test(tc, signal_mid_run, 0, (int)NSTOP);
	tcase_add_loop_test(tc, signal_mid_trace, 0, (int)NSTOP);
	tcase_add_loop_test(tc, signal_mid_sweep, 0, 2);
	tcase_add_test(tc, reader_gone);
	tcase_add_test(tc, parent_killed);
	tcase_add_test(tc, early_signal_keeps_report);
	suite_add_tcase(suite, tc);
	return suite;
}
