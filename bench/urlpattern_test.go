package bench

import (
	"testing"

	dunglas "github.com/dunglas/go-urlpattern"
	"github.com/weburl/weburl/urlpattern"
)

// urlPatternCases are the five cases of go-urlpattern's benchmark, which
// ../../shared/tools/ada/urlpattern_bench.cpp times for ada as well.
var urlPatternCases = []struct{ name, pattern, input string }{
	{"simple", "https://example.com/foo/bar", "https://example.com/foo/bar"},
	{"wildcard", "https://*.example.com/*", "https://api.example.com/users/42"},
	{"named", "https://example.com/users/:id/posts/:postId", "https://example.com/users/42/posts/7"},
	{"regex", "https://example.com/items/(\\d+)", "https://example.com/items/12345"},
	{"miss", "https://example.com/foo", "https://example.com/bar"},
}

// benchBoth runs ours and theirs as sub-benchmarks on each case, with
// the pattern compiled by weburl's urlpattern and by
// github.com/dunglas/go-urlpattern.
func benchBoth(b *testing.B, ours func(p *urlpattern.Pattern, input string), theirs func(p *dunglas.URLPattern, input string)) {
	for _, c := range urlPatternCases {
		p := urlpattern.MustCompile(c.pattern)
		q, err := dunglas.New(c.pattern, "", nil)
		if err != nil {
			b.Fatal(err)
		}
		if p.Test(c.input) != q.Test(c.input, "") {
			b.Fatalf("%s: the libraries disagree", c.name)
		}
		b.Run("case="+c.name+"/lib=weburl", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				ours(p, c.input)
			}
		})
		b.Run("case="+c.name+"/lib=dunglas", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				theirs(q, c.input)
			}
		})
	}
}

// BenchmarkURLPatternTest times test(input): the URL parsed and matched,
// by weburl's urlpattern and by github.com/dunglas/go-urlpattern.
//
//	go test -run '^$' -bench URLPattern -benchmem -count 10 | tee up.txt
//	go tool benchstat -col /lib up.txt
func BenchmarkURLPatternTest(b *testing.B) {
	benchBoth(b, func(p *urlpattern.Pattern, input string) { p.Test(input) },
		func(p *dunglas.URLPattern, input string) { p.Test(input, "") })
}

// BenchmarkURLPatternExec times exec(input), as BenchmarkURLPatternTest
// times test.
func BenchmarkURLPatternExec(b *testing.B) {
	benchBoth(b, func(p *urlpattern.Pattern, input string) { p.Exec(input) },
		func(p *dunglas.URLPattern, input string) { p.Exec(input, "") })
}

// BenchmarkURLPatternCompile times the constructor.
func BenchmarkURLPatternCompile(b *testing.B) {
	for _, c := range urlPatternCases {
		b.Run("case="+c.name+"/lib=weburl", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				urlpattern.Compile(c.pattern, nil)
			}
		})
		b.Run("case="+c.name+"/lib=dunglas", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				dunglas.New(c.pattern, "", nil)
			}
		})
	}
}
