/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_reliability.c: issue 39's defects, each held here: fatal signals
 * leave no temporary file, a refused argument is named as typed, a
 * signal stops a long table, small times show, compare writes no
 * figure that cannot be, --columns is the table's alone, a sweep value
 * runs once, --output - is the standard output, --jobs fits the
 * descriptor limit, and --dry-run refuses every output and --vm-dir the
 * run refuses.
 *
 * Mounts and another user need root; a case the machine does not allow
 * is skipped with a note on stderr.
 */
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>

#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <sched.h>
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

/* A long table ------------------------------------------------------ */

/*
 * A table of 7,500 rows, read from a pipe: SIGTERM once its first bytes
 * came ends it at the next sweep point, exit 143.  The pipe holds 64K
 * (a tenth of the table) ahead of the reader, so a writer that heeds no
 * signal while it writes gives every row.
 */
START_TEST(signal_stops_table)
{
	char buf[4096];
	size_t got = 0, lines = 0;
	ssize_t n, i;
	int fds[2];
	pid_t pid;

	ck_assert(pipe(fds) == 0);
	pid = spawn_start((const char *const[]){ "--items", "10K", "--ops",
	    "1K", "--layout", "bheap", "--page-size", "64", "--model", "full",
	    "--resident", "all", NULL }, fds[1]);
	close(fds[1]);
	while ((n = read(fds[0], buf, sizeof(buf))) != 0) {
		ck_assert_msg(n > 0 || errno == EINTR, "read: %s",
		    strerror(errno));
		if (n < 0)
			continue;
		if (got < 1000 && got + (size_t)n >= 1000)
			kill(pid, SIGTERM);
		got += (size_t)n;
		for (i = 0; i < n; i++)
			lines += buf[i] == '\n';
	}
	close(fds[0]);
	ck_assert_int_eq(spawn_finish(pid), 128 + SIGTERM);
	ck_assert_msg(lines < 7500 / 2, "%zu lines after SIGTERM", lines);
}
END_TEST

/* Small times ------------------------------------------------------- */

/* modeled_s is heap_cpu_s plus faults times 1 ns: above it, never 0. */
START_TEST(modeled_s_above_heap_cpu_s)
{
	struct table t;
	struct outcome o;
	size_t r;

	run(&o, "--items", "2000", "--ops", "500", "--layout", "bheap",
	    "--workload", "replace", "--resident", "1", "--disk-latency", "1ns",
	    "--format", "csv", NULL);
	expect_success(&o);
	table_parse(&t, o.out.data, o.command);
	for (r = 0; r < t.nrows; r++) {
		double modeled = strtod(table_get(&t, r, "modeled_s"), NULL);
		double heap = strtod(table_get(&t, r, "heap_cpu_s"), NULL);

		ck_assert_msg(table_get_u64(&t, r, "sim_faults") > 0 &&
		    modeled > heap && heap > 0, "%s: row %zu: modeled_s %s, "
		    "heap_cpu_s %s", o.command, r,
		    table_get(&t, r, "modeled_s"),
		    table_get(&t, r, "heap_cpu_s"));
	}
	table_free(&t);
	outcome_free(&o);
}
END_TEST

/* Finer than the report shows (a nanosecond, a picosecond): refused. */
static const char *const too_fine[][2] = {
	{ "--disk-latency", "0.4ns" },
	{ "--disk-latency", "0.0001ns" },
	{ "--disk-latency", "1.5ns" },
	{ "--latency", "l1=0.0001ns" },
	{ "--latency", "mem=0.0000000000001s" },
};
#define NTOO_FINE (sizeof(too_fine) / sizeof(too_fine[0]))

START_TEST(latency_too_fine_refused)
{
	const char *option = too_fine[_i][0];
	const char *says = strcmp(option, "--disk-latency") == 0 ?
	    "whole nanoseconds" : "picosecond";
	struct outcome o;

	run(&o, "--items", "1000", option, too_fine[_i][1], NULL);
	ck_assert_msg(o.status == EXIT_USAGE && one_line(&o.err) &&
	    strstr(o.err.data, option) != NULL &&
	    strstr(o.err.data, says) != NULL, "%s: exit %d, stderr: %s",
	    o.command, o.status, o.err.data);
	outcome_free(&o);
}
END_TEST

