package weburl

import (
	"math/bits"
	"strings"
	"unsafe"

	"github.com/weburl/weburl/internal/ascii"
)

// The shortcuts: the one layer of code that skips work of the states where
// the states would change nothing. Each computes the standard's rules with
// the states' own helpers (readScheme, readPort, isLocalhost,
// normalizesDriveLetter, startsWithWindowsDriveLetter, shortenedLen,
// baseDriveLetter, endsInANumber), and FuzzFastPaths checks that, on and
// off, they give the same URL, error and CanParse answer for every input;
// the tests' check re-parses every URL they make with the states alone.
//
// The entry and the states consult them at these places, each switched by
// a bit of shortcuts (its name in brackets), each with what it saves, in
// instructions per URL on kasztp.txt, userbait.txt, node_files.txt and
// isaacs_files.txt (and wpt's inputs, the standard's edge cases). A
// shortcut stays where it saves at least 3% on one of the four lists in
// parse, resolve or CanParse:
//
//   - parseURL and canParse, through dispatch [verbatim]: an absolute URL
//     that is its own serialization is taken whole; CanParse answers once
//     the authority is read. Parse: 1,317, 1,327, 1,053 and 1,141 (wpt
//     399); CanParse: 1,041, 1,074, 799 and 664 (wpt 507). Since then
//     (2026-11-29) it takes IPv4 and IPv6 addresses in serialized form
//     (CanParse on userbait 325 to 310, Parse 813 to 799), and for
//     CanParse it looks past credentials (validCredentials) and, against
//     no base of the scheme, past the slashes after a special scheme
//     (validIgnoringSlashes), as the states would: CanParse on wpt 718 to
//     651 (credentials), 608 (IPv4, and serializing numbers without
//     strconv), 581 (slashes) and 559 (IPv6), the four lists within 2
//     either way.
//   - parseURL [resolve]: a relative reference the parser would copy after
//     the base's start is appended to it (resolveVerbatim). Resolving:
//     729, 757, 921 and 1,080 (wpt 291). Since then (2026-11-29) the
//     scheme of an absolute URL that it reads is not read again, by
//     verbatim or the states, where verbatim would read no more than it:
//     resolving wpt 1,209 to 1,158, the lists and Parse within 3.
//   - runStates [resume]: where verbatim or resolve read the input's start
//     and did not take it all, the states go on from there (a
//     resumption): after the scheme and authority in the path start state
//     (or the opaque path state), after the base's start in the path
//     state, or in the scheme state with the scheme read. Parse: 4, 57,
//     17 and 0 (wpt 228), 6.9% on userbait; resolving: 1, 3, 16 and 0
//     (wpt 110); CanParse: 0 on each (wpt 26).
//   - pathState [pathRun]: a run of segments with nothing to
//     percent-encode and no dot segment is copied whole. Parse: 1, 17, 39
//     and 0 (wpt 27), 4.9% on node_files; resolving: 0, 6, 45 and 0 (wpt
//     17), 4.1% on node_files.
//
// The figures are GOGC=off SHORTCUTS=-NAME bench/ir.sh OP against
// GOGC=off SHORTCUTS=none bench/ir.sh OP (all on, in the same build), one
// run of each, on 2026-11-28 at 93b63ac (OP parse, canparse or resolve;
// ir.sh builds with the tag weburl_shortcuts when SHORTCUTS is set; see
// shortcut_measure.go). Most of the lists' URLs are their own
// serialization, and verbatim takes them before pathRun could.
// bench/README.md has the history: hostHint and plainDomain, which saved
// 0.1% to 1.1%, are gone.

// shortcutSet is a set of the shortcuts, one bit each.
type shortcutSet uint8

const (
	cutVerbatim shortcutSet = 1 << iota
	cutResolve
	cutPathRun
	cutResume // the states go on from where a shortcut stopped

	allShortcuts = 1<<iota - 1
)

// A verdict is what a shortcut makes of the input.
type verdict uint8

