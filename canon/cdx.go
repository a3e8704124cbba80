package canon

import (
	"bytes"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/weburl/weburl/internal/ascii"
	"golang.org/x/net/idna"
)

// This file makes the SURT keys of SURTOptions.CDXCompatible: the bytes
// the surt package 0.3.1 (github.com/internetarchive/surt) makes with
// surt.surt(url), which sorts the CDX indexes of the Wayback Machine and
// Common Crawl, and which follows the Java webarchive-commons. That
// package does not parse URLs by the URL Standard: it splits them with the
// regular expression of RFC 2396's appendix B, reads the host and port as
// Python's urllib.parse does, and canonicalizes with Google's rules and
// then the Internet Archive's. What follows computes the same steps, as
// measured from the package (testdata/surt holds its keys for every input
// the tests read, and gen.sh, which recorded them).

// errCDXSURT is the error of an input for which the surt package raises
// an exception: nothing after its whitespace, or a port that is not a
// number from 0 to 65535.
func errCDXSURT(input string, err error) error {
	return &Error{Op: "SURT", Input: input, Err: err}
}

// tabsAndNewlines removes every tab, CR and LF. Built once: building it
// took more than the rest of a key.
var tabsAndNewlines = strings.NewReplacer("\t", "", "\n", "", "\r", "")

// cdxSURT returns the SURT of raw as the surt package makes it, with the
// options opts (WithScheme, TrailingComma, KeepWWW and KeepIPOrder are
// the package's with_scheme, trailing_comma, host_massage=False and
// reverse_ipaddr=False). raw is neither "" nor starts with "filedesc".
func cdxSURT(raw string, opts *SURTOptions) (string, error) {
	// handyurl.parse: the ASCII whitespace at both ends, and every tab, CR
	// and LF, removed; "http://" added to an input without a scheme; a run
	// of "http://" and "https://" at the start cut to its last.
	s := raw
	if len(s) > 0 && (s[0] <= ' ' || s[len(s)-1] <= ' ') { // the whitespace is all up to " "
		s = strings.Trim(s, " \t\n\r\v\f")
	}
	if ascii.IndexTabOrNewline(s) >= 0 {
		s = tabsAndNewlines.Replace(s)
	}
	if s == "" {
		return "", errCDXSURT(raw, ErrNoURL)
	}
	if schemeEnd(s) == 0 {
		s = "http://" + s
	}
	s = cdxLastProtocol(s)

	scheme, netloc, path, query := cdxSplit(s)
	netloc = strings.TrimRight(netloc, ":")
	host, portText := cdxHostinfo(netloc)
	port := 0
	if portText != "" {
		if !ascii.AllDigits(portText) {
			return "", errCDXSURT(raw, ErrPortInvalid)
		}
		n, err := strconv.ParseUint(portText, 10, 32)
		if err != nil || n > 65535 {
			return "", errCDXSURT(raw, ErrPortOutOfRange)
		}
		port = int(n) // 0 is no port, as in the package
	}
	if strings.HasPrefix(scheme, "http") && host == "" && path != "" {
		// "http:////host/path": the host is the path's first segment.
		host, path, _ = strings.Cut(strings.TrimLeft(path, "/"), "/")
		path = "/" + path
	}

	// GoogleURLCanonicalizer: the query, host and path decoded repeatedly
	// and encoded once; the host through IDNA 2003, its runs of ".."
	// halved, its dots trimmed, and read as an IPv4 address if it is one
	// in any of inet_aton's forms; the path's dot segments resolved (and
	// its empty segments dropped, but the last) if there is a host.
	if query != "" {
		query = ascii.PercentEncode(cdxUnescape(query), ascii.KeyMinimal)
	}
	if host != "" {
		h := cdxUnescape(host)
		if !ascii.Is(h) {
			if a, ok := cdxIDNA(h); ok {
				h = a
			}
		}
		h = strings.Trim(strings.ReplaceAll(h, "..", "."), ".")
		if ip, ok := cdxIPv4(h); ok {
			h = ip
		} else {
			h = ascii.PercentEncode(cdxLower(h), ascii.KeyMinimal)
		}
		host = h
	}
	path = cdxUnescape(path)
	if host != "" {
		path = cdxNormalizePath(path)
	}
	path = ascii.PercentEncode(path, ascii.KeyMinimal)

	// IAURLCanonicalizer: the host lowercased and "www", digits and "."
	// cut from its start; the default port of http and https dropped;
	// the path lowercased, its session IDs cut, and its last "/" unless
	// it is all; the query's session IDs cut, lowercased, its pairs
	// sorted.
	if host != "" {
		host = cdxLower(host)
		if scheme != "dns" && !opts.KeepWWW {
			host = host[wwwLabel(host):]
		}
	}
	if port != 0 && port == cdxDefaultPort(cdxLower(scheme)) {
		port = 0
	}

	// handyurl.geturl_bytes with surt=True. The path and the query are
	// changed as IAURLCanonicalizer says in the key's bytes, where a
	// string made at each step took an allocation each.
	b := make([]byte, 0, len(scheme)+len(host)+len(path)+len(query)+16) // ":", "//(", ",", the port, ")", "/", "?"
	switch {
	case opts.WithScheme:
		b = append(append(b, scheme...), ':')
		if host != "" {
			if scheme != "dns" {
				b = append(b, "//"...)
			}
			b = append(b, '(')
		}
	case host == "":
		b = append(append(b, scheme...), ':')
	}
	if host != "" {
		if !opts.KeepIPOrder || !isDottedQuad(host) {
			b = appendReversedLabels(b, host)
		} else {
			b = append(b, host...)
		}
		if port != 0 {
			b = strconv.AppendInt(append(b, ':'), int64(port), 10)
		}
		if opts.TrailingComma {
			b = append(b, ',')
		}
		b = append(b, ')')
	}
	pathStart := len(b)
	if path != "" {
		b = append(b, path...)
		p := b[pathStart:]
		ascii.LowerBytes(p)
		p = cdxStripPathSessionID(p)
		if len(p) > 1 && p[len(p)-1] == '/' {
			p = p[:len(p)-1]
		}
		b = b[:pathStart+len(p)]
	}
	if query != "" {
		queryStart := len(b)
		b = append(append(b, '?'), query...)
		q := cdxStripQuerySessionID(b[queryStart+1:])
		ascii.LowerBytes(q)
		// By name, then value, a pair without "=" before one with it:
		// Python's sort of tuples.
		sortQuery(q, nil, QueryByNameValue)
		switch {
		case len(q) == 0:
			b = b[:queryStart]
		case queryStart == pathStart: // no path: "/" before the query
			b = slices.Insert(b[:queryStart+1+len(q)], queryStart, '/')
		default:
			b = b[:queryStart+1+len(q)]
		}
	}
	return ownedString(b), nil
}

