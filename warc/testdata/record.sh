#!/bin/sh
# record.sh records what the reference indexers print for every file in
# files/, into expect/, for warc's tests to compare with byte for byte:
#
#	expect/FILE.cdxj-indexer     cdxj-indexer 1.4.6 FILE
#	expect/FILE.cdxj-indexer-p   cdxj-indexer -p FILE (post-append)
#	expect/FILE.cdx11            cdxj-indexer -11 FILE
#	expect/FILE.warcio           warcio.js 2.4.11: warcio cdx-index FILE
#	expect/all.*-s               cdxj-indexer -s (and -p, -11) over every file
#	expect/status                each run's exit status and what it wrote on stderr
#
# Both run from files/, so that the filename field is the name as given.
# CDXJ_INDEXER names the cdxj-indexer to run (../shared/tools/cdxj-indexer/run
# beside the checkout by default), WARCIO the warcio command (npx's by
# default). files/ holds the test data of warcio.js (MIT), cdxj-indexer and
# jwarc (Apache-2.0; licenses/), the files of ../internal/mkwarc and those
# of wget.sh. The tests run neither tool.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cdxj=${CDXJ_INDEXER:-$root/../shared/tools/cdxj-indexer/run}
warcio=${WARCIO:-npx --yes warcio@2.4.11}
cd "$here/files"
out=$here/expect
rm -rf "$out"
mkdir -p "$out"
: >"$out/status"
run() { # run NAME COMMAND...: stdout to expect/NAME, the status to expect/status
	name=$1
	shift
	if "$@" >"$out/$name" 2>"$out/stderr.tmp"; then st=0; else st=$?; fi
	{
		echo "$name $st"
		sed 's/^/	/' "$out/stderr.tmp"
	} >>"$out/status"
	rm -f "$out/stderr.tmp"
}
files=$(ls | LC_ALL=C sort)
for f in $files; do
	run "$f.cdxj-indexer" "$cdxj" "$f"
	run "$f.cdxj-indexer-p" "$cdxj" -p "$f"
	run "$f.cdx11" "$cdxj" -11 "$f"
	run "$f.warcio" $warcio cdx-index "$f"
done
# The sorted index over every file that cdxj-indexer reads to its end,
# but the broken ones.
sortable=$(for f in $files; do case $f in bad-*) continue ;; esac; grep -qx "$f.cdxj-indexer 0" "$out/status" && echo "$f"; done)
echo $sortable >"$out/all.files"
run all.cdxj-indexer-s "$cdxj" -s $sortable
run all.cdxj-indexer-p-s "$cdxj" -p -s $sortable
run all.cdx11-s "$cdxj" -11 -s $sortable
