package weburl

import (
	"maps"
	"net/url"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

func pairs(p *SearchParams) [][2]string {
	var out [][2]string
	for name, value := range p.All() {
		out = append(out, [2]string{name, value})
	}
	return out
}

// TestParseForm checks the application/x-www-form-urlencoded parser's steps.
func TestParseForm(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want [][2]string
	}{
		{"", nil},
		{"a=1&b=2+3&c", [][2]string{{"a", "1"}, {"b", "2 3"}, {"c", ""}}},
		{"&&a=b&&", [][2]string{{"a", "b"}}},                                          // empty sequences are skipped
		{"=x&a=&a==b", [][2]string{{"", "x"}, {"a", ""}, {"a", "=b"}}},                // split at the first "="
		{"a%2Bb=c+d%20e", [][2]string{{"a+b", "c d e"}}},                              // "+" before percent-decoding
		{"%zz=%4&%=%%41", [][2]string{{"%zz", "%4"}, {"%", "%A"}}},                    // invalid sequences stay
		{"%e2%82%ac=%C3%A9", [][2]string{{"€", "é"}}},                                 // hex digits of either case
		{"%FF=%E2%82&x=%E2%82A", [][2]string{{"\uFFFD", "\uFFFD"}, {"x", "\uFFFDA"}}}, // not UTF-8: U+FFFD
		{"%EF%BB%BFa=b", [][2]string{{"\uFEFFa", "b"}}},                               // decode without BOM keeps a BOM
		{"?a=b", [][2]string{{"?a", "b"}}},                                            // the parser keeps "?"
		{"a\xFFb=c", [][2]string{{"a\uFFFDb", "c"}}},                                  // input read as scalar values
	} {
		if got := pairs(ParseForm(tc.in)); !slices.Equal(got, tc.want) {
			t.Errorf("ParseForm(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	// The constructor drops one leading "?".
	if got := pairs(ParseSearchParams("??a=b")); !slices.Equal(got, [][2]string{{"?a", "b"}}) {
		t.Errorf("ParseSearchParams(\"??a=b\") = %q", got)
	}
}

func TestSearchParamsString(t *testing.T) {
	var p SearchParams // the zero value is an empty list
	if p.String() != "" || p.Size() != 0 {
		t.Errorf("zero SearchParams: %q, size %d", p.String(), p.Size())
	}
	p.Append("a b", "c~d")
	p.Append("é", "*-._")
	p.Append("!'()", "&=+%")
	p.Append("", "")
	// Everything but ASCII alphanumerics and *-._ is percent-encoded, and a
	// space becomes "+".
	if want := "a+b=c%7Ed&%C3%A9=*-._&%21%27%28%29=%26%3D%2B%25&="; p.String() != want {
		t.Errorf("String() = %q, want %q", p.String(), want)
	}
	// Parsing the serialization gives the list back.
	if got := pairs(ParseSearchParams(p.String())); !slices.Equal(got, pairs(&p)) {
		t.Errorf("round trip gives %q, want %q", got, pairs(&p))
	}
}

func TestSearchParamsMethods(t *testing.T) {
	p := ParseSearchParams("a=1&b=2&a=3&c=4&a=1")
	if v, ok := p.Get("a"); v != "1" || !ok {
		t.Errorf("Get(a) = %q, %v", v, ok)
	}
	if v, ok := p.Get("z"); v != "" || ok {
		t.Errorf("Get(z) = %q, %v", v, ok)
	}
	if got := p.GetAll("a"); !slices.Equal(got, []string{"1", "3", "1"}) {
		t.Errorf("GetAll(a) = %q", got)
	}
	if p.GetAll("z") != nil || !p.Has("c") || p.Has("z") || !p.HasValue("a", "3") || p.HasValue("a", "4") {
		t.Error("GetAll/Has/HasValue")
	}
	p.DeleteValue("a", "1")
	if p.String() != "b=2&a=3&c=4" {
		t.Errorf("after DeleteValue(a, 1): %q", p)
	}
	p.Append("a", "5")
	p.Set("a", "6") // the first a gets the value, the others go
	if p.String() != "b=2&a=6&c=4" {
		t.Errorf("after Set(a, 6): %q", p)
	}
	p.Set("d", "7") // no d: appended
	p.Delete("b")
	if p.String() != "a=6&c=4&d=7" || p.Size() != 3 {
		t.Errorf("after Set(d, 7), Delete(b): %q, size %d", p, p.Size())
	}
	if keys := slices.Collect(p.Keys()); !slices.Equal(keys, []string{"a", "c", "d"}) {
		t.Errorf("Keys() = %q", keys)
	}
	if values := slices.Collect(p.Values()); !slices.Equal(values, []string{"6", "4", "7"}) {
		t.Errorf("Values() = %q", values)
	}
	for range p.All() {
		break // an early break must not panic
	}
}

func TestSearchParamsSort(t *testing.T) {
	p := ParseSearchParams("b=1&a=2&b=3&a=4&%EF%BF%BD=5&%F0%90%80%80=6&%EE%80%80=7&z=8")
	p.Sort()
	// Stable, and by UTF-16 code units: U+10000 (a surrogate pair) sorts
	// before U+E000 and U+FFFD, though its UTF-8 bytes sort after theirs.
	want := [][2]string{{"a", "2"}, {"a", "4"}, {"b", "1"}, {"b", "3"}, {"z", "8"}, {"\U00010000", "6"}, {"\uE000", "7"}, {"\uFFFD", "5"}}
	if got := pairs(p); !slices.Equal(got, want) {
		t.Errorf("Sort() = %q, want %q", got, want)
	}
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"a", "b", -1}, {"b", "a", 1}, {"a", "a", 0}, {"a", "ab", -1}, {"", "a", -1},
		{"\U00010000", "\uFFFD", -1}, {"\uD7FF", "\U00010000", -1}, {"\U0001F600", "\U00010000", 1},
		{"x\U00010000", "x\uE000", -1}, {"é", "\U00010000", -1},
	} {
		if got := compareUTF16(tc.a, tc.b); got < 0 && tc.want >= 0 || got > 0 && tc.want <= 0 || got == 0 && tc.want != 0 {
			t.Errorf("compareUTF16(%q, %q) = %d, want sign %d", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestURLSearchParams checks the list bound to a URL, with the standard's
// own examples first.
func TestURLSearchParams(t *testing.T) {
	u, _ := Parse("https://example.com/?a=b ~")
	if u.Href() != "https://example.com/?a=b%20~" {
		t.Errorf("href = %q", u.Href())
	}
	u.SearchParams().Sort()
	if u.Href() != "https://example.com/?a=b+%7E" {
		t.Errorf("after Sort: href = %q", u.Href())
	}

	u, _ = Parse("https://example.com/?a=~&b=%7E")
	if a, _ := u.SearchParams().Get("a"); u.Search() != "?a=~&b=%7E" || a != "~" {
		t.Errorf("search %q, a %q", u.Search(), a)
	}
	if b, _ := u.SearchParams().Get("b"); b != "~" {
		t.Errorf("b = %q", b)
	}

	u, _ = Parse("https://example.org/?q=🏳️‍🌈&key=e1f7bc78")
	u.SearchParams().Sort()
	if want := "?key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88"; u.Search() != want {
		t.Errorf("search = %q, want %q", u.Search(), want)
	}

	// In step both ways, with every other list of the URL.
	u, _ = Parse("https://example.com/path?x=1#frag")
	p, other := u.SearchParams(), u.SearchParams()
	p.Append("y", "a b")
	if u.Href() != "https://example.com/path?x=1&y=a+b#frag" {
		t.Errorf("after Append: %q", u.Href())
	}
	if v, _ := other.Get("y"); v != "a b" || other.Size() != 2 {
		t.Errorf("another list of the URL: %q", pairs(other))
	}
	u.SetSearch("?k=v&k=w")
	if got := p.GetAll("k"); !slices.Equal(got, []string{"v", "w"}) || p.Size() != 2 {
		t.Errorf("after SetSearch: %q", pairs(p))
	}
	p.Delete("k") // the empty serialization makes the query null
	if u.Href() != "https://example.com/path#frag" || u.queryStart != omitted {
		t.Errorf("after deleting all: %q", u.Href())
	}
	if err := u.SetHref("https://other.example/?n=1"); err != nil {
		t.Fatal(err)
	}
	if got := pairs(p); !slices.Equal(got, [][2]string{{"n", "1"}}) {
		t.Errorf("after SetHref: %q", got)
	}
	_ = u.SetHref("https://other.example/")
	if p.Size() != 0 {
		t.Errorf("after SetHref without a query: %q", pairs(p))
	}
	// The list is what parsing the new query gives (whatwg/url fde3f74):
	// the parser drops the tab and encodes the space; NOTES's example.
	u.SetSearch("a=t\tb&c=%zz d")
	if v, _ := p.Get("a"); v != "tb" || u.Search() != "?a=tb&c=%zz%20d" || p.String() != "a=tb&c=%25zz+d" {
		t.Errorf("SetSearch with a tab: list %q, search %q, %q", v, u.Search(), p.String())
	}
	u.SetSearch("")
	if p.Size() != 0 {
		t.Errorf("SetSearch(\"\") leaves %q", pairs(p))
	}
	for _, err := range []error{u.check()} {
		if err != nil {
			t.Error(err)
		}
	}

	// An opaque path.
	u, _ = Parse("data:text/plain,hi?a=1#f")
	u.SearchParams().Append("b", "2")
	if u.Href() != "data:text/plain,hi?a=1&b=2#f" {
		t.Errorf("opaque path: %q", u.Href())
	}
	u.SearchParams().Delete("a")
	u.SearchParams().Delete("b")
	if u.Href() != "data:text/plain,hi#f" {
		t.Errorf("opaque path, all deleted: %q", u.Href())
	}

	// A copy of the URL value is a URL of its own.
	u, _ = Parse("https://example.com/?a=1")
	p = u.SearchParams()
	v := *u
	v.SearchParams().Append("b", "2")
	if u.Href() != "https://example.com/?a=1" || v.Href() != "https://example.com/?a=1&b=2" || p.Size() != 1 {
		t.Errorf("copy: %q and %q, %q", u.Href(), v.Href(), pairs(p))
	}
	if err := v.check(); err != nil {
		t.Error(err)
	}
}

func TestSearchParamsURLValues(t *testing.T) {
	p := ParseSearchParams("b=1&a=2&b=3")
	v := p.URLValues()
	if want := (url.Values{"a": {"2"}, "b": {"1", "3"}}); !maps.EqualFunc(v, want, slices.Equal) {
		t.Errorf("URLValues() = %v", v)
	}
	// From url.Values: sorted by name, each name's values in order.
	q := SearchParamsFromValues(url.Values{"z": {"1", "2"}, "a": {"3"}, "m": {}})
	if q.String() != "a=3&z=1&z=2" {
		t.Errorf("SearchParamsFromValues = %q", q)
	}
	if q.String() != q.URLValues().Encode() {
		t.Errorf("%q and url.Values.Encode %q differ", q, q.URLValues().Encode())
	}
}

// TestParseFormAllocs checks that parsing a 20-pair ASCII query allocates
// the SearchParams and its list only, and that names and values that need
// no decoding point into the input.
func TestParseFormAllocs(t *testing.T) {
	var b strings.Builder
	for i := range 20 {
		if i > 0 {
			b.WriteByte('&')
		}
		b.WriteString("name" + string(rune('a'+i)) + "=value" + string(rune('a'+i)))
	}
	query := b.String()
	if n := testing.AllocsPerRun(100, func() { ParseSearchParams(query) }); n > 2 {
		t.Errorf("ParseSearchParams of 20 pairs allocates %v times, want at most 2", n)
	}
	start := uintptr(unsafe.Pointer(unsafe.StringData(query)))
	for name, value := range ParseSearchParams(query).All() {
		for _, s := range []string{name, value} {
			if p := uintptr(unsafe.Pointer(unsafe.StringData(s))); p < start || p >= start+uintptr(len(query)) {
				t.Errorf("%q is a copy, not a substring of the input", s)
			}
		}
	}
}

func BenchmarkParseSearchParams(b *testing.B) {
	for _, query := range []string{
		"q=golang&lang=en&page=2&sort=desc&filter=a&filter=b&utm_source=x&utm_medium=y&utm_campaign=z&ref=abc",
		"q=golang&lang=en&page=2&sort=desc&filter=a&filter=b&utm_source=x&utm_medium=y&utm_campaign=z&ref=abc" +
			"&id=42&view=list&size=50&from=2026-01-01&to=2026-12-31&tz=utc&fmt=json&v=3&debug=0&session=f00d",
		"q=hello+world&name=%C3%A9t%C3%A9&x=%zz&y=a%2Bb",
	} {
		b.Run(strconv.Itoa(strings.Count(query, "&")+1)+"pairs", func(b *testing.B) {
			b.SetBytes(int64(len(query)))
			b.ReportAllocs()
			for b.Loop() {
				ParseSearchParams(query)
			}
		})
	}
}

// appendPairs appends n pairs to the query of a new URL, through one
// SearchParams, and returns the URL.
func appendPairs(n int, suffix string) *URL {
	u, _ := Parse("https://example.com/search" + suffix)
	p := u.SearchParams()
	for i := range n {
		p.Append("k"+strconv.Itoa(i), "v w")
	}
	return u
}

// TestAppendLinear checks that n Appends take O(n) work: the bytes they
// allocate grow with n, not n² (building the query anew each time would
// copy about n²/2 pairs: a gigabyte for n = 16,000).
func TestAppendLinear(t *testing.T) {
	const n = 16_000
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	u := appendPairs(n, "")
	runtime.ReadMemStats(&after)
	allocated := after.TotalAlloc - before.TotalAlloc
	if limit := uint64(64 * len(u.Href())); allocated > limit {
		t.Errorf("%d Appends allocated %d bytes for a %d-byte URL, more than %d", n, allocated, len(u.Href()), limit)
	}
	// With a fragment, each Append rewrites the URL, as update does.
	if in, rewritten := appendPairs(500, ""), appendPairs(500, "#f"); in.Href()+"#f" != rewritten.Href() {
		t.Errorf("Appends in place and by rewriting differ: %.80q…", in.Href())
	}
	if u.SearchParams().Size() != n {
		t.Errorf("%d pairs after %d Appends", u.SearchParams().Size(), n)
	}
	if err := u.check(); err != nil {
		t.Error(err)
	}
	// Strings got from the URL before an Append stay as they were.
	v, _ := Parse("https://example.com/?a=1")
	p := v.SearchParams()
	p.Append("b", "2")
	href := v.Href()
	p.Append("c", "3")
	if href != "https://example.com/?a=1&b=2" || v.Href() != "https://example.com/?a=1&b=2&c=3" {
		t.Errorf("after two Appends: %q, then %q", href, v.Href())
	}
}

// BenchmarkSearchParamsAppend builds a query of n pairs with n Appends;
// ns/pair stays flat as n grows (on a URL without a fragment):
//
//	go test -run '^$' -bench SearchParamsAppend -benchmem .
func BenchmarkSearchParamsAppend(b *testing.B) {
	for _, n := range []int{1_000, 16_000, 256_000} {
		b.Run("pairs="+strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				appendPairs(n, "")
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/pair")
		})
	}
}
