package canon

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/ascii"
)

// lenientKey makes the key of s read as bytes (see Canonicalizer.Lenient).
func (c *Canonicalizer) lenientKey(buf []byte, s string) ([]byte, error) {
	l, err := c.splitLenient(s)
	if err != nil {
		return nil, &Error{Op: "Canonicalize", Input: s, Err: err}
	}
	var scratchArray [128]byte // for the host, and decoding
	scratch := scratchArray[:0]
	start := len(buf)
	buf = append(buf, l.scheme...)
	ascii.LowerBytes(buf[start:])
	buf = append(buf, ':')
	scheme := string(buf[start : len(buf)-1])
	if l.hasAuthority {
		buf = append(buf, "//"...)
		buf, scratch = c.appendLenientAuthority(buf, scratch, l.authority, scheme)
	}
	var rest string // after a "?" that decoding the path reveals (cut)
	var cut bool
	switch {
	case l.hasAuthority && l.path == "":
		buf = append(buf, '/')
	case l.hasAuthority || l.path != "" && l.path[0] == '/':
		buf, scratch, rest, cut = c.appendPath(buf, scratch, l.path, ascii.KeyMinimal, scheme == "file", true)
	default:
		buf, scratch, rest, cut = c.appendOpaquePath(buf, scratch, l.path, ascii.KeyMinimal, true)
	}
	if cut {
		// The rest of the path starts the query (decoded already:
		// decoding it again changes nothing, and the "?" after it
		// completes no "%" sequence).
		if l.hasQuery {
			rest += "?" + l.query
		}
		l.query, l.hasQuery = rest, true
	}
	if l.hasQuery {
		buf, _ = c.appendQuery(buf, scratch, l.query, ascii.KeyMinimal, true)
	}
	if l.hasFragment && !c.RemoveFragment {
		buf = c.appendAsIs(append(buf, '#'), l.fragment)
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
// It fails when nothing is left, or s has no scheme and there is no
// DefaultScheme.
func (c *Canonicalizer) splitLenient(s string) (l lenientParts, err error) {
	s = ascii.TrimC0Space(s)
	if i := ascii.IndexTabOrNewline(s); i >= 0 {
		b := append(make([]byte, 0, len(s)-1), s[:i]...)
		for ; i < len(s); i++ {
			if c := s[i]; c != '\t' && c != '\n' && c != '\r' {
				b = append(b, c)
			}
		}
		s = string(b)
	}
	if s == "" {
		return l, ErrNoURL
	}
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s, l.fragment, l.hasFragment = s[:i], s[i+1:], true
	}
	if colon := schemeEnd(s); colon > 0 {
		l.scheme, s = s[:colon], s[colon+1:]
		if len(s) >= 2 && s[0] == '/' && s[1] == '/' {
			l.hasAuthority, s = true, s[2:]
		}
	} else if c.DefaultScheme != "" {
		l.scheme, l.hasAuthority = c.DefaultScheme, true
	} else {
		return l, ErrNoScheme
	}
	if l.hasAuthority {
		// The authority ends at "/" or "?", as the URL Standard's
		// authority state finds its end ("#" is gone, "\\" is a byte like
		// another).
		end := ascii.IndexAny(s, "/?")
		if end < 0 {
			end = len(s)
		}
		l.authority, s = s[:end], s[end:]
	}
	l.path = s
	if i := strings.IndexByte(s, '?'); i >= 0 {
		l.path, l.query, l.hasQuery = s[:i], s[i+1:], true
	}
	return l, nil
}

// schemeEnd returns the index of the ":" after a scheme at the start of
// s (an ASCII letter, then letters, digits, "+", "-" and ".", then ":"),
// or 0 if s starts with none.
func schemeEnd(s string) int {
	if s == "" || !ascii.IsAlpha(s[0]) {
		return 0
	}
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == ':':
			return i
		case !ascii.IsAlpha(c) && (c < '0' || c > '9') && c != '+' && c != '-' && c != '.':
			return 0
		}
	}
	return 0
}

