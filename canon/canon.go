package canon

import (
	"bytes"
	"encoding/binary"
	"errors"
	"slices"
	"strings"
	"unsafe"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/ascii"
	"github.com/weburl/weburl/internal/quote"
)

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
// parser and returns its href, unchanged. [Frontier], [SortQuery],
// [SafeBrowsing] and [Wayback] are the profiles in wide use; start from
// one of them to make another:
//
//	c := canon.Wayback
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
	// segments of a path that starts with "/" are resolved. With
	// DecodeRepeatedly, a "?" that decoding reveals in the path starts the
	// query, as in Google's Safe Browsing client, which decodes before it
	// splits: "http://a/b/..%3Fc" gives "http://a/?c". The key need
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

	// NormalizePercentEncoding writes the percent-encoded bytes of the
	// user info, an opaque host, the path, the query and the fragment as
	// RFC 3986 normalizes them (section 6.2.2): in upper-case hex, and
	// those of unreserved characters (letters, digits, "-", ".", "_" and
	// "~") decoded: "/%7euser/%c3%a9" gives "/~user/%C3%A9". The bytes a
	// URL names, and the case of its letters, stay: "%83X" is not "%83x".
	// DecodeRepeatedly, which decodes every byte, goes further.
	NormalizePercentEncoding bool

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
	// stays as it is. With TrimHostDots, a domain whose dots stay loses
	// its "www" all the same, and the rest is trimmed as it would be
	// alone: "http://www.0../" gives "http://0.0.0.0/", as
	// "http://0../" does.
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
	// they are (unlike [weburl.SearchParams.Sort], which decodes and encodes
	// them again); the fragment stays. It keeps URLs that differ only in
	// the query's order together, and the key is still the URL a browser
	// would load: "https://a.example/?b=2&a=%41#f" gives
	// "https://a.example/?a=%41&b=2#f".
	SortQuery = Canonicalizer{QueryOrder: QueryByName}

	// Frontier is the key of a crawl frontier: URLs that name the same
	// resource, by what a server sees, share it, and URLs that can name
	// different ones do not. The fragment, which never reaches the
	// server, goes; the query's pairs are sorted by name, those of the
	// same name in their order (QueryByName), and an empty query goes;
	// percent-encoding is written as RFC 3986 normalizes it
	// (NormalizePercentEncoding: "%7e", "%7E" and "~" are one). What can
	// tell resources apart stays: the case of the path and query and the
	// bytes they encode ("ABOUT.html" is not "about.html", "%83X" is not
	// "%83x"), a final "/", "www." and the scheme.
	// "https://a.example/%7euser/Page?b=2&a=%41#top" gives
	// "https://a.example/~user/Page?a=A&b=2".
	Frontier = Canonicalizer{
		RemoveFragment:           true,
		NormalizePercentEncoding: true,
		QueryOrder:               QueryByName,
		RemoveEmptyQuery:         true,
	}
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

// An Error reports an input that a Lenient [Canonicalizer] or a
// CDXCompatible [SURT] reads as bytes and cannot key. (An input read with
// the URL Standard's parser fails with its [*weburl.Error].) Err is one of
// the errors below.
type Error struct {
	Op    string // "Canonicalize" or "SURT"
	Input string // the input
	Err   error  // ErrNoURL, ErrNoScheme, ErrPortInvalid or ErrPortOutOfRange
}

// The errors an [Error] wraps.
var (
	// ErrNoURL: the input holds nothing but spaces and controls.
	ErrNoURL = errors.New("nothing but spaces and controls")
	// ErrNoScheme: the input does not start with a scheme, and there is
	// no DefaultScheme to read it with.
	ErrNoScheme = errors.New("no scheme and no default scheme")
	// ErrPortInvalid: the port is not a number (as the surt package
	// reads it).
	ErrPortInvalid = errors.New("the port is not a number")
	// ErrPortOutOfRange: the port is a number above 65535 (as the surt
	// package reads it).
	ErrPortOutOfRange = errors.New("the port is above 65535")
)

