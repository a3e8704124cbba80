#!/bin/sh
# wpt.sh checks testdata/wpt/, the web-platform-tests URL data that the
# tests read, against testdata/wpt.sha256, the checksums of the pinned
# commit that this package's tests were verified against. The data is
# committed (BSD-3-Clause, by the web-platform-tests contributors:
# testdata/wpt/LICENSE), so a clone tests itself; this script is for
# checking it and for moving to other data:
#
#   testdata/wpt.sh                                      # check the committed files
#   WPT_DIR=/path/to/wpt/url/resources testdata/wpt.sh   # copy a local copy, which must match
#   WPT_COMMIT=<commit> testdata/wpt.sh                  # download another commit's files
#
# With WPT_COMMIT other than the pinned commit, the script downloads that
# commit's files and records their checksums in testdata/wpt.sha256.
# Then run the tests: list what the new data catches in
# testdata/wpt-expected-failures.txt, with the reason, update the case
# counts in wpt_test.go, remake testdata/whatwg-url (gen.sh), and commit.
set -eu

files="urltestdata.json urltestdata-javascript-only.json setters_tests.json toascii.json IdnaTestV2.json percent-encoding.json"

dir=$(cd "$(dirname "$0")" && pwd)
script=wpt.sh out=$dir/wpt sums=$dir/wpt.sha256
. "$dir/fill.sh"
# The web-platform-tests commit (synced July 2026) that brought the tests
# of the ASCII fallback in the domain parser (whatwg/url pull request 914).
pinned=$(sed -n 's/^# web-platform-tests //p' "$sums")
commit=${WPT_COMMIT:-$pinned}
base=https://raw.githubusercontent.com/web-platform-tests/wpt/$commit/url/resources
local=${WPT_DIR:-}

if [ -n "$local" ]; then
	fill
elif [ "$commit" != "$pinned" ]; then
	fill
	{
		echo "# web-platform-tests $commit"
		(cd "$out" && $sum $files)
	} >"$sums"
	echo "wpt.sh: recorded the checksums of web-platform-tests@$commit in testdata/wpt.sha256; run the tests, then commit" >&2
fi
check
echo "wpt.sh: testdata/wpt holds web-platform-tests@$commit${local:+ (copied from $local)}"
