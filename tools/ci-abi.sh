#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# ci-abi.sh: the per-ABI builds and the x32 guest, checked end to end.
#
#   sh tools/ci-abi.sh
#
# As root (or with sudo) on Debian 12 with only Debian's mirror reachable:
# installs the packages (tools/install-deps.sh abi), builds all three ABIs
# (make abi), runs the ia32 build here on a short workload and on a heap
# too large for its address space, and runs make compare through the
# guest at ITEMS=20K, checking that x32 reports 4-byte pointers, 1024
# entries per 4 KiB page and a smaller VSZ than x86-64.  Ends with the
# line "N passed, N failed"; exits 1 on a failure.
# CI_ABI_DEPS=no skips the install.
set -eu
cd "$(dirname "$0")/.."
. tools/checks.sh
trap 'rm -f "$check_log"' EXIT INT TERM

build=build
items=20K

. tools/csv.sh

# column CSV NAME [ABI]: NAME's values, one a line (of ABI's rows only).
column() {
	if [ -n "${3:-}" ]; then
		csv_column "$1" "$2" abi "$3"
	else
		csv_column "$1" "$2"
	fi
}

# all_equal CSV NAME ABI VALUE: every row of ABI has NAME = VALUE.
all_equal() {
	values=$(column "$1" "$2" "$3") || { echo "no column $2 in $1"; return 1; }
	if [ -z "$values" ]; then
		echo "no $3 rows in $1"
		return 1
	fi
	bad=$(echo "$values" | grep -vx "$4" || true)
	if [ -n "$bad" ]; then
		echo "$3 rows of $1 have $2 = $(echo "$bad" | head -n 1), not $4"
		return 1
	fi
}

# version_says ABI POINTER-BYTES: --version names the ABI and pointer size.
version_says() {
	out=$("$build/$1/bheapsim" --version) || return 1
	echo "$out"
	echo "$out" | grep -q "abi $1, $2-byte pointers"
}

# probe_answers: the x32 probe runs (0), or is refused with a reason (1).
probe_answers() {
	status=0
	sh tools/x32check.sh -v "$build/x32probe" || status=$?
	[ "$status" -eq 0 ] || [ "$status" -eq 1 ]
}

# ia32_native: the ia32 program runs here, reporting 4-byte pointers.
ia32_native() {
	"$build/ia32/bheapsim" --items "$items" --workload fill,replace \
	    --format csv >"$build/ci-ia32.csv" || return 1
	cat "$build/ci-ia32.csv"
	all_equal "$build/ci-ia32.csv" ptr_bytes ia32 4
}

# ia32_address_space: a heap beyond ia32's 4 GiB is refused up front,
# with exit 2, one line naming the count and the limit, and no report.
ia32_address_space() {
	out="$build/ci-ia32-refused.csv"
	rm -f "$out"
	status=0
	"$build/ia32/bheapsim" --items 1G --output "$out" 2>"$build/ci-ia32.err" ||
	    status=$?
	cat "$build/ci-ia32.err"
	[ "$status" -eq 2 ] &&
	    [ "$(wc -l <"$build/ci-ia32.err")" -eq 1 ] &&
	    grep -q "1000000000 items need .* GiB, more than the 4 GiB address space of ia32" \
		"$build/ci-ia32.err" &&
	    [ ! -e "$out" ]
}

# x32_smaller_vsz: in compare.csv, x32's VSZ is below x86-64's, row by row.
x32_smaller_vsz() {
	awk -F, "$CSV_HEADER"'
	{ k = $col["layout"] "," $col["workload"]; v[$col["abi"], k] = $col["vsz_kib"]; keys[k] = 1 }
	END {
		for (k in keys) {
			n++
			if (!((("x32", k) in v) && (("x86-64", k) in v))) { print "missing " k; exit 1 }
			printf "%s: x32 %d KiB, x86-64 %d KiB\n", k, v["x32", k], v["x86-64", k]
			if (v["x32", k] + 0 >= v["x86-64", k] + 0) bad = 1
		}
		exit (n == 0 || bad)
	}' "$build/compare.csv"
}

# in_guest: every compare.csv row was measured in the guest.
in_guest() {
	wheres=$(column "$build/compare.csv" where) || return 1
	echo "$wheres" | sort | uniq -c
	[ -n "$wheres" ] && ! echo "$wheres" | grep -qv '^guest-'
}

if [ "${CI_ABI_DEPS:-yes}" != no ]; then
	check "install the multilib toolchain, qemu and cpio" \
	    sh tools/install-deps.sh abi
fi
check "make abi builds x86-64, x32 and ia32" make abi
check "x86-64 --version says x86-64, 8-byte pointers" version_says x86-64 8
check "the x32 probe runs, or says why x32 cannot" probe_answers
# Some kernels run no 32-bit code at all (IA-32 emulation off: execve
# fails with ENOEXEC, status 126); the guest below still runs ia32.
ia32_status=0
"$build/ia32/bheapsim" --version >/dev/null 2>&1 || ia32_status=$?
if [ "$ia32_status" -eq 126 ]; then
	echo "skip: this kernel runs no ia32 program (ENOEXEC: IA-32" \
	    "emulation is off); ia32 is checked in the guest only"
else
	check "ia32 --version says ia32, 4-byte pointers" version_says ia32 4
	check "ia32 runs natively at $items items with 4-byte pointers" \
	    ia32_native
	check "ia32 refuses a heap beyond its address space" \
	    ia32_address_space
fi

# No result of an earlier run may pass for this one's.
rm -f "$build/compare.csv" "$build/compare.md"
start=$(date +%s)
before=$failed
check "make compare ITEMS=$items GUEST=always" make compare ITEMS="$items" \
    GUEST=always GUEST_TIMEOUT=300
echo "    (make compare took $(($(date +%s) - start)) s)"
if [ "$failed" -eq "$before" ]; then
	sed 's/^/    /' "$check_log"
fi
check "compare.csv: every row measured in the guest" in_guest
check "compare.csv: x32 has 4-byte pointers" \
    all_equal "$build/compare.csv" ptr_bytes x32 4
check "compare.csv: x32 has 4096-byte pages" \
    all_equal "$build/compare.csv" page_bytes x32 4096
check "compare.csv: x32 has 1024 entries per page" \
    all_equal "$build/compare.csv" entries_per_page x32 1024
check "compare.csv: x86-64 has 512 entries per page" \
    all_equal "$build/compare.csv" entries_per_page x86-64 512
check "compare.csv: ia32 has 4-byte pointers" \
    all_equal "$build/compare.csv" ptr_bytes ia32 4
check "compare.csv: x32 VSZ below x86-64" x32_smaller_vsz
check "compare.md written" test -s "$build/compare.md"

finish
