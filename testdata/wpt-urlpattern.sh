#!/bin/sh
# wpt-urlpattern.sh fills testdata/wpt-urlpattern/ with the
# web-platform-tests URLPattern data that package urlpattern's tests read
# (the files are never committed):
#
#   WPT_URLPATTERN_DIR=/path/to/data testdata/wpt-urlpattern.sh   # copy a local copy
#   testdata/wpt-urlpattern.sh                                    # download the pinned copy
#
# The data is web-platform-tests' urlpattern/resources as synced into
# ada-url/ada on 2026-06-30 (commit 9d6ccac, tests/wpt/), which is where it
# is downloaded from. Each file must match testdata/wpt-urlpattern.sha256.
# It is BSD-3-Clause licensed by the web-platform-tests contributors;
# testdata/LICENSE-wpt is copied beside it.
set -eu

commit=9d6ccacd61b9180f471e86a7bd3284521952bc71
files="urlpatterntestdata.json urlpattern-compare-test-data.json urlpattern-generate-test-data.json"

dir=$(cd "$(dirname "$0")" && pwd)
script=wpt-urlpattern.sh out=$dir/wpt-urlpattern local=${WPT_URLPATTERN_DIR:-} sums=$dir/wpt-urlpattern.sha256
base=https://raw.githubusercontent.com/ada-url/ada/$commit/tests/wpt
. "$dir/fill.sh"
fill
cp "$dir/LICENSE-wpt" "$out/LICENSE"
check
echo "wpt-urlpattern.sh: testdata/wpt-urlpattern is ready (${WPT_URLPATTERN_DIR:-ada-url/ada@$commit})"
