package weburl

import (
	"math"
	"math/bits"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// state is a state of the basic URL parser, in the standard's order.
// https://url.spec.whatwg.org/#concept-basic-url-parser
type state uint8

const (
	stateNone                          state = iota // no state override
	stateSchemeStart                                // #scheme-start-state
	stateScheme                                     // #scheme-state
	stateNoScheme                                   // #no-scheme-state
	stateSpecialRelativeOrAuthority                 // #special-relative-or-authority-state
	statePathOrAuthority                            // #path-or-authority-state
	stateRelative                                   // #relative-state
	stateRelativeSlash                              // #relative-slash-state
	stateSpecialAuthoritySlashes                    // #special-authority-slashes-state
	stateSpecialAuthorityIgnoreSlashes              // #special-authority-ignore-slashes-state
	stateAuthority                                  // #authority-state
	stateHost                                       // #host-state
	stateHostname                                   // #hostname-state
	statePort                                       // #port-state
	stateFile                                       // #file-state
	stateFileSlash                                  // #file-slash-state
	stateFileHost                                   // #file-host-state
	statePathStart                                  // #path-start-state
	statePath                                       // #path-state
	stateOpaquePath                                 // #cannot-be-a-base-url-path-state
	stateQuery                                      // #query-state
	stateFragment                                   // #fragment-state
	stateDone                                       // not a spec state: the machine has stopped
)

var stateNames = [...]string{
	stateNone:                          "no state override",
	stateSchemeStart:                   "scheme start state",
	stateScheme:                        "scheme state",
	stateNoScheme:                      "no scheme state",
	stateSpecialRelativeOrAuthority:    "special relative or authority state",
	statePathOrAuthority:               "path or authority state",
	stateRelative:                      "relative state",
	stateRelativeSlash:                 "relative slash state",
	stateSpecialAuthoritySlashes:       "special authority slashes state",
	stateSpecialAuthorityIgnoreSlashes: "special authority ignore slashes state",
	stateAuthority:                     "authority state",
	stateHost:                          "host state",
	stateHostname:                      "hostname state",
	statePort:                          "port state",
	stateFile:                          "file state",
	stateFileSlash:                     "file slash state",
	stateFileHost:                      "file host state",
	statePathStart:                     "path start state",
	statePath:                          "path state",
	stateOpaquePath:                    "opaque path state",
	stateQuery:                         "query state",
	stateFragment:                      "fragment state",
	stateDone:                          "done",
}

func (s state) String() string { return stateNames[s] }

// fastPaths switches on the shortcuts that skip the states' byte-by-byte
// work where it would change nothing (pathRun, appendDomain's copy); tests
// switch it off to check that they agree.
var fastPaths = true

// maxHref is the longest serialization a URL may have: its offsets are
// uint32. (Compare lengths as uint64: on 32-bit platforms no string is so
// long.)
const maxHref uint64 = math.MaxUint32 - 1

// byteClass holds, for each byte, the classes the states scan for, so that
// a scan tests one table entry per byte rather than a chain of
// comparisons.
type byteClass uint16

const (
	clsScheme       byteClass = 1 << iota // ASCII alphanumeric, "+", "-", ".": may follow a scheme's first code point
	clsUpper                              // ASCII upper alpha
	clsAuthorityEnd                       // "/", "?", "#": end the authority, the host and the port
	clsBackslash                          // "\": ends them too in a special URL
	clsAt                                 // "@"
	clsColon                              // ":"
	clsBracket                            // "[" or "]"
	clsPathEncode                         // in the path percent-encode set
	clsDotOrPercent                       // "." or "%": may begin a dot segment
	clsDomainOther                        // "%", a forbidden domain code point or non-ASCII: with upper alpha, not copied as is into a domain

	// clsDomainSpecial is the bytes a domain is not copied with as it is:
	// upper alpha, "%", a forbidden domain code point or non-ASCII.
	clsDomainSpecial = clsUpper | clsDomainOther
)

var byteClasses = func() (t [256]byteClass) {
	for c := range 256 {
		b := byte(c)
		if isSchemeChar(b) {
			t[c] |= clsScheme
		}
		if 'A' <= b && b <= 'Z' {
			t[c] |= clsUpper
		}
		if pathSet.has(b) {
			t[c] |= clsPathEncode
		}
		if hostTable[c]&forbiddenDomain != 0 && b != ':' || b >= utf8.RuneSelf {
			t[c] |= clsDomainOther // ":" ends a domain before it
		}
	}
	for _, c := range "/?#" {
		t[c] |= clsAuthorityEnd
	}
	t['\\'] |= clsBackslash
	t['@'] |= clsAt
	t[':'] |= clsColon
	t['['] |= clsBracket
	t[']'] |= clsBracket
	t['.'] |= clsDotOrPercent
	t['%'] |= clsDotOrPercent
	return t
}()

// parser is the state of one run of the basic URL parser. It writes the URL
// it builds straight into a buffer, in serialization order, and keeps the
// offsets of the components written so far in c.
// https://url.spec.whatwg.org/#concept-basic-url-parser
type parser struct {
	in       string // the input, cleaned at the door (see clean)
	i        int    // the pointer: an index into in; i == len(in) is the EOF code point
	state    state
	override state      // the state override, or stateNone
	base     *URL       // the base URL, or nil
	url      *URL       // with a state override: the URL the setter changes
	c        components // the offsets of the URL built so far in the buffer

	// canParse stops the machine once the URL can no longer fail: the path,
	// query and fragment states never do.
	canParse bool
	// portSet records that a state override set the port (perhaps to null).
	portSet bool

	hint hostHint // what the authority state learned of the host

	head string // the URL's start, which resume or resumeRelative skips

	raw   string      // the input before clean-up, for offsets
	errAt int         // where in p.in the fatal validation error was found
	v     *validation // set when someone listens for validation errors

	enc *legacyEncoding // the encoding of the query, or nil for UTF-8
}

// hostHint carries what the authority state's scan learned of the host
// that follows it, so that the host state and the domain parser need not
// scan it again: where it ends (at its first ":", or at the end of the
// authority) and whether every byte may be copied into a domain as it is.
// It holds (ok) only without a "[", which changes what ":" means.
type hostHint struct {
	start, end int
	plain, ok  bool
}

// clean turns s into the scalar value string the standard parses: invalid
// UTF-8 becomes U+FFFD (as a JavaScript USVString would read it); with trim,
// leading and trailing C0 control or space are removed (the basic URL
// parser does this when it is not given a URL); ASCII tab or newline are
// removed anywhere. Each leading or trailing C0 control or space, and each
// tab or newline, is an invalid-URL-unit validation error. s is returned
// itself when nothing changes.
// https://url.spec.whatwg.org/#concept-basic-url-parser
func clean(s string, trim bool) string {
	if trim && len(s) > 0 && (s[0] <= ' ' || s[len(s)-1] <= ' ') {
		start, end := 0, len(s)
		for start < end && s[start] <= ' ' {
			start++
		}
		for end > start && s[end-1] <= ' ' {
			end--
		}
		s = s[start:end]
	}
	i := asciiWithoutControls(s)
	if i < len(s) && len(s) >= 8 && i+8 > len(s) && plainASCII(load64(s, len(s)-8)) {
		return s // the last eight bytes, overlapping the prefix, are plain too
	}
	for i < len(s) && s[i] < utf8.RuneSelf && s[i] != '\t' && s[i] != '\n' && s[i] != '\r' {
		i++
	}
	if i == len(s) {
		return s
	}
	if !utf8.ValidString(s[i:]) {
		s = toValidUTF8(s)
	}
	// One allocation, for the string itself.
	var b strings.Builder
	start := 0
	for j := i; j < len(s); j++ {
		if isTabOrNewline(s[j]) {
			if start == 0 {
				b.Grow(len(s) - 1)
			}
			b.WriteString(s[start:j])
			start = j + 1
		}
	}
	if start == 0 {
		return s
	}
	b.WriteString(s[start:])
	return b.String()
}

// asciiWithoutControls returns the length of the longest prefix of s, in
// whole words of eight bytes, that has no byte above 0x7F and none below
// 0x10 (which holds tab, line feed and carriage return).
func asciiWithoutControls(s string) int {
	i := 0
	for ; i+16 <= len(s); i += 16 {
		x, y := load64(s, i), load64(s, i+8)
		if (x|y|(x-0x1010101010101010)&^x|(y-0x1010101010101010)&^y)&0x8080808080808080 != 0 {
			break
		}
	}
	for ; i+8 <= len(s) && plainASCII(load64(s, i)); i += 8 {
	}
	return i
}

// plainASCII reports whether the eight bytes of x are all from 0x10 to
// 0x7F: x-0x10… borrows into the high bit of a byte below 0x10.
func plainASCII(x uint64) bool {
	return (x|(x-0x1010101010101010)&^x)&0x8080808080808080 == 0
}

// bytesEqual returns x with the high bit of each byte that equals c set,
// and every other bit clear.
func bytesEqual(x uint64, c byte) uint64 {
	y := x ^ 0x0101010101010101*uint64(c)
	return ^((y&0x7F7F7F7F7F7F7F7F + 0x7F7F7F7F7F7F7F7F) | y) & 0x8080808080808080
}

// load64 returns the eight bytes of s at i as a little-endian word (the
// compiler makes it one load).
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// toValidUTF8 replaces each maximal ill-formed subsequence of s with U+FFFD,
// as the Encoding Standard's UTF-8 decoder does (and Unicode recommends):
// a truncated sequence becomes one U+FFFD, each other invalid byte one.
// https://encoding.spec.whatwg.org/#utf-8-decoder
func toValidUTF8(s string) string {
	b := make([]byte, 0, len(s)+len(s)/2)
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			b = append(b, c)
			i++
			continue
		}
		if r, n := utf8.DecodeRuneInString(s[i:]); r != utf8.RuneError || n > 1 {
			b = append(b, s[i:i+n]...)
			i += n
			continue
		}
		b = append(b, "\uFFFD"...)
		i += invalidUTF8Len(s, i)
	}
	return string(b)
}

