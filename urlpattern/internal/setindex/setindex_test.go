package setindex

import (
	"math/bits"
	"regexp"
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

// TestFrontEmpty checks frontEmpty and filledFrom, which read the mask
// of a short path's "/" (emptyStarts), against seg, which reads the
// segments' offsets, and against the segments strings.Split gives: for
// every path of up to 11 bytes of "/" and "a" that starts with "/", and
// those of 63 and 64 bytes (the longest short ones) that end with a
// segment and with "/", whether a segment of each mask of the first
// eight is empty or missing, and whether one from segment k on is empty.
func TestFrontEmpty(t *testing.T) {
	var paths []string
	for n := 1; n <= 11; n++ {
		for bits := range 1 << (n - 1) {
			b := []byte{'/'}
			for i := range n - 1 {
				b = append(b, "a/"[bits>>i&1])
			}
			paths = append(paths, string(b))
		}
	}
	for _, n := range []int{63, 64} {
		long := strings.Repeat("/ab", 20)
		paths = append(paths, long+strings.Repeat("c", n-len(long)), long+strings.Repeat("c", n-len(long)-1)+"/")
	}
	for _, path := range paths {
		for m := 1; m < 256; m++ {
			want := false
			for k := range 8 {
				if m>>k&1 != 0 {
					q := Path{path: path, segs: -1, nf: 1, rooted: true}
					if seg, _ := q.seg(0, k); seg == "" {
						want = true
					}
				}
			}
			p := Path{path: path, segs: -1, nf: 1, rooted: true}
			if got := p.frontEmpty(uint8(m)); got != want {
				t.Fatalf("frontEmpty(%08b) of %q = %v, want %v (from seg)", m, path, got, want)
			}
		}
		segs := strings.Split(path[1:], "/")
		for k := range maxDepth + 1 {
			want := k >= len(segs) || !slices.Contains(segs[k:], "")
			p := Path{path: path, segs: -1, nf: 1, rooted: true}
			if got := p.filledFrom(k); got != want {
				t.Fatalf("filledFrom(%d) of %q = %v, want %v (segments %q)", k, path, got, want, segs)
			}
		}
	}
	t.Logf("%d paths", len(paths))
}

// FuzzFolded checks that an index made by NewFolded answers a path as an
// index made by New of the same (lower-case) shapes answers the path
// lowered: the same candidates, in order, with the same decisions. The
// shapes have texts of up to 16 bytes and longer (which the tables
// compare as words, or as strings), prefixes, suffixes and an infix, on
// any host, exact or not, and more of them than an index checks one by
// one, so that the tables are read.
func FuzzFolded(f *testing.F) {
	for _, p := range []string{"/docs/ABC", "/Abcdefghijklmnopqrstu/x", "/abcdefghIJKLMNOPqrstu/x", "/x/Y/z", "/BLOG-post", "/a/b/c/FILE.PDF", "/", "/a//b", "UNROOTED",
		"/Abcdefgh", "/xyz/Q.ABCDEFG", "/abcdefgHIJ/k", "/x.abcdefgh"} {
		f.Add(p)
	}
	// The texts' lengths put the prefixes and suffixes ("/abcdefg*",
	// "/*.abcdefg") on either side of the eight bytes tipFits compares
	// as one word, where the folded index lowers the path's word and the
	// plain one reads the path lowered. (Whether tipFits answers as
	// TestURL does, FuzzSetShapes checks.)
	texts := []string{"docs", "abc", "abcdefghijklmnopqrstu", "x", "y", "blog", "file", "a", "b", "c", "abcdefg", "abcdefgh"}
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

// FuzzGrouped checks the index of an exact host's shapes grouped by
// their first segment's text, or their second's after any first
// (hostFirsts), against the index of the same shapes built without the
// groups, which narrows them with its bit sets, or for a host of few
// shapes checks each: the same candidates, in order, with the same
// decisions, and the same First, with NewFolded and New. The host's
// routes want texts of up to 16 bytes, longer, and longer than 63 (the
// groups' mask of lengths) first, then nothing, ":id", "*" or ":id" and
// a text, beside routes that want any first segment and a text, a
// prefix, and an unrooted pathname: the path picks a group, or none.
// The host of few shapes has routes of three of those texts and one of
// any first segment.
func FuzzGrouped(f *testing.F) {
	for _, p := range []string{"/docs/1", "/DOCS/x/y", "/abcdefghijklmnopqrstu/2", "/Abcdefghijklmnopqrstu", "/a", "/b/", "/c/d/e", "/x/new",
		"/zz", "/zz/x.pdf", "/v2", "/", "//docs", "/docs//", "UNROOTED", "", "/en/new", "/en/new/1", "/EN/Docs/x",
		"/docs/" + strings.Repeat("x/", 40), "/" + strings.Repeat("section-", 9) + "/1", "/" + strings.Repeat("section-", 10),
		"/docs/a/b/", "/docs/a/b/c", "/docs/a/b/c/d"} {
		f.Add(p)
	}
	long := strings.Repeat("section-", 9) // 72 bytes, past the lengths' mask
	texts := []string{"docs", "abc", "abcdefghijklmnopqrstu", "a", "b", "c", "v1", "api", "blog", "x", long}
	text := func(s string) Part { return Part{Kind: PartText, Text: s} }
	id := Part{Kind: PartSegment, Prefix: "/"}
	all := Part{Kind: PartAll, Prefix: "/"}
	build := func(ix *Index) *Index {
		var shapes [][]Part
		for i, t := range texts {
			third := []Part{text("/" + t), all}
			if i%2 == 0 {
				third = []Part{text("/" + t), id, text("/new")}
			}
			shapes = append(shapes, []Part{text("/" + t)}, []Part{text("/" + t), id}, third)
		}
		// Three that want no whole text first: one a text second, in a
		// group of its own, and two in no group; with a first group's
		// three, fewLeft (6) to check one by one, as Build allows.
		shapes = append(shapes,
			[]Part{id, text("/new")},                  // any first segment, then a text
			[]Part{text("/v"), {Kind: PartSegment}},   // a prefix
			[]Part{{Kind: PartAll}, text("UNROOTED")}, // unrooted
		)
		for i, sh := range shapes {
			ix.Add(i, Host{Kind: HostExact, Text: "example.com"}, i%5 != 0, Filter{Schemes: AllSchemes}, PathShapes(sh))
		}
		// A host of few shapes, each wanting a text first or second:
		// grouped too, where it would otherwise list them (fewHost).
		few := [][]Part{{id, text("/docs"), all}}
		for _, t := range texts[:3] {
			few = append(few, []Part{text("/" + t)}, []Part{text("/" + t), all})
		}
		for i, sh := range few {
			ix.Add(len(shapes)+i, Host{Kind: HostExact, Text: "few.example"}, i%2 == 0, Filter{Schemes: AllSchemes}, PathShapes(sh))
		}
		// A host of routes on one first segment with an optional "/"
		// after each: eight shapes in its group, more than fewLeft,
		// which a path's number of segments leaves few of (counts).
		slash := Part{Kind: PartText, Text: "/", Optional: true}
		counted := [][]Part{{text("/docs"), slash}, {text("/docs"), id, slash}, {text("/docs"), id, id, slash}, {text("/docs"), id, id, id},
			{text("/docs"), all}, {id, text("/new")}, {text("/v"), {Kind: PartSegment}}}
		at := len(shapes) + len(few)
		for i, sh := range counted {
			ix.Add(at+i, Host{Kind: HostExact, Text: "counted.example"}, i%3 != 0, Filter{Schemes: AllSchemes}, PathShapes(sh))
		}
		// A host of a few shapes, some in no group, the first in one:
		// grouped, where one in no group first keeps the list.
		mixed := [][]Part{{text("/docs")}, {text("/docs"), id}, {text("/v"), {Kind: PartSegment}}, {all}}
		at += len(counted)
		for i, sh := range mixed {
			ix.Add(at+i, Host{Kind: HostExact, Text: "mixed.example"}, i != 1, Filter{Schemes: AllSchemes}, PathShapes(sh))
		}
		ix.Build()
		return ix
	}
	n := len(texts)*3 + 3 + 7 + 7 + 4
	indexes := func() (plain, folded *Index) { return build(New(n)), build(NewFolded(n)) }
	plain, folded := indexes()
	groupHosts = false
	plainBits, foldedBits := indexes()
	groupHosts = true
	for _, ix := range []*Index{plain, folded} {
		for host, want := range map[string]int{"example.com": len(texts), "few.example": 3, "counted.example": 1} {
			if e := ix.hostExact.slot(host); e.firsts == nil || groups(e.firsts.slots) != want || groups(e.firsts.seconds) != 1 {
				// The index must group the host, or the test checks nothing.
				f.Fatalf("%s: the shapes are not grouped by their %d first texts and one second: %+v", host, want, e.firsts)
			}
		}
		if e := ix.hostExact.slot("counted.example"); e.firsts.counts == nil {
			f.Fatalf("counted.example: its shapes are not narrowed by the number of segments")
		}
		if e := ix.hostExact.slot("mixed.example"); e.firsts == nil || e.firsts.other == 0 {
			f.Fatalf("mixed.example: its shapes are not grouped, with some in no group: %+v", e.firsts)
		}
	}
	f.Fuzz(func(t *testing.T, path string) {
		if !ascii.Is(path) {
			return // a URL's pathname is ASCII
		}
		// First with a test that accepts every third pattern it is
		// given, and those the index decides wholly.
		test := func(pattern int, _ bool) bool { return pattern%3 == 2 }
		for _, ix := range [][2]*Index{{plain, plainBits}, {folded, foldedBits}} {
			for _, host := range []string{"example.com", "few.example", "counted.example", "mixed.example"} {
				if got, want := candidates(ix[0], host, path), candidates(ix[1], host, path); !slices.Equal(got, want) {
					t.Errorf("%s%q, folded %v: grouped %v, without groups %v", host, path, ix[0].fold, got, want)
				}
				got := ix[0].First(host, path, nil, SchemeHTTPS, 0, test)
				if want := ix[1].First(host, path, nil, SchemeHTTPS, 0, test); got != want {
					t.Errorf("%s%q, folded %v: First grouped %d, without groups %d", host, path, ix[0].fold, got, want)
				}
			}
		}
	})
}

// TestTableKeys checks a table's lookups of keys that differ only where
// its words do not reach: keys of 1 to 40 bytes with the same first and
// last eight bytes and one byte in between that differs, each found with
// its own bit set, and a key that is not in the table (of the same
// length and ends) found as none; in a folded table, found in upper case
// too.
func TestTableKeys(t *testing.T) {
	for _, fold := range []bool{false, true} {
		tab := table{fold: fold}
		var keys []string
		for n := 1; n <= 40; n++ {
			for _, c := range "xyz" {
				k := []byte(strings.Repeat("a", n))
				k[n/2] = byte(c)
				keys = append(keys, string(k))
			}
		}
		for i, k := range keys {
			tab.add(k, i)
		}
		for i, k := range keys {
			for _, look := range []string{k, strings.ToUpper(k)} {
				if look != k && !fold {
					continue
				}
				b := tab.get(look)
				if lo, hi := nonZeroWords(b.w); hi-lo != 1 || b.w[lo] != 1<<(i%wordBits) || (b.off+lo)*wordBits+i%wordBits != i {
					t.Errorf("fold %v: %q: bits %v from word %d, want bit %d alone", fold, look, b.w, b.off, i)
				}
			}
			if none := strings.Replace(k, k[len(k)/2:len(k)/2+1], "w", 1); tab.get(none).w != nil {
				t.Errorf("fold %v: %q, no key, found %v", fold, none, tab.get(none).w)
			}
		}
	}
}

// A visit is a call of Candidates' visit.
type visit struct {
	pattern int
	decided bool
}

// candidates returns the visits of ix.Candidates for an https URL of
// host and path with no components filled.
func candidates(ix *Index, host, path string) (v []visit) {
	ix.Candidates(host, path, nil, SchemeHTTPS, 0, func(pattern int, decided bool) bool {
		v = append(v, visit{pattern, decided})
		return false
	})
	return v
}

// groups returns the number of groups in slots.
func groups(slots []firstGroup) int {
	n := 0
	for _, g := range slots {
		if g.mask != 0 {
			n++
		}
	}
	return n
}

// TestPathShapesInPart checks the shapes of pathname patterns the index
// reads only in part, against what each pattern's definition says of the
// pathnames it matches: a "*" followed by fixed segments and what the
// index cannot read leaves those segments (followed by "/") somewhere
// after the first ones; a group that matches some segments only, or one
// whose suffix ends its segment, reads as a ":name" group; a segment with
// a group beside text or another group as any text, not empty; and a "*"
// after a "*" as one more segment at least.
func TestPathShapesInPart(t *testing.T) {
	text := func(s string) Part { return Part{Kind: PartText, Text: s} }
	all := Part{Kind: PartAll, Prefix: "/"}
	id := Part{Kind: PartSegment, Prefix: "/"}
	digits := Part{Kind: PartSegment, Prefix: "/", Partial: true} // "/:id(en|fr)"
	any := Seg{Any: true}
	digitClass := Part{Kind: PartSegment, Prefix: "/", Class: Class{Bytes: [2]uint64{0x3ff << '0'}, Min: 1, Max: -1}}
	for _, c := range []struct {
		name  string
		parts []Part
		want  Shape
	}{
		// "/" X "/docs/" Y "/" Z: the segments X, docs, Y and Z, the
		// index reads "/docs/" and at least four.
		{"/*/docs/:id/*", []Part{all, text("/docs"), id, all}, Shape{Infix: "/docs/", MinSegs: 4, MaxSegs: -1}},
		{"/a/*/:x/b/c/:y/d/*", []Part{text("/a"), all, id, text("/b/c"), id, text("/d"), all},
			Shape{Front: []Seg{{Text: "a"}}, Infix: "/b/c/", MinSegs: 8, MaxSegs: -1}},
		// A "*" followed by ":name" groups alone: no infix.
		{"/*/:id/*", []Part{all, id, all}, Shape{MinSegs: 3, MaxSegs: -1}},
		// "/*/docs/:x(.*)?": "/docs" may end the pathname.
		{"/*/docs/:x(.*)?", []Part{all, text("/docs"), {Kind: PartOther, Prefix: "/", Optional: true}},
			Shape{Infix: "/docs/", InfixEnd: true, MinSegs: 2, MaxSegs: -1}},
		// "/" X "/" Y "/docs" ("/" R)*: the group may be absent.
		{"/*/:id/docs/:path*", []Part{all, id, text("/docs"), {Kind: PartSegments, Prefix: "/", Optional: true}},
			Shape{Infix: "/docs/", InfixEnd: true, MinSegs: 3, MaxSegs: -1}},
		// Fixed segments after a "*", then groups and a repeated group:
		// exact (Tail).
		{"/*/a/b/:path*", []Part{all, text("/a/b"), {Kind: PartSegments, Prefix: "/", Optional: true}},
			Shape{Infix: "/a/b/", InfixEnd: true, MinSegs: 3, MaxSegs: -1, Tail: true, Exact: true}},
		// "/*/a/:id/:path*": the infix "/a/" is followed by "/" there.
		{"/*/a/:id/:path*", []Part{all, text("/a"), id, {Kind: PartSegments, Prefix: "/", Optional: true}},
			Shape{Infix: "/a/", MinSegs: 3, MaxSegs: -1, Tail: true, TailSegs: 1, Exact: true}},
		{"/x/*/a/:path+", []Part{text("/x"), all, text("/a"), {Kind: PartSegments, Prefix: "/"}},
			Shape{Front: []Seg{{Text: "x"}}, Infix: "/a/", MinSegs: 4, MaxSegs: -1, Tail: true, TailSegs: 1, Exact: true}},
		// Not after a group, a regexp group, a mixed segment or a second
		// "*" after the first.
		{"/*/a/:id(en|fr)/:path*", []Part{all, text("/a"), digits, {Kind: PartSegments, Prefix: "/", Optional: true}},
			Shape{Infix: "/a/", MinSegs: 3, MaxSegs: -1}},
		{"/*/a/v:id/:path*", []Part{all, text("/a/v"), {Kind: PartSegment}, {Kind: PartSegments, Prefix: "/", Optional: true}},
			Shape{Infix: "/a/", MinSegs: 3, MaxSegs: -1}},
		{"/*/*/a/:path*", []Part{all, all, text("/a"), {Kind: PartSegments, Prefix: "/", Optional: true}},
			Shape{Infix: "/a/", InfixEnd: true, MinSegs: 3, MaxSegs: -1}},
		// "/*/docs/(.*)": the group's "/" is there.
		{"/*/docs/(.*)", []Part{all, text("/docs"), {Kind: PartOther, Prefix: "/"}}, Shape{Infix: "/docs/", MinSegs: 3, MaxSegs: -1}},
		{"/a/:id(en|fr)", []Part{text("/a"), digits}, Shape{Front: []Seg{{Text: "a"}, any}, MinSegs: 2, MaxSegs: 2}},
		{"/*/a/:id(en|fr)", []Part{all, text("/a"), digits}, Shape{Back: []Seg{any, {Text: "a"}}, MinSegs: 3, MaxSegs: -1}},
		// A class group alone in its segment: exact, the class checked;
		// beside text, read as any text.
		{"/a/:id(\\d+)/b", []Part{text("/a"), digitClass, text("/b")},
			Shape{Front: []Seg{{Text: "a"}, {Any: true, Class: digitClass.Class}, {Text: "b"}}, MinSegs: 3, MaxSegs: 3, Exact: true}},
		{"/*/:id(\\d+)", []Part{all, digitClass}, Shape{Back: []Seg{{Any: true, Class: digitClass.Class}}, MinSegs: 2, MaxSegs: -1, Exact: true}},
		{"/a/:id(\\d+).html", []Part{text("/a"), digitClass, text(".html")}, Shape{Front: []Seg{{Text: "a"}, any}, MinSegs: 2, MaxSegs: 2}},
		{"/a/v:id(\\d+)", []Part{text("/a/v"), {Kind: PartSegment, Class: digitClass.Class}},
			Shape{Front: []Seg{{Text: "a"}, {Text: "v", Prefix: true}}, MinSegs: 2, MaxSegs: 2}},
		{"/:id/a", []Part{id, text("/a")}, Shape{Front: []Seg{any, {Text: "a"}}, MinSegs: 2, MaxSegs: 2, Exact: true}},
		{"/{:lang/}a", []Part{text("/"), {Kind: PartSegment, Suffix: "/"}, text("a")},
			Shape{Front: []Seg{any, {Text: "a"}}, MinSegs: 2, MaxSegs: 2, Exact: true}},
		// A segment with a group beside text or another group: any text,
		// not empty.
		{"/a/:id.html", []Part{text("/a"), id, text(".html")}, Shape{Front: []Seg{{Text: "a"}, any}, MinSegs: 2, MaxSegs: 2}},
		{"/:lang-:region/a", []Part{id, {Kind: PartSegment, Prefix: "-"}, text("/a")},
			Shape{Front: []Seg{any, {Text: "a"}}, MinSegs: 2, MaxSegs: 2}},
		// Text before the segment's first group: a prefix.
		{"/a/v:id", []Part{text("/a/v"), {Kind: PartSegment}}, Shape{Front: []Seg{{Text: "a"}, {Text: "v", Prefix: true}}, MinSegs: 2, MaxSegs: 2}},
		{"/a/page.:ext", []Part{text("/a/page"), {Kind: PartSegment, Prefix: "."}},
			Shape{Front: []Seg{{Text: "a"}, {Text: "page.", Prefix: true}}, MinSegs: 2, MaxSegs: 2}},
		{"/*/v:id.html", []Part{all, text("/v"), {Kind: PartSegment}, text(".html")},
			Shape{Back: []Seg{{Text: "v", Prefix: true}}, MinSegs: 2, MaxSegs: -1}},
		// ... which ends an infix: "/docs/" is followed by "/", "v" by more.
		{"/*/docs/v:id/*", []Part{all, text("/docs/v"), {Kind: PartSegment}, all},
			Shape{Infix: "/docs/", MinSegs: 4, MaxSegs: -1}},
		{"/*/v:id/(.*)", []Part{all, text("/v"), {Kind: PartSegment}, {Kind: PartOther, Prefix: "/"}},
			Shape{MinSegs: 3, MaxSegs: -1}},
		// "/" X "/" Y "/a": two segments from the two "*", at least.
		{"/*/*/a", []Part{all, all, text("/a")}, Shape{Back: []Seg{{Text: "a"}}, MinSegs: 3, MaxSegs: -1, Exact: true}},
		{"/a/*/*", []Part{text("/a"), all, all}, Shape{Front: []Seg{{Text: "a"}}, MinSegs: 3, MaxSegs: -1, Exact: true}},
		{"/*/*/a/:id/*", []Part{all, all, text("/a"), id, all}, Shape{Infix: "/a/", MinSegs: 5, MaxSegs: -1}},
		{"/*/*/:id/*", []Part{all, all, id, all}, Shape{MinSegs: 4, MaxSegs: -1}},
		{"/*/:x/docs/*", []Part{all, id, text("/docs"), all}, Shape{Infix: "/docs/", MinSegs: 4, MaxSegs: -1}},
		// "/" R ("/" R)* "/docs/" Y: R not empty, Y any (FuzzSetShapes found
		// the shape holding Y to Rest's "not empty").
		{"/:r+/docs/*", []Part{{Kind: PartSegments, Prefix: "/"}, text("/docs"), all}, Shape{Infix: "/docs/", MinSegs: 3, MaxSegs: -1}},
	} {
		got := PathShapes(c.parts)
		if len(got) != 1 || !equalShapes(got[0], c.want) {
			t.Errorf("%s: shapes %+v, want %+v", c.name, got, c.want)
		}
	}
}

// TestTailFits checks fitsInfix of a Tail shape against the regular
// expression of its pattern (a "*" is .*, a ":name" group [^/]+; a
// front segment is any, which fits checks) on every pathname of up to
// nine bytes of "/", "a", "b" and "x", each also after 60 bytes more
// (read by tailFits, not the mask of tailFitsShort), and on the
// same with upper-case letters in a folded index (tailFits again): the
// last place that holds the infix, where one before it also would, is
// the one that decides.
func TestTailFits(t *testing.T) {
	long := "/" + strings.Repeat("z", 59)
	for _, c := range []struct {
		pattern, infix string
		front, segs    int
		re             string
	}{
		{"/*/a/:path*", "/a/", 0, 0, `^/.*/a(/[^/]+)*$`},
		{"/*/a/:path+", "/a/", 0, 1, `^/.*/a(/[^/]+)+$`},
		{"/*/a/:id/:path*", "/a/", 0, 1, `^/.*/a/[^/]+(/[^/]+)*$`},
		{"/*/a/:id/:x/:path*", "/a/", 0, 2, `^/.*/a/[^/]+/[^/]+(/[^/]+)*$`},
		{"/*/a/b/:path*", "/a/b/", 0, 0, `^/.*/a/b(/[^/]+)*$`},
		{"/*/a/a/:id/:path+", "/a/a/", 0, 2, `^/.*/a/a/[^/]+(/[^/]+)+$`},
		{"/:f/*/a/:path*", "/a/", 1, 0, `^/[^/]*/.*/a(/[^/]+)*$`},
		{"/:f/:g/*/a/b/:id/:path*", "/a/b/", 2, 1, `^/[^/]*/[^/]*/.*/a/b/[^/]+(/[^/]+)*$`},
	} {
		re := regexp.MustCompile(c.re)
		s := shapeInfo{infix: c.infix, tail: true, tailNeed: strings.Count(c.infix, "/") - 1 + c.segs, front: make([]Seg, c.front)}
		paths := []string{"/"}
		for n := 0; n < 8; n++ {
			for _, p := range paths[len(paths)-pow(4, n):] {
				for _, b := range "/abx" {
					paths = append(paths, p+string(b))
				}
			}
		}
		matched := 0
		for _, path := range paths {
			for _, path := range []string{path, long + path} {
				want := re.MatchString(path)
				if c.front == 0 {
					if got := tailFits(path[1:], c.infix[:len(c.infix)-1], s.tailNeed); got != want {
						t.Errorf("%s: tailFits(%q): %v, want %v", c.pattern, path, got, want)
					}
				}
				p := Path{path: path, segs: -1, nf: 1, rooted: true}
				if got := p.fitsInfix(&s); got != want {
					t.Errorf("%s: fitsInfix(%q): %v, want %v", c.pattern, path, got, want)
				}
				folded := Path{path: strings.ToUpper(path), segs: -1, nf: 1, rooted: true, fold: true}
				if got := folded.fitsInfix(&s); got != want {
					t.Errorf("%s: fitsInfix(%q), folded: %v, want %v", c.pattern, folded.path, got, want)
				}
				if want {
					matched++
				}
			}
		}
		if matched == 0 || matched == 2*len(paths) {
			t.Errorf("%s: %d of %d paths match", c.pattern, matched, 2*len(paths))
		}
	}
}

// TestClassFits checks Class.fits: a segment's count of bytes, each
// byte in the class (ASCII only), and of a choice (ChoiceClass), the
// segment one of its strings.
func TestClassFits(t *testing.T) {
	digits := Class{Bytes: [2]uint64{0x3ff << '0'}, Min: 1, Max: -1}
	two := Class{Min: 2, Max: 3} // [a-z]{2,3}
	two.Bytes[1] = (1<<26 - 1) << ('a' - 64)
	langs, ok := ChoiceClass([]string{"en", "fr", "pt-br"})
	if !ok || langs.Min != 2 || langs.Max != 5 {
		t.Fatalf("ChoiceClass(en, fr, pt-br): %+v, %v", langs, ok)
	}
	for _, alts := range [][]string{{"en", ""}, {"a/b"}, {"caf\u00e9"}, {"a\x00"}, nil} {
		if _, ok := ChoiceClass(alts); ok {
			t.Errorf("ChoiceClass(%q): ok", alts)
		}
	}
	for _, c := range []struct {
		class *Class
		seg   string
		want  bool
	}{
		{&digits, "0", true}, {&digits, "0123456789", true}, {&digits, "", false}, {&digits, "12a", false}, {&digits, "1/2", false},
		{&digits, "1\x80", false}, {&digits, "%31", false},
		{&two, "ab", true}, {&two, "xyz", true}, {&two, "a", false}, {&two, "abcd", false}, {&two, "aB", false}, {&two, "a{", false},
		{&langs, "en", true}, {&langs, "fr", true}, {&langs, "pt-br", true}, {&langs, "e", false}, {&langs, "fn", false},
		{&langs, "enfr", false}, {&langs, "pt-b", false}, {&langs, "EN", false}, {&langs, "", false},
	} {
		if got := c.class.fits(c.seg); got != c.want {
			t.Errorf("%+v fits %q: %v, want %v", *c.class, c.seg, got, c.want)
		}
	}
}

func pow(b, n int) int {
	r := 1
	for range n {
		r *= b
	}
	return r
}

// TestPathShapesAbsorbed checks that parts after a last "*" that may
// all be absent add nothing to the shapes, which are then exact where
// those of the parts up to the "*" are: the "*" matches whatever they
// would ("/a/*/:rest*" matches every pathname "/a/*" does, the rest
// empty, and only those, the "*" taking the rest too). Parts of which
// one must be there, or a "*" with a suffix or optional, keep the
// shapes as they were.
func TestPathShapesAbsorbed(t *testing.T) {
	text := func(s string) Part { return Part{Kind: PartText, Text: s} }
	all := Part{Kind: PartAll, Prefix: "/"}
	rest := Part{Kind: PartSegments, Prefix: "/", Optional: true}
	for _, c := range []struct {
		name      string
		parts, as []Part
	}{
		{"/a/*/:rest*", []Part{text("/a"), all, rest}, []Part{text("/a"), all}},
		{"/*{/}?", []Part{all, {Kind: PartText, Text: "/", Optional: true}}, []Part{all}},
		{"/a/*/:id?/(\\d+)?", []Part{text("/a"), all, {Kind: PartSegment, Prefix: "/", Optional: true}, {Kind: PartOther, Prefix: "/", Optional: true}},
			[]Part{text("/a"), all}},
		{"/*/a/*/:rest*", []Part{all, text("/a"), all, rest}, []Part{all, text("/a"), all}},
	} {
		got, want := PathShapes(c.parts), PathShapes(c.as)
		if !slices.EqualFunc(got, want, equalShapes) {
			t.Errorf("%s: shapes %+v, want %+v", c.name, got, want)
		}
	}
	for _, c := range []struct {
		name  string
		parts []Part
	}{
		{"/*/a/:rest*", []Part{all, text("/a"), rest}},
		{"/a/*/:rest+", []Part{text("/a"), all, {Kind: PartSegments, Prefix: "/"}}},
		{"/a/{*.x}/:rest*", []Part{text("/a"), {Kind: PartAll, Prefix: "/", Suffix: ".x"}, rest}},
		{"/a/{/*}?/:rest*", []Part{text("/a"), {Kind: PartAll, Prefix: "/", Optional: true}, rest}},
	} {
		if got := absorbed(c.parts); len(got) != len(c.parts) {
			t.Errorf("%s: absorbed to %d parts of %d", c.name, len(got), len(c.parts))
		}
	}
}

func equalShapes(a, b Shape) bool {
	return slices.Equal(a.Front, b.Front) && slices.Equal(a.Back, b.Back) && a.Infix == b.Infix && a.InfixEnd == b.InfixEnd && a.MinSegs == b.MinSegs &&
		a.MaxSegs == b.MaxSegs && a.Unrooted == b.Unrooted && a.Rest == b.Rest && a.Tail == b.Tail && a.TailSegs == b.TailSegs && a.Exact == b.Exact
}

// TestTexts checks that a Filter's Texts leave out of the candidates
// exactly the patterns whose component a URL's value does not start
// with, or is not (Whole), by the first maxText bytes of a longer start:
// on 300 patterns (two chunks), of an exact host and of any, with texts
// for the search, and for the port or the hash, that are starts of one
// another (up to six keys a value starts with), of 62 to 64 bytes and
// longer.
func TestTexts(t *testing.T) {
	long := strings.Repeat("q=0123456789", 7)
	texts := []string{"a", "ab", "abc", "abcd", "abcde", "abcdef", "b", "ring=x", "ring=xy", long, long + "z", long[:63], long[:62], long[:64]}
	type pattern struct {
		host  Host
		texts [numComps]Text
	}
	search, other := bits.TrailingZeros8(uint8(CompSearch)), []int{bits.TrailingZeros8(uint8(CompPort)), bits.TrailingZeros8(uint8(CompHash))}
	var ps []pattern
	ix := New(300)
	for i := range 300 {
		p := pattern{host: Host{Kind: HostExact, Text: "h.example"}}
		if i%2 == 1 {
			p.host = Host{Kind: HostOther}
		}
		if i%7 != 0 {
			p.texts[search] = Text{texts[i*31%len(texts)], i%3 == 1}
		}
		if i%5 == 0 {
			p.texts[other[i%2]] = Text{texts[i*17%len(texts)], i%4 == 0}
		}
		ix.Add(i, p.host, false, Filter{Schemes: AllSchemes, Rest: true, Texts: p.texts}, []Shape{AnyPath})
		ps = append(ps, p)
	}
	ix.Build()
	holds := func(p pattern, values *Values) bool {
		for k, t := range p.texts {
			switch {
			case t.Text == "":
			case t.Whole && values[k] != t.Text:
				return false
			case !t.Whole && !strings.HasPrefix(values[k], t.Text[:min(len(t.Text), maxText)]):
				return false
			}
		}
		return true
	}
	values := append([]string{"", "abcdef", "abcdefg", "abx", "ring=xyz", "ring=", "c", long + "zz", long[:63] + "!"}, texts...)
	for _, host := range []string{"h.example", "other.example"} {
		for j, v := range values {
			var vs Values
			vs[search] = v
			vs[other[j%2]] = values[(j*5+3)%len(values)]
			var want []int
			for i, p := range ps {
				if (host == "h.example" || p.host.Kind == HostOther) && holds(p, &vs) {
					want = append(want, i)
				}
			}
			var got []int
			ix.Candidates(host, "/x", &vs, SchemeHTTPS, 0, func(pattern int, _ bool) bool {
				got = append(got, pattern)
				return false
			})
			if !slices.Equal(got, want) {
				t.Errorf("%s, values %q: candidates %v, want %v", host, vs, got, want)
			}
		}
	}
}

// TestTableProbes checks that a table finds keys that differ in any two
// bytes in a row that strHash reads in few probes: for keys of 2 to 40
// bytes, the 100 keys with "00" to "99" at each offset (of a key of more
// than 24 bytes, in its first 16 and its last 8), each is found in at
// most 3 probes on average. Linear probing in a table at most half full,
// as a table is, takes at most 1.5 for a key that is there, with a hash
// that spreads the keys (Knuth, The Art of Computer Programming, vol. 3,
// 6.4). Keys that differed only in the high bytes of both of their
// words ("section-8000" to "section-8099") once took one slot, and 50
// probes on average; keys of 17 to 24 bytes that differed only from
// their eighth byte to their 16th too.
func TestTableProbes(t *testing.T) {
	for n := 2; n <= 40; n++ {
		for i := 0; i+2 <= n; i++ {
			if n > 24 && i+1 >= 16 && i < n-8 {
				continue // a byte strHash does not read
			}
			var tab table
			var keys []string
			for d := range 100 {
				key := []byte(strings.Repeat("k", n))
				key[i], key[i+1] = byte('0'+d/10), byte('0'+d%10)
				keys = append(keys, string(key))
				tab.add(string(key), d)
			}
			probes := 0
			for _, key := range keys {
				e := tab.slot(key)
				if e.key != key {
					t.Fatalf("keys of %d bytes: slot(%q) is %q's", n, key, e.key)
				}
				a, b := keyWords(key)
				mask := uint32(len(tab.slots) - 1)
				home := strHash(a, b, midWord(key), n) & mask
				at := uint32(slices.IndexFunc(tab.slots, func(s entry) bool { return s.key == key }))
				probes += int((at-home)&mask) + 1
			}
			if mean := float64(probes) / 100; mean > 3 {
				t.Errorf("keys of %d bytes differing at %d and %d: %.1f probes on average, want at most 3", n, i, i+1, mean)
			}
		}
	}
}
