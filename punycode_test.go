package weburl

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/weburl/weburl/internal/ascii"
	"golang.org/x/net/idna"
)

// TestPunycodeLimits checks the label lengths past which Punycode is not
// tried (toASCII): exactly at a limit a label is converted, one
// unit past it the conversion fails.
func TestPunycodeLimits(t *testing.T) {
	t.Run("encode", func(t *testing.T) {
		for _, tc := range []struct {
			r     string // a code point
			units int    // its UTF-16 length
		}{{"é", 1}, {"\U00010330", 2}} {
			n := maxEncodeLabel / tc.units
			u, err := Parse("https://" + strings.Repeat(tc.r, n) + ".com/")
			if err != nil || !strings.HasPrefix(u.Hostname(), "xn--") {
				t.Errorf("%d × %q: got %v, %v; want an xn-- label", n, tc.r, u, err)
			}
			// The limit applies to the label as UTS #46 maps it: soft
			// hyphens are removed.
			u, err = Parse("https://" + strings.Repeat(tc.r+"\u00AD", n) + ".com/")
			if err != nil || !strings.HasPrefix(u.Hostname(), "xn--") {
				t.Errorf("%d × %q and soft hyphens: got %v, %v; want an xn-- label", n, tc.r, u, err)
			}
			_, err = Parse("https://" + strings.Repeat(tc.r, n+1) + ".com/")
			if e := (*Error)(nil); !errors.As(err, &e) || e.Code != ErrDomainToASCII {
				t.Errorf("%d × %q: got %v; want domain-to-ASCII", n+1, tc.r, err)
			}
		}
	})
	// ToUnicode needs no limit of weburl's: golang.org/x/net/idna stops
	// decoding a label at 1024 code points, as toASCII says.
	ace, err := idna.Punycode.ToASCII(strings.Repeat("a", 1024) + "é")
	if err != nil {
		t.Fatal(err)
	}
	if got := DomainToUnicode(ace); got != ace {
		t.Errorf("DomainToUnicode(%d-byte label decoding to 1025 code points) = %q, want it unchanged", len(ace), got)
	}
}

// TestPunycodeEncoder checks appendPunycode against golang.org/x/net/idna's
// encoder on random labels: short and long, few and many distinct code
// points, with and without ASCII, up to the largest code point.
func TestPunycodeEncoder(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabets := [][2]rune{{'a', 'z'}, {0xC0, 0x24F}, {0x4E00, 0x9FFF}, {0x10000, 0x10FFFF}, {0xE9, 0xEB}}
	labels := 3000
	if testing.Short() {
		labels = 600
	}
	for range labels {
		n := 1 + rng.IntN(300)
		if rng.IntN(10) == 0 {
			n = 1 + rng.IntN(maxEncodeLabel)
		}
		var b strings.Builder
		for range n {
			a := alphabets[rng.IntN(len(alphabets))]
			r := a[0] + rng.Int32N(a[1]-a[0]+1)
			if r == '.' || 0xD800 <= r && r <= 0xDFFF {
				r = 'x'
			}
			b.WriteRune(r)
		}
		label := b.String()
		got, ok := appendPunycode([]byte("xn--"), label)
		want, err := idna.Punycode.ToASCII(label)
		if ascii.Is(label) {
			continue // x/net leaves it as it is
		}
		if ok != (err == nil) || ok && string(got) != want {
			t.Fatalf("%q: got %q, %v; x/net %q, %v", label, got, ok, want, err)
		}
	}
	// U+FFFD fails, as in x/net/idna from Unicode 16.
	if _, ok := appendPunycode(nil, "a\uFFFD"); ok {
		t.Error("U+FFFD encoded")
	}
}

// TestLongLabelsToASCII checks that toASCII's own path for long labels
// gives what golang.org/x/net/idna's ToASCII gives, result and failure,
// on domains that mix long labels with what the mapping and validation act
// on: capitals and full-width letters, the ideographic full stop, "xn--"
// labels valid and not, right-to-left labels (the Bidi rule spans labels),
// joiners, combining marks (NFC), and disallowed code points.
func TestLongLabelsToASCII(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var encoded, failed int
	pieces := []string{"a", "Z", "é", "E\u0301", "\u4E00", "\u9FA5", "\U0001F600", "\uFF21", "\u05D0", "\u0627", "1",
		"\u200D", "\u094D\u200C", "-", "\u3002", ".", "xn--ls8h.", ".xn--zz.", "\u00AD", "\uFFFD", "\u2488", "ß", "\u03C2"}
	domains, least := 2000, 100
	if testing.Short() {
		domains, least = 500, 25
	}
	for range domains {
		var b strings.Builder
		long := strings.Repeat(pieces[2+rng.IntN(4)], shortLabel+1+rng.IntN(maxEncodeLabel))
		for range rng.IntN(6) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		b.WriteString(long)
		for range rng.IntN(6) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		if checkToASCII(t, b.String()) {
			encoded++
		} else {
			failed++
		}
	}
	if encoded < least || failed < least {
		t.Errorf("%d domains encoded and %d failed; the pieces should give many of each", encoded, failed)
	}
}

