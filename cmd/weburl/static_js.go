//go:build js && wasm

package main

import "syscall/js"

// Built for GOOS=js, the command is the viewer's engine in a static page
// (make viewer-static): it gives the page weburlParse(url, base), the
// JSON that GET /api/parse answers, and runs until the page goes.
func init() {
	js.Global().Set("weburlParse", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) != 2 {
			return js.Null()
		}
		return string(parseJSON(args[0].String(), args[1].String()))
	}))
	if f := js.Global().Get("weburlReady"); f.Type() == js.TypeFunction {
		f.Invoke()
	}
	select {} // the page calls weburlParse until it is closed
}
