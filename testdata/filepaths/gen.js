// gen.js records what Node.js's url.fileURLToPath and url.pathToFileURL
// give for the cases of cases.json, with the {windows} option for each
// style. Run by gen.sh.
"use strict";
const url = require("url");
const cases = require("./cases.json");
const out = { node: process.version, toPath: {}, toURL: { posix: {}, windows: {} } };
const attempt = (f) => { try { return f(); } catch (e) { return { error: e.code || String(e) }; } };
for (const u of cases.urls) {
  out.toPath[u] = {
    posix: attempt(() => url.fileURLToPath(u, { windows: false })),
    windows: attempt(() => url.fileURLToPath(u, { windows: true })),
  };
}
for (const style of ["posix", "windows"]) {
  for (const p of cases[style]) {
    out.toURL[style][p] = attempt(() => {
      const absolute = style === "posix" ? /^\//u : /^([A-Za-z]:[\\/]|[\\/][\\/])/u;
      if (!absolute.test(p)) {
        throw { code: "relative (pathToFileURL would resolve it against the working directory)" };
      }
      return url.pathToFileURL(p, { windows: style === "windows" }).href;
    });
  }
}
process.stdout.write(JSON.stringify(out, null, 1) + "\n");
