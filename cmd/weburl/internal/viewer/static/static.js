// static.js starts weburl, compiled to WebAssembly (weburl.wasm, with Go's
// wasm_exec.js), in the static viewer page that `make viewer-static`
// writes: weburl then answers the page itself, with no server, through
// weburlParse(url, base).
"use strict";
window.weburlReady = () => document.dispatchEvent(new Event("weburl-ready"));
(async () => {
  const go = new Go();
  const {instance} = await WebAssembly.instantiateStreaming(fetch("weburl.wasm"), go.importObject);
  go.run(instance);
})();
