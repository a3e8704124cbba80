package viewer

import (
	"context"
	"encoding/json"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/chromedp/chromedp"
	"github.com/weburl/weburl"
	"github.com/weburl/weburl/browsers/internal/browsertest"
	"github.com/weburl/weburl/internal/corpus"
)

var components = corpus.Attributes

// pageState is what the page shows, read from its DOM.
type pageState struct {
	URL, Base string
	Fields    map[string]string
	Browser   map[string]string
	Differs   map[string]bool
	Status    string
	Valid     string
	Errors    []struct {
		Code, Offset, Mark string
		End                bool
	}
	Fragment string
	Shown    int
	Latency  int
}

const readState = `(() => {
  const $ = (id) => document.getElementById(id);
  const cs = ` + "`href origin protocol username password host hostname port pathname search hash`" + `.split(" ");
  const s = {URL: $("url").value, Base: $("base").value, Fields: {}, Browser: {}, Differs: {},
    Status: $("status").textContent, Valid: document.body.dataset.valid, Errors: [], Fragment: location.hash,
    Shown: +(document.body.dataset.shown || 0), Latency: +(document.body.dataset.latency || -1)};
  for (const c of cs) {
    s.Fields[c] = $(c).textContent;
    s.Browser[c] = $("browser-" + c).textContent;
    s.Differs[c] = $("row-" + c).classList.contains("differs");
  }
  for (const li of $("errors").children) {
    const m = li.querySelector("mark");
    s.Errors.push({Code: li.dataset.code, Offset: li.dataset.offset, Mark: m ? m.textContent : "", End: !!m && m.classList.contains("end")});
  }
  return JSON.stringify(s);
})()`

