// Package urlpattern implements the WHATWG URL Pattern Standard: the
// URLPattern of browsers, Node, Deno and Cloudflare Workers, which matches
// URLs against patterns such as "https://*.example.com/books/:id" and
// extracts their groups, on package weburl's URL parser.
//
// A Pattern has a pattern string for each of a URL's eight components,
// in the syntax of path-to-regexp: fixed text; ":name", a group that
// matches up to the component's delimiter ("/" in the pathname, "." in
// the hostname); "*", a group that matches anything; "(regexp)", a group
// that matches a JavaScript regular expression; "{...}" to group text
// with a group; and the modifiers "?", "*" and "+". [Compile] reads a
// constructor string, a URL-like string of all the components
// ("https://example.com/books/:id"), [CompileInit] one pattern per
// component, with "*" for those left out.
//
//	p := urlpattern.MustCompile("https://example.com/books/:id(\\d+)")
//	r := p.Exec("https://example.com/books/123")
//	id, _ := r.Pathname.Get("id") // "123"
//
// Matching is exact: every case of the web-platform-tests URLPattern data
// that Go can express passes, groups that did not take part reported as
// JavaScript's undefined (Group.Matched false). It takes time linear in
// the pattern and the input, whatever they are: the regular expressions,
// which are JavaScript's with the v flag, run on Go's regexp (and, for
// the captures of a few loops where Go's regexp and JavaScript differ, on
// a linear-time matcher with JavaScript's rules), so no pattern can take
// exponential time, as with a backtracking engine. Lookaround and
// backreferences, which need backtracking, are errors that wrap
// [ErrUnsupportedRegExp]. Patterns without regular expression groups
// (fixed text, ":name" and "*") mostly match without a regular
// expression at all.
//
// A [Set] matches a URL against many patterns at once. For a router,
// [CompilePathname] compiles a route on the pathname alone, any host, and
// [Set.Exec] gives the first route that matches and its groups from one
// match. Groups hold the URL's components as the URL has them,
// percent-encoded, as JavaScript's URLPattern gives them:
// "/users/J%C3%BCrgen" gives the group "J%C3%BCrgen" for ":id", which
// weburl.PercentDecode makes "Jürgen".
//
// https://urlpattern.spec.whatwg.org/
package urlpattern

// The files of the package, by what they hold:
//
//	doc.go          this documentation
//	urlpattern.go   Pattern, Options, Init, Component, Result, Error, the
//	                constructors and "create" (the standard's "The URLPattern class")
//	constructor.go  the constructor string parser
//	pattern.go      pattern strings: the tokenizer, the pattern parser, and the
//	                regular expression and pattern string made of a part list
//	component.go    a component compiled: its expression and its matching
//	canon.go        canonicalization: the encoding callbacks
//	init.go         processing an Init
//	exec.go         the match algorithm, Test and Exec
//	match.go        the shortcut layer of matching: the shapes matched by a scan
//	set.go          Set, many patterns matched at once: what each pattern says of
//	                its hostnames and pathnames, for the index (internal/setindex,
//	                which holds the index and the shapes of pathnames)
//	compare.go      CompareComponent and Generate (beyond the standard)
//
// Its JavaScript regular expression engine is internal/jsregexp; all this
// package knows of it is its seam: Compile, Regexp, ShapeOf and Class.
