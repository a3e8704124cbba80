package weburl

import (
	"github.com/weburl/weburl/internal/ascii"
	"github.com/weburl/weburl/internal/quote"
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
// size classes (40 on 32-bit ones), and its href. [Parse], [URL.Parse]
// and [Parser.Parse] inline, so that the URL they return is allocated in
// their caller: on its stack if it does not keep the URL, and on the heap
// otherwise. They allocate the href too unless the input is already its
// own serialization, which becomes the href. A URL kept thus takes one
// allocation, or two. [Parser.ParseInto] into a URL the caller reuses
// allocates only the href, or nothing.
//
// A URL whose href is its input keeps the input's string alive: if the
// input is part of a larger string, such as a page a link was found in,
// parse strings.Clone(s) to keep only the URL's own bytes, or detach a URL
// with u.SetHref(strings.Clone(u.Href())).
//
// Its methods, by what they are for:
//
//   - The standard's getters, JavaScript's URL properties:
//     [URL.Href] (and [URL.String]), [URL.Origin], [URL.Protocol],
//     [URL.Username], [URL.Password], [URL.Host], [URL.Hostname],
//     [URL.Port], [URL.Pathname], [URL.Search], [URL.Hash], [URL.SearchParams];
//     and what they leave unsaid: [URL.Scheme], [URL.HasSearch],
//     [URL.HasHash], [URL.HasOpaquePath], [URL.HostValue], [URL.OriginValue].
//   - The standard's setters, JavaScript's: each leaves the URL unchanged
//     and says why where the standard's setter returns: [URL.SetHref], [URL.SetProtocol], [URL.SetUsername],
//     [URL.SetPassword], [URL.SetHost], [URL.SetHostname], [URL.SetPort],
//     [URL.SetPathname], [URL.SetSearch], [URL.SetHash].
//   - A base for references: [URL.Parse], [URL.CanParse],
//     [URL.MakeRelative], and comparing: [URL.Equal],
//     [URL.EqualExcludingFragments].
//   - Paths: [URL.PathSegments], [URL.SetPathSegments],
//     [URL.PushPathSegment], [URL.PopPathSegment], [URL.FilePath].
//   - net/url's names, with its meaning where the standard allows (see the
//     package doc): [URL.Query], [URL.SetQuery], [URL.ResolveReference],
//     [URL.JoinPath], [URL.Clone], [URL.IsAbs], [URL.RequestURI],
//     [URL.Redacted], [URL.StdURL]; and for dialing, [URL.DialAddress].
//   - Encoding and decoding: [URL.MarshalText], [URL.AppendText],
//     [URL.UnmarshalText], [URL.MarshalBinary], [URL.AppendBinary],
//     [URL.UnmarshalBinary], [URL.Scan] and [URL.Value] (database/sql),
//     [URL.LogValue] (log/slog); and for people, [URL.Display].
//
// A URL is a value, as time.Time is: copying one (v := *u) gives an
// independent URL, and URLs are comparable, *u == *v holding exactly when
// u and v are equal URLs (see [URL.Equal]); comparing two *URL compares
// their addresses. Methods that only read a URL never write to it, so
// goroutines may share a URL that none of them changes. The getters and
// the encoders ([URL.String], [URL.MarshalText], [URL.MarshalBinary],
// [URL.Value], [URL.LogValue] and the like) have value receivers, so that
// a URL held by value prints as its href with fmt, logs as it with slog,
// and marshals as it in JSON, XML, text, binary and gob, as a struct
// field, a slice element or a map value too. The setters, the Unmarshal
// methods, [URL.Scan] and [URL.SearchParams] (a list bound to its URL)
// have pointer receivers, and so do the methods that take the URL as a
// base ([URL.Parse], [URL.MakeRelative], ...). A nil *URL prints as
// <nil> and marshals as JSON's null; a getter called on it panics, as a
// method of a nil *time.Time does.
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

// IsSpecialScheme reports whether scheme is one of the URL Standard's
// special schemes, "ftp", "file", "http", "https", "ws" and "wss", which
// parse with a host and a path of segments, and "\\" read as "/". The
// scheme is compared as it is: a URL's scheme is in lower case.
// https://url.spec.whatwg.org/#special-scheme
func IsSpecialScheme(scheme string) bool {
	return schemeKindOf(scheme).special() && !hasUpper(scheme)
}

// DefaultPort returns the default port of a special scheme, "21" for
// "ftp", "80" for "http" and "ws", "443" for "https" and "wss", and ""
// for any other scheme, "file" among them: the port a URL's serialization
// leaves out.
// https://url.spec.whatwg.org/#default-port
func DefaultPort(scheme string) string {
	if hasUpper(scheme) {
		return ""
	}
	switch schemeKindOf(scheme).defaultPort() {
	case 21:
		return "21"
	case 80:
		return "80"
	case 443:
		return "443"
	}
	return ""
}

func hasUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			return true
		}
	}
	return false
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

