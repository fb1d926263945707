#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# instructions.sh: what the exact models cost in instructions, counted by
# callgrind, so the figure is the same on every run and every machine.
#
#   sh tools/instructions.sh ./bheapsim
#
# Each figure is instructions per modeled access: the tracked child (the
# run with the models) less the untracked one (the timing run, --vm off),
# from two runs that differ only in --ops (20K and 40K), so that set-up
# and the heap's fill cancel, divided by the extra modeled accesses.  At
# --items 100K --workload replace --model full, per layout in $LAYOUTS
# (default binheap): the page model alone, then each level added in turn
# (L1 48K/12, L2 2M/16, LLC 32M/16, TLB 64/4 then 1536/12: issue 38's
# geometry).  The models run in line (--no-pipeline): on a thread of
# their own they would add its hand-overs, whose count hangs on how the
# threads interleave.  About two minutes per layout on a quiet core.
# Figures only: nothing here passes or fails.
set -eu

bin=${1:-./bheapsim}
layouts=${LAYOUTS:-binheap}
command -v valgrind >/dev/null 2>&1 || {
	echo "instructions.sh: no valgrind: no instruction counts" >&2
	exit 0
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# shellcheck source=tools/csv.sh
. "$(dirname "$0")/csv.sh"
# shellcheck source=tools/callgrind.sh
. "$(dirname "$0")/callgrind.sh"

# run OPS ARGS...: "ACCESSES TRACKED UNTRACKED" of one run under callgrind.
# Of the parent's children the tracked one runs the models and so the
# most instructions.
run() {
	r_ops=$1
	shift
	r_counts=$(callgrind_counts "$tmp" "$tmp/csv" "$bin" --items 100K \
	    --ops "$r_ops" --workload replace --model full --no-pipeline "$@" \
	    --format csv | sed 1d | awk '{ print $2 }' | sort -n)
	r_acc=$(csv_column "$tmp/csv" accesses)
	echo "$r_acc $(echo "$r_counts" | tail -n 1) $(echo "$r_counts" |
	    head -n 1)"
}

# per_access LABEL ARGS...: the figure of one configuration.
per_access() {
	p_label=$1
	shift
	p_a=$(run 20K "$@")
	p_b=$(run 40K "$@")
	echo "$p_a $p_b" | awk -v label="$p_label" '{
		printf "  %-28s %6.1f\n", label, (($5 - $6) - ($2 - $3)) / ($4 - $1) }'
}

echo "== instructions per modeled access (callgrind: tracked less untracked child, --ops 40K less 20K, --items 100K, replace, model full, models in line)"
for layout in $layouts; do
	echo " $layout"
	per_access "pages (LRU, 10 resident)" --layout "$layout" \
	    --cache off --tlb off
	per_access "+ L1" --layout "$layout" --cache l1=48K/12 --tlb off
	per_access "+ L2" --layout "$layout" --cache l1=48K/12,l2=2M/16 \
	    --tlb off
	per_access "+ LLC" --layout "$layout" \
	    --cache l1=48K/12,l2=2M/16,llc=32M/16 --tlb off
	per_access "+ TLB (everything)" --layout "$layout" \
	    --cache l1=48K/12,l2=2M/16,llc=32M/16 --tlb 64/4,1536/12
done
