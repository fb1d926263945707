#!/bin/sh
# install-deps.sh: the Debian/Ubuntu packages bheapsim's build and tests need.
#
# Run as root, or as a user who may sudo.  Packages: a C compiler and make,
# pkg-config and Check for the test suites.
set -eu

packages="gcc make libc6-dev pkg-config check"

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
