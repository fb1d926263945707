/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_names.c: what an output's name may lead to: a descriptor
 * (/dev/stdout and its mode), a loop or a dangling chain of symbolic
 * links, a name as long as the system allows, an executable file, and
 * files nobody (the user) may not write or does not own.
 */
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <grp.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests.h"
#include "files.h"

/* Parameters -------------------------------------------------------- */

#define QUICK	"--items", "1K", "--ops", "1K", "--vm", "off", "--format", "csv"

/* Helpers ------------------------------------------------------------- */

/*
 * Runs $BHEAPSIM QUICK args with stdout on out_fd; returns its exit
 * status.
 */
static int
run_onto(int out_fd, const char *a1, const char *a2, const char *a3,
    const char *a4)
{
	const char *args[] = { QUICK, a1, a2, a3, a4, NULL };

	return spawn_finish(spawn_start(args, out_fd));
}

/* Permissions ------------------------------------------------------------ */

#define NOBODY		65534

/*
 * Runs $BHEAPSIM as nobody with --output path: its exit status, or -1
 * when this machine cannot run it so (not root, or nobody cannot reach
 * the program).
 */
static int
run_as_nobody(const char *path)
{
	const char *bin = getenv("BHEAPSIM");
	int status;
	pid_t pid;

	if (geteuid() != 0)
		return -1;
	pid = fork();
	ck_assert(pid >= 0);
	if (pid == 0) {
		int null = open("/dev/null", O_RDWR);

		if (null < 0 || setgroups(0, NULL) != 0 ||
		    setgid(NOBODY) != 0 || setuid(NOBODY) != 0)
			_exit(97);
		dup2(null, 1);
		dup2(null, 2);
		execl(bin, bin, "--items", "1K", "--ops", "1K", "--vm", "off",
		    "--output", path, (char *)NULL);
		_exit(97);
	}
	ck_assert(waitpid(pid, &status, 0) == pid);
	return WIFEXITED(status) && WEXITSTATUS(status) != 97 ?
	    WEXITSTATUS(status) : -1;
}

/*
 * As cp and shell redirection: a file nobody may not write is refused,
 * and so is one of root's that a replacement would make nobody's, in a
 * directory anyone may write; both stay as they were.
 */
START_TEST(others_files_refused)
{
	static const struct { uid_t uid; mode_t mode; } files[] = {
		{ NOBODY, 0444 }, { 0, 0666 },
	};
	char dir[] = "/tmp/bheapsim-perm.XXXXXX", path[PATH_MAX], head[16];
	struct stat st;
	size_t i;
	int status;

	ck_assert(mkdtemp(dir) != NULL);
	ck_assert(chmod(dir, 0777) == 0);
	path_in(path, sizeof(path), dir, "r.csv");
	for (i = 0; i < 2; i++) {
		write_file(path, "theirs\n");
		ck_assert(chown(path, files[i].uid, files[i].uid) == 0);
		ck_assert(chmod(path, files[i].mode) == 0);
		status = run_as_nobody(path);
		if (status < 0) {
			skip("others_files_refused", "cannot run bheapsim as "
			    "nobody here");
			break;
		}
		ck_assert_msg(status == EXIT_USAGE, "nobody replacing a file "
		    "of uid %u, mode %o: exit %d", (unsigned)files[i].uid,
		    (unsigned)files[i].mode, status);
		file_head(path, head, sizeof(head));
		ck_assert(stat(path, &st) == 0);
		ck_assert_str_eq(head, "theirs\n");
		ck_assert_uint_eq(st.st_uid, files[i].uid);
		unlink(path);
	}
	unlink(path);
	ck_assert(rmdir(dir) == 0);
}
END_TEST

/* Tests --------------------------------------------------------------- */

/* --output /dev/stdout >> log appends: what log held stays. */
START_TEST(stdout_append_kept)
{
	char dir[PATH_MAX], log[PATH_MAX], head[15];
	int fd;

	scratch_make(dir);
	path_in(log, sizeof(log), dir, "log.txt");
	write_file(log, "before\n");
	fd = open(log, O_WRONLY | O_APPEND);
	ck_assert(fd >= 0);
	ck_assert_int_eq(run_onto(fd, "--output", "/dev/stdout", NULL, NULL),
	    0);
	close(fd);
	file_head(log, head, sizeof(head));
	ck_assert_msg(strcmp(head, "before\nabi,ptr") == 0, "%s lost what it "
	    "held, or has no report after it: begins '%s'", log, head);
	scratch_remove(dir);
}
END_TEST