// cdxLastProtocol cuts a run of "http://" and "https://" at the start of
// s to its last one ("http://https/order" stays: "https/" is no
// protocol).
func cdxLastProtocol(s string) string {
	start, i := 0, 0
	for {
		switch {
		case strings.HasPrefix(s[i:], "http://"):
			start, i = i, i+len("http://")
		case strings.HasPrefix(s[i:], "https://"):
			start, i = i, i+len("https://")
		default:
			return s[start:]
		}
	}
}

// cdxSplit splits s as the regular expression of RFC 2396's appendix B,
// with a scheme of a letter and then letters, digits, "+", "-" and ".",
// does: the scheme before the first ":", the authority after "//" up to
// "/", "?" or "#", the path up to "?" or "#", the query up to "#". The
// fragment is dropped.
func cdxSplit(s string) (scheme, netloc, path, query string) {
	if i := schemeEnd(s); i > 0 {
		scheme, s = s[:i], s[i+1:]
	}
	if rest, ok := strings.CutPrefix(s, "//"); ok {
		end := ascii.IndexAny(rest, "/?#")
		if end < 0 {
			end = len(rest)
		}
		netloc, s = rest[:end], rest[end:]
	}
	end := ascii.IndexAny(s, "?#")
	if end < 0 {
		end = len(s)
	}
	path, s = s[:end], s[end:]
	if rest, ok := strings.CutPrefix(s, "?"); ok {
		query, _, _ = strings.Cut(rest, "#")
	}
	return scheme, netloc, path, query
}

// cdxHostinfo returns the host name and port of netloc as Python's
// urllib.parse reads them (SplitResultBytes.hostname and port): after the
// last "@", inside "[" and "]" or up to the first ":", the host name
// lowercased but for an IPv6 zone after "%".
func cdxHostinfo(netloc string) (host, port string) {
	if i := strings.LastIndexByte(netloc, '@'); i >= 0 {
		netloc = netloc[i+1:]
	}
	if _, bracketed, ok := strings.Cut(netloc, "["); ok {
		var rest string
		host, rest, _ = strings.Cut(bracketed, "]")
		_, port, _ = strings.Cut(rest, ":")
	} else {
		host, port, _ = strings.Cut(netloc, ":")
	}
	name, zone, ok := strings.Cut(host, "%")
	if ok {
		return cdxLower(name) + "%" + zone, port
	}
	return cdxLower(host), port
}

