/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * init.c: /init of the guest that runs bheapsim on every ABI
 * (tools/guest/run.sh boots it; make compare reads what it prints).
 *
 * It runs as PID 1 from an initramfs holding the static programs
 * /bin/bheapsim-x86-64, /bin/bheapsim-x32 and /bin/bheapsim-ia32.  Its
 * arguments, which the kernel hands over from after "--" on its command
 * line, are bheapsim options; each program runs with them and
 * --format csv, one after the other in the same freshly booted guest,
 * its output framed on the console by
 *
 *	@@bheapsim-guest begin ABI
 *	@@bheapsim-guest end ABI status N
 *
 * Then "@@bheapsim-guest done", and the guest powers off.  With the one
 * argument "probe" it prints "@@bheapsim-guest up" and powers off at
 * once: the runner's test of whether an accelerator boots at all.
 */
#include <sys/klog.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MARK		"@@bheapsim-guest"
#define MAX_ARGS	64
#define CONSOLE_QUIET	1	/* console loglevel: emergencies only */
#define SYSLOG_ACTION_CONSOLE_LEVEL 8

static const char *const abis[] = { "x86-64", "x32", "ia32" };

/* One marker line, out before any child writes. */
static void
say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs(MARK " ", stdout);
	vprintf(fmt, ap);
	putchar('\n');
	va_end(ap);
	fflush(stdout);
}

static void
mount_fs(const char *type, const char *dir)
{
	if (mkdir(dir, 0755) != 0 && errno != EEXIST)
		err(1, "mkdir %s", dir);
	if (mount(type, dir, type, 0, NULL) != 0)
		err(1, "mount %s on %s", type, dir);
}

/*
 * The kernel opens /dev/console for init when the initramfs (or its own
 * built-in one) has that node.  Without it, fds 0-2 are closed: make the
 * node through devtmpfs instead.
 */
static void
console(void)
{
	int fd;

	if (fcntl(STDOUT_FILENO, F_GETFD) != -1)
		return;
	mount_fs("devtmpfs", "/dev");
	if ((fd = open("/dev/console", O_RDWR)) == -1)
		exit(1);	/* nowhere to say so */
	dup2(fd, STDIN_FILENO);
	dup2(fd, STDOUT_FILENO);
	dup2(fd, STDERR_FILENO);
	if (fd > STDERR_FILENO)
		close(fd);
}

/* Runs /bin/bheapsim-ABI with options, --format csv; its exit status. */
static int
run(const char *abi, int nopts, char *opts[])
{
	char path[64];
	char *argv[MAX_ARGS + 4];
	int i, status;
	pid_t pid;

	snprintf(path, sizeof(path), "/bin/bheapsim-%s", abi);
	argv[0] = path;
	for (i = 0; i < nopts; i++)
		argv[i + 1] = opts[i];
	argv[nopts + 1] = "--format";
	argv[nopts + 2] = "csv";
	argv[nopts + 3] = NULL;
	if ((pid = fork()) == -1)
		err(1, "fork");
	if (pid == 0) {
		execv(path, argv);
		/* ENOEXEC here: a kernel without x32, or without syscall.x32=y. */
		warn("cannot execute %s", path);
		_exit(126);
	}
	while (waitpid(pid, &status, 0) == -1)
		if (errno != EINTR)
			err(1, "waitpid %ld", (long)pid);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

int
main(int argc, char *argv[])
{
	struct utsname uts;
	size_t i;

	console();
	/* Kernel messages must not land inside the CSV. */
	(void)klogctl(SYSLOG_ACTION_CONSOLE_LEVEL, NULL, CONSOLE_QUIET);
	if (argc == 2 && strcmp(argv[1], "probe") == 0) {
		say("up");
	} else {
		if (argc - 1 > MAX_ARGS)
			errx(1, "%d options, more than %d", argc - 1, MAX_ARGS);
		mount_fs("proc", "/proc");
		if (uname(&uts) == 0)
			say("kernel %s %s", uts.release, uts.machine);
		for (i = 0; i < sizeof(abis) / sizeof(abis[0]); i++) {
			say("begin %s", abis[i]);
			say("end %s status %d", abis[i],
			    run(abis[i], argc - 1, argv + 1));
		}
		say("done");
	}
	sync();
	reboot(RB_POWER_OFF);
	err(1, "reboot");
}
