/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * temps.c: the temporary files a process must not leave behind
 * (temps.h), in fixed arrays that a signal handler can walk without
 * locks or malloc: a slot's name is written before it is marked live.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "temps.h"

static char temp_names[TEMPS_MAX][PATH_MAX];
static volatile sig_atomic_t temp_live[TEMPS_MAX];

/* The process whose exit removes them: a child's exit never does. */
static pid_t temp_owner;

static void
remove_at_exit(void)
{
	temps_remove_all();
}

static int
temp_register(const char *temp)
{
	unsigned i;

	/* exit(), err() on out of memory included, leaves none behind. */
	if (temp_owner == 0) {
		temp_owner = getpid();
		if (atexit(remove_at_exit) != 0) {
			temp_owner = 0;
			errno = ENOMEM;
			return -1;
		}
	}
	if (strlen(temp) >= PATH_MAX) {
		errno = ENAMETOOLONG;
		return -1;
	}
	for (i = 0; i < TEMPS_MAX; i++) {
		if (temp_live[i])
			continue;
		strcpy(temp_names[i], temp);
		temp_live[i] = 1;
		return 0;
	}
	errno = EMFILE;
	return -1;
}

int
temps_make(char *name)
{
	sigset_t all, was;
	int fd, saved;

	/*
	 * A signal between the file's making and its registering would
	 * leave it behind: signals wait until it is registered, when the
	 * handler knows to remove it.
	 */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &was);
	fd = mkstemp(name);
	if (fd >= 0 && temp_register(name) != 0) {
		saved = errno;
		unlink(name);
		close(fd);
		fd = -1;
		errno = saved;
	}
	saved = errno;
	pthread_sigmask(SIG_SETMASK, &was, NULL);
	errno = saved;
	return fd;
}

void
temps_forget(const char *name)
{
	unsigned i;

	for (i = 0; i < TEMPS_MAX; i++)
		if (temp_live[i] && strcmp(temp_names[i], name) == 0)
			temp_live[i] = 0;
}

void
temps_remove_all(void)
{
	unsigned i;

	/* A child, which shares the names, leaves them to its parent. */
	for (i = 0; i < TEMPS_MAX && getpid() == temp_owner; i++)
		if (temp_live[i])
			unlink(temp_names[i]);
}