// cdxLower lowercases the ASCII letters of s.
func cdxLower(s string) string {
	i := ascii.IndexUpper(s)
	if i < 0 {
		return s
	}
	b := []byte(s)
	ascii.LowerBytes(b[i:])
	return ownedString(b)
}

// cdxUnescape decodes s's percent-encoded bytes until none is left
// (unescapeRepeatedly).
func cdxUnescape(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	return string(appendDecodedRepeatedly(nil, s))
}

// cdxIDNA returns host, which is not ASCII, as Python's "idna" codec
// encodes it after decoding it as UTF-8 and dropping what is not: the
// labels between ".", "。", "．" and "｡" each through ToASCII. It reports
// false where the codec raises an error (an empty label, or one of more
// than 63 bytes, or one the mapping rejects), and the host then stays as
// it is. The codec follows IDNA 2003 (nameprep with Unicode 3.2); this
// uses golang.org/x/net/idna's transitional UTS #46 mapping, which was
// made to agree with it on all but a few code points.
func cdxIDNA(host string) (string, bool) {
	var u strings.Builder
	for i := 0; i < len(host); {
		r, size := utf8.DecodeRuneInString(host[i:])
		if r != utf8.RuneError || size > 1 {
			u.WriteString(host[i : i+size])
		}
		i += size
	}
	s := u.String()
	if s == "" {
		return "", true
	}
	if ascii.Is(s) {
		labels := strings.Split(s, ".")
		for i, l := range labels {
			if len(l) > 63 || l == "" && i < len(labels)-1 {
				return "", false
			}
		}
		return s, true
	}
	var labels []string
	start := 0
	for i, r := range s {
		if r == '.' || r == '。' || r == '．' || r == '｡' {
			labels = append(labels, s[start:i])
			start = i + utf8.RuneLen(r)
		}
	}
	labels = append(labels, s[start:])
	trailing := ""
	if labels[len(labels)-1] == "" {
		labels, trailing = labels[:len(labels)-1], "."
	}
	for i, l := range labels {
		a := l
		if !ascii.Is(l) {
			var err error
			if a, err = cdxIDNAProfile.ToASCII(l); err != nil || strings.HasPrefix(cdxLower(l), "xn--") {
				return "", false
			}
		}
		if a == "" || len(a) > 63 {
			return "", false
		}
		labels[i] = a
	}
	return strings.Join(labels, ".") + trailing, true
}

// cdxIDNAProfile maps and encodes one label for cdxIDNA.
var cdxIDNAProfile = idna.New(idna.MapForLookup(), idna.Transitional(true), idna.StrictDomainName(false), idna.VerifyDNSLength(false))

// cdxIPv4 returns host as a dotted-decimal IPv4 address where the package
// reads it as one (attemptIPFormats): all digits, the number modulo 2³²;
// or one to four parts of digits, the first from 1 to 9 or all octal
// digits after a first "0", that inet_aton takes (with octal parts, and
// the last part filling the bytes left). The package asks the system's
// resolver for the latter, which answers a name inet_aton does not take
// with a DNS lookup: offline, and for every such name in practice, none.
func cdxIPv4(host string) (string, bool) {
	if host == "" {
		return "", false
	}
	// Digits and at most three dots, read before the split.
	dots := 0
	for i := 0; i < len(host); i++ {
		switch c := host[i]; {
		case c == '.':
			dots++
		case c < '0' || c > '9':
			return "", false
		}
	}
	if dots == 0 {
		var v uint32
		for i := 0; i < len(host); i++ {
			v = v*10 + uint32(host[i]-'0')
		}
		return ipv4String(v), true
	}
	if dots > 3 {
		return "", false
	}
	parts := strings.Split(host, ".")
	octal := host[0] == '0'
	for _, p := range parts {
		if p == "" || octal && strings.ContainsAny(p, "89") {
			return "", false
		}
	}
	// inet_aton: each part decimal, or octal after a "0".
	vals := make([]uint64, len(parts))
	for i, p := range parts {
		base := 10
		if len(p) > 1 && p[0] == '0' {
			base = 8
		}
		v, err := strconv.ParseUint(p, base, 32)
		if err != nil {
			return "", false
		}
		vals[i] = v
	}
	last := len(vals) - 1
	var addr uint64
	for i, v := range vals[:last] {
		if v > 0xFF {
			return "", false
		}
		addr |= v << (24 - 8*i)
	}
	if vals[last] >= 1<<(32-8*last) {
		return "", false
	}
	return ipv4String(uint32(addr | vals[last])), true
}

