#!/bin/sh
# gen.sh remakes node.json and python.json: what Node.js's url module and
# Python's standard library make of the file paths and file URLs of
# cases.json. It needs node (20 or newer) and python3; CI does not run
# it, as its output is committed.
set -eu
cd "$(dirname "$0")"
node gen.js >node.json
python3 gen.py >python.json
