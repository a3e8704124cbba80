package urlpattern

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/urlpattern/internal/jsregexp"
)

// generalExec matches input with the component's regular expression,
// whatever shortcut the component has: the general path.
func (c *component) generalExec(input string) ([]Group, bool) {
	saved, savedRe := c.kind, c.re
	c.kind = kindRegexp
	defer func() { c.kind, c.re = saved, savedRe }()
	if c.re == nil {
		// A component with a shortcut and no regexp group has none.
		var err error
		if c.re, err = jsregexp.Compile(c.regexpSource, c.opts.ignoreCase); err != nil {
			panic(err)
		}
	}
	return c.exec(input)
}

// printable reports whether s holds printable ASCII only, as every value
// a component's expression sees does (canonicalization percent-encodes
// the rest, and the URL parser drops tabs and newlines).
func printable(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7E {
			return false
		}
	}
	return true
}

// FuzzShortcuts checks the shortcut layer against the regular
// expressions: for a pathname, hostname and protocol pattern and an input, the
// component's match and groups are the expression's.
func FuzzShortcuts(f *testing.F) {
	for _, s := range []struct{ pattern, input string }{
		{"/users/:id/posts/:postId", "/users/42/posts/7"}, {"/assets/:file.css", "/assets/a.b.css"},
		{"/items/(\\d+)", "/items/123"}, {"/:lang(en|fr|de)/about", "/fr/about"}, {"/files/*.pdf", "/files/a/b.pdf"},
		{"*.example.com", "a.b.example.com"}, {"/blog/:year(\\d{4})/:slug", "/blog/2024/x"}, {"/:a([a-z]{2,3})x", "/abx"},
		{"/foo/bar", "/foo/bar"}, {"/(\\d+)-(\\d+)", "/1-2"}, {"/:x(a|ab)", "/ab"}, {"/:x([^/]+).json", "/a.json"},
		{"/account/:tab?", "/account"}, {"/account/:tab?", "/account/x"}, {"http{s}?", "https"}, {"{www.}?example.com", "www.example.com"},
		{"/a{b}?", "/a"}, {"/a:x?", "/a"}, {"/(ab)/x", "/ab/x"}, {"/(ab)", "/abc"}, {"(www\\.)?example.com", "www.example.com"},
		{"(a\\.b)x", "a.bx"},
	} {
		f.Add(s.pattern, s.input, false)
	}
	f.Fuzz(func(t *testing.T, pattern, input string, ignoreCase bool) {
		if !printable(input) {
			return
		}
		checkShortcuts(t, pattern, ignoreCase, []string{input})
	})
}

// checkShortcuts compiles pattern as a pathname, a hostname and a
// protocol, and compares, for every component with a shortcut, its
// answer and groups on each input with its expression's. It returns the
// number of such components.
func checkShortcuts(t *testing.T, pattern string, ignoreCase bool, inputs []string) int {
	t.Helper()
	n := 0
	for _, in := range []Init{{Pathname: &pattern}, {Hostname: &pattern}, {Protocol: &pattern}} {
		p, err := CompileInit(in, &Options{IgnoreCase: ignoreCase})
		if err != nil {
			continue
		}
		for _, c := range p.comps {
			if c.kind == kindRegexp {
				continue
			}
			n++
			for _, input := range inputs {
				got, gotOK := c.exec(input)
				want, wantOK := c.generalExec(input)
				if gotOK != wantOK || c.match(input) != wantOK || !slices.Equal(got, want) {
					t.Fatalf("pattern %q (%s, ignoreCase %v) on %q: shortcut %v %v, expression /%s/ %v %v",
						pattern, c.pattern, ignoreCase, input, gotOK, got, c.regexpSource, wantOK, want)
				}
			}
		}
	}
	return n
}