/* Plots of small times are drawn, their axis scaled to them. */
static const char *const small_plots[][8] = {
	{ "--ops", "300", "--layout", "all", "--sweep", "items=100,120" },
	{ "--items", "1", "--resident", "all" },
};
#define NSMALL_PLOTS (sizeof(small_plots) / sizeof(small_plots[0]))

START_TEST(small_times_plotted)
{
	char dir[PATH_MAX], plot[PATH_MAX], head[8];
	const char *args[16];
	struct outcome o;
	size_t n = 0;

	scratch_make(dir);
	path_in(plot, sizeof(plot), dir, "p.svg");
	for (; n < 8 && small_plots[_i][n] != NULL; n++)
		args[n] = small_plots[_i][n];
	args[n++] = "--plot";
	args[n++] = plot;
	args[n++] = "--format";
	args[n++] = "csv";
	args[n] = NULL;
	run_argv(&o, args);
	ck_assert_msg(o.status == 0, "%s: exit %d, stderr: %s", o.command,
	    o.status, o.err.data);
	file_head(plot, head, sizeof(head));
	ck_assert_msg(strncmp(head, "<svg", 4) == 0 ||
	    strncmp(head, "<?xml", 5) == 0, "the plot starts %s", head);
	outcome_free(&o);
	scratch_remove(dir);
}
END_TEST

/* compare ------------------------------------------------------------ */

#define COMPARE_HEADER	"workload,layout,abi,where,arena_kib,arena_rss_kib," \
			"vsz_kib,rss_kib,maxrss_kib,minflt,entries_per_page," \
			"faults_per_op,ns_per_op\n"

/* A CSV file of `rows` in a new scratch directory, named in path. */
static void
compare_file(char path[PATH_MAX], const char *rows)
{
	char dir[PATH_MAX], *text;

	scratch_make(dir);
	path_in(path, PATH_MAX, dir, "c.csv");
	ck_assert(asprintf(&text, "%s%s", COMPARE_HEADER, rows) > 0);
	write_file(path, text);
	free(text);
}

/* x32's ns/op over x86-64's overflows: absent in every format. */
START_TEST(compare_overflow_absent)
{
	static const char *const formats[] = { "table", "csv", "json", "md" };
	static const char *const absent[] = { " -", ",\n", "null", "| - |" };
	char path[PATH_MAX];
	struct outcome o;
	size_t f;

	compare_file(path, "replace,bheap,x86-64,native,1,1,1,1,1,1,1,1,"
	    "1e-300\nreplace,bheap,x32,native,1,1,1,1,1,1,1,1,1e300\n");
	for (f = 0; f < 4; f++) {
		run(&o, "compare", "--format", formats[f], path, NULL);
		expect_success(&o);
		ck_assert_msg(strstr(o.out.data, "infx") == NULL &&
		    strstr(o.out.data, "nanx") == NULL &&
		    strstr(o.out.data, absent[f]) != NULL, "%s: %s",
		    o.command, o.out.data);
		outcome_free(&o);
	}
}
END_TEST

/* Negative figures, -0 included: refused, naming file, line, column. */
static const char *const negative[] = { "-5", "-0", "-0.0", "-1e-9" };
#define NNEGATIVE (sizeof(negative) / sizeof(negative[0]))

START_TEST(compare_negative_refused)
{
	char path[PATH_MAX], rows[256];
	struct outcome o;

	snprintf(rows, sizeof(rows), "replace,bheap,x86-64,native,1,1,1,1,1,"
	    "1,1,1,2\nreplace,bheap,x32,native,1,1,1,1,1,1,1,1,%s\n",
	    negative[_i]);
	compare_file(path, rows);
	run(&o, "compare", "--format", "json", path, NULL);
	ck_assert_msg(o.status == EXIT_USAGE && one_line(&o.err) &&
	    strstr(o.err.data, path) != NULL &&
	    strstr(o.err.data, "line 3") != NULL &&
	    strstr(o.err.data, "ns_per_op") != NULL, "%s: exit %d, stderr: %s",
	    o.command, o.status, o.err.data);
	outcome_free(&o);
}
END_TEST

