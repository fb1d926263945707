/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * temps.h: the temporary files a process has made and not yet renamed
 * or removed, which it removes however it ends: at exit(), and from the
 * handler of a signal that ends it (stop.h).
 */
#ifndef TEMPS_H
#define TEMPS_H

/* Parameters -------------------------------------------------------- */

#define TEMPS_MAX	8	/* more than one invocation ever opens */

/*
 * mkstemp(3) of `name` (ending in XXXXXX), registered before any signal
 * can arrive.  Returns the descriptor, or -1 with errno set (EMFILE: as
 * many as TEMPS_MAX are live).
 */
int	temps_make(char *name);
/* `name` was renamed or removed: no longer one to remove. */
void	temps_forget(const char *name);
/*
 * Removes every live one, in the process that made them (a forked child
 * removes none); safe in a signal handler.
 */
void	temps_remove_all(void);

#endif