// Error returns "canon:", the operation, the input quoted (cut short
// after 1 KiB) and what is wrong.
func (e *Error) Error() string {
	return "canon: " + e.Op + " " + quote.Short(e.Input) + ": " + e.Err.Error()
}

// Unwrap returns e.Err.
func (e *Error) Unwrap() error { return e.Err }

// Canonicalize returns the key of rawURL, read as c's rules say: with the
// URL Standard's parser (after DefaultScheme, if rawURL has no scheme),
// failing with its [*weburl.Error]; or, with Lenient, as bytes, failing
// with an [*Error] only on an input with nothing but spaces and controls
// or without a scheme when there is no DefaultScheme.
func (c *Canonicalizer) Canonicalize(rawURL string) (string, error) {
	// A buffer on the stack: the key is often the input or its href,
	// returned without a copy.
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

// keyBuffer returns a buffer for a SURT key of u, to be returned as a
// string with ownedString: one allocation, where a buffer on the stack
// cost its zeroing and then an allocation and a copy (SURT never returns
// its input). Its capacity is the longest key u can have when decoding
// and encoding do not lengthen it: the href, less its scheme, ":" and
// "//" (unless WithScheme), plus ")" and "/" before a query, and "(" and
// "," as the options add them. No more than that, because the
// collector's share of a key's cost grows with its bytes: a buffer of
// the href's length and 16 bytes more cost SURT 75 more instructions per
// URL on kasztp (bench/README.md). Canonicalize keeps its buffer on the
// stack: its key is often its input, returned as it is, and an
// allocation for every key cost more than the copies it saved.
func keyBuffer(u *weburl.URL, surt *SURTOptions) []byte {
	return newKey(keyCap(u.Href(), u.Protocol(), u.HostValue().Kind() != weburl.HostNull, surt))
}

// newKey returns an empty buffer with room for n bytes, allocated as an
// array of the allocator's size class for n up to 256 bytes: the
// allocation make([]byte, 0, n) makes, but where make calls makeslice,
// which checks n and calls mallocgc, which finds the class, an array of
// a constant size is allocated by the allocator's routine for its
// class, called directly (from Go 1.27 on): 31 fewer instructions per
// SURT on kasztp (bench/README.md). The capacity is the class's size,
// all of the memory the allocation holds; longer keys take make's.
func newKey(n int) []byte {
	switch (n + 7) >> 3 {
	case 0, 1:
		return new([8]byte)[:0]
	case 2:
		return new([16]byte)[:0]
	case 3:
		return new([24]byte)[:0]
	case 4:
		return new([32]byte)[:0]
	case 5, 6:
		return new([48]byte)[:0]
	case 7, 8:
		return new([64]byte)[:0]
	case 9, 10:
		return new([80]byte)[:0]
	case 11, 12:
		return new([96]byte)[:0]
	case 13, 14:
		return new([112]byte)[:0]
	case 15, 16:
		return new([128]byte)[:0]
	case 17, 18:
		return new([144]byte)[:0]
	case 19, 20:
		return new([160]byte)[:0]
	case 21, 22:
		return new([176]byte)[:0]
	case 23, 24:
		return new([192]byte)[:0]
	case 25, 26:
		return new([208]byte)[:0]
	case 27, 28:
		return new([224]byte)[:0]
	case 29, 30:
		return new([240]byte)[:0]
	case 31, 32:
		return new([256]byte)[:0]
	}
	return make([]byte, 0, n)
}

// keyCap is keyBuffer's capacity for a URL with href, protocol and, if
// host, a host. surtKey takes from it what it knows the key drops.
func keyCap(href, protocol string, host bool, surt *SURTOptions) int {
	n := len(href) + 2 // ")", and "/" before a query
	if host {
		if surt.WithScheme {
			n++ // "("
		} else {
			n -= len(protocol) + 2 // the scheme, ":" and "//"
		}
		if surt.TrailingComma {
			n++
		}
	}
	return n
}

// ownedString returns the bytes of b as a string, without a copy: b must
// not be written to again.
func ownedString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// CanonicalizeURL returns the key of u, a URL parsed by package weburl.
// For an href h, CanonicalizeURL of the URL weburl.Parse(h) returns is
// what Canonicalize(h) returns. It returns "" for a nil or zero URL.
func (c *Canonicalizer) CanonicalizeURL(u *weburl.URL) string {
	if u == nil || u.Href() == "" {
		return ""
	}
	href := u.Href()
	var stack [256]byte
	var k []byte
	if c.Lenient {
		k, _ = c.lenientKey(stack[:0], href)
	} else {
		k = c.urlKey(stack[:0], u, nil)
	}
	if string(k) == href {
		return href
	}
	return string(k)
}

// key canonicalizes rawURL into buf, or makes its SURT if surt is not nil
// (into a buffer keyBuffer makes if buf is nil). It also returns a string
// the key may equal, rawURL or its href, to return instead of a copy.
//
// A key has the form scheme ":" ["//" [userinfo "@"] host [":" port]]
// path ["?" query] ["#" fragment].
func (c *Canonicalizer) key(buf []byte, rawURL string, surt *SURTOptions) (_ []byte, same string, _ error) {
	if c.Lenient {
		k, err := c.lenientKey(buf, rawURL)
		return k, rawURL, err
	}
	u, err := weburl.Parse(rawURL)
	if err != nil {
		if u, err = c.parseWithScheme(rawURL, err); err != nil {
			return nil, "", err
		}
	}
	if surt == nil {
		return c.urlKey(buf, u, nil), u.Href(), nil
	}
	return c.surtOf(buf, u, surt), u.Href(), nil
}

// parseWithScheme is what c reads of an input that weburl.Parse failed
// on with err, as c reads a URL that is not Lenient: an input without a
// scheme parsed again after DefaultScheme, if c has one; else err. Its
// callers call weburl.Parse themselves: it is inlined into them, with
// its URL on their stack, where a function of c's that called
// Parser.ParseInto took two calls more.
func (c *Canonicalizer) parseWithScheme(rawURL string, err error) (*weburl.URL, error) {
	if c.DefaultScheme == "" || !errors.Is(err, weburl.ErrMissingSchemeNonRelativeURL) {
		return nil, err
	}
	// No scheme: the parser fails with this code exactly then.
	return weburl.Parse(c.DefaultScheme + "://" + ascii.TrimC0Space(rawURL))
}

// urlKey makes the key of u, a URL of the URL Standard, or, if surt is
// not nil, its SURT: the scheme as the options say, the host's labels
// reversed and joined with ",", the port and ")", then the path and query.
// https://github.com/internetarchive/surt (the format its SURT class writes)
func (c *Canonicalizer) urlKey(buf []byte, u *weburl.URL, surt *SURTOptions) []byte {
	var scratch []byte // for decoding, which few URLs need
	if surt == nil && c.keepsPrefix() {
		// No rule changes what comes before the query: the href's.
		href := u.Href()
		end := len(href)
		if u.HasHash() {
			end -= max(len(u.Hash()), 1)
		}
		if u.HasSearch() {
			end -= max(len(u.Search()), 1)
		}
		return c.appendQueryAndFragment(append(buf, href[:end]...), scratch, u, nil, -1) // no SURT: no path start needed
	}
	host := u.HostValue()
	protocol, hostname, kind := u.Protocol(), host.String(), host.Kind()
	scheme := protocol[:len(protocol)-1]
	hasHost := kind != weburl.HostNull && hostname != ""
	switch {
	case surt == nil:
		if kind != weburl.HostNull {
			// The href has "//" after the ":" whenever there is a host.
			buf = append(buf, u.Href()[:len(protocol)+2]...)
		} else {
			buf = append(buf, protocol...)
		}
	case surt.WithScheme && hasHost:
		buf = append(buf, protocol...)
		if scheme != "dns" {
			buf = append(buf, "//"...)
		}
		buf = append(buf, '(')
	case !hasHost:
		buf = append(buf, protocol...)
	}
	if kind != weburl.HostNull && (surt == nil || hasHost) {
		if surt == nil && !c.RemoveUserInfo {
			if username, password := u.Username(), u.Password(); username != "" || password != "" {
				buf, scratch = c.appendUserinfo(buf, scratch, username, password, ascii.KeyMinimal|ascii.Userinfo)
			}
		}
		var ip bool
		buf, scratch, ip = c.appendURLHost(buf, scratch, hostname, kind, surt)
		if port := u.Port(); port != "" && !c.RemovePort {
			buf = append(append(buf, ':'), port...)
		}
		if surt != nil {
			if surt.TrailingComma && !ip {
				buf = append(buf, ',')
			}
			buf = append(buf, ')')
		}
	}
	pathStart := len(buf)
	if u.HasOpaquePath() {
		buf, scratch, _, _ = c.appendOpaquePath(buf, scratch, u.Pathname(), ascii.KeyPath, false)
	} else {
		set, file := ascii.KeySpecialPath, false
		switch {
		case scheme == "https" || scheme == "http" || scheme == "wss" || scheme == "ws" || scheme == "ftp":
			// Special, but for file: a URL's scheme is lowercase.
		case scheme == "file":
			set, file = ascii.KeyFilePath, true
		default:
			set = ascii.KeyPath
		}
		buf, scratch, _, _ = c.appendPath(buf, scratch, u.Pathname(), set, file, false)
		// A path that starts with "//" in a URL without a host is
		// serialized after "/.", as the URL serializer does.
		if kind == weburl.HostNull {
			if q := buf[pathStart:]; len(q) > 1 && q[0] == '/' && q[1] == '/' {
				buf = slices.Insert(buf, pathStart, '/', '.')
			}
		}
	}
	return c.appendQueryAndFragment(buf, scratch, u, surt, pathStart)
}

// keepsPrefix reports whether no rule of c changes the scheme, user
// info, host, port or path of a URL the URL Standard's parser made.
func (c *Canonicalizer) keepsPrefix() bool {
	return !c.RemoveUserInfo && !c.RemovePort && !c.DecodeRepeatedly && !c.NormalizePercentEncoding &&
		!c.LowercaseHost && !c.TrimHostDots && !c.StripWWW && !c.CollapseSlashes && !c.RemoveTrailingSlash &&
		!c.LowercasePath && !c.StripSessionIDs
}

// appendQueryAndFragment appends u's query and fragment as c says, after
// the path that starts at buf[pathStart].
func (c *Canonicalizer) appendQueryAndFragment(buf, scratch []byte, u *weburl.URL, surt *SURTOptions, pathStart int) []byte {
	if u.HasSearch() {
		query := u.Search() // "?" and the query, or "" for an empty one
		if query != "" {
			query = query[1:]
		}
		pathEnd := len(buf)
		buf, _ = c.appendQuery(buf, scratch, query, ascii.KeyMinimal, false)
		if surt != nil && pathEnd == pathStart && len(buf) > pathEnd {
			buf = slices.Insert(buf, pathEnd, '/') // a SURT has "/" before a query
		}
	}
	if !c.RemoveFragment && surt == nil && u.HasHash() {
		fragment := u.Hash()
		if fragment != "" {
			fragment = fragment[1:]
		}
		buf = c.appendAsIs(append(buf, '#'), fragment)
	}
	return buf
}

// appendAsIs appends s, a component no rule decodes, with its
// percent-encoding normalized if NormalizePercentEncoding says so.
func (c *Canonicalizer) appendAsIs(buf []byte, s string) []byte {
	if c.NormalizePercentEncoding {
		return appendNormalized(buf, s)
	}
	return append(buf, s...)
}

// appendUserinfo appends the username, ":" and password if there is one,
// and "@"; decoded bytes are escaped again with the set esc.
func (c *Canonicalizer) appendUserinfo(buf, scratch []byte, username, password string, esc ascii.Set) (_, _ []byte) {
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
			buf = c.appendAsIs(buf, s)
		}
	}
	return append(buf, '@'), scratch
}

