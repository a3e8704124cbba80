// Package bench compares weburl with net/url and github.com/nlnwa/whatwg-url
// (the other pure-Go WHATWG URL parser) on real URL lists. It is a module
// of its own so that the library's go.mod needs neither.
//
//	cd bench && ./run.sh 10
//
// runs every benchmark once per round for ten rounds and prints benchstat's
// comparison with net/url (see README.md for the results and why rounds).
//
// Each benchmark op parses a whole list (the four lists of
// ../testdata/datasets and the inputs of ../testdata/wpt/urltestdata.json);
// ns/url and allocs/url are per URL, MB/s over the list's bytes.
package bench

import (
	"bufio"
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	whatwg "github.com/nlnwa/whatwg-url/url"
	"github.com/weburl/weburl"
)

var lists = []string{"kasztp", "userbait", "isaacs_files", "node_files", "wpt"}

// load returns the URLs of a list.
func load(b *testing.B, name string) []string {
	b.Helper()
	if name == "wpt" {
		data, err := os.ReadFile(filepath.Join("..", "testdata", "wpt", "urltestdata.json"))
		if err != nil {
			b.Fatalf("%v: run `make wpt` in the repository root", err)
		}
		var cases []json.RawMessage
		if err := json.Unmarshal(data, &cases); err != nil {
			b.Fatal(err)
		}
		var urls []string
		for _, c := range cases {
			var tc struct {
				Input string `json:"input"`
			}
			if json.Unmarshal(c, &tc) == nil {
				urls = append(urls, tc.Input)
			}
		}
		return urls
	}
	f, err := os.Open(filepath.Join("..", "testdata", "datasets", name+".txt"))
	if err != nil {
		b.Fatalf("%v: run `make datasets` in the repository root", err)
	}
	defer f.Close()
	var urls []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if line := strings.TrimSuffix(sc.Text(), "\r"); line != "" {
			urls = append(urls, line)
		}
	}
	return urls
}

// run runs f on every URL of the list per op and reports the time and
// allocations per URL.
func run(b *testing.B, urls []string, f func(string)) {
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
		for _, u := range urls {
			f(u)
		}
	}
	b.StopTimer()
	runtime.ReadMemStats(&after)
	n := float64(b.N) * float64(len(urls))
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/url")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/n, "allocs/url")
}

// each runs one benchmark per list and implementation.
func each(b *testing.B, impls map[string]func(b *testing.B, urls []string)) {
	for _, name := range lists {
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

// BenchmarkResolve resolves each URL's path, query and fragment, as a
// relative reference, against a parsed base: weburl's base.Parse(ref), and
// net/url's base.Parse(ref) then String.
func BenchmarkResolve(b *testing.B) {
	const baseHref = "https://example.com/dir/sub/page.html?x=1#top"
	webBase, _ := weburl.Parse(baseHref)
	stdBase, _ := url.Parse(baseHref)
	refsOf := func(urls []string) []string {
		var refs []string
		for _, s := range urls {
			if u, err := weburl.Parse(s); err == nil && !strings.HasPrefix(u.Pathname(), "//") {
				refs = append(refs, strings.TrimPrefix(u.Pathname(), "/")+u.Search()+u.Hash())
			}
		}
		return refs
	}
	each(b, map[string]func(*testing.B, []string){
		"net-url": func(b *testing.B, urls []string) {
			run(b, refsOf(urls), func(ref string) {
				if u, err := stdBase.Parse(ref); err == nil {
					sinkStr = u.String()
				}
			})
		},
		"weburl": func(b *testing.B, urls []string) {
			run(b, refsOf(urls), func(ref string) { sinkWeb, _ = webBase.Parse(ref) })
		},
	})
}
