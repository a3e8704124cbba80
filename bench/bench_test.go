package bench

// Each benchmark op parses a whole list (see Load); ns/url and allocs/url
// are per URL, MB/s over the list's bytes. run.sh runs them in rounds and
// prints benchstat's comparison with net/url.

import (
	"net/url"
	"runtime"
	"testing"

	"github.com/nlnwa/whatwg-url/canonicalizer"
	whatwg "github.com/nlnwa/whatwg-url/url"
	"github.com/weburl/weburl"
	"github.com/weburl/weburl/canon"
)

// load returns the URLs of a list, from ../testdata.
func load(b *testing.B, name string) []string {
	b.Helper()
	urls, err := Load("../testdata", name)
	if err != nil {
		b.Fatal(err)
	}
	return urls
}

// run runs f on every URL of the list per op and reports the time and
// allocations per URL.
func run(b *testing.B, urls []string, f func(string)) {
	measure(b, urls, len(urls), func() {
		for _, u := range urls {
			f(u)
		}
	})
}

// runEach runs f(i) for i from 0 to n per op, as run does for a list's
// URLs, and reports the time and allocations per URL.
func runEach(b *testing.B, urls []string, n int, f func(int)) {
	measure(b, urls, n, func() {
		for i := range n {
			f(i)
		}
	})
}

// measure runs op, which handles n URLs, b.N times, and reports the time
// and allocations per URL and the throughput over the list's bytes.
func measure(b *testing.B, urls []string, n int, op func()) {
	size := 0
	for _, u := range urls {
		size += len(u)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	b.ResetTimer()
	for range b.N {
		op()
	}
	b.StopTimer()
	runtime.ReadMemStats(&after)
	total := float64(b.N) * float64(n)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/total, "ns/url")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/total, "allocs/url")
}

// each runs one benchmark per list and implementation.
func each(b *testing.B, impls map[string]func(b *testing.B, urls []string)) {
	for _, name := range Lists {
		urls := load(b, name)
		for _, impl := range []string{"net-url", "weburl", "nlnwa"} {
			if f, ok := impls[impl]; ok {
				b.Run("data="+name+"/impl="+impl, func(b *testing.B) { f(b, urls) })
			}
		}
	}
}

// Sinks keep the compiler from dropping the work.
var (
	sinkWeb *weburl.URL
	sinkStd *url.URL
	sinkStr string
	sinkOK  bool
	sinkNl  *whatwg.Url
)

func BenchmarkParse(b *testing.B) {
	nl := whatwg.NewParser()
	each(b, map[string]func(*testing.B, []string){
		"net-url": func(b *testing.B, urls []string) { run(b, urls, func(s string) { sinkStd, _ = url.Parse(s) }) },
		"weburl":  func(b *testing.B, urls []string) { run(b, urls, func(s string) { sinkWeb, _ = weburl.Parse(s) }) },
		"nlnwa":   func(b *testing.B, urls []string) { run(b, urls, func(s string) { sinkNl, _ = nl.Parse(s) }) },
	})
}

// BenchmarkParseHref parses and serializes: net/url's String, weburl's
// Href (which it already has).
func BenchmarkParseHref(b *testing.B) {
	each(b, map[string]func(*testing.B, []string){
		"net-url": func(b *testing.B, urls []string) {
			run(b, urls, func(s string) {
				if u, err := url.Parse(s); err == nil {
					sinkStr = u.String()
				}
			})
		},
		"weburl": func(b *testing.B, urls []string) {
			run(b, urls, func(s string) {
				if u, err := weburl.Parse(s); err == nil {
					sinkStr = u.Href()
				}
			})
		},
	})
}

// BenchmarkCanParse compares weburl.CanParse with net/url's Parse, the
// cheapest check net/url has.
func BenchmarkCanParse(b *testing.B) {
	each(b, map[string]func(*testing.B, []string){
		"net-url": func(b *testing.B, urls []string) { run(b, urls, func(s string) { sinkStd, _ = url.Parse(s) }) },
		"weburl":  func(b *testing.B, urls []string) { run(b, urls, func(s string) { sinkOK = weburl.CanParse(s) }) },
	})
}

// BenchmarkResolve resolves each list's references (see Refs) against
// their bases: weburl's base.Parse(ref) then Href, which it has, and
// net/url's base.Parse(ref) then String.
func BenchmarkResolve(b *testing.B) {
	webBases := map[string]*weburl.URL{}
	stdBases := map[string]*url.URL{}
	for _, s := range []string{WebBase, FileBase} {
		webBases[s], _ = weburl.Parse(s)
		stdBases[s], _ = url.Parse(s)
	}
	type webRef struct {
		base *weburl.URL
		ref  string
	}
	type stdRef struct {
		base *url.URL
		ref  string
	}
	each(b, map[string]func(*testing.B, []string){
		"net-url": func(b *testing.B, urls []string) {
			var refs []stdRef
			for _, r := range Refs(urls) {
				refs = append(refs, stdRef{stdBases[r.Base], r.Ref})
			}
			runEach(b, urls, len(refs), func(i int) {
				if u, err := refs[i].base.Parse(refs[i].ref); err == nil {
					sinkStr = u.String()
				}
			})
		},
		"weburl": func(b *testing.B, urls []string) {
			var refs []webRef
			for _, r := range Refs(urls) {
				refs = append(refs, webRef{webBases[r.Base], r.Ref})
			}
			runEach(b, urls, len(refs), func(i int) {
				if u, err := refs[i].base.Parse(refs[i].ref); err == nil {
					sinkStr = u.Href()
				}
			})
		},
	})
}

// BenchmarkCanonicalize makes a key of each URL: weburl's profiles and
// SURT, and nlnwa's canonicalizer profiles where it has a match
// (GoogleSafeBrowsing, and WhatWgSortQuery, which sorts by name), then its
// String. weburl's Parse on the same list is the yardstick of the key's
// cost.
func BenchmarkCanonicalize(b *testing.B) {
	key := func(c *canon.Canonicalizer) func(string) {
		return func(s string) { sinkStr, _ = c.Canonicalize(s) }
	}
	nlnwa := func(p whatwg.Parser) func(string) {
		return func(s string) {
			if u, err := p.Parse(s); err == nil {
				sinkStr = u.String()
			}
		}
	}
	for _, name := range Lists {
		urls := load(b, name)
		for _, bc := range []struct {
			name string
			f    func(string)
		}{
			{"op=parse/impl=weburl", func(s string) { sinkWeb, _ = weburl.Parse(s) }},
			{"op=safebrowsing/impl=weburl", key(&canon.SafeBrowsing)},
			{"op=safebrowsing/impl=nlnwa", nlnwa(canonicalizer.GoogleSafeBrowsing)},
			{"op=wayback/impl=weburl", key(&canon.Wayback)},
			{"op=sortquery/impl=weburl", key(&canon.SortQuery)},
			{"op=sortquery/impl=nlnwa", nlnwa(canonicalizer.WhatWgSortQuery)},
			{"op=surt/impl=weburl", func(s string) { sinkStr, _ = canon.SURT(s, canon.SURTOptions{}) }},
		} {
			b.Run("data="+name+"/"+bc.name, func(b *testing.B) { run(b, urls, bc.f) })
		}
	}
}
