/*
 * experiment.c: fork, run one layout, send rows home.
 */
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "experiment.h"

static volatile sig_atomic_t interrupted;
static volatile pid_t running_child;

static void
on_sigint(int signo)
{
	interrupted = 1;
	/* A kill(1) aimed at us alone must stop the child too. */
	if (running_child > 0)
		kill(running_child, signo);
}

/* Child ---------------------------------------------------------------- */

static int
send_row(const struct result *row, void *context)
{
	int fd = *(const int *)context;
	const char *p = (const char *)row;
	size_t left = sizeof(*row);

	while (left > 0) {
		ssize_t n = write(fd, p, left);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			fprintf(stderr, "bheapsim: cannot report a row: %s\n",
			    strerror(errno));
			return 1;
		}
		p += n;
		left -= (size_t)n;
	}
	return 0;
}

static void
child(const struct config *config, unsigned layout, FILE *trace, int fd,
    const sigset_t *unblock)
{
	int status;

	signal(SIGINT, SIG_DFL);
	sigprocmask(SIG_SETMASK, unblock, NULL);
	status = workload_run(config, 1, layout, trace, send_row, &fd);
	if (status == 0 && trace != NULL && fflush(trace) != 0) {
		fprintf(stderr, "bheapsim: %s: %s\n", config->trace,
		    strerror(errno));
		status = 1;
	}
	/* _exit: the parent's stdio buffers and atexit work are not ours. */
	_exit(status);
}

/* Parent --------------------------------------------------------------- */

/* Reads rows until the child closes the pipe; keeps only whole ones. */
static void
receive_rows(int fd, const struct config *config,
    struct experiment *experiment)
{
	size_t capacity = sizeof(experiment->rows) / sizeof(experiment->rows[0]);
	struct result row;
	size_t have = 0;

	for (;;) {
		ssize_t n = read(fd, (char *)&row + have, sizeof(row) - have);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		have += (size_t)n;
		if (have < sizeof(row))
			continue;
		have = 0;
		/* The child's pointer is valid here too, but say so plainly. */
		row.config = config;
		if (experiment->nrows < capacity)
			experiment->rows[experiment->nrows++] = row;
	}
}

static int
wait_child(pid_t pid, const char *layout)
{
	int status;

	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			fprintf(stderr, "bheapsim: waitpid: %s\n",
			    strerror(errno));
			return 1;
		}
	}
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	if (WTERMSIG(status) == SIGINT)
		return EXIT_INTERRUPTED;
	fprintf(stderr, "bheapsim: the %s run died of signal %d (%s)\n", layout,
	    WTERMSIG(status), strsignal(WTERMSIG(status)));
	return 1;
}

static int
run_layout(const struct config *config, unsigned layout, FILE *trace,
    struct experiment *experiment)
{
	sigset_t block, saved;
	int fds[2];
	pid_t pid;
	int status;

	if (pipe(fds) != 0) {
		fprintf(stderr, "bheapsim: pipe: %s\n", strerror(errno));
		return 1;
	}
	/* Whatever stdio holds now must not be written twice. */
	fflush(NULL);
	/* Until running_child is set, a SIGINT would miss the child: hold it. */
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigprocmask(SIG_BLOCK, &block, &saved);
	pid = fork();
	if (pid < 0) {
		fprintf(stderr, "bheapsim: fork: %s\n", strerror(errno));
		sigprocmask(SIG_SETMASK, &saved, NULL);
		close(fds[0]);
		close(fds[1]);
		return 1;
	}
	if (pid == 0) {
		close(fds[0]);
		child(config, layout, trace, fds[1], &saved);
	}
	running_child = pid;
	sigprocmask(SIG_SETMASK, &saved, NULL);
	close(fds[1]);
	receive_rows(fds[0], config, experiment);
	close(fds[0]);
	status = wait_child(pid, layouts[layout]->name);
	running_child = 0;
	return status;
}

void
experiment_trap_interrupts(void)
{
	struct sigaction action;

	memset(&action, 0, sizeof(action));
	action.sa_handler = on_sigint;
	sigemptyset(&action.sa_mask);
	sigaction(SIGINT, &action, NULL);
}

bool
experiment_interrupted(void)
{
	return interrupted != 0;
}

int
experiment_run(const struct config *config, FILE *trace,
    struct experiment *experiment)
{
	int status = 0;
	unsigned layout;

	experiment->nrows = 0;
	for (layout = 0; layout < LAYOUT_COUNT && status == 0; layout++) {
		if (!(config->layouts & 1u << layout))
			continue;
		if (interrupted)
			return EXIT_INTERRUPTED;
		status = run_layout(config, layout, trace, experiment);
	}
	return interrupted ? EXIT_INTERRUPTED : status;
}
