package weburl

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Canonicalization: one key per resource, for crawlers, archives and
// blocklists.
//
// A Canonicalizer turns a URL into a key by rules that make URLs a
// browser keeps apart compare equal: "%7E" and "~", "?" and no query, the
// query's order, "www.", session ids. Three sets of rules are in wide use,
// each with published behaviour, and each is a ready profile here:
// SafeBrowsing, Wayback (and SURT, the key the Internet Archive sorts its
// captures by) and SortQuery.

// QueryOrder says how a [Canonicalizer] orders the pairs of a query: the
// "&"-separated sequences of its bytes, each a name, or a name, "=" and a
// value. An empty sequence, from "&&" or a final "&", is a pair with an
// empty name, and sorts first.
type QueryOrder uint8

const (
	// QueryAsIs keeps the pairs in their order.
	QueryAsIs QueryOrder = iota
	// QueryByName sorts the pairs by name, compared as bytes, and keeps
	// pairs of the same name in their order: "b=2&a=2&a=1" becomes
	// "a=2&a=1&b=2".
	QueryByName
	// QueryByNameValue sorts the pairs by name, then a pair with no "="
	// before one with "=", then by value, all compared as bytes, as the
	// Internet Archive's canonicalizer does: "b&a=2&a=1&a" becomes
	// "a&a=1&a=2&b".
	QueryByNameValue
)

// A Canonicalizer turns URLs into canonical keys by the rules its fields
// switch on. The zero Canonicalizer reads a URL with the URL Standard's
// parser and returns its href, unchanged. [SafeBrowsing], [Wayback] and
// [SortQuery] are the profiles in wide use; start from one of them to
// make another:
//
//	c := weburl.Wayback
//	c.StripWWW = false
//
// Unless Lenient is set, an input is read with the URL Standard's parser,
// and the key of a URL is a URL too: scheme, host and port, path, query
// and fragment, each changed as the fields say. Canonicalizing a key again
// gives the same key. A Canonicalizer is safe for concurrent use as long
// as its fields are not changed.
type Canonicalizer struct {
	// DefaultScheme is the scheme of an input that starts without one
	// (a letter, then letters, digits, "+", "-" or ".", then ":"): with
	// "http", "www.example.com/a" is read as "http://www.example.com/a".
	// An input such as "example.com:8080/a" starts with a scheme,
	// "example.com:", as browsers read it. Empty: such an input fails to
	// parse.
	DefaultScheme string

	// Lenient reads the input as Safe Browsing does, as bytes rather than
	// with the URL Standard's parser: after removing leading and trailing
	// bytes up to 0x20 and every tab, CR and LF, it is split at the first
	// "#" (the fragment), then after "scheme:" at "//" (the authority, up
	// to "/" or "?"), the last "@" of the authority (user info), a final
	// ":digits" (the port) and the first "?" (the query). Nothing is
	// rejected: raw bytes of 0x80 and above, hosts the URL Standard
	// rejects; an authority without a path gets "/". A host is
	// percent-decoded as DecodeRepeatedly says, turned to ASCII with UTS
	// #46 if it is valid UTF-8 that is not ASCII, read as an IPv4 address
	// in any form browsers read if it ends in a number (as an IPv6 address
	// if in brackets), and percent-encoded again (":", "/", "?" and "@"
	// too, which would split it otherwise); the "." and ".."
	// segments of a path that starts with "/" are resolved. The key need
	// not be a URL: "http://\x01\x80.com/" gives "http://%01%80.com/".
	Lenient bool

	// RemoveFragment drops the fragment: "https://a.example/p#top" gives
	// "https://a.example/p".
	RemoveFragment bool

	// RemoveUserInfo drops the username and password:
	// "https://user:pw@a.example/" gives "https://a.example/".
	RemoveUserInfo bool

	// RemoveDefaultPort drops a port that is the scheme's default:
	// "http://a.example:80/" gives "http://a.example/". The URL Standard's
	// parser does so for the special schemes anyway; the field matters
	// with Lenient.
	RemoveDefaultPort bool

	// RemovePort drops any port: "http://a.example:8080/" gives
	// "http://a.example/".
	RemovePort bool

	// DecodeRepeatedly percent-decodes the user info, host, path and
	// query again and again until no "%" followed by two hex digits is
	// left, then percent-encodes the bytes up to 0x20, those from 0x7F
	// and "#" and "%", with upper-case hex: "/%257E%41" gives "/~A" and
	// "/%2525" gives "/%25". Unless Lenient is set it also percent-encodes
	// what would change the URL on parsing it again: "?" in a path, "\" in
	// the path of a special URL, a "/" that would start an opaque path,
	// and the delimiters of the user info and of an opaque host. The "."
	// and ".." segments decoding reveals are then resolved, as the URL
	// Standard resolves them: "/a/%252E%252E/b" gives "/b". (In a file
	// URL's path, "|" is encoded too: "C|" is a drive letter.)
	DecodeRepeatedly bool

	// LowercaseHost lowercases the ASCII letters of an opaque host, of a
	// URL that is not special ("sc://A.example" gives "sc://a.example"),
	// and with Lenient of every host. Domains are lowercase already.
	LowercaseHost bool

	// TrimHostDots removes the dots at the start and end of a domain or
	// opaque host and makes a run of dots one: "http://a..example.../"
	// gives "http://a.example/". A host that would be left empty, or
	// would then be an IPv4 address the URL Standard rejects, stays as it
	// is; one that ends in a number is read as an IPv4 address.
	TrimHostDots bool

	// StripWWW removes "www" followed by digits (or none) and a dot from
	// the start of a domain or opaque host, again while there is one and
	// something follows: "http://www2.a.example/" gives
	// "http://a.example/"; "www2a.example" stays. As with TrimHostDots, a
	// host left empty or naming an IPv4 address the URL Standard rejects
	// stays as it is.
	StripWWW bool

	// CollapseSlashes makes a run of "/" in a path one:
	// "https://a.example//p///q" gives "https://a.example/p/q".
	CollapseSlashes bool

	// RemoveTrailingSlash drops a final "/" from a path other than "/":
	// "https://a.example/docs/" gives "https://a.example/docs".
	RemoveTrailingSlash bool

	// LowercasePath lowercases the ASCII letters of the path, percent-
	// encoded bytes included: "https://a.example/Docs/%C3%A9" gives
	// "https://a.example/docs/%c3%a9".
	LowercasePath bool

	// LowercaseQuery lowercases the ASCII letters of the query:
	// "https://a.example/?Q=A" gives "https://a.example/?q=a".
	LowercaseQuery bool

	// StripSessionIDs removes the session ids the Internet Archive's
	// canonicalizer removes, compared ASCII case-insensitively. From the
	// query, the pairs "jsessionid=", "phpsessid=" or "sid=" and 32
	// letters or digits, "aspsessionid", 8 letters, "=" and 24 letters,
	// and a "cfid=" pair followed by a "cftoken=" pair, each with the "&"
	// after it: "?jsessionid=" and 32 letters or digits, "&a=1" gives
	// "?a=1", and "?a=1&" and a last id gives "?a=1&". From the path,
	// an ASP.NET cookieless session segment, "(" and 24 letters or digits
	// and ")" or such as "(S(" and 24 and "))", with the "/" after it,
	// before a later ".aspx". (The Archive's canonicalizer removes the
	// last id of each kind, also one that ends a pair; this removes every
	// pair that is one, in linear time, so that canonicalizing a key again
	// changes nothing.)
	StripSessionIDs bool

	// QueryOrder orders the query's pairs; see [QueryOrder].
	QueryOrder QueryOrder

	// RemoveEmptyQuery drops a query that is empty, after the rules
	// above: "https://a.example/p?" gives "https://a.example/p".
	RemoveEmptyQuery bool
}

