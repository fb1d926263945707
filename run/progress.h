/*
 * progress.h: a progress bar with an ETA on stderr, for long sweeps.
 *
 * It draws only when stderr is a terminal; in a pipe or a log it stays
 * quiet, so output stays clean.
 */
#ifndef PROGRESS_H
#define PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct progress {
	bool		enabled;
	size_t		total;
	uint64_t	start_ns;
};

void	progress_start(struct progress *, size_t total);
void	progress_update(struct progress *, size_t done);
void	progress_finish(struct progress *);

#endif
