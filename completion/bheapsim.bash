# SPDX-License-Identifier: BSD-2-Clause
# bash completion for bheapsim(1)                         -*- shell-script -*-
#
# Installed as share/bash-completion/completions/bheapsim by make install
# and by the Debian package; bash-completion loads it on first use.  It
# needs none of bash-completion's helpers: _filedir is used when loaded,
# compgen otherwise.  tools/completion-check.sh checks it against the
# options of --help and the names the program accepts.
#
# Completes the options of bheapsim, bheapsim explain and bheapsim
# compare (whose one argument is a CSV file), in both the
# "--opt value" and the "--opt=value" forms; the names --layout,
# --workload, --policy, --model, --vm, --format, --plot-y, --resident
# and --sweep take (for the comma-separated --layout, --workload and
# --policy, the name after the last comma); and file names for --output, --trace, --plot and explain's
# --svg and --html, directories for --vm-dir.

# compgen's words go into COMPREPLY split at IFS, set for each use.
# shellcheck disable=SC2207

# Options; those that take a value are in the _value lists.
_bheapsim_main_opts='--items --ops --layout --arity --workload --model
    --resident --page-size --item-bytes --disk-latency --vm --vm-dir --seed
    --policy --cache --tlb --latency --latency-curve --walk-curve --serialize --rob --predictor --time-model --three-c --pipeline --no-pipeline --force --dry-run --jobs --shard
    --format --columns --output --trace --sweep --plot --plot-y --help
    --version'
_bheapsim_main_flags='--time-model --three-c --pipeline --no-pipeline --force --dry-run --help --version'
_bheapsim_explain_opts='--layout --items --entries-per-page --line-bytes
    --arity --verbose --format --svg --html --ops --workload --resident --seed
    --help'
_bheapsim_explain_flags='--verbose --help'
_bheapsim_compare_opts='--format --help'
_bheapsim_compare_flags='--help'

# What --plot-y takes: the numeric report fields, the CSV columns but
# abi, layout, model, workload, vm, policy, cache and tlb; and misses,
# the teaching figure.
_bheapsim_plot_fields='ptr_bytes items ops page_bytes entries_per_page
    resident_pages accesses sim_faults faults_per_op minflt majflt
    maxrss_kib vsz_kib wall_s ns_per_op modeled_s seed item_bytes
    pages_touched rss_kib data_kib cpu_s disk_latency_ms arity
    faults_per_op_min faults_per_op_p50 faults_per_op_p99 faults_per_op_max
    pages_per_op_min pages_per_op_p50 pages_per_op_p99 pages_per_op_max
    heap_cpu_s l1_misses l1_misses_per_op l2_misses l2_misses_per_op
    llc_misses llc_misses_per_op tlb_misses tlb_misses_per_op mem_ns_per_op
    line_misses line_misses_per_op pmu_cycles pmu_instructions
    pmu_l1d_misses pmu_llc_misses pmu_dtlb_misses model_ns_per_op
    compute_ns_per_op stall_l2_ns_per_op stall_llc_ns_per_op
    stall_mem_ns_per_op stall_tlb_ns_per_op steps_per_op
    mispredicts_per_op arena_kib arena_rss_kib
    heap_ns_per_op l1_compulsory l1_capacity l1_conflict l2_compulsory
    l2_capacity l2_conflict llc_compulsory llc_capacity llc_conflict
    tlb_compulsory tlb_capacity tlb_conflict misses'

