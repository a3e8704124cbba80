#!/bin/sh
# encoding.sh remakes testdata/encoding/ from the Encoding Standard's
# indexes (https://encoding.spec.whatwg.org/, whatwg/encoding; CC BY 4.0,
# BSD-3-Clause where incorporated into source code):
#
#   testdata/encoding.sh                      # download them at the commit below
#   ENCODING_DIR=/path/to/whatwg/encoding testdata/encoding.sh   # a checkout
#
# index-gb18030.txt keeps its header and its pointer and code point
# columns (the third, the character and its name, is left out), gzipped;
# index-gb18030-ranges.txt is kept whole. Then run
# "go generate ./internal/gb18030" to remake the package's tables from
# them, and the tests.
set -eu
commit=${ENCODING_COMMIT:-a985b62a9b45c17da3e17a9f0a0b4e30c34c4a8a}
out=$(dirname "$0")/encoding
mkdir -p "$out"
get() {
	if [ -n "${ENCODING_DIR:-}" ]; then
		cat "$ENCODING_DIR/$1"
	else
		curl -fsSL "https://raw.githubusercontent.com/whatwg/encoding/$commit/$1"
	fi
}
get index-gb18030.txt | awk '/^#/ || NF == 0 { print; next } { print $1 "\t" $2 }' | gzip -9n >"$out/index-gb18030.txt.gz"
get index-gb18030-ranges.txt >"$out/index-gb18030-ranges.txt"
