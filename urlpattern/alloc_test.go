package urlpattern

import (
	"testing"

	"github.com/weburl/weburl"
)

// TestAllocs checks that Test and TestURL allocate nothing on the five
// cases of go-urlpattern's benchmark, matches and misses.
func TestAllocs(t *testing.T) {
	for _, c := range benchCases {
		p := MustCompile(c.pattern)
		u, err := weburl.Parse(c.input)
		if err != nil {
			t.Fatal(err)
		}
		want := c.name != "miss"
		if p.Test(c.input) != want || p.TestURL(u) != want {
			t.Fatalf("%s: Test(%q) is not %v", c.name, c.input, want)
		}
		if n := testing.AllocsPerRun(100, func() { p.Test(c.input) }); n != 0 {
			t.Errorf("%s: Test allocates %v times", c.name, n)
		}
		if n := testing.AllocsPerRun(100, func() { p.TestURL(u) }); n != 0 {
			t.Errorf("%s: TestURL allocates %v times", c.name, n)
		}
	}
}

// TestWithoutRegexp checks that the components of patterns made of fixed
// text, ":name" groups and "*" (the five cases of go-urlpattern's
// benchmark but the regex one, and the route and crawl-scope sets but
// their regexp groups) match without a regular expression.
func TestWithoutRegexp(t *testing.T) {
	var srcs []string
	for _, c := range benchCases {
		srcs = append(srcs, c.pattern)
	}
	srcs = append(srcs, routePatterns()...)
	srcs = append(srcs, crawlPatterns()...)
	checked := 0
	for _, src := range srcs {
		p := MustCompile(src)
		if p.HasRegExpGroups() {
			continue
		}
		checked++
		for comp, c := range p.comps {
			if c.kind == kindRegexp {
				t.Errorf("%q: the %v component %q runs a regular expression", src, Component(comp), c.pattern)
			}
		}
	}
	// 4 of the benchmark's cases, 88 routes (12 have regexp groups) and
	// the 100 crawl-scope patterns.
	if checked != 192 {
		t.Fatalf("%d patterns without regexp groups, want 192", checked)
	}
}

// TestOptionalShortcuts checks the shortcuts for an optional last part
// against the regular expressions, on every pair of a pattern of those
// shapes (and of shapes just outside them) and an input made to reach
// each branch, in the pathname, hostname and protocol, with and without
// ignoreCase.
func TestOptionalShortcuts(t *testing.T) {
	patterns := []string{
		"/account/:tab?", "/a:x?", "/:x?", "/a/b{c}?", "{s}?", "http{s}?", "/x{/}?", "/a{/:b}?",
		"/a{-:b}?", "/a{:b}?", "/a{/:b/}?", "/a{/:b}*", "/a{/:b}+", "/a/:b?/c", "{www.}?example.com",
		"*.example{.com}?", ":sub?", "/A{B}?", "/{:x}?",
	}
	inputs := []string{
		"", "/", "/account", "/account/", "/account/x", "/account/x/y", "/accountx", "/ACCOUNT/x", "https", "http",
		"HTTPS", "httpss", "s", "S", "/a", "/ab", "/a/", "/a/b", "/a/bc", "/a/bC", "/a-b", "/a-", "/x/", "/x", "/a/b/c",
		"/ab/", "www.example.com", "example.com", "a.example", "a.example.com", "www", "/A", "/AB", "/Ab", "/a%2Fb",
	}
	shortcuts := 0
	for _, pattern := range patterns {
		for _, ignoreCase := range []bool{false, true} {
			shortcuts += checkShortcuts(t, pattern, ignoreCase, inputs)
		}
	}
	if shortcuts < 100 {
		t.Errorf("%d components with a shortcut; the patterns are meant to make more", shortcuts)
	}
	// The shapes the scan takes do get it.
	for _, pattern := range []string{
		"/account/:tab?", "/a:x?", "/:x?", "/a/b{c}?", "{s}?", "http{s}?", "/x{/}?", "/a{/:b}?", "/a{-:b}?",
		"/a{:b}?", ":sub?", "/A{B}?", "/{:x}?",
	} {
		optional := false
		for _, in := range []Init{{Pathname: &pattern}, {Hostname: &pattern}, {Protocol: &pattern}} {
			p, err := CompileInit(in, nil)
			if err != nil {
				continue
			}
			for _, c := range p.comps {
				if c.kind == kindSeq && (c.seq[len(c.seq)-1].kind == seqOptLit || c.seq[len(c.seq)-1].kind == seqOptSeg) {
					optional = true
				}
			}
		}
		if !optional {
			t.Errorf("%q: no component matches its optional part without the expression", pattern)
		}
	}
}

// TestSetAllocs checks that Match and All allocate nothing, on a set
// without IgnoreCase, one with it only (its index lowers the segments it
// reads), and one of both (whose All collects the IgnoreCase index's
// candidates in a buffer on its stack), for URLs whose paths are in upper
// case and in lower case.
func TestSetAllocs(t *testing.T) {
	routes := compileAll(t, routePatterns())
	folded := compileAllWith(t, routePatterns(), &Options{IgnoreCase: true})
	sets := map[string]*Set{
		"routes":             NewSet(routes...),
		"routes, ignoreCase": NewSet(folded...),
		"mixed case":         NewSet(append(folded[:50:50], routes[50:]...)...),
	}
	for name, s := range sets {
		for _, raw := range []string{"https://api.example.com/v1/users/42", "https://API.example.com/V1/USERS/42", "https://example.org/Blog/2024/x"} {
			u, err := weburl.Parse(raw)
			if err != nil {
				t.Fatal(err)
			}
			if n := testing.AllocsPerRun(100, func() { s.Match(u) }); n != 0 {
				t.Errorf("%s: Match(%q) allocates %v times", name, raw, n)
			}
			all := func() {
				for range s.All(u) {
				}
			}
			if n := testing.AllocsPerRun(100, all); n != 0 {
				t.Errorf("%s: All(%q) allocates %v times", name, raw, n)
			}
		}
	}
}
