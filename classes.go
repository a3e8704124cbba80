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

// isSchemeChar reports whether c may follow the first code point of a scheme.
func isSchemeChar(c byte) bool {
	return ascii.IsAlphanumeric(c) || c == '+' || c == '-' || c == '.'
}

// isTabOrNewline reports whether c is an ASCII tab or newline, which the
// basic URL parser removes from its input.
func isTabOrNewline(c byte) bool { return c == '\t' || c == '\n' || c == '\r' }

// appendLower appends s with ASCII upper case letters lowercased.
func appendLower(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		dst = append(dst, ascii.Lower(s[i]))
	}
	return dst
}

// classes8 returns the union of the classes of the eight bytes of w.
func classes8(w string) byteClass {
	_ = w[7]
	return byteClasses[w[0]] | byteClasses[w[1]] | byteClasses[w[2]] | byteClasses[w[3]] |
		byteClasses[w[4]] | byteClasses[w[5]] | byteClasses[w[6]] | byteClasses[w[7]]
}
