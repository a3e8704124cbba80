#!/bin/sh
# ir.sh counts weburl's instructions per URL with callgrind (valgrind, a
# Debian package), as the comparison with ada in README.md does: for each
# list and operation, (Ir of K passes − Ir of 0 passes) / (K × URLs), with
# K passes making about 800,000 URLs, GOMAXPROCS=1, and
# GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off, which callgrind needs
# (valgrind 3.19 does not know RDTSCP, which the runtime reads the clock
# with where the CPU has it: the program dies of SIGILL). The count includes the
# allocator and the garbage collector's share, which moves it from run to
# run, by up to a fifth where the collector's work is a large part
# (resolving kasztp's references with 15 to 19 passes gave from 970 to
# 1,162 instructions per URL): each figure is the median of five, with
# K-2 to K+2 passes. With GOGC=off in the environment it leaves the
# collector out (the allocator's own work stays).
#
#	./ir.sh [op ...]     (default: parse resolve canparse)
#
# LISTS="wpt kasztp" in the environment counts only those lists, and
# SHORTCUTS=-NAME,... turns off the parser's shortcuts so named (see
# ../shortcut.go), to count what each buys.
#
# Ops: parse (weburl.Parse and Href), resolve (base.Parse(ref) and Href,
# with the references of bench.Refs), canparse, and parse-reuse and
# resolve-reuse (the same into one URL reused: SetHref, and
# Parser.ParseInto with the base as Parser.Base).
set -eu
cd "$(dirname "$0")"
export GOTOOLCHAIN=${GOTOOLCHAIN:-go1.27.4} GOMAXPROCS=1
run="env GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off" # for the program only: the go command does not know cpu.rdtscp
ops=${*:-parse resolve canparse}
lists=${LISTS:-kasztp userbait node_files isaacs_files wpt}
bin=$(mktemp -d)/irurl
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build ${SHORTCUTS:+-tags weburl_shortcuts} -o "$bin" ./irurl

ir() { # ir op list passes: the instructions of a run, which must succeed
	out=$($run valgrind --tool=callgrind --callgrind-out-file=/dev/null --error-exitcode=3 "$bin" -op "$1" -list "$2" -passes "$3" 2>&1 >/dev/null) || {
		echo "ir.sh: $1 $2 $3 under callgrind failed:" >&2
		echo "$out" | grep -v '^==' | head -20 >&2
		exit 1
	}
	echo "$out" | sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}

printf '%-14s' "Ir/URL"
for list in $lists; do printf ' %12s' "$list"; done
echo
for op in $ops; do
	printf '%-14s' "$op"
	for list in $lists; do
		n=$("$bin" -list "$list" -passes 0 | cut -d' ' -f1)
		k=$(( (800000 + n - 1) / n ))
		without=$(ir "$op" "$list" 0)
		runs=""
		for p in $((k - 2)) $((k - 1)) "$k" $((k + 1)) $((k + 2)); do
			with=$(ir "$op" "$list" "$p")
			runs="$runs $(( (with - without) / (p * n) ))"
		done
		printf ' %12s' "$(echo $runs | tr ' ' '\n' | sort -n | sed -n 3p)"
	done
	echo
done
