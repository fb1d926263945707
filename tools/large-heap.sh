#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# large-heap.sh: 2^28 items through the array model, with the time and the
# memory it takes.
#
#   sh tools/large-heap.sh [./bheapsim]
#
# Runs
#   bheapsim --items 268435456 --workload replace --ops 100K --model array
#            --layout binheap,bheap
# and checks that it exits 0, that each layout's row is there, that the
# model's figures are sane (faults no more than accesses, faults_per_op =
# sim_faults / ops; the binary heap faulting about once per level below
# the first page, log2(N) - log2(P) levels, the B-heap a third of that or
# less), that the heap was really filled (max RSS at least the array and
# the items), and that bheapsim said how much memory it needs before
# starting.  Then runs the binary heap again with --vm off, and prints
# the model's bookkeeping per tracked page from the difference in max RSS
# (issue 7's target: at most 16 bytes).
#
# Needs about 6.1 GiB of memory and a minute or two.  ITEMS and OPS
# override the sizes; LARGE_BOOKKEEPING=no skips the --vm off run.
# Ends with "N passed, N failed"; exits 1 on a failure, 2 if this machine
# has too little memory to try.
set -eu

bin=${1:-./bheapsim}
items=${ITEMS:-268435456}
ops=${OPS:-100K}
tmp=$(mktemp -d)
# shellcheck source=tools/checks.sh
. "$(dirname "$0")/checks.sh"
trap 'rm -rf "$tmp" "$check_log"' EXIT INT TERM

# shellcheck source=tools/csv.sh
. "$(dirname "$0")/csv.sh"

# field CSV LAYOUT NAME: NAME's value in LAYOUT's row.
field() {
	csv_column "$1" "$3" layout "$2"
}

now() {
	date +%s
}

# What one layout's run maps, as bheapsim itself counts it (--dry-run),
# with 10% to spare.
"$bin" --items "$items" --workload replace --ops "$ops" --model array \
    --layout binheap,bheap --force --dry-run >"$tmp/need.csv" || exit 2
items=$(csv_column "$tmp/need.csv" items)
need_bytes=$(csv_column "$tmp/need.csv" memory_bytes)
need_kib=$(awk -v b="$need_bytes" 'BEGIN { printf "%d", b / 1024 * 1.1 }')
avail_kib=$(awk '/^MemAvailable:/ { print $2 }' /proc/meminfo)
if [ "$avail_kib" -lt "$need_kib" ]; then
	echo "large-heap.sh: $items items need about $((need_kib / 1048576)) GiB;" \
	    "only $((avail_kib / 1048576)) GiB are available" >&2
	exit 2
fi

echo "== $bin --items $items --workload replace --ops $ops --model array --layout binheap,bheap"
start=$(now)
status=0
"$bin" --items "$items" --workload replace --ops "$ops" --model array \
    --layout binheap,bheap --format csv >"$tmp/sim.csv" 2>"$tmp/sim.err" ||
    status=$?
wall=$(($(now) - start))
sed 's/^/    stderr: /' "$tmp/sim.err"
if [ "$status" -eq 0 ]; then
	pass "exit 0 in $wall s"
else
	fail "exit status $status after $wall s"
fi

# The needed memory comes first, before the minutes of filling; bheapsim
# says so only for runs large enough to matter.
if grep -q 'need' "$tmp/sim.err"; then
	pass "the memory needed is printed before the run"
elif awk -v b="$need_bytes" 'BEGIN { exit !(b < 2 ^ 30) }'; then
	echo "    (no note of the memory needed: fine for $items items)"
else
	fail "no message says how much memory the run needs"
fi

awk -F, 'BEGIN { printf "    %-8s %12s %12s %10s %10s %12s\n", "layout", "accesses",
	    "sim_faults", "faults/op", "ns/op", "max RSS KiB" }
	'"$CSV_HEADER"'
	{ printf "    %-8s %12s %12s %10s %10s %12s\n", $col["layout"], $col["accesses"],
	    $col["sim_faults"], $col["faults_per_op"], $col["ns_per_op"], $col["maxrss_kib"] }' \
    "$tmp/sim.csv" 2>/dev/null || true