/* The row limit the refusal names is the one the manual gives. */
START_TEST(compare_row_limit_documented)
{
	char path[PATH_MAX], *rows;
	struct outcome o;
	size_t r, n = 0;

	rows = malloc(5000 * 48);
	ck_assert(rows != NULL);
	rows[0] = '\0';
	for (r = 0; r < 5000; r++)
		n += (size_t)sprintf(rows + n, "w%zu,bheap,x86-64,native,1,1,1,"
		    "1,1,1,1,1,1\n", r);
	compare_file(path, rows);
	free(rows);
	run(&o, "compare", path, NULL);
	expect_bound_documented("compare_row_limit_documented", &o,
	    "more than ", "more than ", " rows");
	outcome_free(&o);
}
END_TEST

/* --columns ---------------------------------------------------------- */

/* Outside the table --columns would do nothing: refused, naming --format. */
static const char *const columns_elsewhere[][4] = {
	{ "--format", "csv" },
	{ "--format", "csv", "--dry-run" },
	{ "--format", "json" },
	{ "--format", "md" },
	{ "--output", "r.json" },
};
#define NCOLUMNS_ELSEWHERE \
	(sizeof(columns_elsewhere) / sizeof(columns_elsewhere[0]))

START_TEST(columns_outside_table_refused)
{
	const char *args[12] = { "--items", "1000", "--ops", "100",
	    "--columns", "faults/op" };
	char dir[PATH_MAX], out[PATH_MAX];
	struct outcome o;
	size_t n = 6, i;

	scratch_make(dir);
	path_in(out, sizeof(out), dir, "r.json");
	for (i = 0; i < 4 && columns_elsewhere[_i][i] != NULL; i++)
		args[n++] = strcmp(columns_elsewhere[_i][i], "r.json") == 0 ?
		    out : columns_elsewhere[_i][i];
	args[n] = NULL;
	run_argv(&o, args);
	ck_assert_msg(o.status == EXIT_USAGE && one_line(&o.err) &&
	    strstr(o.err.data, "--columns") != NULL &&
	    strstr(o.err.data, "--format") != NULL, "%s: exit %d, stderr: %s",
	    o.command, o.status, o.err.data);
	expect_entries(dir, "", o.command);
	outcome_free(&o);
	scratch_remove(dir);
}
END_TEST

/* Sweeps, outputs, jobs ---------------------------------------------- */

static const char *const twice[] = { "items=1000,2500,2500,4000",
    "resident=1,1", "items=1K,1000", "resident=1..4:+1,3", "policy=lru,lru",
    "page-size=4K,4096" };
#define NTWICE (sizeof(twice) / sizeof(twice[0]))

START_TEST(sweep_value_twice_refused)
{
	struct outcome o;

	run(&o, "--ops", "100", "--sweep", twice[_i], "--dry-run", NULL);
	ck_assert_msg(o.status == EXIT_USAGE && one_line(&o.err) &&
	    strstr(o.err.data, "--sweep") != NULL &&
	    strstr(o.err.data, "twice") != NULL, "%s: exit %d, stderr: %s",
	    o.command, o.status, o.err.data);
	outcome_free(&o);
}
END_TEST

/* --output -: the report on the standard output, no file named '-'. */
START_TEST(output_dash_is_stdout)
{
	char dir[PATH_MAX], cwd[PATH_MAX], *bin;
	struct outcome o;

	bin = realpath(getenv("BHEAPSIM"), NULL);
	ck_assert(bin != NULL && getcwd(cwd, sizeof(cwd)) != NULL);
	ck_assert(setenv("BHEAPSIM", bin, 1) == 0);
	scratch_make(dir);
	ck_assert(chdir(dir) == 0);
	run(&o, "--items", "1000", "--ops", "100", "--format", "csv",
	    "--output", "-", NULL);
	ck_assert_msg(o.status == 0 && strncmp(o.out.data, "abi,", 4) == 0,
	    "%s: exit %d, stdout: %.80s", o.command, o.status, o.out.data);
	expect_entries(dir, "", o.command);
	outcome_free(&o);
	ck_assert(chdir(cwd) == 0);
	free(bin);
	scratch_remove(dir);
}
END_TEST

