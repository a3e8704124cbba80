package fetch

import (
	"bufio"
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/http/httptrace"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/corpus"
)

// A testNet is a net/http server on the loopback interface, and a TLS one,
// that any host name reaches: the tests' clients dial them whatever the
// address (port 443 the TLS one), so that IDN hosts and several "hosts"
// can be tested offline. It records the addresses the clients were asked
// to dial, and the request lines the servers read.
type testNet struct {
	plain, tls *httptest.Server
	mu         sync.Mutex
	dials      []string
	lines      []string // request lines
	hosts      []string // Host header lines
	newConns   int
}

func newTestNet(t *testing.T, handler http.HandlerFunc) *testNet {
	n := &testNet{}
	start := func(tlsServer bool) *httptest.Server {
		srv := httptest.NewUnstartedServer(handler)
		srv.Listener = &recordingListener{Listener: srv.Listener, net: n}
		srv.Config.ConnState = func(_ net.Conn, state http.ConnState) {
			if state == http.StateNew {
				n.mu.Lock()
				n.newConns++
				n.mu.Unlock()
			}
		}
		if tlsServer {
			srv.StartTLS()
		} else {
			srv.Start()
		}
		t.Cleanup(srv.Close)
		return srv
	}
	n.plain, n.tls = start(false), start(true)
	return n
}

// transport returns a transport that dials the test servers: the TLS one
// for port 443, the plain one for any other.
func (n *testNet) transport() *http.Transport {
	return &http.Transport{
		DialContext: func(ctx context.Context, _, addr string) (net.Conn, error) {
			return n.dial(ctx, addr, strings.HasSuffix(addr, ":443"))
		},
		TLSClientConfig: &tls.Config{InsecureSkipVerify: true}, // the test certificate names no test host
	}
}

// dial records addr and connects to a test server.
func (n *testNet) dial(ctx context.Context, addr string, tlsServer bool) (net.Conn, error) {
	n.mu.Lock()
	n.dials = append(n.dials, addr)
	n.mu.Unlock()
	srv := n.plain
	if tlsServer {
		srv = n.tls
	}
	var d net.Dialer
	return d.DialContext(ctx, "tcp", srv.Listener.Addr().String())
}

// recorded returns what was recorded since it was last called.
func (n *testNet) recorded() (dials, lines []string) {
	dials, lines, _ = n.recordedHosts()
	return dials, lines
}

func (n *testNet) recordedHosts() (dials, lines, hosts []string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	dials, lines, hosts = n.dials, n.lines, n.hosts
	n.dials, n.lines, n.hosts = nil, nil, nil
	return dials, lines, hosts
}

// A recordingListener records the first line and the Host header line of
// each request its connections read: lines split on "\r\n" that start
// with a method or "Host: ".
type recordingListener struct {
	net.Listener
	net *testNet
}

func (l *recordingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return c, err
	}
	return &recordingConn{Conn: c, net: l.net}, nil
}

var requestLine = regexp.MustCompile(`(GET|POST|PUT|HEAD|DELETE|PATCH) \S+ HTTP/1\.1$`)

type recordingConn struct {
	net.Conn
	net     *testNet
	pending []byte
}

func (c *recordingConn) Read(b []byte) (int, error) {
	k, err := c.Conn.Read(b)
	c.pending = append(c.pending, b[:k]...)
	for {
		i := bytes.Index(c.pending, []byte("\r\n"))
		if i < 0 {
			break
		}
		line := string(c.pending[:i])
		c.pending = c.pending[i+2:]
		if host, ok := strings.CutPrefix(line, "Host: "); ok {
			c.net.mu.Lock()
			c.net.hosts = append(c.net.hosts, host)
			c.net.mu.Unlock()
		}
		// A request line, after the body of the request before it on the
		// connection, if that did not end with a CRLF.
		if m := requestLine.FindString(line); m != "" {
			c.net.mu.Lock()
			c.net.lines = append(c.net.lines, m)
			c.net.mu.Unlock()
		}
	}
	return k, err
}

// echo writes what the server received: the method, host, request target,
// the headers the tests look at, and the body.
func echo(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	fmt.Fprintf(w, "%s %s %s auth=%q cookie=%q type=%q custom=%q body=%q referer=%q",
		r.Method, r.Host, r.RequestURI, r.Header.Get("Authorization"), r.Header.Get("Cookie"),
		r.Header.Get("Content-Type"), r.Header.Get("X-Custom"), body, r.Header.Get("Referer"))
}

// A redirectServer is a handler of test redirects: a request for a path in to is
// answered with that status and Location on its first visit; every other
// request, and a second visit, is echoed.
type redirectServer struct {
	mu     sync.Mutex
	to     map[string]redirect // by host and path, as "a.test/p"
	visits map[string]int
}

type redirect struct {
	status   int
	location string
	cookie   string // a Set-Cookie header, if not ""
	always   bool   // redirect on every visit
}

func (rs *redirectServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	key := r.Host + r.URL.Path
	rs.mu.Lock()
	rd, ok := rs.to[key]
	rs.visits[key]++
	first := rs.visits[key] == 1
	rs.mu.Unlock()
	if rd.cookie != "" {
		w.Header().Add("Set-Cookie", rd.cookie)
	}
	if ok && (first || rd.always) {
		w.Header()["Location"] = []string{rd.location}
		w.WriteHeader(rd.status)
		io.WriteString(w, strings.Repeat("redirect body ", 100))
		return
	}
	echo(w, r)
}

