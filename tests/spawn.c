/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * spawn.c: running the built bheapsim, named by $BHEAPSIM, as a child
 * and capturing what it says, and scratch directories for the files it
 * writes.  Shared by the suites that test the program from outside
 * (test_cli.c, test_explain.c, test_files.c), and a check that no
 * process the program started outlives it.
 */
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests.h"

#define CHUNK		65536		/* bytes per read of the child's output */
#define SURVIVOR_WAIT_MS 1000	/* time a program's children get to die */

/* Running the program ------------------------------------------------- */

static const char *
program(void)
{
	const char *path = getenv("BHEAPSIM");

	ck_assert_msg(path != NULL && *path != '\0',
	    "BHEAPSIM is not set: it names the bheapsim to test, as in "
	    "'BHEAPSIM=./bheapsim tests/run' (make check sets it)");
	ck_assert_msg(access(path, X_OK) == 0, "BHEAPSIM=%s: %s", path,
	    strerror(errno));
	return path;
}

/* Appends what one read(2) gives; returns 0 at end of file. */
static size_t
capture_read(struct capture *c, int fd)
{
	ssize_t n;

	if (c->size - c->len < CHUNK + 1) {
		size_t size = c->size * 2 + CHUNK + 1;
		char *data = realloc(c->data, size);

		ck_assert_msg(data != NULL, "out of memory");
		c->data = data;
		c->size = size;
	}
	do
		n = read(fd, c->data + c->len, CHUNK);
	while (n < 0 && errno == EINTR);
	ck_assert_msg(n >= 0, "read: %s", strerror(errno));
	c->len += (size_t)n;
	c->data[c->len] = '\0';
	return (size_t)n;
}

/*
 * Reads both streams as they come, so that a child filling one pipe while
 * we wait on the other cannot deadlock.  The program forks its own
 * children, which hold the pipes too: end of file means all are done.
 */
static void
collect(struct outcome *o, int outfd, int errfd)
{
	struct pollfd pfd[2] = { { outfd, POLLIN, 0 }, { errfd, POLLIN, 0 } };
	struct capture *cap[2] = { &o->out, &o->err };
	int live = 2, i;

	/* Reading until EOF also allocates both captures. */
	while (live > 0) {
		if (poll(pfd, 2, -1) < 0) {
			ck_assert_msg(errno == EINTR, "poll: %s",
			    strerror(errno));
			continue;
		}
		for (i = 0; i < 2; i++) {
			if (pfd[i].fd < 0 || pfd[i].revents == 0)
				continue;
			if (capture_read(cap[i], pfd[i].fd) == 0) {
				pfd[i].fd = -1;
				live--;
			}
		}
	}
}

/*
 * Runs the program with args (NULL-terminated, without argv[0]).  The
 * child stays in our process group: when a test times out, Check kills
 * the group, and with it any run still going.
 */
void
run_argv(struct outcome *o, const char *const args[])
{
	const char *argv[MAX_ARGS + 2];
	int outp[2], errp[2], status;
	size_t n, used;
	pid_t pid;

	memset(o, 0, sizeof(*o));
	argv[0] = program();
	used = (size_t)snprintf(o->command, sizeof(o->command), "bheapsim");
	for (n = 0; args[n] != NULL; n++) {
		ck_assert_msg(n < MAX_ARGS, "more than %d arguments", MAX_ARGS);
		argv[n + 1] = args[n];
		if (used < sizeof(o->command))
			used += (size_t)snprintf(o->command + used,
			    sizeof(o->command) - used, " %s", args[n]);
	}
	argv[n + 1] = NULL;
	ck_assert_msg(pipe2(outp, O_CLOEXEC) == 0 &&
	    pipe2(errp, O_CLOEXEC) == 0, "pipe: %s", strerror(errno));
	pid = fork();
	ck_assert_msg(pid >= 0, "fork: %s", strerror(errno));
	if (pid == 0) {
		int null = open("/dev/null", O_RDONLY);

		/* dup2 clears close-on-exec on the copies only. */
		if (null < 0 || dup2(null, STDIN_FILENO) < 0 ||
		    dup2(outp[1], STDOUT_FILENO) < 0 ||
		    dup2(errp[1], STDERR_FILENO) < 0)
			_exit(127);
		execv(argv[0], (char *const *)argv);
		dprintf(STDERR_FILENO, "exec %s: %s\n", argv[0],
		    strerror(errno));
		_exit(127);
	}
	close(outp[1]);
	close(errp[1]);
	collect(o, outp[0], errp[0]);
	close(outp[0]);
	close(errp[0]);
	while (waitpid(pid, &status, 0) < 0)
		ck_assert_msg(errno == EINTR, "waitpid: %s", strerror(errno));
	o->status = WIFEXITED(status) ? WEXITSTATUS(status) :
	    128 + WTERMSIG(status);
}