// appendURLHost appends the host h, of the kind given, changed as c
// says, and reports whether it is an IP address. With surt, the labels of
// a domain or opaque host, and of an IPv4 address unless
// surt.KeepIPOrder, are reversed and joined with ",".
func (c *Canonicalizer) appendURLHost(buf, scratch []byte, h string, kind weburl.HostKind, surt *SURTOptions) (_, _ []byte, ip bool) {
	start := len(buf)
	switch kind {
	case weburl.HostIPv4:
		if surt != nil && !surt.KeepIPOrder {
			return appendReversedLabels(buf, h), scratch, true
		}
		return append(buf, h...), scratch, true
	case weburl.HostIPv6:
		return append(buf, h...), scratch, true
	case weburl.HostDomain:
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
	case weburl.HostOpaque:
		if c.DecodeRepeatedly {
			buf, scratch, _ = appendRecoded(buf, scratch, h, ascii.KeyMinimal|ascii.OpaqueHostStop)
		} else {
			buf = c.appendAsIs(buf, h)
		}
		if c.LowercaseHost {
			ascii.LowerBytes(buf[start:])
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

// hasStrayDots reports whether h starts or ends with a dot or has two in
// a row: whether trimDots changes it. Two dots in a row put one at an odd
// offset, so the loop reads every other byte and, at a dot, the bytes
// either side. (Hosts are short: a scan eight bytes at a time was slower
// than a loop over every byte, bench/README.md, "What the code's comments
// rest on".)
func hasStrayDots[S ~string | ~[]byte](h S) bool {
	n := len(h)
	if n == 0 {
		return false
	}
	if h[0] == '.' || h[n-1] == '.' {
		return true
	}
	for i := 1; i < n-1; i += 2 {
		if h[i] == '.' && (h[i-1] == '.' || h[i+1] == '.') {
			return true
		}
	}
	return false
}

// cleanHost applies TrimHostDots and StripWWW to the host at buf[start:].
// A host they would empty stays. If domain is not "", the host is that
// domain, which must stay one or become a valid IPv4 address: trimmed
// dots that leave it ending in a number that is no IPv4 address stay (an
// IPv4 address is written as one, and ip is true). The "www" of such a
// domain goes, and what is left is cleaned again, as it would be alone:
// its dots may trim to an address ("www.0.." gives "0..", and so
// "0.0.0.0", as "0.." does).
func (c *Canonicalizer) cleanHost(buf []byte, start int, domain string) (_ []byte, ip bool) {
	h := buf[start:]
	if c.TrimHostDots && hasStrayDots(h) && !allDots(h) {
		h = trimDots(h)
		if domain != "" {
			// The host parser reads the trimmed domain (ASCII, without
			// "%" or a forbidden domain code point) as a domain, as an
			// IPv4 address if it ends in a number, or fails.
			switch host, err := weburl.ParseHost(string(h)); {
			case err != nil:
				if i := wwwPrefix(domain); c.StripWWW && i > 0 {
					return c.cleanHost(append(buf[:start], domain[i:]...), start, domain[i:])
				}
				return append(buf[:start], domain...), false
			case host.Kind() == weburl.HostIPv4:
				return append(buf[:start], host.String()...), true
			}
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

// lowerAndScan lowercases the ASCII letters of p in place if lower, and
// reports whether p has "//" and "(", in one pass: a loop a byte at a
// time, as a scan eight bytes at a time made no difference worth its code
// (bench/README.md, "What the code's comments rest on").
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

// appendPath appends a path that is a list, changed as c says; set is
// the set DecodeRepeatedly encodes, file says the URL is a file URL, and
// raw that the path is read with Lenient: its "." and ".." segments are
// still there, and a "?" that decoding reveals ends it (see cutQuery).
func (c *Canonicalizer) appendPath(buf, scratch []byte, path string, set ascii.Set, file, raw bool) (_, _ []byte, rest string, cut bool) {
	start := len(buf)
	if c.NormalizePercentEncoding && !c.DecodeRepeatedly && strings.IndexByte(path, '%') >= 0 {
		// The rules below read the normalized path; nothing writes to
		// scratch again until they are done (only DecodeRepeatedly does).
		scratch = appendNormalized(scratch[:0], path)
		path = unsafe.String(unsafe.SliceData(scratch), len(scratch))
	}
	if !raw && !c.DecodeRepeatedly && !c.CollapseSlashes && !c.LowercasePath && !c.StripSessionIDs && !c.RemoveTrailingSlash {
		return append(buf, path...), scratch, "", false // no rule for the path
	}
	var slashes, paren, copied bool
	if !raw && !file && len(path) >= 8 {
		// Most paths: eight bytes at a time, no "%" or "(", and so
		// nothing to decode or strip.
		buf, slashes, copied = appendPlainPath(buf, path, c.LowercasePath)
	}
	if !copied {
		buf, slashes, paren, copied = c.copyPath(buf, path, set, raw)
	}
	if !copied {
		recode := c.DecodeRepeatedly && needsRecode(path, set, raw)
		switch {
		case recode:
			scratch = appendDecodedRepeatedly(scratch[:0], path)
			if raw {
				scratch, rest, cut = cutQuery(scratch)
			}
			if (raw || len(scratch) != len(path)) && len(scratch) > 0 && scratch[0] == '/' && bytes.Contains(scratch, []byte("/.")) {
				scratch = resolveDots(scratch, file, false)
			}
			buf = ascii.AppendEncoded(buf, scratch, set)
		case raw && len(path) > 0 && path[0] == '/' && strings.Contains(path, "/."):
			buf = append(buf, path...)
			buf = buf[:start+len(resolveDots(buf[start:], file, false))]
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
	return buf, scratch, rest, cut
}

// cutQuery cuts a path read with Lenient and decoded at its first "?",
// which starts the query when the key is read again, and returns the rest
// after the "?" as a string, for the query: the rules of the path must
// see only what is the path then, or canonicalizing the key again would
// change it ("/%2e%3f" is "/.?" decoded, and "/?" once its "." is
// resolved). Google's Safe Browsing client reads a decoded "?" so too: it
// decodes the whole URL before it looks for the query (parseURL in
// https://github.com/google/safebrowsing/blob/master/urls.go).
func cutQuery(p []byte) (path []byte, rest string, cut bool) {
	q := bytes.IndexByte(p, '?')
	if q < 0 {
		return p, "", false
	}
	return p[:q], string(p[q+1:]), true
}

// appendPlainPath appends path, with its ASCII upper-case letters
// lowered if lower, and reports whether it has "//", where path is
// plain: all ASCII, and no byte from "%" to "(" ("%&'("), for which the
// caller looks at each byte. For any other path it returns buf as it was
// (its capacity perhaps grown) and plain false. A parsed URL's path is
// ASCII: the path states percent-encode every code point above U+007E
// (URL Standard, "C0 control percent-encode set"). A path of eight bytes
// or more it reads, lowers and writes eight bytes at a time, in one pass
// (scanning it first, then copying it and lowering it where it had an
// upper-case letter took a tenth more of a SURT's time): most paths need
// no more, which makes the Wayback and SURT keys of real URLs a sixth
// faster than copyPath's loop for every path (bench/README.md, "What the
// code's comments rest on"). The whole words come first and the last one
// after the loop, overlapping the one before, which took a fifth fewer
// instructions than a loop that moves its last word back.
func appendPlainPath(buf []byte, p string, lower bool) (_ []byte, slashes, plain bool) {
	const hi = 0x8080808080808080
	start, n := len(buf), len(p)
	if n < 8 {
		for i := 0; i < n; i++ {
			c := p[i]
			switch {
			case '%' <= c && c <= '(' || c >= 0x80:
				return buf[:start], false, false
			case c == '/':
				slashes = slashes || i > 0 && p[i-1] == '/'
			case lower:
				c = ascii.Lower(c)
			}
			buf = append(buf, c)
		}
		return buf, slashes, true
	}
	buf = slices.Grow(buf, n)[:start+n]
	d := buf[start:]
	// p and d have n bytes; cutting p to len(d) tells the compiler so,
	// and with the loop's test on len(d) it proves the stores below in
	// bounds (without the cut, the last word's store kept a check: 7
	// more instructions per SURT on kasztp).
	p = p[:len(d)]
	// other collects the bytes themselves and the "%" to "(" marks: a
	// high bit in it is a byte that is not ASCII or one of "%&'(". single
	// keeps bit 7 clear in a byte that is a "/" after a "/". The letters'
	// marks, shifted to bit 5, lower them; keep clears them all when
	// lower is false.
	var other uint64
	single := ^uint64(0)
	prev := uint64(hi) // no "/" before the first byte
	keep := uint64(0)
	if lower {
		keep = hi
	}
	i := 0
	for ; i+8 <= len(d); i += 8 {
		x := ascii.Load64(p, i)
		m, u, ns := pathWord(x)
		other |= x | m
		single &= ns | ns<<8 | prev>>56 // a "/" after a "/", in this word or across
		prev = ns
		binary.LittleEndian.PutUint64(d[i:i+8], x|u&keep>>2)
	}
	if i < n {
		// The last eight bytes, overlapping the word before: the bytes
		// before i were seen, and the pair across i is in this word.
		x := ascii.Load64(p, n-8)
		m, u, ns := pathWord(x)
		other |= x | m
		single &= ns | ns<<8 | 0x80
		binary.LittleEndian.PutUint64(d[n-8:], x|u&keep>>2)
	}
	if other&hi != 0 {
		return buf[:start], false, false
	}
	return buf, ^single&hi != 0, true
}

// pathWord marks the bytes of x, each ASCII, in bit 7 of each byte (the
// other bits are noise): from "%" to "(" in maybe, the ASCII upper-case
// letters in up, and the bytes other than "/" in notSlash. A byte of
// 0x80 or more makes noise in its neighbours, which appendPlainPath need
// not read: such a path is not plain.
func pathWord(x uint64) (maybe, up, notSlash uint64) {
	return ascii.WordInRange(x, '%', '('), ascii.WordInRange(x, 'A', 'Z'), ascii.WordOther(x, '/')
}

// pathBytes marks the bytes copyPath looks at: "%", "|", "/", "(", ".",
// the ASCII upper-case letters, and those DecodeRepeatedly encodes.
var pathBytes = func() (t [256]bool) {
	for _, c := range "%|/(.ABCDEFGHIJKLMNOPQRSTUVWXYZ" {
		t[c] = true
	}
	for c := range t {
		t[c] = t[c] || ascii.KeyMinimal.Has(byte(c))
	}
	return t
}()

// copyPath appends path, lowercased if c.LowercasePath, and reports
// whether it has "//" and "(", in one pass. It appends nothing and returns
// ok false where DecodeRepeatedly would change the path (a byte of set
// other than a "%" that keeps its bytes, below), and for a path read as
// bytes (raw) with a "." or ".." segment.
//
// Under DecodeRepeatedly, a "%" and two hex digits that decode to a byte
// of set other than "%" keep their three bytes: decoding gives the byte,
// which no further decoding joins to another sequence (it is no hex
// digit, and not "%"), and encoding gives the three bytes again, the
// digits in upper case, as the path has them or as it is lowered from
// ("%20", "%C3%A9", "%23"). Any other "%" (a "%7E" that decodes to "~",
// a "%25", a "%" without two digits) leaves the path to the decoding.
// FuzzDecodeRepeatedly checks the two against each other.
func (c *Canonicalizer) copyPath(buf []byte, path string, set ascii.Set, raw bool) (_ []byte, slashes, paren, ok bool) {
	upper := false
	decode := c.DecodeRepeatedly && !raw
	for i := 0; i < len(path); i++ {
		ch := path[i]
		if !pathBytes[ch] {
			continue
		}
		switch {
		case ch == '%' && decode:
			if i+2 >= len(path) || !ascii.IsHex(path[i+1]) || !ascii.IsHex(path[i+2]) {
				return buf, false, false, false
			}
			hi, lo := path[i+1], path[i+2]
			if b := ascii.Unhex(hi)<<4 | ascii.Unhex(lo); b == '%' || !set.Has(b) || !c.LowercasePath && (hi >= 'a' || lo >= 'a') {
				return buf, false, false, false
			}
			upper = upper || 'A' <= hi && hi <= 'F' || 'A' <= lo && lo <= 'F'
			i += 2
			ch = lo
		case ch == '/':
			slashes = slashes || i > 0 && path[i-1] == '/'
		case ch == '(':
			paren = true
		case ch == '.':
			if raw && i > 0 && path[i-1] == '/' {
				return buf, false, false, false
			}
		case set.Has(ch):
			if c.DecodeRepeatedly || raw {
				return buf, false, false, false
			}
		case 'A' <= ch && ch <= 'Z':
			upper = true
		}
	}
	start := len(buf)
	buf = append(buf, path...)
	if upper && c.LowercasePath {
		ascii.LowerBytes(buf[start:])
	}
	return buf, slashes, paren, true
}

// appendOpaquePath appends an opaque path, or a lenient one that does not
// start with "/" (raw), changed as c says; decoded bytes are escaped again
// with the set esc. Where raw, a "?" that decoding reveals ends the path
// (see cutQuery).
func (c *Canonicalizer) appendOpaquePath(buf, scratch []byte, path string, esc ascii.Set, raw bool) (_, _ []byte, rest string, cut bool) {
	start := len(buf)
	if c.DecodeRepeatedly {
		scratch = appendDecodedRepeatedly(scratch[:0], path)
		if raw {
			scratch, rest, cut = cutQuery(scratch)
		}
		if len(scratch) > 0 && scratch[0] == '/' {
			// "/" would start a path that is a list.
			buf = append(buf, "%2F"...)
			scratch = scratch[1:]
		}
		buf = ascii.AppendEncoded(buf, scratch, esc)
	} else {
		buf = c.appendAsIs(buf, path)
	}
	if c.LowercasePath {
		ascii.LowerBytes(buf[start:])
	}
	return buf, scratch, rest, cut
}

// appendQuery appends "?" and a query, changed as c says, or nothing if
// RemoveEmptyQuery drops it.
func (c *Canonicalizer) appendQuery(buf, scratch []byte, query string, set ascii.Set, raw bool) (_, _ []byte) {
	mark := len(buf)
	buf = append(buf, '?')
	start := len(buf)
	if c.DecodeRepeatedly && needsRecode(query, set, raw) {
		buf, scratch, _ = appendRecoded(buf, scratch, query, set)
	} else {
		buf = c.appendAsIs(buf, query)
	}
	if c.StripSessionIDs {
		buf = buf[:start+len(stripQuerySessionIDs(buf[start:]))]
	}
	if c.LowercaseQuery {
		ascii.LowerBytes(buf[start:])
	}
	if c.QueryOrder != QueryAsIs {
		scratch = sortQuery(buf[start:], scratch, c.QueryOrder)
	}
	if c.RemoveEmptyQuery && len(buf) == start {
		buf = buf[:mark]
	}
	return buf, scratch
}
