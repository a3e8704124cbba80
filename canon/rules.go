package canon

import (
	"bytes"
	"slices"
	"strings"

	"github.com/weburl/weburl/internal/ascii"
)

// The rules the keys share, each written once, for the URL Standard's
// keys (canon.go), the lenient ones (lenient.go) and the surt package's
// (cdx.go), which apply some of them otherwise: where the surt package
// removes one session id of each kind, say, the others remove each.

// Percent-encoding as RFC 3986 normalizes it
// (Canonicalizer.NormalizePercentEncoding).

// appendNormalized appends s with each percent-encoded byte written as
// RFC 3986, section 6.2.2, normalizes it: an unreserved character (a
// letter, digit, "-", ".", "_" or "~") decoded, any other byte in
// upper-case hex. The bytes s encodes stay, and so does the case of its
// letters. A hex digit stays encoded where, decoded, it would make a new
// percent-encoded byte with the bytes around it ("%7%30" stays, where
// "%70" would be read as "p" the next time, and so does "%%30a").
// https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2
func appendNormalized(dst []byte, s string) []byte {
	i := strings.IndexByte(s, '%')
	if i < 0 {
		return append(dst, s...)
	}
	start := len(dst)
	dst = append(dst, s[:i]...)
	for ; i < len(s); i++ {
		c := s[i]
		if c != '%' || !ascii.StartsWithPercentByte(s, i) {
			dst = append(dst, c)
			continue
		}
		b := ascii.Unhex(s[i+1])<<4 | ascii.Unhex(s[i+2])
		if isUnreserved(b) && !(ascii.IsHex(b) && startsPercentByte(dst[start:], s[i+3:])) {
			dst = append(dst, b)
		} else {
			dst = append(dst, '%', ascii.UpperHex[b>>4], ascii.UpperHex[b&0xF])
		}
		i += 2
	}
	return dst
}

// startsPercentByte reports whether a hex digit written after b, with
// next after it, would make a "%" and two hex digits: b ends with "%" and
// a hex digit, or with "%" and next starts with a hex digit. (A hex digit
// that next decodes to stays encoded after the first: next's "%" follows.)
func startsPercentByte(b []byte, next string) bool {
	n := len(b)
	return n >= 2 && b[n-2] == '%' && ascii.IsHex(b[n-1]) ||
		n >= 1 && b[n-1] == '%' && len(next) > 0 && ascii.IsHex(next[0])
}

// isUnreserved reports whether c is one of RFC 3986's unreserved
// characters, which percent-encoding normalization decodes.
// https://www.rfc-editor.org/rfc/rfc3986#section-2.3
func isUnreserved(c byte) bool {
	return ascii.IsAlpha(c) || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
}

// Repeated percent-decoding (Canonicalizer.DecodeRepeatedly).

// needsRecode reports whether DecodeRepeatedly changes s, for which it
// must have a byte of set ("%" is in every set). In a URL's serialization
// (raw is false) the only such bytes are "%" and, in a file URL's path,
// "|"; raw bytes, read with Lenient, may be any.
func needsRecode(s string, set ascii.Set, raw bool) bool {
	if strings.IndexByte(s, '%') >= 0 {
		return true
	}
	if !raw {
		return set == ascii.KeyFilePath && strings.IndexByte(s, '|') >= 0
	}
	return ascii.IndexEncoded(s, set) < len(s)
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
	i := ascii.IndexPercentByte(s)
	if i < 0 {
		return append(dst, s...)
	}
	start := len(dst)
	dst = append(dst, s[:i]...)
	for ; i < len(s); i++ {
		dst = append(dst, s[i])
		for n := len(dst); n-start >= 3 && dst[n-3] == '%' && ascii.IsHex(dst[n-2]) && ascii.IsHex(dst[n-1]); n = len(dst) {
			dst[n-3] = ascii.Unhex(dst[n-2])<<4 | ascii.Unhex(dst[n-1])
			dst = dst[:n-2]
		}
	}
	return dst
}

// appendRecoded appends s decoded repeatedly and percent-encoded with
// set, using scratch for the decoded bytes; it returns the scratch for
// use again and whether decoding changed anything.
func appendRecoded(dst, scratch []byte, s string, set ascii.Set) (_, _ []byte, decoded bool) {
	scratch = appendDecodedRepeatedly(scratch[:0], s)
	return ascii.AppendEncoded(dst, scratch, set), scratch, len(scratch) != len(s)
}

