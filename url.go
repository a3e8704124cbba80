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
// Methods with net/url's names keep net/url's meaning: [URL.Query] returns
// a copy of the query's pairs (in their order), and [URL.SearchParams] is
// the list bound to the URL, as in JavaScript; [URL.StdURL] converts to a
// *url.URL for net/http.
//
// # HTTP
//
// net/http parses URLs, and the Location of every redirect it follows,
// with net/url. Package fetch (github.com/weburl/weburl/fetch) builds
// requests from URLs parsed here and follows redirects as a browser does,
// parsing each Location with this package. This package does not import
// net/http, so a program that only parses URLs links no HTTP stack.
//
// # Keys for crawlers and archives
//
// A [Canonicalizer] turns a URL into a key under which URLs that name the
// same resource meet: [SafeBrowsing] (Google Safe Browsing's
// canonicalization), [Wayback] (the Internet Archive's) and [SortQuery]
// (the href with its query's pairs sorted) are ready profiles, and [SURT]
// makes the Internet Archive's sort key:
//
//	key, err := weburl.SortQuery.Canonicalize("https://a.example/?b=2&a=1")
//	// key is "https://a.example/?a=1&b=2"
//	surt, err := weburl.SURT("http://www.archive.org/goo/?a=2&b&a=1", weburl.SURTOptions{})
//	// surt is "org,archive)/goo?a=1&a=2&b"
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
// whose host is ASCII and that has no tab or newline makes one allocation,
// the URL, with its href unless the input is its own serialization (see
// [URL]); a failed parse allocates just the [*Error]. (A non-ASCII host
// costs IDNA's allocations; removing tabs and newlines, one more.)
package weburl

import (
	"math/bits"
	"strconv"
	"unicode/utf8"
	"unsafe"
)

// A URL is a parsed WHATWG URL: the standard's URL record, kept as its
// serialization with the offsets where components start, so that getters
// slice and never allocate.
//
//	https://user:pass@example.com:8080/a/b?q=1#frag
//	     |      |     |          |    |   |   |
//	     |      |     |          |    |   |   hashStart
//	     |      |     |          |    |   queryStart
//	     |      |     |          |    pathStart
//	     |      |     |          hostEnd
//	     |      |     hostStart
//	     |      usernameEnd
//	     schemeEnd
//
// The zero URL is empty: its getters return "" and its setters other than
// [URL.SetHref] do nothing. Use [Parse] to make a URL.
//
// A URL takes 48 bytes on 64-bit platforms, one of the Go allocator's
// size classes (40 on 32-bit ones), and its href. Parse and [URL.Parse]
// make one allocation: the URL alone when the input is already its own
// serialization, which becomes the href, and otherwise the URL with its
// href right after it, in the smallest size class that holds both (an
// href of more than 208 bytes takes a second allocation). A URL takes
// 48 bytes of memory more than its href then, rounded up to a multiple
// of 16. [Parser.ParseInto] into a URL the caller reuses allocates only
// the href, or nothing.
//
// A URL whose href is its input keeps the input's string alive: if the
// input is part of a larger string, such as a page a link was found in,
// parse strings.Clone(s) to keep only the URL's own bytes, or detach a URL
// with u.SetHref(strings.Clone(u.Href())). A string got from a URL made in
// one allocation with its href keeps those 48 bytes alive with it.
//
// A URL is a value: copying one (v := *u) gives an independent URL, and
// URLs are comparable, *u == *v holding exactly when u and v are equal
// URLs (see [URL.Equal]); comparing two *URL compares their addresses.
// Methods that only read a URL never write to it, so goroutines may share
// a URL that none of them changes. Its methods have pointer receivers, as
// net/url's do: encoding/json marshals a URL by MarshalText through a
// pointer or an addressable value.
//
// https://url.spec.whatwg.org/#concept-url
type URL struct {
	href string
	components
}

