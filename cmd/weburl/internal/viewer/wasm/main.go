//go:build js && wasm

// Command wasm is the engine of the viewer's static page (make
// viewer-static): built for js/wasm, it gives the page weburlParse(url,
// base), the object of viewer.Parse's answer (the JSON that GET
// /api/parse answers, decoded), calls weburlReady when it is set, and
// runs until the page goes.
package main

import (
	"syscall/js"

	"github.com/weburl/weburl/cmd/weburl/internal/viewer"
)

func main() {
	js.Global().Set("weburlParse", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) != 2 {
			return js.Null()
		}
		return js.ValueOf(viewer.Parse(args[0].String(), args[1].String()).Object())
	}))
	if f := js.Global().Get("weburlReady"); f.Type() == js.TypeFunction {
		f.Invoke()
	}
	select {} // the page calls weburlParse until it is closed
}
