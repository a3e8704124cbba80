// Package ascii holds the byte-level code that weburl and package canon
// share: the percent-encode sets in one table (the URL Standard's, two
// byte sets the host parser reads with them, and the sets canon encodes
// decoded bytes with), percent-encoding with a set and percent-decoding,
// hex digits, ASCII case, and reading eight bytes as one word.
// https://url.spec.whatwg.org/#percent-encoded-bytes
package ascii

import (
	"encoding/binary"
	"math/bits"
)

// A Set is a set of byte sets, one bit each. A byte is in a set when the
// set's bit is set in table[byte].
type Set uint16

const (
	C0Control    Set = 1 << iota // https://url.spec.whatwg.org/#c0-control-percent-encode-set
	Fragment                     // #fragment-percent-encode-set
	Query                        // #query-percent-encode-set
	SpecialQuery                 // #special-query-percent-encode-set
	Path                         // #path-percent-encode-set
	Userinfo                     // #userinfo-percent-encode-set
	Component                    // #component-percent-encode-set
	Form                         // #application-x-www-form-urlencoded-percent-encode-set
	PathSegment                  // the path percent-encode set, "%", "/" and "\\": not the standard's

	// ForbiddenHost is the forbidden host code points, and OpaqueHostStop
	// them and the C0 control percent-encode set: what ends an opaque
	// host copied as it is. (Neither is a percent-encode set.)
	// https://url.spec.whatwg.org/#forbidden-host-code-point
	ForbiddenHost
	OpaqueHostStop

	// The sets package canon encodes decoded bytes with (not the
	// standard's): KeyMinimal, then it and a few bytes each.
	KeyMinimal     // bytes up to 0x20 and from 0x7F, "#" and "%"
	KeyPath        // and "?"
	KeySpecialPath // and "?" and "\\"
	KeyFilePath    // and "?", "\\" and "|", which could make a drive letter
	KeyHost        // and ":", "/", "?" and "@", which would split a host read as bytes
)

// table[b] has the bit of every set that contains b. Every percent-encode
// set holds the C0 controls and the bytes above 0x7E; each is an earlier
// set plus a few bytes, derived here the way the standard words it. Bytes
// above 0x7F are in every set, so encoding the UTF-8 bytes of a code
// point one at a time is exactly the standard's "UTF-8 percent-encode".
var table = func() (t [256]Set) {
	derive := func(set, from Set, extra string) {
		for b := range t {
			if b < 0x20 || b > 0x7E || t[b]&from != 0 {
				t[b] |= set
			}
		}
		for i := range len(extra) {
			t[extra[i]] |= set
		}
	}
	derive(C0Control, 0, "")
	derive(Fragment, C0Control, " \"<>`")
	derive(Query, C0Control, " \"#<>")
	derive(SpecialQuery, Query, "'")
	derive(Path, Query, "?^`{}")
	derive(Userinfo, Path, "/:;=@[\\]|")
	derive(Component, Userinfo, "$%&+,")
	derive(Form, Component, "!'()~")
	derive(PathSegment, Path, "%/\\")
	for _, c := range []byte("\x00\t\n\r #/:<>?@[\\]^|") {
		t[c] |= ForbiddenHost
	}
	derive(OpaqueHostStop, C0Control|ForbiddenHost, "")
	derive(KeyMinimal, 0, " #%")
	derive(KeyPath, KeyMinimal, "?")
	derive(KeySpecialPath, KeyPath, "\\")
	derive(KeyFilePath, KeySpecialPath, "|")
	derive(KeyHost, KeyMinimal, ":/?@")
	return t
}()

// Has reports whether b is in the set s (in any of its sets).
func (s Set) Has(b byte) bool { return table[b]&s != 0 }

// UpperHex is the digits of a percent-encoded byte, which the standard
// writes in upper case.
const UpperHex = "0123456789ABCDEF"

// AppendEncoded appends s to dst, percent-encoding every byte in set.
// Runs of bytes that need no encoding are appended whole.
// https://url.spec.whatwg.org/#string-utf-8-percent-encode
func AppendEncoded[S ~string | ~[]byte](dst []byte, s S, set Set) []byte {
	start := 0
	for i := IndexEncoded(s, set); i < len(s); i++ {
		if c := s[i]; set.Has(c) {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '%', UpperHex[c>>4], UpperHex[c&15])
			start = i + 1
		}
	}
	return append(dst, s[start:]...)
}

