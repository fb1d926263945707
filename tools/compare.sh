#!/bin/sh
# compare.sh: one bheapsim workload on x86-64, x32 and ia32, side by side.
#
#   make compare [ITEMS=500K] [OPS=N] [WORKLOAD=replace] [MODEL=array]
#                [RESIDENT=R] [VM=sim|off|kernel|disk] [GUEST=auto|always|never] [KERNEL=bzImage]
#                [ACCEL=auto|kvm|tcg] [GUEST_MEM=1G]
#
# (make compare builds first; this script expects make abi's programs in
# $BUILD, default build, and takes the same variables from the environment.)
#
# Where this kernel runs x32 (tools/x32check.sh), the three programs run
# here, one after the other.  Where it cannot, or with GUEST=always, all
# three run in one qemu guest booted with syscall.x32=y (tools/guest/):
# absolute RSS and fault counts differ between a guest and its host, so
# ABIs are only ever compared within one of them.  GUEST=never runs
# natively whatever the kernel says, and leaves out an ABI it cannot run.
#
# Writes $BUILD/compare.csv (bheapsim's CSV columns plus where: native,
# guest-kvm or guest-tcg), $BUILD/compare.md, each whole, and the table
# on stdout: per workload, layout and ABI the VSZ, RSS, max RSS, minor
# faults, entries per page, simulated faults per operation and ns per
# operation, then each ABI's ratio to x86-64.
set -eu

build=${BUILD:-build}
items=${ITEMS:-500K}
ops=${OPS:-}
workload=${WORKLOAD:-replace}
model=${MODEL:-array}
resident=${RESIDENT:-}
vm=${VM:-sim}
guest=${GUEST:-auto}
abis="x86-64 x32 ia32"

case $guest in
auto|always|never) ;;
*)
	echo "compare.sh: GUEST=$guest is not auto, always or never" >&2
	exit 2
	;;
esac
for abi in $abis; do
	if [ ! -x "$build/$abi/bheapsim" ] || [ ! -x "$build/$abi/bheapsim-static" ]; then
		echo "compare.sh: no $build/$abi/bheapsim: run make abi" >&2
		exit 1
	fi
done

# The guest's kernel command line carries the options: no blanks in them.
for value in "$items" "$ops" "$workload" "$model" "$resident" "$vm"; do
	case $value in
	*[!A-Za-z0-9,._-]*)
		echo "compare.sh: '$value': only letters, digits and , . _ -" \
		    "in ITEMS, OPS, WORKLOAD, MODEL, RESIDENT, VM" >&2
		exit 2
		;;
	esac
done
set -- --items "$items" --workload "$workload" --model "$model" --vm "$vm"
if [ -n "$ops" ]; then
	set -- "$@" --ops "$ops"
fi
if [ -n "$resident" ]; then
	set -- "$@" --resident "$resident"
fi
command="make compare ITEMS=$items${ops:+ OPS=$ops} WORKLOAD=$workload MODEL=$model${resident:+ RESIDENT=$resident} VM=$vm"
if [ "$guest" != auto ]; then
	command="$command GUEST=$guest"
fi

tmp=$(mktemp -d "$build/compare.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# Where to run ------------------------------------------------------------

x32_native=true
reason=
if reason=$(sh tools/x32check.sh "$build/x32probe"); then
	:
else
	status=$?
	if [ "$status" -ne 1 ]; then
		exit 1
	fi
	x32_native=false
fi
case $guest in
always)
	place=guest
	;;
never)
	place=native
	;;
auto)
	place=native
	if ! $x32_native; then
		echo "compare: $reason"
		echo "compare: so all three ABIs run in one qemu guest"
		place=guest
	fi
	;;
esac

# native: each program here, its CSV with where=native, into $tmp/rows.csv.
native() {
	header=
	for n_abi in $abis; do
		if [ "$n_abi" = x32 ] && ! $x32_native; then
			echo "compare: leaving out x32 (GUEST=never): $reason" >&2
			continue
		fi
		n_status=0
		"$build/$n_abi/bheapsim" "$@" --format csv >"$tmp/$n_abi.csv" ||
		    n_status=$?
		if [ "$n_status" -eq 126 ]; then
			echo "compare: leaving out $n_abi: this kernel cannot" \
			    "execute it" >&2
			continue
		elif [ "$n_status" -ne 0 ]; then
			echo "compare: $build/$n_abi/bheapsim $* failed with" \
			    "status $n_status" >&2
			exit 1
		fi
		n_header=$(head -n 1 "$tmp/$n_abi.csv")
		if [ -z "$header" ]; then
			header=$n_header
			echo "$header,where" >"$tmp/rows.csv"
		elif [ "$n_header" != "$header" ]; then
			echo "compare: $n_abi has other CSV columns than the" \
			    "first ABI" >&2
			exit 1
		fi
		sed '1d; s/$/,native/' "$tmp/$n_abi.csv" >>"$tmp/rows.csv"
	done
	if [ -z "$header" ]; then
		echo "compare: no ABI ran" >&2
		exit 1
	fi
	context="natively on Linux $(uname -r)"
}

