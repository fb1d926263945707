#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# reproduce.sh: remake the article's figures and tables with bheapsim.
#
#   sh tools/reproduce.sh [article|all]  into results/
#   QUICK=1 sh tools/reproduce.sh ...    the same pipeline on small sizes,
#                                        into build/reproduce-quick/
#
# article (make reproduce, the default): the article's experiments, steps
# 1, 2, 3, 6 and 8 (Kamp's figure and its page-budget curves, the per-ABI
# table with its guest run, the policies and the four layouts).  all
# (make reproduce-all): those, then the large and slow ones, steps 4, 5,
# 7, 9 and 10 (the page-size sweep at 16M items, the kernel's real
# faults, the caches, the time model's measured grid, the three C's).
#
# Step 5 needs --vm kernel: a Linux with memfd_create and, at 1M items,
# vm.max_map_count of at least 3,000.
#
# Steps 4 to 6 and step 1's close-up are of pages alone and run with
# --cache off: the caches would only slow them.  Every command is
# appended to OUT/commands.txt as it runs.  Fault counts
# depend only on the options, so a rerun gives the same counts; times
# differ from machine to machine.  The 4-byte-pointer runs use the ia32
# build (make abi), which runs natively on any x86-64 Linux with IA32
# emulation; the per-ABI table comes from make compare.
set -eu
scope=${1:-article}
case $scope in
article | all) ;;
*)
	echo "reproduce.sh: '$scope': not a scope; accepted: article, all" >&2
	exit 2
	;;
esac
# shellcheck source=tools/csv.sh
. "$(dirname "$0")/csv.sh"

bin=./bheapsim
ia32=build/ia32/bheapsim

if [ "${QUICK:-0}" = 1 ]; then
	out=build/reproduce-quick
	items=20K
	page_items=40K
	page_ops=10K
	page_sweep=4K..64K:x4
	page_resident=2
	abi_items=20K
	kernel_ops=2K
	kernel_sweep=4,16,32
	# Step 9's grid: one small size, one run of each (the CI grid, 10K
	# and 100K three times over, is make time-check's, which CI runs).
	time_grid="SIZES=10K RUNS=1 OPS=20K"
else
	out=results
	items=1M
	page_items=16M
	page_ops=1M
	page_sweep=4K..2M:x2
	page_resident=4
	abi_items=500K
	kernel_ops=100K
	kernel_sweep=4,10,16,64,256,1024
	time_grid="FULL=1"
fi
mkdir -p "$out"
: >"$out/commands.txt"

# The caches and TLB are this machine's (the report's cache and tlb
# fields), given by name so that commands.txt reruns them anywhere.
geometry() {
	"$bin" --items 1K --layout bheap --workload fill --format csv \
	    2>/dev/null | csv_column - "$1" | tail -n 1
}
# HIERARCHY="--cache SPEC --tlb SPEC" takes another machine's instead,
# such as those results/commands.txt names, so that their counts remake
# the same here.
hierarchy=${HIERARCHY:-"--cache $(geometry cache) --tlb $(geometry tlb)"}

# The wall seconds since START (a date +%s.%N) and WHAT, on stderr, so
# that a slow step shows which command it is.
took() {
	echo "$1 $(date +%s.%N)" | awk -v what="$2" \
	    '{ printf "reproduce: %.1f s: %s\n", $2 - $1, what }' >&2
}

# Each command into commands.txt, then run and timed, named by its
# --output (else its last word); its exit status.  run_nice, where set,
# is the command's prefix that lowers its priority.
start=$(date +%s)
run_nice=
run() {
	echo "$*" >>"$out/commands.txt"
	run_t0=$(date +%s.%N)
	run_status=0
	# shellcheck disable=SC2086 # an empty prefix is no word at all
	$run_nice "$@" || run_status=$?
	run_name=''
	run_prev=''
	for run_last; do
		[ "$run_prev" = --output ] && run_name=$run_last
		run_prev=$run_last
	done
	took "$run_t0" "$1 ... ${run_name:-$run_last}"
	return "$run_status"
}

# summarize CSV: resident pages, faults/op per layout, binheap/bheap ratio.
summarize() {
	awk -F, -v key="$2" "$CSV_HEADER"'
	{
		k = $col[key]; l = $col["layout"]
		if (!(k in seen)) { seen[k] = 1; order[n++] = k }
		f[k, l] = $col["faults_per_op"]; m[k, l] = $col["modeled_s"]
		if (!(l in ls)) { ls[l] = 1; layouts[nl++] = l }
	}
	END {
		printf "| %s |", key
		for (j = 0; j < nl; j++) printf " %s faults/op | %s modeled s |", layouts[j], layouts[j]
		print " binheap/bheap |"
		printf "|---:|"
		for (j = 0; j < nl; j++) printf "---:|---:|"
		print "---:|"
		for (i = 0; i < n; i++) {
			k = order[i]; printf "| %s |", k
			for (j = 0; j < nl; j++) printf " %s | %s |", f[k, layouts[j]], m[k, layouts[j]]
			b = f[k, "bheap"]
			if (b > 0) printf " %.2fx |\n", f[k, "binheap"] / b
			else print " - |"
		}
	}' "$1" >"${1%.csv}.md"
}

