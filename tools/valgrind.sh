#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# valgrind.sh: short bheapsim runs under valgrind memcheck, which must
# find no error and no leak.
#
#   sh tools/valgrind.sh [./bheapsim]
#
# Runs a simulation of every workload, a sweep drawn as a plot, the kernel
# and disk page modes, a trace, and explain, each under
#   valgrind --leak-check=full --show-leak-kinds=all --trace-children=yes
# with one log per process.
#
# bheapsim forks a child per layout, which reports its rows and _exits.
# A forked child holds a copy of everything the parent had allocated
# (the sweep's points, open output files), and _exit leaves those copies
# "still reachable": that is fork, not a leak, and counting it would fail
# every sweep.  So the rules are, per process:
#   - the parent (the process valgrind started): no error of any kind,
#     and every block freed by exit, which is what
#     --errors-for-leak-kinds=all demands;
#   - a child: no memory error and nothing definitely, indirectly or
#     possibly lost; still-reachable blocks only if allocated before the
#     fork, that is, by no code under experiment.c's child().
# Ends with "N passed, N failed"; exits 1 on a failure.
set -eu

bin=${1:-./bheapsim}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
passed=0
failed=0

if ! command -v valgrind >/dev/null 2>&1; then
	echo "valgrind.sh: valgrind is missing: sh tools/install-deps.sh hardening" >&2
	exit 1
fi

# report LOG: the leak summary line of one process, for the record.
in_use() {
	sed -n 's/^==[0-9]*== *in use at exit: //p' "$1"
}

# errors LOG: the process's error count.
errors() {
	sed -n 's/^==[0-9]*== ERROR SUMMARY: \([0-9]*\) errors.*/\1/p' "$1"
}

# own_reachable LOG: still-reachable loss records allocated under child().
own_reachable() {
	awk '/are still reachable in loss record/ { r = 1; next }
	    /^==[0-9]+== *$/ { r = 0 }
	    r && / child \(experiment\.c/ { n++ }
	    END { print n + 0 }' "$1"
}

# memcheck NAME COMMAND...: runs COMMAND under memcheck and judges every log.
memcheck() {
	name=$1
	shift
	rm -f "$tmp"/vg.*.log
	status=0
	valgrind --leak-check=full --show-leak-kinds=all \
	    --errors-for-leak-kinds=definite,indirect,possible \
	    --trace-children=yes --num-callers=40 --error-exitcode=101 \
	    --log-file="$tmp/vg.%p.log" "$@" >"$tmp/out" 2>"$tmp/err" &
	top=$!
	wait "$top" || status=$?
	bad=""
	[ "$status" -eq 0 ] || bad="exit status $status"
	nproc=0
	for log in "$tmp"/vg.*.log; do
		[ -e "$log" ] || continue
		nproc=$((nproc + 1))
		pid=${log#"$tmp"/vg.}
		pid=${pid%.log}
		n=$(errors "$log")
		if [ "${n:-x}" != 0 ]; then
			bad="$bad${bad:+; }process $pid: ${n:-no} errors"
		elif [ "$pid" = "$top" ]; then
			if ! grep -q 'in use at exit: 0 bytes in 0 blocks' "$log"; then
				bad="$bad${bad:+; }parent $pid: in use at exit: $(in_use "$log")"
			fi
		elif [ "$(own_reachable "$log")" -ne 0 ]; then
			bad="$bad${bad:+; }child $pid: blocks of its own still reachable at _exit"
		fi
	done
	[ -e "$tmp/vg.$top.log" ] || bad="$bad${bad:+; }no log of the parent $top"
	if [ -z "$bad" ]; then
		passed=$((passed + 1))
		echo "ok: $name ($nproc processes)"
	else
		failed=$((failed + 1))
		echo "FAILED: $name: $bad"
		echo "    command: valgrind ... $*"
		sed 's/^/    stderr: /' "$tmp/err" | head -n 20
		for log in "$tmp"/vg.*.log; do
			[ -e "$log" ] || continue
			grep -v '^==[0-9]*== *$' "$log" | tail -n +7 | head -n 60 | sed 's/^/    /'
		done
	fi
}

memcheck "every workload, 20K items, CSV" \
    "$bin" --items 20K --workload all --format csv
memcheck "a resident sweep drawn as a plot" \
    "$bin" --items 20K --workload replace --sweep resident=4..32:x2 \
    --plot "$tmp/sweep.svg" --format csv
memcheck "an items sweep, dary with d = 3, Markdown" \
    "$bin" --sweep items=1..3000:x10 --layout dary --arity 3 --format md
memcheck "--vm kernel, model full, JSON to a file" \
    "$bin" --items 5K --vm kernel --model full --output "$tmp/report.json"
memcheck "--vm disk" \
    "$bin" --items 3K --vm disk --vm-dir "$tmp" --layout binheap \
    --workload replace
memcheck "a trace of one layout and workload" \
    "$bin" --items 5K --layout bheap --workload replace --trace "$tmp/trace.txt"
if "$bin" explain --help >/dev/null 2>&1; then
	memcheck "explain, text" "$bin" explain --items 64 --entries-per-page 8
	memcheck "explain, CSV and SVG" \
	    "$bin" explain --items 40 --entries-per-page 8 --format csv \
	    --svg "$tmp/explain.svg"
	memcheck "explain with cache lines, text and SVG" \
	    "$bin" explain --layout all --items 40 --entries-per-page 16 \
	    --line-bytes 16 --svg "$tmp/explain-lines.svg"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
