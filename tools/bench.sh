#!/bin/sh
# bench.sh: what the page model costs, measured in one run on this machine.
#
#   sh tools/bench.sh ./bheapsim [ITEMS]
#
# Prints ns/op per layout and workload with --vm off and --vm sim and
# their ratio; ns per modeled access with 16 and 65,536 resident pages;
# the model's bookkeeping per tracked page, from max RSS; and binheap and
# bheap with --vm off against the textbook heap of tools/textbook.c
# ($TEXTBOOK, default build/textbook, which make bench builds), over
# $RUNS interleaved runs (default 7): the median run, and the best, which
# on a shared machine is the one least disturbed.  Figures only: nothing
# here passes or fails, because shared machines are noisy.
set -eu

bin=${1:-./bheapsim}
items=${2:-1M}
runs=${RUNS:-7}
case $runs in
''|*[!0-9]*|0*)
	echo "bench.sh: RUNS '$runs' is not a count from 1 up" >&2
	exit 2
	;;
esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# column NAME FILE: the values of one CSV column, one per row.
column() {
	awk -F, -v name="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == name) c = i; next }
	    { print $c }' "$2"
}

echo "== ns/op at $items items, 4 KiB pages, 10 resident pages, model array"
"$bin" --items "$items" --workload all --vm off --format csv >"$tmp/off.csv"
"$bin" --items "$items" --workload all --vm sim --format csv >"$tmp/sim.csv"
paste -d, "$tmp/off.csv" "$tmp/sim.csv" | awk -F, '
	NR == 1 { for (i = 1; i <= NF; i++) if ($i == "ns_per_op") { if (!off) off = i; else sim = i }
		  for (i = 1; i <= NF; i++) { if ($i == "layout" && !l) l = i; if ($i == "workload" && !w) w = i }
		  printf "%-8s %-8s %10s %10s %8s\n", "layout", "workload", "off", "sim", "sim/off"; next }
	{ printf "%-8s %-8s %10.1f %10.1f %7.2fx\n", $l, $w, $off, $sim, $sim / $off }'

echo
echo "== ns per modeled access against the budget ($items items, 64-byte pages, model full, replace)"
for resident in 16 65536; do
	"$bin" --items "$items" --page-size 64 --model full --resident "$resident" \
	    --workload replace --layout bheap --format csv >"$tmp/r$resident.csv"
	wall=$(column wall_s "$tmp/r$resident.csv")
	accesses=$(column accesses "$tmp/r$resident.csv")
	faults=$(column sim_faults "$tmp/r$resident.csv")
	echo "$resident $wall $accesses $faults" | awk '{ printf "%6d pages: %6.2f ns/access (%d accesses, %d faults)\n", $1, $2 * 1e9 / $3, $3, $4 }' \
	    | tee -a "$tmp/budget.txt"
done
awk '{ ns[NR] = $3 } END { printf "65536 pages / 16 pages: %.2fx\n", ns[2] / ns[1] }' "$tmp/budget.txt"

echo
echo "== bookkeeping per tracked page (4M items, 64-byte pages, model full, fill)"
for vm in off sim; do
	"$bin" --items 4M --page-size 64 --model full --resident 16 --workload fill \
	    --layout bheap --vm "$vm" --format csv >"$tmp/mem-$vm.csv"
done
pages=$(( ($(column items "$tmp/mem-sim.csv") + 1) * $(column ptr_bytes "$tmp/mem-sim.csv") / 64 \
    + $(column items "$tmp/mem-sim.csv") * $(column item_bytes "$tmp/mem-sim.csv") / 64 ))
off=$(column maxrss_kib "$tmp/mem-off.csv")
sim=$(column maxrss_kib "$tmp/mem-sim.csv")
echo "$pages $off $sim" | awk '{ printf "%d pages tracked; max RSS %d KiB off, %d KiB sim: %.1f bytes per page\n", $1, $2, $3, ($3 - $2) * 1024 / $1 }'

echo
echo "== against a textbook heap ($items items, --vm off, $runs interleaved runs)"
# tools/textbook.c runs the same workloads with the same keys on a plain
# array heap; make bench builds it with bheapsim's CFLAGS.  Runs alternate
# so that a busy moment of a shared machine hits every program alike.
textbook=${TEXTBOOK:-build/textbook}
if [ ! -x "$textbook" ]; then
	echo "bench.sh: $textbook is missing: make bench builds it" >&2
	exit 1
fi
rep=1
while [ "$rep" -le "$runs" ]; do
	for layout in binheap bheap; do
		"$bin" --items "$items" --workload all --vm off --layout "$layout" \
		    --format csv >"$tmp/tb-$layout-$rep.csv"
	done
	"$textbook" --items "$items" >"$tmp/tb-textbook-$rep.csv"
	rep=$((rep + 1))
done
# Rows of every run: program workload ops wall-ns/op.
for f in "$tmp"/tb-*.csv; do
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	    { print $c["layout"], $c["workload"], $c["ops"], $c["ns_per_op"] }' "$f"
done | sort -k1,1 -k2,2 -k4,4n >"$tmp/tb-rows.txt"
awk '
	# Rows arrive sorted by ns/op within each program and workload, so
	# the first is the best run and the middle one the median.
	{ k = $1 " " $2; n[k]++; ns[k, n[k]] = $4; ops[k] = ops[k] " " $3 }
	function median(k) { return ns[k, int((n[k] + 1) / 2)] }
	function best(k) { return ns[k, 1] }
	END {
		split("fill replace reorder mix drain", wl, " ")
		printf "%-8s %9s %9s %9s %10s %10s   %s\n", "workload", "binheap", "bheap",
		    "textbook", "bin/text", "bheap/text", "(best runs)"
		for (w = 1; w <= 5; w++) {
			b = "binheap " wl[w]; h = "bheap " wl[w]; t = "textbook " wl[w]
			printf "%-8s %9.1f %9.1f %9.1f %9.2fx %9.2fx   %.2fx %.2fx\n", wl[w],
			    median(b), median(h), median(t), median(b) / median(t),
			    median(h) / median(t), best(b) / best(t), best(h) / best(t)
			# The same seed must give the same operations everywhere.
			if (ops[b] != ops[t] || ops[h] != ops[t])
				printf "  warning: %s op counts differ:%s /%s /%s\n", wl[w],
				    ops[b], ops[h], ops[t]
		}
		print "ns/op, wall clock, medians; in brackets the ratios of the best runs"
		print "targets: binheap within 1.10x, bheap within 1.30x"
	}' "$tmp/tb-rows.txt"
