package links

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/linear"
	"golang.org/x/net/html"
)

var docURL = weburl.MustParse("https://example.com/dir/page.html")

func TestNoURL(t *testing.T) {
	for _, u := range []*weburl.URL{nil, {}} {
		if _, err := Extract(strings.NewReader("<a href=x>"), Options{URL: u}); !errors.Is(err, ErrNoURL) {
			t.Errorf("URL %v: error %v, want ErrNoURL", u, err)
		}
	}
}

func TestBadEncoding(t *testing.T) {
	_, err := Extract(strings.NewReader("<a href=x>"), Options{URL: docURL, Encoding: "no-such-encoding"})
	var e *EncodingError
	if !errors.As(err, &e) || e.Label != "no-such-encoding" {
		t.Errorf("error %v, want an EncodingError", err)
	}
}

// countingReader counts the bytes read from it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// TestMaxBytes checks that Extract reads at most MaxBytes+1 bytes, that a
// document of MaxBytes is read whole and a longer one is an error that
// says so.
func TestMaxBytes(t *testing.T) {
	const limit = 1000
	page := []byte(`<a href="x">` + strings.Repeat("y", limit-12))
	for _, extra := range []int{0, 1, 2, 1 << 20} {
		body := append(bytes.Clone(page), bytes.Repeat([]byte("z"), extra)...)
		// io.MultiReader hides the length, as a network body does.
		r := &countingReader{r: io.MultiReader(bytes.NewReader(body))}
		d, err := Extract(r, Options{URL: docURL, MaxBytes: limit})
		if r.n > limit+1 {
			t.Errorf("%d bytes: read %d, more than MaxBytes+1", len(body), r.n)
		}
		var tooLong *TooLongError
		switch {
		case len(body) <= limit && err != nil:
			t.Errorf("%d bytes: %v", len(body), err)
		case len(body) <= limit && (len(d.Links) != 1 || d.Links[0].URL.Href() != "https://example.com/dir/x"):
			t.Errorf("%d bytes: links %v", len(body), d.Links)
		case len(body) > limit && !errors.As(err, &tooLong):
			t.Errorf("%d bytes: error %v, want a TooLongError", len(body), err)
		case len(body) > limit && (tooLong.MaxBytes != limit || !strings.Contains(err.Error(), "1000 bytes")):
			t.Errorf("%d bytes: %v", len(body), err)
		}
	}
	// Without a limit of the caller's, DefaultMaxBytes.
	r := &countingReader{r: io.MultiReader(strings.NewReader("<a href=x>"), zeros{})}
	if _, err := Extract(r, Options{URL: docURL}); !errors.As(err, new(*TooLongError)) || r.n != DefaultMaxBytes+1 {
		t.Errorf("an endless document: read %d bytes, error %v", r.n, err)
	}
}

// zeros is an endless reader of spaces.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	return len(p), nil
}

// TestReadError checks that a reader's error is Extract's.
func TestReadError(t *testing.T) {
	boom := errors.New("boom")
	r := io.MultiReader(strings.NewReader("<a href=x>"), errReader{boom})
	if _, err := Extract(r, Options{URL: docURL}); !errors.Is(err, boom) {
		t.Errorf("error %v, want %v", err, boom)
	}
}

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// TestLinkErrors checks a link that does not parse: nil URL, a
// *weburl.Error naming the validation error, the raw value kept.
func TestLinkErrors(t *testing.T) {
	d, err := Extract(strings.NewReader(`<a href="http://exa mple.com/">x</a><img src="https://[::1">`), Options{URL: docURL})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Links) != 2 {
		t.Fatalf("links %v", d.Links)
	}
	for _, l := range d.Links {
		var e *weburl.Error
		if l.URL != nil || !errors.As(l.Err, &e) {
			t.Errorf("%s %s=%q: URL %v, error %v", l.Element, l.Attr, l.Raw, l.URL, l.Err)
		}
	}
	if d.Links[0].Raw != "http://exa mple.com/" {
		t.Errorf("raw %q", d.Links[0].Raw)
	}
}

// realPages returns the recorded real pages.
func realPages(t testing.TB) []recordedDoc {
	docs, _, _ := readRecordings(t)
	var pages []recordedDoc
	for _, d := range docs {
		if strings.HasPrefix(d.Name, "real/") {
			pages = append(pages, d)
		}
	}
	if len(pages) == 0 {
		t.Fatal("no real pages in testdata/chromium")
	}
	return pages
}

// size is the pages' bytes.
func size(pages []recordedDoc) int64 {
	var n int64
	for _, p := range pages {
		n += int64(len(p.Body))
	}
	return n
}

// BenchmarkExtract extracts the links of the recorded real pages (Go's,
// Node's, libxslt's and Rust's documentation), and reports MB/s and
// links/s. BenchmarkParseHTML is x/net/html's parse of the same bytes,
// the bound Extract is held to (TestExtractCost).
func BenchmarkExtract(b *testing.B) {
	pages := realPages(b)
	var links int64
	b.SetBytes(size(pages))
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range pages {
			d, err := Extract(bytes.NewReader(p.Body), Options{URL: weburl.MustParse(p.URL), ContentType: p.ContentType})
			if err != nil {
				b.Fatal(err)
			}
			links += int64(len(d.Links))
		}
	}
	b.ReportMetric(float64(links)/b.Elapsed().Seconds(), "links/s")
}

func BenchmarkParseHTML(b *testing.B) {
	pages := realPages(b)
	b.SetBytes(size(pages))
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range pages {
			if _, err := html.Parse(bytes.NewReader(p.Body)); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// TestExtractCost holds Extract to its budget on the recorded real pages:
// at most twice x/net/html's parse of the same bytes, measured side by
// side as linear.Ratio measures (BenchmarkExtract gives the figures:
// Extract takes 1.05 to 1.4 times the parse, with CPU-bound programs
// beside it), and beyond the parse's allocations, one per link (its
// URL's href) and a few per document.
func TestExtractCost(t *testing.T) {
	if testing.Short() {
		t.Skip("timing: not in -short")
	}
	pages := realPages(t)
	extract := func(p recordedDoc) *Document {
		d, err := Extract(bytes.NewReader(p.Body), Options{URL: weburl.MustParse(p.URL), ContentType: p.ContentType})
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	parse := func(p recordedDoc) {
		if _, err := html.Parse(bytes.NewReader(p.Body)); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range pages {
		n := len(extract(p).Links)
		extra := testing.AllocsPerRun(3, func() { extract(p) }) - testing.AllocsPerRun(3, func() { parse(p) })
		// Per document: the URL, the bytes, the walker, its slices'
		// growth (doublings), the URL chunks.
		if budget := float64(n + 64 + n/16); extra > budget {
			t.Errorf("%s: %d links, %.0f allocations more than html.Parse (budget %.0f)", p.Name, n, extra, budget)
		}
	}
	ratio := linear.Ratio(t, "Extract against html.Parse", 2, func() {
		for _, p := range pages {
			extract(p)
		}
	}, func() {
		for _, p := range pages {
			parse(p)
		}
	})
	t.Logf("Extract takes %.2f times html.Parse's time", ratio)
}
