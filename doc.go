// Package weburl parses and serializes URLs exactly as web browsers do,
// following the WHATWG URL Standard (https://url.spec.whatwg.org/).
//
// The parser, host parser, serializer and setters implement the standard's
// algorithms step by step, with the same validation-error names, and pass
// the whole web-platform-tests URL suite. The package follows the URL
// Living Standard of 18 August 2026 (whatwg/url commit 55d6699) and one
// later change, the search setter of whatwg/url commit fde3f74 (October
// 2026): after [URL.SetSearch], [URL.SearchParams] holds what parsing the
// URL's new query gives. Its tests run the web-platform-tests URL data of
// commit b63305b (synced in July 2026), and compare the validation errors
// with those of the reference implementation, whatwg-url 17.3.0.
//
//	u, err := weburl.Parse("HTTPS://EXAMPLE.com/a/../b c?x y#z")
//	if err != nil {
//		// err is a *weburl.Error naming the standard's validation error.
//	}
//	fmt.Println(u.Href())     // https://example.com/b%20c?x%20y#z
//	fmt.Println(u.Hostname()) // example.com
//
// # The JavaScript URL API
//
// A [URL] has the getters and setters of JavaScript's URL class, under Go
// names: [URL.Href], [URL.Protocol], [URL.Hostname], [URL.SetPathname] and
// so on. They return and take exactly what JavaScript's do; a setter given a
// value the standard rejects leaves the URL unchanged.
//
// # Differences from net/url
//
// net/url implements RFC 3986 and keeps what it is given; browsers follow
// the URL Standard, which normalizes. Some differences:
//
//	input                      net/url.Parse, String        weburl.Parse, Href
//	HTTP://EXAMPLE.com/a/../b  http://EXAMPLE.com/a/../b    http://example.com/b
//	https://faß.example/       https://fa%C3%9F.example/    https://xn--fa-hia.example/
//	http://1.1/                http://1.1/                  http://1.0.0.1/
//	http:\\example.com\a       http:\\example.com\a         http://example.com/a
//	https://example.com:443/   https://example.com:443/     https://example.com/
//	https://example.com/%zz    error: invalid URL escape    https://example.com/%zz
//	https://ex<TAB>ample.com/  error: invalid control char  https://example.com/
//
// Methods with net/url's names keep net/url's meaning where the standard
// allows: [URL.Query] returns a copy of the query's pairs (in their
// order; [URL.SearchParams] is the list bound to the URL, as in
// JavaScript), and [URL.SetQuery] takes what it returns; [URL.StdURL]
// converts to a *url.URL for net/http. Where they mean something else:
//
//   - a relative reference is not a URL: [Parse] fails on "../x", which
//     url.Parse takes, and [URL.ResolveReference] takes a parsed URL; to
//     resolve a reference, base.Parse(ref) ([URL.Parse]) does what
//     url.Parse(ref) and ResolveReference did;
//   - [URL.IsAbs] is always true: every URL has a scheme;
//   - [URL.Hostname] keeps an IPv6 address's brackets ("[::1]"), as
//     JavaScript's hostname does, and [URL.Port] is "" for the scheme's
//     default port, which the parser drops;
//   - an HTTP request's target is no reference: read it, as
//     url.ParseRequestURI did, with [ParseRequestTarget], not with
//     [URL.Parse], which reads "//evil.example/x" as another host;
//   - [URL.Query]'s Get returns (value, ok), and Delete is url.Values' Del.
//
// # HTTP
//
// net/http parses URLs, and the Location of every redirect it follows,
// with net/url. Package fetch (github.com/weburl/weburl/fetch) builds
// requests from URLs parsed here and follows redirects as a browser does,
// parsing each Location with this package. This package does not import
// net/http, so a program that only parses URLs links no HTTP stack.
//
// # Other packages
//
// Beside this package, for the programs that need them: package fetch
// (github.com/weburl/weburl/fetch) sends HTTP requests and follows
// redirects as a browser does; package urlpattern matches URLs against
// URL patterns; package canon makes the keys crawlers and archives file
// URLs under (Google Safe Browsing's and the Internet Archive's
// canonicalization, SURT); package links finds the URLs of an HTML
// document as the browser resolves them.
//
// # Input
//
// The standard parses strings of Unicode scalar values. A Go string may hold
// invalid UTF-8; weburl reads each maximal invalid byte sequence as U+FFFD,
// as a browser decoding UTF-8 does. Leading and trailing C0 controls and
// spaces are removed, and ASCII tabs and newlines are removed anywhere, as
// the standard says.
//
// # Representation
//
// A URL holds its serialization as one string and the offsets of its
// components, so getters slice it and allocate nothing. Parsing an input
// whose host is ASCII and that has no tab or newline allocates the href
// unless the input is its own serialization, and the URL if the caller
// keeps it (see [URL]); a failed parse allocates just the [*Error]. (A
// non-ASCII host costs IDNA's allocations; removing tabs and newlines,
// one more.)
package weburl

// The files of the package, by what they hold:
//
//	doc.go           this documentation
//	url.go           URL, its components and getters, Error, Parse, CanParse, readScheme
//	parser.go        the parser's state, the clean-up at its door, parseURL (the one
//	                 entry), the driver of the states, Parser
//	states.go        the states of the basic URL parser, in the standard's order, and
//	                 the helpers only they (and the shortcuts that follow their rules) call
//	shortcut.go      the shortcuts: the one layer that skips the states' work where it
//	                 would change nothing (shortcut_all.go, shortcut_measure.go: which
//	                 are on)
//	classes.go       byte classes and the scans built on them (the byte-level code
//	                 that package canon shares is internal/ascii's)
//	host.go          the host parser and the IDNA entry (toASCII), Host,
//	                 PublicSuffixList
//	ipv4.go, ipv6.go the IPv4 and IPv6 parsers and serializers
//	punycode.go      Punycode for long labels
//	percent.go       the percent-encode sets by the standard's names, and the exported
//	                 percent-encoding functions (their table is internal/ascii's)
//	serialize.go     the setters, each a splice of the serialization
//	validate.go      ErrorCode, ValidationError, Validate, IsValid
//	searchparams.go  SearchParams (URLSearchParams), the form encoding
//	encoding.go      the legacy encodings of the query (the Encoding Standard)
//	origin.go        origins and sites
//	render.go        Display, DomainToUnicode, DomainToASCII
//	paths.go         MakeRelative and the path segment editors
//	filepath.go      FromFilePath and FilePath
//	stdurl.go        net/url, database/sql, log/slog and text marshaling
//	request.go       ParseRequestTarget: the URL of an HTTP request, from its parts
