package weburl

import (
	"bytes"
	"errors"
	"net/url"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"

	"github.com/weburl/weburl/internal/corpus"
	"github.com/weburl/weburl/internal/utf8dec"
)

// asciiURLs are typical http(s) URLs with ASCII hosts and no tab or
// newline, some already in their serialized form and some not: the inputs
// the allocation claims of the docs name.
var asciiURLs = []string{
	"https://example.com/caf\u00e9?q=\u2713#\u00e9",
	"https://EX%41MPLE.com/%zz",
	"sc://host/a b?c#d",
	"mailto:a@example.com",
	"https://www.example.com/path/to/page.html?q=1&r=2#section",
	"http://example.com/",
	"https://user:pass@EXAMPLE.com:8080/a/./b/../c?x=1",
	"http://192.168.0.1:8080/index.html",
	"https://[2001:db8::1]/",
	"https://example.com/a b?c d#e f",
	"HTTP://WWW.EXAMPLE.COM",
	// Long enough to be built on the heap.
	"https://example.com/" + strings.Repeat("segment/", 40) + "x y?" + strings.Repeat("q", 100),
}

// keptURL keeps what TestAllocs parses, as a program that stores a URL
// does: the URL escapes to the heap.
var keptURL *URL

func TestAllocs(t *testing.T) {
	base, err := Parse("https://example.com/dir/page?x#y")
	if err != nil {
		t.Fatal(err)
	}
	// Parse's URL is allocated where Parse is called (it inlines): on the
	// stack of a caller that does not keep it, as here, which then
	// allocates only the href, and nothing for an input that is its own
	// serialization. A URL kept (in keptURL) is one allocation more.
	allocs := func(input, href string) float64 {
		if href == input {
			return 0
		}
		return 1
	}
	// A domain of Latin-1 letters is mapped and encoded in the parser's
	// buffer (appendLatin1ToASCII), with no more allocations than one of
	// ASCII.
	for _, s := range []string{"https://faß.ExAmPlE/", "http://M%C3%9Cnchen.de/a"} {
		if n := testing.AllocsPerRun(100, func() { _, _ = Parse(s) }); n != 1 {
			t.Errorf("Parse(%q) allocates %v times, want 1", s, n)
		}
		if n := testing.AllocsPerRun(100, func() { keptURL, _ = Parse(s) }); n != 2 {
			t.Errorf("Parse(%q), kept, allocates %v times, want 2", s, n)
		}
		if n := testing.AllocsPerRun(100, func() { CanParse(s) }); n != 0 {
			t.Errorf("CanParse(%q) allocates %v times, want 0", s, n)
		}
	}
	for _, s := range asciiURLs {
		u, _ := Parse(s)
		if n, want := testing.AllocsPerRun(100, func() { _, _ = Parse(s) }), allocs(s, u.Href()); n != want {
			t.Errorf("Parse(%q) allocates %v times, want %v", s, n, want)
		}
		if n, want := testing.AllocsPerRun(100, func() { keptURL, _ = Parse(s) }), 1+allocs(s, u.Href()); n != want {
			t.Errorf("Parse(%q), kept, allocates %v times, want %v", s, n, want)
		}
		if n, want := testing.AllocsPerRun(100, func() { _, _ = new(Parser).Parse(s) }), allocs(s, u.Href()); n != want {
			t.Errorf("Parser.Parse(%q) allocates %v times, want %v", s, n, want)
		}
		if n := testing.AllocsPerRun(100, func() { CanParse(s) }); n != 0 {
			t.Errorf("CanParse(%q) allocates %v times, want 0", s, n)
		}
		u, err := Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		// SetHref reuses the URL: it allocates only a new href, and not
		// that when the input is its own serialization.
		want := 1.0
		if u.Href() == s {
			want = 0
		}
		var reused URL
		if n := testing.AllocsPerRun(100, func() { _ = reused.SetHref(s) }); n > want {
			t.Errorf("SetHref(%q) allocates %v times, want at most %v", s, n, want)
		}
		for _, name := range []string{"href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash", "origin"} {
			if name == "origin" && u.includesCredentials() {
				continue // the origin leaves the credentials out: a new string
			}
			if n := testing.AllocsPerRun(100, func() { _ = corpus.Attribute(u, name) }); n != 0 {
				t.Errorf("%s of %q allocates %v times, want 0", name, s, n)
			}
		}
	}
	long := strings.Repeat("segment/", 30)
	for _, ref := range []string{"../other?q", "/abs", "rel/x#f", "?only-query", "#frag", "//host.example/p", "https://x.example/", "HTTPS://x.example/", long, "/" + long + "?q r"} {
		v, _ := base.Parse(ref)
		if n, want := testing.AllocsPerRun(100, func() { _, _ = base.Parse(ref) }), allocs(ref, v.Href()); n != want {
			t.Errorf("base.Parse(%q) allocates %v times, want %v", ref, n, want)
		}
		if n, want := testing.AllocsPerRun(100, func() { keptURL, _ = base.Parse(ref) }), 1+allocs(ref, v.Href()); n != want {
			t.Errorf("base.Parse(%q), kept, allocates %v times, want %v", ref, n, want)
		}
		if n := testing.AllocsPerRun(100, func() { base.CanParse(ref) }); n != 0 {
			t.Errorf("base.CanParse(%q) allocates %v times, want 0", ref, n)
		}
	}
	for _, s := range []string{"https://:443", "http://a:99999/", "no-scheme", "http://[::1/", "http://ex ample/", "http://1.2.3.4.5/"} {
		if n := testing.AllocsPerRun(100, func() { CanParse(s) }); n != 0 {
			t.Errorf("CanParse(%q) (a failure) allocates %v times, want 0", s, n)
		}
		if n := testing.AllocsPerRun(100, func() { _, _ = Parse(s) }); n != 1 {
			t.Errorf("Parse(%q) (a failure) allocates %v times, want 1, the *Error", s, n)
		}
	}
	// A URL is a string header and 32 bytes of offsets and kinds: 48
	// bytes on 64-bit platforms, one size class of the allocator, and 40
	// on 32-bit ones.
	if size, want := unsafe.Sizeof(URL{}), unsafe.Sizeof("")+32; size != want {
		t.Errorf("a URL takes %d bytes, want %d", size, want)
	}
	// ParseInto allocates nothing for input that is its own
	// serialization, and the href otherwise.
	var p Parser
	var reused URL
	for _, s := range asciiURLs {
		u, _ := Parse(s)
		want := allocs(s, u.Href())
		if n := testing.AllocsPerRun(100, func() { _ = p.ParseInto(&reused, s) }); n > want {
			t.Errorf("ParseInto(%q) allocates %v times, want at most %v", s, n, want)
		}
	}
	// A resolution into a reused URL allocates its href only, and leaves
	// the strings got from the URL before as they were.
	p.Base = base
	for _, ref := range []string{"../other?q", "/abs", "rel/x#f", "?only-query", "//host.example/p", "https://x.example/"} {
		if n := testing.AllocsPerRun(100, func() { _ = p.ParseInto(&reused, ref) }); n > 1 {
			t.Errorf("ParseInto(%q) against %q allocates %v times, want at most 1", ref, base.Href(), n)
		}
	}
	_ = p.ParseInto(&reused, "/first")
	before := reused.Href()
	_ = p.ParseInto(&reused, "/second")
	if before != "https://example.com/first" || reused.Href() != "https://example.com/second" {
		t.Errorf("after two ParseInto: %q, then %q", before, reused.Href())
	}
	// Removing a tab or newline costs one allocation.
	if n := testing.AllocsPerRun(100, func() { CanParse("https://exa\tmple.com/") }); n != 1 {
		t.Errorf("CanParse with a tab allocates %v times, want 1", n)
	}
}