func newRedirects(t *testing.T, to map[string]redirect) (*redirectServer, *testNet) {
	rs := &redirectServer{to: to, visits: map[string]int{}}
	return rs, newTestNet(t, rs.ServeHTTP)
}

// A doer sends requests: an *http.Client or a *Client.
type doer interface {
	Do(*http.Request) (*http.Response, error)
}

// get sends method to href with c and returns the response, its body
// read and closed.
func get(t *testing.T, c doer, method, href string, body io.Reader, header http.Header) (*http.Response, string, error) {
	t.Helper()
	u, err := weburl.Parse(href)
	if err != nil {
		t.Fatal(err)
	}
	req, err := NewRequest(context.Background(), method, u, body)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header[k] = v
	}
	resp, err := c.Do(req)
	if err != nil {
		return nil, "", err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b), nil
}

// discard reads resp's body to its end and closes it, so that its
// connection can be used again.
func discard(resp *http.Response) {
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
}

// constructors are the two ways to make a client that follows redirects
// as a browser does, from an *http.Client: each returns the client and the
// *http.Client whose fields count after it was made (FollowRedirects': the
// one it returns; a Client's: the one it was given).
var constructors = []struct {
	name string
	make func(*http.Client) (doer, *http.Client)
}{
	{"FollowRedirects", func(hc *http.Client) (doer, *http.Client) {
		c := FollowRedirects(hc)
		return c, c
	}},
	{"NewClient", func(hc *http.Client) (doer, *http.Client) { return NewClient(hc), hc }},
}

// TestFollowRedirects follows Locations a browser reads otherwise than
// net/url does, and every relative form, against real servers on the
// loopback interface.
func TestFollowRedirects(t *testing.T) {
	_, tn := newRedirects(t, map[string]redirect{
		"a.test/space":    {302, "/a b?c d", "", false},
		"a.test/stray":    {302, "/x/%zz", "", false},
		"a.test/back":     {302, `\\127.0.0.2\y`, "", false},
		"a.test/d/scheme": {301, "//b.test/p", "", false},
		"a.test/d/query":  {301, "?q", "", false},
		"a.test/d/frag":   {301, "#f", "", false},
		"a.test/d/up":     {301, "../x", "", false},
		"a.test/d/rel":    {301, "x", "", false},
		"a.test/d/empty":  {301, "", "", false},
		"a.test/fragment": {302, "/to#section", "", false},
		"a.test/idn":      {302, "http://bücher.example/ü", "", false},
	})
	c := FollowRedirects(&http.Client{Transport: tn.transport()})
	for _, tc := range []struct {
		from, got, line, dial string
	}{
		// The three rows of the table.
		{"http://a.test/space", "GET a.test /a%20b?c%20d", "GET /a%20b?c%20d HTTP/1.1", ""},
		// StdURL puts a path net/url cannot hold in Opaque, so net/http
		// sends the absolute form, and its server answers 400 to a "%"
		// that starts no percent-encoded byte.
		{"http://a.test/stray", "", "GET http://a.test/x/%zz HTTP/1.1", ""},
		{"http://a.test/back", "GET 127.0.0.2 /y", "GET /y HTTP/1.1", "127.0.0.2:80"},
		// Every relative form, against http://a.test/d/....
		{"http://a.test/d/scheme", "GET b.test /p", "", "b.test:80"},
		{"http://a.test/d/query", "GET a.test /d/query?q", "", ""},
		{"http://a.test/d/frag", "GET a.test /d/frag", "GET /d/frag HTTP/1.1", ""},
		{"http://a.test/d/up", "GET a.test /x", "", ""},
		{"http://a.test/d/rel", "GET a.test /d/x", "", ""},
		{"http://a.test/d/empty", "GET a.test /d/empty", "", ""},
		// A fragment never reaches the wire.
		{"http://a.test/fragment", "GET a.test /to", "GET /to HTTP/1.1", ""},
		// An IDN host, in its ASCII form on the wire.
		{"http://a.test/idn", "GET xn--bcher-kva.example /%C3%BC", "", "xn--bcher-kva.example:80"},
	} {
		tn.recorded()
		resp, body, err := get(t, c, "GET", tc.from, nil, nil)
		if err != nil {
			t.Errorf("%s: %v", tc.from, err)
			continue
		}
		dials, lines := tn.recorded()
		if tc.got != "" && !strings.HasPrefix(body, tc.got+" ") {
			t.Errorf("%s: the server saw %q, want %q", tc.from, body, tc.got)
		}
		if tc.got == "" && resp.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: %s, want 400 from net/http's server", tc.from, resp.Status)
		}
		if tc.line != "" && (len(lines) < 2 || lines[len(lines)-1] != tc.line) {
			t.Errorf("%s: request lines %q, want %q last", tc.from, lines, tc.line)
		}
		if tc.dial != "" && (len(dials) == 0 || dials[len(dials)-1] != tc.dial) {
			t.Errorf("%s: dialed %q, want %q", tc.from, dials, tc.dial)
		}
		if tc.from == "http://a.test/fragment" && resp.Request.URL.Fragment != "section" {
			t.Errorf("the last request's URL is %v", resp.Request.URL)
		}
	}
}

