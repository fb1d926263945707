/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_files.c: the files bheapsim writes, by the rule of outfile.h:
 * device nodes, FIFOs and symlinks, an existing file's mode and owner,
 * two names of one file, paths refused before any run, and the standard
 * output (test_exits.c: full disks and signals; test_names.c: names,
 * links and other users' files).
 *
 * Device nodes, FIFOs, other owners and mounts need root, as CI has; a
 * case the machine does not allow is skipped with a note on stderr.
 */
#include <sys/mount.h>
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

#include "exits.h"
#include "tests.h"
#include "files.h"

/* Parameters -------------------------------------------------------- */

#define OTHER_ID	12345		/* a uid and gid nobody here has */

/* Device nodes, FIFOs and symlinks ---------------------------------- */

/*
 * Copies of /dev/null and /dev/full in a scratch directory stay device
 * nodes: what goes to the first is dropped, the second fails with a
 * message that names the option.
 */
START_TEST(device_nodes_written_directly)
{
	static const char *const options[] = { "--output", "--trace",
	    "--plot" };
	char dir[PATH_MAX], null[PATH_MAX], full[PATH_MAX];
	struct outcome o;
	unsigned i;

	scratch_make(dir);
	path_in(null, sizeof(null), dir, "null");
	path_in(full, sizeof(full), dir, "full");
	if (mknod(null, S_IFCHR | 0666, makedev(1, 3)) != 0 ||
	    mknod(full, S_IFCHR | 0666, makedev(1, 7)) != 0 ||
	    access(null, W_OK) != 0) {
		skip("device_nodes_written_directly", strerror(errno));
		scratch_remove(dir);
		return;
	}
	for (i = 0; i < 3; i++) {
		const char *node[2] = { null, full };
		unsigned k;

		for (k = 0; k < 2; k++) {
			const char *args[] = { "--items", "20K", "--layout",
			    "bheap", "--workload", "fill", options[i],
			    node[k], i == 2 ? "--sweep" : NULL,
			    "page-size=4K,8K", NULL };

			run_argv(&o, args);
			if (k == 0)
				expect_success(&o);
			else
				ck_assert_msg(o.status == 1 &&
				    strstr(o.err.data, options[i]) != NULL,
				    "%s: exit %d, stderr: %s", o.command,
				    o.status, o.err.data);
			ck_assert_msg(is_char_device(node[k]), "%s replaced "
			    "the device node", o.command);
			expect_entries(dir, "null full", o.command);
			outcome_free(&o);
		}
	}
	scratch_remove(dir);
}
END_TEST

/* A FIFO is opened, not replaced: its reader gets the whole report. */
START_TEST(fifo_reader_gets_report)
{
	char dir[PATH_MAX], fifo[PATH_MAX], got[PATH_MAX];
	struct outcome o;
	int status;
	pid_t reader;

	scratch_make(dir);
	path_in(fifo, sizeof(fifo), dir, "r.csv");
	path_in(got, sizeof(got), dir, "got");
	ck_assert_msg(mkfifo(fifo, 0644) == 0, "mkfifo: %s", strerror(errno));
	reader = fork();
	ck_assert_int_ge(reader, 0);
	if (reader == 0) {
		int in = open(fifo, O_RDONLY);
		int out = open(got, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		char buf[4096];
		ssize_t n;

		while (in >= 0 && out >= 0 && (n = read(in, buf, sizeof(buf))) > 0)
			if (write(out, buf, (size_t)n) != n)
				_exit(1);
		_exit(in >= 0 && out >= 0 ? 0 : 1);
	}
	run(&o, "--items", "20K", "--output", fifo, NULL);
	expect_success(&o);
	ck_assert_int_eq(waitpid(reader, &status, 0), reader);
	ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	    "the FIFO's reader failed");
	/* 3 layouts, fill and replace. */
	ck_assert_uint_eq(csv_rows(got), 6);
	ck_assert_msg(access(fifo, F_OK) == 0, "the FIFO is gone");
	{
		struct stat st;

		ck_assert(lstat(fifo, &st) == 0 && S_ISFIFO(st.st_mode));
	}
	expect_entries(dir, "r.csv got", o.command);
	outcome_free(&o);
	scratch_remove(dir);
}
END_TEST

/* A symlink stays; its target is replaced. */
START_TEST(symlink_target_replaced)
{
	char dir[PATH_MAX], link[PATH_MAX], target[PATH_MAX], head[8];
	char to[PATH_MAX];
	struct outcome o;
	ssize_t n;

	scratch_make(dir);
	path_in(link, sizeof(link), dir, "link.csv");
	path_in(target, sizeof(target), dir, "target.csv");
	write_file(target, "old\n");
	ck_assert(symlink("target.csv", link) == 0);
	run(&o, "--items", "20K", "--output", link, NULL);
	expect_success(&o);
	n = readlink(link, to, sizeof(to) - 1);
	ck_assert_msg(n > 0, "%s: the symlink is gone", o.command);
	to[n] = '\0';
	ck_assert_str_eq(to, "target.csv");
	file_head(target, head, sizeof(head));
	ck_assert_msg(strncmp(head, "abi,", 4) == 0, "%s: the target holds "
	    "%s", o.command, head);
	expect_entries(dir, "link.csv target.csv", o.command);
	outcome_free(&o);
	scratch_remove(dir);
}
END_TEST

/* A symlink to /proc/self/fd/1 writes to the standard output. */
START_TEST(symlink_to_stdout)
{
	char dir[PATH_MAX], link[PATH_MAX];
	struct outcome o;

	scratch_make(dir);
	path_in(link, sizeof(link), dir, "out.csv");
	ck_assert(symlink("/proc/self/fd/1", link) == 0);
	run(&o, "--items", "20K", "--output", link, NULL);
	expect_success(&o);
	ck_assert_msg(strncmp(o.out.data, "abi,", 4) == 0, "%s: stdout "
	    "holds: %.100s", o.command, o.out.data);
	expect_entries(dir, "out.csv", o.command);
	{
		struct stat st;

		ck_assert(lstat(link, &st) == 0 && S_ISLNK(st.st_mode));
	}
	outcome_free(&o);
	scratch_remove(dir);
}
END_TEST

/* A replaced file keeps its mode, and as root its owner. */
START_TEST(mode_and_owner_kept)
{
	char dir[PATH_MAX], path[PATH_MAX], head[8];
	struct outcome o;
	struct stat st;

	scratch_make(dir);
	path_in(path, sizeof(path), dir, "r.csv");
	write_file(path, "old\n");
	ck_assert(chmod(path, 0600) == 0);
	if (chown(path, OTHER_ID, OTHER_ID) != 0) {
		skip("mode_and_owner_kept", strerror(errno));
		scratch_remove(dir);
		return;
	}
	run(&o, "--items", "20K", "--output", path, NULL);
	expect_success(&o);
	ck_assert(stat(path, &st) == 0);
	ck_assert_msg((st.st_mode & 07777) == 0600, "%s: mode %o",
	    o.command, (unsigned)(st.st_mode & 07777));
	ck_assert_msg(st.st_uid == OTHER_ID && st.st_gid == OTHER_ID,
	    "%s: owner %u:%u", o.command, (unsigned)st.st_uid,
	    (unsigned)st.st_gid);
	file_head(path, head, sizeof(head));
	ck_assert_msg(strncmp(head, "abi,", 4) == 0, "%s: holds %s",
	    o.command, head);
	outcome_free(&o);
	scratch_remove(dir);
}
END_TEST

/* Paths checked before the run ---------------------------------------- */

/*
 * Two options naming one file, spelled apart: as "./t" and "t", through a
 * symlink, or through a hard link.  Run in dir, as relative names.
 */
static const struct same_case {
	const char	*args[12];
	const char	*options[2];
} same_cases[] = {
	{ { "--output", "./t.csv", "--trace", "t.csv", "--layout", "bheap",
	    "--workload", "fill" }, { "--output", "--trace" } },
	{ { "--output", "p.svg", "--plot", "./p.svg", "--sweep",
	    "items=1K,2K" }, { "--output", "--plot" } },
	{ { "--output", "link", "--trace", "old", "--layout", "bheap",
	    "--workload", "fill" }, { "--output", "--trace" } },
	{ { "--output", "hard", "--plot", "old", "--sweep", "items=1K,2K" },
	    { "--output", "--plot" } },
	{ { "--output", "sub/../t.csv", "--trace", "t.csv", "--layout",
	    "bheap", "--workload", "fill" }, { "--output", "--trace" } },
	/* The dry run refuses what the run refuses. */
	{ { "--dry-run", "--output", "p.svg", "--plot", "./p.svg", "--sweep",
	    "items=1K,2K" }, { "--output", "--plot" } },
};

#define NSAME (sizeof(same_cases) / sizeof(same_cases[0]))

static void
in_dir(const char *dir, char *cwd, size_t size)
{
	char *program = realpath(getenv("BHEAPSIM"), NULL);

	/* $BHEAPSIM may be relative; this test is a process of its own. */
	ck_assert_msg(program != NULL, "BHEAPSIM: %s", strerror(errno));
	setenv("BHEAPSIM", program, 1);
	free(program);
	ck_assert(getcwd(cwd, size) != NULL);
	ck_assert_msg(chdir(dir) == 0, "chdir %s: %s", dir, strerror(errno));
}

START_TEST(same_file_refused)
{
	const struct same_case *c = &same_cases[_i];
	char dir[PATH_MAX], cwd[PATH_MAX];
	struct outcome o;

	scratch_make(dir);
	in_dir(dir, cwd, sizeof(cwd));
	write_file("old", "old\n");
	ck_assert(symlink("old", "link") == 0 && link("old", "hard") == 0 &&
	    mkdir("sub", 0755) == 0);
	run_argv(&o, c->args);
	ck_assert_msg(o.status == EXIT_USAGE && one_line(&o.err) &&
	    strstr(o.err.data, c->options[0]) != NULL &&
	    strstr(o.err.data, c->options[1]) != NULL, "%s: exit %d, "
	    "stderr: %s", o.command, o.status, o.err.data);
	expect_entries(".", "old link hard sub", o.command);
	outcome_free(&o);
	ck_assert(chdir(cwd) == 0);
	scratch_remove(dir);
}
END_TEST

/*
 * Paths refused before any run, in one line naming the option and the
 * value; "@" stands for the scratch directory, "@/x" for a name in it.
 */
static const struct bad_path {
	const char	*args[10];
	const char	*option;
	const char	*value;
} bad_paths[] = {
	{ { "--output", "@" }, "--output", "@" },
	{ { "--output", "." }, "--output", "'.'" },
	{ { "--output", "@/d/" }, "--output", "d/" },
	{ { "--output", "" }, "--output", "''" },
	{ { "--output", "@/none/r.csv" }, "--output", "none/r.csv" },
	{ { "--trace", "", "--layout", "bheap", "--workload", "fill" },
	    "--trace", "''" },
	{ { "--trace", "@", "--layout", "bheap", "--workload", "fill" },
	    "--trace", "@" },
	{ { "--plot", "@", "--sweep", "items=1K,2K" }, "--plot", "@" },
	{ { "--plot", "@/d/", "--sweep", "items=1K,2K" }, "--plot", "d/" },
	{ { "explain", "--svg", "@" }, "--svg", "@" },
	{ { "explain", "--svg", "" }, "--svg", "''" },
	{ { "--dry-run", "--output", "" }, "--output", "''" },
	{ { "--dry-run", "--output", "@/none/r.csv" }, "--output",
	    "none/r.csv" },
	{ { "--dry-run", "--plot", "@/d/", "--sweep", "items=1K,2K" },
	    "--plot", "d/" },
};

#define NBAD_PATHS (sizeof(bad_paths) / sizeof(bad_paths[0]))

START_TEST(bad_path_refused)
{
	const struct bad_path *c = &bad_paths[_i];
	char dir[PATH_MAX], sub[PATH_MAX], value[PATH_MAX];
	char args[10][PATH_MAX];
	const char *argv[11];
	struct outcome o;
	unsigned i;

	scratch_make(dir);
	path_in(sub, sizeof(sub), dir, "d");
	ck_assert(mkdir(sub, 0755) == 0);
	for (i = 0; c->args[i] != NULL; i++) {
		if (c->args[i][0] == '@')
			snprintf(args[i], PATH_MAX, "%s%s", dir, c->args[i] + 1);
		else
			snprintf(args[i], PATH_MAX, "%s", c->args[i]);
		argv[i] = args[i];
	}
	argv[i] = NULL;
	snprintf(value, sizeof(value), "%s", strcmp(c->value, "@") == 0 ?
	    dir : c->value);
	run_argv(&o, argv);
	ck_assert_msg(o.status == EXIT_USAGE && one_line(&o.err) &&
	    strstr(o.err.data, c->option) != NULL &&
	    strstr(o.err.data, value) != NULL, "%s: exit %d, stderr: %s",
	    o.command, o.status, o.err.data);
	ck_assert_msg(o.out.len == 0, "%s: wrote %s", o.command, o.out.data);
	expect_entries(dir, "d", o.command);
	expect_entries(sub, "", o.command);
	outcome_free(&o);
	scratch_remove(dir);
}
END_TEST

/* Standard output ---------------------------------------------------- */

/* --help and --version that cannot be written are failures, that say so. */
START_TEST(help_into_full_device)
{
	static const char *const cases[] = { "--help", "--version",
	    "explain --help", "compare --help" };
	const char *bin = getenv("BHEAPSIM");
	char command[PATH_MAX + 64], said[512];
	unsigned i;
	size_t n;
	FILE *p;
	int status;

	if (access("/dev/full", W_OK) != 0) {
		skip("help_into_full_device", strerror(errno));
		return;
	}
	ck_assert(bin != NULL);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snprintf(command, sizeof(command), "'%s' %s 2>&1 >/dev/full",
		    bin, cases[i]);
		p = popen(command, "r");
		ck_assert(p != NULL);
		n = fread(said, 1, sizeof(said) - 1, p);
		said[n] = '\0';
		status = pclose(p);
		ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 1 &&
		    strstr(said, "stdout") != NULL, "%s: status %d, said '%s'",
		    command, status, said);
	}
}
END_TEST