/* As run_argv, with the arguments listed and ended by NULL. */
void
run(struct outcome *o, ...)
{
	const char *args[MAX_ARGS + 2];
	const char *arg;
	size_t n = 0;
	va_list ap;

	/* One slot over the limit, so that run_argv reports a long list. */
	va_start(ap, o);
	while (n <= MAX_ARGS && (arg = va_arg(ap, const char *)) != NULL)
		args[n++] = arg;
	va_end(ap);
	args[n] = NULL;
	run_argv(o, args);
}

/* Processes started alone, and what they leave ------------------------ */

pid_t
spawn_start(const char *const args[], int out_fd)
{
	const char *argv[MAX_ARGS + 2];
	size_t i;
	pid_t pid;

	argv[0] = program();
	for (i = 0; args[i] != NULL; i++) {
		ck_assert_msg(i < MAX_ARGS, "more than %d arguments", MAX_ARGS);
		argv[i + 1] = args[i];
	}
	argv[i + 1] = NULL;
	ck_assert_msg(prctl(PR_SET_CHILD_SUBREAPER, 1) == 0,
	    "PR_SET_CHILD_SUBREAPER: %s", strerror(errno));
	pid = fork();
	ck_assert_msg(pid >= 0, "fork: %s", strerror(errno));
	if (pid == 0) {
		int null = open("/dev/null", O_RDWR);

		if (null < 0 || dup2(null, STDIN_FILENO) < 0 ||
		    dup2(out_fd >= 0 ? out_fd : null, STDOUT_FILENO) < 0 ||
		    dup2(null, STDERR_FILENO) < 0)
			_exit(127);
		execv(argv[0], (char *const *)argv);
		_exit(127);
	}
	return pid;
}

/* The ppid field of /proc/PID/stat, after "(comm)", which may hold ')'. */
static pid_t
parent_of(const char *pid)
{
	char path[64], stat[512], *close_paren;
	int ppid = 0;
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "/proc/%s/stat", pid);
	f = fopen(path, "r");
	if (f == NULL)
		return 0;
	n = fread(stat, 1, sizeof(stat) - 1, f);
	fclose(f);
	stat[n] = '\0';
	close_paren = strrchr(stat, ')');
	if (close_paren == NULL ||
	    sscanf(close_paren + 1, " %*c %d", &ppid) != 1)
		return 0;
	return ppid;
}

pid_t
child_of(pid_t parent)
{
	struct dirent *de;
	pid_t found = 0;
	DIR *proc = opendir("/proc");

	ck_assert_msg(proc != NULL, "/proc: %s", strerror(errno));
	while (found == 0 && (de = readdir(proc)) != NULL)
		if (de->d_name[0] >= '1' && de->d_name[0] <= '9' &&
		    parent_of(de->d_name) == parent)
			found = (pid_t)strtol(de->d_name, NULL, 10);
	closedir(proc);
	return found;
}

int
spawn_finish(pid_t pid)
{
	pid_t survivor;
	int status, ms;

	while (waitpid(pid, &status, 0) < 0)
		ck_assert_msg(errno == EINTR, "waitpid: %s", strerror(errno));
	/* An orphan of the program's is ours now: reap it, or catch it. */
	for (ms = 0;; ms += 10) {
		while (waitpid(-1, NULL, WNOHANG) > 0)
			continue;
		survivor = child_of(getpid());
		if (survivor == 0)
			break;
		if (ms >= SURVIVOR_WAIT_MS) {
			kill(survivor, SIGKILL);
			ck_abort_msg("process %d outlived bheapsim by %d ms",
			    (int)survivor, ms);
		}
		usleep(10000);
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) :
	    128 + WTERMSIG(status);
}

