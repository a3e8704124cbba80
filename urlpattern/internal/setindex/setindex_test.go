package setindex

import (
	"slices"
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/ascii"
)

// TestSchemeOf checks SchemeOf against a map of the special schemes on
// every string of up to six bytes over the letters of those schemes and
// a few others (near misses such as "htps", "wsss" and "file2" among
// them), and on the schemes in upper case, which a URL does not hold.
func TestSchemeOf(t *testing.T) {
	want := map[string]Schemes{"http": SchemeHTTP, "https": SchemeHTTPS, "ws": SchemeWS, "wss": SchemeWSS, "ftp": SchemeFTP, "file": SchemeFile}
	const letters = "htpsfwile2"
	var visit func(s string)
	checked := 0
	visit = func(s string) {
		w, ok := want[s]
		if !ok {
			w = SchemeOther
		}
		if got := SchemeOf(s); got != w {
			t.Errorf("SchemeOf(%q) = %b, want %b", s, got, w)
		}
		checked++
		if len(s) < 6 {
			for i := range len(letters) {
				visit(s + letters[i:i+1])
			}
		}
	}
	visit("")
	for _, s := range []string{"HTTP", "Https", "WS", "FILE", "ftP", "http:", "xhttp"} {
		if got := SchemeOf(s); got != SchemeOther {
			t.Errorf("SchemeOf(%q) = %b, want SchemeOther", s, got)
		}
	}
	t.Logf("%d strings", checked)
}

// FuzzFolded checks that an index made by NewFolded answers a path as an
// index made by New of the same (lower-case) shapes answers the path
// lowered: the same candidates, in order, with the same decisions. The
// shapes have texts of up to 16 bytes and longer (which the tables
// compare as words, or as strings), prefixes, suffixes and an infix, on
// any host, exact or not, and more of them than an index checks one by
// one, so that the tables are read.
func FuzzFolded(f *testing.F) {
	for _, p := range []string{"/docs/ABC", "/Abcdefghijklmnopqrstu/x", "/x/Y/z", "/BLOG-post", "/a/b/c/FILE.PDF", "/", "/a//b", "UNROOTED"} {
		f.Add(p)
	}
	texts := []string{"docs", "abc", "abcdefghijklmnopqrstu", "x", "y", "blog", "file", "a", "b", "c"}
	build := func(ix *Index) *Index {
		i := 0
		for _, t := range texts {
			for _, sh := range [][]Part{
				{{Kind: PartText, Text: "/" + t}},
				{{Kind: PartText, Text: "/" + t}, {Kind: PartAll, Prefix: "/"}},
				{{Kind: PartText, Text: "/"}, {Kind: PartSegment}, {Kind: PartText, Text: "/" + t}},
				{{Kind: PartText, Text: "/" + t}, {Kind: PartAll}},
				{{Kind: PartText, Text: "/"}, {Kind: PartAll}, {Kind: PartText, Text: "." + t}},
				{{Kind: PartText, Text: "/"}, {Kind: PartAll}, {Kind: PartText, Text: "/" + t}, {Kind: PartAll, Prefix: "/"}},
			} {
				host := Host{Kind: HostAny}
				if i%3 == 0 {
					host = Host{Kind: HostExact, Text: "example.com"}
				}
				ix.Add(i, host, true, Filter{Schemes: AllSchemes}, PathShapes(sh))
				i++
			}
		}
		ix.Build()
		return ix
	}
	folded, plain := build(NewFolded(len(texts)*6)), build(New(len(texts)*6))
	type visit struct {
		pattern int
		decided bool
	}
	candidates := func(ix *Index, host, path string) (v []visit) {
		ix.Candidates(host, path, SchemeHTTPS, 0, func(pattern int, decided bool) bool {
			v = append(v, visit{pattern, decided})
			return false
		})
		return v
	}
	f.Fuzz(func(t *testing.T, path string) {
		if !ascii.Is(path) {
			return // a URL's pathname is ASCII
		}
		for _, host := range []string{"example.com", "example.org"} {
			got, want := candidates(folded, host, path), candidates(plain, host, strings.ToLower(path))
			if !slices.Equal(got, want) {
				t.Errorf("%s%s: folded %v, lowered %v", host, path, got, want)
			}
		}
	})
}
