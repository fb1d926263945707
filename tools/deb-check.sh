#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# deb-check.sh: the Debian package builds, lints clean, installs, runs
# and removes without a trace.
#
#   sh tools/install-deps.sh deb && sh tools/deb-check.sh
#
# As root, or as a user who may sudo (apt-get installs the package):
#
#  1. make deb: dpkg-buildpackage -us -uc -b, whose dh_auto_test runs
#     make check on the binary built with Debian's hardening flags, the
#     one that ships (DEB_BUILD_OPTIONS=nocheck skips that, as usual);
#  2. lintian on the .changes and the .deb, every tag shown: any E: or W:
#     fails;
#  3. apt-get install ./build/deb/bheapsim_*.deb; bheapsim --version
#     prints the package's version; a short run and the default run
#     succeed; the binary, the man page, the README, the copyright and
#     the bash completion are where Debian wants them, and the installed
#     completion passes tools/completion-check.sh against the installed
#     binary;
#  4. apt-get remove (and purge, if dpkg still has anything to purge): no
#     file or directory of the package is left (directories other
#     packages own aside), and dpkg no longer knows it.
#
# Each step's output is shown; the last line says OK, or which step
# failed, and the exit status is 0 or 1.  make deb runs make clean
# first, so build/ holds only build/deb afterwards.
set -u
cd "$(dirname "$0")/.." || exit 1

fail() {
	echo "deb-check.sh: $*" >&2
	echo "deb-check.sh: FAILED" >&2
	exit 1
}

if [ "$(id -u)" -eq 0 ]; then
	as_root=
elif command -v sudo >/dev/null 2>&1; then
	as_root=sudo
else
	fail "run as root, or install sudo: apt-get installs the package"
fi
for tool in dpkg-buildpackage dh lintian apt-get; do
	command -v "$tool" >/dev/null 2>&1 ||
	    fail "$tool is missing: sh tools/install-deps.sh deb installs it"
done
export DEBIAN_FRONTEND=noninteractive
# sudo keeps DEBIAN_FRONTEND only when told to.
[ -z "$as_root" ] || as_root="sudo DEBIAN_FRONTEND=noninteractive"

if dpkg-query -W -f '${Status}' bheapsim 2>/dev/null | grep -q installed; then
	echo "== bheapsim is installed already: purging it first"
	$as_root apt-get purge -y -q bheapsim || fail "cannot purge the installed bheapsim"
fi

echo "== make deb"
start=$(date +%s)
make deb || fail "make deb failed"
echo "   (make deb took $(($(date +%s) - start)) s)"
version=$(dpkg-parsechangelog -S Version)
arch=$(dpkg --print-architecture)
deb=build/deb/bheapsim_${version}_$arch.deb
changes=build/deb/bheapsim_${version}_$arch.changes
if [ ! -f "$deb" ] || [ ! -f "$changes" ]; then
	fail "make deb made no $deb and $changes"
fi

echo "== lintian $changes $deb"
# Every tag, info and pedantic ones too, so that each can be seen and
# justified; only errors and warnings fail.  lintian grumbles on stderr
# about running as root, which CI does.
lintian_out=$(lintian --info --display-info --pedantic --show-overrides \
    "$changes" "$deb" 2>&1)
lintian_status=$?
printf '%s\n' "$lintian_out" | grep -v 'running with root privileges'
[ "$lintian_status" -eq 0 ] || fail "lintian exited with $lintian_status"
if printf '%s\n' "$lintian_out" | grep -q '^[EW]: '; then
	fail "lintian reports errors or warnings (above)"
fi
echo "   lintian: no error, no warning"

echo "== apt-get install ./$deb"
$as_root apt-get install -y -q "./$deb" || fail "apt-get install ./$deb failed"
files=$(dpkg-query -L bheapsim) || fail "dpkg does not know bheapsim"

completions=/usr/share/bash-completion/completions
if command -v pkg-config >/dev/null 2>&1 &&
    dir=$(pkg-config --variable=completionsdir bash-completion 2>/dev/null) &&
    [ -n "$dir" ]; then
	completions=$dir
fi
for f in /usr/bin/bheapsim /usr/share/man/man1/bheapsim.1.gz \
    "$completions/bheapsim" /usr/share/doc/bheapsim/README.md.gz \
    /usr/share/doc/bheapsim/copyright; do
	[ -f "$f" ] || fail "the package did not install $f"
	echo "   installed $f"
done
gzip -dc /usr/share/man/man1/bheapsim.1.gz | grep -q '^\.Sh NAME' ||
    fail "/usr/share/man/man1/bheapsim.1.gz is not the manual"

echo "== bheapsim --version"
printed=$(/usr/bin/bheapsim --version) || fail "bheapsim --version failed"
printf '%s\n' "$printed"
[ "$(printf '%s\n' "$printed" | sed -n 1p)" = "bheapsim $version" ] ||
    fail "bheapsim --version does not print the package's version $version"

echo "== bheapsim --items 10K"
/usr/bin/bheapsim --items 10K || fail "bheapsim --items 10K failed"

echo "== bheapsim (the default run)"
start=$(date +%s)
out=$(cd / && /usr/bin/bheapsim) || fail "the default run failed"
printf '%s\n' "$out"
printf '%s\n' "$out" | grep -q '^  binheap/bheap' ||
    fail "the default run printed no binheap/bheap ratio"
echo "   (the default run took $(($(date +%s) - start)) s)"

echo "== the installed completion against the installed bheapsim"
bash tools/completion-check.sh /usr/bin/bheapsim "$completions/bheapsim" ||
    fail "the installed completion and bheapsim disagree"

echo "== apt-get remove bheapsim"
$as_root apt-get remove -y -q bheapsim || fail "apt-get remove bheapsim failed"
for f in /usr/bin/bheapsim /usr/share/man/man1/bheapsim.1.gz \
    "$completions/bheapsim" /usr/share/doc/bheapsim; do
	[ ! -e "$f" ] || fail "$f is still there after apt-get remove"
done
# Without conffiles or maintainer scripts, remove leaves dpkg nothing to
# purge (and apt-get purge then knows no such package).
gone() {
	case $(dpkg-query -W -f '${Status}' bheapsim 2>/dev/null) in
	'' | *not-installed) return 0 ;;
	esac
	return 1
}
if gone; then
	echo "   dpkg no longer knows bheapsim: nothing to purge"
else
	echo "== apt-get purge bheapsim"
	$as_root apt-get purge -y -q bheapsim ||
	    fail "apt-get purge bheapsim failed"
	gone || fail "dpkg still has bheapsim as" \
	    "'$(dpkg-query -W -f '${Status}' bheapsim)'"
fi

# Nothing the package installed is left, but directories that other
# packages installed too (/usr/bin, the man and completion directories).
left=
for f in $files; do
	if [ "$f" = /. ] || [ ! -e "$f" ]; then
		continue
	fi
	if [ -d "$f" ] && dpkg-query -S "$f" >/dev/null 2>&1; then
		continue
	fi
	left="$left $f"
done
[ -z "$left" ] || fail "left behind after purge:$left"
echo "   removed and purged: nothing of bheapsim is left"

echo "deb-check.sh: OK: $deb builds, lints clean, installs, runs and" \
    "removes without a trace"