/*
 * Started with descriptor 1 closed, the plot's file would take its
 * number and the report would land in the SVG: /dev/null takes it.
 */
START_TEST(closed_stdout)
{
	char dir[PATH_MAX], path[PATH_MAX], head[8];
	const char *bin = getenv("BHEAPSIM");
	int status;
	pid_t pid;
	FILE *f;
	char line[256];

	scratch_make(dir);
	path_in(path, sizeof(path), dir, "p.svg");
	pid = fork();
	ck_assert(pid >= 0);
	if (pid == 0) {
		close(1);
		execl(bin, bin, "--ops", "1K", "--vm", "off", "--sweep",
		    "items=1K,2K", "--plot", path, (char *)NULL);
		_exit(98);
	}
	ck_assert(waitpid(pid, &status, 0) == pid);
	ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	    "with fd 1 closed: status %d", status);
	file_head(path, head, sizeof(head));
	ck_assert_msg(head[0] == '<', "%s begins '%s', not with SVG", path,
	    head);
	f = fopen(path, "r");
	ck_assert(f != NULL);
	while (fgets(line, sizeof(line), f) != NULL)
		ck_assert_msg(strncmp(line, "abi,", 4) != 0 &&
		    strstr(line, "layout ") != line, "%s holds the report: %s",
		    path, line);
	fclose(f);
	scratch_remove(dir);
}
END_TEST

