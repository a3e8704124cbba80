#!/bin/sh
# gen.sh remakes keys.tsv: for every line of inputs.txt, the line, a tab
# and the key Google's Safe Browsing client for Go makes of it
# (github.com/google/safebrowsing, commit bbf0d20, its parseURL in
# urls.go), or "!" and its error. The inputs are URLs whose path decodes
# to a "?", which the client reads as the start of the query. None has a
# path that ends in a "." or ".." segment and is more than "/" once they
# are resolved, where the client's path.Clean drops the final "/" that the
# URL Standard's path state keeps ("/b/." is "/b", not "/b/"), or an
# empty query, which the client drops and the published examples keep
# ("http://www.google.com/q?"). It needs
# git and Go; GSB_SRC may name a checkout of the client, else it is
# cloned from GitHub. CI does not run it, as its output is committed.
set -eu
dir=$(cd "$(dirname "$0")" && pwd)
src=${GSB_SRC:-}
if [ -z "$src" ]; then
	src=$(mktemp -d)
	git clone --quiet --no-checkout https://github.com/google/safebrowsing "$src"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"; [ -n "${GSB_SRC:-}" ] || rm -rf "$src"' EXIT
# urls.go alone, in package main beside record/main.go, without
# generateHashes (it needs the rest of the package).
git -C "$src" show bbf0d20:urls.go |
	sed 's/^package safebrowsing$/package main/' |
	awk '/^\/\/ generateHashes returns/ {skip = 1} /^\/\/ generatePatterns returns/ {skip = 0} !skip' >"$work/urls.go"
cp "$dir/record/main.go" "$work/"
cat >"$work/go.mod" <<MOD
module record
go 1.26
require golang.org/x/net v0.62.0
MOD
cd "$work"
go mod tidy
go run . <"$dir/inputs.txt" >"$dir/keys.tsv"