// FuzzLongLabels checks toASCII's own path for long labels against
// golang.org/x/net/idna's ToASCII: a domain made of prefix, label repeated
// past shortLabel code units, and suffix gives the same result or failure
// (or fails, where the mapped label is past ICU's limit).
func FuzzLongLabels(f *testing.F) {
	f.Add("", "é", ".com")
	f.Add("xn--ls8h.", "\u4E00\u9FA5a", "")
	f.Add("\u05D0.", "\u0627\u0661", ".\u05D1")
	f.Add("", "a\u00AD\uFF21", "\u3002xn--zca")
	f.Fuzz(func(t *testing.T, prefix, label, suffix string) {
		if !utf8.ValidString(prefix+label+suffix) || label == "" {
			return
		}
		domain := prefix + strings.Repeat(label, 1+2*shortLabel/len(label)) + suffix
		if len(domain) > 8*maxEncodeLabel {
			return // x/net takes quadratic time
		}
		checkToASCII(t, domain)
	})
}

// checkToASCII checks that toASCII(domain) gives what x/net/idna's ToASCII
// gives, or fails where a label, mapped, is longer than ICU's limit, which
// x/net does not have; it reports whether domain was encoded.
func checkToASCII(t *testing.T, domain string) bool {
	t.Helper()
	got, err := toASCII(domain)
	if mapped, _ := idnaProfile.ToUnicode(domain); longestNonASCIILabel(mapped) > maxEncodeLabel {
		if err == nil {
			t.Fatalf("%.80q…: a label longer than maxEncodeLabel encoded", domain)
		}
		return false
	}
	want, wantErr := unicodeToASCII(domain)
	if (err == nil) != (wantErr == nil) || err == nil && string(got) != want {
		t.Fatalf("%.80q…: got %.80q, %v; x/net %.80q, %v", domain, got, err, want, wantErr)
	}
	return err == nil
}

// TestLatin1ToASCII checks appendLatin1ToASCII against
// golang.org/x/net/idna's ToASCII for every code point from U+0080 to
// U+00FF, alone and among ASCII labels; that it takes exactly the code
// points it says it takes; and that it appends to what it is given, or
// leaves it as it was.
func TestLatin1ToASCII(t *testing.T) {
	taken := 0
	for r := rune(0x80); r <= 0xFF; r++ {
		c := string(r)
		domains := []string{c, "a" + c + "B.com", "X" + c + c + "z." + c, c + ".." + c + "-", "xn--" + c, "x" + c + "n--a"}
		takes := r == 0xAD || r >= 0xC0 && r != 0xD7 && r != 0xF7
		for i, d := range domains {
			got, ok := appendLatin1ToASCII([]byte("pre."), d)
			if !bytes.HasPrefix(got, []byte("pre.")) || !ok && len(got) != 4 {
				t.Fatalf("appendLatin1ToASCII(%q) = %q, %v: not appended to what it was given", d, got, ok)
			}
			got = got[4:]
			// "xn--" and, once U+00AD is ignored, "x\u00adn--a" start
			// with "xn--".
			if ok != (takes && (i < 4 || i == 5 && r != 0xAD)) {
				t.Errorf("appendLatin1ToASCII(%q) takes it: %v", d, ok)
			}
			if !ok {
				continue
			}
			taken++
			if want, err := unicodeToASCII(d); err != nil || string(got) != want {
				t.Errorf("appendLatin1ToASCII(%q) = %q; x/net gives %q, %v", d, got, want, err)
			}
		}
	}
	if want := 4*(1+64-2) + 64 - 2; taken != want {
		t.Errorf("%d domains taken, want %d", taken, want)
	}
}

// FuzzLatin1ToASCII checks appendLatin1ToASCII against x/net/idna's
// ToASCII on the input, and on the input with each byte turned into one of the code
// points it takes or one beside them.
func FuzzLatin1ToASCII(f *testing.F) {
	f.Add("faß.ExAmPlE")
	f.Add("x\u00adn--a.b")
	f.Add("ÀÞßàÿ.é-é")
	f.Fuzz(func(t *testing.T, s string) {
		alphabet := []string{"a", "Z", "0", "-", ".", "x", "n", "\u00ad", "À", "Þ", "ß", "à", "ÿ", "é", "×", "÷", "¿", "Ā", "_"}
		var b strings.Builder
		for i := 0; i < len(s); i++ {
			b.WriteString(alphabet[int(s[i])%len(alphabet)])
		}
		for _, d := range []string{s, b.String()} {
			got, ok := appendLatin1ToASCII(nil, d)
			if !ok {
				continue
			}
			if want, err := unicodeToASCII(d); err != nil || string(got) != want {
				t.Fatalf("appendLatin1ToASCII(%q) = %q; x/net gives %q, %v", d, got, want, err)
			}
		}
	})
}
