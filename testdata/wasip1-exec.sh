#!/bin/sh
# wasip1-exec.sh runs a test binary built for GOOS=wasip1 in wazero, a
# WebAssembly runtime written in Go, taken from the module proxy (go test
# -exec; see the Makefile's test-wasm). The file system is mounted whole
# and PWD passed, so that the tests find testdata/ as they do natively.
set -eu
wasm="$1"
shift
exec env -u GOOS -u GOARCH go run github.com/tetratelabs/wazero/cmd/wazero@v1.12.0 run \
	-mount=/:/ -env PWD="$PWD" -env HOME="${HOME:-/}" -timeout=30m "$wasm" "$@"
