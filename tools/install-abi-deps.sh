#!/bin/sh
# install-abi-deps.sh: the Debian/Ubuntu packages the per-ABI builds and the
# x32 guest need (make abi, make compare).
#
# Run as root, or as a user who may sudo.  Packages: the multilib compiler
# and the x32 and ia32 C libraries, for gcc -mx32 and -m32, static ones
# included; qemu-system-x86 to boot a guest kernel that runs x32; cpio
# for its initramfs.  The guest kernel itself is not installed: the
# compare runner unpacks Debian's package into build/kernel.
set -eu

packages="gcc make libc6-dev gcc-multilib libc6-dev-x32 libc6-dev-i386
qemu-system-x86 cpio"

if [ "$(id -u)" -eq 0 ]; then
	as_root=
elif command -v sudo >/dev/null 2>&1; then
	as_root=sudo
else
	echo "install-abi-deps.sh: run as root or install sudo" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$as_root apt-get update -q
# shellcheck disable=SC2086
$as_root apt-get install -y -q --no-install-recommends $packages
