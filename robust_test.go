package weburl

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/linear"
	"golang.org/x/net/idna"
)

// Adversarial inputs: every one completes in time linear in its length
// (BenchmarkLinear shows it), never panics, and either parses into a URL
// that passes check or fails with an *Error. Where the standard decides the
// outcome plainly, the test says what it is.

// adversary makes an input of about n bytes from a pattern that stresses
// one part of the parser.
type adversary struct {
	name string
	make func(n int) string
	// href is the expected serialization for input s, or "" when s must
	// fail with the validation error code.
	href func(s string) string
	code string
}

func same(s string) string { return s }

var adversaries = []adversary{
	{name: "path", make: func(n int) string { return "https://example.com/" + strings.Repeat("a", n) }, href: same},
	{name: "query", make: func(n int) string { return "https://example.com/?" + strings.Repeat("q", n) }, href: same},
	{name: "fragment", make: func(n int) string { return "https://example.com/#" + strings.Repeat("f", n) }, href: same},
	{name: "opaque-path", make: func(n int) string { return "mailto:" + strings.Repeat("m", n) }, href: same},
	{
		// Each ".." removes the segment before it, and at the root there
		// is none to remove.
		name: "dot-dot-segments",
		make: func(n int) string { return "https://example.com/" + strings.Repeat("../", n/3) + "x" },
		href: func(string) string { return "https://example.com/x" },
	},
	{
		name: "segment-dot-dot-pairs",
		make: func(n int) string { return "https://example.com/" + strings.Repeat("a/../", n/5) + "x" },
		href: func(string) string { return "https://example.com/x" },
	},
	{
		// An ASCII domain is copied as it is; empty labels are allowed when
		// beStrict is false.
		name: "dots-in-host",
		make: func(n int) string { return "https://a" + strings.Repeat(".", n) + "b/" },
		href: same,
	},
	{name: "only-dots-host", make: func(n int) string { return "https://" + strings.Repeat(".", n) + "/" }, href: same},
	{name: "ascii-labels", make: func(n int) string { return "https://" + strings.Repeat("a.", n/2) + "com/" }, href: same},
	{
		name: "unicode-labels",
		make: func(n int) string { return "https://" + strings.Repeat("é.", n/3) + "com/" },
		href: func(s string) string {
			return "https://" + strings.Repeat("xn--9ca.", strings.Count(s, "é")) + "com/"
		},
	},
	{
		// A label longer than ICU's limit fails, as in browsers (see
		// toASCII).
		name: "unicode-label",
		make: func(n int) string { return "https://" + longUnicodeLabel(n) + "/" },
		code: "domain-to-ASCII",
	},
	{
		// Labels of 1000 distinct code points, the longest ICU encodes,
		// which the reference Punycode loop takes quadratic time over.
		name: "unicode-labels-at-limit",
		make: func(n int) string {
			return "https://" + strings.Repeat(longUnicodeLabel(3*maxEncodeLabel)+".", max(1, n/(3*maxEncodeLabel+1))) + "com/"
		},
		href: func(s string) string {
			label := longUnicodeLabel(3 * maxEncodeLabel)
			ace, err := idna.Punycode.ToASCII(label)
			if err != nil {
				panic(err)
			}
			return "https://" + strings.Repeat(ace+".", strings.Count(s, label)) + "com/"
		},
	},
	{
		name: "ace-label-to-validate",
		make: func(n int) string { return "https://xn--" + strings.Repeat("a", n) + "/" },
		href: same, // the ASCII fallback keeps it (NOTES.md)
	},
	{name: "percent-signs-in-path", make: func(n int) string { return "https://example.com/" + strings.Repeat("%", n) }, href: same},
	{name: "percent-signs-in-userinfo", make: func(n int) string { return "https://" + strings.Repeat("%", n) + "@h/" }, href: same},
	{
		// "%" stays "%" after percent-decoding, and is a forbidden domain
		// code point.
		name: "percent-signs-in-host",
		make: func(n int) string { return "https://" + strings.Repeat("%", n) + "/" },
		code: "domain-to-ASCII",
	},
	{name: "nested-percent-25-in-path", make: func(n int) string { return "https://example.com/" + strings.Repeat("%25", n/3) + "41" }, href: same},
	{
		// The host is percent-decoded once: "%2525…41" becomes "%25…41",
		// with a "%".
		name: "nested-percent-25-in-host",
		make: func(n int) string { return "https://%" + strings.Repeat("25", n/2) + "41/" },
		code: "domain-to-ASCII",
	},
	{
		name: "percent-encoded-host",
		make: func(n int) string { return "https://" + strings.Repeat("%41", n/3) + "/" },
		href: func(s string) string { return "https://" + strings.Repeat("a", strings.Count(s, "%41")) + "/" },
	},
	{name: "ipv4-parts", make: func(n int) string { return "https://" + strings.Repeat("1.", n/2) + "1/" }, code: "IPv4-too-many-parts"},
	{name: "ipv4-long-number", make: func(n int) string { return "https://1.2.3." + strings.Repeat("9", n) + "/" }, code: "IPv4-out-of-range-part"},
	{name: "ipv4-long-hex", make: func(n int) string { return "https://0x" + strings.Repeat("f", n) + "/" }, code: "IPv4-out-of-range-part"},
	{
		// Leading zeros make an octal number, whatever their count.
		name: "ipv4-leading-zeros",
		make: func(n int) string { return "https://1.1.1." + strings.Repeat("0", n) + "1/" },
		href: func(string) string { return "https://1.1.1.1/" },
	},
	{name: "ipv6-pieces", make: func(n int) string { return "https://[" + strings.Repeat("1:", n/2) + "1]/" }, code: "IPv6-too-many-pieces"},
	{name: "ipv6-long-piece", make: func(n int) string { return "https://[::" + strings.Repeat("0", n) + "]/" }, code: "IPv6-invalid-code-point"},
	{name: "ipv6-colons", make: func(n int) string { return "https://[" + strings.Repeat(":", n) + "]/" }, code: "IPv6-multiple-compression"},
	{name: "ipv4-in-ipv6", make: func(n int) string { return "https://[::1.2.3." + strings.Repeat("4", n) + "]/" }, code: "IPv4-in-IPv6-out-of-range-part"},
	{
		name: "invalid-utf8-path",
		make: func(n int) string { return "https://example.com/" + strings.Repeat("\xff", n) },
		href: func(s string) string {
			return "https://example.com/" + strings.Repeat("%EF%BF%BD", strings.Count(s, "\xff"))
		},
	},
	{name: "invalid-utf8-host", make: func(n int) string { return "https://" + strings.Repeat("\xff", n) + "/" }, code: "domain-to-ASCII"},
	{
		name: "at-signs",
		make: func(n int) string { return "https://" + strings.Repeat("@", n) + "h/" },
		href: func(s string) string {
			// Every "@" but the last is part of the username.
			return "https://" + strings.Repeat("%40", strings.Count(s, "@")-1) + "@h/"
		},
	},
	{
		name: "tabs-and-newlines",
		make: func(n int) string { return "https://example.com/" + strings.Repeat("\t\n", n/2) + "x" },
		href: func(string) string { return "https://example.com/x" },
	},
	{
		name: "slashes-after-scheme",
		make: func(n int) string { return "https:" + strings.Repeat("/", n) + "h/" },
		href: func(string) string { return "https://h/" },
	},
	{
		name: "spaces-around",
		make: func(n int) string { return strings.Repeat(" ", n/2) + "https://h/" + strings.Repeat(" ", n/2) },
		href: func(string) string { return "https://h/" },
	},
}