// TestLikeNetHTTP checks that a Client, and a client from
// FollowRedirects, follow redirects as net/http's client does where the
// Fetch Standard and net/http agree and net/url reads the Location as
// weburl does: to the same origin, for GET, HEAD and POST, with the
// headers kept (but those of the body) and the Referer added, and the
// cookies of the jar. The server sees the same requests from both.
// (TestFetchRedirects checks where they differ.)
func TestLikeNetHTTP(t *testing.T) {
	to := map[string]redirect{
		"a.test/same": {302, "/to", "c=2", true},
	}
	for _, status := range []int{301, 302, 303, 307, 308} {
		to["a.test/"+strconv.Itoa(status)] = redirect{status, "/to", "", true}
	}
	_, tn := newRedirects(t, to)
	jar, _ := cookiejar.New(nil)
	std := &http.Client{Transport: tn.transport(), Jar: jar}
	ourJar, _ := cookiejar.New(nil)
	clientJar, _ := cookiejar.New(nil)
	ours := map[string]func(*http.Request) (*http.Response, error){
		"FollowRedirects": FollowRedirects(&http.Client{Transport: tn.transport(), Jar: ourJar}).Do,
		"Client":          NewClient(&http.Client{Transport: tn.transport(), Jar: clientJar}).Do,
	}
	header := http.Header{"Authorization": {"Bearer t"}, "Cookie": {"c=1"}, "X-Custom": {"x"}}
	compared := 0
	for _, path := range []string{"same", "same", "301", "302", "303", "307", "308"} {
		for _, method := range []string{"GET", "POST", "HEAD"} {
			do := func(send func(*http.Request) (*http.Response, error)) string {
				var body io.Reader
				if method == "POST" {
					body = strings.NewReader("payload")
				}
				u, _ := weburl.Parse("http://a.test/" + path)
				req, err := NewRequest(context.Background(), method, u, body)
				if err != nil {
					t.Fatal(err)
				}
				for k, v := range header {
					req.Header[k] = v
				}
				tn.recorded()
				resp, err := send(req)
				if err != nil {
					return "error: " + err.Error()
				}
				defer resp.Body.Close()
				b, _ := io.ReadAll(resp.Body)
				_, lines := tn.recorded()
				return fmt.Sprintf("%s %q %s", resp.Status, lines, b)
			}
			want := do(std.Do)
			for name, send := range ours {
				if got := do(send); got != want {
					t.Errorf("%s %s with %s:\n got %s\nwant %s (net/http)", method, path, name, got, want)
				}
				compared++
			}
		}
	}
	if compared != 42 {
		t.Errorf("%d comparisons, want 42", compared)
	}
}

