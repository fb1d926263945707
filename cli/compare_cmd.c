/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * compare_cmd.c: "bheapsim compare": its command line, and the CSV file
 * it names, opened for compare.c.
 */
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <getopt.h>
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

int
compare_main(int argc, char *argv[])
{
	static const struct option options[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct stat st;
	char shown[PRINTABLE_SHOWN + 8];
	enum format format = FORMAT_TABLE;
	FILE *in;
	int c, before = optind;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":", options, NULL)) != -1) {
		switch (c) {
		case 'f':
			format = name_option("--format", optarg, format_names);
			break;
		case 'h':
			usage(stdout);
			exit_printed();
		case ':':
			option_needs_value(optopt, options, "compare", usage);
		default:
			option_refused(option_typed(argc, argv, before),
			    options, "compare");
		}
		before = optind;
	}
	if (optind != argc - 1)
		errx(EXIT_USAGE, "compare: needs one CSV file, not %d "
		    "arguments; bheapsim compare --help", argc - optind);
	snprintf(shown, sizeof(shown), "%s", printable(argv[optind]));
	in = fopen(argv[optind], "r");
	if (in == NULL)
		errx(EXIT_USAGE, "compare: cannot read '%s': %s", shown,
		    strerror(errno));
	if (fstat(fileno(in), &st) == 0 && S_ISDIR(st.st_mode))
		errx(EXIT_USAGE, "compare: '%s' is a directory, not a CSV "
		    "file", shown);
	compare_write(stdout, format, in, shown);
	fclose(in);
	if (fflush(stdout) != 0 || ferror(stdout))
		err(EXIT_FAILURE, "compare: stdout");
	return 0;
}
