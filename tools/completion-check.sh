#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# completion-check.sh: the bash completion offers what bheapsim takes.
#
#   bash tools/completion-check.sh [BHEAPSIM] [COMPLETION]
#
# (make completion-check; defaults ./bheapsim and
# completion/bheapsim.bash.)  Sources the completion in this
# non-interactive bash, sets COMP_WORDS, COMP_CWORD, COMP_LINE and
# COMP_POINT as bash would, calls _bheapsim and compares COMPREPLY, as
# sets both ways, with what the program itself says:
#
#  - the options: those at the start of an option line of --help and of
#    explain --help ("  --items N ...", "  --help, --version ..."), the
#    rule tests/test_manual.c reads --help by; an option whose line names
#    an argument is followed by its value, any other by the options again;
#  - the names of --layout, --workload, --model, --vm, --format and
#    --sweep (and explain's --layout and --format): those the program's
#    error message for a bogus one lists;
#  - the fields of --plot-y: the CSV header of a tiny run without the
#    text fields abi, layout, model, workload, vm and policy;
#  - file names for --output, --trace, --plot and --svg, directories for
#    --vm-dir; the "--opt=value" form, split at "=" or not, and the name
#    after the last comma of --layout and --workload (neither the name
#    before it nor all); only .csv files after compare.
#
# All of it twice: with only the completion loaded, and with
# bash-completion's own helpers (_filedir) loaded too, when installed.
# Each mismatch is one line on stderr; the exit status is 1 if any.
set -u

bin=${1:-./bheapsim}
comp=${2:-$(dirname "$0")/../completion/bheapsim.bash}
failures=0
checks=0

fail() {
	echo "completion-check.sh: $*" >&2
	failures=$((failures + 1))
}

for f in "$bin" "$comp"; do
	if [ ! -r "$f" ]; then
		echo "completion-check.sh: cannot read $f (run make first)" >&2
		exit 2
	fi
done
case $bin in
/*) ;;
*) bin=$PWD/$bin ;;
esac

# What the program says ------------------------------------------------

# help_options [explain]: "NAME VALUE" per option of the option lines,
# VALUE 1 if the line names an argument.
help_options() {
	"$bin" "$@" --help | awk '/^  --/ {
		sub(/^ +/, ""); col = $0; sub(/  .*/, "", col)
		value = col; gsub(/--[a-z0-9-]+|,| /, "", value)
		n = split(col, w, /[ ,]+/)
		for (i = 1; i <= n; i++)
			if (w[i] ~ /^--/) print w[i], (value != "")
	}'
}

# accepted ARGS...: the names listed by the error message of a bogus
# value ("... is not one of a, b, c", "... a comma-separated list of a,
# b, c (or all)", "... with PARAM a, b or c"), one a line.
accepted() {
	"$bin" "$@" 2>&1 >/dev/null | sed -n '1{
		s/.*is not //
		s/.* of //
		s/.*PARAM //
		s/(or \([a-z]*\))/, \1/
		s/ or /, /g
		s/[,()]/ /g
		p
	}' | tr -s ' ' '\n' | sed '/^$/d' | sort -u
}

main_help=$(help_options)
explain_help=$(help_options explain)
compare_help=$(help_options compare)
[ -n "$main_help" ] || fail "no option lines in $bin --help"
[ -n "$explain_help" ] || fail "no option lines in $bin explain --help"
[ -n "$compare_help" ] || fail "no option lines in $bin compare --help"

# The numeric fields: the CSV header less the text ones; and misses, the
# teaching figure (plot.h's PLOT_MISSES).
plot_fields=$({ "$bin" --items 1K --format csv 2>/dev/null | sed -n 1p |
    tr ',' '\n' | grep -vxE 'abi|layout|model|workload|vm|policy|cache|tlb'
    echo misses; } | sort -u)
[ -n "$plot_fields" ] || fail "no CSV header from $bin --items 1K --format csv"
# --columns: every CSV field.
csv_fields=$("$bin" --items 1K --format csv 2>/dev/null | sed -n 1p |
    tr ',' '\n' | sort -u)

# What the completion offers ------------------------------------------