// The profiles. Changing a profile's fields changes what that variable
// gives and nothing else: [SURT] reads its own copy of Wayback's rules.
var (
	// SafeBrowsing is the canonicalization of Google Safe Browsing and Web
	// Risk (https://developers.google.com/safe-browsing/v4/urls-hashing,
	// "Canonicalization"), which clients apply before hashing a URL to
	// look it up: Lenient, with "http" as the default scheme, no fragment,
	// user info or port, the host lowercased and its dots trimmed,
	// repeated percent-decoding and runs of "/" collapsed.
	// "http://host/%25%32%35" gives "http://host/%25",
	// "http://3279880203/blah" gives "http://195.127.0.11/blah" and
	// "www.google.com" gives "http://www.google.com/".
	SafeBrowsing = Canonicalizer{
		DefaultScheme:    "http",
		Lenient:          true,
		RemoveFragment:   true,
		RemoveUserInfo:   true,
		RemovePort:       true,
		DecodeRepeatedly: true,
		LowercaseHost:    true,
		TrimHostDots:     true,
		CollapseSlashes:  true,
	}

	// Wayback is the canonicalization of the Internet Archive's Wayback
	// Machine, which its SURT keys are made of (the surt package's
	// DefaultIAURLCanonicalizer: Google's rules, then the Archive's):
	// "http" as the default scheme, no fragment or user info, repeated
	// percent-decoding, the host lowercased, its dots trimmed and "www",
	// "www2", ... stripped, session ids stripped, the path without runs
	// of "/" or a final "/", path and query lowercased, the query sorted
	// by name and value, and an empty query dropped.
	// "http://www.archive.org/goo/?a=2&b&a=1" gives
	// "http://archive.org/goo?a=1&a=2&b".
	//
	// The input is read with the URL Standard's parser, so a URL the
	// Archive's own parser reads otherwise keeps the meaning the standard
	// gives it: an IPv6 address keeps its brackets, a host made of dots
	// stays, port 0 stays, and a URL the standard rejects is an error.
	Wayback = waybackRules

	// SortQuery is the URL's href with the query's pairs sorted by name,
	// those of the same name in their order, and every pair's bytes as
	// they are (unlike [SearchParams.Sort], which decodes and encodes
	// them again); the fragment stays. It keeps URLs that differ only in
	// the query's order together, and the key is still the URL a browser
	// would load: "https://a.example/?b=2&a=%41#f" gives
	// "https://a.example/?a=%41&b=2#f".
	SortQuery = Canonicalizer{QueryOrder: QueryByName}
)

// waybackRules are Wayback's rules, which SURT reads and no code changes.
var (
	waybackRules = Canonicalizer{
		DefaultScheme:       "http",
		RemoveFragment:      true,
		RemoveUserInfo:      true,
		RemoveDefaultPort:   true,
		DecodeRepeatedly:    true,
		LowercaseHost:       true,
		TrimHostDots:        true,
		StripWWW:            true,
		CollapseSlashes:     true,
		RemoveTrailingSlash: true,
		LowercasePath:       true,
		LowercaseQuery:      true,
		StripSessionIDs:     true,
		QueryOrder:          QueryByNameValue,
		RemoveEmptyQuery:    true,
	}
)

// Canonicalize returns the key of rawURL, read as c's rules say: with the
// URL Standard's parser (after DefaultScheme, if rawURL has no scheme) or,
// with Lenient, as bytes. It fails with the parser's [*Error]; with
// Lenient only on an input with nothing but spaces and controls.
func (c *Canonicalizer) Canonicalize(rawURL string) (string, error) {
	var stack [256]byte
	k, same, err := c.key(stack[:0], rawURL, nil)
	if err != nil {
		return "", err
	}
	if string(k) == same {
		return same, nil
	}
	return string(k), nil
}

// CanonicalizeURL returns the key of u, a URL parsed by this package. For
// an href h, CanonicalizeURL of the URL Parse(h) returns is what
// Canonicalize(h) returns. It returns "" for a nil or zero URL.
func (c *Canonicalizer) CanonicalizeURL(u *URL) string {
	if u == nil || u.href == "" {
		return ""
	}
	var stack [256]byte
	var k []byte
	if c.Lenient {
		k, _ = c.lenientKey(stack[:0], u.href)
	} else {
		k = c.urlKey(stack[:0], u, nil)
	}
	if string(k) == u.href {
		return u.href
	}
	return string(k)
}

// SURTOptions chooses the form of a SURT. The zero options give the form
// of the surt package's surt(url).
type SURTOptions struct {
	// WithScheme starts the SURT with the scheme, "://" and "(":
	// "http://(org,archive)/" (the surt package's with_scheme=True).
	WithScheme bool
	// TrailingComma ends the host with ",": "org,archive,)/"
	// (trailing_comma=True). An IP address gets none.
	TrailingComma bool
	// KeepWWW keeps "www", "www2", ... at the start of the host
	// (host_massage=False).
	KeepWWW bool
	// KeepIPOrder writes an IPv4 address as it is, "192.168.1.254)/",
	// rather than reversed, "254,1,168,192)/" (reverse_ipaddr=False).
	KeepIPOrder bool
	// CDXCompatible makes the key byte for byte as the surt package 0.3.1
	// makes it, and so as the CDX indexes of the Wayback Machine and
	// Common Crawl, built with it, have it: to merge-join keys with such
	// an index. That package does not parse by the URL Standard but splits
	// with RFC 2396's regular expression, reads the host and port as
	// Python's urllib.parse does, and decodes the path before it encodes
	// it again, so that its keys can mean other URLs than the input: it
	// decodes "%3F" to "?" in the path ("https://www.holsteins.ca/%3F"
	// gives "ca,holsteins)/?", where the default gives
	// "ca,holsteins)/%3f"), takes the brackets from an IPv6 address,
	// halves runs of dots in a host and reads a host of dots as no host
	// ("https://..//www.thecasuallounge.ch/" gives
	// "https://www.thecasuallounge.ch"), drops port 0, keeps an
	// upper-case scheme, and reads the first segment of "http:////x/y"
	// as the host. It fails only where the package raises an exception:
	// an input of whitespace, or a port that is not a number up to 65535.
	// IDNA follows golang.org/x/net/idna's transitional mapping where the
	// package's Python codec follows IDNA 2003, which differ on a few
	// code points. The tests compare it with the package's keys for every
	// input of the URL lists and the web-platform-tests data and thousands
	// more (testdata/surt).
	CDXCompatible bool
}

