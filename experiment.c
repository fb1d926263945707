/*
 * experiment.c: fork, run one layout, send rows home.
 */
#include <sys/prctl.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "experiment.h"
#include "outfile.h"

/* Parameters -------------------------------------------------------- */

/* What stops a run: the terminal, kill(1), a hangup, a closed pipe. */
static const int trapped[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };
#define NTRAPPED	(sizeof(trapped) / sizeof(trapped[0]))

/* Signals ------------------------------------------------------------- */

static volatile sig_atomic_t caught;	/* the first signal, or 0 */
static volatile pid_t running_child;

static void
on_signal(int signo)
{
	if (caught != 0) {
		/* Asked twice: no more writing, only cleaning up. */
		if (running_child > 0)
			kill(running_child, SIGKILL);
		outfile_remove_temps();
		_exit(EXIT_SIGNAL(caught));
	}
	caught = signo;
	/* A kill(1) aimed at us alone must stop the child too. */
	if (running_child > 0)
		kill(running_child, signo);
}

static void
trapped_set(sigset_t *set)
{
	size_t i;

	sigemptyset(set);
	for (i = 0; i < NTRAPPED; i++)
		sigaddset(set, trapped[i]);
}

void
experiment_trap_signals(void)
{
	struct sigaction action;
	size_t i;

	memset(&action, 0, sizeof(action));
	action.sa_handler = on_signal;
	trapped_set(&action.sa_mask);
	/* No SA_RESTART: a blocked open or write gives way with EINTR. */
	for (i = 0; i < NTRAPPED; i++)
		sigaction(trapped[i], &action, NULL);
}

int
experiment_signal(void)
{
	return caught;
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
    const sigset_t *unblock, pid_t parent)
{
	int status;
	size_t i;

	for (i = 0; i < NTRAPPED; i++)
		signal(trapped[i], SIG_DFL);
	/*
	 * Die with the parent, even one killed outright.  A parent that
	 * died before the prctl is not there to kill us: getppid() then
	 * names whoever adopted us instead.
	 */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) {
		fprintf(stderr, "bheapsim: prctl PR_SET_PDEATHSIG: %s\n",
		    strerror(errno));
		_exit(1);
	}
	if (getppid() != parent)
		_exit(1);
	sigprocmask(SIG_SETMASK, unblock, NULL);
	status = workload_run(config, 1, layout, trace, send_row, &fd);
	if (status == 0 && trace != NULL && fflush(trace) != 0) {
		fprintf(stderr, "bheapsim: --trace: %s: %s\n",
		    config->trace, strerror(errno));
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
	/* Killed by what we forwarded, or by the terminal's SIGINT. */
	if (caught != 0)
		return EXIT_SIGNAL(caught);
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
	pid_t parent = getpid();
	int fds[2];
	pid_t pid;
	int status;

	if (pipe(fds) != 0) {
		fprintf(stderr, "bheapsim: pipe: %s\n", strerror(errno));
		return 1;
	}
	/* Whatever stdio holds now must not be written twice. */
	fflush(NULL);
	/* Until running_child is set, a signal would miss the child: hold it. */
	trapped_set(&block);
	sigprocmask(SIG_BLOCK, &block, &saved);
	/* One caught before the hold: no child to start. */
	if (caught != 0) {
		sigprocmask(SIG_SETMASK, &saved, NULL);
		close(fds[0]);
		close(fds[1]);
		return EXIT_SIGNAL(caught);
	}
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
		child(config, layout, trace, fds[1], &saved, parent);
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
		if (caught != 0)
			return EXIT_SIGNAL(caught);
		status = run_layout(config, layout, trace, experiment);
	}
	return caught != 0 ? EXIT_SIGNAL(caught) : status;
}
