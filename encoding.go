package weburl

import (
	"strconv"
	"sync"
	"unicode/utf8"

	"github.com/weburl/weburl/internal/ascii"
	"github.com/weburl/weburl/internal/gb18030"
	"github.com/weburl/weburl/internal/singlebyte"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
)

// Legacy encodings for the query, as HTML documents in them resolve links
// (the URL parser's encoding argument) and submit forms (the
// application/x-www-form-urlencoded serializer's). Labels resolve through
// golang.org/x/text/encoding/htmlindex. The encoders follow the Encoding
// Standard (https://encoding.spec.whatwg.org/): where the encoders of
// golang.org/x/text differ from it (ISO-2022-JP, Shift_JIS, EUC-JP, Big5,
// gbk and gb18030), this file implements the standard's, on indexes read
// from x/text's decoders, which follow the standard's indexes, but for
// gbk and gb18030, whose indexes are the standard's own
// (internal/gb18030).

// A legacyEncoding is an encoding of the Encoding Standard other than UTF-8.
type legacyEncoding struct {
	name       string
	newEncoder func() legacyEncoder
}

// legacyEncoder runs an encoder of the Encoding Standard, one code point at
// a time. encode appends the bytes for r, or returns the code point its
// error reports (-1 when there is none); finish appends what ends the
// output, as the encoder does on end-of-queue.
type legacyEncoder interface {
	encode(dst []byte, r rune) (_ []byte, errRune rune)
	finish(dst []byte) []byte
}

// An EncodingError reports a label that names no encoding of the Encoding
// Standard.
type EncodingError struct {
	Label string
}

func (e *EncodingError) Error() string {
	return "weburl: unknown encoding " + strconv.Quote(e.Label)
}

var legacyEncodings sync.Map // canonical name → *legacyEncoding

// A lazy is a value built on first use, for the encoders' indexes. Unlike
// a package-level sync.OnceValue, which is made when the package is
// initialized and so keeps its function, and every table that function
// reads, in every program, a lazy runs nothing before get is called: a
// program that never names an encoding links none of the indexes.
type lazy[T any] struct {
	once sync.Once
	v    T
}

// get returns the value, building it with build the first time.
func (l *lazy[T]) get(build func() T) T {
	l.once.Do(func() { l.v = build() })
	return l.v
}

// lookupEncoding returns the output encoding for label, which is nil for
// UTF-8. UTF-16BE, UTF-16LE and replacement give UTF-8, as getting an
// output encoding says.
// https://encoding.spec.whatwg.org/#get-an-output-encoding
func lookupEncoding(label string) (*legacyEncoding, error) {
	enc, err := htmlindex.Get(label)
	if err != nil {
		return nil, &EncodingError{Label: label}
	}
	name, err := htmlindex.Name(enc)
	if err != nil {
		return nil, &EncodingError{Label: label}
	}
	switch name {
	case "utf-8", "utf-16be", "utf-16le", "replacement":
		return nil, nil
	}
	if e, ok := legacyEncodings.Load(name); ok {
		return e.(*legacyEncoding), nil
	}
	e := &legacyEncoding{name: name}
	switch name {
	case "iso-2022-jp":
		e.newEncoder = func() legacyEncoder { return &iso2022JPEncoder{} }
	case "shift_jis":
		e.newEncoder = func() legacyEncoder { return shiftJISEncoder{} }
	case "euc-jp":
		e.newEncoder = func() legacyEncoder { return eucJPEncoder{} }
	case "big5":
		e.newEncoder = func() legacyEncoder { return big5Encoder{} }
	case "gbk", "gb18030":
		gb := gb18030Encoder{isGBK: name == "gbk"}
		e.newEncoder = func() legacyEncoder { return gb }
	case "euc-kr":
		x := xtextEncoder{enc}
		e.newEncoder = func() legacyEncoder { return x }
	default:
		sb := newSingleByteEncoder(name, enc)
		e.newEncoder = func() legacyEncoder { return sb }
	}
	actual, _ := legacyEncodings.LoadOrStore(name, e)
	return actual.(*legacyEncoding), nil
}

// appendEncodedAfterEncoding runs percent-encode after encoding: it encodes
// s with enc over the whole string (ISO-2022-JP's encoder keeps state from
// one code point to the next), percent-encodes the bytes in set (a space
// as "+" if spaceAsPlus), and writes a code point enc cannot encode as the
// percent-encoding of "&#N;".
// https://url.spec.whatwg.org/#string-percent-encode-after-encoding
func appendEncodedAfterEncoding(dst []byte, s string, enc *legacyEncoding, set encodeSet, spaceAsPlus bool) []byte {
	e := enc.newEncoder()
	var tmp [16]byte
	for _, r := range s {
		bytes, errRune := e.encode(tmp[:0], r)
		dst = appendPercentBytes(dst, bytes, set, spaceAsPlus)
		if errRune >= 0 {
			dst = append(dst, "%26%23"...)
			dst = strconv.AppendInt(dst, int64(errRune), 10)
			dst = append(dst, "%3B"...)
		}
	}
	return appendPercentBytes(dst, e.finish(tmp[:0]), set, spaceAsPlus)
}

