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
script=datasets.sh out=$dir/datasets local=${DATASETS_DIR:-} sums=$dir/datasets.sha256
base=https://raw.githubusercontent.com/ada-url/url-various-datasets/$commit
. "$dir/fill.sh"
fill
check
echo "datasets.sh: testdata/datasets is ready (${DATASETS_DIR:-url-various-datasets@$commit})"