/* --plot /dev/stdout while the report goes there too: refused. */
START_TEST(two_outputs_one_stdout)
{
	char dir[PATH_MAX], both[PATH_MAX];
	int fd;

	scratch_make(dir);
	path_in(both, sizeof(both), dir, "both.txt");
	fd = open(both, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	ck_assert(fd >= 0);
	ck_assert_int_eq(run_onto(fd, "--sweep", "items=1K,2K", "--plot",
	    "/dev/stdout"), EXIT_USAGE);
	close(fd);
	expect_entries(dir, "both.txt", "--plot /dev/stdout");
	scratch_remove(dir);
}
END_TEST

/*
 * explain writes its text to the standard output: --svg /dev/stdout
 * there mixed the drawing into it (refused, nothing written); --html
 * writes instead of the text, so the page alone goes there.
 */
START_TEST(explain_svg_one_stdout)
{
	const char *svg[] = { "explain", "--svg", "/dev/stdout", NULL };
	const char *html[] = { "explain", "--html", "/dev/stdout", NULL };
	char dir[PATH_MAX], both[PATH_MAX], head[16];
	int fd;

	scratch_make(dir);
	path_in(both, sizeof(both), dir, "both.txt");
	fd = open(both, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	ck_assert(fd >= 0);
	ck_assert_int_eq(spawn_finish(spawn_start(svg, fd)), EXIT_USAGE);
	close(fd);
	file_head(both, head, sizeof(head));
	ck_assert_msg(head[0] == '\0', "explain --svg /dev/stdout wrote "
	    "'%s...' before it was refused", head);
	fd = open(both, O_WRONLY | O_TRUNC);
	ck_assert(fd >= 0);
	ck_assert_int_eq(spawn_finish(spawn_start(html, fd)), 0);
	close(fd);
	file_head(both, head, sizeof(head));
	ck_assert_msg(strcmp(head, "<!DOCTYPE html>") == 0, "explain --html "
	    "/dev/stdout begins '%s'", head);
	expect_entries(dir, "both.txt", "explain --svg, --html /dev/stdout");
	scratch_remove(dir);
}
END_TEST

/* A loop of links is refused; a dangling chain's last name is made. */
START_TEST(symlink_loop_and_chain)
{
	char dir[PATH_MAX], a[PATH_MAX], b[PATH_MAX], l1[PATH_MAX];
	char l2[PATH_MAX], l3[PATH_MAX];
	struct outcome o;
	struct stat st;

	scratch_make(dir);
	path_in(a, sizeof(a), dir, "a");
	path_in(b, sizeof(b), dir, "b");
	path_in(l1, sizeof(l1), dir, "l1");
	path_in(l2, sizeof(l2), dir, "l2");
	path_in(l3, sizeof(l3), dir, "l3");
	ck_assert(symlink("b", a) == 0 && symlink("a", b) == 0);
	run(&o, QUICK, "--output", a, NULL);
	ck_assert_msg(o.status == EXIT_USAGE && one_line(&o.err) &&
	    strstr(o.err.data, "loop") != NULL, "%s: exit %d: %s", o.command,
	    o.status, o.err.data);
	outcome_free(&o);
	ck_assert(lstat(a, &st) == 0 && S_ISLNK(st.st_mode));
	ck_assert(symlink("l2", l1) == 0 && symlink("l3", l2) == 0);
	run(&o, QUICK, "--output", l1, NULL);
	ck_assert_int_eq(o.status, 0);
	outcome_free(&o);
	ck_assert_msg(lstat(l1, &st) == 0 && S_ISLNK(st.st_mode) &&
	    lstat(l2, &st) == 0 && S_ISLNK(st.st_mode), "a link of the chain "
	    "was replaced");
	ck_assert(lstat(l3, &st) == 0 && S_ISREG(st.st_mode));
	ck_assert_uint_gt(csv_rows(l3), 0);
	scratch_remove(dir);
}
END_TEST

/* A name as long as the directory allows is written, not refused. */
START_TEST(longest_name)
{
	char dir[PATH_MAX], name[NAME_MAX + 1], path[PATH_MAX];
	long max;
	struct outcome o;

	scratch_make(dir);
	max = pathconf(dir, _PC_NAME_MAX);
	if (max <= 0 || max > NAME_MAX)
		max = NAME_MAX;
	memset(name, 'n', (size_t)max - 4);
	strcpy(name + max - 4, ".csv");
	path_in(path, sizeof(path), dir, name);
	run(&o, QUICK, "--output", path, NULL);
	ck_assert_msg(o.status == 0, "%s: exit %d: %s", o.command, o.status,
	    o.err.data);
	outcome_free(&o);
	ck_assert_uint_gt(csv_rows(path), 0);
	expect_entries(dir, name, "a run onto the longest name");
	scratch_remove(dir);
}
END_TEST

/* An executable file is never replaced by a report, unless --force. */
START_TEST(executable_kept)
{
	char dir[PATH_MAX], prog[PATH_MAX], head[16];
	struct outcome o;

	scratch_make(dir);
	path_in(prog, sizeof(prog), dir, "prog");
	write_file(prog, "#!/bin/sh\n");
	ck_assert(chmod(prog, 0755) == 0);
	run(&o, QUICK, "--output", prog, NULL);
	ck_assert_msg(o.status == EXIT_USAGE && one_line(&o.err) &&
	    strstr(o.err.data, "--force") != NULL, "%s: exit %d: %s",
	    o.command, o.status, o.err.data);
	outcome_free(&o);
	file_head(prog, head, sizeof(head));
	ck_assert_str_eq(head, "#!/bin/sh\n");
	run(&o, QUICK, "--output", prog, "--force", NULL);
	ck_assert_int_eq(o.status, 0);
	outcome_free(&o);
	ck_assert_uint_gt(csv_rows(prog), 0);
	scratch_remove(dir);
}
END_TEST

Suite *
names_suite(void)
{
	Suite *s = suite_create("names");
	TCase *tc = scratch_tcase("names", 60);

	tcase_add_test(tc, stdout_append_kept);
	tcase_add_test(tc, two_outputs_one_stdout);
	tcase_add_test(tc, explain_svg_one_stdout);
	tcase_add_test(tc, symlink_loop_and_chain);
	tcase_add_test(tc, longest_name);
	tcase_add_test(tc, executable_kept);
	tcase_add_test(tc, others_files_refused);
	suite_add_tcase(s, tc);
	return s;
}
