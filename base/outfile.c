/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * outfile.c: temporary files renamed into place, or direct writes to
 * what cannot be replaced; see outfile.h for the rule.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "outfile.h"
#include "temps.h"

/* Parameters -------------------------------------------------------- */

#define TEMP_SUFFIX	".XXXXXX"
#define MAX_HOPS	40	/* symbolic links in a chain, as Linux's */

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
 * What a rename must replace: the path itself, or for a symlink the end
 * of its chain, followed link by link, so that every link stays; a
 * dangling chain's last name is made, as shell redirection does.  NULL
 * with ELOOP for a loop or a chain too long to follow.
 */
static char *
resolve_target(const char *path)
{
	char link[PATH_MAX], *target = strdup(path), *next;
	const char *slash;
	struct stat st;
	unsigned hops;
	ssize_t n;

	for (hops = 0; target != NULL; hops++) {
		if (lstat(target, &st) != 0 || !S_ISLNK(st.st_mode))
			return target;
		n = readlink(target, link, sizeof(link) - 1);
		if (hops == MAX_HOPS || n < 0) {
			free(target);
			errno = n < 0 ? errno : ELOOP;
			return NULL;
		}
		link[n] = '\0';
		slash = strrchr(target, '/');
		/* A relative link is read from the link's own directory. */
		if (link[0] == '/' || slash == NULL)
			next = strdup(link);
		else if (asprintf(&next, "%.*s/%s", (int)(slash - target),
		    target, link) < 0)
			next = NULL;
		free(target);
		target = next;
	}
	return NULL;
}

/*
 * The descriptor a path names by number (/dev/stdout, /dev/fd/N,
 * /proc/self/fd/N, ...), open in this process, or -1.
 */
static int
named_descriptor(const char *path)
{
	static const char *const prefixes[] = { "/dev/fd/", "/proc/self/fd/" };
	static const char *const std[] = { "/dev/stdin", "/dev/stdout",
	    "/dev/stderr" };
	char *end;
	long fd = -1;
	size_t i;

	for (i = 0; i < 3; i++)
		if (strcmp(path, std[i]) == 0)
			fd = (long)i;
	for (i = 0; i < 2 && fd < 0; i++)
		if (strncmp(path, prefixes[i], strlen(prefixes[i])) == 0) {
			const char *digits = path + strlen(prefixes[i]);

			fd = strtol(digits, &end, 10);
			if (*digits < '0' || *digits > '9' || *end != '\0' ||
			    fd > INT_MAX)
				fd = -1;
		}
	return fd >= 0 && fcntl((int)fd, F_GETFL) != -1 ? (int)fd : -1;
}

/* The directory a path's file is in: ".", "/" or the path to its '/'. */
static void
dir_of(const char *path, char dir[PATH_MAX])
{
	const char *slash = strrchr(path, '/');

	if (slash == NULL)
		strcpy(dir, ".");
	else if (slash == path)
		strcpy(dir, "/");
	else
		snprintf(dir, PATH_MAX, "%.*s", (int)(slash - path), path);
}

/* The directory a path's file is in, resolved, and the name within it. */
static void
resolve_in_dir(const char *path, char *out, size_t size)
{
	char dir[PATH_MAX], real[PATH_MAX];
	const char *slash = strrchr(path, '/');
	const char *base = slash != NULL ? slash + 1 : path;

	dir_of(path, dir);
	if (realpath(dir, real) == NULL)
		snprintf(out, size, "%s", path);
	else
		snprintf(out, size, "%s/%s", real, base);
}

/*
 * Why the temporary file cannot be made beside `target` and renamed over
 * it, as outfile_open() would find, or NULL.
 */
static const char *
no_temp_room(const char *target)
{
	char dir[PATH_MAX];
	struct stat st;

	dir_of(target, dir);
	if (stat(dir, &st) != 0)
		return "is in a directory that does not exist";
	if (!S_ISDIR(st.st_mode))
		return "is under a file that is not a directory";
	if (faccessat(AT_FDCWD, dir, W_OK | X_OK, AT_EACCESS) == 0)
		return NULL;
	return errno == EROFS ? "is on a read-only file system" :
	    "is in a directory you may not write, where it is made";
}

