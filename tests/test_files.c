/*
 * test_files.c: the files bheapsim writes, by the rule of outfile.h:
 * device nodes, FIFOs and symlinks, an existing file's mode and owner,
 * two names of one file, paths refused before any run, a full
 * filesystem, and what every signal leaves behind.
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

/* Parameters -------------------------------------------------------- */

#define OTHER_ID	12345		/* a uid and gid nobody here has */
#define SMALL_FS	"size=64k"	/* too small for a trace */
#define TEMP_POLL_US	5000		/* how often to look for a temp file */
#define TEMP_WAIT_US	10000000	/* how long a temp file may take */

/* A run of several seconds, so that a signal lands inside it. */
#define LONG_RUN	"--items", "1M", "--workload", "all"

/* Helpers ------------------------------------------------------------- */

static void
skip(const char *test, const char *why)
{
	fprintf(stderr, "note: %s skipped: %s\n", test, why);
}

static bool
is_char_device(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0 && S_ISCHR(st.st_mode);
}

static void
write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
	fputs(text, f);
	ck_assert_msg(fclose(f) == 0, "%s: %s", path, strerror(errno));
}

/* A whole report of one header and whole CSV rows; returns the rows. */
static size_t
csv_rows(const char *path)
{
	size_t lines = 0, header_commas = 0, size = 0;
	char *line = NULL;
	ssize_t len;
	FILE *f = fopen(path, "r");

	ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
	while ((len = getline(&line, &size, f)) > 0) {
		size_t commas = 0, i;

		ck_assert_msg(line[len - 1] == '\n', "%s: line %zu is cut "
		    "short", path, lines + 1);
		for (i = 0; i < (size_t)len; i++)
			commas += line[i] == ',';
		if (lines++ == 0) {
			ck_assert_msg(strncmp(line, "abi,", 4) == 0,
			    "%s starts: %s", path, line);
			header_commas = commas;
		}
		ck_assert_msg(commas == header_commas, "%s: line %zu has %zu "
		    "fields, the header %zu", path, lines, commas + 1,
		    header_commas + 1);
	}
	free(line);
	fclose(f);
	ck_assert_msg(lines > 1, "%s holds no row", path);
	return lines - 1;
}

/* Waits until dir holds an entry with ".XXXXXX" after `name`. */
static void
await_temp(const char *dir, const char *name)
{
	char list[1024], prefix[PATH_MAX];
	useconds_t waited;

	snprintf(prefix, sizeof(prefix), "%s.", name);
	for (waited = 0; waited < TEMP_WAIT_US; waited += TEMP_POLL_US) {
		list_dir(dir, list, sizeof(list));
		if (strstr(list, prefix) != NULL)
			return;
		usleep(TEMP_POLL_US);
	}
	ck_abort_msg("no temporary %s.XXXXXX appeared in %s", name, dir);
}

/* The directory holds exactly `expected` (space-separated, in any order). */
static void
expect_entries(const char *dir, const char *expected, const char *after)
{
	char list[1024], want[256], *name, *save;
	size_t count = 0, n;

	n = list_dir(dir, list, sizeof(list));
	snprintf(want, sizeof(want), "%s", expected);
	for (name = strtok_r(want, " ", &save); name != NULL;
	    name = strtok_r(NULL, " ", &save)) {
		char padded[1100], needle[300];

		snprintf(padded, sizeof(padded), " %s ", list);
		snprintf(needle, sizeof(needle), " %s ", name);
		ck_assert_msg(strstr(padded, needle) != NULL, "after %s, %s "
		    "lacks %s; it holds: %s", after, dir, name, list);
		count++;
	}
	ck_assert_msg(n == count, "after %s, %s holds: %s (expected: %s)",
	    after, dir, list, expected);
}

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
			    "items=1K,2K", NULL };

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

static const int stop_signals[] = { SIGTERM, SIGHUP, SIGPIPE, SIGINT };

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
 * A sweep with a plot: a whole report or none, and a whole plot or none
 * (it needs rows of the workload it draws, the last one).
 */
START_TEST(signal_mid_sweep)
{
	int signo = stop_signals[_i];
	char dir[PATH_MAX], path[PATH_MAX], plot[PATH_MAX], head[8];
	char left[256];
	pid_t pid;

	scratch_make(dir);
	path_in(path, sizeof(path), dir, "r.csv");
	path_in(plot, sizeof(plot), dir, "p.svg");
	pid = spawn_start((const char *const[]){ "--sweep",
	    "items=100K,200K,400K,800K,1600K,3200K", "--workload", "all",
	    "--output", path, "--plot", plot, NULL }, -1);
	await_temp(dir, "p.svg");
	usleep(1000000);
	kill(pid, signo);
	ck_assert_int_eq(spawn_finish(pid), 128 + signo);
	if (list_dir(dir, left, sizeof(left)) > 0)
		ck_assert_uint_lt(csv_rows(path), 6 * 3 * 5);
	if (access(plot, F_OK) == 0) {
		expect_entries(dir, "r.csv p.svg", strsignal(signo));
		file_head(plot, head, sizeof(head));
		ck_assert_msg(strncmp(head, "<svg", 4) == 0 ||
		    strncmp(head, "<?xml", 5) == 0, "the plot starts %s", head);
	} else if (left[0] != '\0')
		expect_entries(dir, "r.csv", strsignal(signo));
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

/* Standard output ---------------------------------------------------- */

/* --help and --version that cannot be written are failures. */
START_TEST(help_into_full_device)
{
	static const char *const cases[][3] = { { "--help" }, { "--version" },
	    { "explain", "--help" } };
	unsigned i;
	int full = open("/dev/full", O_WRONLY);

	if (full < 0) {
		skip("help_into_full_device", strerror(errno));
		return;
	}
	for (i = 0; i < 3; i++)
		ck_assert_msg(spawn_finish(spawn_start(cases[i], full)) == 1,
		    "%s %s into /dev/full did not exit 1", cases[i][0],
		    cases[i][1] != NULL ? cases[i][1] : "");
	close(full);
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
	tcase_add_test(tc, full_filesystem);
	suite_add_tcase(suite, tc);

	tc = scratch_tcase("signals", 60);
	tcase_add_loop_test(tc, signal_mid_run, 0, (int)NSTOP);
	tcase_add_loop_test(tc, signal_mid_trace, 0, (int)NSTOP);
	tcase_add_loop_test(tc, signal_mid_sweep, 0, 2);
	tcase_add_test(tc, reader_gone);
	tcase_add_test(tc, parent_killed);
	tcase_add_test(tc, early_signal_keeps_report);
	suite_add_tcase(suite, tc);

	tc = scratch_tcase("stdout", 30);
	tcase_add_test(tc, help_into_full_device);
	tcase_add_test(tc, ambiguous_prefix);
	suite_add_tcase(suite, tc);
	return suite;
}
