package weburl

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/corpus"
)

// TestMakeRelative checks MakeRelative on hand-made pairs, each reference
// worked out from the standard's resolution, and the bug reports of other
// libraries: rust-url's make_relative lost a trailing "/"
// (servo/rust-url#766) and mishandled opaque paths (its pull request
// #1151).
func TestMakeRelative(t *testing.T) {
	for _, tc := range []struct{ base, target, want string }{
		// Same directory, parents, children, siblings.
		{"https://h/a/b/c", "https://h/a/b/d", "d"},
		{"https://h/a/b/c", "https://h/a/x/y", "../x/y"},
		{"https://h/a/b/c", "https://h/x", "/x"}, // "../../x" is longer
		{"https://h/a/b/c/d/e", "https://h/a/x", "/a/x"},
		{"https://h/a/b/c/d", "https://h/a/b/x", "../x"},
		{"https://h/a/b/", "https://h/a/b/c/d", "c/d"},
		// Directories: the trailing "/" stays (rust-url#766).
		{"https://h/a/b/c", "https://h/a/b/", "."},
		{"https://h/a/b", "https://h/a/b/", "b/"},
		{"https://h/a/b/", "https://h/a/b", "../b"},
		{"https://h/a/b/c", "https://h/a/", ".."},
		{"https://h/a/b/c", "https://h/", "/"},
		// Queries and fragments only.
		{"https://h/a?x#y", "https://h/a?x#z", "#z"},
		{"https://h/a?x#y", "https://h/a?x", ""},
		{"https://h/a?x", "https://h/a?z", "?z"},
		{"https://h/a?x", "https://h/a", "a"},
		{"https://h/a/?x", "https://h/a/", "."},
		{"https://h/a?x", "https://h/a?", "?"},
		{"https://h/a", "https://h/a#", "#"},
		{"https://h/a/b", "https://h/a/c?q#f", "c?q#f"},
		// Empty paths and empty segments.
		{"sc://h", "sc://h/x", "x"},
		{"sc://h/x", "sc://h", "//h"},
		{"sc://h/a/b", "sc://h/a//c", ".//c"},
		{"https://h/a/b", "https://h//c", "..//c"},
		{"https://h/a", "https://h//c", ".//c"},
		{"https://h/a/b/c/d", "https://h//c", "/.//c"},
		{"sc:/a/b", "sc:/.//c", "..//c"},
		{"sc:/a/b/c", "sc:/.//c", "/.//c"},
		// A first segment that would read as a scheme, and ones that
		// would not (issue table).
		{"https://h/a/b", "https://h/a/c:d", "./c:d"},
		{"https://a/", "https://a/1:c", "1:c"},
		{"https://h/d/x.html", "https://h/d/a.href;b.dom(c)=d;e.push(%7Bf:g%7D)", "a.href;b.dom(c)=d;e.push(%7Bf:g%7D)"},
		{"https://h/d/x", "https://h/d/a+b.c-d:e", "./a+b.c-d:e"},
		// ".." is the parent directory, as "../" is.
		{"https://a/b/c/d", "https://a/b/", ".."},
		{"http://a/b/c/d;p?q", "http://a/b/", ".."},
		{"https://a/b/c/d", "https://a/b/?q#f", "..?q#f"},
		{"https://a/b/c/d/e", "https://a/b/#f", "/b/#f"},
		{"https://a/bbbbb/c/d/e", "https://a/bbbbb/#f", "../..#f"},
		// Other hosts, ports, credentials and schemes.
		{"https://h/a", "https://g/a", "//g/a"},
		{"https://h/a", "https://h:8080/a", "//h:8080/a"},
		{"https://h/a", "https://u@h/a", "//u@h/a"},
		{"https://h/a", "http://h/a", "http://h/a"},
		{"sc:/a", "sc://h/x", "//h/x"},
		// File URLs, drive letters among them.
		{"file:///C:/a/b", "file:///C:/a/c", "c"},
		{"file:///C:/a/b", "file:///C:/x", "/x"}, // the drive letter kept
		{"file:///C:", "file:///C:/x", "x"},      // a lone drive letter stays
		{"file:///C:", "file:///x", "///x"},
		{"file:///C:/a", "file:///D:/x", "/D:/x"},
		{"file:///C:/a", "file:///x", "///x"}, // "/x" would keep C:
		{"file:///a/b", "file:///C:/x", "/C:/x"},
		{"file://host/a/b", "file://host/a/c", "c"},
		{"file://host/a", "file:///a", "///a"},
		// The file slash state keeps the base's drive letter.
		{"file:///C:/a/b", "file:///C:/", "/"},
		{"file:///C:/a/b/c", "file:///C:/x?q", "/x?q"},
		{"file:///C:/a/b/c", "file:///C://x", "/.//x"},
		{"file:///C:/a/b/c", "file:///C:/D:/x", "/./D:/x"},
		{"file:///C:/a/b/c", "file:///c:/x", "/c:/x"},
		// A drive letter first would replace the base's path.
		{"file:///A:", "file:///A:/A|", "./A|"},
		{"file:///A:/b", "file:///A:/B:", "./B:"},
		{"file:///A:/b", "file:///A:/B:x", "/B:x"}, // "B:x" has a scheme
		// Opaque paths: only a fragment is relative (rust-url#1151).
		{"mailto:x#e", "mailto:x#f", "#f"},
		{"mailto:x#e", "mailto:x", "mailto:x"},
		{"mailto:x", "mailto:y", "mailto:y"},
		{"https://h/a", "mailto:x", "mailto:x"},
		{"sc:x", "sc:/x", "sc:/x"},
	} {
		base, err1 := Parse(tc.base)
		target, err2 := Parse(tc.target)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		got := base.MakeRelative(target)
		if got != tc.want {
			t.Errorf("%q.MakeRelative(%q) = %q, want %q", tc.base, tc.target, got, tc.want)
		}
		checkMakeRelative(t, base, target)
	}
	if got := (*URL)(nil).MakeRelative(nil); got != "" {
		t.Errorf("nil.MakeRelative(nil) = %q", got)
	}
}