# guest: all three programs in one guest, into $tmp/rows.csv.
guest() {
	kernel=$(sh tools/guest/kernel.sh "$build")
	sh tools/guest/initramfs.sh "$build/guest/initramfs.cpio" \
	    "$build/guest/init" "$build/x86-64/bheapsim-static" \
	    "$build/x32/bheapsim-static" "$build/ia32/bheapsim-static"
	# The console log stays in $build/guest, for when something failed.
	sh tools/guest/run.sh "$kernel" "$build/guest/initramfs.cpio" \
	    "$build/guest/rows.csv" "$@"
	mv "$build/guest/rows.csv" "$tmp/rows.csv"
	g_release=$(sed -n 's/^@@bheapsim-guest kernel \([^ ]*\).*/\1/p' \
	    "$build/guest/rows.csv.serial" | tr -d '\r')
	g_accel=$(sed -n '2s/.*,guest-//p' "$tmp/rows.csv" | tr '[:lower:]' '[:upper:]')
	context="in a qemu guest under $g_accel (Linux $g_release, syscall.x32=y)"
}

if [ "$place" = native ]; then
	native "$@"
else
	guest "$@"
fi

# Report ------------------------------------------------------------------

# report FORMAT: the side-by-side table, FORMAT text or md, on stdout.
report() {
	awk -F, -v format="$1" -v context="$context" -v command="$command" \
	    -v date="$(date -u +%Y-%m-%d)" \
	    -v order="$abis" '
	function col(name) {
		if (!(name in at)) {
			printf "compare: no column %s in the CSV\n", name > "/dev/stderr"
			exit 1
		}
		return at[name]
	}
	function ratio(a, b) {
		if (a == "" || b == "" || b + 0 == 0)
			return "-"
		return sprintf("%.2fx", a / b)
	}
	function row(cells, n,    i, s) {
		if (format == "md") {
			s = "|"
			for (i = 1; i <= n; i++)
				s = s " " cells[i] " |"
			print s
			return
		}
		s = ""
		for (i = 1; i <= n; i++)
			s = s (i > 1 ? "  " : "") \
			    sprintf("%" (i <= 4 ? "-" : "") width[i] "s", cells[i])
		sub(/ +$/, "", s)
		print s
	}
	NR == 1 {
		for (i = 1; i <= NF; i++)
			at[$i] = i
		n = split("abi layout workload where vsz_kib rss_kib maxrss_kib minflt entries_per_page faults_per_op ns_per_op", names, " ")
		for (i = 1; i <= n; i++)
			c[names[i]] = col(names[i])
		next
	}
	{
		w = $c["workload"]; l = $c["layout"]; a = $c["abi"]
		if (!(w in seen_w)) { seen_w[w] = 1; ws[++nw] = w }
		if (!(l in seen_l)) { seen_l[l] = 1; ls[++nl] = l }
		k = w SUBSEP l SUBSEP a
		have[k] = 1
		where[k] = $c["where"]
		if ($c["where"] == "guest-tcg")
			emulated = 1
		for (i = 5; i <= n; i++)
			v[k, i] = $c[names[i]]
	}
	END {
		na = split(order, abis, " ")
		split("workload layout abi where VSZ_KiB RSS_KiB maxRSS_KiB minflt entries/page faults/op ns/op", head, " ")
		if (format == "md")
			split("workload|layout|ABI|where|VSZ KiB|RSS KiB|max RSS KiB|minor faults|entries/page|sim. faults/op|ns/op", head, "|")
		if (emulated)
			head[11] = head[11] (format == "md" ? " (emulated)" : " *")
		width[1] = 8; width[2] = 7; width[3] = 11; width[4] = 9
		for (i = 5; i <= 11; i++)
			width[i] = length(head[i]) > 9 ? length(head[i]) : 9
		if (format == "md") {
			print "# bheapsim on x86-64, x32 and ia32"
			print ""
			print "`" command "`, run " context ", on " date "."
			print "Ratios are each ABI'"'"'s figure divided by x86-64'"'"'s, same layout."
			print ""
		} else {
			print "bheapsim on every ABI, " context
			print command
			print ""
		}
		row(head, 11)
		if (format == "md") {
			s = "|"
			for (i = 1; i <= 11; i++)
				s = s (i <= 4 ? "---|" : "---:|")
			print s
		}
		for (iw = 1; iw <= nw; iw++) for (il = 1; il <= nl; il++) {
			base = ws[iw] SUBSEP ls[il] SUBSEP "x86-64"
			for (ia = 1; ia <= na; ia++) {
				k = ws[iw] SUBSEP ls[il] SUBSEP abis[ia]
				if (!(k in have))
					continue
				cell[1] = ws[iw]; cell[2] = ls[il]; cell[3] = abis[ia]; cell[4] = where[k]
				for (i = 5; i <= 11; i++)
					cell[i] = v[k, i] == "" ? "-" : v[k, i]
				row(cell, 11)
			}
			for (ia = 1; ia <= na; ia++) {
				k = ws[iw] SUBSEP ls[il] SUBSEP abis[ia]
				if (abis[ia] == "x86-64" || !(k in have) || !(base in have))
					continue
				cell[1] = ws[iw]; cell[2] = ls[il]
				cell[3] = abis[ia] "/x86-64"; cell[4] = ""
				if (format == "md")
					cell[3] = "*" cell[3] "*"
				for (i = 5; i <= 11; i++)
					cell[i] = ratio(v[k, i], v[base, i])
				row(cell, 11)
			}
		}
		if (emulated) {
			print ""
			print (format == "md" ? "Emulated" : "* emulated") \
			    ": ns/op measured under QEMU TCG, which translates every"
			print (format == "md" ? "" : "  ") \
			    "instruction; fault counts, RSS and VSZ are the guest kernel'"'"'s own."
		}
	}' "$build/compare.csv"
}

# $tmp is in $build: each rename replaces a whole file.
mv "$tmp/rows.csv" "$build/compare.csv"
report md >"$tmp/compare.md"
mv "$tmp/compare.md" "$build/compare.md"
report text
echo
echo "compare: wrote $build/compare.csv and $build/compare.md"