// IndexEncoded returns the index of the first byte of s in set, or len(s).
// It tests eight bytes at a time.
func IndexEncoded[S ~string | ~[]byte](s S, set Set) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		w := s[i : i+8]
		if (table[w[0]]|table[w[1]]|table[w[2]]|table[w[3]]|
			table[w[4]]|table[w[5]]|table[w[6]]|table[w[7]])&set != 0 {
			break
		}
	}
	for i < len(s) && !set.Has(s[i]) {
		i++
	}
	return i
}

// PercentEncode returns s percent-encoded with set, or s itself when nothing
// needs encoding. Invalid UTF-8 is encoded byte by byte.
func PercentEncode(s string, set Set) string {
	if IndexEncoded(s, set) == len(s) {
		return s
	}
	return string(AppendEncoded(make([]byte, 0, len(s)+len(s)/2), s, set))
}

// hexValue[c] is the value of the ASCII hex digit c, or 0xFF.
var hexValue = func() (t [256]byte) {
	for c := range t {
		t[c] = 0xFF
	}
	for i, c := range "0123456789abcdef" {
		t[c] = byte(i)
	}
	for i, c := range "ABCDEF" {
		t[c] = byte(10 + i)
	}
	return t
}()

// Unhex returns the value of the ASCII hex digit c, or 0xFF if c is not one.
func Unhex(c byte) byte { return hexValue[c] }

// IsHex reports whether c is an ASCII hex digit.
func IsHex(c byte) bool { return hexValue[c] != 0xFF }

// StartsWithPercentByte reports whether s[i:] starts with a percent-encoded
// byte: "%" followed by two ASCII hex digits.
// https://url.spec.whatwg.org/#percent-encoded-byte
func StartsWithPercentByte[S ~string | ~[]byte](s S, i int) bool {
	return i+2 < len(s) && s[i] == '%' && IsHex(s[i+1]) && IsHex(s[i+2])
}

// IndexPercentByte returns the index of the first percent-encoded byte in s, or
// -1.
func IndexPercentByte(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && StartsWithPercentByte(s, i) {
			return i
		}
	}
	return -1
}

// PercentDecode percent-decodes s: each percent-encoded byte becomes the byte,
// and a "%" that starts none stays as it is. It returns s itself when s
// has no percent-encoded byte.
// https://url.spec.whatwg.org/#string-percent-decode
func PercentDecode(s string) string {
	if IndexPercentByte(s) < 0 {
		return s
	}
	return string(AppendPercentDecoded(make([]byte, 0, len(s)), s, false))
}

// AppendPercentDecoded appends s percent-decoded; with plus, "+" decodes to a
// space, as in application/x-www-form-urlencoded.
// https://url.spec.whatwg.org/#percent-decode
func AppendPercentDecoded(dst []byte, s string, plus bool) []byte {
	start := 0
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '+' && plus:
			dst = append(append(dst, s[start:i]...), ' ')
			start = i + 1
		case StartsWithPercentByte(s, i):
			dst = append(append(dst, s[start:i]...), Unhex(s[i+1])<<4|Unhex(s[i+2]))
			i += 2
			start = i + 1
		}
	}
	return append(dst, s[start:]...)
}

// IsAlpha reports whether c is an ASCII letter (the standards' "ASCII
// alpha"): setting bit 0x20 lowercases a letter and leaves no other byte
// in "a" to "z".
func IsAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// IsDigit reports whether c is an ASCII digit.
func IsDigit(c byte) bool { return '0' <= c && c <= '9' }

// IsAlphanumeric reports whether c is an ASCII letter or digit.
func IsAlphanumeric(c byte) bool { return IsAlpha(c) || IsDigit(c) }

// AllDigits reports whether every byte of s is an ASCII digit (true for
// an empty s).
func AllDigits[S ~string | ~[]byte](s S) bool {
	for i := 0; i < len(s); i++ {
		if !IsDigit(s[i]) {
			return false
		}
	}
	return true
}

// MayEndInANumber reports whether a host whose last byte is c may end in
// a number, as the URL Standard's IPv4 parser reads numbers: c is a hex
// digit, "x" or "X" (of "0x"), or "." (a last empty part). A table
// lookup: most hosts end in a letter that no number does.
// https://url.spec.whatwg.org/#ends-in-a-number-checker
func MayEndInANumber(c byte) bool { return numberEnds[c] }

var numberEnds = func() (t [256]bool) {
	for c := range t {
		t[c] = IsHex(byte(c)) || byte(c)|0x20 == 'x' || c == '.'
	}
	return t
}()