// SURT returns the Sort-friendly URI Reordering Transform of rawURL, the
// key the Internet Archive's Wayback Machine and CDX indexes sort captures
// by, as the surt package makes it: the URL canonicalized by [Wayback]
// (less its StripWWW with KeepWWW), then the host's labels reversed and
// joined with ",", and ")" before the path:
// "http://www.archive.org/goo/?a=2&b&a=1" gives "org,archive)/goo?a=1&a=2&b".
// Sorting SURTs puts a domain's URLs together, and its subdomains' after.
//
// As the surt package does, SURT returns "-" for "", an input that starts
// with "filedesc" as it is, and a URL without a host, such as
// "dns:archive.org" or "mailto:a@example.com", as its scheme, ":", path and
// query. An IPv6 address keeps its brackets and is not reversed; a host
// made of dots and port 0 stay, where the surt package's parser loses
// them. A URL the URL Standard rejects is an error.
func SURT(rawURL string, opts SURTOptions) (string, error) {
	if rawURL == "" {
		return "-", nil
	}
	if len(rawURL) >= 8 && rawURL[:8] == "filedesc" {
		return rawURL, nil
	}
	if opts.CDXCompatible {
		return cdxSURT(rawURL, &opts)
	}
	c := &waybackRules
	if opts.KeepWWW {
		c = &waybackKeepWWW
	}
	var stack [256]byte
	k, _, err := c.key(stack[:0], rawURL, &opts)
	if err != nil {
		return "", err
	}
	return string(k), nil
}

// SURTURL returns the SURT of u, a URL parsed by this package, with opts:
// for an href h, SURTURL of the URL Parse(h) returns is what SURT(h, opts)
// returns, without parsing h again. For a nil or zero URL it returns "-",
// as SURT does for "".
func SURTURL(u *URL, opts SURTOptions) (string, error) {
	if u == nil || u.href == "" || opts.CDXCompatible || strings.HasPrefix(u.href, "filedesc") {
		return SURT(u.Href(), opts)
	}
	c := &waybackRules
	if opts.KeepWWW {
		c = &waybackKeepWWW
	}
	var stack [256]byte
	return string(c.urlKey(stack[:0], u, &opts)), nil
}

// waybackKeepWWW is Wayback's rules without StripWWW, for
// SURTOptions.KeepWWW.
var waybackKeepWWW = func() Canonicalizer {
	c := waybackRules
	c.StripWWW = false
	return c
}()

// key canonicalizes rawURL into buf, or makes its SURT if surt is not nil.
// It also returns a string the key may equal, rawURL or its href, to
// return instead of a copy.
//
// A key has the form scheme ":" ["//" [userinfo "@"] host [":" port]]
// path ["?" query] ["#" fragment].
func (c *Canonicalizer) key(buf []byte, rawURL string, surt *SURTOptions) (_ []byte, same string, _ error) {
	if c.Lenient {
		k, err := c.lenientKey(buf, rawURL)
		return k, rawURL, err
	}
	var u URL
	_, err := parseURL(rawURL, nil, &u, wantHref, nil)
	if e, ok := err.(*Error); ok && e.Code == ErrMissingSchemeNonRelativeURL && c.DefaultScheme != "" {
		// No scheme: the parser fails with this code exactly then.
		_, err = parseURL(c.DefaultScheme+"://"+trimC0Space(rawURL), nil, &u, wantHref, nil)
	}
	if err != nil {
		return nil, "", err
	}
	return c.urlKey(buf, &u, surt), u.href, nil
}

// needsRecode reports whether DecodeRepeatedly changes s, for which it
// must have a byte of set ("%" is in every set). In a URL's serialization
// (raw is false) the only such bytes are "%" and, in a file URL's path,
// "|"; raw bytes, read with Lenient, may be any.
func needsRecode(s string, set encodeSet, raw bool) bool {
	if strings.IndexByte(s, '%') >= 0 {
		return true
	}
	if !raw {
		return set == keyFilePathSet && strings.IndexByte(s, '|') >= 0
	}
	return indexEncoded(s, set) < len(s)
}

// appendDecodedRepeatedly appends s percent-decoded until no "%" followed
// by two hex digits is left. A decoded byte can complete such a sequence
// with the bytes before it ("%%34%31" is "%41" after one pass, then "A"),
// so the end of what is appended is decoded as long as it is one: one
// pass, in linear time. The sequences never overlap ("%" is no hex digit),
// so the order in which they are decoded does not change the result,
// which is what decoding the whole string again and again gives (a fuzz
// test compares the two).
func appendDecodedRepeatedly(dst []byte, s string) []byte {
	i := indexPercentByte(s)
	if i < 0 {
		return append(dst, s...)
	}
	start := len(dst)
	dst = append(dst, s[:i]...)
	for ; i < len(s); i++ {
		dst = append(dst, s[i])
		for n := len(dst); n-start >= 3 && dst[n-3] == '%' && isHex(dst[n-2]) && isHex(dst[n-1]); n = len(dst) {
			dst[n-3] = unhex(dst[n-2])<<4 | unhex(dst[n-1])
			dst = dst[:n-2]
		}
	}
	return dst
}

// appendRecoded appends s decoded repeatedly and percent-encoded with
// set, using scratch for the decoded bytes; it returns the scratch for
// use again and whether decoding changed anything.
func appendRecoded(dst, scratch []byte, s string, set encodeSet) (_, _ []byte, decoded bool) {
	scratch = appendDecodedRepeatedly(scratch[:0], s)
	return appendEncoded(dst, scratch, set), scratch, len(scratch) != len(s)
}