// TestFetchRedirects checks, for a Client and a client from
// FollowRedirects alike, the steps of the Fetch Standard's HTTP-redirect
// fetch where net/http's client does otherwise: the method and body of
// each status, the Authorization header on a redirect to another origin,
// and the Referer of the default referrer policy.
// https://fetch.spec.whatwg.org/#http-redirect-fetch
func TestFetchRedirects(t *testing.T) {
	to := map[string]redirect{
		"a.test/other":    {302, "http://other.test/to", "", true},
		"a.test/sub":      {302, "http://sub.a.test/to", "", true},
		"a.test/port":     {302, "http://a.test:8080/to", "", true},
		"a.test/scheme":   {302, "https://a.test/to", "", true},
		"a.test/same":     {302, "/to#f", "", true},
		"a.test/away":     {302, "http://other.test/back", "", true},
		"other.test/back": {302, "http://a.test/to", "", true},
		"a.test/secure":   {302, "https://a.test/down", "", true},
		"a.test/down":     {302, "http://a.test/to", "", true},
	}
	for _, status := range []int{301, 302, 303, 307, 308} {
		to["a.test/"+strconv.Itoa(status)] = redirect{status, "/to", "", true}
	}
	_, tn := newRedirects(t, to)
	for _, cons := range constructors {
		c, _ := cons.make(&http.Client{Transport: tn.transport()})
		// Method and body, step 12: 301 and 302 make POST a GET, 303 every
		// method but GET and HEAD; a GET loses the body and the
		// request-body headers; any other keeps them, the body sent again.
		for _, status := range []int{301, 302, 303, 307, 308} {
			for _, method := range []string{"GET", "HEAD", "POST", "PUT", "DELETE", "PATCH"} {
				toGet := (status == 301 || status == 302) && method == "POST" || status == 303 && method != "GET" && method != "HEAD"
				wantMethod, wantBody, wantType := method, "payload", "text/plain"
				if toGet {
					wantMethod, wantBody, wantType = "GET", "", ""
				}
				var body io.Reader
				if method != "GET" && method != "HEAD" {
					body = strings.NewReader("payload")
				} else {
					wantBody = ""
				}
				resp, got, err := get(t, c, method, "http://a.test/"+strconv.Itoa(status), body, http.Header{"Content-Type": {"text/plain"}})
				if err != nil {
					t.Fatalf("%s: %s %d: %v", cons.name, method, status, err)
				}
				want := fmt.Sprintf("%s a.test /to auth=\"\" cookie=\"\" type=%q custom=\"\" body=%q", wantMethod, wantType, wantBody)
				if method == "HEAD" {
					want, got = "", "" // no body to echo into; the request line is checked below
				}
				if !strings.HasPrefix(got, want) || resp.Request.Method != wantMethod {
					t.Errorf("%s: %s answered %d: the server saw %s (%s), want %s", cons.name, method, status, got, resp.Request.Method, want)
				}
			}
		}
		// Authorization goes on a redirect to another origin, a subdomain,
		// another port or scheme too, and stays gone when the chain comes
		// back; it stays to the same origin.
		for path, wantAuth := range map[string]string{"other": "", "sub": "", "port": "", "scheme": "", "same": "Bearer t", "away": ""} {
			_, got, err := get(t, c, "GET", "http://a.test/"+path, nil, http.Header{"Authorization": {"Bearer t"}})
			if err != nil || !strings.Contains(got, fmt.Sprintf("auth=%q", wantAuth)) {
				t.Errorf("%s: %s: the server saw %s, %v; want auth=%q", cons.name, path, got, err, wantAuth)
			}
		}
		// The Referer, strict-origin-when-cross-origin: the URL without its
		// fragment and credentials to the same origin, its origin alone to
		// another, none from https to http; from the Referer the caller
		// set, if any, else from the URL redirected from.
		for _, tc := range []struct{ from, referer, want string }{
			{"http://user:pw@a.test/same#top", "", "http://a.test/same"},
			{"http://a.test/other", "", "http://a.test/"},
			{"http://a.test/sub", "", "http://a.test/"},
			{"http://a.test/secure", "", ""},
			{"http://a.test/same", "http://ref.test/page?q#f", "http://ref.test/"},
			{"http://a.test/same", "http://a.test/page?q#f", "http://a.test/page?q"},
			{"http://a.test/secure", "https://ref.test/page", ""},
		} {
			var h http.Header
			if tc.referer != "" {
				h = http.Header{"Referer": {tc.referer}}
			}
			_, got, err := get(t, c, "GET", tc.from, nil, h)
			if err != nil || !strings.HasSuffix(got, fmt.Sprintf("referer=%q", tc.want)) {
				t.Errorf("%s: %s with Referer %q: the server saw %s, %v; want referer=%q", cons.name, tc.from, tc.referer, got, err, tc.want)
			}
		}
	}
}

// onlyOnce is a body that cannot be sent again: no GetBody.
type onlyOnce struct{ io.Reader }

// TestRedirectBodyNotResent checks that a redirect that would send the
// body again ends the chain with the response that redirects, its headers
// as the server sent them, where the body cannot be sent again: for a 307,
// as net/http does, and for a 301 or 302 to a PUT, which net/http follows
// as a GET without the body.
func TestRedirectBodyNotResent(t *testing.T) {
	rs, tn := newRedirects(t, map[string]redirect{
		"a.test/301": {301, "/to 1", "", true},
		"a.test/302": {302, "/x/%zz", "", true},
		"a.test/307": {307, "/to", "", true},
		"a.test/303": {303, "/to", "", true},
	})
	for _, cons := range constructors {
		c, _ := cons.make(&http.Client{Transport: tn.transport()})
		for _, tc := range []struct {
			path, method, location string
			status                 int
		}{
			{"301", "PUT", "/to 1", 301}, {"302", "PUT", "/x/%zz", 302}, {"307", "POST", "/to", 307},
			{"303", "PUT", "", 200}, // 303 makes it a GET: followed
		} {
			resp, _, err := get(t, c, tc.method, "http://a.test/"+tc.path, onlyOnce{strings.NewReader("payload")}, nil)
			if err != nil || resp.StatusCode != tc.status || resp.Header.Get("Location") != tc.location {
				t.Errorf("%s: %s %s: %v, %v; want %d with Location %q", cons.name, tc.method, tc.path, resp, err, tc.status, tc.location)
			}
		}
	}
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if n := rs.visits["a.test/to 1"] + rs.visits["a.test/x/%zz"]; n != 0 {
		t.Errorf("the Locations not followed were visited %d times", n)
	}
}