func state(t *testing.T, ctx context.Context) pageState {
	t.Helper()
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[string](readState))
	if err != nil {
		t.Fatal(err)
	}
	var s pageState
	if err := json.Unmarshal([]byte(raw), &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// browserURL is the browser's own new URL(input, base): its components,
// or nil when it throws.
func browserURL(t *testing.T, ctx context.Context, input, base string) map[string]string {
	t.Helper()
	args, _ := json.Marshal([]string{input, base})
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(([input, base]) => {
  try {
    const u = base === "" ? new URL(input) : new URL(input, base);
    const o = {};
    for (const c of `+"`href origin protocol username password host hostname port pathname search hash`"+`.split(" ")) o[c] = u[c];
    return JSON.stringify(o);
  } catch { return "null"; }
})(`+string(args)+`)`))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]string
	if err := json.Unmarshal([]byte(raw), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// fragment is the page's fragment for a case, form-encoded.
func fragment(input, base string) string {
	v := url.Values{}
	v.Set("url", input)
	if base != "" {
		v.Set("base", base)
	}
	// URLSearchParams writes the pairs in order and " " as "+", as
	// url.Values.Encode does, which sorts them: url before base would
	// not hold, so they are written by hand.
	f := "url=" + url.QueryEscape(input)
	if base != "" {
		f += "&base=" + url.QueryEscape(base)
	}
	return f
}

// check compares what the page shows for input against base with
// weburl's answer and the browser's.
func check(t *testing.T, ctx context.Context, s pageState, input, base string) {
	t.Helper()
	var b *weburl.URL
	var u *weburl.URL
	var err error
	if base != "" {
		b, err = weburl.Parse(base)
	}
	if err == nil {
		u, err = (&weburl.Parser{Base: b}).Parse(input)
	}
	theirs := browserURL(t, ctx, input, base)
	for _, c := range components {
		want := "failure" // as the browser's column says when new URL() throws
		if u != nil {
			want = corpus.Attribute(u, c)
		}
		if s.Fields[c] != want {
			t.Errorf("%q against %q: %s %q, weburl %q", input, base, c, s.Fields[c], want)
		}
		wantBrowser := "failure"
		if theirs != nil {
			wantBrowser = theirs[c]
		}
		if s.Browser[c] != wantBrowser {
			t.Errorf("%q against %q: browser-%s %q, new URL() %q", input, base, c, s.Browser[c], wantBrowser)
		}
		differs := (u == nil) != (theirs == nil) || u != nil && theirs != nil && want != theirs[c]
		if s.Differs[c] != differs {
			t.Errorf("%q against %q: row-%s differs %v, want %v (weburl %q, browser %q)", input, base, c, s.Differs[c], differs, want, wantBrowser)
		}
	}
	// The status line: the failure, or whether the input is a valid URL
	// string, and if not, how many validation errors it has.
	of, baseFails := input, base != "" && b == nil
	if baseFails {
		of = base // the page lists the base's errors
	}
	errs := weburl.Validate(of, b)
	var status string
	switch {
	case err != nil:
		status = "fails: " + err.(*weburl.Error).Code.String()
		if baseFails {
			status += " (the base URL)"
		}
	case len(errs) == 0:
		status = "valid URL string"
	case len(errs) == 1:
		status = "parses; not a valid URL string: 1 validation error"
	default:
		status = "parses; not a valid URL string: " + itoa(len(errs)) + " validation errors"
	}
	if s.Status != status {
		t.Errorf("%q against %q: status %q, want %q", input, base, s.Status, status)
	}
	// A base that fails makes the whole invalid.
	if want := strconv.FormatBool((base == "" || b != nil) && weburl.IsValid(input, b)); s.Valid != want {
		t.Errorf("%q against %q: valid %q, want %q", input, base, s.Valid, want)
	}
	if len(s.Errors) != len(errs) {
		t.Fatalf("%q against %q: %d errors shown, weburl.Validate has %d: %v", input, base, len(s.Errors), len(errs), errs)
	}
	for i, e := range errs {
		got := s.Errors[i]
		if got.Code != e.Code.String() || got.Offset != itoa(e.Offset) {
			t.Errorf("%q: error %d: %s at %s, want %s at %d", of, i, got.Code, got.Offset, e.Code, e.Offset)
		}
		// The mark: the code point that starts at the offset, or a caret
		// at the end.
		if e.Offset >= len(of) {
			if !got.End {
				t.Errorf("%q: error %d at the end (%d): mark %q is not the end's", of, i, e.Offset, got.Mark)
			}
			continue
		}
		r, _ := utf8.DecodeRuneInString(of[e.Offset:])
		if got.End || got.Mark != string(r) {
			t.Errorf("%q: error %d at byte %d: mark %q, want %q", of, i, e.Offset, got.Mark, string(r))
		}
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// cases are inputs that reach each part of the page: errors (at ASCII
// and non-ASCII offsets, and at the end), bases, failures of the URL and
// of the base, and inputs where Chromium departs from the standard
// (http://％４１.com and http://[::%31] it accepts), with the first inputs
// of the web-platform-tests' urltestdata.json.
func cases(t *testing.T) [][2]string {
	c := [][2]string{
		{"https://user@example.com/a b", ""},
		{"../x?y#z", "http://a/b/c"},
		{"https://exämple.com/pä th?q=ü#f g", ""},
		{"http://％４１.com", ""},
		{"http://[::%31]", ""},
		{"http://exa mple.com/", ""},
		{"http://[::1", ""},
		{"x", "not a base"},
		{"file:///C|/a", ""},
		{"  https://example.com/\t", ""},
		{"https://example.com:65536/", ""},
		{"https://😀.example/🎉?😀#😀", ""},
	}
	for _, tc := range corpus.URLCases(t) {
		if tc.Input == "" && tc.Base == nil {
			continue
		}
		base := ""
		if tc.Base != nil {
			base = *tc.Base
		}
		if base == "" && tc.Base != nil || strings.ContainsAny(tc.Input+base, "\x00\r\n") {
			// An empty base the page cannot tell from none; an <input>
			// holds no NUL and, by the HTML Standard's value
			// sanitization, no CR or LF.
			continue
		}
		c = append(c, [2]string{tc.Input, base})
		if len(c) == 80 {
			break
		}
	}
	return c
}

// TestViewer loads each case through the page's fragment and checks what
// the page shows.
func TestViewer(t *testing.T) {
	ctx := browsertest.Chromium(t)
	page := browsertest.Serve(t)
	ctx, cancel := context.WithTimeout(ctx, 3*time.Minute)
	defer cancel()
	shown := 0
	for i, c := range cases(t) {
		input, base := c[0], c[1]
		f := fragment(input, base)
		var err error
		if i == 0 {
			// The first loads the page with the case in its fragment.
			err = chromedp.Do(ctx, chromedp.Navigate(page+"#"+f))
		} else {
			// The rest change the fragment of the page loaded.
			_, err = chromedp.Run(ctx, chromedp.Evaluate[any]("location.hash = "+jsString(f)+"; null"))
		}
		if err != nil {
			t.Fatal(err)
		}
		_, err = chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("url").value === `+jsString(input)+
			` && +(document.body.dataset.shown || 0) > `+itoa(shown)))
		if err != nil {
			t.Fatalf("%q against %q: the page showed nothing: %v", input, base, err)
		}
		s := state(t, ctx)
		shown = s.Shown
		if s.URL != input || s.Base != base {
			t.Errorf("fragment #%s: inputs %q and %q", f, s.URL, s.Base)
		}
		check(t, ctx, s, input, base)
	}
	// Nothing the page loaded came from elsewhere.
	others, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](
		`performance.getEntriesByType("resource").map(e => e.name).filter(n => !n.startsWith(location.origin + "/"))`))
	if err != nil {
		t.Fatal(err)
	}
	if len(others) > 0 {
		t.Errorf("the page loaded %v", others)
	}
}

