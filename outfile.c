/*
 * outfile.c: write to a temporary file, then rename(2) it into place.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "outfile.h"

#define TEMP_SUFFIX ".XXXXXX"

int
outfile_open(struct outfile *out, const char *path)
{
	size_t len = strlen(path) + sizeof(TEMP_SUFFIX);
	mode_t mask;
	int fd;

	out->path = path;
	out->stream = NULL;
	out->temp = malloc(len);
	if (out->temp == NULL)
		return -1;
	snprintf(out->temp, len, "%s%s", path, TEMP_SUFFIX);
	fd = mkstemp(out->temp);
	if (fd < 0)
		goto fail;
	/* mkstemp makes 0600; the result should get what the umask allows. */
	mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0666 & ~mask) != 0 ||
	    (out->stream = fdopen(fd, "w")) == NULL) {
		int saved = errno;

		close(fd);
		unlink(out->temp);
		errno = saved;
		goto fail;
	}
	return 0;
fail:
	free(out->temp);
	out->temp = NULL;
	return -1;
}

int
outfile_commit(struct outfile *out)
{
	int failed;

	failed = fflush(out->stream) != 0 || ferror(out->stream);
	if (fclose(out->stream) != 0)
		failed = 1;
	out->stream = NULL;
	if (!failed && rename(out->temp, out->path) == 0) {
		free(out->temp);
		out->temp = NULL;
		return 0;
	}
	if (errno == 0)
		errno = EIO;
	outfile_discard(out);
	return -1;
}

void
outfile_discard(struct outfile *out)
{
	int saved = errno;

	if (out->stream != NULL)
		fclose(out->stream);
	out->stream = NULL;
	if (out->temp != NULL) {
		unlink(out->temp);
		free(out->temp);
		out->temp = NULL;
	}
	errno = saved;
}