// Is reports whether s is all ASCII.
func Is[S ~string | ~[]byte](s S) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// EqualFold reports whether s and t are equal under ASCII case folding
// (the HTML and URL Standards' "ASCII case-insensitive match"): unlike
// strings.EqualFold, "\u212A" (the Kelvin sign) does not match "k".
func EqualFold[S ~string | ~[]byte](s S, t string) bool {
	if len(s) != len(t) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if Lower(s[i]) != Lower(t[i]) {
			return false
		}
	}
	return true
}

// Lower returns the ASCII lower case of c.
func Lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// LowerBytes lowercases the ASCII letters of b in place, eight bytes at a
// time, the last word overlapping the one before.
func LowerBytes(b []byte) {
	n := len(b)
	if n < 8 {
		for i, c := range b {
			b[i] = Lower(c)
		}
		return
	}
	for i := 0; i < n; i += 8 {
		i = min(i, n-8)
		x := Load64(b, i)
		if upper := upperLetters(x); upper != 0 {
			binary.LittleEndian.PutUint64(b[i:], x|upper>>2)
		}
	}
}

// IndexUpper returns the index of the first ASCII upper-case letter in
// s, any bytes, or -1; eight bytes at a time.
func IndexUpper(s string) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if m := upperLetters(Load64(s, i)); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			return i
		}
	}
	return -1
}

// HasUpper reports whether s, any bytes, has an ASCII upper-case letter:
// IndexUpper(s) >= 0, without a byte loop for the bytes after the last
// whole word (the last word overlaps the one before, and a string of 4 to
// 7 bytes is read as two overlapping halves).
func HasUpper(s string) bool {
	n := len(s)
	switch {
	case n >= 8:
		var m uint64
		for i := 0; i < n-8; i += 8 {
			m |= upperLetters(Load64(s, i))
		}
		return m|upperLetters(Load64(s, n-8)) != 0
	case n >= 4:
		return upperLetters(uint64(Load32(s, 0))|uint64(Load32(s, n-4))<<32) != 0
	}
	for i := range n {
		if 'A' <= s[i] && s[i] <= 'Z' {
			return true
		}
	}
	return false
}