// FuzzCompile compiles any constructor string, pathname pattern and
// regular expression group: no panic, and an error is an *Error; a
// pattern that compiles matches as its own normalized pattern strings do,
// and Exec agrees with Test.
func FuzzCompile(f *testing.F) {
	for _, s := range []string{"https://*.example.com/:path*", "/(a|b)+/:x?", "(\\d+{x})", "{[[a-z]--a]}", "*{}**?",
		"((?R)):", "/:foo((?<x>a))", "http{s}?://{:sub.}?example.com:8080/a/*?q=:q#:h", "/(a*)*b", "[\\q{ab|c}]"} {
		f.Add(s, "https://example.com/a/b?q=1#h")
	}
	f.Fuzz(func(t *testing.T, pattern, input string) {
		for _, compile := range []func() (*Pattern, error){
			func() (*Pattern, error) { return Compile(pattern, nil) },
			func() (*Pattern, error) { return CompileBase(pattern, "https://example.com/base/", nil) },
			func() (*Pattern, error) { return CompileInit(Init{Pathname: &pattern}, &Options{IgnoreCase: true}) },
			func() (*Pattern, error) { g := "(" + pattern + ")"; return CompileInit(Init{Search: &g}, nil) },
		} {
			p, err := compile()
			if err != nil {
				if _, ok := err.(*Error); !ok {
					t.Fatalf("%q: %T %v", pattern, err, err)
				}
				continue
			}
			if (p.Exec(input) != nil) != p.Test(input) {
				t.Fatalf("%v on %q: Exec and Test disagree", p, input)
			}
			if u, err := weburl.Parse(input); err == nil && p.TestURL(u) != p.Test(input) {
				t.Fatalf("%v on %q: TestURL and Test disagree", p, input)
			}
			// The normalized pattern strings compile to the same pattern.
			var in Init
			for c := Protocol; c <= Hash; c++ {
				v := p.comps[c].pattern
				*fieldOf(&in, c) = &v
			}
			q, err := CompileInit(in, nil)
			if err != nil || p.comps[Pathname].opts.ignoreCase {
				continue // a pathname canonicalized for another protocol; ignoreCase
			}
			if q.Test(input) != p.Test(input) {
				t.Fatalf("%v on %q: its normalized form %v answers otherwise", p, input, q)
			}
		}
	})
}

// fieldOf returns the field of in for component c.
func fieldOf(in *Init, c Component) **string {
	switch c {
	case Protocol:
		return &in.Protocol
	case Username:
		return &in.Username
	case Password:
		return &in.Password
	case Hostname:
		return &in.Hostname
	case Port:
		return &in.Port
	case Pathname:
		return &in.Pathname
	case Search:
		return &in.Search
	}
	return &in.Hash
}

// FuzzExec compiles a pathname pattern and matches an input with it:
// neither panics, Exec answers exactly when Test does, and each group is
// the component expression's (its general path).
func FuzzExec(f *testing.F) {
	for _, s := range []struct{ pattern, input string }{
		{"/(a|ab)(c|bcd)(d*)", "/abcd"}, {"/:x((?:a|b)*)c", "/ababc"}, {"/(\\d+)-(\\d*)", "/12-"}, {"/*/:y([a-z]+)?", "/x/y"},
		{"/(.*)(.*)?", "/foobar"}, {"/((?<x>a)|b)+", "/ab"}, {"/:a([^/]{2,3}?)b*", "/aabb"},
		{"/(a(?<v>b*?)?)", "/ab"}, {"/((?:(?<n>[a-c]+?)-)*)", "/a-b-"},
	} {
		f.Add(s.pattern, s.input)
	}
	f.Fuzz(func(t *testing.T, pattern, input string) {
		p, err := CompileInit(Init{Pathname: &pattern}, nil)
		if err != nil {
			return
		}
		in := Init{Pathname: &input}
		r := p.ExecInit(in)
		if (r != nil) != p.TestInit(in) {
			t.Fatalf("%q on %q: Exec %v, Test %v", pattern, input, r != nil, p.TestInit(in))
		}
		if r == nil || !printable(input) {
			return
		}
		c := p.comps[Pathname]
		groups, ok := c.generalExec(r.Pathname.Input)
		if !ok || !slices.Equal(groups, r.Pathname.Groups) {
			t.Fatalf("%q on %q: groups %+v, the expression's %+v (%v)", pattern, input, r.Pathname.Groups, groups, ok)
		}
	})
}

// TestGroupsInRegexpGroup checks Exec on a regexp group that holds a
// named group inside an optional group with a lazy quantifier, which
// panicked: the expression ^\/(a(?<v>b*?)?)$ has two groups, the pattern
// one name, "0", whose value is the expression's first group.
// https://urlpattern.spec.whatwg.org/#create-a-component-match-result
func TestGroupsInRegexpGroup(t *testing.T) {
	p := MustCompile("https://example.com/(a(?<v>b*?)?)")
	for input, want := range map[string]string{"https://example.com/ab": "ab", "https://example.com/a": "a", "https://example.com/abbb": "abbb"} {
		r := p.Exec(input)
		if r == nil {
			t.Errorf("%q: no match", input)
			continue
		}
		if got, ok := r.Pathname.Get("0"); !ok || got != want || len(r.Pathname.Groups) != 1 {
			t.Errorf("%q: groups %+v, want 0=%q", input, r.Pathname.Groups, want)
		}
	}
}