// TestRedirectErrors checks the redirects that end the chain with an
// error: a Location that does not parse, a scheme other than http or
// https, and the 21st redirect.
func TestRedirectErrors(t *testing.T) {
	rs, tn := newRedirects(t, map[string]redirect{
		"a.test/bad":    {302, "http://[::1", "", true},
		"a.test/mailto": {302, "mailto:a@example.com", "", true},
		"a.test/ftp":    {302, "ftp://a.test/x", "", true},
		"a.test/loop":   {302, "/loop", "", true},
	})
	c := FollowRedirects(&http.Client{Transport: tn.transport()})
	_, _, err := get(t, c, "GET", "http://a.test/bad", nil, nil)
	if _, _, err2 := get(t, NewClient(&http.Client{Transport: tn.transport()}), "GET", "http://a.test/bad", nil, nil); fmt.Sprint(err2) != fmt.Sprint(err) {
		t.Errorf("a Client: %v; FollowRedirects: %v", err2, err)
	}
	var e *weburl.Error
	var re *RedirectError
	if !errors.As(err, &e) || e.Code != weburl.ErrIPv6Unclosed || !errors.As(err, &re) || re.Location != "http://[::1" {
		t.Errorf("a Location that does not parse: %v", err)
	}
	for _, path := range []string{"mailto", "ftp"} {
		if _, _, err := get(t, c, "GET", "http://a.test/"+path, nil, nil); !errors.Is(err, ErrRedirectScheme) {
			t.Errorf("a redirect to %s: %v", path, err)
		}
	}
	_, _, err = get(t, c, "GET", "http://a.test/loop", nil, nil)
	rs.mu.Lock()
	visits := rs.visits["a.test/loop"]
	rs.mu.Unlock()
	if !errors.Is(err, ErrTooManyRedirects) || visits != MaxRedirects+1 {
		t.Errorf("a loop: %v after %d requests, want ErrTooManyRedirects after %d", err, visits, MaxRedirects+1)
	}
}

// TestRedirectCheckAndJar checks, for both constructors, with the jar and
// CheckRedirect set before the client is made and after, that a cookie a
// redirect sets goes with the next hop, and that CheckRedirect is asked
// once per hop with the request and the requests before it.
func TestRedirectCheckAndJar(t *testing.T) {
	_, tn := newRedirects(t, map[string]redirect{
		"a.test/1": {302, "http://b.test/2", "s=1", true},
		"b.test/2": {302, "http://a.test/3", "t=2", true},
		"a.test/3": {302, "/4", "", true},
	})
	for _, cons := range constructors {
		for _, after := range []bool{false, true} {
			name := fmt.Sprintf("%s, set after: %v", cons.name, after)
			jar, _ := cookiejar.New(nil)
			var asked []string
			check := func(req *http.Request, via []*http.Request) error {
				hops := make([]string, len(via))
				for i, r := range via {
					hops[i] = r.URL.String()
				}
				asked = append(asked, fmt.Sprintf("%s after %s", req.URL, hops))
				return nil
			}
			hc := &http.Client{Transport: tn.transport()}
			if !after {
				hc.Jar, hc.CheckRedirect = jar, check
			}
			c, fields := cons.make(hc)
			if after {
				fields.Jar, fields.CheckRedirect = jar, check
			}
			resp, got, err := get(t, c, "GET", "http://a.test/1", nil, nil)
			if err != nil || !strings.HasPrefix(got, `GET a.test /4 auth="" cookie="s=1"`) || resp.Request.URL.String() != "http://a.test/4" {
				t.Errorf("%s: the last hop saw %s, %v", name, got, err)
			}
			if want := "[http://b.test/2 after [http://a.test/1] " +
				"http://a.test/3 after [http://a.test/1 http://b.test/2] " +
				"http://a.test/4 after [http://a.test/1 http://b.test/2 http://a.test/3]]"; fmt.Sprint(asked) != want {
				t.Errorf("%s: CheckRedirect was asked\n%v, want\n%v", name, asked, want)
			}
		}
	}
}

// TestErrUseLastResponse checks that http.ErrUseLastResponse from a
// CheckRedirect returns the response that redirects, with no further
// request, and with exactly the headers the server sent (those a plain
// net/http client gets): for a Client with CheckRedirect set before it is
// made or after, and for a client from FollowRedirects with CheckRedirect
// set before. Set after on FollowRedirects' client, it replaces the
// CheckRedirect that gives the Location back: a Location that net/url
// reads as a browser does is the server's all the same.
func TestErrUseLastResponse(t *testing.T) {
	rs, tn := newRedirects(t, map[string]redirect{
		"a.test/plain": {302, "/a b", "", true},
		"a.test/odd":   {302, `\\b.test\x/%zz`, "", true},
	})
	stop := func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	headers := func(resp *http.Response) string {
		h := resp.Header.Clone()
		h.Del("Date")
		return fmt.Sprint(resp.Status, h)
	}
	server := map[string]string{} // what the transport gives net/http
	for _, path := range []string{"plain", "odd"} {
		req, _ := http.NewRequest("GET", "http://a.test/"+path, nil)
		resp, err := tn.transport().RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		discard(resp)
		server[path] = headers(resp)
	}
	for _, cons := range constructors {
		for _, after := range []bool{false, true} {
			hc := &http.Client{Transport: tn.transport()}
			if !after {
				hc.CheckRedirect = stop
			}
			c, fields := cons.make(hc)
			if after {
				fields.CheckRedirect = stop
			}
			for _, path := range []string{"plain", "odd"} {
				if cons.name == "FollowRedirects" && after && path == "odd" {
					continue
				}
				tn.recorded()
				resp, _, err := get(t, c, "GET", "http://a.test/"+path, nil, nil)
				_, lines := tn.recorded()
				if err != nil || headers(resp) != server[path] || len(lines) != 1 {
					t.Errorf("%s, set after %v: %s: %v, %v after requests %q; the server sent %s", cons.name, after, path, resp, err, lines, server[path])
				}
			}
		}
	}
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if rs.visits["a.test/a b"]+rs.visits["b.test/x/%zz"] != 0 {
		t.Errorf("a Location was visited")
	}
}

