#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# svg-check.sh: every picture bheapsim draws fits its frame.
#
#   sh tools/svg-check.sh [DIR]
#
# Draws the explain trees of tests/test_explain.c and the smallest one
# (whose title is the widest part of it), checks that the defaults' trees
# fit a 1920x1080 screen, then checks them and every SVG
# under DIR (default build/reproduce-quick, which make reproduce QUICK=1
# writes) with tools/svg-fit.py: rendered by rsvg-convert, no pixel may
# lie outside the view box; and with tools/svg-lint.py (after its own
# self-test): no text over a text or a line, ratio axes from 1x or log,
# round ticks, every mark in the key, a title and a subtitle, veb in
# every comparison of layouts.  Needs librsvg2-bin and python3.
set -eu
cd "$(dirname "$0")/.."

dir=${1:-build/reproduce-quick}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

for tool in rsvg-convert:librsvg2-bin python3:python3; do
	if ! command -v "${tool%%:*}" >/dev/null 2>&1; then
		echo "svg-check.sh: ${tool%%:*} is missing: apt-get install" \
		    "${tool#*:}" >&2
		exit 2
	fi
done
./bheapsim explain --items 31 --entries-per-page 8 --svg "$tmp/small.svg" \
    >/dev/null
./bheapsim explain --layout all --items 200 --entries-per-page 16 \
    --arity 4 --svg "$tmp/all.svg" >/dev/null
./bheapsim explain --layout dary --items 1 --svg "$tmp/one.svg" >/dev/null
# --line-bytes lengthens every title.
./bheapsim explain --layout dary --items 1 --line-bytes 8 \
    --svg "$tmp/one-lines.svg" >/dev/null
# At the defaults the trees fit a 1920x1080 screen.
./bheapsim explain --svg "$tmp/default.svg" >/dev/null
size=$(sed -n 's/^<svg [^>]*width="\([0-9]*\)" height="\([0-9]*\)".*/\1 \2/p' \
    "$tmp/default.svg")
# shellcheck disable=SC2086 # split into width and height
set -- $size
if [ "$#" -ne 2 ] || [ "$1" -gt 1920 ] || [ "$2" -gt 1080 ]; then
	echo "svg-check.sh: explain --svg at the defaults is ${1:-?}x${2:-?}," \
	    "more than 1920x1080" >&2
	exit 1
fi
# shellcheck disable=SC2046
python3 tools/svg-fit.py "$tmp"/*.svg $(find "$dir" -name '*.svg' 2>/dev/null)
python3 tools/svg-lint.py --self-test
# shellcheck disable=SC2046
python3 tools/svg-lint.py "$tmp"/*.svg $(find "$dir" -name '*.svg' 2>/dev/null)
