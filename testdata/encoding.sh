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
# index-gb18030-ranges.txt and the single-byte encodings' indexes
# likewise, not gzipped. Then run "go generate ./internal/gb18030
# ./internal/singlebyte" to remake the packages' tables from them, and
# the tests.
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
for name in ibm866 iso-8859-2 iso-8859-3 iso-8859-4 iso-8859-5 iso-8859-6 iso-8859-7 iso-8859-8 \
	iso-8859-10 iso-8859-13 iso-8859-14 iso-8859-15 iso-8859-16 koi8-r koi8-u macintosh windows-874 \
	windows-1250 windows-1251 windows-1252 windows-1253 windows-1254 windows-1255 windows-1256 \
	windows-1257 windows-1258 x-mac-cyrillic; do
	get "index-$name.txt" | awk '/^#/ || NF == 0 { print; next } { print $1 "\t" $2 }' >"$out/index-$name.txt"
done