// appendPercentBytes appends bytes, percent-encoding those in set (all
// bytes above 0x7F are), and a space as "+" if spaceAsPlus.
func appendPercentBytes(dst, bytes []byte, set encodeSet, spaceAsPlus bool) []byte {
	for _, b := range bytes {
		switch {
		case spaceAsPlus && b == ' ':
			dst = append(dst, '+')
		case set.Has(b):
			dst = append(dst, '%', ascii.UpperHex[b>>4], ascii.UpperHex[b&15])
		default:
			dst = append(dst, b)
		}
	}
	return dst
}

// singleByteEncoder is the single-byte encoder: the first byte whose index
// entry is the code point. The indexes are the standard's
// (internal/singlebyte): x/text's have no code point for the bytes the
// standard maps to C1 controls. x-user-defined's is read from x/text's
// decoder, which follows the standard.
// https://encoding.spec.whatwg.org/#single-byte-encoder
// https://encoding.spec.whatwg.org/#x-user-defined-encoder
type singleByteEncoder struct{ index map[rune]byte }

func newSingleByteEncoder(name string, enc encoding.Encoding) singleByteEncoder {
	index := make(map[rune]byte, 128)
	if t := singlebyte.Lookup(name); t != nil {
		for i := len(t) - 1; i >= 0; i-- { // last to first, so that the first wins
			if t[i] != 0 {
				index[t[i]] = byte(0x80 + i)
			}
		}
		return singleByteEncoder{index}
	}
	d := enc.NewDecoder()
	for b := 0xFF; b >= 0x80; b-- { // last to first, so that the first wins
		if s, err := d.String(string([]byte{byte(b)})); err == nil {
			if r, n := utf8.DecodeRuneInString(s); n == len(s) && r != utf8.RuneError {
				index[r] = byte(b)
			}
		}
	}
	return singleByteEncoder{index}
}

func (e singleByteEncoder) encode(dst []byte, r rune) ([]byte, rune) {
	if r < utf8.RuneSelf {
		return append(dst, byte(r)), -1
	}
	if b, ok := e.index[r]; ok {
		return append(dst, b), -1
	}
	return dst, r
}

func (singleByteEncoder) finish(dst []byte) []byte { return dst }

// xtextEncoder encodes with the stateless encoder of golang.org/x/text,
// which for EUC-KR follows the Encoding Standard.
// https://encoding.spec.whatwg.org/#euc-kr-encoder
type xtextEncoder struct{ enc encoding.Encoding }

func (e xtextEncoder) encode(dst []byte, r rune) ([]byte, rune) {
	if r < utf8.RuneSelf {
		return append(dst, byte(r)), -1
	}
	var src [utf8.UTFMax]byte
	out, err := e.enc.NewEncoder().Bytes(src[:utf8.EncodeRune(src[:], r)])
	if err != nil {
		return dst, r
	}
	return append(dst, out...), -1
}

func (xtextEncoder) finish(dst []byte) []byte { return dst }

// gb18030Encoder is the gb18030 encoder, and with isGBK the gbk encoder,
// on the standard's indexes (package internal/gb18030).
// https://encoding.spec.whatwg.org/#gb18030-encoder
type gb18030Encoder struct{ isGBK bool }

func (e gb18030Encoder) encode(dst []byte, r rune) ([]byte, rune) {
	switch {
	case r < utf8.RuneSelf:
		return append(dst, byte(r)), -1
	case r == 0xE5E5:
		return dst, r
	case e.isGBK && r == 0x20AC:
		return append(dst, 0x80), -1
	case 0xE78D <= r && r <= 0xE864:
		// The private-use code points the GB18030-2022 revision moved
		// keep the two bytes they had.
		if b, ok := gb18030Kept[r]; ok {
			return append(dst, b[0], b[1]), -1
		}
	}
	if p, ok := gb18030.Pointer(r); ok {
		lead, trail := p/190+0x81, p%190
		offset := 0x40
		if trail >= 0x3F {
			offset = 0x41
		}
		return append(dst, byte(lead), byte(trail+offset)), -1
	}
	if e.isGBK {
		return dst, r
	}
	p := gb18030.RangesPointer(r)
	return append(dst, byte(p/12600+0x81), byte(p/1260%10+0x30), byte(p/10%126+0x81), byte(p%10+0x30)), -1
}