// components are the offsets into a URL's serialization and what kind of
// URL it is. Invariants (checked by (*URL).check in the tests):
//
//   - href[schemeEnd] is ":"; the scheme is href[:schemeEnd].
//   - With a host, href[schemeEnd+1:schemeEnd+3] is "//", the username is
//     href[schemeEnd+3:usernameEnd], and credentials, if any, end with "@"
//     at hostStart-1; the password follows a ":" at usernameEnd. The host
//     is href[hostStart:hostEnd], then ":" and the port up to pathStart.
//   - Without a host (hostKind is HostNull), usernameEnd, hostStart and
//     hostEnd are schemeEnd+1, and pathStart is too unless the serializer
//     wrote "/." before a path that starts with "//".
//   - queryStart and hashStart are the offsets of "?" and "#", or omitted
//     when the query or fragment is null.
type components struct {
	schemeEnd   uint32
	usernameEnd uint32
	hostStart   uint32
	hostEnd     uint32
	pathStart   uint32
	queryStart  uint32
	hashStart   uint32
	scheme      schemeKind
	hostKind    HostKind
	opaquePath  bool
}

// omitted is the offset of a null query or fragment.
const omitted = ^uint32(0)

func newComponents() components {
	return components{queryStart: omitted, hashStart: omitted}
}

// pathEnd returns the end of the path in a serialization of length n.
func (c *components) pathEnd(n int) uint32 { return min(c.queryStart, c.hashStart, uint32(n)) }

func (u *URL) pathEnd() uint32  { return u.components.pathEnd(len(u.href)) }
func (u *URL) queryEnd() uint32 { return min(u.hashStart, uint32(len(u.href))) }

// authorityEnd returns the end of the scheme, credentials, host and port.
func (u *URL) authorityEnd() uint32 {
	if u.hostKind == HostNull {
		return u.schemeEnd + 1
	}
	return u.pathStart
}

// hasPort reports whether the port is non-null.
func (u *URL) hasPort() bool { return u.hostKind != HostNull && u.pathStart > u.hostEnd }

// includesCredentials reports whether the username or password is not empty.
// https://url.spec.whatwg.org/#include-credentials
func (u *URL) includesCredentials() bool {
	return u.hostKind != HostNull && u.hostStart > u.schemeEnd+3
}

// cannotHaveUsernamePasswordPort reports whether the host is null or empty,
// or the scheme is "file".
// https://url.spec.whatwg.org/#cannot-have-a-username-password-port
func (u *URL) cannotHaveUsernamePasswordPort() bool {
	return u.hostKind == HostNull || u.hostKind == HostEmpty || u.scheme == schemeFile
}

// firstPathSegment returns the first segment of a path that is a list.
func (u *URL) firstPathSegment() string {
	path := u.href[u.pathStart:u.pathEnd()]
	if path == "" {
		return ""
	}
	path = path[1:]
	for i := 0; i < len(path); i++ {
		if path[i] == '/' {
			return path[:i]
		}
	}
	return path
}

// schemeKind tells the special schemes apart; every other scheme is schemeOther.
// https://url.spec.whatwg.org/#special-scheme
type schemeKind uint8

const (
	schemeOther schemeKind = iota
	schemeFTP
	schemeFile
	schemeHTTP
	schemeHTTPS
	schemeWS
	schemeWSS
)

// special reports whether the scheme is a special scheme.
func (s schemeKind) special() bool { return s != schemeOther }

// defaultPort returns the scheme's default port, or -1 for null.
// https://url.spec.whatwg.org/#default-port
func (s schemeKind) defaultPort() int {
	switch s {
	case schemeFTP:
		return 21
	case schemeHTTP, schemeWS:
		return 80
	case schemeHTTPS, schemeWSS:
		return 443
	}
	return -1
}

// schemeKindOf returns the kind of the scheme s, compared ASCII
// case-insensitively. Setting bit 0x20 lowercases every byte of a scheme
// (letters; digits, "+", "-" and "." have it set), so the special schemes,
// none longer than five bytes, compare as one word each.
func schemeKindOf(s string) schemeKind {
	if len(s) < 2 || len(s) > 5 {
		return schemeOther
	}
	var w uint64
	for i := len(s) - 1; i >= 0; i-- {
		w = w<<8 | uint64(s[i]|0x20)
	}
	return schemeOfWord(w)
}

// specialSchemeAt returns the special scheme that x, eight bytes of input
// as a little-endian word, starts with, if a ":" follows it. Bit 0x20 set
// on the bytes before the ":" maps only the upper-case form of a letter to
// that letter, so the compare is exact.
func specialSchemeAt(x uint64) schemeKind {
	colon := bytesEqual(x, ':')
	n := bits.TrailingZeros64(colon) / 8 // the offset of the first ":"
	if n < 2 || n > 5 {
		return schemeOther
	}
	mask := uint64(1)<<(8*n) - 1
	return schemeOfWord(x&mask | 0x20202020_20&mask)
}

