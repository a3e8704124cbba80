package weburl

import (
	"bufio"
	"bytes"
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"reflect"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/ascii"
	"github.com/weburl/weburl/internal/corpus"
)

// stdExpressible reports whether net/url can hold u's credentials and
// fragment as they are, by the rules StdURL documents: no credentials with
// !'()*, a percent-encoded byte net/url leaves as it is, or a stray %; no
// fragment with #\^{|} or a stray %; and no empty fragment.
func stdExpressible(u *URL) bool {
	credentials := u.Username() + u.Password()
	if strings.ContainsAny(credentials, "!'()*") {
		return false
	}
	for i := 0; i < len(credentials); i++ {
		if credentials[i] != '%' {
			continue
		}
		if !ascii.StartsWithPercentByte(credentials, i) {
			return false
		}
		if b := ascii.Unhex(credentials[i+1])<<4 | ascii.Unhex(credentials[i+2]); b < 0x80 && (ascii.IsAlphanumeric(b) || strings.IndexByte("$&+,-.;=_~", b) >= 0) {
			return false
		}
	}
	if u.hashStart == omitted {
		return true
	}
	fragment := u.href[u.hashStart+1:]
	if fragment == "" || strings.ContainsAny(fragment, `#\^{|}`) {
		return false
	}
	_, err := url.PathUnescape(fragment)
	return err == nil
}

// stdOriginForm reports whether StdURL can give u's path and host to
// net/url as such, so that RequestURI is in origin form.
func stdOriginForm(u *URL) bool {
	path := u.Pathname()
	_, err := url.PathUnescape(path)
	return err == nil && !strings.ContainsRune(path, '|') && !strings.ContainsAny(u.Hostname(), "`{}")
}

// TestStdURL checks StdURL's promises over every URL of the WPT data and
// the datasets, and that it keeps them exactly where it documents it can.
func TestStdURL(t *testing.T) {
	urls := corpus.Corpus(t, Parse)
	var exact, inexact, absoluteForm int
	for _, u := range urls {
		v := u.StdURL()
		if s := v.String(); s == u.Href() {
			exact++
			if !stdExpressible(u) {
				t.Errorf("%q: String() is exact, though StdURL documents it cannot be", u.Href())
			}
		} else {
			inexact++
			if stdExpressible(u) {
				t.Errorf("%q: String() = %q", u.Href(), s)
			}
			// What differs is net/url's encoding of the credentials or the
			// fragment: both parse to the same URL but for those.
			w, err := Parse(s)
			if err != nil || w.Host() != u.Host() || w.Pathname() != u.Pathname() || w.Search() != u.Search() {
				t.Errorf("%q: String() = %q reads as another URL", u.Href(), s)
			}
		}
		if v.Hostname() != strings.Trim(u.Hostname(), "[]") || v.Port() != u.Port() {
			t.Errorf("%q: Hostname() %q, Port() %q", u.Href(), v.Hostname(), v.Port())
		}
		// The user info: the credentials percent-decoded, none dropped.
		password, hasPassword := v.User.Password()
		switch {
		case !u.includesCredentials():
			if v.User != nil {
				t.Errorf("%q: User = %v for a URL without credentials", u.Href(), v.User)
			}
		case v.User == nil || v.User.Username() != ascii.PercentDecode(u.Username()) ||
			password != ascii.PercentDecode(u.Password()) || hasPassword != (u.Password() != ""):
			t.Errorf("%q: User = %#v", u.Href(), v.User)
		}
		if !u.scheme.special() {
			continue
		}
		want := u.RequestURI()
		if !stdOriginForm(u) {
			absoluteForm++
			want = u.Protocol() + "//" + u.Host() + u.RequestURI()
		} else if pathSearch := u.Pathname() + u.Search(); want != pathSearch && u.href[u.queryEnd()-1] != '?' {
			// Pathname()+Search() is the request target but for an empty
			// query, which Search() shows as "" and a request sends as "?".
			t.Errorf("%q: RequestURI() %q, Pathname()+Search() %q", u.Href(), want, pathSearch)
		}
		if got := v.RequestURI(); got != want {
			t.Errorf("%q: StdURL().RequestURI() = %q, want %q", u.Href(), got, want)
		}
	}
	t.Logf("%d URLs: String() exact for %d, net/url's own encoding for %d; %d special URLs in absolute form", len(urls), exact, inexact, absoluteForm)
	if exact < 100000 {
		t.Errorf("only %d URLs", exact)
	}
}