# Every budget from 1 page to the whole heap, in one stack-distance pass
# per layout (--resident all), drawn twice from the same run: modeled
# run time (Kamp's figure) and the four layouts' page faults and line
# misses against memory (step 8's figure, --plot-y misses).  The
# close-up, Kamp's Figure 2, 0 to 64 KiB, one point per page, likewise
# as modeled run time and as faults per operation.
# kamp_curve MODEL: every budget under one --model, figures and table.
kamp_curve() {
	# shellcheck disable=SC2086 # $hierarchy is two options and their values
	run "$bin" --items "$items" --layout all --model "$1" --workload replace \
	    --resident all $hierarchy --output "$out/kamp-$1.csv" \
	    --plot "$out/kamp-$1.svg" --plot-y modeled_s \
	    --plot "$out/four-$1.svg" --plot-y misses
	summarize "$out/kamp-$1.csv" resident_pages
}

step_1() {
	echo "== 1. Kamp's figure: $items items, 4 KiB pages, model array, replace" >&2
	kamp_curve array
	# The close-up draws modeled time and faults, which no cache changes;
	# the caches' counts are the curve's above.
	run "$bin" --items "$items" --layout all --model array --workload replace \
	    --sweep "resident=1..16:+1" --cache off \
	    --output "$out/kamp-array-closeup.csv" \
	    --plot "$out/kamp-array-closeup.svg" --plot-y modeled_s \
	    --plot "$out/kamp-array-closeup-faults.svg" --plot-y faults_per_op
	summarize "$out/kamp-array-closeup.csv" resident_pages
}

step_2() {
	echo "== 2. The same with item pages counted (model full)" >&2
	kamp_curve full
}

step_3() {
	echo "== 3. Per-ABI table (make compare)" >&2
	echo "make compare ITEMS=$abi_items" >>"$out/commands.txt"
	compare_t0=$(date +%s.%N)
	# make reproduce has built its three programs: the guest that runs
	# them is the longest step of all.
	make -s -j2 compare ITEMS="$abi_items"
	took "$compare_t0" "make compare"
	mkdir -p "$out/abi"
	cp build/compare.csv "$out/abi/compare-$abi_items.csv"
	cp build/compare.md "$out/abi/compare-$abi_items.md"
}

step_4() {
	echo "== 4. Page size, 4 KiB to 2 MiB, 8- and 4-byte pointers" >&2
	# A kernel with IA-32 emulation off refuses ia32 programs (status 126).
	# qemu-i386, where installed, then runs the ia32 build in user-mode
	# emulation: the modeled counts are the same, but its times and rusage
	# fields are the emulator's.
	ia32_runner=
	ia32_status=0
	"$ia32" --version >/dev/null 2>&1 || ia32_status=$?
	if [ "$ia32_status" -ne 0 ] && command -v qemu-i386 >/dev/null 2>&1 &&
	    qemu-i386 "$ia32" --version >/dev/null 2>&1; then
		echo "reproduce: $ia32 cannot run here (exit $ia32_status), so it" \
		    "runs under qemu-i386: its counts are exact, its times are" \
		    "the emulator's" >&2
		ia32_runner=qemu-i386
		ia32_status=0
	fi
	# sweep_page_size [RUNNER] BINARY: the sweep for BINARY's pointer size.
	sweep_page_size() {
		ptr=$("$@" --version | sed -n 's/.* \([0-9]*\)-byte pointers.*/\1/p')
		run "$@" --items "$page_items" --ops "$page_ops" --model array \
		    --workload replace --layout binheap,bheap,veb --resident "$page_resident" \
		    --cache off --sweep "page-size=$page_sweep" --plot-y faults_per_op --jobs 2 \
		    --output "$out/pagesize-ptr$ptr.csv" \
		    --plot "$out/pagesize-ptr$ptr.svg"
		summarize "$out/pagesize-ptr$ptr.csv" page_bytes
	}
	sweep_page_size "$bin"
	if [ "$ia32_status" -eq 0 ]; then
		# shellcheck disable=SC2086 # an empty runner is no word at all
		sweep_page_size $ia32_runner "$ia32"
	else
		echo "reproduce: $ia32 cannot run here (exit $ia32_status; 126:" \
		    "IA-32 emulation is off) and qemu-i386 is not installed, so" \
		    "the 4-byte-pointer page-size sweep is left out" >&2
	fi
}