// schemeNames are the special schemes' names, by kind.
var schemeNames = [...]string{
	schemeFTP:   "ftp",
	schemeFile:  "file",
	schemeHTTP:  "http",
	schemeHTTPS: "https",
	schemeWS:    "ws",
	schemeWSS:   "wss",
}

// schemeOfWord returns the special scheme whose lower-case name is the
// little-endian word w, or schemeOther.
func schemeOfWord(w uint64) schemeKind {
	switch w {
	case wordHTTP:
		return schemeHTTP
	case wordHTTPS:
		return schemeHTTPS
	case wordFile:
		return schemeFile
	case wordWS:
		return schemeWS
	case wordWSS:
		return schemeWSS
	case wordFTP:
		return schemeFTP
	}
	return schemeOther
}

// The special schemes as little-endian words.
const (
	wordWS    = uint64('w') | uint64('s')<<8
	wordWSS   = wordWS | uint64('s')<<16
	wordFTP   = uint64('f') | uint64('t')<<8 | uint64('p')<<16
	wordFile  = uint64('f') | uint64('i')<<8 | uint64('l')<<16 | uint64('e')<<24
	wordHTTP  = uint64('h') | uint64('t')<<8 | uint64('t')<<16 | uint64('p')<<24
	wordHTTPS = wordHTTP | uint64('s')<<32
)

// Error reports a URL the standard's parser rejects, and why: Code is the
// validation error that made parsing fail, and Offset where in Input it
// points (see [ErrorCode]). errors.Is(err, code) compares the code, as in
// errors.Is(err, weburl.ErrHostMissing).
// https://url.spec.whatwg.org/#validation-error
type Error struct {
	Op     string    // what failed: "" for parsing a URL, or "parse host"
	Input  string    // the input that failed to parse
	Base   string    // the base URL's serialization, or "" when there was none
	Code   ErrorCode // the validation error
	Offset int       // the byte offset in Input where it points
}

// Error returns "weburl: parse", the input and, if there was one, the base
// URL, quoted, and the code's name: weburl: parse "https://:443":
// host-missing. An input or base longer than 1 KiB is cut short, with its
// length.
func (e *Error) Error() string {
	op := e.Op
	if op == "" {
		op = "parse"
	}
	s := "weburl: " + op + " " + quoteShort(e.Input)
	if e.Base != "" {
		s += " against " + quoteShort(e.Base)
	}
	return s + ": " + e.Code.String()
}

// Unwrap returns the code, so that errors.Is can match it.
func (e *Error) Unwrap() error { return e.Code }

// quoteShort quotes s, or its first 1 KiB with "..." and its length.
func quoteShort(s string) string {
	const max = 1 << 10
	if len(s) <= max {
		return strconv.Quote(s)
	}
	return strconv.Quote(s[:max]) + "... (" + strconv.Itoa(len(s)) + " bytes)"
}

// MaxInputLength is the longest input, in bytes, that Parse, CanParse and
// the setters take: 256 MiB. A longer input fails with the code
// "URL-too-long" (a setter leaves the URL unchanged), so that a URL's
// serialization, which percent-encoding makes at most nine times as long
// as its input (an invalid byte becomes "%EF%BF%BD"), always fits the
// offsets a URL keeps. Every parse takes time linear in the input's length
// (the tests show it, up to 16 MiB).
const MaxInputLength = 256 << 20

// Parse parses rawURL, which must be an absolute URL, as the standard's URL
// parser does without a base URL (JavaScript's new URL(rawURL)).
//
// rawURL is read as a string of Unicode scalar values: each maximal
// sequence of bytes that is not valid UTF-8 reads as U+FFFD. Leading and
// trailing C0 controls and spaces are removed, and so are ASCII tabs and
// newlines anywhere in it. On failure the error is an [*Error] naming the
// validation error.
// https://url.spec.whatwg.org/#concept-url-parser
func Parse(rawURL string) (*URL, error) {
	// The fast path, then the parser: as parse, one call less.
	var c components
	prefix := 0
	if fastPaths {
		var ok bool
		if c, prefix, ok = parseVerbatim(rawURL, false); ok {
			return &URL{href: rawURL, components: c}, nil
		}
	}
	_, _, u, err := parseGeneral(rawURL, nil, nil, nil, true, &c, prefix)
	if err != nil {
		return nil, err
	}
	return u, nil
}

