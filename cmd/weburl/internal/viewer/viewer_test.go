package viewer

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/corpus"
)

// cases are the inputs and bases of urltestdata.json, and cases that
// reach each kind of answer.
func cases(t *testing.T) [][2]string {
	c := [][2]string{
		{"https://example.com/", ""},
		{"https://user@example.com/a b", ""},
		{"https://exa mple.com/", ""},
		{"x", "not a base"},
		{"../x?y#z", "http://a/b/c"},
		{"https://example.com:65536/", ""},
	}
	for _, tc := range corpus.URLCases(t) {
		base := ""
		if tc.Base != nil {
			base = *tc.Base
		}
		c = append(c, [2]string{tc.Input, base})
	}
	return c
}

// TestParse checks each answer against weburl's own answers: the URL
// and its failure (Parse), the validation errors (Validate) of the input,
// or of the base when the base fails, and validity (IsValid); and the
// status line that says which.
func TestParse(t *testing.T) {
	for _, c := range cases(t) {
		input, rawBase := c[0], c[1]
		a := Parse(input, rawBase)
		var base *weburl.URL
		var err error
		of, errorsOf := input, "url"
		if rawBase != "" {
			if base, err = weburl.Parse(rawBase); err != nil {
				of, errorsOf = rawBase, "base"
			}
		}
		var u *weburl.URL
		if err == nil {
			u, err = weburl.Parse(input)
			if base != nil {
				u, err = base.Parse(input)
			}
		}
		errs := weburl.Validate(of, base)
		if errs == nil {
			errs = []weburl.ValidationError{}
		}
		if !reflect.DeepEqual(a.Errors, errs) {
			t.Errorf("%q against %q: errors %v, Validate %v", input, rawBase, a.Errors, errs)
		}
		var status string
		switch {
		case err != nil:
			code := err.(*weburl.Error).Code.String()
			if a.Components != nil || !a.Failure || a.Error != code || a.Valid {
				t.Errorf("%q against %q: %+v, want the failure %s", input, rawBase, a, code)
			}
			status = "fails: " + code
			if errorsOf == "base" {
				status += " (the base URL)"
			}
		case a.Components == nil || a.Components.Href != u.Href() || a.Components.Hostname != u.Hostname() || a.Failure:
			t.Errorf("%q against %q: %+v, want %s", input, rawBase, a, u)
		case weburl.IsValid(input, base):
			status = "valid URL string"
		case len(errs) == 1:
			status = "parses; not a valid URL string: 1 validation error"
		default:
			status = "parses; not a valid URL string: " + strconv.Itoa(len(errs)) + " validation errors"
		}
		if a.Status != status || a.Valid != (status == "valid URL string") {
			t.Errorf("%q against %q: status %q, valid %v; want %q", input, rawBase, a.Status, a.Valid, status)
		}
		if a.ErrorsOf != errorsOf {
			t.Errorf("%q against %q: errorsOf %q, want %q", input, rawBase, a.ErrorsOf, errorsOf)
		}
	}
}

// decoded is what JSON decodes v's encoding to.
func decoded(t *testing.T, v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var d any
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	return d
}

// TestObject checks that Object, which the static page gets, is the
// answer's JSON decoded, which the server's page gets.
func TestObject(t *testing.T) {
	for _, c := range cases(t) {
		a := Parse(c[0], c[1])
		if got, want := decoded(t, a.Object()), decoded(t, a); !reflect.DeepEqual(got, want) {
			t.Fatalf("%q against %q: Object gives %v, JSON %v", c[0], c[1], got, want)
		}
	}
}

// TestHandler serves the viewer on the loopback and checks the page, its
// headers, and the answers of GET /api/parse.
func TestHandler(t *testing.T) {
	srv := httptest.NewServer(Handler())
	defer srv.Close()
	get := func(path string) (*http.Response, string) {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		return resp, string(body)
	}
	resp, page := get("/")
	if resp.StatusCode != 200 || !strings.Contains(page, `<script src="viewer.js" defer>`) {
		t.Errorf("GET /: %s\n%s", resp.Status, page)
	}
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
		t.Errorf("GET /: Content-Security-Policy %q", csp)
	}
	for _, name := range []string{"viewer.js", "viewer.css"} {
		if resp, _ := get("/" + name); resp.StatusCode != 200 {
			t.Errorf("GET /%s: %s", name, resp.Status)
		}
	}
	for _, c := range cases(t)[:40] {
		q := url.Values{"url": {c[0]}}
		if c[1] != "" {
			q.Set("base", c[1])
		}
		resp, body := get("/api/parse?" + q.Encode())
		if ct := resp.Header.Get("Content-Type"); ct != "application/json; charset=utf-8" {
			t.Errorf("Content-Type %q", ct)
		}
		var got any
		if err := json.Unmarshal([]byte(body), &got); err != nil {
			t.Fatalf("%q against %q: %v: %s", c[0], c[1], err, body)
		}
		if want := decoded(t, Parse(c[0], c[1])); !reflect.DeepEqual(got, want) {
			t.Errorf("%q against %q: %v, want %v", c[0], c[1], got, want)
		}
	}
}

// TestStaticSize builds the static page's WebAssembly as make
// viewer-static does, into a temporary folder, and checks that it stays
// small: at most 6 MB (it is about 5).
func TestStaticSize(t *testing.T) {
	if testing.Short() {
		t.Skip("builds for js/wasm: not in -short")
	}
	out := filepath.Join(t.TempDir(), "weburl.wasm")
	build := exec.Command("go", "build", "-ldflags=-s -w", "-o", out, "./wasm")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if msg, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./wasm: %v\n%s", err, msg)
	}
	fi, err := os.Stat(out)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("weburl.wasm: %d bytes", fi.Size())
	if fi.Size() > 6e6 {
		t.Errorf("weburl.wasm is %d bytes, more than 6 MB", fi.Size())
	}
}
