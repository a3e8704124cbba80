#!/bin/sh
# datasets.sh fills testdata/datasets/ with the real URL lists the tests and
# benchmarks read (the files are never committed):
#
#   DATASETS_DIR=/path/to/lists testdata/datasets.sh   # copy a local copy
#   testdata/datasets.sh                                # download the pinned commit
#
# The lists come from github.com/ada-url/url-various-datasets (kasztp.txt
# and the file lists under the MIT license; see that repository for the
# sources of each). Each file must match testdata/datasets.sha256.
set -eu

commit=96a6fdd1e36a98904025ed5d1efd5ac9375bc18c
files="others/kasztp.txt others/userbait.txt files/isaacs_files.txt files/node_files.txt"

dir=$(cd "$(dirname "$0")" && pwd)
out=$dir/datasets
mkdir -p "$out"

for f in $files; do
	name=$(basename "$f")
	if [ -n "${DATASETS_DIR:-}" ]; then
		if [ ! -f "$DATASETS_DIR/$name" ]; then
			echo "datasets.sh: $DATASETS_DIR/$name does not exist" >&2
			exit 1
		fi
		cp "$DATASETS_DIR/$name" "$out/$name"
	else
		url=https://raw.githubusercontent.com/ada-url/url-various-datasets/$commit/$f
		if ! curl -fsSL --retry 2 -o "$out/$name.tmp" "$url"; then
			echo "datasets.sh: cannot download $url; set DATASETS_DIR to a local copy" >&2
			exit 1
		fi
		mv "$out/$name.tmp" "$out/$name"
	fi
done

if command -v sha256sum >/dev/null 2>&1; then
	sum="sha256sum"
else
	sum="shasum -a 256"
fi
if ! (cd "$out" && $sum -c "$dir/datasets.sha256" >/dev/null); then
	echo "datasets.sh: the lists in $out differ from those the tests were verified against (testdata/datasets.sha256)" >&2
	exit 1
fi
echo "datasets.sh: testdata/datasets is ready (${DATASETS_DIR:-url-various-datasets@$commit})"