// Parse parses ref with u as its base URL (JavaScript's new URL(ref, u)):
// ref may be relative, as in a link on the page at u. A nil u parses ref
// without a base, as [Parse] does.
// https://url.spec.whatwg.org/#api-url-parser
func (u *URL) Parse(ref string) (*URL, error) {
	// The fast paths, then the parser: as parse, one call less. Calling
	// parse instead costs resolving kasztp.txt's, userbait.txt's and wpt's
	// references 27, 26 and 24 instructions per URL (733 to 760, 806 to
	// 832 and 1,210 to 1,234 with GOGC=off bench/ir.sh resolve, one pass
	// count).
	base := u.asBase()
	if fastPaths {
		if base != nil {
			at, c, ok := resolveVerbatim(base, ref)
			if ok {
				return newURL(base.href[:at], ref, &c), nil
			}
			if at > 0 {
				// A reference, so not one parseVerbatim takes.
				_, _, v, err := parseGeneral(ref, base, nil, nil, true, nil, -int(at))
				if err != nil {
					return nil, err
				}
				return v, nil
			}
		}
		c, prefix, ok := parseVerbatim(ref, false)
		if ok {
			return &URL{href: ref, components: c}, nil
		}
		_, _, v, err := parseGeneral(ref, base, nil, nil, true, &c, prefix)
		if err != nil {
			return nil, err
		}
		return v, nil
	}
	_, _, v, err := parseGeneral(ref, base, nil, nil, true, nil, 0)
	if err != nil {
		return nil, err
	}
	return v, nil
}

// urlWith is a URL followed by the bytes of its href, allocated together.
// A is a byte array.
type urlWith[A any] struct {
	URL
	bytes A
}

// newURL returns a new URL with components c whose href is a + b. When
// the href is short, up to 208 bytes, the URL and its href are one
// allocation, of the allocator's size class that holds both, rather than
// two. That saves the second allocation's work and some of the
// collector's: resolving the references of userbait.txt, node_files.txt
// and isaacs_files.txt went from 1,386, 1,794 and 1,975 instructions per
// URL to 1,260, 1,672 and 1,853, and parsing wpt's inputs from 2,106 to
// 2,060 (bench/ir.sh parse resolve). The href's bytes are never written
// again, and the URL's own bytes stay alive as long as its href does.
func newURL(a, b string, c *components) *URL {
	// One case per size class from 64 to 256 bytes: 48 for the URL (on
	// 64-bit platforms) and a multiple of 16 for the href. The cases are
	// consecutive, so that the switch is a jump table.
	switch (len(a) + len(b) + 15) / 16 {
	case 0, 1:
		return newURLWith[[16]byte](a, b, c)
	case 2:
		return newURLWith[[32]byte](a, b, c)
	case 3:
		return newURLWith[[48]byte](a, b, c)
	case 4:
		return newURLWith[[64]byte](a, b, c)
	case 5:
		return newURLWith[[80]byte](a, b, c)
	case 6:
		return newURLWith[[96]byte](a, b, c)
	case 7:
		return newURLWith[[112]byte](a, b, c)
	case 8:
		return newURLWith[[128]byte](a, b, c)
	case 9:
		return newURLWith[[144]byte](a, b, c)
	case 10:
		return newURLWith[[160]byte](a, b, c)
	case 11:
		return newURLWith[[176]byte](a, b, c)
	case 12:
		return newURLWith[[192]byte](a, b, c)
	case 13:
		return newURLWith[[208]byte](a, b, c)
	}
	return &URL{href: a + b, components: *c}
}

// newURLWith is newURL for an href that fits A, a byte array.
func newURLWith[A any](a, b string, c *components) *URL {
	x := new(urlWith[A])
	buf := unsafe.Slice((*byte)(unsafe.Pointer(&x.bytes)), unsafe.Sizeof(x.bytes))
	n := copy(buf, a)
	n += copy(buf[n:], b)
	x.href = unsafe.String(&buf[0], n)
	x.components = *c
	return &x.URL
}

// asBase returns u, or nil for a nil or zero URL.
func (u *URL) asBase() *URL {
	if u == nil || u.href == "" {
		return nil
	}
	return u
}

