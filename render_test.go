package weburl

import (
	"strings"
	"testing"

	"golang.org/x/net/publicsuffix"
)

// TestDomainToUnicode checks domain to Unicode, which returns its input
// unchanged when ToUnicode records an error (the standard's §3.3).
func TestDomainToUnicode(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"xn--53h.example", "☕.example"}, // the standard's IDNA example, backwards
		{"xn--fa-hia.example", "faß.example"},
		{"example.com", "example.com"},
		{"xn--kgbechtv", "إختبار"},
		// Errors: the input comes back. xn--8i7caa is the standard's
		// example: it decodes to "ｗｗｗ", whose code points UTS #46 maps.
		{"xn--8i7caa", "xn--8i7caa"},
		{"xn--8i7caa.example", "xn--8i7caa.example"},
		{"xn--a.example", "xn--a.example"}, // decodes to U+0080, which UTS #46 rejects
		{"xn--.example", "xn--.example"},   // an empty label after "xn--"
		{"xn--zz-.example", "xn--zz-.example"},
	} {
		if got := DomainToUnicode(tc.in); got != tc.want {
			t.Errorf("DomainToUnicode(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	// The domain parser and domain to Unicode round-trip: the host parser
	// gives back the ASCII domain it was given, whatever ToUnicode did.
	for _, in := range []string{"xn--8i7caa", "xn--fa-hia.example", "xn--a.example", "xn--53h.example"} {
		h, err := ParseHost(DomainToUnicode(in))
		if err != nil || h.String() != in {
			t.Errorf("ParseHost(DomainToUnicode(%q)) = %v, %v; want %q", in, h, err, in)
		}
	}
}

// TestDisplay checks the rendering recommendations of the standard's "URL
// rendering" section, on its examples where it gives them.
func TestDisplay(t *testing.T) {
	for _, tc := range []struct {
		in   string
		opts DisplayOptions
		want string
	}{
		// No credentials: they can pass for the host.
		{"https://examplecorp.com@attacker.example/", DisplayOptions{}, "https://attacker.example/"},
		{"https://user:pass@example.com:8080/p", DisplayOptions{}, "https://example.com:8080/p"},
		// The host only; no scheme.
		{"https://examplecorp.com@attacker.example/path?q", DisplayOptions{HostOnly: true}, "attacker.example"},
		{"https://example.com/path", DisplayOptions{OmitScheme: true}, "example.com/path"},
		// A leading www or m label, not when it is part of the registrable domain.
		{"https://www.example.com/", DisplayOptions{TrimWWW: true, PublicSuffixList: publicsuffix.List}, "https://example.com/"},
		{"https://m.example.co.uk/", DisplayOptions{TrimWWW: true, PublicSuffixList: publicsuffix.List}, "https://example.co.uk/"},
		{"https://www.com/", DisplayOptions{TrimWWW: true, PublicSuffixList: publicsuffix.List}, "https://www.com/"},
		{"https://www.co.uk/", DisplayOptions{TrimWWW: true, PublicSuffixList: publicsuffix.List}, "https://www.co.uk/"},
		// Hosts by domain to Unicode, which returns the whole domain
		// unchanged when a label fails.
		{"https://xn--53h.example/", DisplayOptions{}, "https://☕.example/"},
		{"https://faß.example/", DisplayOptions{}, "https://faß.example/"},
		{"https://xn--a.xn--fa-hia.example/", DisplayOptions{}, "https://xn--a.xn--fa-hia.example/"},
		// Percent-encoded UTF-8 decoded unless invisible, ASCII, or a spoofing risk.
		{"https://example.com/%F0%9F%8D%A3?q=%E2%82%AC#%C3%A9", DisplayOptions{}, "https://example.com/🍣?q=€#é"},
		{"https://example.com/a%20b%2F%3F", DisplayOptions{}, "https://example.com/a%20b%2F%3F"},
		{"https://example.com/%F0%9F%94%92%E2%80%AE%E2%80%8B%E2%88%95x", DisplayOptions{}, "https://example.com/%F0%9F%94%92%E2%80%AE%E2%80%8B%E2%88%95x"},
		{"https://example.com/%C3%A9%FF%C3", DisplayOptions{}, "https://example.com/é%FF%C3"},
		{"https://example.com/%C3%A9", DisplayOptions{KeepPercentEncoding: true}, "https://example.com/%C3%A9"},
		// Only a domain goes through domain to Unicode; other hosts show as
		// serialized (the decoding is for "other parts of the URL").
		{"sc://%C3%A9t%C3%A9/", DisplayOptions{}, "sc://%C3%A9t%C3%A9/"},
		{"sc://xn--53h/", DisplayOptions{}, "sc://xn--53h/"},
		{"data:text/plain,%E2%9C%93", DisplayOptions{}, "data:text/plain,✓"},
		// Elision: the path first, then domain labels from the lowest level
		// ("examplecorp.com.evil.com" as "…com.evil.com", the standard's
		// example), never the registrable domain.
		{"https://example.com/a/long/path", DisplayOptions{MaxLength: 25, PublicSuffixList: publicsuffix.List}, "https://example.com/a/lo…"},
		{"https://examplecorp.com.evil.com/login", DisplayOptions{MaxLength: 13, PublicSuffixList: publicsuffix.List}, "…com.evil.com…"},
		{"https://examplecorp.com.evil.com/", DisplayOptions{MaxLength: 13, HostOnly: true, PublicSuffixList: publicsuffix.List}, "…com.evil.com"},
		{"https://a.b.examplecorp.com.evil.com:8080/", DisplayOptions{MaxLength: 15, HostOnly: true, PublicSuffixList: publicsuffix.List}, "…evil.com:8080"},
		{"https://not-really-examplecorp.com/", DisplayOptions{MaxLength: 10, HostOnly: true, PublicSuffixList: publicsuffix.List}, "not-really-examplecorp.com"},
		{"https://www.example.co.uk/", DisplayOptions{MaxLength: 5, HostOnly: true, PublicSuffixList: publicsuffix.List}, "…example.co.uk"},
		{"https://[2001:db8::1]/", DisplayOptions{MaxLength: 5, HostOnly: true, PublicSuffixList: publicsuffix.List}, "[2001:db8::1]"},
		// Without a list, the host is whole: no "www" trimmed, no label
		// elided (the path still is).
		{"https://www.example.com/", DisplayOptions{TrimWWW: true}, "https://www.example.com/"},
		{"https://examplecorp.com.evil.com/login", DisplayOptions{MaxLength: 13}, "examplecorp.com.evil.com…"},
		{"https://examplecorp.com.evil.com/", DisplayOptions{MaxLength: 13, HostOnly: true}, "examplecorp.com.evil.com"},
		{"https://example.com/a/long/path", DisplayOptions{MaxLength: 25}, "https://example.com/a/lo…"},
	} {
		u, err := Parse(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := u.Display(tc.opts); got != tc.want {
			t.Errorf("%q with %+v: %q, want %q", tc.in, tc.opts, got, tc.want)
		}
	}
	var zero URL
	if zero.Display(DisplayOptions{}) != "" {
		t.Error("zero URL")
	}
}

// TestDisplaySpoofs checks which hosts Display shows in Unicode, on test
// vectors of Chromium's IDN spoof checker (its unit tests, safe or unsafe
// by the same two rules): a label shows in Unicode only if its scripts
// pass UTS #39's Highly Restrictive mixed-script rule and it is not all
// Cyrillic look-alikes of Latin letters under a top-level domain that is
// not Cyrillic. An unsafe label stays in Punycode; the others of its
// domain do not.
func TestDisplaySpoofs(t *testing.T) {
	for _, tc := range []struct {
		host string // as written in the URL
		safe bool
	}{
		// Legitimate IDNs, one script or the allowed combinations.
		{"münchen.de", true},
		{"例え.jp", true},
		{"пример.рф", true},
		{"bücher.de", true},
		{"北京大學.cn", true},
		{"www.一123.com", true},
		{"www.hello中国.com", true}, // Latin + Han
		{"朝日あさひ.jp", true},        // Han + Hiragana
		{"eコマース.jp", true},        // Latin + Katakana
		{"www.전자정부.kr", true},     // Hangul
		{"한글han.kr", true},        // Hangul + Latin
		{"漢字hanzi.tw", true},      // Han + Latin
		{"注音bopoㄅㄆㄇㄈ.tw", true},   // Han + Latin + Bopomofo
		{"振り仮名カタkanji.jp", true},  // Han + Hiragana + Katakana + Latin
		{"ουτοπία.gr", true},      // Greek
		{"торты.ru", true},        // Cyrillic with letters unlike Latin
		{"музей.com", true},       // ditto
		{"президент.рф", true},
		{"افلام.eg", true},
		{"עברית-123.il", true},
		{"ภาษาไทย-123.th", true},
		{"हिन्दी-123.in", true},
		// Mixed scripts beyond Highly Restrictive.
		{"pаypal.com", false}, // Cyrillic а
		{"paypαl.com", false}, // Greek alpha
		{"gοοglε.gr", false},  // Greek omicron and epsilon
		{"gооglе.ru", false},  // Cyrillic о and е
		{"ρау.ru", false},     // Greek + Cyrillic
		{"abcძef.test", false},
		{"한ひら.kr", false},      // Hangul + Hiragana
		{"ㄅㄆㄇㄈカタカナ.tw", false}, // Bopomofo + Katakana
		{"ㄅㄆㄇㄈ주음.tw", false},   // Bopomofo + Hangul
		{"abहिन्दी.in", false},
		{"abภาษาไทย.th", false},
		{"bսs.com", false},    // Armenian
		{"gօogle.com", false}, // Armenian oh
		{"रोले盧स.com", false}, // Devanagari + Han
		{"कক.in", false},      // Devanagari + Bengali
		{"abᒿ.com", false},    // Canadian syllabics
		{"liⵏy.com", false},   // Tifinagh
		// Whole-script look-alikes of Latin, unless under a Cyrillic TLD.
		{"аррӏе.com", false},
		{"ѕсоре.com", false},
		{"ѕсоре123.com", false},
		{"ѕсоре-рау.com", false},
		{"ѕсоре.рф", true},
		{"ѕсоре-рау.рф", true},
	} {
		u, err := Parse("https://" + tc.host + "/")
		if err != nil {
			t.Fatalf("%q: %v", tc.host, err)
		}
		ascii := u.Hostname()
		unicode := DomainToUnicode(ascii)
		got := u.Display(DisplayOptions{HostOnly: true})
		labels := strings.Split(unicode, ".")
		// The first label is the one at issue; the others are safe.
		if !tc.safe {
			labels[0] = strings.Split(ascii, ".")[0]
		}
		if want := strings.Join(labels, "."); got != want {
			t.Errorf("Display(%q) = %q, want %q (safe %v)", tc.host, got, want, tc.safe)
		}
	}
	// A Cyrillic "а" among Latin letters, shown in Punycode as browsers
	// show it.
	u, _ := Parse("https://аpple.com/")
	if got := u.Display(DisplayOptions{}); got != "https://xn--pple-43d.com/" {
		t.Errorf("Display(https://аpple.com/) = %q", got)
	}
}
