#!/bin/sh
# bench.sh: what the page model costs, measured in one run on this machine.
#
#   sh tools/bench.sh ./bheapsim [ITEMS]
#
# Prints ns/op per layout and workload with --vm off and --vm sim and
# their ratio; ns per modeled access with 16 and 65,536 resident pages;
# and the model's bookkeeping per tracked page, from max RSS.  Figures
# only: nothing here passes or fails, because shared machines are noisy.
set -eu

bin=${1:-./bheapsim}
items=${2:-1M}
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