// Dot segments and runs of "/".

// resolveDots removes the "." and ".." segments of p, which starts with
// "/", in place: ".." removes the segment before it. By the URL
// Standard's path state, a ".." with no segment before it goes, a file
// URL's lone drive letter stays (file), and a last "." or ".." leaves the
// path ending in "/"; by the surt package's normalizePath (surt), such a
// ".." stays as a segment, and a last one leaves no "/".
// https://url.spec.whatwg.org/#path-state
func resolveDots(p []byte, file, surt bool) []byte {
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
			switch {
			case surt && w == 0:
				w += copy(p[w:], p[i:j]) // nothing to remove: it stays
				i = j
				continue
			case !(file && w == 3 && ascii.IsAlpha(p[1]) && p[2] == ':'):
				w = max(bytes.LastIndexByte(p[:w], '/'), 0)
			}
		default:
			w += copy(p[w:], p[i:j])
			i = j
			continue
		}
		if last && !surt {
			p[w] = '/'
			w++
		}
		i = j
	}
	if surt && w == 0 && len(p) > 0 {
		w = 1 // "/"
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

// "www" (Canonicalizer.StripWWW).

// wwwLabel returns the length of "www", digits and "." at the start of h,
// or 0.
func wwwLabel[S ~string | ~[]byte](h S) int {
	if len(h) < 4 || h[0] != 'w' || h[1] != 'w' || h[2] != 'w' {
		return 0
	}
	if h[3] == '.' {
		return 4 // the usual "www."
	}
	j := 3
	for j < len(h) && '0' <= h[j] && h[j] <= '9' {
		j++
	}
	if j < len(h) && h[j] == '.' {
		return j + 1
	}
	return 0
}

// wwwPrefix returns the length of the "www", digits and "." at the start
// of h, again while there is one and something follows (see StripWWW).
func wwwPrefix[S ~string | ~[]byte](h S) int {
	i := 0
	for {
		n := wwwLabel(h[i:])
		if n == 0 || i+n == len(h) {
			return i
		}
		i += n
	}
}

// stripWWW removes "www", digits and "." from the start of h while
// something follows, in place.
func stripWWW(h []byte) []byte {
	i := wwwPrefix(h)
	if i == 0 {
		return h
	}
	return h[:copy(h, h[i:])]
}

// The query's order (Canonicalizer.QueryOrder).

// span is a pair of a query, from start to end, and eq its first "=",
// or -1.
type span struct{ start, eq, end int }

// sortQuery sorts the pairs of q in place, using scratch, or, for a
// query of up to 512 bytes where scratch is shorter, an array on the
// stack, so that sorting a short query allocates nothing.
func sortQuery(q, scratch []byte, order QueryOrder) []byte {
	if bytes.IndexByte(q, '&') < 0 {
		return scratch
	}
	// A pair's "=" is found once, as it is split off: a comparison that
	// looked for it read the pair, and a sort compares one pair with
	// many (one long pair among many took quadratic time).
	var array [32]span
	pairs := array[:0]
	for start := 0; ; {
		end := len(q)
		if i := bytes.IndexByte(q[start:], '&'); i >= 0 {
			end = start + i
		}
		eq := bytes.IndexByte(q[start:end], '=')
		if eq >= 0 {
			eq += start
		}
		pairs = append(pairs, span{start, eq, end})
		if end == len(q) {
			break
		}
		start = end + 1
	}
	split := func(p span) (name, value []byte) {
		if p.eq < 0 {
			return q[p.start:p.end], nil
		}
		return q[p.start:p.eq], q[p.eq+1 : p.end]
	}
	cmp := func(a, b span) int {
		xn, xv := split(a)
		yn, yv := split(b)
		if r := bytes.Compare(xn, yn); r != 0 || order == QueryByName {
			return r
		}
		if xeq, yeq := a.eq >= 0, b.eq >= 0; xeq != yeq {
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
	if cap(scratch) < len(q) && len(q) <= 512 {
		var stack [512]byte
		copy(q, joinPairs(stack[:0], q, pairs))
		return scratch
	}
	scratch = joinPairs(scratch[:0], q, pairs)
	copy(q, scratch)
	return scratch
}

// joinPairs appends the pairs of q, in their order, joined with "&".
func joinPairs(dst, q []byte, pairs []span) []byte {
	for i, p := range pairs {
		if i > 0 {
			dst = append(dst, '&')
		}
		dst = append(dst, q[p.start:p.end]...)
	}
	return dst
}

// Session ids, as the Internet Archive's canonicalizer removes them (its
// URLRegexTransformer), compared ASCII case-insensitively. Canonicalizer
// removes every one; the surt package the last of each kind (cdx.go).

// The kinds of session ids in a query, in the order the surt package
// removes them: "jsessionid=", "phpsessid=" or "sid=" and 32 letters or
// digits, "aspsessionid", 8 letters, "=" and 24 letters.
var queryIDs = [...]struct {
	prefix string
	len    int // of the whole id
}{{"jsessionid=", 43}, {"phpsessid=", 42}, {"sid=", 36}, {"aspsessionid", 45}}

// isQueryID reports whether id is a session id of kind k of queryIDs.
func isQueryID(id []byte, k int) bool {
	kind := queryIDs[k]
	if len(id) != kind.len || !hasPrefixFold(id, kind.prefix) {
		return false
	}
	if kind.prefix == "aspsessionid" {
		return allLetters(id[12:20]) && id[20] == '=' && allLetters(id[21:])
	}
	return allAlnum(id[len(kind.prefix):])
}

// isSessionIDPair reports whether the query pair p is a session id of any
// kind.
func isSessionIDPair(p []byte) bool {
	if len(p) < 36 {
		return false
	}
	for k := range queryIDs {
		if isQueryID(p, k) {
			return true
		}
	}
	return false
}

// isCFPair reports whether p is prefix ("cfid=" or "cftoken=") and at
// least one byte: a ColdFusion session id is a "cfid=" pair followed by a
// "cftoken=" pair.
func isCFPair(p []byte, prefix string) bool {
	return len(p) > len(prefix) && hasPrefixFold(p, prefix)
}

// stripQuerySessionIDs removes from q, in place, the pairs that are
// session ids, each with the "&" after it, and a "cfid=" pair followed by
// a "cftoken=" pair, both with a value. A "cfid=" and a "cftoken=" pair
// that only the removal of others makes neighbours go too, so that
// nothing is left to remove.
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

// The ASP.NET cookieless session segments of a path: "(" and 24 letters
// or digits and ")" (plainSegment), or "(", one or more of a letter, "(",
// 24 letters or digits and ")", and ")" (keyedSegment), each followed by
// "/" and, later, ".aspx" after at least one byte.
const (
	notSession = iota
	keyedSegment
	plainSegment
)

// sessionSegment returns the kind of session segment seg is.
func sessionSegment(seg []byte) int {
	if len(seg) < 26 || seg[0] != '(' || seg[len(seg)-1] != ')' {
		return notSession
	}
	in := seg[1 : len(seg)-1]
	if len(in) == 24 && allAlnum(in) {
		return plainSegment
	}
	if len(in)%27 != 0 {
		return notSession
	}
	for ; len(in) > 0; in = in[27:] {
		if !ascii.IsAlpha(in[0]) || in[1] != '(' || in[26] != ')' || !allAlnum(in[2:26]) {
			return notSession
		}
	}
	return keyedSegment
}

// lastASPX returns the index of the last ".aspx" in p, compared ASCII
// case-insensitively, that starts at or before limit, or -1. A session
// segment whose "/" is at j is removed when lastASPX >= j+2.
func lastASPX(p []byte, limit int) int {
	for i := min(len(p)-5, limit); i >= 0; i-- {
		if hasPrefixFold(p[i:], ".aspx") {
			return i
		}
	}
	return -1
}

// stripPathSessionIDs removes from p, in place, the session segments
// that a later ".aspx" follows, each with the "/" after it.
func stripPathSessionIDs(p []byte) []byte {
	if bytes.IndexByte(p, '(') < 0 {
		return p
	}
	aspx := lastASPX(p, len(p))
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
		if p[i] == '/' && j < len(p) && aspx >= j+2 && sessionSegment(p[i+1:j]) != notSession {
			i = j
			continue
		}
		w += copy(p[w:], p[i:j])
		i = j
	}
	return p[:w]
}

// ASCII helpers of the rules.

func allAlnum(b []byte) bool {
	for _, c := range b {
		if !ascii.IsAlpha(c) && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

func allLetters(b []byte) bool {
	for _, c := range b {
		if !ascii.IsAlpha(c) {
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
		if ascii.Lower(b[i]) != prefix[i] {
			return false
		}
	}
	return true
}