// checkMakeRelative checks that base.MakeRelative(target) resolves to
// target against base, and that no shorter reference made of target's
// pieces (see references) does.
func checkMakeRelative(t *testing.T, base, target *URL) {
	t.Helper()
	r := base.MakeRelative(target)
	u, err := base.Parse(r)
	if err != nil || u.Href() != target.Href() {
		t.Fatalf("%q.MakeRelative(%q) = %q, which resolves to %v (%v)", base.Href(), target.Href(), r, u, err)
	}
	for _, s := range references(base, target, len(r)) {
		candidatesTried++
		if u, err := base.Parse(s); err == nil && u.Href() == target.Href() {
			t.Fatalf("%q.MakeRelative(%q) = %q, but %q is shorter and resolves to it", base.Href(), target.Href(), r, s)
		}
	}
}

var candidatesTried int

// references returns the references to target shorter than max bytes
// that can be made of its href's pieces: its href; "//" and what follows;
// "" and its fragment; its query and fragment; and for each "/" of its
// path, the path from there with what follows it, "/"-rooted,
// "/."-rooted, and relative: alone, after "./", and after "../" up to one
// more time than base's path has segments, with "." or ".." for the
// directory itself.
func references(base, target *URL, max int) []string {
	var refs []string
	add := func(prefix string, ups int, tail string) {
		if 3*ups+len(prefix)+len(tail) < max {
			refs = append(refs, strings.Repeat("../", ups)+prefix+tail)
		}
	}
	href := target.Href()
	add("", 0, href)
	add("", 0, "")
	if rest, ok := strings.CutPrefix(href, target.Protocol()); ok && strings.HasPrefix(rest, "//") {
		add("", 0, rest)
	}
	if i := strings.IndexByte(href, '#'); i >= 0 {
		add("", 0, href[i:])
	}
	if target.opaquePath {
		return refs
	}
	path, start := target.Pathname(), int(target.pathStart)
	for after := href[start+len(path):]; after != ""; after = after[1:] {
		add("", 0, after) // query and fragment, fragment, and with a piece cut off
		if after[0] == '#' {
			break
		}
	}
	ups := strings.Count(base.Pathname(), "/") + 1
	for i := 0; i < len(path); i++ {
		if path[i] != '/' {
			continue
		}
		rooted := href[start+i:]
		rel := rooted[1:]
		add("", 0, rooted)
		add("/.", 0, rooted)
		add("", 0, rel)
		add("./", 0, rel)
		dir := rel == "" || rel[0] == '?' || rel[0] == '#'
		if dir {
			add(".", 0, rel)
		}
		for k := 1; k <= ups; k++ {
			add("", k, rel)
			if dir {
				add("..", k-1, rel)
			}
		}
	}
	return refs
}