const (
	refused         verdict = iota // the states read the input from the start
	schemed                        // the same, but the scheme is read: it is in c (schemeEnd, scheme), in lower case
	resumed                        // the states go on after what the shortcut read
	resumedRelative                // the same, for a reference against the base
	taken                          // the shortcut made the URL
)

// A resumption is what the shortcuts make of the input: the verdict, the
// components of what they read (c), and where the states start when they
// read the start of the input and did not take it all, with the URL's
// start already written (the head, of length at). For a reference against
// the base (resumedRelative), the head is the base's, and the states go on
// in the path state if clean-up leaves the input as it is (what it removes
// could make a scheme, "//" or a drive letter of its start). Otherwise
// (resumed) the head is the input's, a scheme and authority (or a scheme
// and ":"), up to c.pathStart, and they go on in the path start state (or
// the opaque path state); resume sets at then, so that CanParse, which
// does not resume, does not pay for it. The zero resumption starts from
// the beginning.
type resumption struct {
	c    components
	at   uint32
	kind verdict
}

// dispatch takes the verbatim shortcut for parseURL and canParse, into r
// (the zero resumption), and returns r.kind: the one place the entry
// consults it. parseURL consults the resolve shortcut first. It inlines
// (TestInlining): a call of it made CanParse measurably slower
// (bench/README.md, "What the code's comments rest on").
func dispatch(input string, want want, r *resumption) verdict {
	if shortcuts&cutVerbatim != 0 {
		r.kind = verbatim(input, &r.c, want)
	}
	return r.kind
}

// resume readies p, set up to parse from the start, to go on as r, of
// kind resumed or resumedRelative, says.
func (r *resumption) resume(p *parser) {
	if r.kind == resumedRelative && !unchanged(p.in, p.raw) {
		return
	}
	p.c = r.c
	p.c.queryStart, p.c.hashStart = omitted, omitted
	if r.kind == resumed {
		r.at = r.c.pathStart // verbatim's resumption: where the path starts
	}
	switch {
	case r.kind == resumedRelative:
		p.head, p.state = p.base.href[:r.at], statePath
		if p.in[0] == '/' {
			p.i = 1
		}
	case r.c.opaquePath:
		p.head, p.i, p.state = p.in[:r.at], int(r.at), stateOpaquePath
	default:
		p.head, p.i, p.state = p.in[:r.at], int(r.at), statePathStart
	}
}