func (gb18030Encoder) finish(dst []byte) []byte { return dst }

// gb18030Kept is the gb18030 encoder's table of code points it encodes
// as two bytes that index gb18030 does not map to them.
var gb18030Kept = map[rune][2]byte{
	0xE78D: {0xA6, 0xD9}, 0xE78E: {0xA6, 0xDA}, 0xE78F: {0xA6, 0xDB}, 0xE790: {0xA6, 0xDC},
	0xE791: {0xA6, 0xDD}, 0xE792: {0xA6, 0xDE}, 0xE793: {0xA6, 0xDF}, 0xE794: {0xA6, 0xEC},
	0xE795: {0xA6, 0xED}, 0xE796: {0xA6, 0xF3}, 0xE81E: {0xFE, 0x59}, 0xE826: {0xFE, 0x61},
	0xE82B: {0xFE, 0x66}, 0xE82C: {0xFE, 0x67}, 0xE832: {0xFE, 0x6D}, 0xE843: {0xFE, 0x7E},
	0xE854: {0xFE, 0x90}, 0xE864: {0xFE, 0xA0},
}

// The jis0208 index, read from x/text's EUC-JP decoder: the index pointer
// of a code point (its first pointer), and the index Shift_JIS pointer
// (its first pointer outside 8272 to 8835).
// https://encoding.spec.whatwg.org/#index-jis0208
func jis0208() jis0208Index { return jis0208Lazy.get(buildJIS0208) }

var jis0208Lazy lazy[jis0208Index]

type jis0208Index struct{ pointer, shiftJIS map[rune]int }

func buildJIS0208() (t jis0208Index) {
	t.pointer = make(map[rune]int, 7000)
	t.shiftJIS = make(map[rune]int, 7000)
	d := lookupDecoder("euc-jp")
	for p := 94*94 - 1; p >= 0; p-- {
		if r, ok := decodeOne(d, []byte{byte(p/94 + 0xA1), byte(p%94 + 0xA1)}); ok {
			t.pointer[r] = p
			if p < 8272 || p > 8835 {
				t.shiftJIS[r] = p
			}
		}
	}
	return t
}

// big5Index is the index Big5 pointer of each code point, read from x/text's
// Big5 decoder: pointers below (0xA1 - 0x81) × 157 (the HKSCS extension)
// are left out, and the first pointer is taken but for six code points,
// which take the last.
// https://encoding.spec.whatwg.org/#index-big5-pointer
func big5Index() map[rune]int { return big5Lazy.get(buildBig5) }

var big5Lazy lazy[map[rune]int]

func buildBig5() map[rune]int {
	index := make(map[rune]int, 14000)
	d := lookupDecoder("big5")
	last := func(r rune) bool {
		switch r {
		case 0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345:
			return true
		}
		return false
	}
	for p := (0xFE-0x81+1)*157 - 1; p >= (0xA1-0x81)*157; p-- {
		lead, trail := p/157+0x81, p%157
		offset := 0x40
		if trail >= 0x3F {
			offset = 0x62
		}
		r, ok := decodeOne(d, []byte{byte(lead), byte(trail + offset)})
		if !ok {
			continue
		}
		if _, seen := index[r]; seen && last(r) {
			continue // going down, the last pointer came first
		}
		index[r] = p
	}
	return index
}

func lookupDecoder(label string) *encoding.Decoder {
	enc, err := htmlindex.Get(label)
	if err != nil {
		panic(err)
	}
	return enc.NewDecoder()
}

// decodeOne decodes b to a single code point, if it is one.
func decodeOne(d *encoding.Decoder, b []byte) (rune, bool) {
	s, err := d.String(string(b))
	if err != nil {
		return 0, false
	}
	r, n := utf8.DecodeRuneInString(s)
	return r, n == len(s) && r != utf8.RuneError
}

// https://encoding.spec.whatwg.org/#shift_jis-encoder
type shiftJISEncoder struct{}

func (shiftJISEncoder) encode(dst []byte, r rune) ([]byte, rune) {
	switch {
	case r <= 0x80:
		return append(dst, byte(r)), -1
	case r == 0xA5:
		return append(dst, 0x5C), -1
	case r == 0x203E:
		return append(dst, 0x7E), -1
	case 0xFF61 <= r && r <= 0xFF9F:
		return append(dst, byte(r-0xFF61+0xA1)), -1
	case r == 0x2212:
		r = 0xFF0D
	}
	p, ok := jis0208().shiftJIS[r]
	if !ok {
		return dst, r
	}
	lead, trail := p/188, p%188
	leadOffset, offset := 0x81, 0x40
	if lead >= 0x1F {
		leadOffset = 0xC1
	}
	if trail >= 0x3F {
		offset = 0x41
	}
	return append(dst, byte(lead+leadOffset), byte(trail+offset)), -1
}