// A regexpGen makes a JavaScript regular expression of the shapes where
// captures are hard, from the fuzzer's bytes: named groups nested in
// optional and repeated groups, lazy and greedy, classes with set
// operations, modifiers. (A URL pattern's regexp group may hold no
// numbered group: every "(" in it is followed by "?".)
type regexpGen struct {
	b     []byte
	names int
}

// next returns the next byte, modulo n; 0 when the bytes run out.
func (g *regexpGen) next(n int) int {
	if len(g.b) == 0 {
		return 0
	}
	c := g.b[0]
	g.b = g.b[1:]
	return int(c) % n
}

func (g *regexpGen) pick(s ...string) string { return s[g.next(len(s))] }

func (g *regexpGen) group(depth int) string {
	var s strings.Builder
	s.WriteString(g.pick("", "a", "b", "-"))
	for i := 1 + g.next(2); i > 0; i-- {
		if depth < 3 && g.next(3) == 0 {
			s.WriteString(g.group(depth + 1))
			continue
		}
		body := g.pick("a", "b", "[a-c]", "[\\w--b]", "[[a-c]&&[b-z]]", "\\d", ".", "[^\\/]")
		q := g.pick("", "*", "+", "?", "*?", "+?", "??", "{0,2}?", "{1,2}")
		switch g.next(3) {
		case 0:
			g.names++
			s.WriteString("(?<n" + strconv.Itoa(g.names) + ">" + body + q + ")")
		case 1:
			s.WriteString("(?i:" + body + q + ")")
		default:
			s.WriteString(body + q)
		}
	}
	if g.next(3) == 0 {
		s.WriteString("|" + g.pick("a", "b*?", "(?<z"+strconv.Itoa(depth)+">c)"))
	}
	open := g.pick("(?:", "(?<m"+strconv.Itoa(depth)+">", "(?i:")
	return open + s.String() + ")" + g.pick("?", "??", "*", "*?", "+", "+?", "{0,2}", "{0,2}?", "{1,3}?")
}

// FuzzGeneratedRegexp compiles a pathname pattern with a regexp group
// generated from the fuzzer's bytes, and matches paths generated from
// them: no pattern and no path makes it panic, Exec answers exactly when
// Test does, and the groups are the expression's. (The expressions'
// captures are JavaScript's: the engine's corpus, recorded from V8, has
// 1,500 of these shapes.)
func FuzzGeneratedRegexp(f *testing.F) {
	for _, s := range []string{"\x00\x01\x02", "\x07\x03\x05\x01\x02\x06\x04", "abcdefghijklmnop", "\x02\x02\x02\x02\x02\x02\x02\x02"} {
		f.Add([]byte(s), "ab-b")
	}
	f.Fuzz(func(t *testing.T, b []byte, tail string) {
		g := &regexpGen{b: b}
		pattern := "/(" + g.group(0) + ")"
		p, err := CompileInit(Init{Pathname: &pattern}, nil)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("%q: %T %v", pattern, err, err)
			}
			return
		}
		alphabet := "abcAB-/0"
		var path strings.Builder
		path.WriteByte('/')
		for i := 0; i < len(tail) && i < 12; i++ {
			path.WriteByte(alphabet[int(tail[i])%len(alphabet)])
		}
		for _, input := range []string{path.String(), "/", "/ab", "/a-b-c"} {
			in := Init{Pathname: &input}
			r := p.ExecInit(in)
			if (r != nil) != p.TestInit(in) {
				t.Fatalf("%q on %q: Exec %v, Test %v", pattern, input, r != nil, p.TestInit(in))
			}
			if r == nil {
				continue
			}
			groups, ok := p.comps[Pathname].generalExec(r.Pathname.Input)
			if !ok || !slices.Equal(groups, r.Pathname.Groups) {
				t.Fatalf("%q on %q: groups %+v, the expression's %+v", pattern, input, r.Pathname.Groups, groups)
			}
		}
	})
}
