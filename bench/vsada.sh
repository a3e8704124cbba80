#!/bin/sh
# vsada.sh times weburl beside ada (C++) in one sitting: for each list
# and mode, ada's ada_url_bench (../../shared/tools/ada; see its README
# to build it) and irurl -time, which times weburl the same way (the
# median of at least 5 passes over the list after a warm-up, one list in
# memory, held as one string and offsets: nothing per URL for the
# collector to mark), in turns, ROUNDS times, and prints the medians in
# ns per URL and weburl's time over ada's; then each side's best round
# and their ratio, which a machine busy with other work moves less than
# the medians' (other work only ever adds time). The modes: parse
# (ada::parse and get_href; weburl.Parse and Href), resolve (each list's
# references against their bases, bench.Refs: ada::parse with a base;
# base.Parse) and canparse (can_parse; CanParse).
#
#	ADA=/tmp/ada/ada_url_bench ./vsada.sh [rounds]     (default 5)
#
# LISTS and MODES in the environment narrow it ("kasztp wpt", "parse").
# Each side runs for about 0.3 s per cell, on one CPU: ada_url_bench is
# one thread, and irurl runs with GOMAXPROCS=1 (unless GOMAXPROCS is set),
# so that the collector's work is done on weburl's CPU and counted in its
# time. With a second CPU for the collector, weburl's resolve on the
# 2-core VM took from 0.4 to 1.0 of ada's time from run to run
# (bench/README.md, "Time beside ada").
set -eu
cd "$(dirname "$0")"
export GOTOOLCHAIN=${GOTOOLCHAIN:-go1.27.4}
ada=${ADA:?"set ADA to ada_url_bench (see ../../shared/tools/ada/README.md)"}
rounds=${1:-5}
lists=${LISTS:-kasztp userbait node_files isaacs_files wpt}
modes=${MODES:-parse resolve canparse}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
go build -o "$dir/irurl" ./irurl
for list in $lists; do
	go run ./irurl -list "$list" -print >"$dir/$list.txt"
done

adatime() { # mode list
	"$ada" bench "$1" "$dir/$2.txt" 0.3 | sed -n 's/.*"ns_per_url": *\([0-9.]*\).*/\1/p'
}
webtime() { # mode list
	GOMAXPROCS=${GOMAXPROCS:-1} "$dir/irurl" -op "$1" -list "$2" -time 0.3 | cut -d' ' -f1
}

for r in $(seq "$rounds"); do
	for list in $lists; do
		for mode in $modes; do
			# Alternate which side goes first.
			if [ $((r % 2)) = 1 ]; then
				a=$(adatime "$mode" "$list"); w=$(webtime "$mode" "$list")
			else
				w=$(webtime "$mode" "$list"); a=$(adatime "$mode" "$list")
			fi
			echo "$mode $list $a $w" >>"$dir/times"
		done
	done
	echo "round $r of $rounds done" >&2
done

median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }
least() { sort -g | head -1; }
column() { # field mode list
	awk -v f="$1" -v m="$2" -v l="$3" '$1 == m && $2 == l {print $f}' "$dir/times"
}
printf '%-9s %-13s %9s %9s %7s %9s %9s %7s\n' mode list "ada ns" "weburl ns" "÷ ada" "ada best" "web best" "÷ ada"
for mode in $modes; do
	for list in $lists; do
		a=$(column 3 "$mode" "$list" | median); w=$(column 4 "$mode" "$list" | median)
		ab=$(column 3 "$mode" "$list" | least); wb=$(column 4 "$mode" "$list" | least)
		printf '%-9s %-13s %9.1f %9.1f %7.2f %9.1f %9.1f %7.2f\n' "$mode" "$list" "$a" "$w" \
			"$(echo "$w $a" | awk '{print $1 / $2}')" "$ab" "$wb" "$(echo "$wb $ab" | awk '{print $1 / $2}')"
	done
done