// appendLenientAuthority appends an authority read as bytes: the user info
// before its last "@", unless RemoveUserInfo; the host; and the port,
// digits after the last ":" that follows the user info and any "]".
func (c *Canonicalizer) appendLenientAuthority(buf, scratch []byte, auth, scheme string) (_, _ []byte) {
	host, port := auth, ""
	at, colon := authorityMarks(auth)
	if at >= 0 {
		if !c.RemoveUserInfo {
			user, pass, _ := strings.Cut(auth[:at], ":")
			buf, scratch = c.appendUserinfo(buf, scratch, user, pass, ascii.KeyMinimal)
		}
		host = auth[at+1:]
	}
	if colon >= 0 && ascii.AllDigits(auth[colon+1:]) {
		host, port = auth[at+1:colon], auth[colon+1:]
	}
	buf, scratch = c.appendLenientHost(buf, scratch, host)
	if port != "" && !c.RemovePort && !(c.RemoveDefaultPort && portIs(port, weburl.DefaultPort(scheme))) {
		buf = append(buf, ':')
		buf = append(buf, port...)
	}
	return buf, scratch
}

// authorityMarks returns the offset in auth of its last "@", and of the
// last ":" after it where no "]" follows (a port's, if digits follow it),
// each -1 where there is none. Most authorities have neither "@" nor ":",
// which IndexByte finds with a few instructions where LastIndexByte, a
// loop a byte at a time, took a tenth of a SafeBrowsing key's
// instructions on kasztp for its three calls. FuzzWordAtATime checks it
// against those calls.
func authorityMarks(auth string) (at, colon int) {
	at, colon = -1, -1
	if strings.IndexByte(auth, '@') >= 0 {
		at = strings.LastIndexByte(auth, '@')
	}
	if host := auth[at+1:]; strings.IndexByte(host, ':') >= 0 {
		if j := strings.LastIndexByte(host, ':'); j > strings.LastIndexByte(host, ']') {
			colon = at + 1 + j
		}
	}
	return at, colon
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
		// An IPv6 address, as the host parser reads one in brackets.
		if h, err := weburl.ParseHost(string(scratch)); err == nil && h.Kind() == weburl.HostIPv6 {
			return append(buf, h.String()...), scratch
		}
	}
	if !ascii.Is(scratch) && utf8.Valid(scratch) {
		// The host parser percent-decodes once before the domain parser.
		if a, err := weburl.DomainToASCII(weburl.PercentDecode(string(scratch))); err == nil {
			scratch = append(scratch[:0], a...)
		}
	}
	if c.LowercaseHost {
		ascii.LowerBytes(scratch)
	}
	h := scratch
	if c.TrimHostDots && hasStrayDots(h) {
		h = trimDots(h)
	}
	if addr, ok := ipv4(h); ok {
		return append(buf, addr...), scratch
	}
	if c.StripWWW {
		h = stripWWW(h)
	}
	return ascii.AppendEncoded(buf, h, ascii.KeyHost), scratch
}

// ipv4 returns h as the URL Standard's host parser serializes it where it
// reads h as an IPv4 address: h ends in a number and every part is a
// number, decimal, octal after "0" or hex after "0x". Only such a host is
// given to the parser, so that it neither percent-decodes nor maps it.
func ipv4(h []byte) (string, bool) {
	if len(h) == 0 {
		return "", false
	}
	for _, c := range h {
		if !ascii.MayEndInANumber(c) {
			return "", false
		}
	}
	host, err := weburl.ParseHost(string(h))
	if err != nil || host.Kind() != weburl.HostIPv4 {
		return "", false
	}
	return host.String(), true
}

// appendPlainHost appends host, read as bytes, if it needs none of what
// appendLenientHost does but lowercasing and StripWWW: no byte to decode or
// encode, no stray dot, no brackets, and no number at its end. It makes
// one pass over host, lowercasing as it copies.
func (c *Canonicalizer) appendPlainHost(buf []byte, host string) (_ []byte, ok bool) {
	n := len(host)
	if n == 0 || host[0] == '.' || host[n-1] == '.' || host[0] == '[' || ascii.MayEndInANumber(host[n-1]) {
		return buf, false
	}
	start := len(buf)
	buf = slices.Grow(buf, n)[:start+n]
	out := buf[start:]
	prev := byte(0)
	for i := 0; i < n; i++ {
		ch := host[i]
		switch {
		case ascii.KeyHost.Has(ch) || ch == '.' && prev == '.':
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

// portIs reports whether the digits port are the number of the port
// text n ("" for none).
func portIs(port, n string) bool {
	v, err := strconv.Atoi(port)
	return err == nil && n != "" && strconv.Itoa(v) == n
}