// TestRedirectsForgotten checks that the resolver forgets the redirects it
// records once their responses are gone, where nothing else tells it
// that they will not be followed: a client from FollowRedirects whose
// CheckRedirect, set after it was made, stops at each.
func TestRedirectsForgotten(t *testing.T) {
	_, tn := newRedirects(t, map[string]redirect{
		"a.test/odd": {302, `\\b.test\x`, "", true},
	})
	c := FollowRedirects(&http.Client{Transport: tn.transport()})
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	r := c.Transport.(*resolver)
	const n = 100
	for range n {
		if _, _, err := get(t, c, "GET", "http://a.test/odd", nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	if got := r.pending(); got == 0 || got > n {
		t.Fatalf("%d redirects recorded after %d responses kept none: the test sees no redirect to forget", got, n)
	}
	deadline := time.Now().Add(10 * time.Second)
	for r.pending() > 0 && time.Now().Before(deadline) {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	if got := r.pending(); got != 0 {
		t.Errorf("%d redirects still recorded after their responses were collected", got)
	}
}

// TestTimeoutCoversChain checks that the client's Timeout bounds the whole
// chain: three hops each under it, together over it.
func TestTimeoutCoversChain(t *testing.T) {
	const step = 200 * time.Millisecond
	srv := newTestNet(t, func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(step)
		if n, err := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/")); err == nil && n < 3 {
			http.Redirect(w, r, "/"+strconv.Itoa(n+1), http.StatusFound)
			return
		}
		io.WriteString(w, "done")
	})
	for _, cons := range constructors {
		c, fields := cons.make(&http.Client{Transport: srv.transport()})
		fields.Timeout = 5 * step / 2
		start := time.Now()
		_, _, err := get(t, c, "GET", "http://a.test/0", nil, nil)
		var ne net.Error
		if !errors.As(err, &ne) || !ne.Timeout() {
			t.Errorf("%s: %v after %v, want a timeout", cons.name, err, time.Since(start))
		}
		fields.Timeout = 20 * step
		if _, body, err := get(t, c, "GET", "http://a.test/2", nil, nil); err != nil || body != "done" {
			t.Errorf("%s, one hop: %q, %v", cons.name, body, err)
		}
	}
}

// TestCloseIdleConnections checks that CloseIdleConnections reaches the
// transport: the server's open connections go from 1 to 0.
func TestCloseIdleConnections(t *testing.T) {
	var mu sync.Mutex
	open := 0
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/from" {
			http.Redirect(w, r, "/to", http.StatusFound)
			return
		}
		io.WriteString(w, "ok")
	}))
	srv.Config.ConnState = func(_ net.Conn, state http.ConnState) {
		mu.Lock()
		defer mu.Unlock()
		switch state {
		case http.StateNew:
			open++
		case http.StateClosed, http.StateHijacked:
			open--
		}
	}
	srv.Start()
	defer srv.Close()
	openNow := func(want int) int {
		deadline := time.Now().Add(5 * time.Second)
		for {
			mu.Lock()
			n := open
			mu.Unlock()
			if n == want || time.Now().After(deadline) {
				return n
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	for _, cons := range constructors {
		c, _ := cons.make(&http.Client{Transport: &http.Transport{}})
		if _, body, err := get(t, c, "GET", srv.URL+"/from", nil, nil); err != nil || body != "ok" {
			t.Fatalf("%s: %q, %v", cons.name, body, err)
		}
		if n := openNow(1); n != 1 {
			t.Errorf("%s: %d connections open after one chain, want 1", cons.name, n)
		}
		c.(interface{ CloseIdleConnections() }).CloseIdleConnections()
		if n := openNow(0); n != 0 {
			t.Errorf("%s: %d connections open after CloseIdleConnections", cons.name, n)
		}
	}
}

// TestRedirectsLeakNothing runs many chains and checks that the
// goroutines end and that connections are used again.
func TestRedirectsLeakNothing(t *testing.T) {
	_, tn := newRedirects(t, map[string]redirect{
		"a.test/1": {302, "/2", "", true},
		"a.test/2": {307, "http://b.test/3", "", true},
	})
	transport := tn.transport()
	c := FollowRedirects(&http.Client{Transport: transport, Timeout: 10 * time.Second})
	before := runtime.NumGoroutine()
	const chains = 300
	for range chains {
		_, got, err := get(t, c, "POST", "http://a.test/1", strings.NewReader("x"), nil)
		if err != nil || !strings.HasPrefix(got, "GET b.test /3") {
			t.Fatalf("%s, %v", got, err)
		}
	}
	transport.CloseIdleConnections()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines after %d chains, %d before", n, chains, before)
	}
	tn.mu.Lock()
	conns := tn.newConns
	tn.mu.Unlock()
	if conns > 4 {
		t.Errorf("%d connections for %d requests", conns, 3*chains)
	}
}

func TestNewRequest(t *testing.T) {
	u, _ := weburl.Parse("http://user:pw@bücher.example:8080/a b?q#f")
	req, err := NewRequest(context.Background(), "PUT", u, strings.NewReader("payload"))
	if err != nil {
		t.Fatal(err)
	}
	if req.Host != "xn--bcher-kva.example:8080" || req.URL.String() != u.StdURL().String() || req.URL.RequestURI() != "/a%20b?q" {
		t.Errorf("Host %q, URL %v", req.Host, req.URL)
	}
	if req.ContentLength != 7 || req.GetBody == nil {
		t.Errorf("ContentLength %d, GetBody %v", req.ContentLength, req.GetBody != nil)
	}
	if _, err := NewRequest(context.Background(), "BAD METHOD", u, nil); err == nil {
		t.Error("a bad method succeeded")
	}
	//lint:ignore SA1012 a nil Context is an error, as with net/http
	if _, err := NewRequest(nil, "GET", u, nil); err == nil {
		t.Error("a nil Context succeeded")
	}
	if _, err := NewRequest(context.Background(), "GET", nil, nil); err == nil {
		t.Error("a nil URL succeeded")
	}
	// Sent: the host dialed and the Host header are u's.
	tn := newTestNet(t, echo)
	resp, err := (&http.Client{Transport: tn.transport()}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	dials, _ := tn.recorded()
	if !strings.HasPrefix(string(body), `PUT xn--bcher-kva.example:8080 /a%20b?q auth="Basic dXNlcjpwdw==" cookie="" type="" custom="" body="payload"`) ||
		len(dials) != 1 || dials[0] != "xn--bcher-kva.example:8080" {
		t.Errorf("the server saw %s; dialed %q", body, dials)
	}
}

// TestOneHost checks, for every http and https URL of the test data sent
// with a request from NewRequest, that the host net/http connects to (as
// httptrace's GetConn and the dial report it) is weburl's DialAddress, and
// that the Host header the server reads is weburl's Host. The https URLs
// are sent in the clear (DialTLSContext may return any connection): TLS
// changes neither the address nor the header. With -short, every 16th URL.
func TestOneHost(t *testing.T) {
	tn := newTestNet(t, func(http.ResponseWriter, *http.Request) {})
	dial := func(ctx context.Context, _, addr string) (net.Conn, error) { return tn.dial(ctx, addr, false) }
	c := &http.Client{Transport: &http.Transport{DialContext: dial, DialTLSContext: dial, MaxIdleConns: 64}}
	defer c.CloseIdleConnections()
	var getConn string
	ctx := httptrace.WithClientTrace(context.Background(), &httptrace.ClientTrace{
		GetConn: func(hostPort string) { getConn = hostPort },
	})
	checked := 0
	var noHost []string
	for i, u := range corpus.Corpus(t, weburl.Parse) {
		if u.Scheme() != "http" && u.Scheme() != "https" || testing.Short() && i%16 != 0 {
			continue
		}
		req, err := NewRequest(ctx, "GET", u, nil)
		if err != nil {
			t.Fatalf("%q: %v", u.Href(), err)
		}
		getConn = ""
		resp, err := c.Do(req)
		if err != nil {
			t.Errorf("%q: %v", u.Href(), err)
			continue
		}
		discard(resp)
		dials, _, hosts := tn.recordedHosts()
		addr, _ := u.DialAddress()
		if getConn != addr || len(dials) > 1 || len(dials) == 1 && dials[0] != addr {
			t.Errorf("%q: net/http connected to %q, dialed %q; weburl says %q", u.Href(), getConn, dials, addr)
		}
		switch {
		case len(hosts) == 1 && hosts[0] == "" && strings.ContainsAny(u.Hostname(), "\"`{}"):
			// net/http sends an empty Host header for a host with bytes
			// RFC 9110 does not allow in one (", `, { and }), which the URL
			// Standard allows in a domain; it still dials the host.
			noHost = append(noHost, u.Href())
		case len(hosts) != 1 || hosts[0] != u.Host():
			t.Errorf("%q: the server read Host headers %q, weburl says %q", u.Href(), hosts, u.Host())
		}
		checked++
	}
	t.Logf("%d URLs sent to their host; net/http sent these %d with an empty Host header: %q", checked, len(noHost), noHost)
	if checked < 50000 && !testing.Short() {
		t.Errorf("only %d URLs", checked)
	}
}

// TestRecordingConn is a check of the tests' instrument: the request lines
// recorded are those sent.
func TestRecordingConn(t *testing.T) {
	tn := newTestNet(t, echo)
	conn, err := net.Dial("tcp", tn.plain.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	io.WriteString(conn, "GET /x%zz HTTP/1.1\r\nHost: a\r\n\r\n")
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if _, lines := tn.recorded(); len(lines) != 1 || lines[0] != "GET /x%zz HTTP/1.1" {
		t.Errorf("recorded %q", lines)
	}
}

// TestFollowRedirectsClient checks that FollowRedirects leaves its client
// as it was and copies its fields, and that nil means http.DefaultClient:
// a server on 127.0.0.1 reached with net/http's default transport.
func TestFollowRedirectsClient(t *testing.T) {
	transport := &http.Transport{}
	jar, _ := cookiejar.New(nil)
	orig := &http.Client{Transport: transport, Jar: jar, Timeout: time.Minute}
	c := FollowRedirects(orig)
	if orig.Transport != transport || orig.Jar != jar || orig.CheckRedirect != nil || orig.Timeout != time.Minute {
		t.Errorf("FollowRedirects changed its client: %+v", orig)
	}
	if c.Timeout != time.Minute || c.Jar != jar || c.CheckRedirect == nil {
		t.Errorf("the new client has Timeout %v, Jar %v, CheckRedirect %v", c.Timeout, c.Jar, c.CheckRedirect != nil)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/from" {
			http.Redirect(w, r, "/to", http.StatusFound)
			return
		}
		io.WriteString(w, r.URL.Path)
	}))
	defer srv.Close()
	for name, c := range map[string]doer{"FollowRedirects(nil)": FollowRedirects(nil), "NewClient(nil)": NewClient(nil)} {
		if _, body, err := get(t, c, "GET", srv.URL+"/from", nil, nil); err != nil || body != "/to" {
			t.Errorf("%s got %q, %v", name, body, err)
		}
	}
}