// TestStdURLCases shows what StdURL does where net/url cannot hold a URL
// exactly, case by case.
func TestStdURLCases(t *testing.T) {
	for _, tc := range []struct{ in, str, requestURI string }{
		{"https://user:pa!ss@example.com/", "https://user:pa%21ss@example.com/", "/"},
		// A stray "%" stays in the decoded user info (net/url escapes it).
		{"http://a%zz:p@host/", "http://a%25zz:p@host/", "/"},
		{"https://example.com/a|b?q", "https://example.com/a|b?q", "https://example.com/a|b?q"},
		{"https://example.com/100%", "https://example.com/100%", "https://example.com/100%"},
		{"https://user:pass@example.com/a|b", "https://example.com/a|b", "https://example.com/a|b"}, // no credentials in Opaque
		{"https://example.com/#", "https://example.com/", "/"},
		{"https://example.com/#a|b", "https://example.com/#a%7Cb", "/"},
		{"https://example.com/?", "https://example.com/?", "/?"},
		{"sc://", "sc://", "sc://"},
		{"sc:/.//p", "sc:/.//p", "/.//p"},
		{"sc://a%41/", "sc://a%41/", "sc://a%41/"},
		{"mailto:a@example.com?subject=x", "mailto:a@example.com?subject=x", "a@example.com?subject=x"},
		{"sc:", "sc:", "/"},
	} {
		u, err := Parse(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		v := u.StdURL()
		if v.String() != tc.str || v.RequestURI() != tc.requestURI {
			t.Errorf("%q: String() %q, RequestURI() %q; want %q, %q", tc.in, v.String(), v.RequestURI(), tc.str, tc.requestURI)
		}
	}
	if v := new(URL).StdURL(); v.String() != "" {
		t.Errorf("zero URL: %q", v)
	}
}

// TestStdURLLoopback sends a request for every http and https URL of the
// WPT data and the datasets to a local net/http server, over one
// keep-alive connection, with net/http's client serialization of StdURL()
// (Request.Write, which http.Transport uses), and checks that the server
// sees exactly the WHATWG request target and Host. Every URL goes to the
// local server, whatever its host and port; https is sent in plain text.
func TestStdURLLoopback(t *testing.T) {
	if runtime.GOOS == "wasip1" || runtime.GOOS == "js" {
		t.Skip("needs TCP sockets: not under " + runtime.GOOS)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, r.RequestURI+"\n"+r.Host)
	}))
	defer srv.Close()
	var conn net.Conn
	var rd *bufio.Reader
	var w *bufio.Writer
	dial := func() {
		if conn != nil {
			conn.Close()
		}
		var err error
		if conn, err = net.Dial("tcp", srv.Listener.Addr().String()); err != nil {
			t.Fatal(err)
		}
		rd, w = bufio.NewReader(conn), bufio.NewWriter(conn)
	}
	dial()
	defer func() { conn.Close() }()

	var sent, emptied, rejected int
	for _, u := range corpus.Corpus(t, Parse) {
		if u.scheme != schemeHTTP && u.scheme != schemeHTTPS {
			continue
		}
		req, _ := http.NewRequest("GET", "http://placeholder/", nil)
		req.URL = u.StdURL()
		req.Host = ""
		if err := req.Write(w); err != nil {
			t.Fatalf("%q: %v", u.Href(), err)
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		resp, err := http.ReadResponse(rd, req)
		if err != nil {
			t.Fatalf("%q: %v", u.Href(), err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.Close {
			dial() // the server closed the connection (after a 400)
		}
		if resp.StatusCode == http.StatusBadRequest && !stdOriginForm(u) {
			// net/http's server rejects a request target with a "%" that
			// starts no percent-encoded byte; its own parser says so.
			if _, err := url.ParseRequestURI(u.Protocol() + "//" + u.Host() + u.RequestURI()); err == nil {
				t.Errorf("%q: 400 Bad Request for a target net/url parses", u.Href())
			}
			rejected++
			continue
		}
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("%q: %s %q", u.Href(), resp.Status, body)
		}
		target, host, _ := strings.Cut(string(body), "\n")
		want := u.RequestURI()
		if !stdOriginForm(u) {
			want = u.Protocol() + "//" + u.Host() + u.RequestURI()
		}
		if host == "" && strings.ContainsAny(u.Hostname(), "\"`{}") {
			// net/http leaves out a Host header with bytes RFC 9110 does not
			// allow, which the URL Standard allows in a domain.
			emptied++
		} else if host != u.Host() {
			t.Errorf("%q: the server saw host %q, want %q", u.Href(), host, u.Host())
		}
		if target != want {
			t.Errorf("%q: the server saw %q, want %q", u.Href(), target, want)
		}
		sent++
	}
	t.Logf("%d requests as the URL Standard says (%d with the Host header left out by net/http); %d rejected by its server for a stray %%", sent, emptied, rejected)
	if sent < 50000 {
		t.Errorf("only %d requests", sent)
	}
}

func TestFromStd(t *testing.T) {
	v, _ := url.Parse("HTTP://EXAMPLE.com/a/../b?q#f")
	u, err := FromStd(v)
	if err != nil || u.Href() != "http://example.com/b?q#f" {
		t.Errorf("FromStd = %v, %v", u, err)
	}
	if _, err := FromStd(&url.URL{Path: "relative"}); err == nil {
		t.Error("FromStd of a relative URL succeeded")
	}
	if _, err := FromStd(nil); err == nil {
		t.Error("FromStd(nil) succeeded")
	}
	for _, u := range corpus.Corpus(t, Parse)[:2000] {
		if w, err := FromStd(u.StdURL()); stdExpressible(u) && (err != nil || w.Href() != u.Href()) {
			t.Errorf("%q: FromStd(StdURL()) = %v, %v", u.Href(), w, err)
		}
	}
}

func TestNetURLConveniences(t *testing.T) {
	u, _ := Parse("https://user:secret@example.com/a/b?x=1#f")
	if !u.IsAbs() || new(URL).IsAbs() {
		t.Error("IsAbs")
	}
	// Query is a copy, as net/url's is: changing it leaves the URL.
	q := u.Query()
	q.Set("x", "2")
	if v, _ := q.Get("x"); v != "2" || u.Href() != "https://user:secret@example.com/a/b?x=1#f" {
		t.Errorf("Query().Set changed the URL to %q", u.Href())
	}
	if got := u.Redacted(); got != "https://user:xxxxx@example.com/a/b?x=1#f" {
		t.Errorf("Redacted() = %q", got)
	}
	if v, _ := Parse("https://user@example.com/"); v.Redacted() != v.Href() {
		t.Errorf("Redacted() without a password = %q", v.Redacted())
	}
	if got := u.RequestURI(); got != "/a/b?x=1" {
		t.Errorf("RequestURI() = %q", got)
	}
	ref, _ := Parse("https://other.example/x")
	if got := u.ResolveReference(ref); got.Href() != ref.Href() || got == ref {
		t.Errorf("ResolveReference = %v", got)
	}

	// JoinPath never drops the last segment; net/url's cleans the path.
	for _, tc := range []struct {
		base   string
		elem   []string
		want   string
		netURL string
	}{
		{"https://example.com/a", []string{"b"}, "https://example.com/a/b", "https://example.com/a/b"},
		{"https://example.com/a/", []string{"b", "c"}, "https://example.com/a/b/c", "https://example.com/a/b/c"},
		{"https://example.com/a?q#f", []string{"b c"}, "https://example.com/a/b%20c?q#f", "https://example.com/a/b%20c?q#f"},
		{"https://example.com/a", []string{"/b"}, "https://example.com/a//b", "https://example.com/a/b"},
		{"https://example.com/a/b", []string{".."}, "https://example.com/a/", "https://example.com/a"},
		{"https://example.com/a", []string{"../../.."}, "https://example.com/", "https://example.com/"},
		{"https://example.com/a", []string{"b/"}, "https://example.com/a/b/", "https://example.com/a/b/"},
		{"https://example.com/a", nil, "https://example.com/a", "https://example.com/a"},
		{"mailto:a@example.com", []string{"b"}, "mailto:a@example.com", "mailto:a@example.com"},
	} {
		base, _ := Parse(tc.base)
		if got := base.JoinPath(tc.elem...); got.Href() != tc.want {
			t.Errorf("%q.JoinPath(%q) = %q, want %q", tc.base, tc.elem, got.Href(), tc.want)
		}
		nu, _ := url.Parse(tc.base)
		if got := nu.JoinPath(tc.elem...).String(); got != tc.netURL {
			t.Errorf("net/url: %q.JoinPath(%q) = %q, want %q", tc.base, tc.elem, got, tc.netURL)
		}
		if base.Href() != tc.base && tc.base != "https://example.com/a?q#f" {
			t.Errorf("JoinPath changed its URL to %q", base.Href())
		}
	}
}

func TestMarshaling(t *testing.T) {
	u, _ := Parse("https://user:secret@example.com/a?b#c")
	type record struct {
		Value   URL  `json:"value"`
		Pointer *URL `json:"pointer"`
		Empty   URL  `json:"empty"`
	}
	// The methods have pointer receivers, as net/url's do: a URL field
	// marshals as text when the struct is addressable.
	data, err := json.Marshal(&record{Value: *u, Pointer: u})
	if want := `{"value":"https://user:secret@example.com/a?b#c","pointer":"https://user:secret@example.com/a?b#c","empty":""}`; err != nil || string(data) != want {
		t.Errorf("json.Marshal = %s, %v", data, err)
	}
	var r record
	if err := json.Unmarshal(data, &r); err != nil || r.Value.Href() != u.Href() || r.Pointer.Href() != u.Href() || r.Empty.Href() != "" {
		t.Errorf("json.Unmarshal = %+v, %v", r, err)
	}
	if err := json.Unmarshal([]byte(`{"value":"https://:443"}`), &r); err == nil {
		t.Error("unmarshaling an invalid URL succeeded")
	}

	b, _ := u.MarshalBinary()
	var v URL
	if err := v.UnmarshalBinary(b); err != nil || v.Href() != u.Href() || v.components != u.components {
		t.Errorf("binary round trip: %v, %v", v, err)
	}

	// database/sql.
	var _ sql.Scanner = (*URL)(nil)
	var _ driver.Valuer = (*URL)(nil)
	if val, err := u.Value(); err != nil || val != u.Href() {
		t.Errorf("Value() = %v, %v", val, err)
	}
	if val, _ := new(URL).Value(); val != nil {
		t.Errorf("zero URL Value() = %v, want NULL", val)
	}
	for _, src := range []any{u.Href(), []byte(u.Href())} {
		var w URL
		if err := w.Scan(src); err != nil || w.Href() != u.Href() {
			t.Errorf("Scan(%T) = %v, %v", src, w, err)
		}
	}
	var w URL
	if err := w.Scan(nil); err != nil || w.Href() != "" {
		t.Errorf("Scan(nil) = %v, %v", w, err)
	}
	if err := w.Scan(42); err == nil {
		t.Error("Scan(42) succeeded")
	}

	// log/slog redacts the password.
	var buf bytes.Buffer
	slog.New(slog.NewTextHandler(&buf, nil)).Info("fetch", "url", u)
	if strings.Contains(buf.String(), "secret") || !strings.Contains(buf.String(), "url=https://user:xxxxx@example.com/a?b#c") {
		t.Errorf("slog: %s", buf.String())
	}
}

// TestMovingNames checks that the README's table of names, in its section
// Moving from net/url, names every exported field and method of url.URL
// and the package's functions and types a program uses.
func TestMovingNames(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(readme), "## Moving from net/url")
	table, _, _ := strings.Cut(section, "What each does with the same input")
	var first strings.Builder // the first column
	for _, line := range strings.Split(table, "\n") {
		if cells := strings.Split(line, " | "); strings.HasPrefix(line, "| ") && len(cells) > 1 {
			first.WriteString(cells[0] + "\n")
		}
	}
	var names []string
	typ := reflect.TypeFor[url.URL]()
	for i := range typ.NumField() {
		if f := typ.Field(i); f.IsExported() {
			names = append(names, "u."+f.Name)
		}
	}
	ptr := reflect.TypeFor[*url.URL]()
	for i := range ptr.NumMethod() {
		names = append(names, "u."+ptr.Method(i).Name)
	}
	for _, n := range []string{"Parse", "ParseRequestURI", "ParseQuery", "QueryEscape", "QueryUnescape",
		"PathEscape", "PathUnescape", "Values", "User", "UserPassword", "JoinPath", "Error", "EscapeError", "InvalidHostError"} {
		names = append(names, "url."+n)
	}
	for _, n := range names {
		if !strings.Contains(first.String(), n) {
			t.Errorf("the README's table of names does not name %s", n)
		}
	}
}

