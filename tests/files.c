/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * files.c: the helpers of files.h.
 */
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests.h"
#include "files.h"

void
skip(const char *test, const char *why)
{
	fprintf(stderr, "note: %s skipped: %s\n", test, why);
}

void
expect_bound_documented(const char *test, const struct outcome *o,
    const char *lead, const char *before, const char *after)
{
	const char *man = getenv("BHEAPSIM_MAN"), *at;
	char command[PATH_MAX + 256];
	size_t digits;

	at = strstr(o->err.data, lead);
	ck_assert_msg(o->status == EXIT_USAGE && at != NULL, "%s: exit %d, "
	    "stderr: %s", o->command, o->status, o->err.data);
	at += strlen(lead);
	digits = strspn(at, "0123456789");
	ck_assert_msg(digits > 0 && digits < 32 &&
	    strncmp(at + digits, after, strlen(after)) == 0, "%s: no "
	    "'%sN%s' in: %s", o->command, lead, after, o->err.data);
	if (man == NULL) {
		skip(test, "BHEAPSIM_MAN not set");
		return;
	}
	snprintf(command, sizeof(command), "grep -q '%s%.*s%s' '%s'", before,
	    (int)digits, at, after, man);
	ck_assert_msg(system(command) == 0, "the manual does not say "
	    "'%s%.*s%s'", before, (int)digits, at, after);
}

bool
is_char_device(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0 && S_ISCHR(st.st_mode);
}

void
write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
	fputs(text, f);
	ck_assert_msg(fclose(f) == 0, "%s: %s", path, strerror(errno));
}

/* A whole report of one header and whole CSV rows; returns the rows. */
size_t
csv_rows(const char *path)
{
	size_t lines = 0, header_commas = 0, size = 0;
	char *line = NULL;
	ssize_t len;
	FILE *f = fopen(path, "r");

	ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
	while ((len = getline(&line, &size, f)) > 0) {
		size_t commas = 0, i;

		ck_assert_msg(line[len - 1] == '\n', "%s: line %zu is cut "
		    "short", path, lines + 1);
		for (i = 0; i < (size_t)len; i++)
			commas += line[i] == ',';
		if (lines++ == 0) {
			ck_assert_msg(strncmp(line, "abi,", 4) == 0,
			    "%s starts: %s", path, line);
			header_commas = commas;
		}
		ck_assert_msg(commas == header_commas, "%s: line %zu has %zu "
		    "fields, the header %zu", path, lines, commas + 1,
		    header_commas + 1);
	}
	free(line);
	fclose(f);
	ck_assert_msg(lines > 1, "%s holds no row", path);
	return lines - 1;
}

/* Waits until dir holds an entry with ".XXXXXX" after `name`. */
void
await_temp(const char *dir, const char *name)
{
	char list[1024], prefix[PATH_MAX];
	useconds_t waited;

	snprintf(prefix, sizeof(prefix), "%s.", name);
	for (waited = 0; waited < TEMP_WAIT_US; waited += TEMP_POLL_US) {
		list_dir(dir, list, sizeof(list));
		if (strstr(list, prefix) != NULL)
			return;
		usleep(TEMP_POLL_US);
	}
	ck_abort_msg("no temporary %s.XXXXXX appeared in %s", name, dir);
}

/* The directory holds exactly `expected` (space-separated, in any order). */
void
expect_entries(const char *dir, const char *expected, const char *after)
{
	char list[1024], want[256], *name, *save;
	size_t count = 0, n;

	n = list_dir(dir, list, sizeof(list));
	snprintf(want, sizeof(want), "%s", expected);
	for (name = strtok_r(want, " ", &save); name != NULL;
	    name = strtok_r(NULL, " ", &save)) {
		char padded[1100], needle[300];

		snprintf(padded, sizeof(padded), " %s ", list);
		snprintf(needle, sizeof(needle), " %s ", name);
		ck_assert_msg(strstr(padded, needle) != NULL, "after %s, %s "
		    "lacks %s; it holds: %s", after, dir, name, list);
		count++;
	}
	ck_assert_msg(n == count, "after %s, %s holds: %s (expected: %s)",
	    after, dir, list, expected);
}

