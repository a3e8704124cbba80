// Package links finds the URLs of an HTML document as a browser's DOM
// resolves them: in the document's encoding, against its base URL, in
// the tree that HTML's parser builds.
//
// [Extract] reads a document's bytes and runs the HTML Standard's steps:
//
//   - the encoding sniffing algorithm: a byte order mark, else the user's
//     override ([Options].Encoding), else the Content-Type header's
//     charset, else a <meta> in the first 1024 bytes (the prescan, and an
//     XML declaration), else windows-1252; a <meta> that the parser finds
//     later changes a tentative encoding, as the standard's "change the
//     encoding" does. Labels and names are the Encoding Standard's,
//     through golang.org/x/text's htmlindex;
//   - the tree that golang.org/x/net/html builds by the standard's tree
//     construction, with scripting on: the contents of <template> and
//     <noscript> are not in the document, tables foster-parent what they
//     cannot hold;
//   - the document base URL: the first <base> with an href in tree
//     order, wherever it is, resolved against the document's URL (its
//     frozen base URL; a <base href> that fails to parse, or is data: or
//     javascript:, leaves the document's URL);
//   - each URL of the attributes the HTML Standard's attribute index
//     lists as URLs, resolved by weburl's parser with the document's
//     encoding, as the DOM's reflecting getters resolve it (a.href,
//     img.src, form.action, ...), with their special cases: an empty
//     action or formaction is the document's URL, a <base>'s own href is
//     resolved against the document's URL. Attributes that hold several
//     URLs give one Link each: srcset and imagesrcset (the standard's
//     "parse a srcset attribute"), ping (space-separated), itemtype; and
//     so does the URL of <meta http-equiv="refresh" content="0;
//     url=..."> (the shared declarative refresh steps).
//
// Where Chromium departs from the URL or HTML Standard, this package
// follows the standard. Measured on Chromium 156 (TestChromium counts
// each departure in the recorded documents):
//
//   - a <base href> that does not parse gives Chromium the base
//     about:blank, where every reference fails, "#h" too (the standard:
//     the document's URL);
//   - Chromium encodes a <base href>'s query in UTF-8 (the standard, and
//     Firefox, in the document's encoding), and an empty <base href>
//     leaves it the document's URL with its fragment;
//   - it keeps a ws:, wss: or non-special URL's query in the document's
//     encoding (the standard: UTF-8), writes "|" in the path of a special
//     URL as "%7C", takes spaces in hosts, and drops a file: base URL's
//     Windows drive letter from a path-absolute reference;
//   - where a URL does not parse, its getter gives Chromium's partial
//     canonicalization ("http://[::1/"), the standard's the attribute's
//     value ("http://[::1"), which is Link.Raw;
//   - it strips the whitespace around a <form>'s action, and gives for an
//     action of whitespace alone the document's URL with its fragment (the
//     standard, and Firefox, parse " " as a URL: the document's URL
//     without its fragment).
//
// What Extract gives is what the DOM's getters give once the document is
// parsed: the document base URL is that of the first <base> with an href
// in the whole tree. A browser fetches a resource as the parser inserts
// its element, against the base it has then: an <img src> or srcset
// before a late <base>, which a document's getters resolve against that
// <base>, was fetched against the document's URL, as Chromium fetches it.
// An archive of what a page loaded wants the fetched URL; one of what it
// links to, the getter's.
//
// A document that declares no encoding is read as windows-1252: browsers
// may guess from the content or the top-level domain of the host, which
// the standard allows but does not define.
//
// One departure is x/net/html's: it sorts the attributes of a formatting
// element (golang/go#79974), so the links of <a ping="p" href="h"> come
// href first.
//
// https://html.spec.whatwg.org/multipage/parsing.html
//
// The files of the package, by the standard's parts:
//
//   - doc.go: this overview;
//   - links.go: Extract, its Options and its results;
//   - sniff.go: the encoding sniffing algorithm (the BOM, the
//     Content-Type's charset, the prescan of the first 1024 bytes, the
//     XML declaration), and encoding labels through x/text's htmlindex;
//   - decode.go: the Encoding Standard's decoders, UTF-8, gb18030 and the
//     single-byte ones on its indexes, the others through x/text;
//   - tree.go: the document base URL, the frozen base URL, and the walk of
//     the tree's URL attributes, as the DOM's getters resolve them;
//   - srcset.go: "parse a srcset attribute";
//   - refresh.go: the shared declarative refresh steps' URL.
package links
