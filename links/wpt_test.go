package links

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/weburl/weburl"
)

// readJSON reads a file of links/testdata into v.
func readJSON(t *testing.T, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// TestSrcsetWPT runs the web-platform-tests' cases of "parse a srcset
// attribute" (testdata/wpt-srcset.json): the candidate an img's
// currentSrc selects there is, in every case, the first candidate the
// parser keeps, and none is kept where it expects none.
func TestSrcsetWPT(t *testing.T) {
	var data struct {
		Cases []struct {
			Srcset, Expect string
			Resolve        bool
		}
	}
	readJSON(t, "wpt-srcset.json", &data)
	base := weburl.MustParse("https://example.com/srcset/test.html")
	for _, c := range data.Cases {
		var first *candidate
		for cand := range candidates(c.Srcset) {
			first = &cand
			break
		}
		switch {
		case c.Expect == "" && first != nil:
			t.Errorf("%q: candidate %q, want none", c.Srcset, first.url)
		case c.Expect != "" && first == nil:
			t.Errorf("%q: no candidate, want %q", c.Srcset, c.Expect)
		case c.Expect != "" && c.Resolve:
			got, err1 := base.Parse(first.url)
			want, err2 := base.Parse(c.Expect)
			if err1 != nil || err2 != nil || got.Href() != want.Href() {
				t.Errorf("%q: candidate %q, want %q resolved", c.Srcset, first.url, c.Expect)
			}
		case c.Expect != "" && first.url != c.Expect:
			t.Errorf("%q: candidate %q, want %q", c.Srcset, first.url, c.Expect)
		}
	}
	if len(data.Cases) != 235 {
		t.Errorf("%d cases, want 235", len(data.Cases))
	}
}

// TestRefreshWPT runs the web-platform-tests' cases of meta refresh
// parsing (testdata/wpt-refresh.json): the time, and the URL the refresh
// goes to, resolved against the document, which the test names
// refresh.sub.html.
func TestRefreshWPT(t *testing.T) {
	var data struct {
		Cases []struct {
			Content  string
			Expected []any
		}
	}
	readJSON(t, "wpt-refresh.json", &data)
	doc := weburl.MustParse("https://example.com/refresh/refresh.sub.html")
	for _, c := range data.Cases {
		time, url, hasURL := refreshSteps(c.Content)
		if len(c.Expected) == 0 {
			if time >= 0 {
				t.Errorf("%q: a refresh after %d s, want none", c.Content, time)
			}
			continue
		}
		wantTime, wantURL := int(c.Expected[0].(float64)), c.Expected[1].(string)
		if time != wantTime {
			t.Errorf("%q: time %d, want %d", c.Content, time, wantTime)
		}
		target := doc
		if hasURL {
			u, err := doc.Parse(url)
			if err != nil {
				t.Errorf("%q: URL %q: %v", c.Content, url, err)
				continue
			}
			target = u
		}
		want, _ := doc.Parse(wantURL)
		if target.Href() != want.Href() {
			t.Errorf("%q: refreshes to %s, want %s", c.Content, target.Href(), want.Href())
		}
	}
	if len(data.Cases) != 69 {
		t.Errorf("%d cases, want 69", len(data.Cases))
	}
}