# offer [-s] WORD...: sets OFFER to COMPREPLY, one a line, for the line
# "bheapsim WORD...", the last word being completed.  With -s, a word
# "--opt=value" is given to _bheapsim split at "=" as bash splits it by
# default (COMP_WORDBREAKS holds "="); else whole.  No subshell: this
# runs a few hundred times.
offer() {
	local split=0 w
	if [ "$1" = -s ]; then
		split=1
		shift
	fi
	COMP_LINE="bheapsim $*"
	COMP_POINT=${#COMP_LINE}
	COMP_WORDS=(bheapsim)
	for w in "$@"; do
		if ((split)) && [[ $w == --*=* ]]; then
			COMP_WORDS+=("${w%%=*}" "=")
			[ -n "${w#*=}" ] && COMP_WORDS+=("${w#*=}")
		else
			COMP_WORDS+=("$w")
		fi
	done
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	COMPREPLY=()
	_bheapsim bheapsim "${COMP_WORDS[COMP_CWORD]}" \
	    "${COMP_WORDS[COMP_CWORD - 1]}"
	local IFS=$'\n'
	OFFER="${COMPREPLY[*]}"
}

# check WHAT EXPECTED WORD...: same WHAT EXPECTED, for offer WORD....
check() {
	local what=$1 want=$2
	shift 2
	offer "$@"
	same "$what" "$want" "$OFFER"
}

# same WHAT EXPECTED GOT: one check of two sets of lines, the
# differences named both ways.
same() {
	local -A want=() got=()
	local w missing='' extra=''
	checks=$((checks + 1))
	while IFS= read -r w; do [ -z "$w" ] || want[$w]=1; done <<<"$2"
	while IFS= read -r w; do [ -z "$w" ] || got[$w]=1; done <<<"$3"
	for w in "${!want[@]}"; do [ -n "${got[$w]-}" ] || missing+=" $w"; done
	for w in "${!got[@]}"; do [ -n "${want[$w]-}" ] || extra+=" $w"; done
	[ -z "$missing" ] || fail "$1: does not offer$missing"
	[ -z "$extra" ] || fail "$1: offers$extra too"
}

# The checks -----------------------------------------------------------

# options FORM HELP PREFIX...: FORM's options and what follows each.
options() {
	local form=$1 help=$2 all opt value got
	shift 2
	all=$(printf '%s\n' "$help" | cut -d' ' -f1)
	offer "$@" --
	same "$form --<TAB> against its --help" "$all" "$OFFER"
	while read -r opt value; do
		if [ "$value" = 1 ]; then
			offer "$@" "$opt" ""
			got=$(grep -- '^--' <<<"$OFFER")
			same "$form $opt <TAB> (a value, not options)" "" "$got"
		else
			offer "$@" "$opt" --
			same "$form $opt --<TAB>" "$all" "$OFFER"
		fi
	done <<EOF
$help
EOF
}

# names FORM OPT EXPECTED PREFIX...: OPT's names, in every form.
names() {
	local form=$1 opt=$2 want=$3 s
	shift 3
	[ -n "$want" ] || fail "$form $opt: no names in the program's message"
	check "$form $opt <TAB>" "$want" "$@" "$opt" ""
	check "$form $opt=<TAB>" "$(printf '%s\n' "$want" | sed "s/^/$opt=/")" \
	    "$@" "$opt="
	check "$form $opt=<TAB>, split at =" "$want" -s "$@" "$opt="
	s=$(printf '%s\n' "$want" | sed -n 1p)
	check "$form $opt ${s%?}<TAB>" "$(printf '%s\n' "$want" | grep -x "${s%?}.*")" \
	    "$@" "$opt" "${s%?}"
}

# lists FORM OPT EXPECTED PREFIX...: the name after a comma: not the
# one before it, nor all, which stands alone.
lists() {
	local form=$1 opt=$2 want=$3 s
	shift 3
	s=$(printf '%s\n' "$want" | sed -n 1p)
	want=$(printf '%s\n' "$want" | grep -vx -e "$s" -e all)
	check "$form $opt $s,<TAB>" "$(printf '%s\n' "$want" | sed "s/^/$s,/")" \
	    "$@" "$opt" "$s,"
	check "$form $opt=$s,<TAB>" \
	    "$(printf '%s\n' "$want" | sed "s/^/$opt=$s,/")" \
	    "$@" "$opt=$s,"
	check "$form $opt=$s,<TAB>, split at =" \
	    "$(printf '%s\n' "$want" | sed "s/^/$s,/")" \
	    -s "$@" "$opt=$s,"
}

# files: names in a scratch directory.
files() {
	local dir got
	dir=$(mktemp -d) || return
	(
		if ! { cd "$dir" && mkdir out.d && : >out.csv && : >out.svg; }; then
			echo "$checks $((failures + 1))" >"$dir/.counts"
			exit 1
		fi
		for opt in --output --trace --plot; do
			check "bheapsim $opt out<TAB>" \
			    "$(printf 'out.csv\nout.d\nout.svg')" "$opt" out
			check "bheapsim $opt=out<TAB>, split at =" \
			    "$(printf 'out.csv\nout.d\nout.svg')" -s "$opt=out"
		done
		check "bheapsim --vm-dir out<TAB>" out.d --vm-dir out
		check "bheapsim --vm-dir=out<TAB>" --vm-dir=out.d \
		    --vm-dir=out
		check "bheapsim explain --svg out<TAB>" \
		    "$(printf 'out.csv\nout.d\nout.svg')" explain --svg out
		check "bheapsim compare out<TAB>" "$(printf 'out.csv\nout.d')" \
		    compare out
		echo "$checks $failures" >"$dir/.counts"
	)
	read -r checks failures <"$dir/.counts" 2>/dev/null
	rm -rf "$dir"
}

run_checks() {
	options bheapsim "$main_help"
	options "bheapsim explain" "$explain_help" explain
	options "bheapsim compare" "$compare_help" compare
	check "bheapsim <TAB>" "$(printf '%s\n' "$main_help" | cut -d' ' -f1;
	    echo explain; echo compare)" ""
	check "bheapsim ex<TAB>" explain ex

	local layouts workloads
	layouts=$(accepted --layout bogus)
	workloads=$(accepted --workload bogus)
	names bheapsim --layout "$layouts"
	lists bheapsim --layout "$layouts"
	names bheapsim --workload "$workloads"
	lists bheapsim --workload "$workloads"
	names bheapsim --policy "$(accepted --policy bogus)"
	lists bheapsim --policy "$(accepted --policy bogus)"
	names bheapsim --model "$(accepted --model bogus)"
	names bheapsim --vm "$(accepted --vm bogus)"
	names bheapsim --format "$(accepted --format bogus)"
	names bheapsim --plot-y "$plot_fields"
	names bheapsim --columns "$csv_fields"
	lists bheapsim --columns "$csv_fields"
	names bheapsim --sweep "$(accepted --sweep bogus=1 | sed 's/$/=/')"
	layouts=$(accepted explain --layout bogus)
	names "bheapsim explain" --layout "$layouts" explain
	lists "bheapsim explain" --layout "$layouts" explain
	names "bheapsim explain" --format "$(accepted explain --format bogus)" \
	    explain
	files
}

# shellcheck source=completion/bheapsim.bash
. "$comp" || exit 2
run_checks
echo "completion-check.sh: $checks checks, the completion alone"
# bash-completion's main script sources fine in a non-interactive bash;
# ours again after it, as bash-completion would load it.
loaded=
f=/usr/share/bash-completion/bash_completion
if [ -r "$f" ]; then
	# shellcheck source=/dev/null
	. "$f" >/dev/null 2>&1
	# shellcheck source=completion/bheapsim.bash
	. "$comp"
	if declare -F _filedir >/dev/null; then
		loaded=$f
		before=$checks
		run_checks
		echo "completion-check.sh: $((checks - before)) checks," \
		    "with $f loaded"
	fi
fi
[ -n "$loaded" ] || echo "completion-check.sh: bash-completion is not" \
    "installed: checked without its helpers only"

if [ "$failures" -ne 0 ]; then
	echo "completion-check.sh: $failures of $checks checks failed:" \
	    "completion/bheapsim.bash and bheapsim disagree" >&2
	exit 1
fi
echo "completion-check.sh: the completion offers what bheapsim takes" \
    "($checks checks)"