// lowerAndScan lowercases the ASCII letters of p in place if lower, and
// reports whether p has "//" and "(", in one pass. (A scan eight bytes at
// a time, which this loop replaced, saved at most 8 instructions per URL
// keying with the profiles, on userbait.txt, and cost 2 on kasztp.txt:
// GOGC=off bench/ir.sh safebrowsing wayback sortquery surt, at 88a6828.)
func lowerAndScan(p []byte, lower bool) (slashes, paren bool) {
	for i, c := range p {
		if lower && 'A' <= c && c <= 'Z' {
			p[i] = c + 'a' - 'A'
		}
		slashes = slashes || c == '/' && i > 0 && p[i-1] == '/'
		paren = paren || c == '('
	}
	return slashes, paren
}

// urlKey makes the key of u, a URL of the URL Standard, or, if surt is
// not nil, its SURT: the scheme as the options say, the host's labels
// reversed and joined with ",", the port and ")", then the path and query.
// https://github.com/internetarchive/surt (the format its SURT class writes)
func (c *Canonicalizer) urlKey(buf []byte, u *URL, surt *SURTOptions) []byte {
	var scratch []byte // for decoding, which few URLs need
	hasHost := u.hostKind != HostNull && u.hostEnd > u.hostStart
	switch {
	case surt == nil:
		buf = append(buf, u.href[:u.schemeEnd+1]...)
		if u.hostKind != HostNull {
			buf = append(buf, "//"...)
		}
	case surt.WithScheme && hasHost:
		buf = append(buf, u.href[:u.schemeEnd+1]...)
		if u.href[:u.schemeEnd] != "dns" {
			buf = append(buf, "//"...)
		}
		buf = append(buf, '(')
	case !hasHost:
		buf = append(buf, u.href[:u.schemeEnd+1]...)
	}
	if u.hostKind != HostNull && (surt == nil || hasHost) {
		if u.includesCredentials() && !c.RemoveUserInfo && surt == nil {
			buf, scratch = c.appendUserinfo(buf, scratch, u.Username(), u.Password(), keyMinimalSet|userinfoSet)
		}
		var ip bool
		buf, scratch, ip = c.appendURLHost(buf, scratch, u, surt)
		if u.hasPort() && !c.RemovePort {
			buf = append(buf, ':')
			buf = append(buf, u.Port()...)
		}
		if surt != nil {
			if surt.TrailingComma && !ip {
				buf = append(buf, ',')
			}
			buf = append(buf, ')')
		}
	}
	pathStart := len(buf)
	path := u.Pathname()
	if u.opaquePath {
		buf, scratch = c.appendOpaquePath(buf, scratch, path, keyPathSet)
	} else {
		set := keyPathSet
		switch {
		case u.scheme == schemeFile:
			set = keyFilePathSet
		case u.scheme.special():
			set = keySpecialPathSet
		}
		buf, scratch = c.appendPath(buf, scratch, path, set, u.scheme == schemeFile, false)
		// A path that starts with "//" in a URL without a host is
		// serialized after "/.", as the URL serializer does.
		if p := buf[pathStart:]; u.hostKind == HostNull && len(p) > 1 && p[0] == '/' && p[1] == '/' {
			buf = slices.Insert(buf, pathStart, '/', '.')
		}
	}
	if u.queryStart != omitted {
		pathEnd := len(buf)
		buf, _ = c.appendQuery(buf, scratch, u.href[u.queryStart+1:u.queryEnd()], keyMinimalSet, false)
		if surt != nil && pathEnd == pathStart && len(buf) > pathEnd {
			buf = slices.Insert(buf, pathEnd, '/') // a SURT has "/" before a query
		}
	}
	if u.hashStart != omitted && !c.RemoveFragment && surt == nil {
		buf = append(buf, u.href[u.hashStart:]...)
	}
	return buf
}

// appendUserinfo appends the username, ":" and password if there is one,
// and "@"; decoded bytes are escaped again with the set esc.
func (c *Canonicalizer) appendUserinfo(buf, scratch []byte, username, password string, esc encodeSet) (_, _ []byte) {
	for i, s := range [2]string{username, password} {
		if i == 1 {
			if s == "" {
				break
			}
			buf = append(buf, ':')
		}
		if c.DecodeRepeatedly {
			buf, scratch, _ = appendRecoded(buf, scratch, s, esc)
		} else {
			buf = append(buf, s...)
		}
	}
	return append(buf, '@'), scratch
}

// appendURLHost appends u's host, changed as c says, and reports whether
// it is an IP address. With surt, the labels of a domain or opaque host,
// and of an IPv4 address unless surt.KeepIPOrder, are reversed and joined
// with ",".
func (c *Canonicalizer) appendURLHost(buf, scratch []byte, u *URL, surt *SURTOptions) (_, _ []byte, ip bool) {
	h := u.Hostname()
	start := len(buf)
	switch u.hostKind {
	case HostIPv4:
		if surt != nil && !surt.KeepIPOrder {
			return appendReversedLabels(buf, h), scratch, true
		}
		return append(buf, h...), scratch, true
	case HostIPv6:
		return append(buf, h...), scratch, true
	case HostDomain:
		// Most domains have no dots to trim: at most "www." to strip.
		if !c.TrimHostDots || !hasStrayDots(h) {
			if c.StripWWW {
				h = h[wwwPrefix(h):]
			}
			if surt != nil {
				return appendReversedLabels(buf, h), scratch, false
			}
			return append(buf, h...), scratch, false
		}
		buf, ip = c.cleanHost(append(buf, h...), start, h)
	case HostOpaque:
		if c.DecodeRepeatedly {
			buf, scratch, _ = appendRecoded(buf, scratch, h, keyMinimalSet|opaqueHostStop)
		} else {
			buf = append(buf, h...)
		}
		if c.LowercaseHost {
			lowerASCII(buf[start:])
		}
		buf, _ = c.cleanHost(buf, start, "")
	default:
		buf = append(buf, h...)
	}
	if surt != nil && !(ip && surt.KeepIPOrder) {
		end := len(buf)
		buf = appendReversedLabels(buf, buf[start:end])
		buf = buf[:start+copy(buf[start:], buf[end:])]
	}
	return buf, scratch, ip
}

// wwwPrefix returns the length of the "www", digits and "." at the start
// of h, again while there is one and something follows (see StripWWW).
func wwwPrefix(h string) int {
	i := 0
	for len(h)-i >= 4 && h[i] == 'w' && h[i+1] == 'w' && h[i+2] == 'w' {
		j := i + 3
		for j < len(h) && '0' <= h[j] && h[j] <= '9' {
			j++
		}
		if j+1 >= len(h) || h[j] != '.' {
			break
		}
		i = j + 1
	}
	return i
}

