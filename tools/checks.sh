# SPDX-License-Identifier: BSD-2-Clause
# checks.sh: the tally the check scripts share (ci-abi.sh, ci-hardening.sh,
# large-heap.sh).  Source it; it defines
#   pass NAME, fail NAME          count and report one check
#   check NAME COMMAND...         run it, timed; show its output if it fails
#   show PATTERN                  lines of the last check's output, for the record
#   finish                        print "N passed, N failed"; false on a failure
# and uses a temporary log that the sourcing script's EXIT trap must remove:
# "$check_log".
# shellcheck shell=sh

passed=0
failed=0
check_log=$(mktemp)

pass() {
	passed=$((passed + 1))
	echo "ok: $1"
}

fail() {
	failed=$((failed + 1))
	echo "FAILED: $1"
}

check() {
	c_name=$1
	shift
	c_start=$(date +%s)
	if "$@" >"$check_log" 2>&1; then
		pass "$c_name ($(($(date +%s) - c_start)) s)"
	else
		fail "$c_name ($(($(date +%s) - c_start)) s)"
		tail -n 80 "$check_log" | sed 's/^/    /'
	fi
}

show() {
	grep -e "$1" "$check_log" | sed 's/^/    /' || true
}

finish() {
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ]
}