// relatives returns, for a sample of the URLs of the test data, the URL
// and URLs near it: parents, children and siblings, with and without a
// trailing "/", another query or fragment, another host.
func relatives(t *testing.T) [][]*URL {
	var groups [][]*URL
	for i, u := range corpus.Corpus(t, Parse) {
		if i%293 != 0 && i > 300 {
			continue
		}
		group := []*URL{u}
		add := func(f func(v *URL)) {
			v := u.Clone()
			f(v)
			group = append(group, v)
		}
		add(func(v *URL) { v.PopPathSegment() })
		add(func(v *URL) { v.PopPathSegment(); v.PopPathSegment() })
		add(func(v *URL) { v.PopPathSegment(); _ = v.PushPathSegment("") })
		add(func(v *URL) { _ = v.PushPathSegment("x") })
		add(func(v *URL) { _ = v.PushPathSegment("a:b"); _ = v.PushPathSegment("") })
		add(func(v *URL) { v.PopPathSegment(); _ = v.PushPathSegment("y"); _ = v.PushPathSegment("z") })
		add(func(v *URL) { v.SetSearch("?q") })
		add(func(v *URL) { v.SetSearch("") })
		add(func(v *URL) { v.SetHash("f") })
		add(func(v *URL) { v.SetHash("") })
		add(func(v *URL) { v.SetPathname("//p") })
		add(func(v *URL) { v.SetHost("other.example") })
		add(func(v *URL) { _ = v.PushPathSegment("C:"); _ = v.PushPathSegment("x") })
		add(func(v *URL) { v.SetPathname("/C:/a/b") })
		add(func(v *URL) { v.SetPathname("/C:/") })
		add(func(v *URL) { v.SetPathname("/C:/D:/x") })
		add(func(v *URL) { v.SetPathname("/c:/x/") })
		add(func(v *URL) { v.SetPathname("/C:/a/B|") })
		add(func(v *URL) { v.SetPathname("/a/1:b;c") })
		groups = append(groups, group)
	}
	return groups
}

// TestMakeRelativeProperty resolves MakeRelative's reference for every
// pair, both ways, of URLs near each other in a sample of the WPT and
// dataset URLs, and for every pair across the sample.
func TestMakeRelativeProperty(t *testing.T) {
	groups := relatives(t)
	// -short (the race detector, 386, WebAssembly, where this test took
	// 145 s) checks every fourth group and a smaller square.
	step, square, least := 1, 200, 200000
	if testing.Short() {
		step, square, least = 4, 100, 50000
	}
	var sample []*URL
	pairs := 0
	for i, g := range groups {
		if i%step != 0 {
			continue
		}
		for _, a := range g {
			for _, b := range g {
				checkMakeRelative(t, a, b)
				pairs++
			}
		}
		sample = append(sample, g[0])
	}
	for _, a := range sample[:square] {
		for _, b := range sample[:square] {
			checkMakeRelative(t, a, b)
			pairs++
		}
	}
	if pairs < least {
		t.Errorf("%d pairs", pairs)
	}
	t.Logf("%d pairs, %d groups, %d candidates", pairs, len(groups), candidatesTried)
}

func TestMakeRelativeAllocs(t *testing.T) {
	for _, tc := range [][2]string{
		{"https://h/a/b/c", "https://h/a/x/y"}, // "../x/y": built
		{"https://h/a/b/c", "https://h/a/b/d"}, // "d": a substring
		{"https://h/a?x#y", "https://h/a?x#z"},
		{"https://h/a/b/c", "https://g/a"},
	} {
		base, _ := Parse(tc[0])
		target, _ := Parse(tc[1])
		if n := testing.AllocsPerRun(100, func() { base.MakeRelative(target) }); n > 1 {
			t.Errorf("%q.MakeRelative(%q) allocates %v times", tc[0], tc[1], n)
		}
	}
}