// hasStrayDots reports whether h starts or ends with a dot or has two in
// a row: whether trimDots changes it. (A scan eight bytes at a time took
// 22, 15 and 21 more instructions per URL keying kasztp.txt, userbait.txt
// and wpt's inputs with Wayback than this loop: GOGC=off bench/ir.sh
// wayback, at 88a6828.)
func hasStrayDots[S ~string | ~[]byte](h S) bool {
	n := len(h)
	if n == 0 {
		return false
	}
	if h[0] == '.' || h[n-1] == '.' {
		return true
	}
	for i := 1; i < n; i++ {
		if h[i] == '.' && h[i-1] == '.' {
			return true
		}
	}
	return false
}

// cleanHost applies TrimHostDots and StripWWW to the host at buf[start:].
// A host they would empty stays. If domain is not "", the host is that
// domain, which must stay one or become a valid IPv4 address: trimmed
// dots that leave it ending in a number that is no IPv4 address stay (an
// IPv4 address is written as one, and ip is true).
func (c *Canonicalizer) cleanHost(buf []byte, start int, domain string) (_ []byte, ip bool) {
	h := buf[start:]
	if c.TrimHostDots && hasStrayDots(h) && !allDots(h) {
		h = trimDots(h)
		if domain != "" && endsInANumber(h) {
			addr, err, _ := parseIPv4(h, nil)
			if err == 0 {
				return appendIPv4(buf[:start], addr), true
			}
			h = append(buf[:start], domain...)[start:]
		}
	}
	if c.StripWWW && len(h) > 3 && h[0] == 'w' {
		// Stripping leaves the last label as it is: a domain still does
		// not end in a number.
		h = stripWWW(h)
	}
	return buf[:start+len(h)], false
}

// allDots reports whether h is nothing but dots.
func allDots(h []byte) bool {
	for _, c := range h {
		if c != '.' {
			return false
		}
	}
	return true
}

// trimDots removes the dots at the start and end of h and makes every run
// of dots one, in place.
func trimDots(h []byte) []byte {
	w := 0
	for _, c := range h {
		if c == '.' && (w == 0 || h[w-1] == '.') {
			continue
		}
		h[w] = c
		w++
	}
	if w > 0 && h[w-1] == '.' {
		w--
	}
	return h[:w]
}

// stripWWW removes "www", digits and "." from the start of h while
// something follows, in place.
func stripWWW(h []byte) []byte {
	i := wwwPrefix(string(h))
	if i == 0 {
		return h
	}
	return h[:copy(h, h[i:])]
}

// appendPath appends a path that is a list, changed as c says; set is
// the set DecodeRepeatedly encodes, file says the URL is a file URL, and
// raw that the path is read with Lenient: its "." and ".." segments are
// still there.
func (c *Canonicalizer) appendPath(buf, scratch []byte, path string, set encodeSet, file, raw bool) (_, _ []byte) {
	start := len(buf)
	if !raw && !c.DecodeRepeatedly && !c.CollapseSlashes && !c.LowercasePath && !c.StripSessionIDs && !c.RemoveTrailingSlash {
		return append(buf, path...), scratch // no rule for the path
	}
	var slashes, paren, copied bool
	if !raw && !file && len(path) >= 8 {
		// Most paths: eight bytes at a time, no "%" or "(", and so
		// nothing to decode or strip.
		var upper bool
		if slashes, upper, copied = scanPlainPath(path); copied {
			buf = append(buf, path...)
			if upper && c.LowercasePath {
				lowerASCII(buf[start:])
			}
		}
	}
	if !copied {
		buf, slashes, paren, copied = c.copyPath(buf, path, set, raw)
	}
	if !copied {
		recode := c.DecodeRepeatedly && needsRecode(path, set, raw)
		switch {
		case recode:
			scratch = appendDecodedRepeatedly(scratch[:0], path)
			if (raw || len(scratch) != len(path)) && len(scratch) > 0 && scratch[0] == '/' && bytes.Contains(scratch, []byte("/.")) {
				scratch = resolveDots(scratch, file)
			}
			buf = appendEncoded(buf, scratch, set)
		case raw && len(path) > 0 && path[0] == '/' && strings.Contains(path, "/."):
			buf = append(buf, path...)
			buf = buf[:start+len(resolveDots(buf[start:], file))]
		default:
			buf = append(buf, path...)
		}
		if c.CollapseSlashes || c.LowercasePath || c.StripSessionIDs {
			slashes, paren = lowerAndScan(buf[start:], c.LowercasePath)
		}
	}
	if c.CollapseSlashes && slashes {
		buf = buf[:start+len(collapseSlashes(buf[start:]))]
	}
	if c.StripSessionIDs && paren {
		buf = buf[:start+len(stripPathSessionIDs(buf[start:]))]
	}
	if p := buf[start:]; c.RemoveTrailingSlash && len(p) > 1 && p[len(p)-1] == '/' {
		buf = buf[:len(buf)-1]
	}
	return buf, scratch
}

// scanPlainPath reports whether path, of eight bytes or more, has "//"
// and an ASCII upper-case letter, and plain: no byte from "%" to "("
// ("%&'("), for which the caller looks at each byte. It reads eight bytes
// at a time, the last word overlapping the one before. Without it, keying
// kasztp.txt, userbait.txt and wpt's inputs with Wayback takes 103, 137
// and -20 more instructions per URL, and SURT 104, 136 and -21 (GOGC=off
// bench/ir.sh wayback surt, at 88a6828, with copyPath for every path).
func scanPlainPath(p string) (slashes, upper, plain bool) {
	const hi = 0x8080808080808080
	n := len(p)
	var maybe, up, pairs, carry uint64 // carry: 0x80 if the byte before the word is "/"
	for i := 0; i < n; i += 8 {
		if i+8 > n {
			i = n - 8
			carry = 0
			if p[i-1] == '/' {
				carry = 0x80
			}
		}
		x := load64(p, i)
		// A byte from lo to hi, with bit 7 clear: adding 0x80-lo sets
		// bit 7, adding 0x80-hi-1 does not.
		y := x & 0x7F7F7F7F7F7F7F7F
		maybe |= (y + 0x5B5B5B5B5B5B5B5B) &^ (y + 0x5757575757575757) &^ x // "%" to "("
		up |= (y + 0x3F3F3F3F3F3F3F3F) &^ (y + 0x2525252525252525) &^ x    // "A" to "Z"
		sl := bytesEqual(x, '/')
		pairs |= sl&(sl>>8) | sl&carry
		carry = sl >> 56
	}
	return pairs != 0, up&hi != 0, maybe&hi == 0
}

// pathBytes marks the bytes copyPath looks at: "%", "|", "/", "(", ".",
// the ASCII upper-case letters, and those DecodeRepeatedly encodes.
var pathBytes = func() (t [256]bool) {
	for _, c := range "%|/(.ABCDEFGHIJKLMNOPQRSTUVWXYZ" {
		t[c] = true
	}
	for c := range t {
		t[c] = t[c] || keyMinimalSet.has(byte(c))
	}
	return t
}()

