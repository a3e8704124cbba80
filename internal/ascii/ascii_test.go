package ascii

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzWords checks the functions that read eight bytes at a time against
// the byte-at-a-time functions of the standard library.
func FuzzWords(f *testing.F) {
	for _, s := range []string{"", "a", "example.com/path?q", "ABCDEFGHIJKLMNOPQRSTUVWXYZ@[`{", "\x80\xff/?#\x00AZaz", "0123456789abcdef\r", "\x01\x00\x01\x01/\x01\x01\x01\x01", "abcD", "abcdefG", "Abc"} {
		f.Add(s, "/?")
		f.Add(s, "?#/")
	}
	f.Fuzz(func(t *testing.T, s, chars string) {
		if chars == "" || len(chars) > 3 || strings.IndexFunc(chars, func(r rune) bool { return r >= 0x80 }) >= 0 {
			return // IndexAny takes a few ASCII bytes
		}
		if got, want := IndexAny(s, chars), strings.IndexAny(s, chars); got != want {
			t.Errorf("IndexAny(%q, %q) = %d, strings.IndexAny %d", s, chars, got, want)
		}
		if got, want := IndexTabOrNewline(s), strings.IndexAny(s, "\t\n\r"); got != want {
			t.Errorf("IndexTabOrNewline(%q) = %d, strings.IndexAny %d", s, got, want)
		}
		if got, want := IndexUpper(s), strings.IndexFunc(s, func(r rune) bool { return 'A' <= r && r <= 'Z' }); got != want {
			t.Errorf("IndexUpper(%q) = %d, strings.IndexFunc %d", s, got, want)
		}
		if got, want := HasUpper(s), strings.ContainsFunc(s, func(r rune) bool { return 'A' <= r && r <= 'Z' }); got != want {
			t.Errorf("HasUpper(%q) = %v, strings.ContainsFunc %v", s, got, want)
		}
		// The words of s with each byte's high bit cleared (WordInRange
		// and WordOther read ASCII), against a byte loop.
		for i := 0; i+8 <= len(s); i++ {
			lowered := LowerWord(Load64(s, i))
			for j := range 8 {
				if b := byte(lowered >> (8 * j)); b != Lower(s[i+j]) {
					t.Errorf("LowerWord(%q): byte %d is %q, want %q", s[i:i+8], j, b, Lower(s[i+j]))
				}
			}
			x := Load64(s, i) & 0x7F7F7F7F7F7F7F7F
			for _, r := range [][2]byte{{'%', '('}, {'A', 'Z'}, {0, 0x7F}, {'/', '/'}} {
				got := WordInRange(x, r[0], r[1])
				for j := range 8 {
					b := byte(x >> (8 * j))
					if got>>(8*j+7)&1 != 0 != (r[0] <= b && b <= r[1]) {
						t.Errorf("WordInRange(%#x, %q, %q): byte %d (%q) is wrong", x, r[0], r[1], j, b)
					}
				}
			}
			for _, c := range chars {
				got := WordOther(x, byte(c))
				var want uint64 // WordMask's: bit j where byte j is c
				for j := range 8 {
					b := byte(x >> (8 * j))
					if got>>(8*j+7)&1 != 0 != (b != byte(c)) {
						t.Errorf("WordOther(%#x, %q): byte %d (%q) is wrong", x, c, j, b)
					}
					if b == byte(c) {
						want |= 1 << j
					}
				}
				if m := WordMask(x, byte(c)); m != want {
					t.Errorf("WordMask(%#x, %q) = %#x, byte by byte %#x", x, c, m, want)
				}
			}
		}
		// ByteMask, on s with each byte's high bit cleared (it reads
		// ASCII), against a byte loop.
		low := []byte(s)
		for i := range low {
			low[i] &= 0x7F
		}
		seven := string(low)
		for _, c := range []byte(chars) {
			m, ok := ByteMask(seven, c)
			if ok != (len(seven) <= 64) {
				t.Fatalf("ByteMask(%q, %q): ok %v for %d bytes", seven, c, ok, len(seven))
			}
			var want uint64
			for i := 0; ok && i < len(seven); i++ {
				if seven[i] == c {
					want |= 1 << i
				}
			}
			if m != want {
				t.Errorf("ByteMask(%q, %q) = %#x, byte by byte %#x", seven, c, m, want)
			}
		}
		b := []byte(s)
		LowerBytes(b)
		want := []byte(s)
		for i, c := range want {
			if 'A' <= c && c <= 'Z' {
				want[i] = c + 'a' - 'A'
			}
		}
		if !bytes.Equal(b, want) {
			t.Errorf("LowerBytes(%q) = %q, want %q", s, b, want)
		}
	})
}

// TestEqualFold checks the ASCII case-insensitive match against
// strings.EqualFold on ASCII, and that it folds nothing else.
func TestEqualFold(t *testing.T) {
	for _, tc := range []struct {
		s, t string
		want bool
	}{
		{"Content-Type", "content-type", true},
		{"REFRESH", "refresh", true},
		{"refresh", "refres", false},
		{"\u212Aey", "key", false}, // the Kelvin sign folds to k in Unicode, not in ASCII
		{"ſ", "s", false},          // so does U+017F to s
		{"@", "`", false},          // 0x40 and 0x60 differ by the case bit but are not letters
	} {
		if got := EqualFold(tc.s, tc.t); got != tc.want {
			t.Errorf("EqualFold(%q, %q) = %v, want %v", tc.s, tc.t, got, tc.want)
		}
		if got := EqualFold([]byte(tc.s), tc.t); got != tc.want {
			t.Errorf("EqualFold([]byte(%q), %q) = %v, want %v", tc.s, tc.t, got, tc.want)
		}
	}
	if !Is("abc\x7f") || Is("ab\x80") {
		t.Error("Is")
	}
}
