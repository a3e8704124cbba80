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
out=$dir/wpt-urlpattern
mkdir -p "$out"
if command -v sha256sum >/dev/null 2>&1; then
	sum="sha256sum"
else
	sum="shasum -a 256"
fi
for f in $files; do
	if [ -n "${WPT_URLPATTERN_DIR:-}" ]; then
		if [ ! -f "$WPT_URLPATTERN_DIR/$f" ]; then
			echo "wpt-urlpattern.sh: $WPT_URLPATTERN_DIR/$f does not exist; WPT_URLPATTERN_DIR must name a copy of wpt/urlpattern/resources" >&2
			exit 1
		fi
		cp "$WPT_URLPATTERN_DIR/$f" "$out/$f"
	else
		url=https://raw.githubusercontent.com/ada-url/ada/$commit/tests/wpt/$f
		if ! curl -fsSL --retry 2 -o "$out/$f.tmp" "$url"; then
			echo "wpt-urlpattern.sh: cannot download $url; set WPT_URLPATTERN_DIR to a local copy" >&2
			exit 1
		fi
		mv "$out/$f.tmp" "$out/$f"
	fi
done
cp "$dir/LICENSE-wpt" "$out/LICENSE"
if ! (cd "$out" && $sum -c "$dir/wpt-urlpattern.sha256" >/dev/null); then
	(cd "$out" && $sum -c "$dir/wpt-urlpattern.sha256" 2>&1 | grep -v ': OK$') >&2 || true
	echo "wpt-urlpattern.sh: the data in $out differs from the pinned data (testdata/wpt-urlpattern.sha256)" >&2
	exit 1
fi
echo "wpt-urlpattern.sh: testdata/wpt-urlpattern is ready (${WPT_URLPATTERN_DIR:-ada-url/ada@$commit})"
