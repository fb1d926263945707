#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# table-time.sh: the table format's time beside CSV's on reports of many
# rows (issue 39, item 4: the table was quadratic in its rows).
#
#   sh tools/table-time.sh [./bheapsim]
#
# --resident all with 64-byte pages gives a row per budget: 40K items
# make 30,000 rows, 100K items 75,000.  Each command runs whole (the run
# and the report) in each format, best of three wall times; prints the
# seconds and the table's ratio to CSV, and exits 1 if a ratio is over
# LIMIT (default 2), 2 if it cannot run.
set -u
bin=${1:-./bheapsim}
limit=${LIMIT:-2}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
# best ITEMS FORMAT: the least wall seconds of three runs.
best() {
	for _ in 1 2 3; do
		start=$(date +%s.%N)
		"$bin" --items "$1" --ops 2K --layout bheap --page-size 64 \
		    --model full --resident all --format "$2" \
		    --output "$tmp/r.$2" 2>/dev/null || exit 2
		end=$(date +%s.%N)
		awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f\n", b - a }'
	done | sort -n | head -n 1
}
status=0
for items in 40K 100K; do
	table=$(best "$items" table) || exit 2
	csv=$(best "$items" csv) || exit 2
	rows=$(($(wc -l <"$tmp/r.csv") - 1))
	ratio=$(awk -v t="$table" -v c="$csv" 'BEGIN { printf "%.2f", t / c }')
	printf '%s items, %s rows: table %.2f s, csv %.2f s, ratio %s\n' \
	    "$items" "$rows" "$table" "$csv" "$ratio"
	awk -v r="$ratio" -v l="$limit" 'BEGIN { exit !(r > l) }' && status=1
done
exit "$status"