// longUnicodeLabel returns one label of about n bytes of different
// non-ASCII code points, the worst case for Punycode.
func longUnicodeLabel(n int) string {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		b.WriteRune(rune(0x4E00 + i%0x5000)) // CJK unified ideographs
	}
	return b.String()
}

// checkAdversary parses s and checks the outcome a describes.
func checkAdversary(t *testing.T, a adversary, s string) {
	t.Helper()
	u, err := Parse(s)
	if CanParse(s) != (err == nil) {
		t.Fatalf("%s: CanParse disagrees with Parse error %v", a.name, err)
	}
	if a.code != "" {
		var e *Error
		if !errors.As(err, &e) || e.Code.String() != a.code {
			t.Fatalf("%s (%d bytes): got error %v, want code %s", a.name, len(s), err, a.code)
		}
		return
	}
	if err != nil {
		t.Fatalf("%s (%d bytes): %v", a.name, len(s), err)
	}
	if want := a.href(s); u.Href() != want {
		t.Fatalf("%s (%d bytes): href is %d bytes, want %d: %.60q…", a.name, len(s), len(u.Href()), len(want), u.Href())
	}
	if err := u.check(); err != nil {
		t.Fatalf("%s: %.200v", a.name, err)
	}
}

func TestAdversarialInputs(t *testing.T) {
	// 300,000 bytes make 100,000 "../" segments, hosts of 100,000 labels,
	// 100,000 "%" signs; 30,000 make more than 10,000 dots and empty
	// labels; then, but with -short, 1 MiB and 16 MiB of each pattern.
	sizes := []int{30_000, 300_000}
	if !testing.Short() {
		sizes = append(sizes, 1<<20, 16<<20)
	}
	for _, a := range adversaries {
		t.Run(a.name, func(t *testing.T) {
			for _, n := range sizes {
				checkAdversary(t, a, a.make(n))
			}
		})
	}
}