// invalidUTF8Len returns the length of the maximal ill-formed subsequence
// at s[i], which starts no valid UTF-8 sequence: the longest prefix of one.
func invalidUTF8Len(s string, i int) int {
	c := s[i]
	need, lo, hi := 0, byte(0x80), byte(0xBF)
	switch {
	case 0xC2 <= c && c <= 0xDF:
		need = 1
	case 0xE0 <= c && c <= 0xEF:
		need = 2
		if c == 0xE0 {
			lo = 0xA0
		} else if c == 0xED {
			hi = 0x9F
		}
	case 0xF0 <= c && c <= 0xF4:
		need = 3
		if c == 0xF0 {
			lo = 0x90
		} else if c == 0xF4 {
			hi = 0x8F
		}
	}
	n := 1
	for ; need > 0 && i+n < len(s) && lo <= s[i+n] && s[i+n] <= hi; need-- {
		n++
		lo, hi = 0x80, 0xBF
	}
	return n
}

// run runs the state machine on buf, the URL built so far, until it stops
// or fails. The buffer is passed along, not kept in p, so that a buffer on
// the caller's stack stays there.
func (p *parser) run(buf []byte) ([]byte, ErrorCode) {
	var err ErrorCode
	// canParse stops before the first state that cannot fail.
	stop := stateDone
	if p.canParse {
		stop = statePathStart
	}
	for p.state < stop {
		switch p.state {
		case stateSchemeStart:
			buf, err = p.schemeStartState(buf)
		case stateScheme:
			buf, err = p.schemeState(buf)
		case stateNoScheme:
			buf, err = p.noSchemeState(buf)
		case stateSpecialRelativeOrAuthority:
			p.specialRelativeOrAuthorityState()
		case statePathOrAuthority:
			p.pathOrAuthorityState()
		case stateRelative:
			buf = p.relativeState(buf)
		case stateRelativeSlash:
			buf = p.relativeSlashState(buf)
		case stateSpecialAuthoritySlashes:
			p.specialAuthoritySlashesState()
		case stateSpecialAuthorityIgnoreSlashes:
			p.specialAuthorityIgnoreSlashesState()
		case stateAuthority:
			buf, err = p.authorityState(buf)
		case stateHost, stateHostname:
			buf, err = p.hostState(buf)
		case statePort:
			buf, err = p.portState(buf)
		case stateFile:
			buf = p.fileState(buf)
		case stateFileSlash:
			buf = p.fileSlashState(buf)
		case stateFileHost:
			buf, err = p.fileHostState(buf)
		case statePathStart:
			buf = p.pathStartState(buf)
		case statePath:
			buf = p.pathState(buf)
		case stateOpaquePath:
			buf = p.opaquePathState(buf)
		case stateQuery:
			buf = p.queryState(buf)
		case stateFragment:
			buf = p.fragmentState(buf)
		}
		if err != 0 {
			return buf, err
		}
	}
	return buf, 0
}