entries=$(field "$tmp/sim.csv" binheap entries_per_page)
# Page levels a binary heap path crosses: log2(N) - log2(P).
levels=$(awk -v n="$items" -v p="${entries:-512}" \
    'BEGIN { printf "%.1f", log(n) / log(2) - log(p) / log(2) }')
filled_kib=$(awk -F, "$CSV_HEADER"'
    { printf "%d", ($col["array_bytes"] + $col["item_bytes"]) / 1024 }' \
    "$tmp/need.csv")
for layout in binheap bheap; do
	ops_done=$(field "$tmp/sim.csv" "$layout" ops)
	faults=$(field "$tmp/sim.csv" "$layout" sim_faults)
	accesses=$(field "$tmp/sim.csv" "$layout" accesses)
	per_op=$(field "$tmp/sim.csv" "$layout" faults_per_op)
	rss=$(field "$tmp/sim.csv" "$layout" maxrss_kib)
	if [ -z "$faults" ] || [ -z "$accesses" ] || [ -z "$per_op" ]; then
		fail "$layout: no row"
		continue
	fi
	if awk -v f="$faults" -v a="$accesses" -v p="$per_op" -v o="$ops_done" \
	    'BEGIN { exit !(f > 0 && f <= a && (p - f / o) ^ 2 < 0.0001) }'; then
		pass "$layout: $faults faults in $accesses accesses, $per_op per op"
	else
		fail "$layout: $faults faults, $accesses accesses, $per_op per op over $ops_done ops"
	fi
	if [ "${rss:-0}" -ge "$filled_kib" ]; then
		pass "$layout: max RSS $rss KiB holds the filled heap ($filled_kib KiB)"
	else
		fail "$layout: max RSS ${rss:-?} KiB, less than the heap's $filled_kib KiB"
	fi
done
bin_per_op=$(field "$tmp/sim.csv" binheap faults_per_op)
bheap_per_op=$(field "$tmp/sim.csv" bheap faults_per_op)
if awk -v f="${bin_per_op:-0}" -v l="$levels" 'BEGIN { exit !(f >= l / 2 && f <= 2 * l + 2) }'; then
	pass "binheap: $bin_per_op faults per op for $levels page levels"
else
	fail "binheap: ${bin_per_op:-?} faults per op, expected about $levels (page levels)"
fi
if awk -v b="${bheap_per_op:-0}" -v f="${bin_per_op:-0}" 'BEGIN { exit !(b >= 1 && b <= f / 3) }'; then
	pass "bheap: $bheap_per_op faults per op, $(awk -v b="$bheap_per_op" -v f="$bin_per_op" \
	    'BEGIN { printf "%.1f", f / b }')x fewer than binheap"
else
	fail "bheap: ${bheap_per_op:-?} faults per op against binheap's ${bin_per_op:-?}"
fi

if [ "${LARGE_BOOKKEEPING:-yes}" != no ]; then
	echo "== the same binheap run with --vm off, for the model's bookkeeping"
	status=0
	"$bin" --items "$items" --workload replace --ops "$ops" --model array \
	    --layout binheap --vm off --format csv >"$tmp/off.csv" 2>/dev/null ||
	    status=$?
	off=$(field "$tmp/off.csv" binheap maxrss_kib)
	sim=$(field "$tmp/sim.csv" binheap maxrss_kib)
	if [ "$status" -eq 0 ] && [ -n "$off" ] && [ -n "$sim" ]; then
		# Tracked pages of the array model: the array's, slot 0 included.
		pages=$(csv_column "$tmp/need.csv" tracked_pages)
		echo "$pages $off $sim" | awk '{ printf "    %d pages tracked; max RSS %d KiB off, %d KiB sim: %.1f bytes per page (target: at most 16)\n",
		    $1, $2, $3, ($3 - $2) * 1024 / $1 }'
		pass "--vm off ran"
	else
		fail "--vm off: exit status $status"
	fi
fi

finish
