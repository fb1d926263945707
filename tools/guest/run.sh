#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# run.sh: boots the guest, runs bheapsim on every ABI inside it, and
# writes their CSV with one more column, where = guest-kvm or guest-tcg.
#
#   sh tools/guest/run.sh KERNEL INITRD OUT.csv [bheapsim options...]
#
# The kernel boots under qemu-system-x86_64 with
# "console=ttyS0 syscall.x32=y transparent_hugepage=never panic=-1 quiet"
# and the options after "--", which it hands to /init (tools/guest/init.c)
# as arguments.  The serial console goes to OUT.serial; the rows framed by
# init's markers become OUT.csv, written whole.
#
# Environment:
#   ACCEL          auto (default): KVM if /dev/kvm is usable and a test
#                  boot powers off within KVM_PROBE_TIMEOUT seconds
#                  (default 15), else TCG; kvm or tcg force one
#   GUEST_MEM      guest memory, qemu -m (default 1G)
#   GUEST_TIMEOUT  seconds the whole guest run may take (default 3600)
#
# On stderr: which accelerator, the guest kernel and how long it took.
set -eu

if [ $# -lt 3 ]; then
	echo "usage: run.sh KERNEL INITRD OUT.csv [bheapsim options...]" >&2
	exit 2
fi
kernel=$1
initrd=$2
out=$3
shift 3
accel=${ACCEL:-auto}
mem=${GUEST_MEM:-1G}
limit=${GUEST_TIMEOUT:-3600}
probe_limit=${KVM_PROBE_TIMEOUT:-15}
mark=@@bheapsim-guest
serial=$out.serial

if ! command -v qemu-system-x86_64 >/dev/null 2>&1; then
	echo "run.sh: no qemu-system-x86_64: install Debian's qemu-system-x86" \
	    "(make deps does)" >&2
	exit 1
fi

# boot ACCEL SECONDS LOG INIT-ARGS...: one guest, serial console to LOG.
boot() {
	b_accel=$1
	b_limit=$2
	b_log=$3
	shift 3
	# TCG emulates each AVX2 instruction in a helper call, so the guest
	# gets none: bheapsim's models and the C library then take their
	# scalar and SSE2 paths, which count the same (the models' tests
	# hold every path to the others) and take a fifth less time there.
	# A program built with AVX2 itself (CFLAGS=-march=native) cannot
	# run in it: build the ABIs without.
	if [ "$b_accel" = kvm ]; then
		b_cpu=host
	else
		b_cpu=max,-avx2
	fi
	: >"$b_log"
	timeout -k 5 "$b_limit" qemu-system-x86_64 -accel "$b_accel" \
	    -cpu "$b_cpu" -smp 1 -m "$mem" -nodefaults -display none \
	    -no-reboot -serial "file:$b_log" -kernel "$kernel" -initrd "$initrd" \
	    -append "console=ttyS0 syscall.x32=y transparent_hugepage=never panic=-1 quiet -- $*" \
	    </dev/null
}

# kvm_works: a test boot under KVM reaches init and powers off in time.
kvm_works() {
	[ -r /dev/kvm ] && [ -w /dev/kvm ] || return 1
	if boot kvm "$probe_limit" "$out.kvm-probe" probe >/dev/null 2>&1 &&
	    grep -q "^$mark up" "$out.kvm-probe"; then
		rm -f "$out.kvm-probe"
		return 0
	fi
	rm -f "$out.kvm-probe"
	return 1
}

case $accel in
auto)
	if kvm_works; then
		accel=kvm
	else
		if [ -e /dev/kvm ]; then
			echo "guest: a KVM test boot failed or did not power off within" \
			    "${probe_limit}s: using TCG, timings emulated" >&2
		fi
		accel=tcg
	fi
	;;
kvm)
	if ! kvm_works; then
		echo "run.sh: ACCEL=kvm, but a KVM test boot failed or did not power off" \
		    "within ${probe_limit}s (no usable /dev/kvm?)" >&2
		exit 1
	fi
	;;
tcg)
	;;
*)
	echo "run.sh: ACCEL=$accel is not auto, kvm or tcg" >&2
	exit 2
	;;
esac

start=$(date +%s)
status=0
boot "$accel" "$limit" "$serial" "$@" || status=$?
elapsed=$(($(date +%s) - start))
if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
	echo "run.sh: the $accel guest did not power off within ${limit}s" \
	    "(GUEST_TIMEOUT); console in $serial" >&2
	exit 1
fi
if [ "$status" -ne 0 ]; then
	echo "run.sh: qemu-system-x86_64 failed with status $status;" \
	    "console in $serial" >&2
	exit 1
fi

# The console's CR LF become LF; init's markers frame each ABI's CSV.
# Kept: the first header, and the rows of the header's width whose abi
# is the ABI that was running.
tr -d '\r' <"$serial" | awk -v mark="$mark" -v where="guest-$accel" \
    -v out="$out.tmp" -v serial="$serial" '
function fail(msg) {
	printf "run.sh: %s; console in %s\n%s", msg, serial, said > "/dev/stderr"
	bad = 1
	exit 1
}
index($0, mark " kernel ") == 1 { kernel = $3 }
index($0, mark " begin ") == 1 { abi = $3; inside = 1; have[abi] = 0; said = ""; next }
index($0, mark " end ") == 1 {
	inside = 0
	if ($5 != 0)
		fail(sprintf("bheapsim-%s in the guest exited with status %s%s", $3, $5,
		    $5 == 126 ? " (cannot execute: no x32 in this kernel?)" : ""))
	if (!have[$3])
		fail(sprintf("bheapsim-%s in the guest printed no CSV rows", $3))
	next
}
index($0, mark " done") == 1 { done = 1; next }
inside && /^abi,/ {
	if (header == "") {
		header = $0
		width = split($0, names, ",")
		print header ",where" > out
	} else if ($0 != header)
		fail(sprintf("bheapsim-%s has other CSV columns than bheapsim-x86-64", abi))
	next
}
inside && header != "" && split($0, f, ",") == width && f[1] == abi {
	print $0 "," where > out
	have[abi]++
	next
}
# Anything else a program said, for the message if it failed.
inside { said = said "    " $0 "\n" }
END {
	if (bad)
		exit 1
	if (!done)
		fail("the guest stopped before init said done")
	printf "guest: Linux %s under %s, %s: booted, ran and powered off in %ds\n",
	    kernel, toupper(substr(where, 7)), "'"$mem"'", '"$elapsed"' > "/dev/stderr"
}' || { rm -f "$out.tmp"; exit 1; }
mv "$out.tmp" "$out"
