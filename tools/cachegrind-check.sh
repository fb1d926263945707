#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# cachegrind-check.sh: bheapsim's modeled cache misses against
# cachegrind's, a cache simulator no one here wrote (issue 14).
#
#   sh tools/cachegrind-check.sh [./bheapsim]     (make cachegrind-check)
#
# cachegrind counts every data access of a process, the program's own
# bookkeeping too, so the heap's share is taken as a difference: two
# untracked runs (--vm off) that differ only in --ops, whose extra misses
# divided by the extra operations are the misses of one operation.  That
# is set beside bheapsim's own l1_misses and llc_misses per extra
# operation of the same two phases, modeled with the same geometry:
# cachegrind's D1 and LL
# (it has no L2, so bheapsim runs with l2=off), 32K 8-way, and 16-way
# LLCs of 32M (which the heap fits) and 1M (which it does not), 64-byte
# lines.  Then once more with bheapsim's default geometry, this
# machine's, against cachegrind given the same L1d: the L1 misses only
# (cachegrind wants a power-of-two number of sets, which a machine's LLC
# need not have, and an L2 sits between them in bheapsim).
#
# Each layout, on replace and mix, 100K items, --model full.  A pair
# agrees when it is within 10%, or within 0.05 misses per operation when
# both are below 0.5 (the LLC's, when the heap fits it, are nearly none).
# Prints one line per comparison and a summary; exits 1 if any disagree,
# 2 if it cannot run.
set -u
bin=${1:-./bheapsim}
items=100K
ops=100000
workloads="replace mix"
d1=32768,8,64
# The LLC twice: as large as a server's, which the heap fits, and 1M,
# which it does not, so that LLC misses are there to compare.
lls="33554432,16,64:l1=32K/8,l2=off,llc=32M/16 1048576,16,64:l1=32K/8,l2=off,llc=1M/16"
ll=33554432,16,64

command -v valgrind >/dev/null 2>&1 ||
    { echo "cachegrind-check: valgrind is missing: sh tools/install-deps.sh hardening"; exit 2; }
[ -x "$bin" ] || { echo "cachegrind-check: no $bin (run make first)"; exit 2; }
# shellcheck source=tools/csv.sh
. "$(dirname "$0")/csv.sh"
# Every layout bheapsim has: what --layout all runs (heap.h's registry).
layouts=$("$bin" --layout all --items 64 --vm off --workload fill --format csv \
    2>/dev/null | csv_column - layout)
[ -n "$layouts" ] || { echo "cachegrind-check: $bin lists no layouts"; exit 2; }

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM

# data_misses D1 LL LAYOUT WORKLOAD OPS: "D1 LL" data misses of the
# process that ran the heap (the child with the most data reads: bheapsim
# runs each layout in a child of its own, each with an output file).
data_misses() {
	rm -f "$tmp"/cg.*
	valgrind --tool=cachegrind --cache-sim=yes --D1="$1" --LL="$2" \
	    --cachegrind-out-file="$tmp/cg.%p" "$bin" --vm off \
	    --items "$items" --ops "$5" --layout "$3" --workload "$4" \
	    --model full --format csv >/dev/null 2>"$tmp/valgrind.err" || {
		echo "cachegrind-check: valgrind failed:" >&2
		tail -n 5 "$tmp/valgrind.err" >&2
		return 1
	}
	# events: Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw, summed in summary:
	awk '
	/^events:/ { for (i = 2; i <= NF; i++) at[$i] = i - 1 }
	/^summary:/ {
		dr = $(at["Dr"] + 1)
		if (dr > best) {
			best = dr
			d1 = $(at["D1mr"] + 1) + $(at["D1mw"] + 1)
			ll = $(at["DLmr"] + 1) + $(at["DLmw"] + 1)
		}
	}
	END { if (best == 0) exit 1; print d1, ll }' "$tmp"/cg.*
}

# model_count CACHE LAYOUT WORKLOAD OPS: bheapsim's "l1_misses llc_misses"
# for the phase, each a count, or "-" for llc_misses where there is no LLC.
model_count() {
	"$bin" --items "$items" --ops "$4" --layout "$2" --workload "$3" \
	    --model full --cache "$1" --format csv >"$tmp/model.csv" \
	    2>"$tmp/model.err" || {
		echo "cachegrind-check: bheapsim failed:" >&2
		tail -n 3 "$tmp/model.err" >&2
		return 1
	}
	l1=$(csv_column "$tmp/model.csv" l1_misses | tail -n 1)
	llc=$(csv_column "$tmp/model.csv" llc_misses | tail -n 1)
	case $l1 in
	''|*[!0-9]*)
		echo "cachegrind-check: bheapsim gave no l1_misses (--cache $1)" >&2
		return 1
		;;
	esac
	echo "$l1 ${llc:--}"
}