// ipv4String returns the IPv4 address v in dotted decimal.
func ipv4String(v uint32) string {
	return netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}).String()
}

// cdxNormalizePath resolves the "." and ".." segments of path, which is
// empty or starts with "/" (a ".." with nothing to remove stays), and
// drops its empty segments but the last; an empty path is "/"
// (normalizePath).
func cdxNormalizePath(path string) string {
	switch {
	case path == "":
		return "/"
	case !strings.Contains(path, "/.") && !strings.Contains(path, "//"):
		return path // no dot segment, no empty one: as it is, uncopied
	}
	p := resolveDots([]byte(path), false, true)
	return string(collapseSlashes(p))
}

// cdxDefaultPort is the port the package drops for scheme.
func cdxDefaultPort(scheme string) int {
	switch scheme {
	case "http":
		return 80
	case "https":
		return 443
	}
	return 0
}

// isDottedQuad reports whether host is four labels of one to three
// digits each.
func isDottedQuad(host string) bool {
	labels, n := 1, 0 // n: the digits of the label so far
	for i := 0; i < len(host); i++ {
		switch c := host[i]; {
		case c == '.' && n > 0:
			labels, n = labels+1, 0
		case '0' <= c && c <= '9' && n < 3:
			n++
		default:
			return false
		}
	}
	return labels == 4 && n > 0
}

// cdxStripPathSessionID cuts from the path p, in place, as the surt
// package's stripPathSessionID does, a session segment of each kind in
// turn: the last that a later ".aspx" follows with no "?" before it (as
// its regular expressions, "^(.*/)(" segment "/)([^?]+\.aspx.*)$",
// match).
func cdxStripPathSessionID(p []byte) []byte {
	if bytes.IndexByte(p, '(') < 0 {
		return p
	}
	for _, kind := range [...]int{keyedSegment, plainSegment} {
		// From the end, with the first "?" and ".aspx" at or after the
		// byte: a segment p[i+1:j] qualifies when an ".aspx" from j+2
		// comes before any "?" from j+1.
		q, a, a2 := len(p), len(p), len(p) // a: ".aspx" from x+1; a2: from x+2
		for x := len(p) - 1; x >= 0; x-- {
			after := a2
			a2 = a
			if p[x] == '/' && after < q {
				if i := bytes.LastIndexByte(p[:x], '/'); i >= 0 && sessionSegment(p[i+1:x]) == kind {
					p = append(p[:i+1], p[x+1:]...)
					break
				}
			}
			if p[x] == '?' {
				q = x
			}
			if hasPrefixFold(p[x:], ".aspx") {
				a = x
			}
		}
	}
	return p
}

// cdxStripQuerySessionID cuts from the query q, in place, as the surt
// package's stripQuerySessionID does, a session id of each kind in turn:
// the last that ends the query or a pair, with the "&" after it (as its
// regular expressions, "^(.*)" id "(?:&(.*))?$", match). The kinds are
// those of queryIDs, then "cfid=" and a value, "&cftoken=" and a value.
func cdxStripQuerySessionID(q []byte) []byte {
	cut := func(i, end int) {
		if end < len(q) {
			end++ // the "&"
		}
		q = append(q[:i], q[end:]...)
	}
	for k, kind := range queryIDs {
		for i := len(q) - kind.len; i >= 0; i-- {
			if end := i + kind.len; (end == len(q) || q[end] == '&') && isQueryID(q[i:end], k) {
				cut(i, end)
				break
			}
		}
	}
	// "cfid=" and a value, maybe in a pair's middle, then a "cftoken="
	// pair: amp and next are the first two "&" from i.
	amp, next := len(q), len(q)
	for i := len(q) - 1; i >= 0; i-- {
		if q[i] == '&' {
			amp, next = i, amp
			continue
		}
		if amp < len(q) && isCFPair(q[i:amp], "cfid=") && isCFPair(q[amp+1:next], "cftoken=") {
			cut(i, next)
			break
		}
	}
	return q
}