// parse runs the basic URL parser on input with base (which may be nil) and
// returns the new URL. v is nil unless someone listens for validation
// errors; enc is the encoding, nil for UTF-8.
func parse(input string, base *URL, v *validation, enc *legacyEncoding) (*URL, *Error) {
	if fastPaths && v == nil && enc == nil {
		if base != nil {
			at, c, ok := resolveVerbatim(base, input)
			if ok {
				return newURL(base.href[:at], input, &c), nil
			}
			if at > 0 {
				_, _, u, err := parseGeneral(input, base, v, enc, true, nil, -int(at))
				return u, err
			}
		}
		c, prefix, ok := parseVerbatim(input, false)
		if ok {
			return &URL{href: input, components: c}, nil
		}
		_, _, u, err := parseGeneral(input, base, v, enc, true, &c, prefix)
		return u, err
	}
	_, _, u, err := parseGeneral(input, base, v, enc, true, nil, 0)
	return u, err
}

// parseHref is parse without the URL: it returns the new URL's href and
// components. It tries the fast paths, which recognize input that the
// parser would copy as it is, and then runs the basic URL parser.
func parseHref(input string, base *URL, v *validation, enc *legacyEncoding) (string, components, *Error) {
	if fastPaths && v == nil && enc == nil {
		// A reference that resolveVerbatim reads has no scheme, so
		// parseVerbatim would not take it: resolveVerbatim goes first.
		if base != nil {
			at, c, ok := resolveVerbatim(base, input)
			if ok {
				return concat(base.href[:at], input), c, nil
			}
			if at > 0 {
				href, c, _, err := parseGeneral(input, base, v, enc, false, nil, -int(at))
				return href, c, err
			}
		}
		c, prefix, ok := parseVerbatim(input, false)
		if ok {
			return input, c, nil
		}
		href, c, _, err := parseGeneral(input, base, v, enc, false, &c, prefix)
		return href, c, err
	}
	href, c, _, err := parseGeneral(input, base, v, enc, false, nil, 0)
	return href, c, err
}

// parseGeneral runs the basic URL parser on input, cleaned up, against
// base, and returns the new URL's href and components; with wantURL, it
// returns the new URL instead (see (*parser).parse). With prefix > 0 the
// parser starts after input[:prefix], a scheme and authority (or a scheme
// and ":" before an opaque path) that parseVerbatim found the parser would
// copy as they are, with components c. With prefix < 0, input is a
// reference that resolveVerbatim read but did not take, whose path would
// go at -prefix in the new href; c is nil.
func parseGeneral(input string, base *URL, v *validation, enc *legacyEncoding, wantURL bool, c *components, prefix int) (string, components, *URL, *Error) {
	if len(input) > MaxInputLength {
		return "", components{}, nil, tooLong(input, base, v)
	}
	var p parser
	p.init(input, clean(input, true), base)
	p.v = v
	p.enc = enc
	switch {
	case prefix > 0:
		p.resume(c, prefix)
	case prefix < 0 && p.in == input:
		p.resumeRelative(uint32(-prefix))
	}
	href, u, err := p.parse(wantURL)
	return href, p.c, u, err
}