// readScheme reads the scheme that s starts with, as the scheme start and
// scheme states read one: an ASCII alpha, then ASCII alphanumerics, "+",
// "-" and ".", then ":". It returns the index of that ":" (0 when s starts
// with no scheme), the scheme's kind, whether it has an upper-case letter
// (which the scheme state lowercases), and whether "//" follows the ":"
// (which the special authority slashes state looks for). The states and
// the shortcuts read schemes with it.
// https://url.spec.whatwg.org/#scheme-start-state
func readScheme(s string) (colon int, kind schemeKind, upper, slashes bool) {
	if len(s) >= 8 {
		if colon, kind = lowerSpecialScheme(ascii.Load64(s, 0)); colon > 0 {
			return colon, kind, false, true
		}
	}
	return readAnyScheme(s)
}

// readAnyScheme is readScheme without its first step, for callers that
// took that step themselves or expect no special scheme: it reads a byte
// at a time, which for the four to six bytes of most schemes costs less
// than reading the first eight as one word (bench/README.md); but a
// scheme of a special scheme's length, once read, is told apart as one
// word.
func readAnyScheme(s string) (colon int, kind schemeKind, upper, slashes bool) {
	if len(s) == 0 || !ascii.IsAlpha(s[0]) {
		return 0, schemeOther, false, false
	}
	cls := byteClasses[s[0]]
	i := 1
	for ; i < len(s) && byteClasses[s[i]]&clsScheme != 0; i++ {
		cls |= byteClasses[s[i]]
	}
	if i == len(s) || s[i] != ':' {
		return 0, schemeOther, false, false
	}
	if i >= 2 && i <= 5 && len(s) >= 8 {
		// schemeKindOf(s[:i]), with the bytes read as one word.
		kind = schemeOfWord((ascii.Load64(s, 0) | 0x2020202020202020) & (1<<(8*i) - 1))
	} else {
		kind = schemeKindOf(s[:i])
	}
	return i, kind, cls&clsUpper != 0, i+2 < len(s) && s[i+1] == '/' && s[i+2] == '/'
}

// lowerSpecialScheme is readScheme's first step: it returns the index of
// the ":" and the kind of a special scheme in lower case followed by "://"
// that x, the input's first eight bytes as a little-endian word, starts
// with, a compare each; or 0. The verbatim shortcut calls it itself: it
// inlines (TestInlining) where readScheme does not, and a call for the
// scheme of every URL is measurably slower (bench/README.md, "What the
// code's comments rest on").
func lowerSpecialScheme(x uint64) (colon int, kind schemeKind) {
	const (
		colonSlashes = uint64(':') | uint64('/')<<8 | uint64('/')<<16 // "://"
		bytes5       = 1<<40 - 1
		bytes6       = 1<<48 - 1
		bytes7       = 1<<56 - 1
	)
	switch {
	case x == wordHTTPS|colonSlashes<<40:
		return 5, schemeHTTPS
	case x&bytes7 == wordHTTP|colonSlashes<<32:
		return 4, schemeHTTP
	case x&bytes7 == wordFile|colonSlashes<<32:
		return 4, schemeFile
	case x&bytes6 == wordWSS|colonSlashes<<24:
		return 3, schemeWSS
	case x&bytes5 == wordWS|colonSlashes<<16:
		return 2, schemeWS
	case x&bytes6 == wordFTP|colonSlashes<<24:
		return 3, schemeFTP
	}
	return 0, schemeOther
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
	Op     string    // what failed: "" for parsing a URL, "parse host", "domain to ASCII" or a setter
	Input  string    // the input that failed to parse
	Base   string    // the base URL's serialization, or "" when there was none
	Code   ErrorCode // the validation error
	Offset int       // the byte offset in Input where it points
}