// CanParse reports whether [Parse] would succeed on rawURL (JavaScript's
// URL.canParse(rawURL)). It allocates nothing, whatever the answer, for
// input whose host is ASCII and that has no tab or newline.
// https://url.spec.whatwg.org/#dom-url-canparse
func CanParse(rawURL string) bool { return canParse(rawURL, nil) }

// CanParse reports whether [URL.Parse] would succeed on ref with u as base
// (JavaScript's URL.canParse(ref, u)).
func (u *URL) CanParse(ref string) bool { return canParse(ref, u.asBase()) }

// Href returns the serialization of the URL, as JavaScript's URL.href does:
// "" for the zero URL and for a nil *URL.
// https://url.spec.whatwg.org/#dom-url-href
func (u *URL) Href() string {
	if u == nil {
		return ""
	}
	return u.href
}

// String returns the serialization of the URL; it is [URL.Href], and ""
// for a nil *URL too.
// https://url.spec.whatwg.org/#concept-url-serializer
func (u *URL) String() string { return u.Href() }

// Protocol returns the scheme followed by ":", as JavaScript's URL.protocol does.
// https://url.spec.whatwg.org/#dom-url-protocol
func (u *URL) Protocol() string {
	if u.href == "" {
		return ""
	}
	return u.href[:u.schemeEnd+1]
}

// Username returns the username, percent-encoded, as JavaScript's URL.username does.
// https://url.spec.whatwg.org/#dom-url-username
func (u *URL) Username() string {
	if u.hostKind == HostNull {
		return ""
	}
	return u.href[u.schemeEnd+3 : u.usernameEnd]
}

// Password returns the password, percent-encoded, as JavaScript's URL.password does.
// https://url.spec.whatwg.org/#dom-url-password
func (u *URL) Password() string {
	if u.hostStart > u.usernameEnd+1 {
		return u.href[u.usernameEnd+1 : u.hostStart-1]
	}
	return ""
}

// Host returns the serialized host and, if the port is not null, ":" and the
// port, as JavaScript's URL.host does.
// https://url.spec.whatwg.org/#dom-url-host
func (u *URL) Host() string {
	if u.hostKind == HostNull {
		return ""
	}
	return u.href[u.hostStart:u.pathStart]
}

// Hostname returns the serialized host, as JavaScript's URL.hostname does:
// a domain in its ASCII form, an IPv4 address in dotted decimal, an IPv6
// address in brackets, an opaque host, or "".
// https://url.spec.whatwg.org/#dom-url-hostname
func (u *URL) Hostname() string { return u.href[u.hostStart:u.hostEnd] }

// Port returns the port in decimal, or "" when it is null (absent, or the
// scheme's default port), as JavaScript's URL.port does.
// https://url.spec.whatwg.org/#dom-url-port
func (u *URL) Port() string {
	if !u.hasPort() {
		return ""
	}
	return u.href[u.hostEnd+1 : u.pathStart]
}

// Pathname returns the serialized path, as JavaScript's URL.pathname does.
// https://url.spec.whatwg.org/#dom-url-pathname
func (u *URL) Pathname() string { return u.href[u.pathStart:u.pathEnd()] }

// Search returns "?" followed by the query, or "" when the query is null or
// empty, as JavaScript's URL.search does.
// https://url.spec.whatwg.org/#dom-url-search
func (u *URL) Search() string {
	if u.queryStart == omitted || u.queryEnd()-u.queryStart <= 1 {
		return ""
	}
	return u.href[u.queryStart:u.queryEnd()]
}

// Hash returns "#" followed by the fragment, or "" when the fragment is null
// or empty, as JavaScript's URL.hash does.
// https://url.spec.whatwg.org/#dom-url-hash
func (u *URL) Hash() string {
	if u.hashStart == omitted || uint32(len(u.href))-u.hashStart <= 1 {
		return ""
	}
	return u.href[u.hashStart:]
}

// SetHref replaces the URL with the result of parsing href, as assigning
// JavaScript's URL.href does. If href does not parse, the URL is unchanged
// and the error is an [*Error]. For an input whose host is ASCII and that
// has no tab or newline, it allocates on success at most the new href, and
// nothing when href is already in its serialized form: a URL reused for a
// stream of such inputs costs no allocation per input.
// https://url.spec.whatwg.org/#dom-url-href
func (u *URL) SetHref(href string) error {
	h, c, err := parseHref(href, nil, nil, nil)
	if err != nil {
		return err
	}
	u.href, u.components = h, c
	return nil
}

