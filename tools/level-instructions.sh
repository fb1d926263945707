#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# level-instructions.sh: each layout's instructions per sift level, as
# the time model's reorder window takes them (heap.h's
# level_instructions and child_instructions), counted again by
# callgrind beside the figures the layouts' files state.
#
#   sh tools/level-instructions.sh [./bheapsim [SOURCE_DIR]]
#
# A figure is the untracked heap's instructions (--vm off, the child
# that runs it) of --ops 40K less those of --ops 20K, so that set-up and
# the fill cancel, over the extra steps the time model counts
# (steps_per_op of --time-model, x ops): per operation over its steps,
# the operation's own work included.  --items 100K, replace.  dary's is
# a line in the arity: the least-squares fit through d = 2, 4, 8, 16.
# Callgrind counts the same on every run, loaded machine or not; the
# figures belong to the compiler and flags that built the binary (the
# stated ones: x86-64, cc -O2).  About a minute.  Figures only:
# nothing here passes or fails.
set -eu

bin=${1:-./bheapsim}
src=${2:-.}
command -v valgrind >/dev/null 2>&1 || {
	echo "level-instructions.sh: no valgrind: no instruction counts" >&2
	exit 0
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# shellcheck source=tools/csv.sh
. "$(dirname "$0")/csv.sh"
# shellcheck source=tools/callgrind.sh
. "$(dirname "$0")/callgrind.sh"

# counts OPS ARGS...: "INSTRUCTIONS STEPS" of one layout's replace phase:
# the instructions of the parent's one child.
counts() {
	c_ops=$1
	shift
	c_instr=$(callgrind_counts "$tmp" /dev/null "$bin" --items 100K \
	    --ops "$c_ops" --workload replace --vm off "$@" --format csv |
	    sed -n 2p | cut -d ' ' -f 2)
	"$bin" --items 100K --ops "$c_ops" --workload replace --time-model \
	    "$@" --format csv >"$tmp/csv" 2>/dev/null
	echo "$c_instr $(csv_column "$tmp/csv" steps_per_op) $c_ops"
}

# per_step ARGS...: instructions per step of one layout.
per_step() {
	echo "$(counts 20000 "$@") $(counts 40000 "$@")" | awk '{
		printf "%.2f\n", ($4 - $1) / ($5 * $6 - $2 * $3) }'
}

# stated FILE NAME: the figure FILE's #define NAME states.
stated() {
	sed -n "s/^#define $2[[:space:]]*\([0-9.]*\).*/\1/p" "$src/$1"
}

echo "== instructions per sift level (callgrind: --vm off, --ops 40K less 20K, over steps_per_op; --items 100K, replace)"
printf '  %-8s %9s %9s\n' layout measured stated
for l in binheap:binheap.c:BINHEAP bheap:bheap.c:BHEAP \
    veb:heap/veb.c:VEB; do
	name=${l%%:*}
	rest=${l#*:}
	printf '  %-8s %9s %9s\n' "$name" "$(per_step --layout "$name")" \
	    "$(stated "${rest%%:*}" "${rest#*:}_LEVEL_INSTRUCTIONS")"
done
for d in 2 4 8 16; do
	echo "$d $(per_step --layout dary --arity "$d")"
done >"$tmp/dary"
awk '{ printf "  dary d=%-2d %9s\n", $1, $2 }' "$tmp/dary"
awk -v level="$(stated heap/dary.c DARY_LEVEL_INSTRUCTIONS)" \
    -v child="$(stated heap/dary.c DARY_CHILD_INSTRUCTIONS)" '
	{ n++; sx += $1; sy += $2; sxx += $1 * $1; sxy += $1 * $2 }
	END {
		b = (n * sxy - sx * sy) / (n * sxx - sx * sx)
		printf "  dary fit  %.1f + %.2f d; stated %s + %s d\n",
		    (sy - b * sx) / n, b, level, child
	}' "$tmp/dary"
