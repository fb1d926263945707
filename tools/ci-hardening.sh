#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# ci-hardening.sh: issue 7's checks, end to end, as CI runs them.
#
#   sh tools/ci-hardening.sh
#
# As root (or with sudo) on a fresh Debian 12 machine: installs clang,
# the compiler-rt runtimes and valgrind (tools/install-deps.sh hardening);
# builds bheapsim and its test suite with gcc and with clang, each with
# -Wall -Wextra -Werror (the Makefile's WARN), in trees of their own under
# build/ so that nothing is cleaned or mixed; runs make sanitize built by
# clang (the suite under ASan and UBSan: the suite's run on clang's code,
# as make check is its run on gcc's, so that no third run is needed);
# fuzzes each libFuzzer target for FUZZ_SECONDS (default 30) from its
# committed corpus (make fuzz); and runs tools/valgrind.sh on the gcc
# build.  Ends with the line "N passed, N failed"; exits 1 on a failure.
# CI_HARDENING_DEPS=no skips the install.
set -eu
cd "$(dirname "$0")/.."
. tools/checks.sh
trap 'rm -f "$check_log"' EXIT INT TERM

fuzz_seconds=${FUZZ_SECONDS:-30}
jobs=${JOBS:-2}
begin=$(date +%s)

# in_tree CC TARGET...: make TARGET with CC in build/ci-CC, from the
# sources up here, as make sanitize does in its tree.
in_tree() {
	t_cc=$1
	shift
	make -j"$jobs" -f ../../Makefile -C "build/ci-$t_cc" SRCDIR=../.. \
	    CC="$t_cc" CPPFLAGS="-D_GNU_SOURCE -I../.." "$@"
}

# tree CC: bheapsim and tests/run built afresh by CC.
tree() {
	rm -rf "build/ci-$1"
	mkdir -p "build/ci-$1/tests"
	in_tree "$1" bheapsim tests/run
}

if [ "${CI_HARDENING_DEPS:-yes}" != no ]; then
	check "install clang, compiler-rt and valgrind" \
	    sh tools/install-deps.sh hardening
fi
check "gcc builds bheapsim and the tests, -Wall -Wextra -Werror" tree gcc
check "clang builds bheapsim and the tests, -Wall -Wextra -Werror" tree clang
check "make sanitize: the Check suites under ASan and UBSan, built by clang" \
    make -j"$jobs" sanitize CC=clang
show "^All suites:"
check "make fuzz: ${fuzz_seconds} s per target from the seed corpus" \
    make -j"$jobs" fuzz FUZZ_SECONDS="$fuzz_seconds"
show "^fuzz_"
check "valgrind memcheck: no error, no leak" \
    sh tools/valgrind.sh build/ci-gcc/bheapsim
show "^ok:\|passed"

echo "(ci-hardening took $(($(date +%s) - begin)) s)"
finish