// verbatim recognizes the commonest input, an absolute URL that is its own
// serialization, takes it, and sets its components in c: the basic URL parser
// would copy it byte for byte, whatever the base. For a special scheme
// that takes a lower-case scheme and "//"; no credentials; an ASCII domain
// that the host parser copies as it is (see appendDomain) and that does not
// end in a number, or an IPv4 or IPv6 address in its serialized form; a
// port, if any, of digits without a leading zero, up to 65535 and not the
// scheme's default; and a path from "/", query and fragment with nothing to
// percent-encode, no "\" and no segment that starts with "." or "%" (which
// could be a dot segment). Every byte is then a visible ASCII one, so
// clean-up would change nothing. A file URL may have an empty host but not
// "localhost" (which becomes empty), no port, and no first segment that is
// a drive letter to normalize. Other schemes go to verbatimNonSpecial.
//
// When the input is not taken but its scheme and authority are as the
// parser would copy them, and the authority ends where the path starts, r
// resumes the states there.
//
// With want wantValid, for CanParse, it reports whether the input parses,
// when that shows by the end of the authority: from there nothing can
// fail. Upper-case letters may be in the domain then, the port may be any
// up to 65535, and the authority may hold credentials (orCredentials).
func verbatim(s string, c *components, want want) verdict {
	var colon int
	var kind schemeKind
	if len(s) >= 8 {
		colon, kind = lowerSpecialScheme(ascii.Load64(s, 0)) // readScheme's first step, inlined
	}
	if colon == 0 {
		var upper, slashes bool
		colon, kind, upper, slashes = readAnyScheme(s)
		if colon == 0 || upper {
			return refused
		}
		c.schemeEnd, c.scheme = uint32(colon), kind
		if kind == schemeOther {
			return verbatimNonSpecial(s, c, want)
		}
		if !slashes {
			return schemed
		}
	}
	c.schemeEnd, c.scheme = uint32(colon), kind
	i := colon + 3
	const stop = clsColon | clsAuthorityEnd | clsBackslash | clsAt | clsBracket
	var j int
	if want == wantValid {
		// An ASCII domain fails only on a forbidden domain code point, or
		// if it is empty or ends in a number: upper case may stay.
		j = scanDomain(s, i, clsDomainOther|stop)
	} else {
		j = scanDomain(s, i, clsDomainSpecial|stop)
	}
	hostEnd, hostKind := j, HostDomain
	switch {
	case j == i && j < len(s) && s[j] == '[':
		if j = verbatimIPv6(s, i, want); j == 0 {
			return schemed
		}
		hostEnd, hostKind = j, HostIPv6
	case kind == schemeFile && j == i:
		hostKind = HostEmpty
	case j == i || kind == schemeFile && isLocalhost(s[i:j]):
		return orCredentials(s, j, c, want)
	case ascii.MayEndInANumber(s[j-1]) && endsInANumber(s[i:j]):
		// (MayEndInANumber is endsInANumber's first test, which the
		// compiler does not inline through its generic instantiation.)
		if !verbatimIPv4(s[i:j], want) {
			return orCredentials(s, j, c, want)
		}
		hostKind = HostIPv4
	}
	if j < len(s) && s[j] == ':' && kind != schemeFile {
		var ok bool
		if j, ok = verbatimPort(s, j, kind, want); !ok {
			return orCredentials(s, j, c, want)
		}
	}
	if want == wantValid {
		// From the end of the authority nothing can fail.
		if j == len(s) || byteClasses[s[j]]&(clsAuthorityEnd|clsBackslash) != 0 {
			return taken
		}
		return orCredentials(s, j, c, want)
	}
	c.usernameEnd, c.hostStart, c.hostEnd, c.hostKind = uint32(i), uint32(i), uint32(hostEnd), hostKind
	c.pathStart = uint32(j)
	if j == len(s) || s[j] != '/' {
		// The authority ends with the input, or at "?", "#" or "\\": the
		// path "/" would be added.
		if j < len(s) && byteClasses[s[j]]&(clsAuthorityEnd|clsBackslash) == 0 {
			return schemed
		}
		return resumed
	}
	if kind == schemeFile && normalizesDriveLetter(s, j+1) {
		return resumed
	}
	// verbatimPath, without its frame.
	end, _, done := scanPathRun(s, j+1, clsPathEncode|clsBackslash, true)
	if done {
		c.queryStart, c.hashStart = omitted, omitted
		if end == len(s) || verbatimTail(s, end, c, specialQuerySet) {
			return taken
		}
	}
	return resumed
}

// orCredentials is what verbatim returns for an input with "//" whose
// authority, after the scheme in c, it does not take as it is, having read
// it up to s[j]: schemed, but with wantValid, for CanParse, what
// validCredentials makes of it when the authority goes on after s[j], not
// with "[", and the scheme is not file (whose host cannot hold
// credentials).
func orCredentials(s string, j int, c *components, want want) verdict {
	if want != wantValid || c.scheme == schemeFile || j == len(s) || byteClasses[s[j]]&(clsAuthorityEnd|clsBackslash|clsBracket) != 0 {
		return schemed // no credentials; or an IPv6 address, or credentials with "[" (rare), not looked into
	}
	return validCredentials(s, int(c.schemeEnd)+3, j, c.scheme != schemeOther)
}