// Error returns "weburl: parse", the input and, if there was one, the base
// URL, quoted, and the code's name: weburl: parse "https://:443":
// host-missing. An input or base longer than 1 KiB is cut short, with its
// length. A relative reference parsed without a base (such as "../x" or
// "/a", which net/url's Parse takes) adds how to resolve it.
func (e *Error) Error() string {
	op := e.Op
	if op == "" {
		op = "parse"
	}
	s := "weburl: " + op + " " + quote.Short(e.Input)
	if e.Base != "" {
		s += " against " + quote.Short(e.Base)
	}
	s += ": " + e.Code.String()
	if e.Code == ErrMissingSchemeNonRelativeURL && e.Base == "" && e.Op == "" {
		// net/url parses a reference alone; here it needs its base.
		s += " (a relative reference: resolve it against its base URL with base.Parse)"
	}
	return s
}

// Unwrap returns the code, so that errors.Is can match it.
func (e *Error) Unwrap() error { return e.Code }

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
//
// Parse inlines, so that the URL it returns is allocated where it is
// called: a caller that does not keep the URL past its own return (that
// reads its parts, or parses into a variable that does not escape) has it
// on its stack, and Parse then allocates only the href, and nothing when
// the input is its own serialization (an input whose host is ASCII, with
// no tab or newline). A URL kept is one allocation, and its href a second
// when it is not the input.
// https://url.spec.whatwg.org/#concept-url-parser
func Parse(rawURL string) (*URL, error) {
	return parseNew(new(URL), rawURL, nil)
}

// MustParse is [Parse] for an input that is known to be a URL, in
// constants and tests: it panics, with the [*Error], when rawURL does not
// parse.
func MustParse(rawURL string) *URL {
	u, err := Parse(rawURL)
	if err != nil {
		panic(err)
	}
	return u
}