/* --jobs 64 under ulimit -n 12: fewer at once, every row. */
START_TEST(jobs_fit_descriptor_limit)
{
	struct rlimit few = { 12, 12 };
	struct table t;
	struct outcome o;

	ck_assert(setrlimit(RLIMIT_NOFILE, &few) == 0);
	run(&o, "--items", "1K", "--ops", "100", "--layout", "all",
	    "--workload", "all", "--jobs", "64", "--format", "csv", NULL);
	ck_assert_msg(o.status == 0 && strstr(o.err.data, "--jobs") != NULL,
	    "%s: exit %d, stderr: %s", o.command, o.status, o.err.data);
	table_parse(&t, o.out.data, o.command);
	ck_assert_uint_eq(t.nrows, 4 * 5);
	table_free(&t);
	outcome_free(&o);
}
END_TEST

/* --dry-run refuses what the run refuses ---------------------------- */

/* Each output in dir: an existing file, a new one, a plot, a trace. */
static void
output_case(int which, const char *dir, const char *args[16])
{
	static char path[PATH_MAX];
	static const char *const names[] = { "f", "newfile", "p.svg",
	    "t.txt" };
	size_t n = 0;

	path_in(path, sizeof(path), dir, names[which]);
	args[n++] = "--items";
	args[n++] = "1000";
	args[n++] = "--ops";
	args[n++] = "100";
	args[n++] = which == 2 ? "--plot" : which == 3 ? "--trace" :
	    "--output";
	args[n++] = path;
	if (which == 2) {
		args[n++] = "--sweep";
		args[n++] = "resident=1,2";
	}
	if (which == 3) {
		args[n++] = "--layout";
		args[n++] = "bheap";
		args[n++] = "--workload";
		args[n++] = "replace";
	}
	args[n] = NULL;
}

/* The run and the dry run alike: exit 2, one line naming the option. */
static void
both_refuse(const char *args[16])
{
	static const char *const option[] = { "--output", "--plot", "--trace" };
	const char *with[18];
	struct outcome o;
	size_t n, dry;

	for (dry = 0; dry < 2; dry++) {
		for (n = 0; args[n] != NULL; n++)
			with[n] = args[n];
		with[n++] = dry ? "--dry-run" : NULL;
		with[n] = NULL;
		run_argv(&o, with);
		ck_assert_msg(o.status == EXIT_USAGE && one_line(&o.err) &&
		    (strstr(o.err.data, option[0]) != NULL ||
		    strstr(o.err.data, option[1]) != NULL ||
		    strstr(o.err.data, option[2]) != NULL), "%s: exit %d, "
		    "stderr: %s", o.command, o.status, o.err.data);
		outcome_free(&o);
	}
}

/* As nobody in a 0555 directory: nothing can be made there. */
START_TEST(dry_run_refuses_unwritable_dir)
{
	char dir[PATH_MAX], top[PATH_MAX], path[PATH_MAX];
	const char *args[16];

	if (geteuid() != 0) {
		skip("dry_run_refuses_unwritable_dir", "needs root");
		return;
	}
	scratch_make(dir);
	snprintf(top, sizeof(top), "%s", dir);
	ck_assert(chmod(dirname(top), 0711) == 0);
	path_in(path, sizeof(path), dir, "f");
	write_file(path, "old\n");
	ck_assert(chmod(path, 0644) == 0 && chown(path, 65534, 65534) == 0);
	ck_assert(chmod(dir, 0555) == 0);
	output_case(_i, dir, args);
	/*
	 * Real and effective both nobody, root kept as the saved ID to come
	 * back: a child whose IDs differ is not dumpable, and
	 * LeakSanitizer, which attaches to it, fails.
	 */
	ck_assert(setresuid(65534, 65534, 0) == 0);
	both_refuse(args);
	ck_assert(setresuid(0, 0, 0) == 0);
	ck_assert(chmod(dir, 0755) == 0);
	scratch_remove(dir);
}
END_TEST

/* In a mount namespace of the test's own, a read-only file system. */
START_TEST(dry_run_refuses_read_only_fs)
{
	char dir[PATH_MAX], path[PATH_MAX];
	const char *args[16];

	scratch_make(dir);
	if (unshare(CLONE_NEWNS) != 0 ||
	    mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0 ||
	    mount("bheapsim-test", dir, "tmpfs", 0, "size=1m") != 0) {
		skip("dry_run_refuses_read_only_fs", strerror(errno));
		scratch_remove(dir);
		return;
	}
	path_in(path, sizeof(path), dir, "f");
	write_file(path, "old\n");
	ck_assert(mount(NULL, dir, NULL, MS_REMOUNT | MS_RDONLY, NULL) == 0);
	output_case(_i, dir, args);
	both_refuse(args);
	ck_assert(umount2(dir, MNT_DETACH) == 0);
	scratch_remove(dir);
}
END_TEST