// tooLong returns the error for an input longer than MaxInputLength.
func tooLong(input string, base *URL, v *validation) *Error {
	e := &Error{Input: input, Code: ErrURLTooLong, Offset: MaxInputLength}
	if base != nil {
		e.Base = base.href
	}
	if v != nil {
		v.onError(ValidationError{Code: e.Code, Offset: e.Offset, Fatal: true})
	}
	return e
}

// parse runs the parser set up by init and returns the new URL's href; its
// components are then p.c. With wantURL, it returns the new URL instead,
// made with its href in one allocation where it can be (see newURL).
func (p *parser) parse(wantURL bool) (string, *URL, *Error) {
	if p.v != nil {
		p.reportCleanUp()
	}
	// A URL short enough is built on the stack and copied into its href
	// (and its URL, with wantURL); a longer one in a buffer on the heap
	// that becomes the href. A relative reference's URL takes the base's
	// scheme, host and path. (The two are kept apart: were the stack
	// buffer ever made an href, escape analysis would move it to the heap.)
	n := len(p.in)
	if p.base != nil {
		n += len(p.base.href)
	}
	var href string
	if n > 192 {
		buf, err := p.run(append(make([]byte, 0, n+n/4), p.head...))
		if err != 0 {
			return "", nil, p.error(err)
		}
		buf = p.finish(buf)
		if uint64(len(buf)) > maxHref {
			return "", nil, p.error(p.fail(ErrURLTooLong, 0))
		}
		switch {
		case string(buf) == p.raw:
			href = p.raw
		case cap(buf) <= 2*len(buf):
			// Nothing writes to buf again. A buffer mostly empty, as when
			// "../" segments or tabs shrink the input, is copied instead.
			href = unsafe.String(unsafe.SliceData(buf), len(buf))
		default:
			href = string(buf)
		}
	} else {
		var scratch [256]byte
		buf, err := p.run(append(scratch[:0], p.head...))
		if err != 0 {
			return "", nil, p.error(err)
		}
		buf = p.finish(buf)
		switch {
		case string(buf) == p.raw:
			href = p.raw
		case wantURL:
			return "", newURL(unsafe.String(unsafe.SliceData(buf), len(buf)), "", &p.c), nil
		default:
			href = string(buf)
		}
	}
	if wantURL {
		return "", &URL{href: href, components: p.c}, nil
	}
	return href, nil, nil
}

// parseVerbatim recognizes the commonest input, an absolute URL that is its
// own serialization, and returns its components: the basic URL parser
// would copy it byte for byte, whatever the base. For a special scheme
// that takes a lower-case scheme and "//"; no credentials; an ASCII domain
// that the host parser copies as it is (see appendDomain) and that does not
// end in a number; a port, if any, of digits without a leading zero, up to
// 65535 and not the scheme's default; and a path from "/", query and
// fragment with nothing to percent-encode, no "\" and no segment that
// starts with "." or "%" (which could be a dot segment). Every byte is then
// a visible ASCII one, so clean would change nothing. A file URL may have
// an empty host but not "localhost" (which becomes empty), no port, and no
// first segment with "|" second (which could be a drive letter to
// rewrite). Other schemes go to verbatimNonSpecial.
//
// When the input is not taken but its scheme and authority are as the
// parser would copy them, and the authority ends where the path starts,
// prefix is their length, and c their components: the parser can start
// there (see resume). Parsing wpt's inputs went from 1,749 instructions
// per URL to 1,638 with it, with the collector off (GOGC=off bench/ir.sh
// parse, one pass count); an input with a space, a non-ASCII code point or
// a dot segment in its path is common on the web too.
//
// With validOnly, for CanParse, it stops at the end of the authority,
// where the input can no longer fail, and takes any valid port.
func parseVerbatim(s string, validOnly bool) (c components, prefix int, ok bool) {
	if len(s) < 8 || len(s) > MaxInputLength {
		if len(s) > MaxInputLength {
			return c, 0, false
		}
		return verbatimNonSpecial(s, validOnly) // too short for the word compare
	}
	const (
		slashes = uint64(':') | uint64('/')<<8 | uint64('/')<<16 // "://"
		bytes5  = 1<<40 - 1
		bytes6  = 1<<48 - 1
		bytes7  = 1<<56 - 1
	)
	x := load64(s, 0)
	switch {
	case x == wordHTTPS|slashes<<40:
		c.scheme, c.schemeEnd = schemeHTTPS, 5
	case x&bytes7 == wordHTTP|slashes<<32:
		c.scheme, c.schemeEnd = schemeHTTP, 4
	case x&bytes6 == wordWSS|slashes<<24:
		c.scheme, c.schemeEnd = schemeWSS, 3
	case x&bytes6 == wordFTP|slashes<<24:
		c.scheme, c.schemeEnd = schemeFTP, 3
	case x&bytes5 == wordWS|slashes<<16:
		c.scheme, c.schemeEnd = schemeWS, 2
	case x&bytes7 == wordFile|slashes<<32:
		c.scheme, c.schemeEnd = schemeFile, 4
	default:
		return verbatimNonSpecial(s, validOnly)
	}
	i := int(c.schemeEnd) + 3
	c.usernameEnd, c.hostStart = uint32(i), uint32(i)
	const stop = clsColon | clsAuthorityEnd | clsBackslash | clsAt | clsBracket
	var j int
	if validOnly {
		// An ASCII domain fails only on a forbidden domain code point, or
		// if it is empty or ends in a number: upper case may stay. (That
		// took CanParse of wpt's inputs from 730 instructions per URL to
		// 714: bench/ir.sh canparse, one pass count.)
		j = scanDomain(s, i, clsDomainOther|stop)
	} else {
		j = scanDomain(s, i, clsDomainSpecial|stop)
	}
	c.hostEnd, c.hostKind = uint32(j), HostDomain
	switch {
	case c.scheme == schemeFile && j == i:
		c.hostKind = HostEmpty
	case j == i || mayEndInANumber(s[j-1]) && endsInANumber(s[i:j]) || c.scheme == schemeFile && s[i:j] == "localhost":
		return c, 0, false
	}
	if j < len(s) && s[j] == ':' && c.scheme != schemeFile {
		if j, ok = verbatimPort(s, j, c.scheme, validOnly); !ok {
			return c, 0, false
		}
	}
	if validOnly {
		return c, 0, j == len(s) || byteClasses[s[j]]&(clsAuthorityEnd|clsBackslash) != 0
	}
	if j == len(s) || s[j] != '/' {
		if j < len(s) && byteClasses[s[j]]&(clsAuthorityEnd|clsBackslash) == 0 {
			return c, 0, false
		}
		return c, j, false // the path "/" would be added
	}
	c.pathStart = uint32(j)
	if c.scheme == schemeFile && j+2 < len(s) && s[j+2] == '|' {
		return c, j, false
	}
	return c, j, verbatimPath(s, j+1, &c, clsPathEncode|clsBackslash, specialQuerySet)
}

