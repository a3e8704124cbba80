#!/bin/sh
# gen.sh remakes ../idna-unicode-15.0.0.txt: the code points whose
# treatment by weburl's host parser differs between Go 1.26, where
# golang.org/x/net/idna carries Unicode 15.0.0 tables (and the UTS #46
# algorithm before Unicode 16), and Go 1.27, where it carries Unicode
# 17.0.0 ones. The go command fetches both toolchains.
set -eu
cd "$(dirname "$0")/../.."
old=${OLD_GO:-go1.26.8}
new=${NEW_GO:-go1.27.4}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
GOTOOLCHAIN=$old go run ./testdata/unicode fingerprint "$tmp/old"
GOTOOLCHAIN=$new go run ./testdata/unicode fingerprint "$tmp/new"
{
	echo "# Code points whose treatment by weburl's host parser (its result, domain to"
	echo "# Unicode of it, and the validation errors) differs between $old, where"
	echo "# golang.org/x/net/idna has Unicode 15.0.0 tables, and $new (Unicode 17.0.0)."
	echo "# On Go 1.26 the tests leave out the cases whose host holds one of them."
	echo "# Made by testdata/unicode/gen.sh; do not edit."
	GOTOOLCHAIN=$new go run ./testdata/unicode diff "$tmp/old" "$tmp/new"
} >testdata/idna-unicode-15.0.0.txt
