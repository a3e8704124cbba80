#!/bin/sh
# wpt-urlpattern.sh checks testdata/wpt-urlpattern/, the web-platform-tests
# URLPattern data that package urlpattern's tests read, against
# testdata/wpt-urlpattern.sha256. The data is committed (BSD-3-Clause, by
# the web-platform-tests contributors: testdata/wpt-urlpattern/LICENSE);
# this script is for checking it and for moving to other data:
#
#   testdata/wpt-urlpattern.sh                                    # check the committed files
#   WPT_URLPATTERN_DIR=/path/to/data testdata/wpt-urlpattern.sh   # copy a local copy, which must match
#   WPT_URLPATTERN_DOWNLOAD=1 testdata/wpt-urlpattern.sh          # download the pinned copy again
#
# The data is web-platform-tests' urlpattern/resources as synced into
# ada-url/ada on 2026-06-30 (commit 9d6ccac, tests/wpt/), which is where it
# is downloaded from. To move to newer data, change commit below, download,
# record the new checksums in testdata/wpt-urlpattern.sha256 and run the
# tests.
set -eu

commit=9d6ccacd61b9180f471e86a7bd3284521952bc71
files="urlpatterntestdata.json urlpattern-compare-test-data.json urlpattern-generate-test-data.json"

dir=$(cd "$(dirname "$0")" && pwd)
script=wpt-urlpattern.sh out=$dir/wpt-urlpattern sums=$dir/wpt-urlpattern.sha256
base=https://raw.githubusercontent.com/ada-url/ada/$commit/tests/wpt
local=${WPT_URLPATTERN_DIR:-}
. "$dir/fill.sh"
if [ -n "$local" ] || [ -n "${WPT_URLPATTERN_DOWNLOAD:-}" ]; then
	fill
fi
check
echo "wpt-urlpattern.sh: testdata/wpt-urlpattern holds ada-url/ada@$commit's copy${local:+ (copied from $local)}"