// copyPath appends path, lowercased if c.LowercasePath, and reports
// whether it has "//" and "(", in one pass. It appends nothing and returns
// ok false where DecodeRepeatedly would change the path (a byte of set),
// and for a path read as bytes (raw) with a "." or ".." segment.
func (c *Canonicalizer) copyPath(buf []byte, path string, set encodeSet, raw bool) (_ []byte, slashes, paren, ok bool) {
	upper := false
	prev := byte(0)
	for i := 0; i < len(path); i++ {
		ch := path[i]
		if !pathBytes[ch] {
			prev = ch
			continue
		}
		switch {
		case ch == '/':
			slashes = slashes || prev == '/'
		case ch == '(':
			paren = true
		case ch == '.':
			if raw && prev == '/' {
				return buf, false, false, false
			}
		case set.has(ch):
			if c.DecodeRepeatedly || raw {
				return buf, false, false, false
			}
		case 'A' <= ch && ch <= 'Z':
			upper = true
		}
		prev = ch
	}
	start := len(buf)
	buf = append(buf, path...)
	if upper && c.LowercasePath {
		lowerASCII(buf[start:])
	}
	return buf, slashes, paren, true
}

// appendOpaquePath appends an opaque path, or a lenient one that does not
// start with "/", changed as c says; decoded bytes are escaped again with
// the set esc.
func (c *Canonicalizer) appendOpaquePath(buf, scratch []byte, path string, esc encodeSet) (_, _ []byte) {
	start := len(buf)
	if c.DecodeRepeatedly {
		scratch = appendDecodedRepeatedly(scratch[:0], path)
		if len(scratch) > 0 && scratch[0] == '/' {
			// "/" would start a path that is a list.
			buf = append(buf, "%2F"...)
			scratch = scratch[1:]
		}
		buf = appendEncoded(buf, scratch, esc)
	} else {
		buf = append(buf, path...)
	}
	if c.LowercasePath {
		lowerASCII(buf[start:])
	}
	return buf, scratch
}

// resolveDots removes the "." and ".." segments of path, which starts
// with "/", in place, as the URL Standard's path state does: ".." removes
// the segment before it (but a Windows drive letter that is a file URL's
// only segment), and a last "." or ".." leaves the path ending in "/".
// https://url.spec.whatwg.org/#path-state
func resolveDots(p []byte, file bool) []byte {
	w := 0
	for i := 0; i < len(p); {
		j := i + 1
		for j < len(p) && p[j] != '/' {
			j++
		}
		seg := p[i+1 : j]
		last := j == len(p)
		switch {
		case len(seg) == 1 && seg[0] == '.':
		case len(seg) == 2 && seg[0] == '.' && seg[1] == '.':
			if !(file && w == 3 && isAlpha(p[1]) && p[2] == ':') {
				w = max(bytes.LastIndexByte(p[:w], '/'), 0)
			}
		default:
			w += copy(p[w:], p[i:j])
			i = j
			continue
		}
		if last {
			p[w] = '/'
			w++
		}
		i = j
	}
	return p[:w]
}

// collapseSlashes makes every run of "/" in p one, in place.
func collapseSlashes(p []byte) []byte {
	w := 0
	for i, c := range p {
		if c == '/' && i > 0 && p[i-1] == '/' {
			continue
		}
		p[w] = c
		w++
	}
	return p[:w]
}

// appendQuery appends "?" and a query, changed as c says, or nothing if
// RemoveEmptyQuery drops it.
func (c *Canonicalizer) appendQuery(buf, scratch []byte, query string, set encodeSet, raw bool) (_, _ []byte) {
	mark := len(buf)
	buf = append(buf, '?')
	start := len(buf)
	if c.DecodeRepeatedly && needsRecode(query, set, raw) {
		buf, scratch, _ = appendRecoded(buf, scratch, query, set)
	} else {
		buf = append(buf, query...)
	}
	if c.StripSessionIDs {
		buf = buf[:start+len(stripQuerySessionIDs(buf[start:]))]
	}
	if c.LowercaseQuery {
		lowerASCII(buf[start:])
	}
	if c.QueryOrder != QueryAsIs {
		scratch = sortQuery(buf[start:], scratch, c.QueryOrder)
	}
	if c.RemoveEmptyQuery && len(buf) == start {
		buf = buf[:mark]
	}
	return buf, scratch
}

// sortQuery sorts the pairs of q in place, using scratch.
func sortQuery(q, scratch []byte, order QueryOrder) []byte {
	if bytes.IndexByte(q, '&') < 0 {
		return scratch
	}
	type span struct{ start, end int }
	var array [32]span
	pairs := array[:0]
	for start := 0; ; {
		end := bytes.IndexByte(q[start:], '&')
		if end < 0 {
			pairs = append(pairs, span{start, len(q)})
			break
		}
		pairs = append(pairs, span{start, start + end})
		start += end + 1
	}
	cmp := func(a, b span) int {
		xn, xv, xeq := cutPair(q[a.start:a.end])
		yn, yv, yeq := cutPair(q[b.start:b.end])
		if r := bytes.Compare(xn, yn); r != 0 || order == QueryByName {
			return r
		}
		if xeq != yeq {
			if xeq {
				return 1
			}
			return -1
		}
		return bytes.Compare(xv, yv)
	}
	if slices.IsSortedFunc(pairs, cmp) {
		return scratch
	}
	// Stable, by the pairs' places as the last key, in O(n log n) time.
	slices.SortFunc(pairs, func(a, b span) int {
		if r := cmp(a, b); r != 0 {
			return r
		}
		return a.start - b.start
	})
	scratch = scratch[:0]
	for i, p := range pairs {
		if i > 0 {
			scratch = append(scratch, '&')
		}
		scratch = append(scratch, q[p.start:p.end]...)
	}
	copy(q, scratch)
	return scratch
}

// cutPair splits a query pair at its first "=".
func cutPair(p []byte) (name, value []byte, eq bool) {
	if i := bytes.IndexByte(p, '='); i >= 0 {
		return p[:i], p[i+1:], true
	}
	return p, nil, false
}

// Session ids, as the Internet Archive's canonicalizer removes them (its
// URLRegexTransformer), compared ASCII case-insensitively.

