/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * stop.h: the signals that stop a run, and the children they stop too.
 */
#ifndef STOP_H
#define STOP_H

#include <signal.h>
#include <stddef.h>
#include <sys/types.h>

/*
 * Children at once.  Runs side by side share the machine's cores and
 * memory bandwidth, so more than a few only slow each other; the bound
 * keeps the parent's table of children small and fixed.
 */
#define EXPERIMENT_MAX_JOBS	64

/*
 * From now on SIGINT, SIGTERM, SIGHUP, SIGPIPE and the other signals
 * whose default kills (stop.c lists them) stop the running
 * children and make experiment_run() return, instead of killing this
 * process: the caller can still write what was completed and remove its
 * temporary files, and exits EXIT_SIGNAL(signo).  A write to a pipe
 * whose reader is gone so fails with EPIPE.  A second signal removes the
 * temporary files and ends the process at once.  Calls that block, such
 * as opening a FIFO, fail with EINTR.
 */
void	experiment_trap_signals(void);
/*
 * From now on a fault, abort() (a failed assertion), or SIGABRT, SIGSEGV,
 * SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGSYS, SIGSTKFLT or SIGPWR sent first
 * removes the temporary files (outfile.h), then takes its default action:
 * the same exit status and core dump.  Call it first thing.
 */
void	stop_trap_fatal(void);
/* The first of those signals caught, or 0. */
int	experiment_signal(void);

/*
 * Descriptors one child may open of its own beyond what it inherits: the
 * CPU's counters (pmu.h), its arenas, /proc files, and its pipe.
 */
#define STOP_CHILD_FDS		12

/*
 * The children at once, at most `jobs` and at least 1, that the
 * descriptor limit (ulimit -n) leaves room for: the parent holds a pipe
 * of each, and each child opens STOP_CHILD_FDS more.  Fewer than asked
 * is said on stderr, once; the run goes on.
 */
unsigned	stop_jobs_fit(unsigned jobs);

/* Blocks the trapped signals, the old mask in *saved. */
void	stop_hold(sigset_t *saved);
/* In a child: the trapped signals' default actions back. */
void	stop_defaults(void);
/* The child running in slot (< EXPERIMENT_MAX_JOBS), or 0: none. */
void	stop_child(size_t slot, pid_t pid);
/* Sends signo to every child running. */
void	stop_children(int signo);

/*
 * Waits for the child `pid` that ran `layout`: its exit status, or the
 * status of the signal that stopped the run, or 1 after a line on stderr
 * if it died of a signal of its own.
 */
int	stop_wait_child(pid_t pid, const char *layout);

#endif