// verbatimPort reads the port whose ":" is s[j] and returns where it ends.
// It reports whether the port state would copy it as it is (or, with
// validOnly, take it): digits without a leading zero, up to 65535 and not
// the default port of the scheme kind.
func verbatimPort(s string, j int, kind schemeKind, validOnly bool) (end int, ok bool) {
	k, port := j+1, 0
	for ; k < len(s) && isDigit(s[k]); k++ {
		port = min(port*10+int(s[k]-'0'), 1<<16)
	}
	if port > 0xFFFF || !validOnly && (k == j+1 || s[j+1] == '0' && k > j+2 || port == kind.defaultPort()) {
		return k, false
	}
	return k, true
}

// verbatimNonSpecial is parseVerbatim for a scheme that is not special:
// one of lower-case ASCII alphanumerics, "+", "-" and ".", followed by
// ":". The URL then has one of three shapes, each copied as it is when
// every byte is visible ASCII and none needs percent-encoding:
//   - "//", an opaque host (no credentials, no "[", no forbidden host code
//     point, not empty before a port) and a port as parseVerbatim takes it
//     (there is no default port), then a path from "/", or none, as
//     parseVerbatim takes it, except that "\" is an ordinary byte;
//   - "/" and such a path, with a null host;
//   - an opaque path, up to "?" or "#", as verbatimPath takes a path.
//
// The prefix it returns, when it does not take the input, is that of the
// first shape's authority or the third's scheme and ":".
//
// With validOnly it returns once nothing after can fail: after the
// authority, or after the ":" when there is none.
//
// The byte (or two, after "/") following the ":" must not be a tab or
// newline, whose removal could bring two "/" together.
//
// Links with such schemes ("mailto:", "tel:", "javascript:", "data:") are
// common on the web. It took parsing wpt's inputs from 2,059 instructions
// per URL to 1,795, resolving them from 1,476 to 1,414 and CanParse from
// 945 to 728 (bench/ir.sh; the later figures from one pass count).
// FuzzFastPaths checks it against the state machine.
func verbatimNonSpecial(s string, validOnly bool) (c components, prefix int, ok bool) {
	if len(s) < 2 || s[0]-'a' > 'z'-'a' {
		return c, 0, false
	}
	i := 1
	for i < len(s) && byteClasses[s[i]]&(clsScheme|clsUpper) == clsScheme {
		i++
	}
	if i == len(s) || s[i] != ':' || schemeKindOf(s[:i]) != schemeOther {
		return c, 0, false
	}
	c.schemeEnd = uint32(i)
	i++
	c.usernameEnd, c.hostStart, c.hostEnd, c.pathStart = uint32(i), uint32(i), uint32(i), uint32(i)
	switch {
	case i+1 < len(s) && s[i] == '/' && s[i+1] == '/':
		i += 2
		j := i + indexEncoded(s[i:], opaqueHostStop)
		c.usernameEnd, c.hostStart, c.hostEnd, c.hostKind = uint32(i), uint32(i), uint32(j), HostOpaque
		if j == i {
			c.hostKind = HostEmpty
		}
		if j < len(s) && s[j] == ':' {
			if j == i {
				return c, 0, false // host-missing
			}
			if j, ok = verbatimPort(s, j, schemeOther, validOnly); !ok {
				return c, 0, false
			}
		}
		if j < len(s) && byteClasses[s[j]]&clsAuthorityEnd == 0 {
			return c, 0, false
		}
		if validOnly {
			return c, 0, true
		}
		c.pathStart = uint32(j)
		k := j
		if k < len(s) && s[k] == '/' {
			k++
		}
		return c, j, verbatimPath(s, k, &c, clsPathEncode, querySet)
	case i < len(s) && s[i] == '/':
		if validOnly {
			return c, 0, i+1 == len(s) || !isTabOrNewline(s[i+1])
		}
		return c, 0, verbatimPath(s, i+1, &c, clsPathEncode, querySet)
	default:
		if i < len(s) && isTabOrNewline(s[i]) {
			return c, 0, false
		}
		if validOnly {
			return c, 0, true
		}
		// The path scan takes only bytes an opaque path keeps, and segments
		// that cannot be dot segments: more than it needs.
		c.opaquePath = true
		return c, i, verbatimPath(s, i, &c, clsPathEncode, querySet)
	}
}