// TestClientMethods checks Get, Head, Post and PostForm: the method, body
// and Content-Type the server receives, after a 307 that keeps them.
func TestClientMethods(t *testing.T) {
	_, tn := newRedirects(t, map[string]redirect{
		"a.test/from": {307, "/to ü", "", true},
	})
	c := NewClient(&http.Client{Transport: tn.transport()})
	u, _ := weburl.Parse("http://a.test/from")
	ctx := context.Background()
	read := func(resp *http.Response, err error) string {
		if err != nil {
			return "error: " + err.Error()
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.Status + " " + string(b)
	}
	for _, tc := range []struct{ got, want string }{
		{read(c.Get(ctx, u)), `200 OK GET a.test /to%20%C3%BC auth="" cookie="" type="" custom="" body=""`},
		{read(c.Head(ctx, u)), `200 OK `},
		{read(c.Post(ctx, u, "text/plain", strings.NewReader("p"))), `200 OK POST a.test /to%20%C3%BC auth="" cookie="" type="text/plain" custom="" body="p"`},
		{read(c.PostForm(ctx, u, map[string][]string{"b": {"2 3"}, "a": {"1"}})), `200 OK POST a.test /to%20%C3%BC auth="" cookie="" type="application/x-www-form-urlencoded" custom="" body="a=1&b=2+3"`},
	} {
		if !strings.HasPrefix(tc.got, tc.want) {
			t.Errorf("got %s\nwant %s", tc.got, tc.want)
		}
	}
	// A request that cannot be made closes the body it was given.
	body := &closeCounter{Reader: strings.NewReader("p")}
	//lint:ignore SA1012 a nil Context is an error, as with net/http
	if _, err := c.Post(nil, u, "text/plain", body); err == nil || body.closed != 1 {
		t.Errorf("Post with a nil Context: %v, body closed %d times", err, body.closed)
	}
}

type closeCounter struct {
	io.Reader
	closed int
}

func (c *closeCounter) Close() error { c.closed++; return nil }

// TestResponseURL follows chains of redirects with both kinds of client
// and checks that ResponseURL gives the URL of the last request, each
// Location resolved as weburl resolves it against the URL before: where
// net/url reads a Location otherwise ("\\"), holds it otherwise (a path
// with a stray "%", which net/url keeps in Opaque) or cannot (a host in
// Unicode), and with no redirect at all.
func TestResponseURL(t *testing.T) {
	_, tn := newRedirects(t, map[string]redirect{
		"a.test/one":     {302, "/d/two", "", true},
		"a.test/d/two":   {301, "../three x?q=%zz#f", "", true},
		"a.test/back":    {302, `\\b.test\p q`, "", true},
		"a.test/idn":     {302, "http://bücher.example/ü", "", true},
		"a.test/stray":   {307, "/x/%zz/ä", "", true},
		"a.test/three x": {303, "/done", "", true},
	})
	for _, cons := range constructors {
		c, _ := cons.make(&http.Client{Transport: tn.transport()})
		for _, tc := range []struct{ from, want string }{
			{"http://a.test/one", "http://a.test/done#f"}, // the fragment of the Location before
			{"http://a.test/back", "http://b.test/p%20q"},
			{"http://a.test/idn", "http://xn--bcher-kva.example/%C3%BC"},
			{"http://a.test/stray", "http://a.test/x/%zz/%C3%A4"},
			{"http://a.test/plain?x", "http://a.test/plain?x"},
		} {
			resp, _, err := get(t, c, "GET", tc.from, nil, nil)
			if err != nil {
				t.Errorf("%s: %s: %v", cons.name, tc.from, err)
				continue
			}
			if got := ResponseURL(resp); got == nil || got.Href() != tc.want {
				t.Errorf("%s: %s: ResponseURL %v, want %s (resp.Request.URL %v)", cons.name, tc.from, got, tc.want, resp.Request.URL)
			}
		}
	}
	// A request made with net/http, not redirected: its URL, read.
	req, err := http.NewRequest("GET", "http://a.test/plain", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := NewClient(&http.Client{Transport: tn.transport()}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	discard(resp)
	if got := ResponseURL(resp); got == nil || got.Href() != "http://a.test/plain" {
		t.Errorf("a net/http request: ResponseURL %v", got)
	}
	if ResponseURL(nil) != nil || ResponseURL(&http.Response{}) != nil {
		t.Error("ResponseURL of no request is not nil")
	}
}