// Parse parses ref with u as its base URL (JavaScript's new URL(ref, u)):
// ref may be relative, as in a link on the page at u. A nil u parses ref
// without a base, as [Parse] does. It allocates as Parse does: the new
// URL where it is called, and its href.
// https://url.spec.whatwg.org/#api-url-parser
func (u *URL) Parse(ref string) (*URL, error) {
	return parseNew(new(URL), ref, u)
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
func (u *URL) CanParse(ref string) bool { return canParse(ref, u) }

// Href returns the serialization of the URL, as JavaScript's URL.href does:
// "" for the zero URL.
// https://url.spec.whatwg.org/#dom-url-href
func (u URL) Href() string { return u.href }

// String returns the serialization of the URL; it is [URL.Href].
// https://url.spec.whatwg.org/#concept-url-serializer
func (u URL) String() string { return u.Href() }

// Protocol returns the scheme followed by ":", as JavaScript's URL.protocol does.
// https://url.spec.whatwg.org/#dom-url-protocol
func (u URL) Protocol() string {
	if u.href == "" {
		return ""
	}
	return u.href[:u.schemeEnd+1]
}

// Username returns the username, percent-encoded, as JavaScript's URL.username does.
// https://url.spec.whatwg.org/#dom-url-username
func (u URL) Username() string {
	if u.hostKind == HostNull {
		return ""
	}
	return u.href[u.schemeEnd+3 : u.usernameEnd]
}

// Password returns the password, percent-encoded, as JavaScript's URL.password does.
// https://url.spec.whatwg.org/#dom-url-password
func (u URL) Password() string {
	if u.hostStart > u.usernameEnd+1 {
		return u.href[u.usernameEnd+1 : u.hostStart-1]
	}
	return ""
}

// Host returns the serialized host and, if the port is not null, ":" and the
// port, as JavaScript's URL.host does.
// https://url.spec.whatwg.org/#dom-url-host
func (u URL) Host() string {
	if u.hostKind == HostNull {
		return ""
	}
	return u.href[u.hostStart:u.pathStart]
}

// Hostname returns the serialized host, as JavaScript's URL.hostname does:
// a domain in its ASCII form, an IPv4 address in dotted decimal, an IPv6
// address in brackets, an opaque host, or "".
//
// An IPv6 address keeps its brackets: "[::1]" for http://[::1]:8080/,
// where net/url's Hostname gives "::1". So net.JoinHostPort(u.Hostname(),
// u.Port()) would give "[[::1]]:8080": use [URL.DialAddress] for the
// address to dial ("[::1]:8080"), and [URL.HostValue] and [Host.Addr] for
// the address as a netip.Addr.
// https://url.spec.whatwg.org/#dom-url-hostname
func (u URL) Hostname() string { return u.href[u.hostStart:u.hostEnd] }

// Port returns the port in decimal, or "" when it is null (absent, or the
// scheme's default port), as JavaScript's URL.port does.
// https://url.spec.whatwg.org/#dom-url-port
func (u URL) Port() string {
	if !u.hasPort() {
		return ""
	}
	return u.href[u.hostEnd+1 : u.pathStart]
}

// Pathname returns the serialized path, as JavaScript's URL.pathname does.
// https://url.spec.whatwg.org/#dom-url-pathname
func (u URL) Pathname() string { return u.href[u.pathStart:u.pathEnd()] }

// Search returns "?" followed by the query, or "" when the query is null or
// empty, as JavaScript's URL.search does.
// https://url.spec.whatwg.org/#dom-url-search
func (u URL) Search() string {
	if u.queryStart == omitted || u.queryEnd()-u.queryStart <= 1 {
		return ""
	}
	return u.href[u.queryStart:u.queryEnd()]
}

// Hash returns "#" followed by the fragment, or "" when the fragment is null
// or empty, as JavaScript's URL.hash does.
// https://url.spec.whatwg.org/#dom-url-hash
func (u URL) Hash() string {
	if u.hashStart == omitted || uint32(len(u.href))-u.hashStart <= 1 {
		return ""
	}
	return u.href[u.hashStart:]
}

// HasSearch reports whether the URL has a query, which may be empty: the
// query of "https://a.example/?" is empty, that of "https://a.example/"
// null. Search returns "" for both, as JavaScript's URL.search does.
// https://url.spec.whatwg.org/#concept-url-query
func (u URL) HasSearch() bool { return u.queryStart != omitted && u.queryStart != 0 } // 0: the zero URL

// HasHash reports whether the URL has a fragment, which may be empty: the
// fragment of "https://a.example/#" is empty, that of
// "https://a.example/" null. Hash returns "" for both, as JavaScript's
// URL.hash does.
// https://url.spec.whatwg.org/#concept-url-fragment
func (u URL) HasHash() bool { return u.hashStart != omitted && u.hashStart != 0 }

// Equal reports whether u and v are equal URLs: whether their
// serializations are the same. A nil URL is equal to the zero URL (and to
// nil). Equal is *u == *v for URLs that are not nil.
// https://url.spec.whatwg.org/#concept-url-equals
func (u *URL) Equal(v *URL) bool { return hrefOf(u) == hrefOf(v) }

// EqualExcludingFragments reports whether u and v are equal but for their
// fragments: the standard's URL equivalence with exclude fragments set. A
// nil URL is treated as the zero URL.
// https://url.spec.whatwg.org/#concept-url-equals
func (u *URL) EqualExcludingFragments(v *URL) bool {
	if u == nil || v == nil {
		return hrefOf(u) == hrefOf(v)
	}
	return u.href[:u.queryEnd()] == v.href[:v.queryEnd()]
}

// hrefOf returns the href of u, or "" if u is nil.
func hrefOf(u *URL) string {
	if u == nil {
		return ""
	}
	return u.href
}

// Scheme returns the scheme, without the ":" that [URL.Protocol] ends
// with: the standard's URL scheme, always in lower case, and net/url's
// Scheme field.
// https://url.spec.whatwg.org/#concept-url-scheme
func (u URL) Scheme() string {
	if u.href == "" {
		return ""
	}
	return u.href[:u.schemeEnd]
}
