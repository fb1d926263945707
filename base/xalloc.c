/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * xalloc.c: allocations that end the run when they fail.
 */
#include <err.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

void *
xcalloc(size_t n, size_t size)
{
	/* calloc(0, ...) may return NULL: one byte is always had. */
	void *p = calloc(n != 0 ? n : 1, size != 0 ? size : 1);

	if (p == NULL)
		err(EXIT_FAILURE, "allocating %zu x %zu bytes", n, size);
	return p;
}

void *
xreallocarray(void *p, size_t n, size_t size)
{
	void *grown;

	if (size != 0 && n > SIZE_MAX / size) {
		errno = ENOMEM;
		err(EXIT_FAILURE, "allocating %zu x %zu bytes", n, size);
	}
	grown = realloc(p, n * size != 0 ? n * size : 1);
	if (grown == NULL)
		err(EXIT_FAILURE, "allocating %zu x %zu bytes", n, size);
	return grown;
}

char *
xstrdup(const char *s)
{
	char *copy = strdup(s);

	if (copy == NULL)
		err(EXIT_FAILURE, "copying %zu bytes", strlen(s) + 1);
	return copy;
}
