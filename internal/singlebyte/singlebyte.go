// Package singlebyte holds the indexes of the Encoding Standard's
// single-byte encodings (windows-1252, ISO-8859-2, KOI8-R, ...), as the
// standard publishes them (tables.go is generated from testdata/encoding
// by gen.go), and their decoder and encoder. golang.org/x/text's codecs
// for them differ from the standard: its ISO-8859 encodings have no code
// point for the bytes 0x80 to 0x9F, which the standard maps to the C1
// controls, and its windows encodings none for the bytes the standard
// maps to a C1 control (windows-1252's 0x81, 0x8D, 0x8F, 0x90, 0x9D).
// https://encoding.spec.whatwg.org/#legacy-single-byte-encodings
package singlebyte

//go:generate go run gen.go

import "unicode/utf8"

// A Table is the index of a single-byte encoding: the code point of each
// byte from 0x80, 0 for a byte that has none.
type Table [128]rune

// Lookup returns the table of the encoding named name, as
// golang.org/x/text/encoding/htmlindex names it ("windows-1252"); nil
// for another encoding. ISO-8859-8-I shares ISO-8859-8's index.
func Lookup(name string) *Table {
	if name == "iso-8859-8-i" {
		name = "iso-8859-8"
	}
	return table(name)
}

// AppendDecoded appends b, decoded as the single-byte decoder does:
// each byte below 0x80 is itself, any other its index's code point, or
// U+FFFD for a byte that has none.
// https://encoding.spec.whatwg.org/#single-byte-decoder
func (t *Table) AppendDecoded(dst, b []byte) []byte {
	for _, c := range b {
		switch {
		case c < utf8.RuneSelf:
			dst = append(dst, c)
		case t[c-0x80] == 0:
			dst = append(dst, "\uFFFD"...)
		default:
			dst = utf8.AppendRune(dst, t[c-0x80])
		}
	}
	return dst
}

// Encode returns the byte the single-byte encoder gives r, and false
// for a code point the encoding does not have.
// https://encoding.spec.whatwg.org/#single-byte-encoder
func (t *Table) Encode(r rune) (byte, bool) {
	if r < utf8.RuneSelf {
		return byte(r), true
	}
	for i, c := range t {
		if c == r {
			return byte(0x80 + i), true
		}
	}
	return 0, false
}
