#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# kernel.sh: prints the path of an x86-64 kernel that can run x32 in the
# guest (tools/guest/run.sh), fetching one if need be.
#
#   sh tools/guest/kernel.sh [BUILD]
#
# $KERNEL, if set, is used as given.  Otherwise the newest /boot/vmlinuz-*
# whose /boot/config-* has CONFIG_X86_X32_ABI=y; otherwise Debian's kernel,
# the package that linux-image-amd64 depends on (linux-image-6.x-amd64, or
# its -unsigned twin), fetched with apt-get download and unpacked into
# BUILD/kernel (default build/kernel) without installing it.  Only its
# /boot is kept: an initramfs with a static /init and a serial console
# needs no modules (Debian builds the 8250 console, initramfs and ACPI
# power-off in).  Progress goes to stderr, the path alone to stdout.
set -eu

build=${1:-build}
dir=$build/kernel

has_x32() {
	grep -q '^CONFIG_X86_X32_ABI=y' "$1" 2>/dev/null
}

if [ -n "${KERNEL:-}" ]; then
	if [ ! -r "$KERNEL" ]; then
		echo "kernel.sh: KERNEL=$KERNEL: no such readable file" >&2
		exit 1
	fi
	echo "$KERNEL"
	exit 0
fi

# A kernel of this machine, or one fetched before.
# first FILES...: the first that exists, or nothing.
first() {
	for file; do
		if [ -e "$file" ]; then
			echo "$file"
			return
		fi
	done
}

# Newest version first; globs that match nothing stay as words and fail -r.
for config in $(printf '%s\n' /boot/config-* "$dir"/boot/config-* | sort -rV); do
	image=$(dirname "$config")/vmlinuz-${config##*/config-}
	if has_x32 "$config" && [ -r "$image" ]; then
		echo "$image"
		exit 0
	fi
done

if ! command -v apt-get >/dev/null 2>&1; then
	echo "kernel.sh: no kernel with CONFIG_X86_X32_ABI=y in /boot, and no" \
	    "apt-get to fetch Debian's: name one with KERNEL=" >&2
	exit 1
fi
# linux-image-amd64 is a metapackage; the kernel is in what it depends on.
package=$(apt-cache depends linux-image-amd64 2>/dev/null |
    awk '$1 ~ /Depends:$/ && $2 ~ /^linux-image-/ { print $2; exit }')
if [ -z "$package" ]; then
	echo "kernel.sh: apt knows no linux-image-amd64: run apt-get update" \
	    "(make deps does), or name a kernel with KERNEL=" >&2
	exit 1
fi

rm -rf "$dir.tmp"
mkdir -p "$dir.tmp"
# As root, apt-get download drops to user _apt, who may not write here.
sandbox=
if [ "$(id -u)" -eq 0 ]; then
	sandbox="-o APT::Sandbox::User=root"
fi
echo "kernel.sh: fetching $package (not installing it)" >&2
for candidate in "$package" "$package-unsigned"; do
	# shellcheck disable=SC2086
	if (cd "$dir.tmp" && apt-get -q $sandbox download "$candidate") >&2; then
		break
	fi
done
deb=$(first "$dir.tmp"/*.deb)
if [ -z "$deb" ]; then
	echo "kernel.sh: apt-get download $package failed" >&2
	exit 1
fi
dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$dir.tmp" --wildcards './boot/*'
rm -f "$deb"
config=$(first "$dir.tmp"/boot/config-*)
image=$(first "$dir.tmp"/boot/vmlinuz-*)
if [ -z "$image" ] || ! has_x32 "$config"; then
	echo "kernel.sh: $package has no vmlinuz with CONFIG_X86_X32_ABI=y" >&2
	exit 1
fi
rm -rf "$dir"
mv "$dir.tmp" "$dir"
echo "$dir/boot/${image##*/}"