func TestError(t *testing.T) {
	_, err := Parse("https://:443")
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("Parse error %T is not an *Error", err)
	}
	if e.Input != "https://:443" || e.Base != "" || e.Code != ErrHostMissing {
		t.Errorf("error = %#v", e)
	}
	if got, want := err.Error(), `weburl: parse "https://:443": host-missing`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}

	base, _ := Parse("mailto:someone@example.com")
	_, err = base.Parse("relative")
	if !errors.As(err, &e) || e.Code != ErrMissingSchemeNonRelativeURL || e.Base != base.Href() {
		t.Fatalf("error = %#v", err)
	}
	if got, want := err.Error(), `weburl: parse "relative" against "mailto:someone@example.com": missing-scheme-non-relative-URL`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	// Without a base, a relative reference (which url.Parse takes) says
	// how to resolve it.
	_, err = Parse("../img/logo.png")
	if got, want := err.Error(), `weburl: parse "../img/logo.png": missing-scheme-non-relative-URL (a relative reference: resolve it against its base URL with base.Parse)`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}

	// Each failure names the validation error that caused it (the examples
	// of the standard's table of validation errors that fail).
	for in, code := range map[string]string{
		"https://exa%23mple.org":            "domain-to-ASCII",
		"foo://exa[mple.org":                "host-invalid-code-point",
		"https://1.2.3.4.5/":                "IPv4-too-many-parts",
		"https://test.42":                   "IPv4-non-numeric-part",
		"https://255.255.4000.1":            "IPv4-out-of-range-part",
		"https://[::1":                      "IPv6-unclosed",
		"https://[:1]":                      "IPv6-invalid-compression",
		"https://[1:2:3:4:5:6:7:8:9]":       "IPv6-too-many-pieces",
		"https://[1::1::1]":                 "IPv6-multiple-compression",
		"https://[1:2:3!:4]":                "IPv6-invalid-code-point",
		"https://[1:2:3:]":                  "IPv6-invalid-code-point",
		"https://[1:2:3]":                   "IPv6-too-few-pieces",
		"https://[1:1:1:1:1:1:1:127.0.0.1]": "IPv4-in-IPv6-too-many-pieces",
		"https://[ffff::.0.0.1]":            "IPv4-in-IPv6-invalid-code-point",
		"https://[ffff::127.0.xyz.1]":       "IPv4-in-IPv6-invalid-code-point",
		"https://[ffff::127.0xyz]":          "IPv4-in-IPv6-invalid-code-point",
		"https://[ffff::127.00.0.1]":        "IPv4-in-IPv6-invalid-code-point",
		"https://[ffff::127.0.0.1.2]":       "IPv4-in-IPv6-invalid-code-point",
		"https://[ffff::127.0.0.4000]":      "IPv4-in-IPv6-out-of-range-part",
		"https://[ffff::127.0.0]":           "IPv4-in-IPv6-too-few-parts",
		"💩":                                 "missing-scheme-non-relative-URL",
		"https://#fragment":                 "host-missing",
		"https://:443":                      "host-missing",
		"https://user:pass@":                "host-missing",
		"https://example.org:70000":         "port-out-of-range",
		"https://example.org:7z":            "port-invalid",
		"https://ex ample.org/":             "domain-to-ASCII",
		"https://xn--a.ß/":                  "domain-to-ASCII",
		"https://\u00AD/":                   "domain-to-ASCII", // maps to the empty string
	} {
		_, err := Parse(in)
		if !errors.As(err, &e) || e.Code.String() != code {
			t.Errorf("Parse(%q) error = %v, want code %q", in, err, code)
		}
	}
}

