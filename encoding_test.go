package weburl

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/weburl/weburl/internal/ascii"
	"github.com/weburl/weburl/internal/corpus"
	"golang.org/x/text/unicode/norm"
)

func mustEncoding(t *testing.T, label string) *legacyEncoding {
	t.Helper()
	enc, err := lookupEncoding(label)
	if err != nil || enc == nil {
		t.Fatalf("lookupEncoding(%q) = %v, %v", label, enc, err)
	}
	return enc
}

// TestPercentEncodeAfterEncoding checks the standard's examples of percent-
// encode after encoding (section "Percent-encoded bytes").
func TestPercentEncodeAfterEncoding(t *testing.T) {
	sjis := mustEncoding(t, "Shift_JIS")
	for _, tc := range []struct {
		enc         *legacyEncoding
		in, want    string
		spaceAsPlus bool
	}{
		{sjis, " ", "%20", false},
		{sjis, "≡", "%81%DF", false},
		{sjis, "‽", "%26%238253%3B", false},
		{sjis, "1+1 ≡ 2%20‽", "1+1+%81%DF+2%20%26%238253%3B", true},
		// The table gives "%1B(J\%1B(B" for ¥ in ISO-2022-JP, with the
		// userinfo percent-encode set; but that set contains U+005C, which the
		// algorithm then percent-encodes, as tested here.
		{mustEncoding(t, "ISO-2022-JP"), "¥", "%1B(J%5C%1B(B", false},
	} {
		if got := string(appendEncodedAfterEncoding(nil, tc.in, tc.enc, userinfoSet, tc.spaceAsPlus)); got != tc.want {
			t.Errorf("%s %q = %q, want %q", tc.enc.name, tc.in, got, tc.want)
		}
	}
	// UTF-8, with the userinfo percent-encode set.
	for in, want := range map[string]string{"≡": "%E2%89%A1", "‽": "%E2%80%BD", "Say what‽": "Say%20what%E2%80%BD"} {
		if got := string(ascii.AppendEncoded(nil, in, userinfoSet)); got != want {
			t.Errorf("UTF-8 %q = %q, want %q", in, got, want)
		}
	}
}

// TestEncodingRules checks where the encoding applies: the query of a
// special URL other than ws: and wss:, never the path or fragment.
func TestEncodingRules(t *testing.T) {
	for _, tc := range []struct{ label, in, base, want string }{
		{"windows-1252", "https://example.com/é?é#é", "", "https://example.com/%C3%A9?%E9#%C3%A9"},
		{"latin1", "http://example.com/?smörgåsbord", "", "http://example.com/?sm%F6rg%E5sbord"}, // the standard's own example
		{"windows-1252", "sc://example.com/?é", "", "sc://example.com/?%C3%A9"},                  // not special
		{"windows-1252", "ws://example.com/?é", "", "ws://example.com/?%C3%A9"},
		{"windows-1252", "wss://example.com/?é", "", "wss://example.com/?%C3%A9"},
		{"windows-1252", "ftp://example.com/?é", "", "ftp://example.com/?%E9"},
		{"windows-1252", "file:///x?é", "", "file:///x?%E9"},
		{"windows-1252", "?é", "https://example.com/a", "https://example.com/a?%E9"},
		{"windows-1252", "?é", "sc://example.com/a", "sc://example.com/a?%C3%A9"},
		{"iso-8859-2", "https://example.com/?€¢", "", "https://example.com/?%26%238364%3B%26%23162%3B"}, // not in ISO-8859-2
		{"utf-16le", "https://example.com/?é", "", "https://example.com/?%C3%A9"},                       // output encoding: UTF-8
		{"replacement", "https://example.com/?é", "", "https://example.com/?%C3%A9"},
		{"ISO-2022-KR", "https://example.com/?é", "", "https://example.com/?%C3%A9"}, // a label of replacement
		{"sjis", "https://example.com/?'≡", "", "https://example.com/?%27%81%DF"},    // special-query set
		{"shift_jis", "https://example.com/?\u00A5\u203E\u2212\uFF71\u0080", "", "https://example.com/?\\~%81|%B1%80"},
		{"euc-jp", "https://example.com/?\u00A5\u2212\uFF71\u4E9C", "", "https://example.com/?\\%A1%DD%8E%B1%B0%A1"},
		{"gb18030", "https://example.com/?\u20AC\uE5E5", "", "https://example.com/?%A2%E3%26%2358853%3B"},
		{"gbk", "https://example.com/?\u20AC", "", "https://example.com/?%80"},
		// ISO-2022-JP runs over the whole query: after ¥ the encoder stays in
		// JIS X 0201 Roman for "a", and returns to ASCII only at the end.
		{"iso-2022-jp", "https://example.com/?\u00A5a\u4E9C", "", "https://example.com/?%1B(J\\a%1B$B0!%1B(B"},
		// Halfwidth katakana become fullwidth, 0x25 0x22 in JIS X 0208: the
		// first byte is "%", which no query percent-encode set holds.
		{"iso-2022-jp", "https://example.com/?\uFF71", "", "https://example.com/?%1B$B%%22%1B(B"},
		{"iso-2022-jp", "https://example.com/?\u4E9C\u00E9a", "", "https://example.com/?%1B$B0!%1B(B%26%23233%3Ba"},
	} {
		var base *URL
		if tc.base != "" {
			base, _ = Parse(tc.base)
		}
		p := Parser{Base: base, Encoding: tc.label}
		u, err := p.Parse(tc.in)
		if err != nil {
			t.Errorf("%s %q: %v", tc.label, tc.in, err)
			continue
		}
		if u.Href() != tc.want {
			t.Errorf("%s %q = %q, want %q", tc.label, tc.in, u.Href(), tc.want)
		}
		if err := u.check(); err != nil {
			t.Error(err)
		}
	}
	var ee *EncodingError
	if _, err := (&Parser{Encoding: "ebcdic"}).Parse("https://example.com/"); !errors.As(err, &ee) || ee.Label != "ebcdic" {
		t.Errorf("unknown label: %v", err)
	}
}

