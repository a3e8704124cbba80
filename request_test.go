package weburl

import (
	"bufio"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/weburl/weburl/internal/corpus"
)

// TestParseRequestTarget checks the URL a server was asked for: an
// origin-form target is a path and query of the Host's URL, never an
// authority (RFC 9112, section 3.2.1), an absolute-form one is itself
// (section 3.2.2), and what is neither, or a Host that is not a host and
// port, is an error.
func TestParseRequestTarget(t *testing.T) {
	for _, c := range []struct {
		scheme, host, target string
		href                 string // "" for an error
		code                 ErrorCode
	}{
		{"http", "example.com", "/a/b?c=d", "http://example.com/a/b?c=d", 0},
		{"https", "Example.COM:8443", "/", "https://example.com:8443/", 0},
		{"http", "example.com:80", "/x", "http://example.com/x", 0},
		{"http", "[::1]:8080", "/x", "http://[::1]:8080/x", 0},
		{"https", "bücher.example", "/ä?ö", "https://xn--bcher-kva.example/%C3%A4?%C3%B6", 0},
		// Paths that a reference would read as an authority stay paths.
		{"http", "example.com", "//evil.example/users/x", "http://example.com//evil.example/users/x", 0},
		{"http", "example.com", "/\\evil.example/x", "http://example.com//evil.example/x", 0},
		{"https", "example.com", "/..//evil.example/x", "https://example.com//evil.example/x", 0},
		{"http", "example.com", "//user@evil.example:80/x", "http://example.com//user@evil.example:80/x", 0},
		// The absolute-form: the URL itself, whatever the Host says.
		{"http", "ignored.example", "http://other.example/p?q", "http://other.example/p?q", 0},
		{"https", "example.com", "HTTPS://Other.example:443/", "https://other.example/", 0},
		// Neither form.
		{"http", "example.com", "", "", ErrRequestTargetInvalid},
		{"http", "example.com", "*", "", ErrRequestTargetInvalid},
		{"http", "example.com", "example.com:443", "", ErrRequestTargetInvalid},
		{"http", "example.com", "x/y", "", ErrRequestTargetInvalid},
		{"http", "example.com", "/a#frag", "", ErrRequestTargetInvalid},
		{"http", "example.com", "/a b", "", ErrRequestTargetInvalid},
		{"http", "example.com", "/a\tb", "", ErrRequestTargetInvalid},
		{"http", "example.com", "ftp://example.com/", "", ErrRequestTargetInvalid},
		{"http", "example.com", "http:/example.com/", "", ErrRequestTargetInvalid},
		{"ftp", "example.com", "/", "", ErrRequestTargetInvalid},
		{"HTTP", "example.com", "/", "", ErrRequestTargetInvalid},
		// A Host that is not a host and port.
		{"http", "", "/", "", ErrHostHeaderInvalid},
		{"http", "evil.example/x", "/", "", ErrHostHeaderInvalid},
		{"http", "a?b", "/", "", ErrHostHeaderInvalid},
		{"http", "a#b", "/", "", ErrHostHeaderInvalid},
		{"http", "user@example.com", "/", "", ErrHostHeaderInvalid},
		{"http", "a\\b", "/", "", ErrHostHeaderInvalid},
		{"http", "exa mple.com", "/", "", ErrHostHeaderInvalid},
		{"http", "example.com ", "/", "", ErrHostHeaderInvalid},
		{"http", "example.com:99999", "/", "", ErrHostHeaderInvalid},
		{"http", "example.com:x", "/", "", ErrHostHeaderInvalid},
		{"http", "[::1", "/", "", ErrHostHeaderInvalid},
		{"http", "1.2.3.999", "/", "", ErrHostHeaderInvalid},
	} {
		u, err := ParseRequestTarget(c.scheme, c.host, c.target)
		name := fmt.Sprintf("(%q, %q, %q)", c.scheme, c.host, c.target)
		if c.href != "" {
			if err != nil || u.Href() != c.href {
				t.Errorf("%s: %v, %v; want %s", name, u, err, c.href)
			}
			continue
		}
		var e *Error
		if u != nil || !errors.As(err, &e) || e.Code != c.code {
			t.Errorf("%s: %v, %v; want the error %s", name, u, err, c.code)
		}
	}
}

// TestParseRequestTargetRoundTrip checks, over the http and https URLs of
// the test data, that the path and query of a URL's href, sent to its
// host, give the URL again, less its credentials and fragment, which a
// request does not carry.
func TestParseRequestTargetRoundTrip(t *testing.T) {
	n := 0
	for _, u := range corpus.Corpus(t, Parse) {
		if u.Scheme() != "http" && u.Scheme() != "https" {
			continue
		}
		target := u.Pathname() + u.Search()
		if u.HasSearch() && u.Search() == "" {
			target += "?"
		}
		got, err := ParseRequestTarget(u.Scheme(), u.Host(), target)
		want := u.Clone()
		want.SetHash("")
		want.SetUsername("")
		want.SetPassword("")
		if err != nil || got.Href() != strings.TrimSuffix(want.Href(), "#") {
			t.Errorf("%s: (%q, %q) gives %v, %v", u, u.Host(), target, got, err)
		}
		n++
	}
	if n < 1000 {
		t.Errorf("%d URLs", n)
	}
}

// TestParseRequestTargetServer sends request lines to a net/http server
// on the loopback and reads them with the handler line of
// ParseRequestTarget's doc: the host it gives is the Host header's,
// whatever the target's path looks like, where resolving the target as a
// reference gives the attacker's host; net/url keeps the path too.
func TestParseRequestTargetServer(t *testing.T) {
	type seen struct {
		href, resolved, stdPath string
		err                     error
	}
	got := make(chan seen, 1)
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var s seen
		u, err := ParseRequestTarget("http", r.Host, r.RequestURI)
		if err == nil {
			s.href = u.Href()
		}
		s.err = err
		if ref, err := MustParse("http://" + r.Host + "/").Parse(r.RequestURI); err == nil {
			s.resolved = ref.Host()
		}
		s.stdPath = r.URL.Path
		got <- s
	}), ReadHeaderTimeout: 5 * time.Second}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	defer srv.Close()
	for _, c := range []struct{ target, href, resolved, stdPath string }{
		{"//evil.example/users/x", "http://example.com//evil.example/users/x", "evil.example", "//evil.example/users/x"},
		{"/a/b?q=1", "http://example.com/a/b?q=1", "example.com", "/a/b"},
		{"http://other.example/p", "http://other.example/p", "other.example", "/p"},
	} {
		conn, err := net.DialTimeout("tcp", ln.Addr().String(), 5*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		conn.SetDeadline(time.Now().Add(10 * time.Second))
		fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: example.com\r\nConnection: close\r\n\r\n", c.target)
		if _, err := http.ReadResponse(bufio.NewReader(conn), nil); err != nil {
			t.Fatalf("%s: %v", c.target, err)
		}
		conn.Close()
		s := <-got
		if s.err != nil || s.href != c.href || s.resolved != c.resolved || s.stdPath != c.stdPath {
			t.Errorf("%s: ParseRequestTarget %q, %v; resolved, the host %q; net/url's path %q; want %q, %q, %q",
				c.target, s.href, s.err, s.resolved, s.stdPath, c.href, c.resolved, c.stdPath)
		}
	}
}