func TestToValidUTF8(t *testing.T) {
	// Each maximal subpart of an ill-formed sequence becomes one U+FFFD,
	// as the Encoding Standard's UTF-8 decoder does; the first case is the
	// example the Unicode Standard gives for this practice (section 3.9).
	for in, want := range map[string]string{
		"a\xF1\x80\x80\xE1\x80\xC2b\x80c\x80\xBFd": "a\uFFFD\uFFFD\uFFFDb\uFFFDc\uFFFD\uFFFDd",
		"\xE2\x82":            "\uFFFD",
		"\xE2\x82A":           "\uFFFDA",
		"\xF0\x80\x80\x80":    "\uFFFD\uFFFD\uFFFD\uFFFD", // overlong: F0 needs 90..BF next
		"\xED\xA0\x80":        "\uFFFD\uFFFD\uFFFD",       // a surrogate: ED needs 80..9F next
		"\xF4\x90\x80\x80":    "\uFFFD\uFFFD\uFFFD\uFFFD", // above U+10FFFF
		"\xC0\xAF":            "\uFFFD\uFFFD",
		"\xFF\xFE":            "\uFFFD\uFFFD",
		"\xF0\x9F\x92":        "\uFFFD",
		"\xF0\x9F\x92\xA9":    "💩",
		"ok \u00e9\u4e2d\xFF": "ok \u00e9\u4e2d\uFFFD",
	} {
		if got := utf8dec.Decode(in); got != want {
			t.Errorf("utf8dec.Decode(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestInvalidUTF8Input(t *testing.T) {
	// Invalid UTF-8 reads as U+FFFD (UTF-8: EF BF BD) wherever it is.
	for in, want := range map[string]string{
		"https://example.com/\xFF":             "https://example.com/%EF%BF%BD",
		"https://example.com/?\xE2\x82#\xC0":   "https://example.com/?%EF%BF%BD#%EF%BF%BD",
		"sc:\xE2\x82A":                         "sc:%EF%BF%BDA",
		"sc://\xFF/":                           "sc://%EF%BF%BD/",
		"https://u\xFF:p\xFF@example.com/":     "https://u%EF%BF%BD:p%EF%BF%BD@example.com/",
		"https://example.com/\xE2\t\x82\xAC":   "https://example.com/%EF%BF%BD%EF%BF%BD%EF%BF%BD", // the tab splits the sequence
		"\xFF":                                 "",
		"https://\xFF.example/":                "",
		"https://ex%FFample/":                  "", // percent-decoded hosts must be UTF-8 too
		"https://example.com/%FF":              "https://example.com/%FF",
		"https://example.com/\xF0\x9F\x92\xA9": "https://example.com/%F0%9F%92%A9",
	} {
		u, err := Parse(in)
		switch {
		case want == "" && err == nil:
			t.Errorf("Parse(%q) = %q, want failure", in, u.Href())
		case want != "" && err != nil:
			t.Errorf("Parse(%q): %v, want %q", in, err, want)
		case want != "" && u.Href() != want:
			t.Errorf("Parse(%q) = %q, want %q", in, u.Href(), want)
		case err == nil:
			if err := u.check(); err != nil {
				t.Error(err)
			}
		}
	}
	u, _ := Parse("https://example.com/")
	u.SetUsername("\xFF")
	u.SetHash("\xE2\x82")
	if want := "https://%EF%BF%BD@example.com/#%EF%BF%BD"; u.Href() != want {
		t.Errorf("setters with invalid UTF-8: %q, want %q", u.Href(), want)
	}
}

// TestSetOwnValue sets each attribute of every URL in urltestdata.json to
// the value its getter returns: the URL must stay the same. Left out are the
// getters that return "" for two different states: host and hostname for a
// null host (the setters make it the empty host), and search and hash for
// an empty query or fragment (the setters make it null).
func TestSetOwnValue(t *testing.T) {
	n := 0
	for _, tc := range readCases[urlTest](t, "urltestdata.json") {
		if tc.Failure {
			continue
		}
		u, err := parseWithBase(tc.Input, tc.Base)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"} {
			switch {
			case (name == "host" || name == "hostname") && u.hostKind == HostNull,
				name == "search" && u.queryStart != omitted && u.Search() == "",
				name == "hash" && u.hashStart != omitted && u.Hash() == "":
				continue
			}
			v := *u
			set(&v, name, corpus.Attribute(u, name))
			n++
			if v.Href() != u.Href() || v.components != u.components {
				t.Errorf("%q: setting %s to %q gives %q", u.Href(), name, corpus.Attribute(u, name), v.Href())
			}
			if err := v.check(); err != nil {
				t.Error(err)
			}
		}
	}
	if n == 0 {
		t.Error("no URLs")
	}
}

func parseWithBase(input string, base *string) (*URL, error) {
	if base == nil {
		return Parse(input)
	}
	b, err := Parse(*base)
	if err != nil {
		return nil, err
	}
	return b.Parse(input)
}

// TestSettersOnEveryURL runs every setter with a few values on every URL in
// urltestdata.json and checks the invariants after each.
func TestSettersOnEveryURL(t *testing.T) {
	values := []string{"", "x", "/a/../b", "?q", "#f", "host:99", "[::1]", "%zz", "é", "a b", "\t", "99999", "0", ".", "..", "//", "\\x", "user@host", "xn--a", "1.2.3.4"}
	for _, tc := range readCases[urlTest](t, "urltestdata.json") {
		if tc.Failure {
			continue
		}
		u, err := parseWithBase(tc.Input, tc.Base)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"} {
			for _, value := range values {
				v := *u
				set(&v, name, value)
				if err := v.check(); err != nil {
					t.Errorf("%q after %s = %q: %v", u.Href(), name, value, err)
				}
			}
		}
	}
}

func TestCleanInput(t *testing.T) {
	for in, want := range map[string]string{
		"  https://example.com/  ":           "https://example.com/",
		"\x00\x1F https://example.com/\x7F ": "https://example.com/%7F", // DEL is no C0 control
		"https://exa\tmple.com/p\na\rth":     "https://example.com/path",
		"\u00A0https://example.com/":         "",
	} {
		u, err := Parse(in)
		got := ""
		if err == nil {
			got = u.Href()
		}
		if got != want {
			t.Errorf("Parse(%q) = %q (%v), want %q", in, got, err, want)
		}
	}
	if s := "https://example.com/"; cleanInput(s) != s {
		t.Error("clean copies a clean string")
	}
	if !utf8.ValidString(clean("\xFF\t\xFE")) || strings.ContainsAny(clean("a\tb\nc\rd"), "\t\n\r") {
		t.Error("clean leaves invalid UTF-8 or tabs")
	}
}

// TestDifferencesFromNetURL checks the table in the package documentation.
func TestDifferencesFromNetURL(t *testing.T) {
	for _, row := range []struct{ in, netURL, weburl string }{
		{"HTTP://EXAMPLE.com/a/../b", "http://EXAMPLE.com/a/../b", "http://example.com/b"},
		{"https://faß.example/", "https://fa%C3%9F.example/", "https://xn--fa-hia.example/"},
		{"http://1.1/", "http://1.1/", "http://1.0.0.1/"},
		{`http:\\example.com\a`, `http:\\example.com\a`, "http://example.com/a"},
		{"https://example.com:443/", "https://example.com:443/", "https://example.com/"},
		{"https://example.com/%zz", "error: invalid URL escape", "https://example.com/%zz"},
		{"https://ex\tample.com/", "error: invalid control character", "https://example.com/"},
	} {
		got := "error: "
		if v, err := url.Parse(row.in); err != nil {
			got += err.Error()
		} else {
			got = v.String()
		}
		if got != row.netURL && !(strings.HasPrefix(row.netURL, "error: ") && strings.Contains(got, strings.TrimPrefix(row.netURL, "error: "))) {
			t.Errorf("net/url: %q gives %q, want %q", row.in, got, row.netURL)
		}
		u, err := Parse(row.in)
		if err != nil || u.Href() != row.weburl {
			t.Errorf("Parse(%q) = %v, %v, want %q", row.in, u, err, row.weburl)
		}
	}
}

// TestComparable checks that == on URL values is the standard's URL
// equality, over every URL of the test data: a URL parsed again from its
// serialization is == to it, and two URLs are == exactly when their
// serializations are equal.
func TestComparable(t *testing.T) {
	urls := corpus.Corpus(t, Parse)
	byHref := map[string]URL{}
	for _, u := range urls {
		v, err := Parse(u.Href())
		if err != nil || *v != *u || !v.Equal(u) {
			t.Errorf("%q parsed again: == %v, Equal %v (%v)", u.Href(), err == nil && *v == *u, v.Equal(u), err)
		}
		if w, ok := byHref[u.Href()]; ok && w != *u {
			t.Errorf("two URLs %q are not ==", u.Href())
		}
		byHref[u.Href()] = *u
	}
	// And map keys: one entry per distinct URL.
	set := map[URL]bool{}
	for _, u := range urls {
		set[*u] = true
	}
	if len(set) != len(byHref) {
		t.Errorf("%d distinct URL values, %d distinct serializations", len(set), len(byHref))
	}
}

// TestHrefLengths checks hrefs of every length across the parser's
// buffers (on the stack up to 192 bytes of input and base, on the heap
// beyond; concat's 256): each href is what the parser makes, and it stays
// so, whether the program keeps the URL or only a string got from it,
// through collections that reuse the memory of what was dropped, and
// through setters.
func TestHrefLengths(t *testing.T) {
	base, err := Parse("https://e.example/dir/")
	if err != nil {
		t.Fatal(err)
	}
	var urls []*URL
	var hrefs, paths, wants []string
	for n := len("https://e.example/dir/x"); n <= 300; n++ {
		ref := strings.Repeat("x", n-len("https://e.example/dir/"))
		want := "https://e.example/dir/" + ref
		for _, in := range []string{ref, "./" + ref} { // the fast path and the state machine
			u, err := base.Parse(in)
			if err != nil {
				t.Fatal(err)
			}
			urls = append(urls, u)
			hrefs = append(hrefs, u.Href())
			paths = append(paths, u.Pathname())
			wants = append(wants, want)
		}
	}
	check := func(when string) {
		t.Helper()
		for i, u := range urls {
			if u != nil && u.Href() != wants[i] {
				t.Fatalf("%s: Href() = %q, want %q", when, u.Href(), wants[i])
			}
			if hrefs[i] != wants[i] || paths[i] != wants[i][len("https://e.example"):] {
				t.Fatalf("%s: strings got before: %q, %q; want %q", when, hrefs[i], paths[i], wants[i])
			}
		}
	}
	check("parsed")
	// Drop every other URL, keeping its strings, and let new objects take
	// the memory of anything freed.
	for i := range urls {
		if i%2 == 0 {
			urls[i] = nil
		}
	}
	for range 3 {
		runtime.GC()
		var junk [][]byte
		for range 10000 {
			junk = append(junk, bytes.Repeat([]byte{'!'}, 64+len(junk)%200))
		}
		runtime.KeepAlive(junk)
	}
	check("after collections")
	for i, u := range urls {
		if u != nil {
			u.SetPathname("/changed")
			u.SetSearch("q=1")
			if u.Href() != "https://e.example/changed?q=1" {
				t.Fatalf("after setters: %q", u.Href())
			}
			urls[i] = nil
		}
	}
	check("after setters")
}

func TestSchemeHelpers(t *testing.T) {
	for _, tc := range []struct {
		scheme, port string
		special      bool
	}{
		{"http", "80", true}, {"https", "443", true}, {"ws", "80", true}, {"wss", "443", true},
		{"ftp", "21", true}, {"file", "", true}, {"HTTP", "", false}, {"gopher", "", false},
		{"", "", false}, {"httpx", "", false}, {"sc", "", false},
	} {
		if got := IsSpecialScheme(tc.scheme); got != tc.special {
			t.Errorf("IsSpecialScheme(%q) = %v", tc.scheme, got)
		}
		if got := DefaultPort(tc.scheme); got != tc.port {
			t.Errorf("DefaultPort(%q) = %q, want %q", tc.scheme, got, tc.port)
		}
	}
	for href, want := range map[string]bool{"mailto:a@example.com": true, "sc:x": true, "sc:/x": false, "https://h/": false, "sc://h": false} {
		u, _ := Parse(href)
		if u.HasOpaquePath() != want {
			t.Errorf("%q.HasOpaquePath() = %v", href, !want)
		}
	}
	if new(URL).HasOpaquePath() {
		t.Error("the zero URL has an opaque path")
	}
}
