/*
 * outfile.c: temporary files renamed into place, or direct writes to
 * what cannot be replaced; see outfile.h for the rule.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "outfile.h"

/* Parameters -------------------------------------------------------- */

#define TEMP_SUFFIX	".XXXXXX"
#define MAX_TEMPS	8	/* more than one invocation ever opens */

/* Live temporary files --------------------------------------------- */

/*
 * Fixed arrays, so that a signal handler can walk them without locks or
 * malloc: a slot's name is written before it is marked live.
 */
static char temp_names[MAX_TEMPS][PATH_MAX];
static volatile sig_atomic_t temp_live[MAX_TEMPS];

/* The process whose exit removes them: a child's exit never does. */
static pid_t temp_owner;

static void
remove_at_exit(void)
{
	if (getpid() == temp_owner)
		outfile_remove_temps();
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
	for (i = 0; i < MAX_TEMPS; i++) {
		if (temp_live[i])
			continue;
		strcpy(temp_names[i], temp);
		temp_live[i] = 1;
		return 0;
	}
	errno = EMFILE;
	return -1;
}

static void
temp_unregister(const char *temp)
{
	unsigned i;

	for (i = 0; i < MAX_TEMPS; i++)
		if (temp_live[i] && strcmp(temp_names[i], temp) == 0)
			temp_live[i] = 0;
}

void
outfile_remove_temps(void)
{
	unsigned i;

	for (i = 0; i < MAX_TEMPS; i++)
		if (temp_live[i])
			unlink(temp_names[i]);
}

void
outfile_standard_fds(void)
{
	int fd;

	while ((fd = open("/dev/null", O_RDWR)) >= 0 && fd <= 2)
		continue;
	if (fd > 2)
		close(fd);
}

/* Paths ------------------------------------------------------------- */

/*
 * What a rename must replace: the path itself, or for a symlink its
 * target, so that the link stays.  A dangling link's target is made.
 */
static char *
resolve_target(const char *path)
{
	char link[PATH_MAX], *target;
	const char *slash;
	struct stat st;
	ssize_t n;

	if (lstat(path, &st) != 0 || !S_ISLNK(st.st_mode))
		return strdup(path);
	if (stat(path, &st) == 0)
		return realpath(path, NULL);
	n = readlink(path, link, sizeof(link) - 1);
	if (n < 0)
		return NULL;
	link[n] = '\0';
	slash = strrchr(path, '/');
	if (link[0] == '/' || slash == NULL)
		return strdup(link);
	/* A relative link is read from the link's own directory. */
	if (asprintf(&target, "%.*s/%s", (int)(slash - path), path,
	    link) < 0)
		return NULL;
	return target;
}

/* The directory a path's file is in, resolved, and the name within it. */
static void
resolve_in_dir(const char *path, char *out, size_t size)
{
	char dir[PATH_MAX], real[PATH_MAX];
	const char *slash = strrchr(path, '/');
	const char *base = slash != NULL ? slash + 1 : path;

	if (slash == NULL)
		strcpy(dir, ".");
	else if (slash == path)
		strcpy(dir, "/");
	else
		snprintf(dir, sizeof(dir), "%.*s", (int)(slash - path), path);
	if (realpath(dir, real) == NULL)
		snprintf(out, size, "%s", path);
	else
		snprintf(out, size, "%s/%s", real, base);
}

const char *
outfile_unusable(const char *path)
{
	char dir[PATH_MAX];
	const char *slash = strrchr(path, '/');
	struct stat st;

	if (*path == '\0')
		return "is empty";
	if (slash != NULL && slash[1] == '\0')
		return "ends in '/', so names a directory";
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return "is a directory";
	if (slash == NULL || slash == path)
		return NULL;
	snprintf(dir, sizeof(dir), "%.*s", (int)(slash - path), path);
	if (stat(dir, &st) != 0)
		return "is in a directory that does not exist";
	if (!S_ISDIR(st.st_mode))
		return "is under a file that is not a directory";
	return NULL;
}

