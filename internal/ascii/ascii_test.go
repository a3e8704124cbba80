package ascii

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzWords checks the functions that read eight bytes at a time against
// the byte-at-a-time functions of the standard library.
func FuzzWords(f *testing.F) {
	for _, s := range []string{"", "a", "example.com/path?q", "ABCDEFGHIJKLMNOPQRSTUVWXYZ@[`{", "\x80\xff/?#\x00AZaz", "0123456789abcdef\r", "\x01\x00\x01\x01/\x01\x01\x01\x01"} {
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