// stripQuerySessionIDs removes from q, in place, the pairs that are
// session ids, each with the "&" after it: "jsessionid=", "phpsessid=" or
// "sid=" and 32 letters or digits, "aspsessionid", 8 letters, "=" and 24
// letters, and a "cfid=" pair followed by a "cftoken=" pair, both with a
// value. A "cfid=" and a "cftoken=" pair that only the removal of others
// makes neighbours go too, so that nothing is left to remove.
func stripQuerySessionIDs(q []byte) []byte {
	if !hasSessionIDPair(q) {
		return q
	}
	type span struct{ start, end int } // a pair kept, in the output
	var array [8]span
	kept := array[:0]
	w := 0            // q[:w] is the output, never ahead of the input
	lastGone := false // the last pair read was removed
	for start := 0; start <= len(q); {
		end := len(q)
		if i := bytes.IndexByte(q[start:], '&'); i >= 0 {
			end = start + i
		}
		p := q[start:end]
		start = end + 1
		gone := isSessionIDPair(p)
		if !gone && len(kept) > 0 && isCFPair(p, "cftoken=") {
			if last := kept[len(kept)-1]; isCFPair(q[last.start:last.end], "cfid=") {
				kept = kept[:len(kept)-1]
				w = max(last.start-1, 0)
				gone = true
			}
		}
		if gone {
			lastGone = true
			continue
		}
		if len(kept) > 0 {
			q[w] = '&'
			w++
		}
		copy(q[w:], p)
		kept = append(kept, span{w, w + len(p)})
		w += len(p)
		lastGone = false
	}
	if lastGone && len(kept) > 0 {
		q[w] = '&' // the "&" before a last pair removed stays
		w++
	}
	return q[:w]
}

// hasSessionIDPair reports whether a pair of q is a session id or starts
// with "cfid=".
func hasSessionIDPair(q []byte) bool {
	for len(q) > 0 {
		p := q
		if i := bytes.IndexByte(q, '&'); i >= 0 {
			p, q = q[:i], q[i+1:]
		} else {
			q = nil
		}
		if isSessionIDPair(p) || hasPrefixFold(p, "cfid=") {
			return true
		}
	}
	return false
}

// isCFPair reports whether p is prefix and at least one byte.
func isCFPair(p []byte, prefix string) bool {
	return len(p) > len(prefix) && hasPrefixFold(p, prefix)
}

// isSessionIDPair reports whether the query pair p is a session id that
// is a pair of its own.
func isSessionIDPair(p []byte) bool {
	if len(p) < 36 {
		return false
	}
	switch lower(p[0]) {
	case 'j':
		return len(p) == 43 && hasPrefixFold(p, "jsessionid=") && allAlnum(p[11:])
	case 'p':
		return len(p) == 42 && hasPrefixFold(p, "phpsessid=") && allAlnum(p[10:])
	case 's':
		return len(p) == 36 && hasPrefixFold(p, "sid=") && allAlnum(p[4:])
	case 'a':
		return len(p) == 45 && hasPrefixFold(p, "aspsessionid") && allLetters(p[12:20]) && p[20] == '=' && allLetters(p[21:])
	}
	return false
}

// stripPathSessionIDs removes from p, in place, the ASP.NET cookieless
// session segments: "(" and 24 letters or digits and ")", or "(", one or
// more of a letter, "(", 24 letters or digits and ")", and ")", each with
// the "/" after it, where a later part of the path has ".aspx" after at
// least one byte, as the Archive's patterns require.
func stripPathSessionIDs(p []byte) []byte {
	if bytes.IndexByte(p, '(') < 0 {
		return p
	}
	aspx := lastIndexFold(p, ".aspx")
	if aspx < 0 {
		return p
	}
	w := 0
	for i := 0; i < len(p); {
		// A segment and the "/" before it: p[i:j].
		j := i + 1
		for j < len(p) && p[j] != '/' {
			j++
		}
		if p[i] == '/' && j < len(p) && aspx >= j+2 && isSessionSegment(p[i+1:j]) {
			i = j
			continue
		}
		w += copy(p[w:], p[i:j])
		i = j
	}
	return p[:w]
}

// isSessionSegment reports whether seg is "(" and 24 letters or digits
// and ")", or "(", one or more of a letter, "(", 24 letters or digits and
// ")", and ")".
func isSessionSegment(seg []byte) bool {
	if len(seg) < 26 || seg[0] != '(' || seg[len(seg)-1] != ')' {
		return false
	}
	in := seg[1 : len(seg)-1]
	if len(in) == 24 && allAlnum(in) {
		return true
	}
	if len(in)%27 != 0 {
		return false
	}
	for ; len(in) > 0; in = in[27:] {
		if !isAlpha(in[0]) || in[1] != '(' || in[26] != ')' || !allAlnum(in[2:26]) {
			return false
		}
	}
	return true
}

func allAlnum(b []byte) bool {
	for _, c := range b {
		if !isAlpha(c) && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

func allLetters(b []byte) bool {
	for _, c := range b {
		if !isAlpha(c) {
			return false
		}
	}
	return true
}

// hasPrefixFold reports whether b starts with prefix, lowercase ASCII,
// compared ASCII case-insensitively.
func hasPrefixFold(b []byte, prefix string) bool {
	if len(b) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		if lower(b[i]) != prefix[i] {
			return false
		}
	}
	return true
}

// lastIndexFold returns the index of the last instance of sub, lowercase
// ASCII, in s compared ASCII case-insensitively, or -1.
func lastIndexFold(s []byte, sub string) int {
	for i := len(s) - len(sub); i >= 0; i-- {
		if hasPrefixFold(s[i:], sub) {
			return i
		}
	}
	return -1
}

// lenientKey makes the key of s read as bytes (see Canonicalizer.Lenient).
func (c *Canonicalizer) lenientKey(buf []byte, s string) ([]byte, error) {
	l, ok := c.splitLenient(s)
	if !ok {
		return nil, &Error{Input: s, Code: ErrMissingSchemeNonRelativeURL}
	}
	var scratchArray [128]byte // for the host, and decoding
	scratch := scratchArray[:0]
	start := len(buf)
	buf = append(buf, l.scheme...)
	lowerASCII(buf[start:])
	buf = append(buf, ':')
	kind := schemeKindOf(l.scheme)
	if l.hasAuthority {
		buf = append(buf, "//"...)
		buf, scratch = c.appendLenientAuthority(buf, scratch, l.authority, kind)
	}
	switch {
	case l.hasAuthority && l.path == "":
		buf = append(buf, '/')
	case l.hasAuthority || l.path != "" && l.path[0] == '/':
		buf, scratch = c.appendPath(buf, scratch, l.path, keyMinimalSet, kind == schemeFile, true)
	default:
		buf, scratch = c.appendOpaquePath(buf, scratch, l.path, keyMinimalSet)
	}
	if l.hasQuery {
		buf, _ = c.appendQuery(buf, scratch, l.query, keyMinimalSet, true)
	}
	if l.hasFragment && !c.RemoveFragment {
		buf = append(buf, '#')
		buf = append(buf, l.fragment...)
	}
	return buf, nil
}

// lenientParts are the parts of an input read as bytes.
type lenientParts struct {
	scheme, authority, path, query, fragment string
	hasAuthority, hasQuery, hasFragment      bool
}

// splitLenient splits s into its parts as Lenient reads it: leading and
// trailing bytes up to 0x20 and every tab, CR and LF removed, then the
// fragment from the first "#", the scheme (or DefaultScheme), the
// authority after "//" up to "/" or "?", and the query from the first "?".
// ok is false when s has no scheme and there is no DefaultScheme.
func (c *Canonicalizer) splitLenient(s string) (l lenientParts, ok bool) {
	s = trimC0Space(s)
	if indexTabOrNewline(s) >= 0 {
		b := make([]byte, 0, len(s))
		for i := 0; i < len(s); i++ {
			if !isTabOrNewline(s[i]) {
				b = append(b, s[i])
			}
		}
		s = string(b)
	}
	if s == "" {
		return l, false
	}
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s, l.fragment, l.hasFragment = s[:i], s[i+1:], true
	}
	if colon, _, _, _ := readScheme(s); colon > 0 {
		l.scheme, s = s[:colon], s[colon+1:]
		if len(s) >= 2 && s[0] == '/' && s[1] == '/' {
			l.hasAuthority, s = true, s[2:]
		}
	} else if c.DefaultScheme != "" {
		l.scheme, l.hasAuthority = c.DefaultScheme, true
	} else {
		return l, false
	}
	if l.hasAuthority {
		// The authority ends at "/" or "?", as the authority state's scan
		// finds the end ("#" is gone, "\\" is a byte like another).
		end, _, _, _, _ := scanAuthority(s, 0, clsAuthorityEnd)
		l.authority, s = s[:end], s[end:]
	}
	l.path = s
	if i := strings.IndexByte(s, '?'); i >= 0 {
		l.path, l.query, l.hasQuery = s[:i], s[i+1:], true
	}
	return l, true
}

