#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# install-deps.sh: the Debian/Ubuntu packages bheapsim needs.
#
#   sh tools/install-deps.sh [GROUP ...]
#
# GROUP is one of:
#   base       a C compiler, make, pkg-config and Check: make, make check
#              (the default)
#   abi        the multilib compiler and the x32 and ia32 C libraries,
#              static ones included; qemu-system-x86 and cpio for the
#              guest that runs x32 where the host cannot: make abi,
#              make compare
#   hardening  clang with its sanitizer and libFuzzer runtimes, and
#              valgrind: make fuzz, tools/ci-hardening.sh,
#              make cachegrind-check
#   docs       mandoc and groff, to lint the man page; xmllint, to check
#              the SVG files the program writes, and rsvg-convert and
#              python3, to check that they fit their frames
#   deb        dpkg-buildpackage, debhelper and build-essential (which
#              dpkg-buildpackage checks for), xmllint (with base, the rest
#              of debian/control's Build-Depends), lintian, and
#              bash-completion (its completion directory, and its helpers
#              for tools/completion-check.sh): make deb, tools/deb-check.sh
#   browser    chromium and python3, to load the page of explain --html
#              headless (tools/browser-check.py)
#   all        every group: what tools/check-all.sh needs
#
# Run as root, or as a user who may sudo.
set -eu

base="gcc make libc6-dev pkg-config check"
abi="gcc-multilib libc6-dev-x32 libc6-dev-i386 qemu-system-x86 cpio"
hardening="clang libclang-rt-dev valgrind"
docs="mandoc groff-base libxml2-utils librsvg2-bin python3"
browser="chromium python3"
deb="build-essential dpkg-dev debhelper libxml2-utils lintian bash-completion"

packages=
[ $# -gt 0 ] || set -- base
for group in "$@"; do
	case $group in
	base)		packages="$packages $base" ;;
	abi)		packages="$packages $base $abi" ;;
	hardening)	packages="$packages $base $hardening" ;;
	docs)		packages="$packages $docs" ;;
	deb)		packages="$packages $base $deb" ;;
	browser)	packages="$packages $browser" ;;
	all)		packages="$packages $base $abi $hardening $docs $deb $browser" ;;
	*)
		echo "install-deps.sh: '$group' is not a group: base, abi," \
		    "hardening, docs, deb, browser or all" >&2
		exit 2
		;;
	esac
done

if [ "$(id -u)" -eq 0 ]; then
	as_root=
elif command -v sudo >/dev/null 2>&1; then
	as_root=sudo
else
	echo "install-deps.sh: run as root or install sudo" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$as_root apt-get update -q
# shellcheck disable=SC2086
$as_root apt-get install -y -q --no-install-recommends $packages