// TestPathSegments checks the segment editors: segments as in the href,
// any bytes round-tripping through SetPathSegments and PercentDecode, the
// errors, and the URL's invariants after each edit.
func TestPathSegments(t *testing.T) {
	segments := func(u *URL) []string { return slices.Collect(u.PathSegments()) }
	u, _ := Parse("https://h/a/b%20c/?q#f")
	if got := segments(u); !slices.Equal(got, []string{"a", "b%20c", ""}) {
		t.Errorf("PathSegments = %q", got)
	}
	for _, s := range [][]string{
		{"a/b", "c?d#e", "100%", "%2e", "%2e%2e", "\\", "sp ace", "\xff\xfe", "é", ""},
		{"", ""}, {"x"}, {"..."}, {".a"}, {"C|"}, {"C:"},
	} {
		for _, href := range []string{"https://h/old?q#f", "sc://h/old", "sc:/old", "file:///old", "file://host/old"} {
			u, _ := Parse(href)
			if err := u.SetPathSegments(s...); err != nil {
				t.Fatalf("%q: SetPathSegments(%q): %v", href, s, err)
			}
			if err := u.check(); err != nil {
				t.Fatalf("SetPathSegments(%q): %v", s, err)
			}
			var got []string
			for seg := range u.PathSegments() {
				got = append(got, PercentDecode(seg))
			}
			if !slices.Equal(got, s) {
				t.Errorf("%q: SetPathSegments(%q) gives %q, segments %q", href, s, u.Href(), got)
			}
		}
	}
	// No segments: a special URL and one without a host keep "/".
	for href, want := range map[string]string{"https://h/a?q": "https://h/?q", "sc://h/a": "sc://h", "sc:/a": "sc:/"} {
		u, _ := Parse(href)
		if err := u.SetPathSegments(); err != nil || u.Href() != want {
			t.Errorf("%q: SetPathSegments() = %q, %v; want %q", href, u.Href(), err, want)
		}
	}
	// Errors leave the URL as it was.
	u, _ = Parse("https://h/a")
	for _, s := range [][]string{{"."}, {"a", ".."}} {
		if err := u.SetPathSegments(s...); !errors.Is(err, ErrDotSegment) || u.Href() != "https://h/a" {
			t.Errorf("SetPathSegments(%q) = %v, %q", s, err, u.Href())
		}
	}
	if err := u.PushPathSegment(".."); !errors.Is(err, ErrDotSegment) || u.Href() != "https://h/a" {
		t.Errorf("PushPathSegment(\"..\") = %v, %q", err, u.Href())
	}
	m, _ := Parse("mailto:a@example.com")
	if err := m.SetPathSegments("x"); !errors.Is(err, ErrOpaquePath) || m.Href() != "mailto:a@example.com" {
		t.Errorf("opaque path: %v, %q", err, m.Href())
	}
	if err := m.PushPathSegment("x"); !errors.Is(err, ErrOpaquePath) {
		t.Errorf("opaque path: PushPathSegment: %v", err)
	}
	if seg, ok := m.PopPathSegment(); ok || seg != "" || segments(m) != nil {
		t.Errorf("opaque path: PopPathSegment = %q, %v; segments %q", seg, ok, segments(m))
	}
	// Push replaces an empty last segment; Pop returns the segment as in
	// the href.
	for _, tc := range []struct{ href, push, want string }{
		{"https://h/a/", "b c", "https://h/a/b%20c"},
		{"https://h/a", "b", "https://h/a/b"},
		{"https://h/", "b", "https://h/b"},
		{"https://h//", "b", "https://h//b"},
		{"sc://h", "b/c", "sc://h/b%2Fc"},
		{"sc:/", "", "sc:/"},
		{"sc:/x/", "", "sc:/x/"},
		{"sc:/", "x", "sc:/x"},
		{"file:///", "C|", "file:///C%7C"},
	} {
		u, _ := Parse(tc.href)
		if err := u.PushPathSegment(tc.push); err != nil || u.Href() != tc.want {
			t.Errorf("%q.PushPathSegment(%q) = %q, %v; want %q", tc.href, tc.push, u.Href(), err, tc.want)
		}
		if err := u.check(); err != nil {
			t.Error(err)
		}
	}
	for _, tc := range []struct{ href, seg, want string }{
		{"https://h/a/b%20c?q", "b%20c", "https://h/a?q"},
		{"https://h/a/", "", "https://h/a"},
		{"https://h/a", "a", "https://h/"},
		{"sc://h/a", "a", "sc://h"},
		{"sc:/a//b", "b", "sc:/a/"},
		{"sc:/.//b", "b", "sc:/"},
		{"sc:/.///b", "b", "sc:/.//"},
		{"file:///C:", "C:", "file:///"},
	} {
		u, _ := Parse(tc.href)
		if seg, ok := u.PopPathSegment(); !ok || seg != tc.seg || u.Href() != tc.want {
			t.Errorf("%q.PopPathSegment() = %q, %v, %q; want %q, %q", tc.href, seg, ok, u.Href(), tc.seg, tc.want)
		}
		if err := u.check(); err != nil {
			t.Error(err)
		}
	}
	for _, href := range []string{"https://h/", "sc:/", "sc://h"} {
		u, _ := Parse(href)
		if seg, ok := u.PopPathSegment(); ok || u.Href() != href {
			t.Errorf("%q.PopPathSegment() = %q, %v, %q", href, seg, ok, u.Href())
		}
	}
}