// TestTyping types a URL and a base into the page, a key at a time, and
// checks that every keystroke is answered, the answer shown last is the
// last keystroke's, and the fragment shares the case. How long each
// answer took is logged, not bounded: a busy machine can make any one
// keystroke wait, but only a page that drops keystrokes, waits for the
// typing to pause or shows an older answer last fails.
func TestTyping(t *testing.T) {
	ctx := browsertest.Chromium(t)
	page := browsertest.Serve(t)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(page)); err != nil {
		t.Fatal(err)
	}
	// The answer for the empty page first, so that each answer counted
	// below is a keystroke's.
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`+(document.body.dataset.shown || 0) > 0`)); err != nil {
		t.Fatal(err)
	}
	input, base := "../ä b?q=ü#x", "https://user@example.com/dir/page"
	var latencies []int
	for _, field := range []struct{ id, text string }{{"#base", base}, {"#url", input}} {
		for _, r := range field.text {
			before := state(t, ctx).Shown
			if err := chromedp.Do(ctx, chromedp.SendKeys(field.id, string(r))); err != nil {
				t.Fatal(err)
			}
			if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`+(document.body.dataset.shown || 0) > `+itoa(before))); err != nil {
				t.Fatal(err)
			}
			latencies = append(latencies, state(t, ctx).Latency)
		}
	}
	// The last keystroke's answer is the one shown.
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("href").textContent !== ""`)); err != nil {
		t.Fatal(err)
	}
	s := state(t, ctx)
	if s.URL != input || s.Base != base {
		t.Fatalf("typed %q and %q, the inputs hold %q and %q", input, base, s.URL, s.Base)
	}
	check(t, ctx, s, input, base)
	if want := "#" + fragment(input, base); s.Fragment != want {
		t.Errorf("fragment %q, want %q", s.Fragment, want)
	}
	// The answers' latencies, for the log: on a quiet machine a few
	// milliseconds each; with CPU-bound programs beside the test, 30 to
	// 70, and now and then one past 200.
	sorted := slices.Sorted(slices.Values(latencies))
	t.Logf("answers after each of %d keystrokes: median %d ms, slowest %d ms", len(sorted), sorted[len(sorted)/2], sorted[len(sorted)-1])
	if sorted[0] < 0 {
		t.Errorf("answers after each keystroke, in ms: %v; an answer came before its keystroke", latencies)
	}
	// The fragment, loaded again, gives the same case.
	if err := chromedp.Do(ctx, chromedp.Navigate(page+s.Fragment), chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`+(document.body.dataset.shown || 0) > 0`)); err != nil {
		t.Fatal(err)
	}
	if again := state(t, ctx); again.URL != input || again.Base != base || again.Fields["href"] != s.Fields["href"] {
		t.Errorf("the shared fragment gives %q and %q (href %q)", again.URL, again.Base, again.Fields["href"])
	}
}

// TestPhone checks that the page fits a phone's screen: no sideways
// scrolling with a long URL, inputs as wide as the screen allows.
func TestPhone(t *testing.T) {
	ctx := browsertest.Chromium(t)
	page := browsertest.Serve(t)
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	long := "https://user:pass@very-long-host-name.example.com:8080/" + strings.Repeat("segment/", 30) + "?q=" + strings.Repeat("x", 200) + "#f"
	err := chromedp.Do(ctx,
		chromedp.EmulateViewport(375, 667, chromedp.EmulateScale(2), chromedp.EmulateMobile),
		chromedp.Navigate(page+"#"+fragment(long, "")))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`+(document.body.dataset.shown || 0) > 0`)); err != nil {
		t.Fatal(err)
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`[document.documentElement.scrollWidth, window.innerWidth,
		document.getElementById("url").getBoundingClientRect().width, parseFloat(getComputedStyle(document.body).fontSize)]`))
	if err != nil {
		t.Fatal(err)
	}
	scroll, width, input, font := got[0], got[1], got[2], got[3]
	if scroll > width {
		t.Errorf("the page is %v px wide on a %v px screen", scroll, width)
	}
	if input < width*0.8 || input > width {
		t.Errorf("the URL input is %v px wide on a %v px screen", input, width)
	}
	if font < 14 {
		t.Errorf("text of %v px", font)
	}
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