// validCredentials reports whether an input with "//" and credentials in
// its authority, which starts at s[i], parses: taken if it does, schemed
// if that does not show here. s[i:j] holds no "@" and does not end the
// authority. The authority state
// (https://url.spec.whatwg.org/#authority-state) takes everything up to
// the last "@" before the authority's end ("/", "?", "#", and "\\" in a
// special URL) as credentials, which it percent-encodes and which cannot
// fail, and has the host state read what follows; an empty host after the
// "@" fails (host-missing). So the input parses if the same without its
// credentials and "@" does and the host is not empty: verbatim, with
// wantValid, decides that on a copy, made on the stack. Removing tabs and
// newlines makes no "@" and no end of the authority, so the raw input
// gives the same "@" and end.
func validCredentials(s string, i, j int, special bool) verdict {
	if strings.IndexByte(s[j:], '@') < 0 {
		return schemed // what most input it sees comes to, found faster
	}
	end := clsAuthorityEnd
	if special {
		end |= clsBackslash
	}
	at := -1
	for ; j < len(s) && byteClasses[s[j]]&end == 0; j++ {
		if s[j] == '@' {
			at = j
		}
	}
	if at < 0 || at+1 == j {
		return schemed // no credentials, or host-missing
	}
	if validJoined(s[:i], "", s[at+1:]) {
		return taken
	}
	return schemed
}

// validIgnoringSlashes reports whether s, whose special scheme (not file)
// ends with the ":" at s[colon], parses when the base is not of its
// scheme, if that shows in verbatim, with wantValid, on a copy made on the
// stack with exactly "//" after the ":". The special authority slashes
// state and the special authority ignore slashes state
// (https://url.spec.whatwg.org/#special-authority-ignore-slashes-state)
// skip any "/" and "\\" there, each a validation error that does not make
// the parse fail. It reports false, and the states decide, when s has
// exactly "//" there already, or when the copy does not show that it
// parses (as with a tab or newline among the slashes).
func validIgnoringSlashes(s string, colon int) bool {
	i := colon + 1
	for i < len(s) && (s[i] == '/' || s[i] == '\\') {
		i++
	}
	if i == colon+3 && s[colon+1] == '/' && s[colon+2] == '/' {
		return false
	}
	return validJoined(s[:colon+1], "//", s[i:])
}

// validJoined reports whether verbatim, with wantValid, takes a + b + c,
// put together on the stack; false when that is over 256 bytes.
func validJoined(a, b, c string) bool {
	var buf [256]byte
	if len(a)+len(b)+len(c) > len(buf) {
		return false
	}
	n := copy(buf[:], a)
	n += copy(buf[n:], b)
	n += copy(buf[n:], c)
	var comps components
	return verbatim(unsafe.String(&buf[0], n), &comps, wantValid) == taken
}

// verbatimIPv6 returns where the IPv6 address in brackets that starts at
// s[i] ends, after its "]", if the host parser serializes it as it is
// written (lower-case hexadecimal without leading zeros, the longest run
// of zero pieces as "::"), or with wantValid if it takes it; or 0. What
// follows the "]" is for the caller to read.
func verbatimIPv6(s string, i int, want want) int {
	k := strings.IndexByte(s[i:], ']')
	if k < 0 {
		return 0
	}
	k += i
	addr, err, _ := parseIPv6(s[i+1:k], nil)
	if err != 0 {
		return 0
	}
	if want != wantValid {
		var buf [len("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff")]byte
		if string(appendIPv6(buf[:0], &addr)) != s[i+1:k] {
			return 0
		}
	}
	return k + 1
}

// verbatimIPv4 reports whether host, a domain that ends in a number, is an
// IPv4 address that the host parser serializes as it is written (four
// decimal numbers from 0 to 255 without leading zeros), or with wantValid
// one that it takes. Its upper-case letters, which only wantValid lets
// through, are those of hexadecimal numbers, which the IPv4 parser reads
// as it would their lower case.
func verbatimIPv4(host string, want want) bool {
	addr, err, _ := parseIPv4(host, nil)
	switch {
	case err != 0:
		return false
	case want == wantValid:
		return true
	}
	var buf [len("255.255.255.255")]byte
	return string(appendIPv4(buf[:0], addr)) == host
}