// TestInvalidUTF8Everywhere puts invalid UTF-8 in each component. Each
// maximal invalid sequence is one U+FFFD (the Encoding Standard's UTF-8
// decoder), which is percent-encoded where the component allows it.
func TestInvalidUTF8Everywhere(t *testing.T) {
	const fffd = "%EF%BF%BD"
	for _, c := range []struct{ in, href, code string }{
		{in: "\xffhttps://h/", code: "missing-scheme-non-relative-URL"},
		{in: "ht\xfftps://h/", code: "missing-scheme-non-relative-URL"},
		{in: "https://u\xff:p\xfe@h/", href: "https://u" + fffd + ":p" + fffd + "@h/"},
		{in: "https://h\xff/", code: "domain-to-ASCII"},
		{in: "https://h:8\xff/", code: "port-invalid"},
		{in: "https://h/\xff", href: "https://h/" + fffd},
		{in: "https://h/?\xff", href: "https://h/?" + fffd},
		{in: "https://h/#\xff", href: "https://h/#" + fffd},
		{in: "foo://\xff/", href: "foo://" + fffd + "/"},
		{in: "mailto:\xff", href: "mailto:" + fffd},
		// A truncated sequence is one U+FFFD; a surrogate's encoding is
		// three (ED is not followed by A0 in UTF-8).
		{in: "https://h/\xe2\x82", href: "https://h/" + fffd},
		{in: "https://h/\xed\xa0\x80", href: "https://h/" + fffd + fffd + fffd},
		{in: "https://h/\xf4\x90\x80\x80", href: "https://h/" + fffd + fffd + fffd + fffd},
		{in: "https://h/\xc0\xaf", href: "https://h/" + fffd + fffd},
	} {
		u, err := Parse(c.in)
		if c.code != "" {
			var e *Error
			if !errors.As(err, &e) || e.Code.String() != c.code {
				t.Errorf("Parse(%q) error %v, want code %s", c.in, err, c.code)
			}
			continue
		}
		if err != nil || u.Href() != c.href {
			t.Errorf("Parse(%q) = %v, %v; want %q", c.in, u, err, c.href)
			continue
		}
		if err := u.check(); err != nil {
			t.Error(err)
		}
	}
}

func TestMaxInputLength(t *testing.T) {
	if testing.Short() {
		t.Skip("parses 256 MiB inputs; runs without -short")
	}
	prefix := "https://example.com/"
	longest := prefix + strings.Repeat("a", MaxInputLength-len(prefix))
	u, err := Parse(longest)
	if err != nil || len(u.Href()) != MaxInputLength {
		t.Fatalf("an input of MaxInputLength bytes: %.100v", err)
	}
	tooLong := longest + "a"
	_, err = Parse(tooLong)
	var e *Error
	if !errors.As(err, &e) || e.Code != ErrURLTooLong || e.Offset != MaxInputLength {
		t.Fatalf("an input of MaxInputLength+1 bytes: got %.100v", err)
	}
	if len(err.Error()) > 1200 {
		t.Errorf("the error message is %d bytes long", len(err.Error()))
	}
	if CanParse(tooLong) {
		t.Error("CanParse takes an input of MaxInputLength+1 bytes")
	}
	if _, err := u.Parse(tooLong); err == nil {
		t.Error("URL.Parse takes an input of MaxInputLength+1 bytes")
	}
	// Setters leave the URL as it was.
	u, _ = Parse("https://example.com/p?q#f")
	for _, name := range setterNames {
		set(u, name, tooLong)
		if u.Href() != "https://example.com/p?q#f" {
			t.Errorf("setting %s to MaxInputLength+1 bytes changed the URL to %.60q", name, u.Href())
		}
	}
}

// TestLinearTime checks that parsing each adversarial input takes time
// linear in its length: parsing 64 times the input may take at most 512
// times as long (see linear.Check; quadratic time would take 4096 times).
func TestLinearTime(t *testing.T) {
	n := 16 << 10
	if testing.Short() {
		n = 4 << 10
	}
	for _, a := range adversaries {
		linear.Check(t, a.name, a.make(n), a.make(linear.MinRatio*n), func(s string) { _, _ = Parse(s) })
	}
}

// BenchmarkLinear doubles the size of each adversarial input from 1 KiB to
// 16 MiB and reports the time per input byte, which stays flat when the
// cost is linear:
//
//	go test -run '^$' -bench Linear -benchtime 200ms . | tee linear.txt
//	cd bench && go tool benchstat -col /size -filter '.unit:ns/byte' ../linear.txt
func BenchmarkLinear(b *testing.B) {
	for _, a := range adversaries {
		b.Run("case="+a.name, func(b *testing.B) {
			for size := 1 << 10; size <= 16<<20; size *= 2 {
				s := a.make(size)
				b.Run("size="+sizeName(size), func(b *testing.B) {
					b.SetBytes(int64(len(s)))
					for range b.N {
						_, _ = Parse(s)
					}
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(s)), "ns/byte")
				})
			}
		})
	}
}

func sizeName(n int) string {
	if n >= 1<<20 {
		return strconv.Itoa(n>>20) + "MiB"
	}
	return strconv.Itoa(n>>10) + "KiB"
}
