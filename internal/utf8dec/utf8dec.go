// Package utf8dec is the Encoding Standard's UTF-8 decoder with
// replacement, which weburl's parser and package links share: each
// maximal subpart of an ill-formed sequence becomes one U+FFFD, as
// browsers decode (Go's strings.ToValidUTF8 replaces a run of them with
// one, and utf8.DecodeRune each byte).
package utf8dec

import "unicode/utf8"

// Decode replaces each maximal ill-formed subsequence of s with U+FFFD,
// as the Encoding Standard's UTF-8 decoder does (and Unicode recommends):
// a truncated sequence becomes one U+FFFD, each other invalid byte one.
// https://encoding.spec.whatwg.org/#utf-8-decoder
func Decode(s string) string {
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
		i += InvalidLen(s, i)
	}
	return string(b)
}

// InvalidLen returns the length of the maximal ill-formed subsequence
// at s[i], which starts no valid UTF-8 sequence: the longest prefix of one.
func InvalidLen(s string, i int) int {
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
