/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * compare_cmd.c: "bheapsim compare": its command line, and the CSV file
 * it names, opened for compare.c.
 */
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "compare_cmd.h"
#include "config.h"
#include "escape.h"
#include "options.h"

static void
usage(FILE *out)
{
	fputs("usage: " COMPARE_SYNOPSIS
	    "\n"
	    "Writes per-ABI CSV rows (make compare's) side by side, with each\n"
	    "ABI's ratio to x86-64.\n"
	    "\n"
	    "  --format NAME  table (default), csv, json or md\n"
	    "  --help         print this\n", out);
}

enum { OPT_FORMAT = 256, OPT_HELP };

static const struct option long_options[] = {
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "help", no_argument, NULL, OPT_HELP },
	{ NULL, 0, NULL, 0 },
};

/* One option, as options_parse() reads it. */
static void
take_option(int c, const char *value, void *context)
{
	enum format *format = context;

	if (c == OPT_FORMAT) {
		*format = name_option("--format", value, format_names);
		return;
	}
	usage(stdout);
	exit_printed();
}

int
compare_main(int argc, char *argv[])
{
	static const struct command compare = { "compare", long_options,
	    usage, "one CSV file" };
	char shown[PRINTABLE_SHOWN + 8];
	enum format format = FORMAT_TABLE;
	struct stat st;
	FILE *in;
	int file = options_parse(&compare, argc, argv, take_option, &format);

	snprintf(shown, sizeof(shown), "%s", printable(argv[file]));
	in = fopen(argv[file], "r");
	if (in == NULL)
		errx(EXIT_USAGE, "cannot read '%s': %s", shown, strerror(errno));
	if (fstat(fileno(in), &st) == 0 && S_ISDIR(st.st_mode))
		errx(EXIT_USAGE, "'%s' is a directory, not a CSV file", shown);
	compare_write(stdout, format, in, shown);
	fclose(in);
	if (fflush(stdout) != 0 || ferror(stdout))
		err(EXIT_FAILURE, "stdout");
	return 0;
}
