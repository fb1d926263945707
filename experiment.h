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

#include <stdbool.h>
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
 * From now on SIGINT stops the running child and makes every later
 * experiment_run() return at once, instead of killing this process: the
 * caller can still write what was completed and remove its temporary
 * files.
 */
void	experiment_trap_interrupts(void);
bool	experiment_interrupted(void);

/*
 * Returns 0; EXIT_INTERRUPTED after SIGINT, with every phase completed
 * before it in rows; or the exit status of a failed run, whose reason the
 * failing process has already printed.
 */
int	experiment_run(const struct config *, FILE *trace, struct experiment *);

#endif
