#!/bin/sh
# gen.sh remakes the reference data in this folder: it installs the pinned
# whatwg-url from npm (package-lock.json) and runs gen.js over the
# web-platform-tests data and the URL lists. It needs Node.js 20 or newer
# and npm; CI does not run it, as its output is committed.
set -eu
dir=$(cd "$(dirname "$0")" && pwd)
"$dir/../wpt.sh"
"$dir/../datasets.sh"
cd "$dir"
npm ci --no-audit --no-fund --silent
node gen.js
rm -rf node_modules
