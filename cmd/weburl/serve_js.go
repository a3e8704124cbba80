//go:build js

package main

import (
	"fmt"
	"io"
)

// serve reports that a build for js/wasm serves nothing: it has no
// sockets. make viewer-static builds the viewer as a static page instead.
func serve(addr string, stderr io.Writer) int {
	fmt.Fprintf(stderr, "weburl: -serve %s: not in a build for js/wasm; make viewer-static writes the viewer as a static page\n", addr)
	return 1
}
