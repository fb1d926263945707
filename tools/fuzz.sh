#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# fuzz.sh: runs the libFuzzer targets from their committed seed corpora.
#
#   sh tools/fuzz.sh [BUILD [SECONDS]]
#
# Runs BUILD/fuzz_parse, BUILD/fuzz_heap and BUILD/fuzz_csv (default build/fuzz, built by
# make fuzz) for SECONDS each (default 30), as many at once as there are
# CPUs online (each libFuzzer process runs on one), each on a copy of
# tests/fuzz/corpus/NAME so that the committed corpus never changes.
# Prints the executions and coverage of each; on a crash prints the
# fuzzer's report and the command that reproduces it, from the input
# saved in BUILD/artifacts, and exits 1.
set -eu
cd "$(dirname "$0")/.."

build=${1:-build/fuzz}
seconds=${2:-30}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
status=0

case $seconds in
'' | *[!0-9]*)
	echo "fuzz.sh: '$seconds' is not a whole number of seconds" >&2
	exit 2
	;;
esac
mkdir -p "$build/artifacts"

# stat NAME LOG: a final statistic of libFuzzer's -print_final_stats.
stat() {
	sed -n "s/^stat::$1: *//p" "$2"
}

targets="parse heap csv"
for target in $targets; do
	if [ ! -x "$build/fuzz_$target" ]; then
		echo "fuzz.sh: $build/fuzz_$target is missing: make fuzz-build builds it" >&2
		exit 1
	fi
done

# fuzz TARGET: fuzzes it; prints one line, or the failure and how to
# reproduce it; false on a failure.
fuzz() {
	bin=$build/fuzz_$1
	# A heap input is 3 bytes an operation: 1 KiB is some 340 of them.
	case $1 in
	parse) max_len=1100 ;;
	heap) max_len=1024 ;;
	# Past 8 KiB: the old reader's line limit.
	csv) max_len=20000 ;;
	esac
	cp -R "tests/fuzz/corpus/$1" "$tmp/$1"
	seeds=$(find "$tmp/$1" -type f | wc -l)
	log=$tmp/$1.log
	if "$bin" -max_total_time="$seconds" -max_len="$max_len" -timeout=10 \
	    -rss_limit_mb=2048 -print_final_stats=1 \
	    -artifact_prefix="$build/artifacts/$1-" "$tmp/$1" \
	    >"$log" 2>&1; then
		cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
		echo "fuzz_$1: $(stat number_of_executed_units "$log")" \
		    "executions in $seconds s ($(stat average_exec_per_sec "$log")/s)," \
		    "$seeds seeds, corpus now $(find "$tmp/$1" -type f | wc -l)," \
		    "$cov, no failure"
	else
		echo "fuzz_$1: FAILED after $(stat number_of_executed_units "$log") executions"
		grep -v -e '^#[0-9]' -e '^INFO:' "$log" | tail -n 60 | sed 's/^/    /'
		sed -n "s/.*Test unit written to //p" "$log" | while read -r crash; do
			echo "    reproduce: $bin $crash"
		done
		return 1
	fi
}

# Each batch of as many targets as CPUs runs at once; their reports are
# printed whole, in order, when the batch ends.
cpus=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
batch=
report() {
	wait
	for b in $batch; do
		cat "$tmp/$b.out"
		[ "$(cat "$tmp/$b.status" 2>/dev/null)" = 0 ] || status=1
	done
	batch=
}
for target in $targets; do
	{ fuzz "$target" && echo 0 >"$tmp/$target.status"; } \
	    >"$tmp/$target.out" 2>&1 &
	batch="$batch $target"
	[ "$(echo $batch | wc -w)" -lt "$cpus" ] || report
done
report
exit "$status"