// verbatimPath reports whether the path segments from s[i], and the query
// and fragment after them, are as the URL serializer writes them: no byte
// of the classes stop (the path percent-encode set, and "\" in a special
// URL), no segment that starts with "." or "%" (which could be a dot
// segment), and no byte of the percent-encode sets query and the fragment
// percent-encode set. It sets c's query and fragment offsets to those in s.
func verbatimPath(s string, i int, c *components, stop byteClass, query encodeSet) bool {
	end, _, done := scanPathRun(s, i, stop, true)
	if !done {
		return false
	}
	c.queryStart, c.hashStart = omitted, omitted
	if end < len(s) && s[end] == '?' {
		c.queryStart = uint32(end)
		end += 1 + indexEncoded(s[end+1:], query)
		if end < len(s) && s[end] != '#' {
			return false
		}
	}
	if end < len(s) {
		c.hashStart = uint32(end)
		if indexEncoded(s[end+1:], fragmentSet) < len(s)-end-1 {
			return false
		}
	}
	return true
}

// resolveVerbatim recognizes the commonest relative references against a
// special base URL, where the basic URL parser copies a part of the base
// and then the reference as it is: a path from "/" (not "//"), or a path
// that does not start with "/", "\", "?", "#" or a scheme, which replaces
// the base's last segment; each with a query and fragment as parseVerbatim
// takes them, and no segment that starts with "." or "%". For a file base,
// neither may give a first segment that is a drive letter: the base's (a
// lone one stays when the last segment goes), nor the reference's, whose
// "|" would become ":". The new href is the base's up to at, its path or
// last segment, followed by ref; it returns at and the new components.
// When it reads ref's start but not the rest, it returns false with at
// set all the same (and 0 when it does not read that far): the parser
// can go on from there (see resumeRelative).
//
// With it, and with URL.Parse calling it directly, resolving kasztp.txt's
// paths went from 1,901 to 1,288 instructions per URL, and node_files.txt's
// relative paths from 2,489 to 1,774 (bench/ir.sh resolve). FuzzFastPaths
// checks it against the state machine.
func resolveVerbatim(base *URL, ref string) (at uint32, c components, ok bool) {
	if len(ref) == 0 || len(ref) > MaxInputLength || !base.scheme.special() || uint64(len(ref))+uint64(len(base.href)) > maxHref {
		return 0, c, false
	}
	at = base.pathStart // where ref goes in the new href
	from := 0           // where ref's first segment starts
	switch ref[0] {
	case '/':
		if len(ref) > 1 && (ref[1] == '/' || ref[1] == '\\') {
			return 0, c, false // scheme-relative
		}
		from = 1
	case '\\', '?', '#':
		return 0, c, false
	default:
		if isAlpha(ref[0]) {
			i := 1
			for i < len(ref) && byteClasses[ref[i]]&clsScheme != 0 {
				i++
			}
			if i < len(ref) && (ref[i] == ':' || ref[i] == '|' && i == 1 && base.scheme == schemeFile) {
				return 0, c, false // a scheme, or a drive letter
			}
		}
		// The path of a special URL starts with "/": ref replaces the
		// base's last segment.
		at += uint32(strings.LastIndexByte(base.href[at:base.pathEnd()], '/')) + 1
	}
	if base.scheme == schemeFile && (from == 1 && len(ref) > 2 && ref[2] == '|' || isNormalizedWindowsDriveLetter(base.firstPathSegment())) {
		return 0, c, false
	}
	if !verbatimPath(ref, from, &c, clsPathEncode|clsBackslash, specialQuerySet) {
		return at, c, false
	}
	q, h := c.queryStart, c.hashStart
	c = base.components
	c.queryStart, c.hashStart = moved(q, int(at)), moved(h, int(at))
	return at, c, true
}

// concat returns a + b. A short result is put together on the stack and
// copied once into its string: the runtime's concatenation, for any number
// of strings, costs about 100 instructions more per resolution of
// kasztp.txt (bench/ir.sh resolve).
func concat(a, b string) string {
	if len(a)+len(b) > 256 {
		return a + b
	}
	var buf [256]byte
	n := copy(buf[:], a)
	n += copy(buf[n:], b)
	return string(buf[:n])
}