int
signal_run(const char *const args[], int signo, useconds_t after_us)
{
	pid_t pid = spawn_start(args, -1);

	usleep(after_us);
	kill(pid, signo);
	return spawn_finish(pid);
}

void
outcome_free(struct outcome *o)
{
	free(o->out.data);
	free(o->err.data);
	memset(o, 0, sizeof(*o));
}

bool
said_nothing(const struct capture *err)
{
	return err->len == 0;
}

void
expect_success(const struct outcome *o)
{
	ck_assert_msg(o->status == 0, "%s: exit %d; stderr: %s", o->command,
	    o->status, o->err.data);
	ck_assert_msg(said_nothing(&o->err), "%s: succeeded but said: %s",
	    o->command, o->err.data);
}

/* Exactly one line: one newline, at the very end. */
bool
one_line(const struct capture *c)
{
	return c->len > 0 && memchr(c->data, '\n', c->len) ==
	    c->data + c->len - 1;
}

/* Scratch directories ------------------------------------------------- */

/*
 * A failing check ends a forked test at once, before any cleanup in the
 * test or a checked teardown can run.  So each test's directory lies
 * under one root per test case, made and swept by an unchecked fixture,
 * which runs in the runner process whatever the tests do.
 */
static char root[PATH_MAX];

void
root_make(void)
{
	const char *tmp = getenv("TMPDIR");
	int n;

	if (tmp == NULL || *tmp == '\0')
		tmp = "/tmp";
	n = snprintf(root, sizeof(root), "%s/bheapsim-tests.XXXXXX", tmp);
	/* scratch_make() reports the failure, inside a test. */
	if (n < 0 || (size_t)n >= sizeof(root) || mkdtemp(root) == NULL)
		root[0] = '\0';
}

static int
remove_entry(const char *path, const struct stat *sb, int flag,
    struct FTW *ftw)
{
	(void)sb;
	(void)flag;
	(void)ftw;
	return remove(path) == 0 || errno == ENOENT ? 0 : -1;
}

static int
remove_tree(const char *path)
{
	return nftw(path, remove_entry, 8, FTW_DEPTH | FTW_PHYS);
}

void
root_sweep(void)
{
	if (root[0] != '\0')
		(void)remove_tree(root);
	root[0] = '\0';
}

TCase *
scratch_tcase(const char *name, double timeout)
{
	TCase *tc = tcase_create(name);

	tcase_add_unchecked_fixture(tc, root_make, root_sweep);
	tcase_set_timeout(tc, timeout);
	return tc;
}

void
scratch_make(char dir[PATH_MAX])
{
	int n;

	ck_assert_msg(root[0] != '\0', "cannot make a temporary directory "
	    "under $TMPDIR or /tmp");
	n = snprintf(dir, PATH_MAX, "%s/run.XXXXXX", root);
	ck_assert(n > 0 && n < PATH_MAX);
	ck_assert_msg(mkdtemp(dir) != NULL, "mkdtemp %s: %s", dir,
	    strerror(errno));
}

void
scratch_remove(const char *dir)
{
	ck_assert_msg(remove_tree(dir) == 0, "cannot remove %s: %s", dir,
	    strerror(errno));
}

void
path_in(char *path, size_t size, const char *dir, const char *name)
{
	int n = snprintf(path, size, "%s/%s", dir, name);

	ck_assert_msg(n > 0 && (size_t)n < size, "path too long: %s/%s", dir,
	    name);
}

/* Names the entries of dir, space-separated, in list; returns how many. */
size_t
list_dir(const char *dir, char *list, size_t size)
{
	struct dirent *de;
	size_t count = 0;
	DIR *d;

	list[0] = '\0';
	d = opendir(dir);
	ck_assert_msg(d != NULL, "opendir %s: %s", dir, strerror(errno));
	while ((de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 ||
		    strcmp(de->d_name, "..") == 0)
			continue;
		if (count > 0)
			strncat(list, " ", size - strlen(list) - 1);
		strncat(list, de->d_name, size - strlen(list) - 1);
		count++;
	}
	closedir(d);
	return count;
}

/* The first bytes of a file, NUL-terminated. */
void
file_head(const char *path, char *head, size_t size)
{
	FILE *f = fopen(path, "r");
	size_t n;

	ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
	n = fread(head, 1, size - 1, f);
	head[n] = '\0';
	fclose(f);
}
