#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# x32check.sh: can this kernel execute x32 programs?  Exit 0 if so.
#
#   sh tools/x32check.sh [build/x32probe]
#
# Executes the probe (tools/x32probe.c, an x32 program with no C library).
# Status 0: x32 runs, and nothing is printed unless -v is given.  The
# shell's status 126 with "Exec format error" is the kernel refusing the
# ELF (ENOEXEC): one line on stdout then says why, from the kernel's
# config (/boot/config-RELEASE or /proc/config.gz) and /proc/cmdline, and
# the exit status is 1.  Anything else is an error, status 2.
set -eu

verbose=false
if [ "${1:-}" = -v ]; then
	verbose=true
	shift
fi
probe=${1:-build/x32probe}
release=$(uname -r)

if [ ! -x "$probe" ]; then
	echo "x32check.sh: no probe at $probe: make build/x32probe builds it" >&2
	exit 2
fi

# kernel_config: the running kernel's config on stdout, if it can be found.
kernel_config() {
	if [ -r "/boot/config-$release" ]; then
		cat "/boot/config-$release"
	elif [ -r /proc/config.gz ]; then
		gzip -dc /proc/config.gz
	fi
}

status=0
err=$(sh -c '"$1"' sh "$probe" 2>&1) || status=$?
if [ "$status" -eq 0 ]; then
	if $verbose; then
		echo "x32 runs: kernel $release executed $probe"
	fi
	exit 0
fi
case $status:$err in
126:*"format error"*)
	;;
*)
	echo "x32check.sh: $probe failed with status $status: $err" >&2
	exit 2
	;;
esac

config=$(kernel_config)
case $config in
*CONFIG_X86_X32_ABI=y*)
	if grep -q 'syscall\.x32=y' /proc/cmdline; then
		echo "x32 cannot run: kernel $release has CONFIG_X86_X32_ABI=y" \
		    "and was booted with syscall.x32=y, yet refuses x32 (ENOEXEC)"
	else
		echo "x32 cannot run: kernel $release has CONFIG_X86_X32_ABI=y" \
		    "but disabled by default (Debian's CONFIG_X86_X32_DISABLED);" \
		    "boot it with syscall.x32=y"
	fi
	;;
*"CONFIG_X86_X32_ABI is not set"*)
	echo "x32 cannot run: kernel $release is built without" \
	    "CONFIG_X86_X32_ABI (ENOEXEC)"
	;;
*)
	echo "x32 cannot run: kernel $release refuses x32 (ENOEXEC), and no" \
	    "config of it says why: either it lacks CONFIG_X86_X32_ABI or" \
	    "it is a Debian kernel booted without syscall.x32=y"
	;;
esac
exit 1
