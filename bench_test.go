package weburl

import (
	"bufio"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The benchmarks parse real URL lists, one URL per op, so ns/op is the time
// per URL and allocs/op the allocations per URL. The lists are read from
// testdata/datasets (one URL per line; testdata/datasets.sh fills it) and
// from the web-platform-tests inputs in testdata/wpt. Run them with
//
//	make bench   # go test -run '^$' -bench . -benchmem -count=10 .
//
// and compare runs with benchstat.

var datasets = []string{"kasztp.txt", "userbait.txt", "isaacs_files.txt", "node_files.txt"}

// readLines returns the non-empty lines of a dataset file.
func readLines(tb testing.TB, name string) []string {
	tb.Helper()
	f, err := os.Open(filepath.Join("testdata", "datasets", name))
	if err != nil {
		tb.Fatalf("the URL lists are missing (%v).\n"+
			"Fill testdata/datasets/ first: `make datasets` (or `DATASETS_DIR=/path/to/lists testdata/datasets.sh`)", err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if line := strings.TrimRight(sc.Text(), "\r"); line != "" {
			lines = append(lines, line)
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return lines
}

// benchmarkLists runs f on every dataset and on the WPT inputs.
func benchmarkLists(b *testing.B, f func(b *testing.B, urls []string)) {
	for _, name := range datasets {
		b.Run(strings.TrimSuffix(name, ".txt"), func(b *testing.B) {
			f(b, readLines(b, name))
		})
	}
	b.Run("wpt", func(b *testing.B) {
		inputs, _ := wptInputs()
		if len(inputs) == 0 {
			b.Fatal("testdata/wpt is missing: run `make wpt`")
		}
		f(b, inputs)
	})
}

// perURL runs op on the URLs in turn, b.N times in all.
func perURL(b *testing.B, urls []string, op func(string)) {
	total := 0
	for _, u := range urls {
		total += len(u)
	}
	b.SetBytes(int64(total / len(urls)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		op(urls[i%len(urls)])
	}
}

func BenchmarkParse(b *testing.B) {
	benchmarkLists(b, func(b *testing.B, urls []string) {
		perURL(b, urls, func(s string) { _, _ = Parse(s) })
	})
}

func BenchmarkCanParse(b *testing.B) {
	benchmarkLists(b, func(b *testing.B, urls []string) {
		perURL(b, urls, func(s string) { CanParse(s) })
	})
}

// BenchmarkNetURLParse is the baseline: net/url's RFC 3986 parser on the same lists.
func BenchmarkNetURLParse(b *testing.B) {
	benchmarkLists(b, func(b *testing.B, urls []string) {
		perURL(b, urls, func(s string) { _, _ = url.Parse(s) })
	})
}

// BenchmarkResolve parses each URL's path, query and fragment as a
// reference against a parsed base, as a crawler resolves the links of a
// page.
func BenchmarkResolve(b *testing.B) {
	base, err := Parse("https://example.com/dir/sub/page.html?x=1#top")
	if err != nil {
		b.Fatal(err)
	}
	benchmarkLists(b, func(b *testing.B, urls []string) {
		refs := pathRefs(urls)
		perURL(b, refs, func(s string) { _, _ = base.Parse(s) })
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

// BenchmarkParseInto parses each URL into one URL reused, as the command
// does: allocs/op is what a URL costs then, nothing for an input that is
// its own serialization.
func BenchmarkParseInto(b *testing.B) {
	benchmarkLists(b, func(b *testing.B, urls []string) {
		var p Parser
		var u URL
		perURL(b, urls, func(s string) { _ = p.ParseInto(&u, s) })
	})
}

// BenchmarkResolveInto resolves the references of BenchmarkResolve into
// one URL reused: allocs/op is the new hrefs.
func BenchmarkResolveInto(b *testing.B) {
	base, err := Parse("https://example.com/dir/sub/page.html?x=1#top")
	if err != nil {
		b.Fatal(err)
	}
	benchmarkLists(b, func(b *testing.B, urls []string) {
		refs := pathRefs(urls)
		p := Parser{Base: base}
		var u URL
		perURL(b, refs, func(s string) { _ = p.ParseInto(&u, s) })
	})
}

// BenchmarkCanonicalize canonicalizes each URL with each profile.
func BenchmarkCanonicalize(b *testing.B) {
	for _, p := range profiles {
		b.Run(p.name, func(b *testing.B) {
			benchmarkLists(b, func(b *testing.B, urls []string) {
				perURL(b, urls, func(s string) { _, _ = p.c.Canonicalize(s) })
			})
		})
	}
}

// BenchmarkSURT makes the SURT of each URL.
func BenchmarkSURT(b *testing.B) {
	benchmarkLists(b, func(b *testing.B, urls []string) {
		perURL(b, urls, func(s string) { _, _ = SURT(s, SURTOptions{}) })
	})
}