// TestEncoders checks each encoder against golang.org/x/text's decoder of
// the same encoding: whatever it encodes decodes back to the code point,
// but for the mappings the Encoding Standard's encoders make on purpose,
// and for ISO-2022-JP's JIS X 0201 Roman, which x/text decodes as ASCII
// (the standard's decoder gives U+00A5 and U+203E). gbk, gb18030 and the
// single-byte encodings are checked against the standard's indexes
// instead (TestGB18030, TestSingleByteEncoders): x/text's decoders have
// no code point for 2,067 pointers of index gb18030, nor for the bytes
// the single-byte indexes map to C1 controls.
func TestEncoders(t *testing.T) {
	deliberate := map[string]map[rune]rune{
		"shift_jis":   {0xA5: '\\', 0x203E: '~', 0x2212: 0xFF0D},
		"euc-jp":      {0xA5: '\\', 0x203E: '~', 0x2212: 0xFF0D},
		"iso-2022-jp": {0xA5: '\\', 0x203E: '~', 0x2212: 0xFF0D},
	}
	for _, label := range []string{"shift_jis", "euc-jp", "iso-2022-jp", "big5", "euc-kr", "x-user-defined"} {
		enc := mustEncoding(t, label)
		d := lookupDecoder(label)
		encoded := 0
		for r := rune(0); r <= 0x10FFFF; r++ {
			if r > 0xFFFF && r&0xFFF != 0 {
				continue // a sample beyond the Basic Multilingual Plane
			}
			if 0xD800 <= r && r <= 0xDFFF || label == "iso-2022-jp" && (r == 0x0E || r == 0x0F || r == 0x1B) {
				continue
			}
			e := enc.newEncoder()
			b, errRune := e.encode(nil, r)
			b = e.finish(b)
			if errRune >= 0 {
				if errRune != r {
					t.Errorf("%s: U+%04X reports an error for U+%04X", label, r, errRune)
				}
				continue
			}
			encoded++
			want := r
			if m, ok := deliberate[label][r]; ok {
				want = m
			}
			if label == "iso-2022-jp" && 0xFF61 <= r && r <= 0xFF9F {
				want = iso2022JPKatakana[r-0xFF61]
			}
			got, _ := d.String(string(b))
			if got != string(want) {
				t.Errorf("%s: U+%04X encodes as % X, which decodes to %q, want %q", label, r, b, got, string(want))
			}
		}
		if encoded < 128 {
			t.Errorf("%s encodes %d code points", label, encoded)
		}
	}
}