// TestMigratingTable checks every row of the README's table of behaviours,
// both the net/url column and the weburl one.
func TestMigratingTable(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(readme), "## Moving from net/url")
	_, table, ok2 := strings.Cut(section, "What each does with the same input")
	if !ok || !ok2 {
		t.Fatal("README.md has no section Moving from net/url with a table of behaviours")
	}
	table, _, _ = strings.Cut(table, "\n\n\n")
	row := regexp.MustCompile("(?m)^\\| `(.+?)` \\| (.+?) \\| (.+?) \\|$")
	rows := row.FindAllStringSubmatch(table, -1)
	if len(rows) < 6 {
		t.Fatalf("%d rows in the table", len(rows))
	}
	// A cell is a serialization in backquotes, or "error: " and the error
	// in backquotes: net/url's message, or the name of weburl's code.
	unquote := func(cell string) string {
		if strings.HasPrefix(cell, "error: ") {
			return "error: " + strings.Trim(cell[len("error: "):], "`")
		}
		return strings.Trim(cell, "`")
	}
	for _, r := range rows {
		in := strings.ReplaceAll(r[1], "<TAB>", "\t")
		var gotNet string
		if v, err := url.Parse(in); err == nil {
			gotNet = v.String()
		} else if ue := (*url.Error)(nil); errors.As(err, &ue) {
			gotNet = "error: " + ue.Err.Error()
		}
		if want := unquote(r[2]); gotNet != want {
			t.Errorf("%q: net/url gives %q, the README says %q", in, gotNet, want)
		}
		var gotWeb string
		if u, err := Parse(in); err == nil {
			gotWeb = u.Href()
		} else if e := (*Error)(nil); errors.As(err, &e) {
			gotWeb = "error: " + e.Code.String()
		}
		if want := unquote(r[3]); gotWeb != want {
			t.Errorf("%q: weburl gives %q, the README says %q", in, gotWeb, want)
		}
	}
}

