/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * compare_cmd.h: "bheapsim compare", the per-ABI rows of make compare
 * side by side (compare.h): its command line.
 */
#ifndef COMPARE_CMD_H
#define COMPARE_CMD_H

/* The subcommand's synopsis, for its usage() and for main.c's. */
#define COMPARE_SYNOPSIS \
"bheapsim compare [--format table|csv|json|md] FILE.csv\n"

/*
 * Runs the subcommand; argv[0] is "compare".  Returns the exit status;
 * bad input exits 2 from inside, with one line on stderr.
 */
int	compare_main(int argc, char *argv[]);

#endif
