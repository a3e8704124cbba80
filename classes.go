package weburl

import "github.com/weburl/weburl/internal/ascii"

// Byte classes and the word-at-a-time helpers the parser's scans, the
// shortcuts and the canonicalizer share.

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
		if pathSet.Has(b) {
			t[c] |= clsPathEncode
		}
		if hostTable[c]&forbiddenDomain != 0 && b != ':' || b >= 0x80 {
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

func isAlpha(c byte) bool        { return 'a' <= c|0x20 && c|0x20 <= 'z' }
func isDigit(c byte) bool        { return '0' <= c && c <= '9' }
func isAlphanumeric(c byte) bool { return isAlpha(c) || isDigit(c) }

// isSchemeChar reports whether c may follow the first code point of a scheme.
func isSchemeChar(c byte) bool {
	return isAlphanumeric(c) || c == '+' || c == '-' || c == '.'
}

// isTabOrNewline reports whether c is an ASCII tab or newline, which the
// basic URL parser removes from its input.
func isTabOrNewline(c byte) bool { return c == '\t' || c == '\n' || c == '\r' }

// isASCII reports whether s is all ASCII.
func isASCII[S ~string | ~[]byte](s S) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// appendLower appends s with ASCII upper case letters lowercased.
func appendLower(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		dst = append(dst, ascii.Lower(s[i]))
	}
	return dst
}

// trimC0Space removes leading and trailing C0 controls and spaces, as the
// basic URL parser does to its input.
// https://url.spec.whatwg.org/#concept-basic-url-parser
func trimC0Space(s string) string {
	if len(s) == 0 || s[0] > ' ' && s[len(s)-1] > ' ' {
		return s // most input: a compare each end, inlined
	}
	return trimC0SpaceAround(s)
}

// trimC0SpaceAround is trimC0Space for s with a C0 control or space at
// an end.
func trimC0SpaceAround(s string) string {
	start, end := 0, len(s)
	for start < end && s[start] <= ' ' {
		start++
	}
	for end > start && s[end-1] <= ' ' {
		end--
	}
	return s[start:end]
}

// plainASCII reports whether the eight bytes of x are all from 0x10 to
// 0x7F: x-0x10… borrows into the high bit of a byte below 0x10.
func plainASCII(x uint64) bool {
	return (x|(x-0x1010101010101010)&^x)&0x8080808080808080 == 0
}

// asciiWithoutControls returns the length of the longest prefix of s, in
// whole words of eight bytes, that has no byte above 0x7F and none below
// 0x10 (which holds tab, line feed and carriage return).
func asciiWithoutControls(s string) int {
	i := 0
	for ; i+16 <= len(s); i += 16 {
		x, y := ascii.Load64(s, i), ascii.Load64(s, i+8)
		if (x|y|(x-0x1010101010101010)&^x|(y-0x1010101010101010)&^y)&0x8080808080808080 != 0 {
			break
		}
	}
	for ; i+8 <= len(s) && plainASCII(ascii.Load64(s, i)); i += 8 {
	}
	return i
}

// classes8 returns the union of the classes of the eight bytes of w.
func classes8(w string) byteClass {
	_ = w[7]
	return byteClasses[w[0]] | byteClasses[w[1]] | byteClasses[w[2]] | byteClasses[w[3]] |
		byteClasses[w[4]] | byteClasses[w[5]] | byteClasses[w[6]] | byteClasses[w[7]]
}