// scanDomain returns the index of the first byte from s[i] of the classes
// stop, or len(s); stop holds no lower-case letter, digit, "-" or ".".
// Bytes other than those are rare in a domain, and mostly end it: the
// scan finds the first of them eight bytes at a time, without a branch
// per byte (see notLDH), and goes on a byte at a time only from there.
// The table scan it replaced, a word at a time and then byte by byte over
// the last word, mispredicted the end of the byte loop: parsing kasztp.txt
// went from 5.4 mispredicted branches per URL to 4.3, and from 674
// instructions to 668 (wpt's inputs: 25.0 to 23.3, and 1,640 to 1,644),
// in callgrind --branch-sim=yes with GOGC=off (bench/irurl, one pass
// count); CanParse on kasztp.txt from 32.4 to 23.3 ns per URL, ParseHref
// from 106.6 to 90.2 (bench: go test -bench, 10 rounds, benchstat).
func scanDomain(s string, i int, stop byteClass) int {
	for i < len(s) {
		switch {
		case i+8 <= len(s):
			m := notLDH(load64(s, i))
			if m == 0 {
				i += 8
				continue
			}
			i += bits.TrailingZeros64(m) >> 3
		case len(s) >= 8:
			// The last eight bytes, less those before s[i].
			k := len(s) - 8
			m := notLDH(load64(s, k)) >> (8 * (i - k))
			if m == 0 {
				return len(s)
			}
			i += bits.TrailingZeros64(m) >> 3
		}
		// s[i] is none of those, or s is shorter than eight bytes.
		break
	}
	for i < len(s) && byteClasses[s[i]]&stop == 0 {
		i++
	}
	return i
}

// notLDH returns x with the high bit of each byte set that is not an ASCII
// lower-case letter, digit, "-" or ".", and every other bit clear. Each
// byte of h is at least 0x80, so that subtracting a byte below 0x80 never
// borrows from the next: the high bit of a byte of h-lo is set if the
// byte of x is at least lo (for an ASCII byte), and so that of
// (h-lo)^(h-(hi+1)) if it is from lo to hi.
func notLDH(x uint64) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	h := x | highs
	lower := (h - 'a'*ones) ^ (h - ('z'+1)*ones)
	digit := (h - '0'*ones) ^ (h - ('9'+1)*ones)
	dash := (h - '-'*ones) ^ (h - ('.'+1)*ones)
	return (^(lower | digit | dash) | x) & highs
}

// classes8 returns the union of the classes of the eight bytes of w.
func classes8(w string) byteClass {
	_ = w[7]
	return byteClasses[w[0]] | byteClasses[w[1]] | byteClasses[w[2]] | byteClasses[w[3]] |
		byteClasses[w[4]] | byteClasses[w[5]] | byteClasses[w[6]] | byteClasses[w[7]]
}

// error returns the Error for the validation error that made p fail.
func (p *parser) error(code ErrorCode) *Error {
	e := &Error{Input: p.raw, Code: code, Offset: p.rawOffset(p.errAt)}
	if p.base != nil {
		e.Base = p.base.href
	}
	return e
}

// resume sets p, readied by init, to go on after p.in[:prefix], a scheme
// and authority or a scheme before an opaque path (see parseVerbatim), whose
// components are c: in the path start state, or the opaque path state.
// The input's start is plain visible ASCII there, so clean has left it as
// it is.
func (p *parser) resume(c *components, prefix int) {
	p.c = *c
	p.c.pathStart, p.c.queryStart, p.c.hashStart = uint32(prefix), omitted, omitted
	p.i, p.head = prefix, p.in[:prefix]
	p.state = statePathStart
	if c.opaquePath {
		p.state = stateOpaquePath
	}
}

// resumeRelative sets p, readied by init, to go on in the path state with
// a reference that resolveVerbatim read and did not take, whose path would
// start at offset at of the new href. The states before copy base's
// scheme, credentials, host and port, and its path shortened (up to the
// "/" before at) when the reference's path does not start with "/"; they
// report no validation error. p.in must be the input as it was: what
// clean removes could make a scheme, "//" or a drive letter of its start.
//
// Resolving wpt's references went from 1,291 instructions per URL to
// 1,209 with it, and with the callers going straight to the parser for
// such a reference (parseVerbatim cannot take it), with the collector off
// (GOGC=off bench/ir.sh resolve, one pass count); node_files.txt's from
// 1,162 to 1,148. FuzzFastPaths checks it against the state machine.
func (p *parser) resumeRelative(at uint32) {
	from := 0
	if p.in[0] == '/' {
		from = 1
	} else {
		at-- // shortening the path leaves it before its last "/"
	}
	b := p.base
	p.c = b.components
	p.c.queryStart, p.c.hashStart = omitted, omitted
	p.i, p.head = from, b.href[:at]
	p.state = statePath
}

// init readies the zero parser p to run the basic URL parser on in, the
// cleaned input, against base. Fields are set one by one: a composite
// literal is built aside and copied, which costs a parse of a short URL
// several percent.
func (p *parser) init(input, in string, base *URL) {
	p.raw, p.in = input, in
	p.state = stateSchemeStart
	p.base = base
	p.c.queryStart, p.c.hashStart = omitted, omitted
}

// canParse reports whether input parses against base.
func canParse(input string, base *URL) bool {
	if len(input) > MaxInputLength {
		return false
	}
	if fastPaths {
		if _, _, ok := parseVerbatim(input, true); ok {
			return true
		}
	}
	var p parser
	p.init(input, clean(input, true), base)
	p.canParse = true
	var scratch [256]byte
	_, err := p.run(scratch[:0])
	return err == 0
}

