/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * compare.h: the per-ABI rows of make compare side by side, with each
 * ABI's ratio to x86-64, for "bheapsim compare" (compare_cmd.h).
 *
 * It reads bheapsim's own CSV rows, from any mix of ABIs, plus an
 * optional `where` column (native, guest-kvm, guest-tcg) that
 * tools/compare.sh adds, and writes, per workload and layout, one row per
 * ABI and one ratio row per ABI other than x86-64.
 */
#ifndef COMPARE_H
#define COMPARE_H

#include <stdio.h>

#include "config.h"

/*
 * Reads bheapsim's CSV from `in`, named `path` in messages (as
 * printable() shows it), and writes its rows side by side to `out` in
 * `format`.  A file that is not such a CSV is one line on stderr and
 * exit status EXIT_USAGE; one that cannot be read, EXIT_FAILURE.
 */
void	compare_write(FILE *out, enum format, FILE *in, const char *path);

#endif
