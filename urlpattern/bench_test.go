package urlpattern

import (
	"fmt"
	"maps"
	"testing"

	"github.com/weburl/weburl"
)

// benchCases are the five cases of go-urlpattern's benchmark, which
// bench/ also times for github.com/dunglas/go-urlpattern and ada.
var benchCases = []struct{ name, pattern, input string }{
	{"simple", "https://example.com/foo/bar", "https://example.com/foo/bar"},
	{"wildcard", "https://*.example.com/*", "https://api.example.com/users/42"},
	{"named", "https://example.com/users/:id/posts/:postId", "https://example.com/users/42/posts/7"},
	{"regex", "https://example.com/items/(\\d+)", "https://example.com/items/12345"},
	{"miss", "https://example.com/foo", "https://example.com/bar"},
}

// benchEach runs op as a sub-benchmark on each case, with its pattern
// compiled and its input parsed.
func benchEach(b *testing.B, op func(p *Pattern, input string, u *weburl.URL)) {
	for _, c := range benchCases {
		p := MustCompile(c.pattern)
		u, _ := weburl.Parse(c.input)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				op(p, c.input, u)
			}
		})
	}
}

// BenchmarkTest times Test(rawURL): parsing the URL and matching it.
func BenchmarkTest(b *testing.B) {
	benchEach(b, func(p *Pattern, input string, _ *weburl.URL) { p.Test(input) })
}

// BenchmarkTestURL times TestURL on a URL parsed once.
func BenchmarkTestURL(b *testing.B) {
	benchEach(b, func(p *Pattern, _ string, u *weburl.URL) { p.TestURL(u) })
}

// BenchmarkExec times Exec(rawURL).
func BenchmarkExec(b *testing.B) {
	benchEach(b, func(p *Pattern, input string, _ *weburl.URL) { p.Exec(input) })
}

// BenchmarkCompile times Compile.
func BenchmarkCompile(b *testing.B) {
	for _, c := range benchCases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Compile(c.pattern, nil)
			}
		})
	}
}

// setBench returns the sets BenchmarkSet and TestSetSpeed time: the
// hand-written route and crawl-scope sets, with URLs made for them, and
// the sets made from the URL lists (realSets), the routes on any host
// (anyHostRoutes), and those whose patterns differ only in their port,
// username or fragment (numberedSets).
func setBench(tb testing.TB) map[string]setCase {
	out := realSets(tb)
	for name, srcs := range map[string][]string{"routes": routePatterns(), "crawl": crawlPatterns()} {
		out[name] = setCase{compileAll(tb, srcs), setURLs(tb)[:1200]}
	}
	out["routes on any host"] = anyHostRoutes(tb)
	maps.Copy(out, numberedSets(tb))
	return out
}

// numberedSets returns sets of patterns that differ only in their port,
// username or fragment, a number in each (numbered).
func numberedSets(tb testing.TB) map[string]setCase {
	return map[string]setCase{
		"servers by port":      numbered(tb, "http://localhost:%d/*", "http://localhost:%d/app/page"),
		"accounts by username": numbered(tb, "https://user%d@example.com/*", "https://user%d@example.com/home"),
		"sections by fragment": numbered(tb, "https://example.com/doc#section-%d", "https://example.com/doc#section-%d"),
	}
}

// numbered returns a set of 100 patterns, pattern with the numbers 8000
// to 8099 in it, and 300 URLs, url with 8000 to 8149 in it, each twice:
// half of them match a pattern, each one pattern.
func numbered(tb testing.TB, pattern, url string) setCase {
	var srcs []string
	for i := range 100 {
		srcs = append(srcs, fmt.Sprintf(pattern, 8000+i))
	}
	c := setCase{ps: compileAll(tb, srcs)}
	for i := range 300 {
		u, err := weburl.Parse(fmt.Sprintf(url, 8000+i%150))
		if err != nil {
			tb.Fatal(err)
		}
		c.urls = append(c.urls, u)
	}
	return c
}

// BenchmarkSet times Set.Match against a loop of TestURL that stops at
// the first match, per URL, on sets of 100 patterns.
func BenchmarkSet(b *testing.B) { benchSets(b, 1) }

// BenchmarkSetTwice is BenchmarkSet with Match, and the loop, called twice
// on each URL in turn, its ns/URL the time of both calls: the second
// finds the URL's fields and bytes in the cache, where the first reads
// them from memory, as BenchmarkSet's calls do for most URLs of a list
// too large for the cache. Less BenchmarkSet's ns/URL, it is the time of
// a call on a URL in the cache, the index's own work; the difference of
// the two is what the URL's first reads cost, paid by Match and the loop
// alike, which bounds how many times as fast Match can be on a set whose
// loop is cheap (bench/README.md).
func BenchmarkSetTwice(b *testing.B) { benchSets(b, 2) }

// benchSets runs BenchmarkSet with Match, and the loop, called calls
// times on each URL in turn (each called directly: through a func value
// BenchmarkSet's figures would have a call more in them).
func benchSets(b *testing.B, calls int) {
	perURL := func(b *testing.B, urls int) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*urls), "ns/URL")
	}
	for name, sb := range setBench(b) {
		s := NewSet(sb.ps...)
		b.Run(name+"/set", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, u := range sb.urls {
					for range calls {
						s.Match(u)
					}
				}
			}
			perURL(b, len(sb.urls))
		})
		b.Run(name+"/loop", func(b *testing.B) {
			for b.Loop() {
				for _, u := range sb.urls {
					for range calls {
						loopMatch(sb.ps, u)
					}
				}
			}
			perURL(b, len(sb.urls))
		})
	}
}

// BenchmarkSetMany times Set.Match on large sets: a router's routes on
// one host, each under a first segment of its own (manyRoutes), and the
// crawl scopes of many sites, five each (manyScopes), from 100 to 50,000
// patterns. TestSetManyShapes holds the time on 10,000 to four times
// that on 100.
func BenchmarkSetMany(b *testing.B) {
	for _, c := range []struct {
		name string
		make func(testing.TB, int) ([]*Pattern, []*weburl.URL)
		per  int // patterns per unit of make's n
	}{{"routes", manyRoutes, 1}, {"scopes", manyScopes, 5}} {
		for _, n := range []int{100, 1000, 10000, 50000} {
			ps, urls := c.make(b, n/c.per)
			s := NewSet(ps...)
			b.Run(fmt.Sprintf("%s/%d", c.name, n), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					for _, u := range urls {
						s.Match(u)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(urls)), "ns/URL")
			})
		}
	}
}