# _bheapsim_words: sets _bw (the words) and _bcword (the current one's
# index) from COMP_WORDS and COMP_CWORD, with "--opt", "=", "value" put
# back together when COMP_WORDBREAKS split them ("=" is in it by
# default), as long as no blank separates them on the line.
_bheapsim_words()
{
	local line=${COMP_LINE:0:COMP_POINT} i w j=-1 glue=0
	_bw=()
	_bcword=0
	for ((i = 0; i < ${#COMP_WORDS[@]}; i++)); do
		w=${COMP_WORDS[i]}
		# Where on the line is this word, and is a blank before it?
		local spaced=0 rest=${line#"${line%%[![:blank:]]*}"}
		[[ $rest != "$line" ]] && spaced=1
		line=${rest#"$w"}
		if ((j >= 0 && !spaced)) && [[ $w == = || $glue == 1 ]]; then
			_bw[j]+=$w
			[[ $w == = ]] && glue=1 || glue=0
		else
			_bw[++j]=$w
			glue=0
		fi
		((i == COMP_CWORD)) && _bcword=$j
	done
	((j >= 0)) || _bw=("")
}

# _bheapsim_files CUR [-d | EXT]: file names for CUR, directories only
# with -d, or only those ending in .EXT (and directories) with EXT.
_bheapsim_files()
{
	local cur=$1
	if declare -F _filedir >/dev/null 2>&1; then
		_filedir ${2:+"$2"}
		return
	fi
	local IFS=$'\n'
	if [[ ${2-} == -d ]]; then
		COMPREPLY=($(compgen -d -- "$cur"))
	elif [[ -n ${2-} ]]; then
		COMPREPLY=($(compgen -d -- "$cur") $(compgen -f -X "!*.$2" -- "$cur"))
	else
		COMPREPLY=($(compgen -f -- "$cur"))
	fi
	compopt -o filenames 2>/dev/null
}

# _bheapsim_names CUR LIST [comma]: the names of LIST that complete CUR,
# or with comma its part after the last comma (the part before stays):
# there, neither a name already listed nor all, which stands alone.
_bheapsim_names()
{
	local cur=$1 list=$2 head= name left=
	if [[ ${3-} == comma && $cur == *,* ]]; then
		head=${cur%,*},
		cur=${cur##*,}
		for name in $list; do
			[[ $name == all || ,$head == *,"$name",* ]] ||
			    left+=" $name"
		done
		list=$left
	fi
	local IFS=$' \t\n'
	COMPREPLY=($(compgen -P "$head" -W "$list" -- "$cur"))
}

# _bheapsim_value EXPLAIN OPT CUR: the values of OPT that complete CUR.
_bheapsim_value()
{
	local explain=$1 opt=$2 cur=$3
	case $opt in
	--layout)
		_bheapsim_names "$cur" 'binheap bheap dary veb all' comma ;;
	--workload)
		if ((explain)); then
			_bheapsim_names "$cur" 'replace reorder mix'
		else
			_bheapsim_names "$cur" \
			    'fill replace reorder mix drain all' comma
		fi ;;
	--model)
		_bheapsim_names "$cur" 'array full' ;;
	--vm)
		_bheapsim_names "$cur" 'off sim kernel disk' ;;
	--serialize)
		_bheapsim_names "$cur" 'none level op both' ;;
	--predictor)
		_bheapsim_names "$cur" 'counters gshare' ;;
	--policy)
		_bheapsim_names "$cur" 'lru clock fifo opt all' comma ;;
	--cache|--tlb)
		# Sizes and ways are the user's; the one name is off.
		_bheapsim_names "$cur" 'off' ;;
	--resident)
		# Pages or a size are the user's; the one name is all.
		if ((explain)); then
			COMPREPLY=()
		else
			_bheapsim_names "$cur" 'all'
		fi ;;
	--format)
		if ((explain)); then
			_bheapsim_names "$cur" 'table csv'
		else
			_bheapsim_names "$cur" 'table csv json md'
		fi ;;
	--plot-y)
		_bheapsim_names "$cur" "$_bheapsim_plot_fields" ;;
	--columns)
		# Every CSV field: the text ones, and the numeric ones less misses.
		_bheapsim_names "$cur" "abi layout model workload vm policy cache
		    tlb ${_bheapsim_plot_fields% misses}" comma ;;
	--sweep)
		# PARAM=LIST: the parameter, then the list is the user's.
		if [[ $cur != *=* ]]; then
			_bheapsim_names "$cur" 'resident= items= page-size= policy='
			compopt -o nospace 2>/dev/null
		fi ;;
	--output|--trace|--plot|--svg|--html)
		_bheapsim_files "$cur" ;;
	--vm-dir)
		_bheapsim_files "$cur" -d ;;
	*)
		# A number, a size or a time: nothing to offer.
		COMPREPLY=() ;;
	esac
}

_bheapsim()
{
	local _bw _bcword
	COMPREPLY=()
	_bheapsim_words
	local cur=${_bw[_bcword]} prev='' explain=0 compare=0 opts flags
	((_bcword > 0)) && prev=${_bw[_bcword - 1]}
	if ((_bcword > 1)) && [[ ${_bw[1]} == explain ]]; then
		explain=1
		opts=$_bheapsim_explain_opts
		flags=$_bheapsim_explain_flags
	elif ((_bcword > 1)) && [[ ${_bw[1]} == compare ]]; then
		compare=1
		opts=$_bheapsim_compare_opts
		flags=$_bheapsim_compare_flags
	else
		opts=$_bheapsim_main_opts
		flags=$_bheapsim_main_flags
	fi

	# --opt=value: complete the value.  The reply keeps what readline
	# replaces: the whole word when "=" did not split it, else the value.
	if [[ $cur == --*=* ]]; then
		local opt=${cur%%=*} keep=
		[[ ${COMP_WORDS[COMP_CWORD]} == --*=* ]] && keep=$opt=
		_bheapsim_value "$explain" "$opt" "${cur#*=}"
		if [[ -n $keep ]]; then
			local i
			for i in "${!COMPREPLY[@]}"; do
				COMPREPLY[i]=$keep${COMPREPLY[i]}
			done
		fi
		return 0
	fi

	# --opt value: prev is an option that takes one.
	if [[ $prev == --* && " $opts " == *[[:space:]]"$prev"[[:space:]]* &&
	    " $flags " != *[[:space:]]"$prev"[[:space:]]* ]]; then
		_bheapsim_value "$explain" "$prev" "$cur"
		return 0
	fi

	local IFS=$' \t\n'
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$opts" -- "$cur"))
	elif ((_bcword == 1)); then
		COMPREPLY=($(compgen -W "explain compare $opts" -- "$cur"))
	elif ((compare)); then
		# The CSV file that make compare collects.
		_bheapsim_files "$cur" csv
	fi
	return 0
}

complete -F _bheapsim bheapsim