// SetProtocol sets the scheme to value up to its first ":", as assigning
// JavaScript's URL.protocol does. The URL is unchanged if value is no
// scheme, or if the change would switch between a special and a non-special
// scheme, give a "file" URL credentials or a port, or take a "file" URL with
// an empty host to another scheme. A port that is the new scheme's default
// becomes null.
// https://url.spec.whatwg.org/#dom-url-protocol
func (u *URL) SetProtocol(value string) {
	if u.href == "" || len(value) > MaxInputLength {
		return
	}
	var scratch [256]byte
	p := u.setter(value+":", stateSchemeStart)
	buf, err := p.run(scratch[:0])
	if err != 0 {
		return
	}
	// buf holds the new scheme and ":"; the rest follows, less a port that
	// is the new scheme's default.
	c := u.components
	if u.hasPort() && u.portNumber() == p.c.scheme.defaultPort() {
		buf = append(buf, u.href[u.schemeEnd+1:u.hostEnd]...)
		c.shiftFrom(u.pathStart, int(u.hostEnd)-int(u.pathStart))
		buf = append(buf, u.href[u.pathStart:]...)
	} else {
		buf = append(buf, u.href[u.schemeEnd+1:]...)
	}
	c.shiftFrom(u.schemeEnd+1, int(p.c.schemeEnd)-int(u.schemeEnd))
	c.schemeEnd, c.scheme = p.c.schemeEnd, p.c.scheme
	u.commit(buf, c)
}

// SetUsername sets the username to value, percent-encoded with the userinfo
// percent-encode set, as assigning JavaScript's URL.username does. The URL
// is unchanged if it cannot have a username: its host is null or empty, or
// its scheme is "file".
// https://url.spec.whatwg.org/#dom-url-username
func (u *URL) SetUsername(value string) {
	if u.cannotHaveUsernamePasswordPort() || len(value) > MaxInputLength {
		return
	}
	u.setCredentials(toScalarValues(value), u.Password(), true)
}

// SetPassword sets the password to value, percent-encoded with the userinfo
// percent-encode set, as assigning JavaScript's URL.password does. The URL
// is unchanged if it cannot have a password: its host is null or empty, or
// its scheme is "file".
// https://url.spec.whatwg.org/#dom-url-password
func (u *URL) SetPassword(value string) {
	if u.cannotHaveUsernamePasswordPort() || len(value) > MaxInputLength {
		return
	}
	u.setCredentials(u.Username(), toScalarValues(value), false)
}

// SetHost sets the host and, if value has one after ":", the port, as
// assigning JavaScript's URL.host does. The URL is unchanged if it has an
// opaque path or value is no valid host. A port that is not valid leaves
// the port as it was while the host is still set, as in browsers.
// https://url.spec.whatwg.org/#dom-url-host
func (u *URL) SetHost(value string) { u.setHost(value, stateHost) }

// SetHostname sets the host, as assigning JavaScript's URL.hostname does.
// The URL is unchanged if it has an opaque path, or if value is no valid
// host or contains a port.
// https://url.spec.whatwg.org/#dom-url-hostname
func (u *URL) SetHostname(value string) { u.setHost(value, stateHostname) }

// SetPort sets the port, as assigning JavaScript's URL.port does: to null
// when value is "" or the scheme's default port, else to the leading ASCII
// digits of value. The URL is unchanged if value does not start with a
// digit or the number exceeds 65535, or if the URL cannot have a port: its
// host is null or empty, or its scheme is "file".
// https://url.spec.whatwg.org/#dom-url-port
func (u *URL) SetPort(value string) {
	if u.cannotHaveUsernamePasswordPort() || len(value) > MaxInputLength {
		return
	}
	var scratch [256]byte
	buf := append(scratch[:0], u.href[:u.hostEnd]...)
	if value != "" {
		p := u.setter(value, statePort)
		var err ErrorCode
		if buf, err = p.run(buf); err != 0 {
			return
		}
	}
	delta := len(buf) - int(u.pathStart)
	c := u.components
	c.pathStart = uint32(len(buf))
	c.queryStart, c.hashStart = moved(u.queryStart, delta), moved(u.hashStart, delta)
	u.commit(append(buf, u.href[u.pathStart:]...), c)
}

