/*
 * arena.h: page-aligned anonymous memory for the heap array and the items.
 */
#ifndef ARENA_H
#define ARENA_H

#include <stddef.h>

struct arena {
	char	*base;		/* aligned start, NULL when unmapped */
	size_t	 bytes;		/* mapped bytes from base: whole system pages */
};

/*
 * Maps `bytes` starting on an `align` boundary (a power of two, at least
 * the system page size).  Returns 0, or -1 with errno set.
 */
int	arena_map(struct arena *, size_t bytes, size_t align);
void	arena_unmap(struct arena *);

#endif
