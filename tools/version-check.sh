#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# version-check.sh: bheapsim's version has one owner, and the program
# says what it says.
#
#   sh tools/version-check.sh [BHEAPSIM] [SRCDIR]   (make check runs it)
#
# The owner is the top entry of debian/changelog: dpkg-buildpackage takes
# the package's version from it and the Makefile passes it to the
# compiler.  Fails, saying where, if --version prints another, if
# dpkg-parsechangelog (when installed) reads the entry otherwise than the
# Makefile's sed does, or if a source file holds a version literal of
# its own.
set -u

bin=${1:-./bheapsim}
src=${2:-$(dirname "$0")/..}
changelog=$src/debian/changelog
status=0

fail() {
	echo "version-check.sh: $*" >&2
	status=1
}

# The Makefile's reading, exactly.
owner=$(sed -n '1s/^bheapsim (\([^ ]*\)).*/\1/p' "$changelog" 2>/dev/null)
if [ -z "$owner" ]; then
	echo "version-check.sh: no version on the first line of $changelog" >&2
	exit 1
fi

if command -v dpkg-parsechangelog >/dev/null 2>&1; then
	parsed=$(dpkg-parsechangelog -l "$changelog" -S Version 2>/dev/null)
	[ "$parsed" = "$owner" ] ||
	    fail "dpkg-parsechangelog reads '$parsed' from $changelog," \
		"the Makefile '$owner'"
fi

printed=$("$bin" --version | sed -n '1p')
[ "$printed" = "bheapsim $owner" ] ||
    fail "$bin --version prints '$printed', $changelog says" \
	"'$owner' (a stale build, or a version set elsewhere)"

# A second version in the sources would drift: there must be none.
literals=$(grep -nE '"[0-9]+\.[0-9]+\.[0-9]+[^"]*"' "$src"/*.c "$src"/*.h \
    2>/dev/null)
[ -z "$literals" ] ||
    fail "a version literal besides debian/changelog's:
$literals"

[ "$status" -ne 0 ] || echo "version $owner: debian/changelog and --version agree"
exit "$status"