// TestGB18030 checks the gb18030 and gbk encoders on every code point
// against the Encoding Standard's algorithm, written here on its indexes
// as published (testdata/encoding, from whatwg/encoding; see
// testdata/encoding.sh).
// https://encoding.spec.whatwg.org/#gb18030-encoder
func TestGB18030(t *testing.T) {
	// index gb18030: the first pointer of each code point.
	index := map[rune]int{}
	for _, line := range corpus.GzipLines(t, filepath.Join("testdata", "encoding", "index-gb18030.txt.gz"), func(string) bool { return true }) {
		if p, r, ok := indexLine(t, line); ok {
			if _, seen := index[r]; !seen {
				index[r] = p
			}
		}
	}
	var rangePointers []int
	var rangeCodePoints []rune
	ranges, err := os.ReadFile(filepath.Join("testdata", "encoding", "index-gb18030-ranges.txt"))
	if err != nil {
		t.Fatalf("%v (testdata/encoding.sh makes it)", err)
	}
	for _, line := range strings.Split(string(ranges), "\n") {
		if p, r, ok := indexLine(t, line); ok {
			rangePointers, rangeCodePoints = append(rangePointers, p), append(rangeCodePoints, r)
		}
	}
	if len(index) != 23939 || len(rangePointers) != 207 {
		t.Fatalf("%d code points in index gb18030, %d ranges", len(index), len(rangePointers))
	}
	// kept is the encoder's table of the code points GB18030-2022 moved.
	kept := map[rune]string{
		0xE78D: "\xA6\xD9", 0xE78E: "\xA6\xDA", 0xE78F: "\xA6\xDB", 0xE790: "\xA6\xDC", 0xE791: "\xA6\xDD",
		0xE792: "\xA6\xDE", 0xE793: "\xA6\xDF", 0xE794: "\xA6\xEC", 0xE795: "\xA6\xED", 0xE796: "\xA6\xF3",
		0xE81E: "\xFE\x59", 0xE826: "\xFE\x61", 0xE82B: "\xFE\x66", 0xE82C: "\xFE\x67", 0xE832: "\xFE\x6D",
		0xE843: "\xFE\x7E", 0xE854: "\xFE\x90", 0xE864: "\xFE\xA0",
	}
	// want is the standard's gb18030 encoder handler: the bytes, or ok
	// false for an error.
	want := func(r rune, isGBK bool) (string, bool) {
		switch {
		case r < 0x80:
			return string(rune(r)), true
		case r == 0xE5E5:
			return "", false
		case isGBK && r == 0x20AC:
			return "\x80", true
		case kept[r] != "":
			return kept[r], true
		}
		if p, ok := index[r]; ok {
			trail := p % 190
			offset := 0x40
			if trail >= 0x3F {
				offset = 0x41
			}
			return string([]byte{byte(p/190 + 0x81), byte(trail + offset)}), true
		}
		if isGBK {
			return "", false
		}
		// The index gb18030 ranges pointer.
		p := 7457
		if r != 0xE7C7 {
			i := len(rangeCodePoints) - 1
			for rangeCodePoints[i] > r {
				i--
			}
			p = rangePointers[i] + int(r-rangeCodePoints[i])
		}
		return string([]byte{byte(p/12600 + 0x81), byte(p%12600/1260 + 0x30), byte(p%1260/10 + 0x81), byte(p%10 + 0x30)}), true
	}
	for _, label := range []string{"gb18030", "gbk"} {
		enc := mustEncoding(t, label)
		counts := map[int]int{}
		for r := rune(0); r <= 0x10FFFF; r++ {
			if 0xD800 <= r && r <= 0xDFFF {
				continue // not a scalar value: no Go string holds one
			}
			e := enc.newEncoder()
			b, errRune := e.encode(nil, r)
			b = e.finish(b)
			w, ok := want(r, label == "gbk")
			switch {
			case !ok && errRune != r:
				t.Errorf("%s: U+%04X encodes as % X, the standard's encoder fails", label, r, b)
			case ok && (errRune >= 0 || string(b) != w):
				t.Errorf("%s: U+%04X encodes as % X (error %v), the standard's encoder gives % X", label, r, b, errRune >= 0, w)
			case ok:
				counts[len(w)]++
			}
		}
		t.Logf("%s: code points encoded in 1, 2 and 4 bytes (and 0x80 alone for gbk): %v", label, counts)
	}
	// U+FFFD in a query, as the issue that found it wrote it.
	u, err := (&Parser{Encoding: "gb18030"}).Parse("https://example.com/?\uFFFD")
	if err != nil || u.Search() != "?%841%A47" {
		t.Errorf("?\\uFFFD in gb18030: %v, %v; want ?%%841%%A47", u, err)
	}
}