# model CACHE LAYOUT WORKLOAD: bheapsim's "L1 LLC" misses per extra
# operation, from the same two phases as cachegrind's: mix's heap shrinks
# from full to about two thirds over its first operations, so the first
# $ops and the next $ops differ, and only the same ones compare.
model() {
	one=$(model_count "$1" "$2" "$3" "$ops") &&
	    two=$(model_count "$1" "$2" "$3" $((2 * ops))) &&
	    echo "$one $two" | awk -v n="$ops" '{
		printf "%.4f %s\n", ($3 - $1) / n,
		    ($2 == "-" ? "-" : sprintf("%.4f", ($4 - $2) / n)) }'
}

failed=0
compared=0

# agree WHAT MODEL CACHEGRIND: one line, and a failure if they differ.
agree() {
	verdict=$(awk -v m="$2" -v c="$3" 'BEGIN {
		d = m - c; if (d < 0) d = -d
		if (m < 0.5 && c < 0.5 && d <= 0.05) { print "agree (both below 0.5)"; exit }
		if (c > 0 && d / c <= 0.10) { printf "agree (%.1f%%)\n", 100 * d / c; exit }
		printf "DISAGREE (%.1f%%)\n", (c > 0 ? 100 * d / c : 100) }')
	printf '%-40s model %8.4f  cachegrind %8.4f  %s\n' "$1" "$2" "$3" \
	    "$verdict"
	compared=$((compared + 1))
	case $verdict in DISAGREE*) failed=$((failed + 1)) ;; esac
}

# per_op D1 LL LAYOUT WORKLOAD: cachegrind's "D1 LL" misses per extra op.
per_op() {
	one=$(data_misses "$1" "$2" "$3" "$4" "$ops") || return 1
	two=$(data_misses "$1" "$2" "$3" "$4" $((2 * ops))) || return 1
	echo "$one $two" | awk -v n="$ops" '{ printf "%.4f %.4f\n", ($3 - $1) / n, ($4 - $2) / n }'
}

# compare D1 LL CACHE LABEL LEVELS: every layout and workload, the L1
# (and with LEVELS "l1 llc" the LLC) of cachegrind against bheapsim's.
compare() {
	for layout in $layouts; do
		for workload in $workloads; do
			cg=$(per_op "$1" "$2" "$layout" "$workload") || exit 2
			bh=$(model "$3" "$layout" "$workload") || exit 2
			agree "$layout $workload L1 misses/op$4" "${bh% *}" \
			    "${cg% *}"
			[ "$5" = "l1 llc" ] || continue
			agree "$layout $workload LLC misses/op$4" "${bh#* }" \
			    "${cg#* }"
		done
	done
}

for pair in $lls; do
	cg_ll=${pair%%:*}
	geometry=${pair#*:}
	echo "cachegrind-check: $items items, --model full, $ops and $((2 * ops)) ops; D1=$d1 LL=$cg_ll; bheapsim --cache $geometry"
	compare "$d1" "$cg_ll" "$geometry" "" "l1 llc"
done

# The default geometry's L1, as the report's cache field names it.
machine=$("$bin" --items 1K --layout bheap --workload fill --format csv \
    2>/dev/null | csv_column - cache | tail -n 1)
machine_d1=$(echo "$machine" | tr '+' '\n' | awk -F'[=/]' '
	function bytes(s) {
		if (s ~ /K$/) return substr(s, 1, length(s) - 1) * 1024
		if (s ~ /M$/) return substr(s, 1, length(s) - 1) * 1048576
		if (s ~ /G$/) return substr(s, 1, length(s) - 1) * 1073741824
		return s
	}
	$1 == "l1" && $2 != "off" { printf "%d,%d,%d\n", bytes($2), $3, (NF > 3 ? $4 : 64) }')
if [ -z "$machine_d1" ]; then
	echo "cachegrind-check: this machine's geometry ($machine) has no L1: nothing to compare"
else
	echo "cachegrind-check: this machine's geometry, $machine: D1=$machine_d1 LL=$ll"
	compare "$machine_d1" "$ll" "$machine" " (machine)" l1
fi
echo "cachegrind-check: $((compared - failed)) of $compared agree"
[ "$failed" -eq 0 ]