/* Why an existing regular file may not be replaced, or NULL. */
static const char *
unreplaceable(const char *path, const struct stat *st, bool force)
{
	if (faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) != 0)
		return errno == EROFS ? "is on a read-only file system" :
		    "is not writable by you (as cp and > refuse it)";
	/* Only root may give a file away: a replacement would be ours. */
	if (geteuid() != 0 && st->st_uid != geteuid())
		return "belongs to another user, whose it would no longer be";
	if ((st->st_mode & 0111) != 0 && !force)
		return "is an executable file; --force replaces it";
	return NULL;
}

const char *
outfile_unusable(const char *path)
{
	return outfile_refusal(path, false);
}

const char *
outfile_refusal(const char *path, bool force)
{
	const char *slash = strrchr(path, '/');
	struct stat st;
	char *target;
	const char *why = NULL;
	bool exists;

	if (*path == '\0')
		return "is empty";
	if (slash != NULL && slash[1] == '\0')
		return "ends in '/', so names a directory";
	if (stat(path, &st) != 0 && errno == ELOOP)
		return "is a loop of symbolic links";
	if (stat(path, &st) != 0 && errno == ENAMETOOLONG)
		return "is a name too long for the system to open";
	exists = stat(path, &st) == 0;
	if (exists && S_ISDIR(st.st_mode))
		return "is a directory";
	/* A descriptor, device or FIFO is written directly, not replaced. */
	if (named_descriptor(path) >= 0 || (exists && !S_ISREG(st.st_mode)))
		return NULL;
	if (exists && (why = unreplaceable(path, &st, force)) != NULL)
		return why;
	/* A dangling chain: its last name is made, in its directory. */
	target = resolve_target(path);
	if (target == NULL)
		return "is a chain of symbolic links too long to follow";
	if (!exists && strcmp(target, path) != 0)
		why = outfile_refusal(target, force) != NULL ?
		    "is a symbolic link to a name that cannot be made" : NULL;
	else
		why = no_temp_room(target);
	free(target);
	return why;
}

bool
outfile_same_fd(const char *path, int fd)
{
	struct stat sp, sf;

	return stat(path, &sp) == 0 && fstat(fd, &sf) == 0 &&
	    sp.st_dev == sf.st_dev && sp.st_ino == sf.st_ino &&
	    !S_ISCHR(sp.st_mode);
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

/*
 * What a descriptor names is written through a copy of it, so that its
 * mode stays (>> appends); anything else is opened anew.
 */
static int
open_direct(struct outfile *out)
{
	int named = named_descriptor(out->path);
	/* A FIFO's open waits for a reader, as the shell's would. */
	int fd = named >= 0 ? fcntl(named, F_DUPFD_CLOEXEC, 3) :
	    open(out->path, O_WRONLY | O_CLOEXEC);

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
	/*
	 * Only root may give a file away: for anyone else a file of another
	 * owner or group is refused rather than made theirs.
	 */
	if (fchown(fd, existing->st_uid, existing->st_gid) != 0)
		return -1;
	return fchmod(fd, existing->st_mode & 07777);
}

/*
 * TARGET.XXXXXX beside the target, its name cut short enough for the
 * directory's longest name, whatever the target's length.
 */
static int
temp_name(struct outfile *out)
{
	const char *slash = strrchr(out->target, '/');
	const char *base = slash != NULL ? slash + 1 : out->target;
	size_t dir_len = (size_t)(base - out->target), keep = strlen(base);
	char dir[PATH_MAX];
	long name_max;

	snprintf(dir, sizeof(dir), "%.*s", (int)dir_len, out->target);
	name_max = pathconf(dir_len > 0 ? dir : ".", _PC_NAME_MAX);
	if (name_max <= 0)
		name_max = NAME_MAX;
	if (keep + strlen(TEMP_SUFFIX) > (size_t)name_max)
		keep = (size_t)name_max > strlen(TEMP_SUFFIX) ?
		    (size_t)name_max - strlen(TEMP_SUFFIX) : 0;
	if (asprintf(&out->temp, "%.*s%.*s" TEMP_SUFFIX, (int)dir_len,
	    out->target, (int)keep, base) < 0) {
		out->temp = NULL;
		return -1;
	}
	return 0;
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
	if (temp_name(out) != 0)
		goto fail;
	fd = temps_make(out->temp);
	if (fd < 0)
		goto fail;
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
	if (named_descriptor(path) >= 0)
		return open_direct(out);
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
			temps_forget(out->temp);
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
		temps_forget(out->temp);
		unlink(out->temp);
	}
	free(out->temp);
	free(out->target);
	out->temp = out->target = NULL;
	errno = saved;
}
