#!/bin/sh
# run.sh runs the comparison in rounds and prints benchstat's tables of
# ns/url, MB/s and allocs/url, with net/url as the base column, and then
# those of the canonical keys, with weburl as the base column.
#
#	./run.sh [rounds] [output file]     (defaults: 10, results.txt)
#
# Each round runs every benchmark once, so that net/url and weburl are
# measured minutes apart at most: on a shared machine, whose speed drifts,
# that is fairer than -count=10, which runs one benchmark ten times before
# the next. benchstat then reads the rounds as ten samples of each.
set -eu
cd "$(dirname "$0")"
export GOTOOLCHAIN=go1.27.4
rounds=${1:-10}
out=${2:-results.txt}
go test -c -o bench.test .
: >"$out"
for i in $(seq "$rounds"); do
	./bench.test -test.run '^$' -test.bench . >>"$out"
done
go tool benchstat -col /impl -filter '-.name:Canonicalize AND .unit:(ns/url OR B/s OR allocs/url)' "$out"
# The keys, weburl's against nlnwa's canonicalizer, with Parse for scale.
go tool benchstat -col /impl -filter '.name:Canonicalize AND .unit:(ns/url OR allocs/url)' "$out"