step_5() {
	echo "== 5. The kernel agrees: real minor faults with --vm kernel" >&2
	run "$bin" --items "$items" --ops "$kernel_ops" --model array \
	    --workload replace --layout binheap,bheap,veb --vm kernel --cache off \
	    --sweep "resident=$kernel_sweep" --plot-y minflt --jobs 2 \
	    --output "$out/kamp-kernel.csv" --plot "$out/kamp-kernel.svg"
	awk -F, 'BEGIN {
		print "| resident_pages | layout | sim_faults | kernel minflt | kernel/model |"
		print "|---:|---|---:|---:|---:|" }
	'"$CSV_HEADER"'
	{ s = $col["sim_faults"]; k = $col["minflt"]
	  r = s > 0 ? sprintf("%.4f", k / s) : "-"
	  printf "| %s | %s | %s | %s | %s |\n", $col["resident_pages"], $col["layout"], s, k, r }
	' "$out/kamp-kernel.csv" >"$out/kamp-kernel.md"
}

step_6() {
	echo "== 6. Replacement policies: LRU, CLOCK and Belady's OPT" >&2
	# Seven budgets, not every one: CLOCK and OPT take a run per budget (only
	# LRU's stack distances give them all in one pass); about 25 s on 2 cores.
	if [ "${QUICK:-0}" = 1 ]; then
		policy_sweep=2,4,8
	else
		policy_sweep=2,4,8,10,16,32,64
	fi
	run "$bin" --items "$items" --model array --workload replace \
	    --layout binheap,bheap,veb --policy lru,clock,opt --cache off \
	    --sweep "resident=$policy_sweep" --plot-y faults_per_op --jobs 2 \
	    --output "$out/policies.csv" --plot "$out/policies.svg"
	awk -F, "$CSV_HEADER"'
	{
		k = $col["resident_pages"]; p = $col["policy"]
		if (!(k in seen)) { seen[k] = 1; order[n++] = k }
		if (!(p in ps)) { ps[p] = 1; policies[np++] = p }
		f[k, p, $col["layout"]] = $col["faults_per_op"]
	}
	END {
		printf "| resident_pages |"
		for (j = 0; j < np; j++)
			printf " %s binheap | %s bheap | %s ratio |", policies[j],
			    policies[j], policies[j]
		printf "\n|---:|"
		for (j = 0; j < np; j++) printf "---:|---:|---:|"
		print ""
		for (i = 0; i < n; i++) {
			k = order[i]; printf "| %s |", k
			for (j = 0; j < np; j++) {
				a = f[k, policies[j], "binheap"]
				b = f[k, policies[j], "bheap"]
				printf " %s | %s | %s |", a, b,
				    (b > 0 ? sprintf("%.2fx", a / b) : "-")
			}
			print ""
		}
	}' "$out/policies.csv" >"$out/policies-faults.md"
}

step_7() {
	echo "== 7. Caches, TLB and pages in one run (the teaching figure: step 1's four-array.svg)" >&2
	# Every level's misses per operation, the modeled in-memory time, and
	# beside them ns/op of the same phases run untracked (--vm off).  The
	# geometry is this machine's (the cache and tlb columns name it).
	# Kamp's model (the array's pages alone) and the full one (items too).
	: >"$out/hierarchy.md"
	for model in array full; do
		# shellcheck disable=SC2086
		run "$bin" --items "$items" --model "$model" --workload replace,mix \
		    $hierarchy --output "$out/hierarchy-$model.csv"
		run "$bin" --items "$items" --model "$model" --workload replace,mix \
		    --vm off --output "$out/hierarchy-$model-off.csv"
		awk -F, -v model="$model" "$CSV_HEADER"'
		FNR == NR { off[$col["layout"], $col["workload"]] = $col["ns_per_op"]; next }
		{
			if (!header++) {
				printf "Model %s; caches %s, TLB %s.\n\n", model, $col["cache"], $col["tlb"]
				print "| workload | layout | L1 misses/op | L2 misses/op | LLC misses/op | TLB misses/op | page faults/op | modeled mem ns/op | measured ns/op (--vm off) |"
				print "|---|---|---:|---:|---:|---:|---:|---:|---:|"
			}
			printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", $col["workload"],
			    $col["layout"], $col["l1_misses_per_op"], $col["l2_misses_per_op"],
			    $col["llc_misses_per_op"], $col["tlb_misses_per_op"],
			    $col["faults_per_op"], $col["mem_ns_per_op"],
			    off[$col["layout"], $col["workload"]]
		}
		END { print "" }' "$out/hierarchy-$model-off.csv" "$out/hierarchy-$model.csv" \
		    >>"$out/hierarchy.md"
	done
	# Misses per operation against memory, pages of 4 KiB and 64-byte
	# lines in fully associative LRU caches of every size that is a whole
	# number of pages, are step 1's four-array.svg.
}