// finish completes the offsets once the machine has stopped, and inserts
// "/." where the URL serializer does.
// https://url.spec.whatwg.org/#concept-url-serializer
func (p *parser) finish(buf []byte) []byte {
	if p.c.pathStart == 0 {
		// The machine stopped before any path state: the path is empty.
		p.c.pathStart = p.c.pathEnd(len(buf))
	}
	if p.c.hostKind != HostNull {
		return buf
	}
	end := p.c.schemeEnd + 1
	p.c.usernameEnd, p.c.hostStart, p.c.hostEnd = end, end, end
	// A null host and a path that starts with an empty segment, of more
	// than one segment, would serialize as "scheme://" and so read as a
	// host: the serializer writes "/." before the path.
	path := buf[p.c.pathStart:p.c.pathEnd(len(buf))]
	if !p.c.opaquePath && len(path) > 1 && path[0] == '/' && path[1] == '/' {
		at := p.c.pathStart
		buf = append(buf, "/."...)
		copy(buf[at+2:], buf[at:])
		copy(buf[at:], "/.")
		p.c.pathStart += 2
		if p.c.queryStart != omitted {
			p.c.queryStart += 2
		}
		if p.c.hashStart != omitted {
			p.c.hashStart += 2
		}
	}
	return buf
}

// peek returns c, the byte the pointer points to, or -1 at EOF.
func (p *parser) peek() int {
	if p.i < len(p.in) {
		return int(p.in[p.i])
	}
	return -1
}

// special reports whether the URL under construction is special.
func (p *parser) special() bool { return p.c.scheme.special() }

// authorityEnd returns the classes of the bytes that end the authority,
// the host and the port: "/", "?" and "#", and "\\" in a special URL.
func (p *parser) authorityEnd() byteClass {
	if p.special() {
		return clsAuthorityEnd | clsBackslash
	}
	return clsAuthorityEnd
}

// startQuery sets the query to the empty string and enters the query state.
func (p *parser) startQuery(buf []byte) []byte {
	p.c.queryStart = uint32(len(buf))
	p.state = stateQuery
	return append(buf, '?')
}

// startFragment sets the fragment to the empty string and enters the fragment state.
func (p *parser) startFragment(buf []byte) []byte {
	p.c.hashStart = uint32(len(buf))
	p.state = stateFragment
	return append(buf, '#')
}

// setPathStart marks the start of the path, unless it is marked already.
func (p *parser) setPathStart(buf []byte) {
	if p.c.pathStart == 0 {
		p.c.pathStart = uint32(len(buf))
	}
}

// copyBase makes the URL under construction base's scheme, credentials,
// host and port, followed by its path when withPath is set.
func (p *parser) copyBase(buf []byte, withPath bool) []byte {
	b := p.base
	buf = append(buf[:0], b.href[:b.authorityEnd()]...)
	p.c = b.components
	p.c.pathStart = uint32(len(buf))
	p.c.queryStart, p.c.hashStart = omitted, omitted
	if withPath {
		buf = append(buf, b.href[b.pathStart:b.pathEnd()]...)
	}
	return buf
}

// copyBaseQuery sets the query of the URL under construction to base's.
func (p *parser) copyBaseQuery(buf []byte) []byte {
	b := p.base
	if b.queryStart == omitted {
		return buf
	}
	p.c.queryStart = uint32(len(buf))
	return append(buf, b.href[b.queryStart:b.queryEnd()]...)
}

// shortenPath removes the last segment of the path, but not a lone
// normalized Windows drive letter of a file URL.
// https://url.spec.whatwg.org/#shorten-a-urls-path
func (p *parser) shortenPath(buf []byte) []byte {
	path := buf[p.c.pathStart:]
	if p.c.scheme == schemeFile && len(path) == 3 && isNormalizedWindowsDriveLetter(string(path[1:])) {
		return buf
	}
	for i := len(path) - 1; i >= 0; i-- {
		if path[i] == '/' {
			return buf[:int(p.c.pathStart)+i]
		}
	}
	return buf
}

func isAlpha(c byte) bool        { return 'a' <= c|0x20 && c|0x20 <= 'z' }
func isDigit(c byte) bool        { return '0' <= c && c <= '9' }
func isAlphanumeric(c byte) bool { return isAlpha(c) || isDigit(c) }

// isTabOrNewline reports whether c is an ASCII tab or newline, which the
// basic URL parser removes from its input.
func isTabOrNewline(c byte) bool { return c == '\t' || c == '\n' || c == '\r' }

// isWindowsDriveLetter reports whether s is an ASCII alpha followed by ":" or "|".
// https://url.spec.whatwg.org/#windows-drive-letter
func isWindowsDriveLetter(s string) bool {
	return len(s) == 2 && isAlpha(s[0]) && (s[1] == ':' || s[1] == '|')
}

// isNormalizedWindowsDriveLetter reports whether s is an ASCII alpha followed by ":".
// https://url.spec.whatwg.org/#normalized-windows-drive-letter
func isNormalizedWindowsDriveLetter(s string) bool {
	return len(s) == 2 && isAlpha(s[0]) && s[1] == ':'
}

// startsWithWindowsDriveLetter reports whether s is a Windows drive letter,
// alone or followed by "/", "\", "?" or "#".
// https://url.spec.whatwg.org/#start-with-a-windows-drive-letter
func startsWithWindowsDriveLetter(s string) bool {
	if len(s) < 2 || !isWindowsDriveLetter(s[:2]) {
		return false
	}
	if len(s) == 2 {
		return true
	}
	switch s[2] {
	case '/', '\\', '?', '#':
		return true
	}
	return false
}