// Load32 returns the four bytes of s at i as a little-endian word (the
// compiler makes it one load).
func Load32[S ~string | ~[]byte](s S, i int) uint32 {
	s = s[i : i+4]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

// LowerWord returns the little-endian word x with its ASCII upper-case
// letters lowered: the word of the lowered bytes.
func LowerWord(x uint64) uint64 { return x | upperLetters(x)>>2 }

// upperLetters returns x with the high bit of each byte set that is an
// ASCII upper-case letter, and every other bit clear: for a byte with bit
// 7 clear, adding 0x80-'A' sets it and adding 0x80-'Z'-1 does not. Moved
// to bit 5 (>>2), those bits lowercase the letters.
func upperLetters(x uint64) uint64 {
	return (x&0x7F7F7F7F7F7F7F7F + 0x3F3F3F3F3F3F3F3F) &^ (x&0x7F7F7F7F7F7F7F7F + 0x2525252525252525) &^ x & 0x8080808080808080
}

// Load64 returns the eight bytes of s at i as a little-endian word (the
// compiler makes it one load).
func Load64[S ~string | ~[]byte](s S, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// BytesEqual returns x with the high bit of each byte that equals c set,
// and every other bit clear.
func BytesEqual(x uint64, c byte) uint64 {
	y := x ^ 0x0101010101010101*uint64(c)
	return ^((y&0x7F7F7F7F7F7F7F7F + 0x7F7F7F7F7F7F7F7F) | y) & 0x8080808080808080
}

// ByteMask returns where c, an ASCII byte, is in s, a string of ASCII
// bytes (as a parsed URL's host and path are), as the bits of m, bit i
// set where s[i] is c, and ok false if s is longer than 64 bytes (m is
// then 0). It reads eight bytes at a time, the last word overlapping the
// one before. A byte of 0x80 or more may set or clear the bits of its
// neighbours (see WordOther).
func ByteMask(s string, c byte) (m uint64, ok bool) {
	n := len(s)
	if n > 64 {
		return 0, false
	}
	if n < 8 {
		for i := 0; i < n; i++ {
			if s[i] == c {
				m |= 1 << i
			}
		}
		return m, true
	}
	for i := 0; i < n-8; i += 8 {
		m |= WordMask(Load64(s, i), c) << i
	}
	// The bits of the bytes the last word shares with the one before are
	// those already set.
	return m | WordMask(Load64(s, n-8), c)<<(n-8), true
}

// WordMask returns a byte whose bit j is set where byte j of x, eight
// ASCII bytes, is c: the high bits WordOther leaves clear, moved to the
// low bit of their byte, are gathered into the top byte by one
// multiplication (bit 8j lands on bit 8j+7(8-j) = 56+j, and no two
// products share a bit, so none carries).
func WordMask(x uint64, c byte) uint64 {
	return (^WordOther(x, c) >> 7 & 0x0101010101010101) * 0x0102040810204080 >> 56
}

// WordInRange returns, for x of eight ASCII bytes (each under 0x80), a
// word with bit 7 set in each byte b with lo <= b <= hi, and clear in the
// others; the low seven bits of each byte are noise. b+0x80-lo has bit 7
// set when b >= lo, b+0x7F-hi when b > hi, and neither sum carries into
// the next byte, so their exclusive or marks the range. A byte of 0x80
// or more makes noise in its neighbours: the caller must check for one
// apart (or x|WordInRange(...) has bit 7 set there too). lo <= hi.
func WordInRange(x uint64, lo, hi byte) uint64 {
	return (x + 0x0101010101010101*uint64(0x80-lo)) ^ (x + 0x0101010101010101*uint64(0x7F-hi))
}

// WordOther returns, for x of eight ASCII bytes, a word with bit 7 set in
// each byte other than c and clear in each byte equal to c; the low seven
// bits of each byte are noise. b^c is 0 only for c, and adding 0x7F to
// it, which cannot carry for a byte under 0x80, sets bit 7 otherwise.
func WordOther(x uint64, c byte) uint64 {
	return (x ^ 0x0101010101010101*uint64(c)) + 0x7F7F7F7F7F7F7F7F
}

// PlainASCII reports whether the eight bytes of x are all from 0x10 to
// 0x7F: x-0x10… borrows into the high bit of a byte below 0x10.
func PlainASCII(x uint64) bool {
	return (x|(x-0x1010101010101010)&^x)&0x8080808080808080 == 0
}

// WithoutControls returns the length of the longest prefix of s, in
// whole words of eight bytes, that has no byte above 0x7F and none below
// 0x10 (which holds tab, line feed and carriage return).
func WithoutControls(s string) int {
	i := 0
	for ; i+16 <= len(s); i += 16 {
		x, y := Load64(s, i), Load64(s, i+8)
		if (x|y|(x-0x1010101010101010)&^x|(y-0x1010101010101010)&^y)&0x8080808080808080 != 0 {
			break
		}
	}
	for ; i+8 <= len(s) && PlainASCII(Load64(s, i)); i += 8 {
	}
	return i
}

// IndexTabOrNewline returns the index of the first ASCII tab or newline
// in s, which the basic URL parser removes, or -1.
func IndexTabOrNewline(s string) int {
	for i := WithoutControls(s); i < len(s); i++ {
		if c := s[i]; c == '\t' || c == '\n' || c == '\r' {
			return i
		}
	}
	return -1
}

// IndexAny returns the index of the first byte of s that is one of the
// ASCII bytes of chars (one to three of them), or -1: strings.IndexAny
// for a few ASCII bytes, eight bytes of s at a time.
func IndexAny(s, chars string) int {
	n := len(chars)
	a, b, c := 0x0101010101010101*uint64(chars[0]), 0x0101010101010101*uint64(chars[min(1, n-1)]), 0x0101010101010101*uint64(chars[n-1])
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := Load64(s, i)
		// A byte of x^a is zero where x has chars[0]; the first byte
		// flagged is the first such (a borrow flags only bytes above it).
		if m := zeroBytes(x^a) | zeroBytes(x^b) | zeroBytes(x^c); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	// The last bytes compared with the three, not looked up in chars: a
	// call for each byte took half of the time of a short s.
	ca, cb, cc := byte(a), byte(b), byte(c)
	for ; i < len(s); i++ {
		if x := s[i]; x == ca || x == cb || x == cc {
			return i
		}
	}
	return -1
}

// zeroBytes returns y with the high bit set of its lowest zero byte, and
// maybe of bytes above that one, or 0 if no byte is zero.
func zeroBytes(y uint64) uint64 {
	return (y - 0x0101010101010101) &^ y & 0x8080808080808080
}

// TrimC0Space removes leading and trailing C0 controls and spaces, as the
// basic URL parser does to its input: bytes up to 0x20.
// https://url.spec.whatwg.org/#concept-basic-url-parser
func TrimC0Space(s string) string {
	if len(s) == 0 || s[0] > ' ' && s[len(s)-1] > ' ' {
		return s // most input: a compare each end, inlined
	}
	return trimC0SpaceAround(s)
}

// trimC0SpaceAround is TrimC0Space for s with a C0 control or space at
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
