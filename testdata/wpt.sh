#!/bin/sh
# wpt.sh fills testdata/wpt/ with the web-platform-tests URL data that the
# tests read (the files are never committed):
#
#   WPT_DIR=/path/to/wpt/url/resources testdata/wpt.sh   # copy a local copy
#   testdata/wpt.sh                                      # download the pinned commit
#
# Either way each file must match testdata/wpt.sha256, the data of the
# pinned commit that this package's tests were verified against. The data
# is BSD-3-Clause licensed by the web-platform-tests contributors;
# testdata/LICENSE-wpt is copied beside it.
#
# To move to newer data, change commit below (or set WPT_COMMIT) and run
# this script without WPT_DIR: it downloads that commit's files and, as
# testdata/wpt.sha256 is for another commit, records their checksums there.
# Then run the tests: list what the new data catches in
# testdata/wpt-expected-failures.txt, with the reason, update the case
# counts in wpt_test.go, remake testdata/whatwg-url (gen.sh), and commit.
set -eu

# The web-platform-tests commit (synced July 2026) that brought the tests
# of the ASCII fallback in the domain parser (whatwg/url pull request 914).
commit=${WPT_COMMIT:-b63305b743ed9ce2725d4ae09c5c8f0c40d8e6e1}
files="urltestdata.json urltestdata-javascript-only.json setters_tests.json toascii.json IdnaTestV2.json percent-encoding.json"

dir=$(cd "$(dirname "$0")" && pwd)
script=wpt.sh out=$dir/wpt local=${WPT_DIR:-} sums=$dir/wpt.sha256
base=https://raw.githubusercontent.com/web-platform-tests/wpt/$commit/url/resources
. "$dir/fill.sh"
pinned=$(sed -n 's/^# web-platform-tests //p' "$sums")
fill
cp "$dir/LICENSE-wpt" "$out/LICENSE"

if [ "$pinned" != "$commit" ]; then
	if [ -n "$local" ]; then
		echo "wpt.sh: testdata/wpt.sha256 is for commit $pinned, not $commit: download $commit first (without WPT_DIR)" >&2
		exit 1
	fi
	{
		echo "# web-platform-tests $commit"
		(cd "$out" && $sum $files)
	} >"$sums"
	echo "wpt.sh: recorded the checksums of web-platform-tests@$commit in testdata/wpt.sha256; run the tests, then commit" >&2
fi
check
echo "wpt.sh: testdata/wpt is ready (${WPT_DIR:-web-platform-tests@$commit})"