/*
 * --vm disk on an 8 MiB file system: a run whose files outgrow its free
 * space is refused, run and dry run, naming --vm-dir (it died of
 * SIGBUS); one that fits runs.  tmpfs will not do: --vm disk refuses a
 * file system in memory, so this mounts a small ext2 image.
 */
START_TEST(vm_disk_free_space)
{
	char dir[PATH_MAX], img[PATH_MAX], mnt[PATH_MAX], cmd[6 * PATH_MAX];
	const char *args[] = { "--items", "1M", "--ops", "1000", "--layout",
	    "bheap", "--vm", "disk", "--vm-dir", mnt, "--resident", "10",
	    "--format", "csv", NULL, NULL };
	struct outcome o;
	size_t dry;

	scratch_make(dir);
	path_in(img, sizeof(img), dir, "img");
	path_in(mnt, sizeof(mnt), dir, "d");
	snprintf(cmd, sizeof(cmd), "truncate -s 8M '%s' && mkfs.ext2 -q -F "
	    "'%s' >/dev/null 2>&1 && mkdir '%s' && mount -o loop '%s' '%s' "
	    "2>/dev/null", img, img, mnt, img, mnt);
	if (unshare(CLONE_NEWNS) != 0 ||
	    mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0 ||
	    system(cmd) != 0) {
		skip("vm_disk_free_space", "cannot mount an ext2 image here "
		    "(needs root, mkfs.ext2 and a loop device)");
		scratch_remove(dir);
		return;
	}
	for (dry = 0; dry < 2; dry++) {
		args[14] = dry ? "--dry-run" : NULL;
		run_argv(&o, args);
		ck_assert_msg(o.status == EXIT_USAGE && one_line(&o.err) &&
		    strstr(o.err.data, "--vm-dir") != NULL &&
		    strstr(o.err.data, "free") != NULL, "%s: exit %d, stderr: "
		    "%s", o.command, o.status, o.err.data);
		outcome_free(&o);
	}
	args[1] = "100K";
	run_argv(&o, args);
	ck_assert_msg(o.status == 0, "%s: exit %d, stderr: %s", o.command,
	    o.status, o.err.data);
	outcome_free(&o);
	ck_assert(umount2(mnt, MNT_DETACH) == 0);
	scratch_remove(dir);
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

	tc = scratch_tcase("times", 60);
	tcase_add_test(tc, modeled_s_above_heap_cpu_s);
	tcase_add_loop_test(tc, latency_too_fine_refused, 0, (int)NTOO_FINE);
	tcase_add_loop_test(tc, small_times_plotted, 0, (int)NSMALL_PLOTS);
	suite_add_tcase(suite, tc);

	tc = scratch_tcase("compare", 60);
	tcase_add_test(tc, compare_overflow_absent);
	tcase_add_loop_test(tc, compare_negative_refused, 0, (int)NNEGATIVE);
	tcase_add_test(tc, compare_row_limit_documented);
	suite_add_tcase(suite, tc);

	tc = scratch_tcase("columns", 60);
	tcase_add_loop_test(tc, columns_outside_table_refused, 0,
	    (int)NCOLUMNS_ELSEWHERE);
	suite_add_tcase(suite, tc);

	tc = scratch_tcase("sweeps", 60);
	tcase_add_loop_test(tc, sweep_value_twice_refused, 0, (int)NTWICE);
	tcase_add_test(tc, output_dash_is_stdout);
	tcase_add_test(tc, jobs_fit_descriptor_limit);
	suite_add_tcase(suite, tc);

	tc = scratch_tcase("dryrun", 60);
	tcase_add_loop_test(tc, dry_run_refuses_unwritable_dir, 0, 4);
	tcase_add_loop_test(tc, dry_run_refuses_read_only_fs, 0, 4);
	tcase_add_test(tc, vm_disk_free_space);
	suite_add_tcase(suite, tc);

	tc = tcase_create("table");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, signal_stops_table);
	suite_add_tcase(suite, tc);
	return suite;
}