// TestSetQuery checks that SetQuery of SearchParamsFromValues(v) sets the
// query net/url's RawQuery = v.Encode() sets, decoded alike, on every kind
// of URL, for values of every kind of byte; and that what Query returns
// SetQuery takes back, changed.
func TestSetQuery(t *testing.T) {
	values := []url.Values{
		nil,
		{},
		{"a": {"1"}},
		{"b": {"2"}, "a": {"x y", "1"}, "": {""}},
		{"q": {"ü & é", "#?/%zz+"}, "k'\"<>`": {"\x00\x7f\t"}},
	}
	for _, href := range []string{"https://example.com/p?old#f", "sc://h/p", "sc:opaque?x#y", "file:///x", "http://h/"} {
		for _, v := range values {
			u, err := Parse(href)
			if err != nil {
				t.Fatal(err)
			}
			hash := u.Hash()
			u.SetQuery(SearchParamsFromValues(v))
			got, err := url.ParseQuery(u.StdURL().RawQuery)
			if err != nil || u.Hash() != hash || len(v) > 0 && !reflect.DeepEqual(got, v) {
				t.Errorf("%q with %v: Search %q, Hash %q, which net/url reads as %v, %v", href, v, u.Search(), u.Hash(), got, err)
			}
			if len(v) == 0 && u.queryStart != omitted {
				t.Errorf("%q with no values keeps a query: %q", href, u.Href())
			}
			if err := u.check(); err != nil {
				t.Error(err)
			}
		}
	}
	var zero URL
	zero.SetQuery(ParseSearchParams("a=1"))
	if zero != (URL{}) {
		t.Errorf("SetQuery changed the zero URL: %q", zero.Href())
	}
	// net/url's round trip: q := u.Query(); change q; u.SetQuery(q).
	u := MustParse("https://example.com/p?a=1&b=2&a=3#f")
	q := u.Query()
	q.Set("c", "x y")
	q.Delete("b")
	if u.Href() != "https://example.com/p?a=1&b=2&a=3#f" {
		t.Errorf("changing Query's copy changed the URL: %s", u)
	}
	u.SetQuery(q)
	if got, want := u.Href(), "https://example.com/p?a=1&a=3&c=x+y#f"; got != want {
		t.Errorf("the round trip gives %s, want %s", got, want)
	}
	if v, ok := u.Query().Get("c"); !ok || v != "x y" {
		t.Errorf("Get(c) = %q, %v", v, ok)
	}
}
