// The live URL viewer: weburl's answer (from the server's api/parse, or
// from weburl compiled to WebAssembly in the static page) and this
// browser's from new URL(), side by side, as one types. The case lives in
// the page's fragment, form-encoded: #url=...&base=... The page's body is
// built here, once for both index.html files.
"use strict";

const components = ["href", "origin", "protocol", "username", "password", "host",
  "hostname", "port", "pathname", "search", "hash"];
const $ = (id) => document.getElementById(id);
let latest = 0; // the number of the newest request: older answers are dropped
let typed = 0; // when the last keystroke came (performance.now())

// body is the page, less the table's rows, which build adds.
const body = `
<header>
<h1>weburl live URL viewer</h1>
<p>What the <a href="https://url.spec.whatwg.org/">URL Standard</a> parses a URL to, as weburl parses it, beside
what this browser's own <code>new URL(url, base)</code> gives. Rows where they differ are marked.
The page's address holds the case: copy it to share it.</p>
</header>
<main>
<form id="form" autocomplete="off">
<label for="url">URL</label>
<input id="url" name="url" type="text" spellcheck="false" autocapitalize="off" autofocus>
<label for="base">Base URL <span class="hint">(optional)</span></label>
<input id="base" name="base" type="text" spellcheck="false" autocapitalize="off">
</form>
<section aria-live="polite">
<p class="status">weburl: <output id="status"></output></p>
<div class="table-wrap">
<table id="result">
<thead><tr><th scope="col">component</th><th scope="col">weburl</th><th scope="col">this browser</th></tr></thead>
<tbody id="rows"></tbody>
</table>
</div>
<h2>Validation errors</h2>
<p class="hint" id="errors-of"></p>
<ol id="errors"></ol>
</section>
</main>
<footer><p id="browser"></p></footer>`;

// build writes the page: the body, and a row per component, with the
// cells weburl's answer and the browser's go in.
function build() {
  document.body.insertAdjacentHTML("beforeend", body);
  for (const c of components) {
    const row = document.createElement("tr");
    row.id = "row-" + c;
    const name = document.createElement("th");
    name.scope = "row";
    name.textContent = c;
    const ours = document.createElement("td");
    ours.id = c;
    const theirs = document.createElement("td");
    theirs.id = "browser-" + c;
    row.append(name, ours, theirs);
    $("rows").append(row);
  }
}

// readFragment puts the fragment's url and base into the inputs.
function readFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  $("url").value = params.get("url") ?? "";
  $("base").value = params.get("base") ?? "";
}

// writeFragment puts the inputs into the fragment, without a history entry
// per keystroke.
function writeFragment(url, base) {
  const params = new URLSearchParams();
  params.set("url", url);
  if (base !== "") params.set("base", base);
  history.replaceState(null, "", "#" + params.toString());
}

// browserURL is what this browser's URL parser gives: each component, or
// null when it throws.
function browserURL(url, base) {
  try {
    const u = base === "" ? new URL(url) : new URL(url, base);
    const out = {};
    for (const c of components) out[c] = u[c];
    return out;
  } catch {
    return null;
  }
}

// marked returns the input as nodes with the bytes at offset marked: the
// code point that starts there, or a caret at the end.
function marked(input, offset) {
  const bytes = new TextEncoder().encode(input);
  let i = 0, at = 0; // at: the string index of byte i
  while (i < offset && at < input.length) {
    const cp = input.codePointAt(at);
    i += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    at += cp > 0xFFFF ? 2 : 1;
  }
  const frag = document.createDocumentFragment();
  const code = document.createElement("code");
  code.className = "input";
  code.append(input.slice(0, at));
  const mark = document.createElement("mark");
  if (at < input.length && offset < bytes.length) {
    const cp = input.codePointAt(at);
    mark.textContent = String.fromCodePoint(cp);
    code.append(mark, input.slice(at + (cp > 0xFFFF ? 2 : 1)));
  } else {
    mark.textContent = "\u2038"; // a caret: the error is at the end
    mark.className = "end";
    code.append(mark);
  }
  frag.append(code);
  return frag;
}

// show writes weburl's answer r and the browser's b into the page.
function show(url, base, r, b) {
  const failed = r.failure === true;
  for (const c of components) {
    const ours = failed ? "failure" : r[c];
    const theirs = b === null ? "failure" : b[c];
    $(c).textContent = ours;
    $("browser-" + c).textContent = theirs;
    const differs = failed !== (b === null) || (!failed && ours !== theirs);
    $("row-" + c).classList.toggle("differs", differs);
  }
  $("status").textContent = r.status;
  document.body.dataset.valid = String(r.valid);
  const list = $("errors");
  list.replaceChildren();
  const of = r.errorsOf === "base" ? base : url;
  $("errors-of").textContent = r.errorsOf === "base" ? "The base URL fails to parse: its errors." :
    (r.errors.length === 0 ? "None: a valid URL string." : "");
  for (const e of r.errors) {
    const li = document.createElement("li");
    li.dataset.code = e.code;
    li.dataset.offset = String(e.offset);
    const name = document.createElement("strong");
    name.textContent = e.code + (e.fatal ? " (fatal)" : "");
    const at = document.createElement("span");
    at.className = "offset";
    at.textContent = " at byte " + e.offset + ": ";
    const why = document.createElement("span");
    why.textContent = e.description;
    const shown = document.createElement("div");
    shown.append(marked(of, e.offset));
    li.append(name, at, why, shown);
    list.append(li);
  }
}

// update asks weburl about the inputs and shows the answer.
async function update() {
  const url = $("url").value, base = $("base").value;
  writeFragment(url, base);
  const n = ++latest;
  const q = new URLSearchParams({url});
  if (base !== "") q.set("base", base);
  let r;
  try {
    if (typeof weburlParse === "function") {
      // The static page: weburl compiled to WebAssembly, in the page,
      // gives the answer's object.
      r = weburlParse(url, base);
    } else {
      const resp = await fetch("api/parse?" + q.toString(), {cache: "no-store"});
      r = await resp.json();
    }
  } catch (e) {
    if (n === latest) $("status").textContent = "the weburl server did not answer: " + e;
    return;
  }
  if (n !== latest) return; // a newer keystroke's answer is coming
  show(url, base, r, browserURL(url, base));
  // For tests and the curious: how many answers shown, and how long the
  // last took from its keystroke, in milliseconds.
  document.body.dataset.shown = String(n);
  if (typed > 0) document.body.dataset.latency = String(Math.round(performance.now() - typed));
}

document.addEventListener("DOMContentLoaded", () => {
  build();
  $("browser").textContent = "This browser: " + navigator.userAgent;
  readFragment();
  const onInput = () => { typed = performance.now(); update(); };
  $("url").addEventListener("input", onInput);
  $("base").addEventListener("input", onInput);
  $("form").addEventListener("submit", (e) => e.preventDefault());
  window.addEventListener("hashchange", () => { readFragment(); update(); });
  if (document.documentElement.dataset.engine === "wasm" && typeof weburlParse !== "function") {
    document.addEventListener("weburl-ready", update, {once: true}); // static.js starts weburl
  } else {
    update();
  }
});