// verbatimPort reads the port whose ":" is s[j] and returns where it ends.
// It reports whether the port state would copy it as it is (or, with
// wantValid, take it): digits without a leading zero, up to 65535 and not the default
// port of the scheme kind.
func verbatimPort(s string, j int, kind schemeKind, want want) (end int, ok bool) {
	k, port := readPort(s, j+1)
	if port > 0xFFFF {
		return k, false
	}
	if want != wantValid && (k == j+1 || s[j+1] == '0' && k > j+2 || port == kind.defaultPort()) {
		return k, false
	}
	return k, true
}

// verbatimNonSpecial is verbatim for a scheme that is not special, whose
// ":" is at c.schemeEnd. The URL then has one of three shapes, each copied
// as it is when every byte is visible ASCII and none needs
// percent-encoding:
//   - "//", an opaque host (no credentials, no forbidden host code point,
//     not empty before a port) or an IPv6 address as verbatim takes it,
//     and a port as verbatim takes it
//     (there is no default port), then a path from "/", or none, as
//     verbatim takes it, except that "\" is an ordinary byte;
//   - "/" and such a path, with a null host;
//   - an opaque path, up to "?" or "#", as verbatimPath takes a path.
//
// It resumes the states after the first shape's authority, or the third's
// scheme and ":". With wantValid it stops where nothing after can fail:
// after the authority, or after the ":" when there is none. The byte (or
// two, after "/") following the ":" must not be a tab or newline, whose
// removal could bring two "/" together.
func verbatimNonSpecial(s string, c *components, want want) verdict {
	i := int(c.schemeEnd) + 1
	c.usernameEnd, c.hostStart, c.hostEnd, c.pathStart = uint32(i), uint32(i), uint32(i), uint32(i)
	switch {
	case i+1 < len(s) && s[i] == '/' && s[i+1] == '/':
		i += 2
		j := i + ascii.IndexEncoded(s[i:], opaqueHostStop)
		c.usernameEnd, c.hostStart, c.hostEnd, c.hostKind = uint32(i), uint32(i), uint32(j), HostOpaque
		switch {
		case j == i && j < len(s) && s[j] == '[':
			if j = verbatimIPv6(s, i, want); j == 0 {
				return schemed
			}
			c.hostEnd, c.hostKind = uint32(j), HostIPv6
		case j == i:
			c.hostKind = HostEmpty
		}
		if j < len(s) && s[j] == ':' {
			var ok bool
			if j == i {
				return orCredentials(s, j, c, want) // or host-missing
			}
			if j, ok = verbatimPort(s, j, schemeOther, want); !ok {
				return orCredentials(s, j, c, want)
			}
		}
		if j < len(s) && byteClasses[s[j]]&clsAuthorityEnd == 0 {
			return orCredentials(s, j, c, want)
		}
		if want == wantValid {
			return taken
		}
		k := j
		if k < len(s) && s[k] == '/' {
			k++
		}
		c.pathStart = uint32(j)
		if verbatimPath(s, k, c, clsPathEncode, querySet) {
			return taken
		}
		return resumed
	case i < len(s) && s[i] == '/':
		// "/" and a path, with a null host.
		if want == wantValid && (i+1 == len(s) || !isTabOrNewline(s[i+1])) ||
			want != wantValid && verbatimPath(s, i+1, c, clsPathEncode, querySet) {
			return taken
		}
		return schemed
	}
	switch {
	case i < len(s) && isTabOrNewline(s[i]):
		return schemed
	case want == wantValid:
		return taken
	}
	// An opaque path. The path scan takes only bytes it keeps, and
	// segments that cannot be dot segments: more than it needs.
	c.opaquePath = true
	if verbatimPath(s, i, c, clsPathEncode, querySet) {
		return taken
	}
	return resumed
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
	return end == len(s) || verbatimTail(s, end, c, query)
}