func (shiftJISEncoder) finish(dst []byte) []byte { return dst }

// https://encoding.spec.whatwg.org/#euc-jp-encoder
type eucJPEncoder struct{}

func (eucJPEncoder) encode(dst []byte, r rune) ([]byte, rune) {
	switch {
	case r < utf8.RuneSelf:
		return append(dst, byte(r)), -1
	case r == 0xA5:
		return append(dst, 0x5C), -1
	case r == 0x203E:
		return append(dst, 0x7E), -1
	case 0xFF61 <= r && r <= 0xFF9F:
		return append(dst, 0x8E, byte(r-0xFF61+0xA1)), -1
	case r == 0x2212:
		r = 0xFF0D
	}
	p, ok := jis0208().pointer[r]
	if !ok {
		return dst, r
	}
	return append(dst, byte(p/94+0xA1), byte(p%94+0xA1)), -1
}

func (eucJPEncoder) finish(dst []byte) []byte { return dst }

// https://encoding.spec.whatwg.org/#big5-encoder
type big5Encoder struct{}

func (big5Encoder) encode(dst []byte, r rune) ([]byte, rune) {
	if r < utf8.RuneSelf {
		return append(dst, byte(r)), -1
	}
	p, ok := big5Index()[r]
	if !ok {
		return dst, r
	}
	lead, trail := p/157+0x81, p%157
	offset := 0x40
	if trail >= 0x3F {
		offset = 0x62
	}
	return append(dst, byte(lead), byte(trail+offset)), -1
}

func (big5Encoder) finish(dst []byte) []byte { return dst }

// iso2022JPEncoder is the ISO-2022-JP encoder, which switches between
// ASCII, JIS X 0201 Roman and JIS X 0208 with escape sequences and so
// keeps a state from one code point to the next.
// https://encoding.spec.whatwg.org/#iso-2022-jp-encoder
type iso2022JPEncoder struct{ state uint8 }

const (
	iso2022JPASCII uint8 = iota
	iso2022JPRoman
	iso2022JPjis0208
)

// iso2022JPKatakana maps U+FF61 to U+FF9F, halfwidth katakana, to the
// code points of index ISO-2022-JP katakana: their fullwidth forms.
// https://encoding.spec.whatwg.org/#index-iso-2022-jp-katakana
var iso2022JPKatakana = []rune("。「」、・ヲァィゥェォャュョッーアイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン゛゜")

func (e *iso2022JPEncoder) encode(dst []byte, r rune) ([]byte, rune) {
	for {
		switch {
		case e.state != iso2022JPjis0208 && (r == 0x0E || r == 0x0F || r == 0x1B):
			return dst, 0xFFFD
		case e.state == iso2022JPASCII && r < utf8.RuneSelf:
			return append(dst, byte(r)), -1
		case e.state == iso2022JPRoman && (r < utf8.RuneSelf && r != 0x5C && r != 0x7E || r == 0xA5 || r == 0x203E):
			switch r {
			case 0xA5:
				return append(dst, 0x5C), -1
			case 0x203E:
				return append(dst, 0x7E), -1
			}
			return append(dst, byte(r)), -1
		case r < utf8.RuneSelf:
			e.state = iso2022JPASCII
			dst = append(dst, 0x1B, '(', 'B')
			continue // with r again, in the new state
		case r == 0xA5 || r == 0x203E:
			e.state = iso2022JPRoman
			dst = append(dst, 0x1B, '(', 'J')
			continue
		case r == 0x2212:
			r = 0xFF0D
		case 0xFF61 <= r && r <= 0xFF9F:
			r = iso2022JPKatakana[r-0xFF61]
		}
		p, ok := jis0208().pointer[r]
		if !ok {
			if e.state == iso2022JPjis0208 {
				e.state = iso2022JPASCII
				dst = append(dst, 0x1B, '(', 'B')
				continue
			}
			return dst, r
		}
		if e.state != iso2022JPjis0208 {
			e.state = iso2022JPjis0208
			dst = append(dst, 0x1B, '$', 'B')
			continue
		}
		return append(dst, byte(p/94+0x21), byte(p%94+0x21)), -1
	}
}

func (e *iso2022JPEncoder) finish(dst []byte) []byte {
	if e.state != iso2022JPASCII {
		e.state = iso2022JPASCII
		dst = append(dst, 0x1B, '(', 'B')
	}
	return dst
}
