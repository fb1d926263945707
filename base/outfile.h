/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * outfile.h: the one rule for every file bheapsim writes.
 *
 * A regular file, new or existing, is written to a temporary file beside
 * it, PATH.XXXXXX (PATH cut short when the name would be too long), and
 * renamed over it when whole, keeping an existing file's mode and owner.
 * A chain of symlinks is followed link by link and its last name
 * replaced or made the same way, so every link stays.  What a
 * descriptor names (/dev/stdout, /dev/fd/N) is written through a copy of
 * that descriptor, so its mode stays (>> appends).  Anything else that
 * exists (a character device, a FIFO, a socket) is opened and written
 * directly, never replaced.
 */
#ifndef OUTFILE_H
#define OUTFILE_H

#include <stdbool.h>
#include <stdio.h>

struct outfile {
	const char	*path;		/* as the user named it */
	char		*target;	/* what a rename replaces */
	char		*temp;		/* NULL if direct, committed or discarded */
	FILE		*stream;
};

/*
 * Why `path` can never be an output ("is empty", "is a directory", "is a
 * loop of symbolic links", ...), or NULL.  As cp and shell redirection,
 * an existing file you may not write is refused; so is one of another
 * owner, which a replacement would make yours, and an executable file
 * unless `force`.  What this cannot foresee, outfile_open() finds.
 */
const char	*outfile_refusal(const char *path, bool force);
/* The same, without force. */
const char	*outfile_unusable(const char *path);
/*
 * Whether path names the same file as descriptor fd holds open (not a
 * character device, which keeps nothing).
 */
bool		 outfile_same_fd(const char *path, int fd);
/*
 * Whether two paths name one file: by device and inode if both exist,
 * by resolved path if neither does.  Character devices, which keep
 * nothing, are never the same file.
 */
bool		 outfile_same(const char *, const char *);

/* Each returns 0, or -1 with errno set. */
int	outfile_open(struct outfile *, const char *path);
int	outfile_commit(struct outfile *);
/* Removes the temporary file; a file written directly keeps what it got. */
void	outfile_discard(struct outfile *);

/*
 * Opens /dev/null on whichever of descriptors 0, 1 and 2 is closed, as
 * OpenBSD programs do first thing: else the first file opened takes the
 * number, and warnings or the report land in it.
 */
void	outfile_standard_fds(void);

#endif