// SetPathname replaces the path, as assigning JavaScript's URL.pathname
// does: value is parsed as a path ("." and ".." segments are resolved,
// and "?" and "#" are percent-encoded). The URL is unchanged if it has an
// opaque path.
// https://url.spec.whatwg.org/#dom-url-pathname
func (u *URL) SetPathname(value string) {
	if u.href == "" || u.opaquePath || len(value) > MaxInputLength {
		return
	}
	var scratch [256]byte
	p := u.setter(value, statePathStart)
	buf := append(scratch[:0], u.href[:u.authorityEnd()]...)
	p.c.pathStart = uint32(len(buf))
	p.c.queryStart, p.c.hashStart = omitted, omitted
	buf, _ = p.run(buf) // the path states never fail
	buf = p.finish(buf)
	end := u.pathEnd()
	delta := len(buf) - int(end)
	p.c.queryStart, p.c.hashStart = moved(u.queryStart, delta), moved(u.hashStart, delta)
	u.commit(append(buf, u.href[end:]...), p.c)
}

// SetSearch replaces the query, as assigning JavaScript's URL.search does:
// "" makes it null; otherwise value, less one leading "?", is
// percent-encoded with the (special-)query percent-encode set, after tabs
// and newlines are removed. [URL.SearchParams] then holds what parsing the
// new query gives (whatwg/url commit fde3f74), so SetSearch("a=t\tb")
// makes Get("a") "tb", as in browsers.
// https://url.spec.whatwg.org/#dom-url-search
func (u *URL) SetSearch(value string) {
	if u.href == "" || len(value) > MaxInputLength {
		return
	}
	var scratch [256]byte
	p := u.setter(trimPrefixByte(value, '?'), stateQuery)
	buf := append(scratch[:0], u.href[:u.pathEnd()]...)
	p.c.queryStart = omitted
	if value != "" {
		buf = p.startQuery(buf)
		buf, _ = p.run(buf) // the query state never fails
	}
	end := u.queryEnd()
	p.c.hashStart = moved(u.hashStart, len(buf)-int(end))
	u.commit(append(buf, u.href[end:]...), p.c)
}

// SetHash replaces the fragment, as assigning JavaScript's URL.hash does:
// "" makes it null; otherwise value, less one leading "#", is
// percent-encoded with the fragment percent-encode set.
// https://url.spec.whatwg.org/#dom-url-hash
func (u *URL) SetHash(value string) {
	if u.href == "" || len(value) > MaxInputLength {
		return
	}
	var scratch [256]byte
	p := u.setter(trimPrefixByte(value, '#'), stateFragment)
	buf := append(scratch[:0], u.href[:u.queryEnd()]...)
	p.c.hashStart = omitted
	if value != "" {
		buf = p.startFragment(buf)
		buf, _ = p.run(buf) // the fragment state never fails
	}
	u.commit(buf, p.c)
}

// toScalarValues returns s with each maximal invalid UTF-8 sequence
// replaced by U+FFFD, as a JavaScript USVString would read it.
func toScalarValues(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return toValidUTF8(s)
}

// Equal reports whether u and v are equal URLs: whether their
// serializations are the same. A nil URL is equal to the zero URL (and to
// nil). Equal is *u == *v for URLs that are not nil.
// https://url.spec.whatwg.org/#concept-url-equals
func (u *URL) Equal(v *URL) bool { return u.Href() == v.Href() }

// EqualExcludingFragments reports whether u and v are equal but for their
// fragments: the standard's URL equivalence with exclude fragments set. A
// nil URL is treated as the zero URL.
// https://url.spec.whatwg.org/#concept-url-equals
func (u *URL) EqualExcludingFragments(v *URL) bool {
	if u == nil || v == nil {
		return u.Href() == v.Href()
	}
	return u.href[:u.queryEnd()] == v.href[:v.queryEnd()]
}

// Scheme returns the scheme, without the ":" that [URL.Protocol] ends
// with: the standard's URL scheme, always in lower case, and net/url's
// Scheme field.
// https://url.spec.whatwg.org/#concept-url-scheme
func (u *URL) Scheme() string {
	if u.href == "" {
		return ""
	}
	return u.href[:u.schemeEnd]
}
