/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * explain.h: "bheapsim explain", a picture of where a small heap's nodes
 * live and which pages a path through it crosses.
 */
#ifndef EXPLAIN_H
#define EXPLAIN_H

/*
 * Runs the subcommand; argv[0] is "explain".  Returns the exit status;
 * bad input exits 2 from inside, with one line on stderr.
 */
/* The subcommand's synopsis, for its usage() and for main.c's. */
#define EXPLAIN_SYNOPSIS \
"bheapsim explain [--layout LIST] [--items N] [--entries-per-page E]\n" \
"                [--line-bytes N] [--arity D] [--verbose] [--format table|csv]\n" \
"                [--svg FILE] [--html FILE [--ops M] [--workload NAME]\n" \
"                [--resident R] [--seed S]] [--help]\n"

int	explain_main(int argc, char *argv[]);

#endif
