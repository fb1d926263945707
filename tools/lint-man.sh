#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# lint-man.sh: bheapsim.1 must render without a single complaint.
#
#   sh tools/lint-man.sh [PAGE]        (default: bheapsim.1 beside tools/)
#
# Runs mandoc's linter at warning level and groff with every warning on,
# and fails if either says anything at all (groff exits 0 even when its
# mdoc macros complain, so its output is what counts).  mandoc comes from
# the Debian package mandoc, groff and its mdoc macros from groff-base.
# mandoc is not run at style level: whether the pages of SEE ALSO are
# installed, and indexed by makewhatis, is the machine's business.
set -u

page=${1:-$(dirname "$0")/../bheapsim.1}
status=0

if [ ! -r "$page" ]; then
	echo "lint-man.sh: cannot read $page" >&2
	exit 2
fi
for tool in mandoc:mandoc groff:groff-base; do
	if ! command -v "${tool%%:*}" >/dev/null 2>&1; then
		echo "lint-man.sh: ${tool%%:*} is missing: apt-get install" \
		    "${tool#*:}" >&2
		exit 2
	fi
done

# lint NAME COMMAND...: runs COMMAND; any output, or failure, is a finding.
lint() {
	name=$1
	shift
	out=$("$@" 2>&1)
	rc=$?
	if [ -n "$out" ] || [ "$rc" -ne 0 ]; then
		echo "lint-man.sh: $name found (exit $rc):" >&2
		printf '%s\n' "$out" >&2
		status=1
	fi
}

lint "mandoc -T lint -W warning" mandoc -T lint -W warning "$page"
lint "groff -mandoc -ww -z" groff -mandoc -ww -z "$page"
lint "groff -man -ww -z" groff -man -ww -z "$page"
[ "$status" -eq 0 ] && echo "lint-man.sh: $page is clean"
exit "$status"
