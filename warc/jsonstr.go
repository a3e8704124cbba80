package warc

import (
	"fmt"
	"unicode/utf16"
	"unicode/utf8"
)

// appendPyJSON appends s as Python's json.dumps writes a string with its
// default ensure_ascii: every character outside ASCII as \uXXXX (two for
// one outside the BMP), in lower-case hex.
func appendPyJSON(b []byte, s string) []byte {
	b = append(b, '"')
	for _, r := range s {
		var escaped bool
		if b, escaped = appendJSONEscape(b, r); escaped {
			continue
		}
		switch {
		case r < 0x80:
			b = append(b, byte(r))
		case r > 0xffff:
			r1, r2 := utf16.EncodeRune(r)
			b = fmt.Appendf(b, `\u%04x\u%04x`, r1, r2)
		default:
			b = fmt.Appendf(b, `\u%04x`, r)
		}
	}
	return append(b, '"')
}

// appendJSONEscape appends the escape of c if it is '"', '\\' or a control
// character below 0x20, as Python's json.dumps and JavaScript's
// JSON.stringify both write them, and reports whether it did.
func appendJSONEscape(b []byte, c rune) ([]byte, bool) {
	switch {
	case c == '"':
		return append(b, '\\', '"'), true
	case c == '\\':
		return append(b, '\\', '\\'), true
	case c == '\n':
		return append(b, '\\', 'n'), true
	case c == '\r':
		return append(b, '\\', 'r'), true
	case c == '\t':
		return append(b, '\\', 't'), true
	case c == '\b':
		return append(b, '\\', 'b'), true
	case c == '\f':
		return append(b, '\\', 'f'), true
	case c < 0x20:
		return fmt.Appendf(b, `\u%04x`, c), true
	}
	return b, false
}

// appendJSJSON appends s as JavaScript's JSON.stringify writes a string:
// only '"', '\\' and the control characters escaped. s holds a
// JavaScript string as WTF-8 would (see jsString): a lone surrogate is
// written \uXXXX, as JSON.stringify does since ES2019.
func appendJSJSON(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		var escaped bool
		if b, escaped = appendJSONEscape(b, rune(c)); escaped {
			i++
			continue
		}
		switch {
		case c < 0x80:
			b = append(b, c)
		default:
			if r, ok := surrogateAt(s, i); ok {
				b = fmt.Appendf(b, `\u%04x`, r)
				i += 3
				continue
			}
			_, n := utf8.DecodeRuneInString(s[i:])
			b = append(b, s[i:i+n]...)
			i += n
			continue
		}
		i++
	}
	return append(b, '"')
}

// surrogateAt reports a surrogate code point encoded (as WTF-8 does) at s[i].
func surrogateAt(s string, i int) (rune, bool) {
	if i+2 < len(s) && s[i] == 0xed && s[i+1] >= 0xa0 && s[i+1] <= 0xbf && s[i+2] >= 0x80 && s[i+2] <= 0xbf {
		return rune(0xd000) | rune(s[i+1]&0x3f)<<6 | rune(s[i+2]&0x3f), true
	}
	return 0, false
}
