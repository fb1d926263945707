/*
 * arena.c: anonymous mappings aligned to the modeled page size.
 *
 * The model numbers pages from the start of each arena, so the start
 * must lie on a boundary of the modeled page for those numbers to be the
 * real ones.  mmap only promises the system page: map enough extra to
 * find the boundary and give back the slack on both sides.
 */
#include <sys/mman.h>

#include <errno.h>
#include <stdint.h>
#include <unistd.h>

#include "arena.h"

int
arena_map(struct arena *arena, size_t bytes, size_t align)
{
	size_t system_page = (size_t)sysconf(_SC_PAGESIZE);
	size_t map_bytes, head, tail;
	char *map, *base;

	if (align < system_page)
		align = system_page;
	/* Whole system pages, so that the slack on each side unmaps exactly. */
	if (bytes > SIZE_MAX - 2 * align) {
		errno = ENOMEM;
		return -1;
	}
	bytes = (bytes + system_page - 1) & ~(system_page - 1);
	map_bytes = bytes + align - system_page;
	map = mmap(NULL, map_bytes, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (map == MAP_FAILED)
		return -1;
	base = (char *)(((uintptr_t)map + align - 1) & ~(uintptr_t)(align - 1));
	head = (size_t)(base - map);
	tail = map_bytes - head - bytes;
	if (head > 0)
		munmap(map, head);
	if (tail > 0)
		munmap(base + bytes, tail);
	arena->base = base;
	arena->bytes = bytes;
	/*
	 * Transparent huge pages would fold 512 faults into one and hide
	 * exactly what the kernel figures are meant to show.  Kernels without
	 * THP reject the advice; nothing is lost then.
	 */
	(void)madvise(base, bytes, MADV_NOHUGEPAGE);
	return 0;
}

void
arena_unmap(struct arena *arena)
{
	if (arena->base != NULL)
		munmap(arena->base, arena->bytes);
	arena->base = NULL;
}
