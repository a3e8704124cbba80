package engines

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/weburl/weburl/browsers/internal/browsertest"
)

// TestGuarantee checks the README's guarantee: for every valid URL
// string (weburl.IsValid) whose URL has an http, https, ws or wss scheme,
// among the web-platform-tests inputs and the four URL lists, Chromium's
// and Firefox's new URL() give weburl's href and host. It checks too that
// the README's table of agreement has the figures measured here.
func TestGuarantee(t *testing.T) {
	pairs, err := Inputs(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	ours := Weburl(pairs)
	readme, err := os.ReadFile(filepath.Join("..", "..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	chromium, firefox := browsersAnswer(t, pairs)
	for _, e := range []struct {
		name   string
		theirs []Result
	}{{"Chromium", chromium}, {"Firefox", firefox}} {
		breaches, covered := Breaches(pairs, ours, e.theirs)
		t.Logf("%s: %d valid http(s)/ws(s) URL strings, %d breaches", e.name, covered, len(breaches))
		if covered < 50000 {
			t.Errorf("%s: the guarantee covers only %d pairs", e.name, covered)
		}
		for _, b := range breaches {
			t.Errorf("%s: %s", e.name, b)
		}
		r := Compare(e.name, pairs, ours, e.theirs)
		row := regexp.MustCompile(`(?m)^\| ` + e.name + ` [^|]*\| ([0-9.]+)% \| ([0-9.]+)% \| ([0-9.]+)% \|`).FindSubmatch(readme)
		want := []string{pct(r.SameHref, r.Pairs), pct(r.SameOutcome, r.Pairs), pct(r.SameHost, r.BothParse)}
		if row == nil {
			t.Errorf("README.md has no row for %s in its table of browsers", e.name)
		} else if got := []string{string(row[1]), string(row[2]), string(row[3])}; strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("README.md says %s agrees %v%%, measured %v%%", e.name, got, want)
		}
	}
}

// TestLimits checks the limits of the guarantee that the README gives as
// examples: inputs the standard rejects, or resolves otherwise, where an
// engine goes elsewhere. Each is the engine's departure from the
// standard, measured; the test fails when an engine changes, so that the
// README changes with it.
func TestLimits(t *testing.T) {
	pairs := []Pair{
		{Input: "http://％４１.com"},
		{Input: "http://[::%31]"},
		{Input: "//evil.com\x00@allowed.com/", Base: "https://allowed.com/"},
	}
	ours := Weburl(pairs)
	chromium, firefox := browsersAnswer(t, pairs)
	for i, want := range []struct{ weburl, chromium, firefox string }{
		{"failure", "http://a.com/", "failure"},
		{"failure", "http://[::1]/", "failure"},
		{"allowed.com", "allowed.com", "evil.com"},
	} {
		got := func(r Result, host bool) string {
			switch {
			case !r.OK:
				return "failure"
			case host:
				return r.Hostname
			}
			return r.Href
		}
		host := i == 2
		if g := got(ours[i], host); g != want.weburl {
			t.Errorf("%q: weburl %q, want %q", pairs[i].Input, g, want.weburl)
		}
		if g := got(chromium[i], host); g != want.chromium {
			t.Errorf("%q: Chromium %q, the README says %q", pairs[i].Input, g, want.chromium)
		}
		if g := got(firefox[i], host); g != want.firefox {
			t.Errorf("%q: Firefox %q, the README says %q", pairs[i].Input, g, want.firefox)
		}
	}
}

// browsersAnswer runs the pairs through Chromium's and Firefox's new
// URL(), within five minutes.
func browsersAnswer(t *testing.T, pairs []Pair) (chromium, firefox []Result) {
	t.Helper()
	ctx, cancel := context.WithTimeout(browsertest.Chromium(t), 5*time.Minute)
	defer cancel()
	chromium, err := Chromium(ctx, pairs)
	if err != nil {
		t.Fatal(err)
	}
	if firefox, _, err = Firefox(ctx, pairs); err != nil {
		t.Fatal(err)
	}
	return chromium, firefox
}
