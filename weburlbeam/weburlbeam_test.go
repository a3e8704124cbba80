package weburlbeam

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/weburl/weburl"
	"github.com/weburl/weburl/canon"
	"github.com/weburl/weburl/internal/corpus"
	"github.com/weburl/weburl/weburlbeam/internal/beamtest"
)

// TestMain runs the tests on the Prism runner, in this process, where
// the loopback is the only interface up (see beamtest.Main).
func TestMain(m *testing.M) {
	beamtest.Main(m, "weburlbeam")
}

func init() {
	register.Function1x1(hrefOf)
	register.Function1x1(invalidString)
	register.Function2x1(keyString)
	register.Function2x1(countString)
}

func hrefOf(u weburl.URL) string { return u.Href() }

func invalidString(i Invalid) string { return i.Line + "\t" + i.Code }

func keyString(k string, u weburl.URL) string { return k + "\t" + u.Href() }

func countString(site string, n int) string { return fmt.Sprintf("%s\t%d", site, n) }

// TestParseURLs parses the inputs of urltestdata.json without a base:
// the hrefs are the standard's (the data's href), the failures the
// data's failures, with weburl's codes.
func TestParseURLs(t *testing.T) {
	beamtest.RunsPipelines(t)
	var lines, hrefs, invalid []string
	for _, c := range corpus.URLCases(t) {
		if c.Base != nil || strings.ContainsAny(c.Input, "\n\r") || strings.HasPrefix(c.Input, "\uFEFF") {
			continue // a line holds no newline; a line's BOM is dropped
		}
		lines = append(lines, c.Input)
		if c.Failure {
			_, err := weburl.Parse(c.Input)
			invalid = append(invalid, c.Input+"\t"+err.(*weburl.Error).Code.String())
		} else {
			hrefs = append(hrefs, c.Href)
		}
	}
	if len(hrefs) < 100 || len(invalid) < 30 {
		t.Fatalf("%d hrefs and %d failures", len(hrefs), len(invalid))
	}
	p, s := beam.NewPipelineWithRoot()
	urls, bad := ParseURLs(s, beam.CreateList(s, lines))
	passert.EqualsList(s, beam.ParDo(s, hrefOf, urls), hrefs)
	passert.EqualsList(s, beam.ParDo(s, invalidString, bad), invalid)
	ptest.RunAndValidate(t, p)
}

// TestResolveLinks resolves the inputs of urltestdata.json against their
// bases: the hrefs are the data's.
func TestResolveLinks(t *testing.T) {
	beamtest.RunsPipelines(t)
	var links []Link
	var hrefs []string
	for _, c := range corpus.URLCases(t) {
		if c.Base == nil {
			continue
		}
		links = append(links, Link{Page: *c.Base, Href: c.Input})
		if !c.Failure {
			hrefs = append(hrefs, c.Href)
		}
	}
	p, s := beam.NewPipelineWithRoot()
	urls, bad := ResolveLinks(s, beam.CreateList(s, links))
	passert.EqualsList(s, beam.ParDo(s, hrefOf, urls), hrefs)
	passert.Count(s, bad, "invalid", len(links)-len(hrefs))
	ptest.RunAndValidate(t, p)
}

// sample returns every 11th URL of kasztp.txt, and each again with a
// "www." host and a fragment, which Wayback keys alike.
func sample(t *testing.T) []*weburl.URL {
	var urls []*weburl.URL
	for i, line := range corpus.Lines(t, "kasztp.txt") {
		if i%11 != 0 {
			continue
		}
		u, err := weburl.Parse(line)
		if err != nil {
			continue
		}
		urls = append(urls, u)
		v := u.Clone()
		if err := v.SetHash("x"); err == nil {
			urls = append(urls, v)
		}
	}
	return urls
}

func values(urls []*weburl.URL) []weburl.URL {
	var vs []weburl.URL
	for _, u := range urls {
		vs = append(vs, *u)
	}
	return vs
}