bool
outfile_same(const char *a, const char *b)
{
	char real_a[2 * PATH_MAX], real_b[2 * PATH_MAX];
	char *target_a, *target_b;
	struct stat sa, sb;
	bool is_a = stat(a, &sa) == 0, is_b = stat(b, &sb) == 0;

	if (is_a && is_b)
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino &&
		    !S_ISCHR(sa.st_mode);
	if (is_a || is_b)
		return false;
	/* Neither exists yet: the same name in the same directory. */
	target_a = resolve_target(a);
	target_b = resolve_target(b);
	resolve_in_dir(target_a != NULL ? target_a : a, real_a,
	    sizeof(real_a));
	resolve_in_dir(target_b != NULL ? target_b : b, real_b,
	    sizeof(real_b));
	free(target_a);
	free(target_b);
	return strcmp(real_a, real_b) == 0;
}

/* Opening and closing ------------------------------------------------ */

static int
open_direct(struct outfile *out)
{
	/* A FIFO's open waits for a reader, as the shell's would. */
	int fd = open(out->path, O_WRONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	out->stream = fdopen(fd, "w");
	if (out->stream == NULL) {
		int saved = errno;

		close(fd);
		errno = saved;
		return -1;
	}
	return 0;
}

/* A new file gets what the umask allows; a replaced one keeps its own. */
static int
set_owner_and_mode(int fd, const struct stat *existing)
{
	mode_t mask;

	if (existing == NULL) {
		mask = umask(0);
		umask(mask);
		return fchmod(fd, 0666 & ~mask);
	}
	/* Only root may give a file away; anyone else keeps it as theirs. */
	if (fchown(fd, existing->st_uid, existing->st_gid) != 0 &&
	    errno != EPERM)
		return -1;
	return fchmod(fd, existing->st_mode & 07777);
}

static int
open_temp(struct outfile *out)
{
	struct stat st;
	int fd, saved;
	bool exists;

	out->target = resolve_target(out->path);
	if (out->target == NULL)
		return -1;
	exists = stat(out->target, &st) == 0;
	if (asprintf(&out->temp, "%s" TEMP_SUFFIX, out->target) < 0) {
		out->temp = NULL;
		goto fail;
	}
	fd = mkstemp(out->temp);
	if (fd < 0)
		goto fail;
	if (temp_register(out->temp) != 0) {
		saved = errno;
		unlink(out->temp);
		errno = saved;
		close(fd);
		goto fail;
	}
	if (set_owner_and_mode(fd, exists ? &st : NULL) != 0 ||
	    (out->stream = fdopen(fd, "w")) == NULL) {
		saved = errno;
		close(fd);
		outfile_discard(out);
		errno = saved;
		return -1;
	}
	return 0;
fail:
	saved = errno;
	free(out->temp);
	free(out->target);
	out->temp = out->target = NULL;
	errno = saved;
	return -1;
}

int
outfile_open(struct outfile *out, const char *path)
{
	struct stat st;

	out->path = path;
	out->target = NULL;
	out->temp = NULL;
	out->stream = NULL;
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		if (S_ISDIR(st.st_mode)) {
			errno = EISDIR;
			return -1;
		}
		return open_direct(out);
	}
	return open_temp(out);
}

int
outfile_commit(struct outfile *out)
{
	int failed;

	errno = 0;
	failed = fflush(out->stream) != 0 || ferror(out->stream);
	if (fclose(out->stream) != 0)
		failed = 1;
	out->stream = NULL;
	if (!failed && (out->temp == NULL ||
	    rename(out->temp, out->target) == 0)) {
		if (out->temp != NULL)
			temp_unregister(out->temp);
		free(out->temp);
		free(out->target);
		out->temp = out->target = NULL;
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
		temp_unregister(out->temp);
		unlink(out->temp);
	}
	free(out->temp);
	free(out->target);
	out->temp = out->target = NULL;
	errno = saved;
}
