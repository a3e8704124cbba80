// gen.js records what the URL Standard's reference implementation,
// whatwg-url (jsdom/whatwg-url, the version pinned in package.json), says
// of the inputs weburl's tests read: whether each parses, whether it is a
// valid URL string (isValidURLString, which follows the grammar of the
// standard's "URL writing" section), and the validation errors the parser
// signals (parseURLWithValidationErrors), in order.
//
// Run it through gen.sh, after `make wpt datasets`; its output is committed,
// so the tests need no Node.js.
"use strict";
const fs = require("fs");
const path = require("path");
const crypto = require("crypto");
const whatwgURL = require("whatwg-url");

const testdata = path.join(__dirname, "..");
const version = require("whatwg-url/package.json").version;

function sha256(buf) {
  return crypto.createHash("sha256").update(buf).digest("hex");
}

// record describes input against base (a URL record or null) as one line:
// "ok" or "failure", "valid" or "invalid", then the validation errors.
function record(input, base) {
  // new URL() converts its arguments to USVStrings: a lone surrogate
  // becomes U+FFFD, as Go's JSON decoder makes it.
  input = input.toWellFormed();
  const { url, validationErrors } = whatwgURL.parseURLWithValidationErrors(input, { baseURL: base });
  const valid = whatwgURL.isValidURLString(input, { baseURL: base });
  return [url === null ? "failure" : "ok", valid ? "valid" : "invalid", ...validationErrors].join(" ");
}

function header(name, data, what) {
  return [
    `# whatwg-url ${version}: parseURLWithValidationErrors and isValidURLString over ${name}`,
    `# sha256 ${sha256(data)}`,
    `# ${what}: "ok" or "failure", "valid" or "invalid", then the validation errors in order.`,
    `# Made by testdata/whatwg-url/gen.sh; do not edit.`
  ];
}

// urltestdata.json: one line per test case, in order.
{
  const name = "urltestdata.json";
  const data = fs.readFileSync(path.join(testdata, "wpt", name));
  const out = header(name, data, "One line per test case, in order (comments left out)");
  for (const c of JSON.parse(data)) {
    if (typeof c === "string") {
      continue;
    }
    let base = null;
    if (c.base !== null) {
      base = whatwgURL.parseURL(c.base.toWellFormed());
      if (base === null) {
        out.push("base-failure");
        continue;
      }
    }
    out.push(record(c.input, base));
  }
  fs.writeFileSync(path.join(__dirname, "urltestdata.txt"), out.join("\n") + "\n");
}

// The URL lists: the lines that are not valid, or have validation errors,
// by line number (from 1; a final "\r" is not part of the line).
for (const name of ["kasztp.txt", "userbait.txt", "isaacs_files.txt", "node_files.txt"]) {
  const data = fs.readFileSync(path.join(testdata, "datasets", name));
  const out = header(name, data,
    "Each line not listed parses and is valid. A listed line: its number (from 1), then");
  data.toString("utf8").split("\n").forEach((line, i) => {
    line = line.replace(/\r$/u, "");
    if (line === "") {
      return;
    }
    const r = record(line, null);
    if (r !== "ok valid") {
      out.push(`${i + 1} ${r}`);
    }
  });
  fs.writeFileSync(path.join(__dirname, name), out.join("\n") + "\n");
}
