#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# compare.sh: one bheapsim workload on x86-64, x32 and ia32, side by side.
#
#   make compare [ITEMS=500K] [OPS=N] [WORKLOAD=replace] [MODEL=array]
#                [RESIDENT=R] [VM=sim|off|kernel|disk] [GUEST=auto|always|never] [KERNEL=bzImage]
#                [ACCEL=auto|kvm|tcg] [GUEST_MEM=1G]
#
# (make compare builds first; this script expects make abi's programs in
# $BUILD, default build, and takes the same variables from the environment.)
#
# Where this kernel runs x32 (tools/x32check.sh), the three programs run
# here, one after the other.  Where it cannot, or with GUEST=always, all
# three run in one qemu guest booted with syscall.x32=y (tools/guest/):
# absolute RSS and fault counts differ between a guest and its host, so
# ABIs are only ever compared within one of them.  GUEST=never runs
# natively whatever the kernel says, and leaves out an ABI it cannot run.
#
# Writes $BUILD/compare.csv (bheapsim's CSV columns plus where: native,
# guest-kvm or guest-tcg), $BUILD/compare.md, each whole, and the table
# on stdout: per workload, layout and ABI the heap's own memory, mapped
# and resident (arena_kib, arena_rss_kib), the VSZ, RSS, max RSS, minor
# faults, entries per page, simulated faults per operation and ns per
# operation, then each ABI's ratio to x86-64.
set -eu

build=${BUILD:-build}
items=${ITEMS:-500K}
ops=${OPS:-}
workload=${WORKLOAD:-replace}
model=${MODEL:-array}
resident=${RESIDENT:-}
vm=${VM:-sim}
guest=${GUEST:-auto}
abis="x86-64 x32 ia32"

case $guest in
auto|always|never) ;;
*)
	echo "compare.sh: GUEST=$guest is not auto, always or never" >&2
	exit 2
	;;
esac
for abi in $abis; do
	if [ ! -x "$build/$abi/bheapsim" ] || [ ! -x "$build/$abi/bheapsim-static" ]; then
		echo "compare.sh: no $build/$abi/bheapsim: run make abi" >&2
		exit 1
	fi
done

# The guest's kernel command line carries the options: no blanks in them.
for value in "$items" "$ops" "$workload" "$model" "$resident" "$vm"; do
	case $value in
	*[!A-Za-z0-9,._-]*)
		echo "compare.sh: '$value': only letters, digits and , . _ -" \
		    "in ITEMS, OPS, WORKLOAD, MODEL, RESIDENT, VM" >&2
		exit 2
		;;
	esac
done
set -- --items "$items" --workload "$workload" --model "$model" --vm "$vm"
if [ -n "$ops" ]; then
	set -- "$@" --ops "$ops"
fi
if [ -n "$resident" ]; then
	set -- "$@" --resident "$resident"
fi
command="make compare ITEMS=$items${ops:+ OPS=$ops} WORKLOAD=$workload MODEL=$model${resident:+ RESIDENT=$resident} VM=$vm"
if [ "$guest" != auto ]; then
	command="$command GUEST=$guest"
fi

tmp=$(mktemp -d "$build/compare.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# Where to run ------------------------------------------------------------

x32_native=true
reason=
if reason=$(sh tools/x32check.sh "$build/x32probe"); then
	:
else
	status=$?
	if [ "$status" -ne 1 ]; then
		exit 1
	fi
	x32_native=false
fi
case $guest in
always)
	place=guest
	;;
never)
	place=native
	;;
auto)
	place=native
	if ! $x32_native; then
		echo "compare: $reason"
		echo "compare: so all three ABIs run in one qemu guest"
		place=guest
	fi
	;;
esac

# native: each program here, its CSV with where=native, into $tmp/rows.csv.
native() {
	header=
	for n_abi in $abis; do
		if [ "$n_abi" = x32 ] && ! $x32_native; then
			echo "compare: leaving out x32 (GUEST=never): $reason" >&2
			continue
		fi
		n_status=0
		"$build/$n_abi/bheapsim" "$@" --format csv >"$tmp/$n_abi.csv" ||
		    n_status=$?
		if [ "$n_status" -eq 126 ]; then
			echo "compare: leaving out $n_abi: this kernel cannot" \
			    "execute it" >&2
			continue
		elif [ "$n_status" -ne 0 ]; then
			echo "compare: $build/$n_abi/bheapsim $* failed with" \
			    "status $n_status" >&2
			exit 1
		fi
		n_header=$(head -n 1 "$tmp/$n_abi.csv")
		if [ -z "$header" ]; then
			header=$n_header
			echo "$header,where" >"$tmp/rows.csv"
		elif [ "$n_header" != "$header" ]; then
			echo "compare: $n_abi has other CSV columns than the" \
			    "first ABI" >&2
			exit 1
		fi
		sed '1d; s/$/,native/' "$tmp/$n_abi.csv" >>"$tmp/rows.csv"
	done
	if [ -z "$header" ]; then
		echo "compare: no ABI ran" >&2
		exit 1
	fi
	context="natively on Linux $(uname -r)"
}

# guest: all three programs in one guest, into $tmp/rows.csv.
guest() {
	kernel=$(sh tools/guest/kernel.sh "$build")
	sh tools/guest/initramfs.sh "$build/guest/initramfs.cpio" \
	    "$build/guest/init" "$build/x86-64/bheapsim-static" \
	    "$build/x32/bheapsim-static" "$build/ia32/bheapsim-static"
	# The console log stays in $build/guest, for when something failed.
	sh tools/guest/run.sh "$kernel" "$build/guest/initramfs.cpio" \
	    "$build/guest/rows.csv" "$@"
	mv "$build/guest/rows.csv" "$tmp/rows.csv"
	g_release=$(sed -n 's/^@@bheapsim-guest kernel \([^ ]*\).*/\1/p' \
	    "$build/guest/rows.csv.serial" | tr -d '\r')
	g_accel=$(sed -n '2s/.*,guest-//p' "$tmp/rows.csv" | tr '[:lower:]' '[:upper:]')
	context="in a qemu guest under $g_accel (Linux $g_release, syscall.x32=y)"
}

if [ "$place" = native ]; then
	native "$@"
else
	guest "$@"
fi

# Report ------------------------------------------------------------------

# report FORMAT: the side-by-side table, FORMAT table or md, on stdout;
# bheapsim compare writes the rows, ratios and the emulation note.
report() {
	if [ "$1" = md ]; then
		echo "# bheapsim on x86-64, x32 and ia32"
		echo
		echo "\`$command\`, run $context, on $(date -u +%Y-%m-%d)."
		echo "Ratios are each ABI's figure divided by x86-64's, same layout."
		echo
	else
		echo "bheapsim on every ABI, $context"
		echo "$command"
		echo
	fi
	"$build/x86-64/bheapsim" compare --format "$1" "$build/compare.csv"
	echo
	echo "arena_kib and arena_rss_kib are the heap's own array and items,"
	echo "mapped and in memory: the same in every run, the figures to compare."
	echo "vsz_kib and rss_kib are the whole process's, which move with its"
	echo "libraries, allocator and models.  minflt counts the kernel's minor"
	echo "faults in the phase: 0 where an earlier phase (fill) already touched"
	echo "every page."
}

# $tmp is in $build: each rename replaces a whole file.
mv "$tmp/rows.csv" "$build/compare.csv"
report md >"$tmp/compare.md"
mv "$tmp/compare.md" "$build/compare.md"
report table
echo
echo "compare: wrote $build/compare.csv and $build/compare.md"