// FuzzPathSegments sets, pushes and pops segments of any bytes on URLs of
// the WPT data: the URL keeps its invariants, the segments come back, and
// MakeRelative between the URLs before and after resolves.
func FuzzPathSegments(f *testing.F) {
	inputs, _ := wptInputs()
	for i, s := range inputs {
		f.Add(s, "a/b", "c?d", uint8(i))
	}
	f.Add("file:///C:/x", "C|", "..", uint8(3))
	f.Fuzz(func(t *testing.T, href, seg1, seg2 string, op uint8) {
		u, err := Parse(href)
		if err != nil {
			return
		}
		before := u.Clone()
		dot := seg1 == "." || seg1 == ".." || seg2 == "." || seg2 == ".."
		switch op % 3 {
		case 0:
			err = u.SetPathSegments(seg1, seg2)
			if err == nil {
				var got []string
				for seg := range u.PathSegments() {
					got = append(got, PercentDecode(seg))
				}
				if !slices.Equal(got, []string{seg1, seg2}) {
					t.Fatalf("%q: SetPathSegments(%q, %q) gives %q", href, seg1, seg2, got)
				}
			}
		case 1:
			err = u.PushPathSegment(seg1)
			dot = seg1 == "." || seg1 == ".."
		case 2:
			u.PopPathSegment()
			err, dot = nil, false
		}
		if err != nil {
			if !errors.Is(err, ErrOpaquePath) && !(dot && errors.Is(err, ErrDotSegment)) || *u != *before {
				t.Fatalf("%q: %v, and the URL is %q", href, err, u.Href())
			}
			return
		}
		if err := u.check(); err != nil {
			t.Fatal(err)
		}
		checkMakeRelative(t, before, u)
		checkMakeRelative(t, u, before)
		if !u.opaquePath && strings.Contains(u.Pathname(), "/./") { // an opaque path keeps its dots
			t.Fatalf("%q", u.Href())
		}
	})
}

// FuzzMakeRelative checks MakeRelative on any two URLs, both ways: the
// reference resolves to the target, and nothing shorter made of the
// target's pieces does (see checkMakeRelative).
func FuzzMakeRelative(f *testing.F) {
	inputs, _ := wptInputs()
	for i, s := range inputs {
		f.Add(s, inputs[(i*7+3)%len(inputs)])
	}
	for _, pair := range [][2]string{
		{"https://a/b/c/d", "https://a/b/"},
		{"https://a/", "https://a/1:c"},
		{"file:///C:/a/b", "file:///C:/"},
		{"file:///A:", "file:///A:/A|"},
		{"https://h/d/x.html", "https://h/d/a.href;b.dom(c)=d;e.push(%7Bf:g%7D)"},
	} {
		f.Add(pair[0], pair[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		u, err := Parse(a)
		if err != nil {
			return
		}
		v, err := u.Parse(b) // b may be relative to a
		if err != nil {
			return
		}
		checkMakeRelative(t, u, v)
		checkMakeRelative(t, v, u)
	})
}
