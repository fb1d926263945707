/*
 * outfile.h: a file that appears whole or not at all.
 *
 * outfile_open() creates a temporary file beside the target, so that a
 * path that cannot be written is found before any work is done;
 * outfile_commit() flushes it and renames it into place; outfile_discard()
 * removes it.
 */
#ifndef OUTFILE_H
#define OUTFILE_H

#include <stdio.h>

struct outfile {
	const char	*path;
	char		*temp;		/* NULL once committed or discarded */
	FILE		*stream;
};

/* Each returns 0, or -1 with errno set. */
int	outfile_open(struct outfile *, const char *path);
int	outfile_commit(struct outfile *);
void	outfile_discard(struct outfile *);

#endif