// verbatimTail is verbatimPath for the query and fragment, from s[end],
// "?" or "#".
func verbatimTail(s string, end int, c *components, query encodeSet) bool {
	if s[end] == '?' {
		c.queryStart = uint32(end)
		end += 1 + ascii.IndexEncoded(s[end+1:], query)
		if end < len(s) && s[end] != '#' {
			return false
		}
	}
	if end < len(s) {
		c.hashStart = uint32(end)
		if ascii.IndexEncoded(s[end+1:], fragmentSet) < len(s)-end-1 {
			return false
		}
	}
	return true
}

// resolveVerbatim recognizes the commonest relative references against a
// special base URL, where the basic URL parser copies a part of the base
// and then the reference as it is: a path from "/" (not "//"), or a path
// that does not start with "/", "\", "?", "#" or a scheme, which replaces
// the base's last segment; each with a query and fragment as verbatim
// takes them, and no segment that starts with "." or "%". For a file base,
// the rules of the file states must leave the path as it is: no drive
// letter of the base that they keep (baseDriveLetter before a path from
// "/", or a lone one that shortening leaves), and none of the reference's
// that they act on. The
// new href is the base's up to at, its path or last segment, followed by
// ref; it returns at and the new components in c. When it reads ref's
// start but not the rest, it returns false with at set all the same (and
// 0 when it does not read that far): the states can go on from there
// (see resumeRelative). When ref is an absolute URL whose scheme, in lower
// case, is all verbatim would read before it goes on to
// verbatimNonSpecial or returns schemed (a non-special scheme, or a
// special one without "//"), it returns 0 and false with that scheme in
// c (schemeEnd and scheme), so that it is read once.
func resolveVerbatim(base *URL, ref string, c *components) (at uint32, ok bool) {
	if len(ref) == 0 || !base.scheme.special() || uint64(len(ref))+uint64(len(base.href)) > maxHref {
		return 0, false
	}
	at = base.pathStart // where ref goes in the new href
	from := 0           // where ref's first segment starts
	switch ref[0] {
	case '/':
		if len(ref) > 1 && (ref[1] == '/' || ref[1] == '\\') {
			return 0, false // scheme-relative
		}
		from = 1
	case '\\', '?', '#':
		return 0, false
	default:
		if colon, kind, upper, slashes := readAnyScheme(ref); colon > 0 {
			if !upper && (kind == schemeOther || !slashes) {
				// Read no further by verbatim: parseURL goes on from it.
				c.schemeEnd, c.scheme = uint32(colon), kind
			}
			return 0, false
		}
		// The path of a special URL starts with "/": ref replaces the
		// base's last segment, the path shortened as the states shorten it.
		path := base.href[at:base.pathEnd()]
		n := shortenedLen(path, base.scheme)
		if n == len(path) || path[n] != '/' {
			return 0, false // a lone drive letter that stays: "/" would come between
		}
		at += uint32(n) + 1
	}
	if base.scheme == schemeFile {
		switch {
		case from == 1 && (baseDriveLetter(base) != "" || normalizesDriveLetter(ref, 1)):
			// The file slash state keeps the base's drive letter, and the
			// path state normalizes the reference's.
			return 0, false
		case from == 0 && startsWithWindowsDriveLetter(ref):
			// The file state drops the base's path for it.
			return 0, false
		}
	}
	if !verbatimPath(ref, from, c, clsPathEncode|clsBackslash, specialQuerySet) {
		return at, false
	}
	q, h := c.queryStart, c.hashStart
	*c = base.components
	c.queryStart, c.hashStart = moved(q, int(at)), moved(h, int(at))
	return at, true
}

// resumeRelative returns the resumption in the path state for a reference
// that resolveVerbatim read and did not take, whose path would start at
// offset at of the new href: after the base's scheme, credentials, host and
// port, and its path shortened (up to the "/" before at) when the
// reference's path does not start with "/". The states before would copy
// them and report no validation error. It sets c to base's components.
func resumeRelative(base *URL, ref string, at uint32, r *resumption) {
	if ref[0] != '/' {
		at-- // shortening the path leaves it before its last "/"
	}
	r.c, r.at, r.kind = base.components, at, resumedRelative
}