step_8() {
	echo "== 8. Four layouts: the cache-oblivious heap against the three" >&2
	# Page faults and 64-byte line misses per operation against memory for
	# all four layouts (veb: van Emde Boas order), under both models, are
	# steps 1 and 2's runs (four-array.svg and four-full.svg); here ns/op
	# untracked, and the table: both curves at a few memory sizes, and
	# ns/op beside them.
	run "$bin" --items "$items" --layout all --workload replace --vm off \
	    --output "$out/four-off.csv"
	awk -F, -v items="$items" "$CSV_HEADER"'
	FNR == NR { ns[$col["layout"]] = $col["ns_per_op"]; next }
	$col["resident_pages"] == 10 || $col["resident_pages"] == 64 || $col["resident_pages"] == 256 {
		l = $col["layout"]; r = $col["resident_pages"]; md = $col["model"]
		if (!(l in seen)) { seen[l] = 1; order[n++] = l }
		f[md, l, r] = $col["faults_per_op"]; m[md, l, r] = $col["line_misses_per_op"]
	}
	END {
		print "Replace at " items " items; memory of 10, 64 and 256 pages of 4 KiB (40 KiB, 256 KiB,"
		print "1 MiB); page faults and 64-byte line misses per operation at each; ns/op untracked.\n"
		print "| layout | model | faults 10 | faults 64 | faults 256 | lines 10 | lines 64 | lines 256 | ns/op --vm off |"
		print "|---|---|---:|---:|---:|---:|---:|---:|---:|"
		split("array full", models, " ")
		for (k = 1; k <= 2; k++) for (i = 0; i < n; i++) {
			l = order[i]; md = models[k]
			printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", l, md,
			    f[md, l, 10], f[md, l, 64], f[md, l, 256],
			    m[md, l, 10], m[md, l, 64], m[md, l, 256], ns[l]
		}
	}' "$out/four-off.csv" "$out/kamp-array.csv" "$out/kamp-full.csv" >"$out/four-layouts.md"
}

step_9() {
	echo "== 9. The time model: modeled against measured ns/op, and the time stacks" >&2
	# Step 9, the time model (issue 24): modeled against measured ns/op over
	# the grid (FULL=1: issue 40's, 10K to 16M items; QUICK: 10K items
	# once), and where each layout's time goes, per heap size.  A grid
	# point outside the check's wide tolerance still gives its row: the
	# table shows it.
	# shellcheck disable=SC2086 # the grid is words of NAME=VALUE
	run env $time_grid LAYOUTS=all TIME_CSV="$out/time-model.csv" sh "$(dirname "$0")/time-check.sh" \
	    "$bin" >"$out/time-check.txt" || true
	run python3 "$(dirname "$0")/time-figure.py" "$out/time-model.csv" \
	    "$out/time-model.svg" replace full
}

step_10() {
	echo "== 10. The three C's: compulsory, capacity and conflict misses per layout" >&2
	# Every level's misses split by --three-c, for the four layouts, at a
	# fixed hierarchy (a server core's 32 KiB L1, 1 MiB L2 and 8 MiB LLC)
	# that a million items outgrow, so that every level misses.
	run "$bin" --items "$items" --ops 50K --layout all \
	    --model full --workload replace \
	    --cache l1=32K/8,l2=1M/16,llc=8M/16 --tlb 64/4,1536/12 --three-c \
	    --jobs 2 --output "$out/threec.csv"
	run python3 "$(dirname "$0")/threec-figure.py" "$out/threec.csv" \
	    "$out/threec.svg"
}

# The guest's per-ABI table takes a core for over a minute, and is the
# longest step; steps 1, 2 and 6 run beside it at a lower priority, so
# that they take what it leaves rather than stretch it (it took 116 s
# beside them, 73 s alone).  Their counts do not depend on it, but the
# heap's measured time in Kamp's modeled run time may: the guest takes a
# core and memory bandwidth.  Step 8's ns/op, of --vm off, waits until
# the machine is its own again.
(run_nice="nice -n 10"; step_1; step_2; step_6) &
counts_pid=$!
trap 'kill "$counts_pid" 2>/dev/null || :' EXIT
step_3
wait "$counts_pid"
trap - EXIT
step_8
if [ "$scope" = all ]; then
	step_4
	step_5
	step_7
	step_9
	step_10
fi
echo "results in $out/ ($(($(date +%s) - start)) s in all)" >&2
