#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# initramfs.sh: the guest's initramfs, a newc cpio archive.
#
#   sh tools/guest/initramfs.sh OUT INIT X86-64 X32 IA32
#
# OUT holds /init (tools/guest/init.c, static x86-64), the static
# programs as /bin/bheapsim-x86-64, -x32 and -ia32, and empty /proc and
# /dev.  /dev/console comes from the kernel's built-in initramfs, or
# init makes it through devtmpfs, so nothing here needs mknod or root.
# Written whole: a temporary file, then rename.
set -eu

if [ $# -ne 5 ]; then
	echo "usage: initramfs.sh OUT INIT X86-64 X32 IA32" >&2
	exit 2
fi
out=$1
for file in "$2" "$3" "$4" "$5"; do
	if [ ! -x "$file" ]; then
		echo "initramfs.sh: $file: no such program (make abi builds it)" >&2
		exit 1
	fi
done
if ! command -v cpio >/dev/null 2>&1; then
	echo "initramfs.sh: no cpio: install Debian's cpio (make deps does)" >&2
	exit 1
fi

stage=$(mktemp -d "${out}.stage.XXXXXX")
trap 'rm -rf "$stage" "$out.tmp"' EXIT INT TERM
mkdir -p "$stage/bin" "$stage/proc" "$stage/dev"
cp "$2" "$stage/init"
cp "$3" "$stage/bin/bheapsim-x86-64"
cp "$4" "$stage/bin/bheapsim-x32"
cp "$5" "$stage/bin/bheapsim-ia32"
(cd "$stage" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) >"$out.tmp"
mv "$out.tmp" "$out"
