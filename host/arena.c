/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * arena.c: mappings aligned to the modeled page size, backed by anonymous
 * memory, a memory file or a disk file.
 *
 * The model numbers pages from the start of each arena, so the start
 * must lie on a boundary of the modeled page for those numbers to be the
 * real ones.  mmap only promises the system page: reserve enough address
 * space to find the boundary, place the mapping there, and give back the
 * slack on both sides.
 */
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/vfs.h>

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arena.h"

/* Parameters -------------------------------------------------------- */

#ifndef MADV_PAGEOUT
#define MADV_PAGEOUT 21		/* Linux 5.4; older headers lack it */
#endif
#define TMPFS_MAGIC_NUMBER 0x01021994
#define RAMFS_MAGIC_NUMBER 0x858458f6
#define MAP_COUNT_SPARE	1000	/* mappings left for libc, stack, ... */

/* Backing files ------------------------------------------------------ */

static int
disk_file(const char *dir)
{
	char path[4096];
	int fd;

	if (snprintf(path, sizeof(path), "%s/bheapsim-arena.XXXXXX", dir) >=
	    (int)sizeof(path)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	fd = mkstemp(path);
	if (fd < 0)
		return -1;
	/* Gone from the directory at once: no exit path can leave it behind. */
	unlink(path);
	return fd;
}

static int
backing_file(enum arena_backing backing, const char *dir, size_t bytes)
{
	int fd;

	if (backing == ARENA_MEMORY_FILE)
		fd = memfd_create("bheapsim-arena", MFD_CLOEXEC);
	else
		fd = disk_file(dir);
	if (fd < 0)
		return -1;
	if (ftruncate(fd, (off_t)bytes) != 0) {
		int saved = errno;

		close(fd);
		errno = saved;
		return -1;
	}
	return fd;
}

int
arena_disk_ok(const char *dir, char *why, size_t why_size)
{
	struct statfs fs;
	struct stat st;
	int fd;

	if (stat(dir, &st) != 0 || statfs(dir, &fs) != 0) {
		snprintf(why, why_size, "'%s': %s", dir, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		snprintf(why, why_size, "'%s' is not a directory", dir);
		return -1;
	}
	/* Pages of a memory file system have nowhere to go but memory. */
	/* f_type is a long on x86-64 but an int on ia32: compare 32 bits. */
	if ((uint32_t)fs.f_type == TMPFS_MAGIC_NUMBER ||
	    (uint32_t)fs.f_type == RAMFS_MAGIC_NUMBER) {
		snprintf(why, why_size, "%s is in memory (tmpfs or ramfs), so "
		    "its pages cannot be pushed out to a disk", dir);
		return -1;
	}
	/* Only a file made there proves it (read-only mounts, /proc, /sys). */
	fd = disk_file(dir);
	if (fd < 0) {
		snprintf(why, why_size, "cannot make a file in '%s': %s", dir,
		    strerror(errno));
		return -1;
	}
	close(fd);
	return 0;
}

/* The kernel's limit on a process's mappings; Linux's default if unknown. */
static uint64_t
max_map_count(void)
{
	unsigned long long count = 65530;
	FILE *f = fopen("/proc/sys/vm/max_map_count", "r");

	if (f != NULL) {
		if (fscanf(f, "%llu", &count) != 1)
			count = 65530;
		fclose(f);
	}
	return count;
}

uint64_t
arena_max_file_pages(void)
{
	uint64_t limit = max_map_count();

	return limit > MAP_COUNT_SPARE ? limit - MAP_COUNT_SPARE : 0;
}

/* Mapping ------------------------------------------------------------ */

/*
 * MADV_RANDOM stops read-ahead but not fault-around, which maps up to 16
 * pages of the page cache around every read fault.  It never reaches past
 * its mapping, though: marking every other page MADV_DONTDUMP (harmless:
 * core dumps only) makes each page a mapping of its own, and then a fault
 * maps exactly the page faulted.
 */
static void
split_mappings(struct arena *arena)
{
	size_t system_page = (size_t)sysconf(_SC_PAGESIZE);
	size_t offset;

	if (arena->backing == ARENA_ANONYMOUS)
		return;
	for (offset = system_page; offset < arena->bytes;
	    offset += 2 * system_page)
		(void)madvise(arena->base + offset, system_page, MADV_DONTDUMP);
}

static void
set_advice(struct arena *arena)
{
	/*
	 * Transparent huge pages would fold 512 faults into one and hide
	 * exactly what the kernel figures are meant to show.  Kernels without
	 * THP reject the advice; nothing is lost then.
	 */
	(void)madvise(arena->base, arena->bytes, MADV_NOHUGEPAGE);
	/*
	 * Read-ahead and fault-around would map neighbouring evicted pages
	 * along with the one faulted, and the next accesses to them would
	 * not fault at all.
	 */
	if (arena->backing != ARENA_ANONYMOUS)
		(void)madvise(arena->base, arena->bytes, MADV_RANDOM);
	split_mappings(arena);
}

int
arena_map(struct arena *arena, size_t bytes, size_t align,
    enum arena_backing backing, const char *dir)
{
	size_t system_page = (size_t)sysconf(_SC_PAGESIZE);
	size_t map_bytes, head, tail;
	char *map, *base;
	int fd = -1;

	if (align < system_page)
		align = system_page;
	if (bytes > SIZE_MAX - 2 * align) {
		errno = ENOMEM;
		return -1;
	}
	/* Whole system pages, so that the slack on each side unmaps exactly. */
	bytes = (bytes + system_page - 1) & ~(system_page - 1);
	map_bytes = bytes + align - system_page;
	map = mmap(NULL, map_bytes, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (map == MAP_FAILED)
		return -1;
	base = (char *)(((uintptr_t)map + align - 1) & ~(uintptr_t)(align - 1));
	if (backing != ARENA_ANONYMOUS) {
		fd = backing_file(backing, dir, bytes);
		if (fd < 0 || mmap(base, bytes, PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_FIXED, fd, 0) == MAP_FAILED) {
			int saved = errno;

			if (fd >= 0)
				close(fd);
			munmap(map, map_bytes);
			errno = saved;
			return -1;
		}
	}
	head = (size_t)(base - map);
	tail = map_bytes - head - bytes;
	if (head > 0)
		munmap(map, head);
	if (tail > 0)
		munmap(base + bytes, tail);
	arena->base = base;
	arena->bytes = bytes;
	arena->fd = fd;
	arena->backing = backing;
	arena->pageout = backing == ARENA_DISK_FILE;
	set_advice(arena);
	return 0;
}

void
arena_evict(struct arena *arena, size_t offset, size_t len)
{
	char *start = arena->base + offset;

	switch (arena->backing) {
	case ARENA_ANONYMOUS:
		break;
	case ARENA_MEMORY_FILE:
		/* The file keeps the data; only this mapping of it goes. */
		(void)madvise(start, len, MADV_DONTNEED);
		break;
	case ARENA_DISK_FILE:
		/* Clean first: reclaim skips dirty file pages. */
		(void)msync(start, len, MS_SYNC);
		if (arena->pageout && madvise(start, len, MADV_PAGEOUT) == 0)
			break;
		/*
		 * Before Linux 5.4: unmap the page, then drop the now unmapped,
		 * clean page from the page cache.
		 */
		arena->pageout = 0;
		(void)madvise(start, len, MADV_DONTNEED);
		(void)posix_fadvise(arena->fd, (off_t)offset, (off_t)len,
		    POSIX_FADV_DONTNEED);
		break;
	}
}

void
arena_unmap(struct arena *arena)
{
	/* A zeroed struct arena is unmapped: its fd 0 is not ours. */
	if (arena->base == NULL)
		return;
	munmap(arena->base, arena->bytes);
	if (arena->fd >= 0)
		close(arena->fd);
	arena->base = NULL;
	arena->fd = -1;
}
