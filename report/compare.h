/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * compare.h: "bheapsim compare", the per-ABI rows of make compare side
 * by side, with each ABI's ratio to x86-64.
 *
 * It reads bheapsim's own CSV rows, from any mix of ABIs, plus an
 * optional `where` column (native, guest-kvm, guest-tcg) that
 * tools/compare.sh adds, and writes, per workload and layout, one row per
 * ABI and one ratio row per ABI other than x86-64.
 */
#ifndef COMPARE_H
#define COMPARE_H

/* The subcommand's synopsis, for its usage() and for main.c's. */
#define COMPARE_SYNOPSIS \
"bheapsim compare [--format table|csv|json|md] FILE.csv\n"

/*
 * Runs the subcommand; argv[0] is "compare".  Returns the exit status;
 * bad input exits 2 from inside, with one line on stderr.
 */
int	compare_main(int argc, char *argv[]);

#endif
