package weburl

import (
	"net/url"
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/corpus"
)

// The benchmarks parse real URL lists, one URL per op, so ns/op is the time
// per URL and allocs/op the allocations per URL. The lists are read from
// testdata/datasets (one URL per line; testdata/datasets.sh fills it) and
// from the web-platform-tests inputs in testdata/wpt. Run them with
//
//	make bench   # go test -run '^$' -bench . -benchmem -count=10 .
//
// and compare runs with benchstat.

func BenchmarkParse(b *testing.B) {
	corpus.Lists(b, func(b *testing.B, urls []string) {
		corpus.PerURL(b, urls, func(s string) { _, _ = Parse(s) })
	})
}

func BenchmarkCanParse(b *testing.B) {
	corpus.Lists(b, func(b *testing.B, urls []string) {
		corpus.PerURL(b, urls, func(s string) { CanParse(s) })
	})
}

// BenchmarkNetURLParse is the baseline: net/url's RFC 3986 parser on the same lists.
func BenchmarkNetURLParse(b *testing.B) {
	corpus.Lists(b, func(b *testing.B, urls []string) {
		corpus.PerURL(b, urls, func(s string) { _, _ = url.Parse(s) })
	})
}

// BenchmarkResolve parses each URL's path, query and fragment as a
// reference against a parsed base, as a crawler resolves the links of a
// page.
func BenchmarkResolve(b *testing.B) {
	benchRefs(b, func(base *URL) func(string) {
		return func(s string) { _, _ = base.Parse(s) }
	})
}

// benchRefs runs, on each list, the op that op makes for the base of
// BenchmarkResolve over the list's references (pathRefs).
func benchRefs(b *testing.B, op func(base *URL) func(ref string)) {
	base, err := Parse("https://example.com/dir/sub/page.html?x=1#top")
	if err != nil {
		b.Fatal(err)
	}
	corpus.Lists(b, func(b *testing.B, urls []string) {
		corpus.PerURL(b, pathRefs(urls), op(base))
	})
}

// pathRefs makes a reference of each URL's path, query and fragment,
// relative to a directory (the path without its first "/").
func pathRefs(urls []string) []string {
	var refs []string
	for _, s := range urls {
		if u, err := Parse(s); err == nil && !strings.HasPrefix(u.Pathname(), "//") {
			refs = append(refs, strings.TrimPrefix(u.Pathname(), "/")+u.Search()+u.Hash())
		}
	}
	return refs
}

// BenchmarkParseKept keeps each URL Parse returns (in a ring of 1,024),
// as a program that stores what it parses does: the URL escapes to the
// heap, where BenchmarkParse's stays on the stack.
func BenchmarkParseKept(b *testing.B) {
	corpus.Lists(b, func(b *testing.B, urls []string) {
		var kept [1024]*URL
		i := 0
		corpus.PerURL(b, urls, func(s string) {
			kept[i%len(kept)], _ = Parse(s)
			i++
		})
	})
}

// BenchmarkResolveKept is BenchmarkResolve keeping each URL, as
// BenchmarkParseKept does.
func BenchmarkResolveKept(b *testing.B) {
	benchRefs(b, func(base *URL) func(string) {
		var kept [1024]*URL
		i := 0
		return func(s string) {
			kept[i%len(kept)], _ = base.Parse(s)
			i++
		}
	})
}

// BenchmarkParseInto parses each URL into one URL reused, as the command
// does: allocs/op is what a URL costs then, nothing for an input that is
// its own serialization.
func BenchmarkParseInto(b *testing.B) {
	corpus.Lists(b, func(b *testing.B, urls []string) {
		var p Parser
		var u URL
		corpus.PerURL(b, urls, func(s string) { _ = p.ParseInto(&u, s) })
	})
}

// BenchmarkResolveInto resolves the references of BenchmarkResolve into
// one URL reused: allocs/op is the new hrefs.
func BenchmarkResolveInto(b *testing.B) {
	benchRefs(b, func(base *URL) func(string) {
		p := Parser{Base: base}
		var u URL
		return func(s string) { _ = p.ParseInto(&u, s) }
	})
}
