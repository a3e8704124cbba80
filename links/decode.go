package links

import (
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/weburl/weburl/internal/gb18030"
	"github.com/weburl/weburl/internal/singlebyte"
	"github.com/weburl/weburl/internal/utf8dec"
)

// decode returns doc, without its byte order mark (bom bytes), decoded
// from e into UTF-8, as the Encoding Standard's decode does: a document
// in UTF-8 that is valid is its own text, with no copy. UTF-8, gb18030,
// gbk and the single-byte encodings are decoded here, on the standard's
// indexes; the others by golang.org/x/text.
// https://encoding.spec.whatwg.org/#decode
func decode(doc []byte, bom int, e encodingInfo) (string, error) {
	doc = doc[bom:]
	if e.name == utf8Encoding.name {
		if utf8.Valid(doc) {
			return unsafe.String(unsafe.SliceData(doc), len(doc)), nil
		}
		return utf8dec.Decode(unsafe.String(unsafe.SliceData(doc), len(doc))), nil
	}
	switch name := strings.ToLower(e.name); {
	case name == "gbk" || name == "gb18030":
		return decodeGB18030(doc), nil
	case singlebyte.Lookup(name) != nil:
		text := singlebyte.Lookup(name).AppendDecoded(make([]byte, 0, len(doc)+len(doc)/2), doc)
		return unsafe.String(unsafe.SliceData(text), len(text)), nil
	}
	text, err := e.enc.NewDecoder().Bytes(doc)
	if err != nil {
		return "", err
	}
	return unsafe.String(unsafe.SliceData(text), len(text)), nil
}

// decodeGB18030 is the Encoding Standard's gb18030 decoder (gbk's too),
// on the standard's indexes: x/text's decoder has no code point for
// 2,067 of index gb18030's pointers.
// https://encoding.spec.whatwg.org/#gb18030-decoder
func decodeGB18030(b []byte) string {
	out := make([]byte, 0, len(b)+len(b)/2)
	var first, second, third byte
	for i := 0; i <= len(b); i++ {
		if i == len(b) {
			if first != 0 || second != 0 || third != 0 {
				out = append(out, "\uFFFD"...)
			}
			break
		}
		c := b[i]
		switch {
		case third != 0:
			if c < 0x30 || c > 0x39 {
				// Prepend second, third and c: decode them again.
				out = append(out, "\uFFFD"...)
				i -= 3
				first, second, third = 0, 0, 0
				continue
			}
			pointer := (int(first)-0x81)*12600 + (int(second)-0x30)*1260 + (int(third)-0x81)*10 + int(c) - 0x30
			first, second, third = 0, 0, 0
			if r, ok := gb18030.RangesCodePoint(pointer); ok {
				out = utf8.AppendRune(out, r)
			} else {
				out = append(out, "\uFFFD"...)
			}
		case second != 0:
			if 0x81 <= c && c <= 0xFE {
				third = c
				continue
			}
			// Prepend second and c.
			out = append(out, "\uFFFD"...)
			i -= 2
			first, second = 0, 0
		case first != 0:
			if 0x30 <= c && c <= 0x39 {
				second = c
				continue
			}
			lead := first
			first = 0
			offset := 0x40
			if c >= 0x7F {
				offset = 0x41
			}
			if 0x40 <= c && c <= 0x7E || 0x80 <= c && c <= 0xFE {
				if r, ok := gb18030.CodePoint((int(lead)-0x81)*190 + int(c) - offset); ok {
					out = utf8.AppendRune(out, r)
					continue
				}
			}
			out = append(out, "\uFFFD"...)
			if c < 0x80 {
				i-- // prepend c
			}
		case c < 0x80:
			out = append(out, c)
		case c == 0x80:
			out = append(out, "\u20AC"...)
		case c <= 0xFE:
			first = c
		default:
			out = append(out, "\uFFFD"...)
		}
	}
	return unsafe.String(unsafe.SliceData(out), len(out))
}
