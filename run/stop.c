/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * stop.c: the signals that stop a run, and the children they stop too;
 * see stop.h.
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "exits.h"
#include "stop.h"
#include "temps.h"

/* Parameters -------------------------------------------------------- */

/*
 * What stops a run: the terminal, kill(1), a hangup, a closed pipe, and
 * every other signal whose default would end the process without a word
 * (the timers, the CPU limit, the user's two).  SIGXFSZ is ignored
 * instead: past ulimit -f a write fails with EFBIG, a runtime error as a
 * full disk is.
 */
static const int trapped[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT,
    SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU, SIGVTALRM, SIGPROF };
#define NTRAPPED	(sizeof(trapped) / sizeof(trapped[0]))

/*
 * What ends the process at once, a fault, abort() (a failed assertion
 * too) or a signal sent: the temporary files go, then the default action
 * (exit status, core dump) as if no handler were here.  Only SIGKILL and
 * SIGSTOP cannot be caught; a name left by SIGKILL is never reused.
 */
static const int fatal[] = { SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE,
    SIGTRAP, SIGSYS, SIGSTKFLT, SIGPWR };
#define NFATAL		(sizeof(fatal) / sizeof(fatal[0]))
/* A stack of its own, so that a stack overflow's SIGSEGV is handled. */
#define FATAL_STACK	65536

/* Signals ------------------------------------------------------------- */

static volatile sig_atomic_t caught;	/* the first signal, or 0 */
/* The children running now; 0 in a free slot. */
static volatile pid_t running[EXPERIMENT_MAX_JOBS];

void
stop_children(int signo)
{
	size_t i;

	for (i = 0; i < EXPERIMENT_MAX_JOBS; i++)
		if (running[i] > 0)
			kill(running[i], signo);
}

static void
on_signal(int signo)
{
	if (caught != 0) {
		/* Asked twice: no more writing, only cleaning up. */
		stop_children(SIGKILL);
		temps_remove_all();
		_exit(EXIT_SIGNAL(caught));
	}
	caught = signo;
	/* A kill(1) aimed at us alone must stop the children too. */
	stop_children(signo);
}

static void
on_fatal(int signo)
{
	/* SA_RESETHAND put the default back; SA_NODEFER lets it come. */
	temps_remove_all();
	raise(signo);
}

void
stop_trap_fatal(void)
{
	static char stack[FATAL_STACK];
	struct sigaction action;
	stack_t alt;
	size_t i;

	alt.ss_sp = stack;
	alt.ss_size = sizeof(stack);
	alt.ss_flags = 0;
	memset(&action, 0, sizeof(action));
	action.sa_handler = on_fatal;
	action.sa_flags = SA_RESETHAND | SA_NODEFER |
	    (sigaltstack(&alt, NULL) == 0 ? SA_ONSTACK : 0);
	sigemptyset(&action.sa_mask);
	for (i = 0; i < NFATAL; i++)
		sigaction(fatal[i], &action, NULL);
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
	signal(SIGXFSZ, SIG_IGN);
}

int
experiment_signal(void)
{
	return caught;
}

void
stop_hold(sigset_t *saved)
{
	sigset_t block;

	trapped_set(&block);
	sigprocmask(SIG_BLOCK, &block, saved);
}

void
stop_defaults(void)
{
	size_t i;

	for (i = 0; i < NTRAPPED; i++)
		signal(trapped[i], SIG_DFL);
}

void
stop_child(size_t slot, pid_t pid)
{
	running[slot] = pid;
}

/* Descriptor limit ---------------------------------------------------- */

/* The descriptors open now, below `limit`. */
static unsigned long
open_fds(unsigned long limit)
{
	unsigned long fd, n = 0;

	for (fd = 0; fd < limit; fd++)
		n += fcntl((int)fd, F_GETFD) != -1;
	return n;
}

unsigned
stop_jobs_fit(unsigned jobs)
{
	struct rlimit nofile;
	unsigned long open, room;

	if (getrlimit(RLIMIT_NOFILE, &nofile) != 0 ||
	    nofile.rlim_cur == RLIM_INFINITY || nofile.rlim_cur > 1u << 20)
		return jobs;
	open = open_fds(nofile.rlim_cur);
	/* Each child inherits the pipes open then, and opens its own. */
	room = nofile.rlim_cur > open + STOP_CHILD_FDS ?
	    nofile.rlim_cur - open - STOP_CHILD_FDS : 0;
	if (room >= jobs)
		return jobs;
	room = room > 0 ? room : 1;
	warnx("--jobs %u: ulimit -n %lu leaves room for %lu at once; running "
	    "that many", jobs, (unsigned long)nofile.rlim_cur, room);
	return (unsigned)room;
}

int
stop_wait_child(pid_t pid, const char *layout)
{
	int status;

	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			warn("waitpid");
			return EXIT_FAILURE;
		}
	}
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	/* Killed by what we forwarded, or by the terminal's SIGINT. */
	if (experiment_signal() != 0)
		return EXIT_SIGNAL(experiment_signal());
	if (WTERMSIG(status) == SIGINT)
		return EXIT_INTERRUPTED;
	warnx("the %s job died of signal %d (%s)", layout, WTERMSIG(status),
	    strsignal(WTERMSIG(status)));
	return EXIT_FAILURE;
}
