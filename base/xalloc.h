/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * xalloc.h: memory that must be had, or the run ends: the one owner of
 * the out-of-memory path, as OpenBSD's xmalloc is, so that callers read
 * straight down.  On failure: one line naming the request, and exit
 * status EXIT_FAILURE (exit(3) runs, so what outfile.h made is removed).
 *
 * The models' large tables are not asked for here: their creators
 * return NULL, and the run reports the pages or lines it could not
 * model (workload.c).
 */
#ifndef XALLOC_H
#define XALLOC_H

#include <stddef.h>

/* n zeroed elements of `size` bytes; n * size may not overflow. */
void	*xcalloc(size_t n, size_t size);
/* p resized to n elements of `size` bytes. */
void	*xreallocarray(void *p, size_t n, size_t size);
char	*xstrdup(const char *);

#endif