/* A prefix of several options is called ambiguous, with its options. */
START_TEST(ambiguous_prefix)
{
	struct outcome o;

	run(&o, "--p", "4K", NULL);
	ck_assert_msg(o.status == EXIT_USAGE && one_line(&o.err) &&
	    strstr(o.err.data, "'--p' is ambiguous") != NULL &&
	    strstr(o.err.data, "--page-size") != NULL &&
	    strstr(o.err.data, "--plot") != NULL, "%s: exit %d, stderr: %s",
	    o.command, o.status, o.err.data);
	outcome_free(&o);
}
END_TEST

/* Suite ------------------------------------------------------------------ */

Suite *
files_suite(void)
{
	Suite *suite = suite_create("files");
	TCase *tc;

	tc = scratch_tcase("file kinds", 60);
	tcase_add_test(tc, device_nodes_written_directly);
	tcase_add_test(tc, fifo_reader_gets_report);
	tcase_add_test(tc, symlink_target_replaced);
	tcase_add_test(tc, symlink_to_stdout);
	tcase_add_test(tc, mode_and_owner_kept);
	suite_add_tcase(suite, tc);

	tc = scratch_tcase("paths checked first", 60);
	tcase_add_loop_test(tc, same_file_refused, 0, (int)NSAME);
	tcase_add_loop_test(tc, bad_path_refused, 0, (int)NBAD_PATHS);
	suite_add_tcase(suite, tc);

	tc = scratch_tcase("stdout", 30);
	tcase_add_test(tc, help_into_full_device);
	tcase_add_test(tc, ambiguous_prefix);
	tcase_add_test(tc, closed_stdout);
	suite_add_tcase(suite, tc);
	return suite;
}
