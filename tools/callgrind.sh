# SPDX-License-Identifier: BSD-2-Clause
# shellcheck shell=sh
# callgrind.sh: instructions per process of one bheapsim run, counted by
# callgrind, for the scripts in tools/ (sourced: . tools/callgrind.sh).
#
#   callgrind_counts DIR OUT BIN ARGS...
#       runs BIN ARGS under callgrind, its children traced, each
#       process's file in DIR (emptied of them first), BIN's output to
#       OUT and its errors thrown away; prints "PID INSTRUCTIONS" a line
#       per process, by pid: the parent first, then its children

callgrind_counts() {
	cg_dir=$1
	cg_out=$2
	shift 2
	rm -f "$cg_dir"/out.*
	valgrind --tool=callgrind --trace-children=yes \
	    --callgrind-out-file="$cg_dir/out.%p" "$@" >"$cg_out" 2>/dev/null
	for cg_file in "$cg_dir"/out.*; do
		echo "${cg_file##*.} $(sed -n 's/^summary: //p' "$cg_file")"
	done | sort -n
}
