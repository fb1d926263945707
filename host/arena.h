/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * arena.h: page-aligned memory for the heap array and the items.
 *
 * An arena is anonymous memory (the default), a memory file shared with
 * nothing (--vm kernel: evicted pages stay in the file and come back with
 * a minor fault), or a file on disk (--vm disk: evicted pages are written
 * out and dropped, and come back with a major fault).
 */
#ifndef ARENA_H
#define ARENA_H

#include <stddef.h>
#include <stdint.h>

enum arena_backing { ARENA_ANONYMOUS, ARENA_MEMORY_FILE, ARENA_DISK_FILE };

struct arena {
	char		*base;		/* aligned start, NULL when unmapped */
	size_t		 bytes;		/* mapped bytes from base: whole system pages */
	int		 fd;		/* backing file, or -1 */
	enum arena_backing backing;
	int		 pageout;	/* disk: MADV_PAGEOUT works here */
};

/*
 * Maps `bytes` starting on an `align` boundary (a power of two, at least
 * the system page size).  `dir` is where a disk file goes; the file is
 * unlinked at once, so nothing is left behind however the process ends.
 * Returns 0, or -1 with errno set.
 */
int	arena_map(struct arena *, size_t bytes, size_t align,
	    enum arena_backing, const char *dir);
/*
 * Takes [offset, offset + len) out of memory, so that the next access
 * faults: minor for a memory file, major for a disk file.  A no-op for
 * anonymous memory, whose contents would be lost.
 */
void	arena_evict(struct arena *, size_t offset, size_t len);
void	arena_unmap(struct arena *);

/*
 * Whether `dir` can hold a disk arena (a directory, not in memory, where
 * a file can be made): 0, or -1 with a reason in `why`.
 */
int	arena_disk_ok(const char *dir, char *why, size_t why_size);

/*
 * File-backed arenas map each page on its own (see split_mappings), so
 * the pages they can hold, summed over both arenas, are the kernel's
 * vm.max_map_count less a spare for libc and the stack.
 */
uint64_t arena_max_file_pages(void);

#endif