// TestSingleByteEncoders checks the single-byte encoders on every code
// point against the Encoding Standard's indexes as published
// (testdata/encoding): a code point encodes as the first byte whose index
// entry it is, and one no entry holds is an error.
// https://encoding.spec.whatwg.org/#single-byte-encoder
func TestSingleByteEncoders(t *testing.T) {
	names := []string{"ibm866", "iso-8859-2", "iso-8859-3", "iso-8859-4", "iso-8859-5", "iso-8859-6", "iso-8859-7",
		"iso-8859-8", "iso-8859-10", "iso-8859-13", "iso-8859-14", "iso-8859-15", "iso-8859-16", "koi8-r", "koi8-u",
		"macintosh", "windows-874", "windows-1250", "windows-1251", "windows-1252", "windows-1253", "windows-1254",
		"windows-1255", "windows-1256", "windows-1257", "windows-1258", "x-mac-cyrillic"}
	for _, name := range names {
		data, err := os.ReadFile(filepath.Join("testdata", "encoding", "index-"+name+".txt"))
		if err != nil {
			t.Fatalf("%v (testdata/encoding.sh makes it)", err)
		}
		first := map[rune]int{}
		entries := 0
		for _, line := range strings.Split(string(data), "\n") {
			if p, r, ok := indexLine(t, line); ok {
				entries++
				if _, seen := first[r]; !seen {
					first[r] = p
				}
			}
		}
		labels := []string{name}
		if name == "iso-8859-8" {
			labels = append(labels, "iso-8859-8-i") // the same index
		}
		for _, label := range labels {
			enc := mustEncoding(t, label)
			for r := rune(0x80); r <= 0xFFFF; r++ {
				if 0xD800 <= r && r <= 0xDFFF {
					continue
				}
				b, errRune := enc.newEncoder().encode(nil, r)
				p, ok := first[r]
				switch {
				case ok && (errRune >= 0 || len(b) != 1 || b[0] != byte(0x80+p)):
					t.Errorf("%s: U+%04X encodes as % X (error %v), want %02X", label, r, b, errRune >= 0, 0x80+p)
				case !ok && errRune != r:
					t.Errorf("%s: U+%04X encodes as % X, the standard's encoder fails", label, r, b)
				}
			}
		}
		if entries < 80 {
			t.Errorf("%s: %d index entries", name, entries)
		}
	}
	// A C1 control in a windows-1252 query, which x/text cannot encode.
	u, err := (&Parser{Encoding: "windows-1252"}).Parse("https://example.com/?\u0081\u20AC")
	if err != nil || u.Search() != "?%81%80" {
		t.Errorf("U+0081 U+20AC in windows-1252: %v, %v; want ?%%81%%80", u, err)
	}
}

// indexLine reads a line of an Encoding Standard index file: a pointer
// and a code point, tab-separated, unless the line is a comment or empty.
func indexLine(t *testing.T, line string) (pointer int, r rune, ok bool) {
	fields := strings.Fields(line)
	if len(fields) < 2 || strings.HasPrefix(fields[0], "#") {
		return 0, 0, false
	}
	p, err1 := strconv.Atoi(fields[0])
	c, err2 := strconv.ParseUint(strings.TrimPrefix(fields[1], "0x"), 16, 32)
	if err1 != nil || err2 != nil {
		t.Fatalf("index line %q", line)
	}
	return p, rune(c), true
}

// TestISO2022JPKatakana checks the halfwidth katakana index against NFKC,
// which agrees with index ISO-2022-JP katakana but for the two sound marks
// (NFKC gives the combining ones).
func TestISO2022JPKatakana(t *testing.T) {
	if len(iso2022JPKatakana) != 0xFF9F-0xFF61+1 {
		t.Fatalf("%d entries", len(iso2022JPKatakana))
	}
	for i, r := range iso2022JPKatakana {
		want := []rune(norm.NFKC.String(string(rune(0xFF61 + i))))[0]
		switch i {
		case 61:
			want = 0x309B
		case 62:
			want = 0x309C
		}
		if r != want {
			t.Errorf("U+%04X maps to U+%04X, want U+%04X", 0xFF61+i, r, want)
		}
	}
}

func TestSearchParamsEncode(t *testing.T) {
	p := ParseSearchParams("name=≡ x&€=ｱ")
	got, err := p.Encode("shift_jis")
	if want := "name=%81%DF+x&%26%238364%3B=%B1"; err != nil || got != want {
		t.Errorf("Encode(shift_jis) = %q, %v, want %q", got, err, want)
	}
	// Each name and value is encoded on its own: ISO-2022-JP returns to ASCII
	// at the end of each.
	got, _ = ParseSearchParams("a=¥&b=¥").Encode("iso-2022-jp")
	if want := "a=%1B%28J%5C%1B%28B&b=%1B%28J%5C%1B%28B"; got != want {
		t.Errorf("Encode(iso-2022-jp) = %q, want %q", got, want)
	}
	if got, _ := p.Encode("utf-8"); got != p.String() {
		t.Errorf("Encode(utf-8) = %q, want String() %q", got, p.String())
	}
	if _, err := p.Encode("nonsense"); err == nil {
		t.Error("Encode with an unknown label succeeded")
	}
	if !slices.Equal(slices.Collect(p.Keys()), []string{"name", "€"}) || !utf8.ValidString(got) || strings.ContainsRune(got, ' ') {
		t.Error("Encode changed the list")
	}
}