// scanDomain returns the index of the first byte from s[i] of the classes
// stop, or len(s); stop holds no lower-case letter, digit, "-" or ".".
// Bytes other than those are rare in a domain, and mostly end it: the
// scan finds the first of them eight bytes at a time, without a branch
// per byte (see notLDH), and goes on a byte at a time only from there,
// which is faster than a loop a byte at a time on real hosts and a little
// slower on the short hosts of the standard's edge cases (bench/README.md,
// "What the code's comments rest on").
func scanDomain(s string, i int, stop byteClass) int {
	for i < len(s) {
		switch {
		case i+8 <= len(s):
			m := notLDH(ascii.Load64(s, i))
			if m == 0 {
				i += 8
				continue
			}
			i += bits.TrailingZeros64(m) >> 3
		case len(s) >= 8:
			// The last eight bytes, less those before s[i].
			k := len(s) - 8
			m := notLDH(ascii.Load64(s, k)) >> (8 * (i - k))
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

// pathRun appends the run of whole segments at p.i that the path state
// would append as they are: no byte to percent-encode, no "\\" in a special
// URL, and no segment starting with "." or "%" (which could be a dot
// segment). If the run reaches the end of the path, it leaves p.i there and
// reports done; otherwise it leaves p.i at the start of the first segment
// that needs the path state's care.
func (p *parser) pathRun(buf []byte, special bool) (_ []byte, done bool) {
	stop := clsPathEncode
	if special {
		stop |= clsBackslash
	}
	start := p.i
	end, segment, done := scanPathRun(p.in, start, stop, p.override == stateNone)
	switch {
	case done:
		buf = append(append(buf, '/'), p.in[start:end]...)
		p.i = end
	case segment > start:
		buf = append(append(buf, '/'), p.in[start:segment-1]...)
		p.i = segment
	}
	return buf, done
}

// scanPathRun scans the path from s[i]. It returns done and where the path
// ends if every segment up to there is clean, or else the start of the
// first segment that is not: one with a byte of the classes stop, or that
// starts with "." or "%". "?" and "#" end the path if ends is set.
func scanPathRun(s string, i int, stop byteClass, ends bool) (end, segment int, done bool) {
	// Eight bytes at a time, while none is of the classes stop (which hold
	// "?" and "#") and no "." or "%" follows a "/" (or starts the run, as
	// s[i] starts a segment). Blocks without "." or "%" need no more.
	start := i
	for ; i+8 <= len(s); i += 8 {
		cls := classes8(s[i : i+8])
		if cls&stop != 0 {
			break
		}
		if cls&clsDotOrPercent != 0 && startsDotSegment(s, i, start) {
			break
		}
	}
	for ; i < len(s); i++ {
		c := s[i]
		cls := byteClasses[c]
		if cls&(stop|clsDotOrPercent|clsAuthorityEnd) == 0 {
			continue
		}
		switch {
		case (c == '?' || c == '#') && ends:
			return i, 0, true
		case c != '/' && (cls&stop != 0 || i == start || s[i-1] == '/'):
			segment = start
			if j := strings.LastIndexByte(s[start:i], '/'); j >= 0 {
				segment = start + j + 1
			}
			return i, segment, false
		}
	}
	return i, 0, true
}

// startsDotSegment reports whether a "." or "%" in s[i:i+8] starts a
// segment: follows a "/", or is s[start].
func startsDotSegment(s string, i, start int) bool {
	x := ascii.Load64(s, i)
	afterSlash := ascii.BytesEqual(x, '/') << 8 // the high bit of each byte after a "/"
	if i == start || s[i-1] == '/' {
		afterSlash |= 0x80
	}
	return (ascii.BytesEqual(x, '.')|ascii.BytesEqual(x, '%'))&afterSlash != 0
}
