#!/bin/sh
# gen.sh remakes the reference keys in this folder: the SURT keys of the
# surt package 0.3.1 (github.com/internetarchive/surt, commit 6934c32),
# the keys of the Wayback Machine's and Common Crawl's CDX indexes, for
# every line of the URL lists, every input of urltestdata.json, and the
# inputs gen.py makes to reach the package's quirks. It needs Python 3
# (PYTHON, by default Debian's /usr/bin/python3) with
# the Debian packages python3-tldextract and python3-six (which the
# package imports), and git; SURT_SRC may name a checkout of the package
# at that commit, else it is cloned from GitHub. CI does not run it, as
# its output is committed. The keys were recorded with Debian's Python
# 3.11.2.
set -eu
dir=$(cd "$(dirname "$0")" && pwd)
"$dir/../../../testdata/wpt.sh"
"$dir/../../../testdata/datasets.sh"
src=${SURT_SRC:-}
if [ -z "$src" ]; then
	src=$(mktemp -d)
	trap 'rm -rf "$src"' EXIT
	git clone --quiet https://github.com/internetarchive/surt "$src"
fi
git -C "$src" -c advice.detachedHead=false checkout --quiet 6934c32
cd "$dir"
PYTHONPATH="$src" "${PYTHON:-/usr/bin/python3}" gen.py