// appendLenientAuthority appends an authority read as bytes: the user info
// before its last "@", unless RemoveUserInfo; the host; and the port,
// digits after the last ":" that follows the user info and any "]".
func (c *Canonicalizer) appendLenientAuthority(buf, scratch []byte, auth string, kind schemeKind) (_, _ []byte) {
	host, port := auth, ""
	if at := strings.LastIndexByte(auth, '@'); at >= 0 {
		if !c.RemoveUserInfo {
			user, pass, _ := strings.Cut(auth[:at], ":")
			buf, scratch = c.appendUserinfo(buf, scratch, user, pass, keyMinimalSet)
		}
		host = auth[at+1:]
	}
	if colon := strings.LastIndexByte(host, ':'); colon > strings.LastIndexByte(host, ']') && allDigits(host[colon+1:]) {
		host, port = host[:colon], host[colon+1:]
	}
	buf, scratch = c.appendLenientHost(buf, scratch, host)
	if port != "" && !c.RemovePort && !(c.RemoveDefaultPort && kind != schemeOther && portIs(port, kind.defaultPort())) {
		buf = append(buf, ':')
		buf = append(buf, port...)
	}
	return buf, scratch
}

// appendLenientHost appends a host read as bytes (see
// Canonicalizer.Lenient).
func (c *Canonicalizer) appendLenientHost(buf, scratch []byte, host string) (_, _ []byte) {
	if b, ok := c.appendPlainHost(buf, host); ok {
		return b, scratch
	}
	if c.DecodeRepeatedly {
		scratch = appendDecodedRepeatedly(scratch[:0], host)
	} else {
		scratch = append(scratch[:0], host...)
	}
	if n := len(scratch); n >= 2 && scratch[0] == '[' && scratch[n-1] == ']' {
		if addr, err, _ := parseIPv6(string(scratch[1:n-1]), nil); err == 0 {
			buf = append(buf, '[')
			buf = appendIPv6(buf, &addr)
			return append(buf, ']'), scratch
		}
	}
	if !isASCII(scratch) && utf8.Valid(scratch) {
		if ascii, err := appendDomain(nil, string(scratch)); err == 0 {
			scratch = append(scratch[:0], ascii...)
		}
	}
	if c.LowercaseHost {
		lowerASCII(scratch)
	}
	h := scratch
	if c.TrimHostDots && hasStrayDots(h) {
		h = trimDots(h)
	}
	if endsInANumber(h) {
		if addr, err, _ := parseIPv4(h, nil); err == 0 {
			return appendIPv4(buf, addr), scratch
		}
	}
	if c.StripWWW {
		h = stripWWW(h)
	}
	return appendEncoded(buf, h, keyHostSet), scratch
}

// appendPlainHost appends host, read as bytes, if it needs none of what
// appendLenientHost does but lowercasing and StripWWW: no byte to decode or
// encode, no stray dot, no brackets, and no number at its end. It makes
// one pass over host, lowercasing as it copies.
func (c *Canonicalizer) appendPlainHost(buf []byte, host string) (_ []byte, ok bool) {
	n := len(host)
	if n == 0 || host[0] == '.' || host[n-1] == '.' || host[0] == '[' || mayEndInANumber(host[n-1]) {
		return buf, false
	}
	start := len(buf)
	buf = slices.Grow(buf, n)[:start+n]
	out := buf[start:]
	prev := byte(0)
	for i := 0; i < n; i++ {
		ch := host[i]
		switch {
		case keyHostSet.has(ch) || ch == '.' && prev == '.':
			return buf[:start], false
		case 'A' <= ch && ch <= 'Z' && c.LowercaseHost:
			ch += 'a' - 'A'
		}
		out[i] = ch
		prev = ch
	}
	if c.StripWWW {
		buf = buf[:start+len(stripWWW(out))]
	}
	return buf, true
}

// portIs reports whether the digits port are the number n.
func portIs(port string, n int) bool {
	v, err := strconv.Atoi(port)
	return err == nil && v == n
}

// indexTabOrNewline returns the index of the first tab, LF or CR in s, or -1.
func indexTabOrNewline(s string) int {
	for i := asciiWithoutControls(s); i < len(s); i++ {
		if isTabOrNewline(s[i]) {
			return i
		}
	}
	return -1
}

// appendReversedLabels appends the labels of host in reverse order,
// joined with ",".
func appendReversedLabels[S ~string | ~[]byte](dst []byte, host S) []byte {
	end := len(host)
	for i := end - 1; i >= 0; i-- {
		if host[i] == '.' {
			dst = append(dst, host[i+1:end]...)
			dst = append(dst, ',')
			end = i
		}
	}
	return append(dst, host[:end]...)
}
