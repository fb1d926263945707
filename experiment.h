/*
 * experiment.h: every layout a config asks for, each run in a child
 * process of its own.
 *
 * A child starts from the parent's small footprint, so its max RSS, page
 * faults and VSZ belong to its layout alone instead of piling up on the
 * previous layout's; rows come back through a pipe as each phase ends.
 */
#ifndef EXPERIMENT_H
#define EXPERIMENT_H

#include <stddef.h>
#include <stdio.h>

#include "config.h"
#include "exits.h"
#include "workload.h"

struct experiment {
	struct result	rows[LAYOUT_COUNT * WL_COUNT];
	size_t		nrows;
};

/*
 * From now on SIGINT, SIGTERM, SIGHUP and SIGPIPE stop the running child
 * and make every later experiment_run() return at once, instead of
 * killing this process: the caller can still write what was completed
 * and remove its temporary files, and exits EXIT_SIGNAL(signo).  A
 * write to a pipe whose reader is gone so fails with EPIPE.  A second
 * signal removes the temporary files and ends the process at once.
 * Calls that block, such as opening a FIFO, fail with EINTR.
 */
void	experiment_trap_signals(void);
/* The first of those signals caught, or 0. */
int	experiment_signal(void);

/*
 * Returns 0; EXIT_SIGNAL(signo) after a signal, with every phase
 * completed before it in rows; or the exit status of a failed run, whose
 * reason the failing process has already printed.  Each child dies with
 * this process, even one killed outright.
 */
int	experiment_run(const struct config *, FILE *trace, struct experiment *);

#endif