// TestKeysAndDedupe keys a sample by Wayback and by SURT, dedupes it, and
// counts it by site, against weburl called directly.
func TestKeysAndDedupe(t *testing.T) {
	beamtest.RunsPipelines(t)
	urls := sample(t)
	var keys, surts, counts []string
	kept := map[string]string{}
	for _, u := range urls {
		k := canon.Wayback.CanonicalizeURL(u)
		keys = append(keys, k+"\t"+u.Href())
		if h, ok := kept[k]; !ok || u.Href() < h {
			kept[k] = u.Href()
		}
		sk, err := canon.SURT(u.Href(), canon.SURTOptions{})
		if err != nil {
			t.Fatal(err)
		}
		surts = append(surts, sk+"\t"+u.Href())
	}
	var deduped []string
	sites := map[string]map[string]bool{}
	for _, h := range kept {
		deduped = append(deduped, h)
		u, _ := weburl.Parse(h)
		if sites[Site(u)] == nil {
			sites[Site(u)] = map[string]bool{}
		}
		sites[Site(u)][h] = true
	}
	for site, hs := range sites {
		counts = append(counts, fmt.Sprintf("%s\t%d", site, len(hs)))
	}
	if len(deduped) == len(urls) || len(sites) < 100 {
		t.Fatalf("%d URLs, %d kept, %d sites", len(urls), len(deduped), len(sites))
	}
	p, s := beam.NewPipelineWithRoot()
	col := beam.CreateList(s, values(urls))
	passert.EqualsList(s, beam.ParDo(s, keyString, Keys(s, col, canon.Wayback)), keys)
	passert.EqualsList(s, beam.ParDo(s, keyString, SURTKeys(s, col, canon.SURTOptions{})), surts)
	d := Dedupe(s, col, canon.Wayback)
	passert.EqualsList(s, beam.ParDo(s, hrefOf, d), deduped)
	passert.EqualsList(s, beam.ParDo(s, countString, CountBySite(s, d)), counts)
	ptest.RunAndValidate(t, p)
}

// TestSite checks the site of hosts of each kind.
func TestSite(t *testing.T) {
	for href, want := range map[string]string{
		"https://www.example.co.uk/a": "example.co.uk",
		"https://a.b.example.com/":    "example.com",
		"http://192.168.1.1/":         "192.168.1.1",
		"http://[::1]:8080/":          "[::1]",
		"http://localhost/":           "localhost",
		"https://co.uk/":              "co.uk",
		"file:///etc/hosts":           NoHost,
		"mailto:a@example.com":        NoHost,
		"sc://opaque%20host/":         "opaque%20host",
	} {
		u, err := weburl.Parse(href)
		if err != nil {
			t.Fatal(err)
		}
		if got := Site(u); got != want {
			t.Errorf("Site(%q) = %q, want %q", href, got, want)
		}
	}
}

// TestReadLines reads files with a byte order mark, CRLF line ends, no
// final newline, and a line longer than the reader's buffer.
func TestReadLines(t *testing.T) {
	beamtest.RunsPipelines(t)
	dir := t.TempDir()
	long := "https://example.com/" + strings.Repeat("a", 100<<10)
	files := map[string]string{
		"a.txt": "\uFEFFhttps://a.example/\r\nhttps://b.example/\n\uFEFFnot-at-start\n",
		"b.txt": "https://c.example/\n\n" + long,
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{"https://a.example/", "https://b.example/", "\uFEFFnot-at-start", "https://c.example/", "", long}
	p, s := beam.NewPipelineWithRoot()
	passert.EqualsList(s, ReadLines(s, filepath.Join(dir, "*.txt")), want)
	ptest.RunAndValidate(t, p)
	if !slices.Contains(want, long) {
		t.Fatal("no long line")
	}
}

// TestWrongTypes builds pipelines that give each transform a PCollection
// of another type than it takes: each panics, when the pipeline is
// built, with a *TypeError naming the type it wanted. No pipeline runs.
func TestWrongTypes(t *testing.T) {
	_, s := beam.NewPipelineWithRoot()
	ints := beam.Create(s, 1, 2)
	lines := beam.Create(s, "https://example.com/")
	urls, _ := ParseURLs(s, lines)
	for _, tc := range []struct {
		transform string
		build     func()
		got, want string
	}{
		{"weburlbeam.ParseURLs", func() { ParseURLs(s, ints) }, "int", "string"},
		{"weburlbeam.ParseURLs", func() { ParseURLs(s, urls) }, "weburl.URL", "string"},
		{"weburlbeam.ParseLinks", func() { ParseLinks(s, ints) }, "int", "string"},
		{"weburlbeam.ResolveLinks", func() { ResolveLinks(s, lines) }, "string", "weburlbeam.Link"},
		{"weburlbeam.Keys", func() { Keys(s, lines, canon.Wayback) }, "string", "weburl.URL"},
		{"weburlbeam.SURTKeys", func() { SURTKeys(s, lines, canon.SURTOptions{}) }, "string", "weburl.URL"},
		{"weburlbeam.Dedupe", func() { Dedupe(s, Keys(s, urls, canon.Wayback), canon.Wayback) }, "KV<string,weburl.URL>", "weburl.URL"},
		{"weburlbeam.CountBySite", func() { CountBySite(s, lines) }, "string", "weburl.URL"},
		{"weburlbeam.CountBySite", func() { CountBySite(s, beam.PCollection{}) }, "", "weburl.URL"},
	} {
		func() {
			defer func() {
				e, ok := recover().(*TypeError)
				if !ok || e.Transform != tc.transform || e.Got != tc.got || e.Want != tc.want {
					t.Errorf("%s given a PCollection<%s>: panics with %#v, want a *TypeError wanting %s", tc.transform, tc.got, e, tc.want)
				} else {
					t.Log(e)
				}
			}()
			tc.build()
		}()
	}
}
