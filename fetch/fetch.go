// Package fetch sends HTTP requests for URLs parsed by package weburl, and
// follows their redirects to the URLs a browser follows, on net/http.
//
// net/http parses a request's URL, and every Location header it follows,
// with net/url, which disagrees with browsers on many URLs (a space, a
// stray "%", "\\" for "/", IDNA). [NewRequest] builds a request from a
// [weburl.URL]; a [Client] sends requests for URLs, and follows each
// redirect to the URL a browser resolves its Location to; [FollowRedirects]
// makes a net/http client that does the same. Together they send the
// requests a browser sends, from the first to the last redirect:
//
//	client := fetch.NewClient(nil)
//	u, err := weburl.Parse("https://bücher.example/a b?q=%zz")
//	...
//	resp, err := client.Get(ctx, u)
//
// Package weburl does not import net/http: a program that only parses URLs
// links no HTTP stack. This package is the HTTP layer, as net/http is for
// net/url.
// https://fetch.spec.whatwg.org/#http-redirect-fetch
package fetch

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"weak"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/ascii"
	"github.com/weburl/weburl/internal/quote"
)

// NewRequest returns an HTTP request for u, as http.NewRequestWithContext
// does for a URL string: with GetBody and ContentLength set for a
// *bytes.Buffer, *bytes.Reader or *strings.Reader body, and an error for
// an invalid method or a nil ctx. Its URL is u.StdURL() and its Host is
// u.Host(), so that net/http dials the host u names and sends the request
// target and Host header a browser sends (see [weburl.URL.StdURL] for the few
// URLs net/url cannot hold exactly, and net/http's limits). Send it with a
// [Client], or a client from [FollowRedirects], to follow its redirects as
// a browser does.
func NewRequest(ctx context.Context, method string, u *weburl.URL, body io.Reader) (*http.Request, error) {
	if u == nil || u.Href() == "" {
		return nil, errors.New("fetch: NewRequest with no URL")
	}
	req, err := http.NewRequestWithContext(ctx, method, "http://weburl.invalid/", body)
	if err != nil {
		return nil, err
	}
	req.URL = u.StdURL()
	req.Host = req.URL.Host
	return req, nil
}

// A Client sends HTTP requests with a net/http client, and follows their
// redirects as that client does in every respect but one: each Location
// is resolved as a browser resolves it, with weburl against the URL of
// the request it answers (see [FollowRedirects]). The client's Transport,
// Jar, CheckRedirect and Timeout are read at each request, so that one set
// after NewClient counts: the jar gives every hop its cookies and takes
// each response's (a cookie set by a redirect goes with the next hop),
// CheckRedirect is asked once per hop, http.ErrUseLastResponse from it
// returns the response that redirects (its Location the absolute URL a
// browser would follow), and the Timeout covers the whole chain.
//
// A Client is safe for concurrent use, as its net/http client is.
type Client struct {
	c *http.Client
}

// NewClient returns a Client that sends requests with c, which it keeps
// and reads at each request (nil: a new http.Client with net/http's
// defaults).
func NewClient(c *http.Client) *Client {
	if c == nil {
		c = new(http.Client)
	}
	return &Client{c: c}
}

// Do sends req, as http.Client.Do does, and follows its redirects as a
// browser does. Build req with [NewRequest] to have its URL parsed as a
// browser parses it too.
func (c *Client) Do(req *http.Request) (*http.Response, error) {
	hc := *c.c
	hc.Transport = &resolver{next: hc.Transport}
	if hc.CheckRedirect == nil {
		hc.CheckRedirect = checkRedirect
	}
	return hc.Do(req)
}

// Get sends a GET request for u.
func (c *Client) Get(ctx context.Context, u *weburl.URL) (*http.Response, error) {
	return c.send(ctx, http.MethodGet, u, "", nil)
}

// Head sends a HEAD request for u.
func (c *Client) Head(ctx context.Context, u *weburl.URL) (*http.Response, error) {
	return c.send(ctx, http.MethodHead, u, "", nil)
}

// Post sends a POST request for u with body, of the type contentType. A
// body that is a *bytes.Buffer, *bytes.Reader or *strings.Reader can be
// sent again, to follow a 307 or 308; a body that is an io.Closer is
// closed, as by http.Client.Post.
func (c *Client) Post(ctx context.Context, u *weburl.URL, contentType string, body io.Reader) (*http.Response, error) {
	return c.send(ctx, http.MethodPost, u, contentType, body)
}

// PostForm sends a POST request for u with data, URL-encoded as
// url.Values.Encode encodes it, as the body.
func (c *Client) PostForm(ctx context.Context, u *weburl.URL, data url.Values) (*http.Response, error) {
	return c.Post(ctx, u, "application/x-www-form-urlencoded", strings.NewReader(data.Encode()))
}

// CloseIdleConnections closes the idle connections of the client's
// transport, as http.Client.CloseIdleConnections does.
func (c *Client) CloseIdleConnections() { c.c.CloseIdleConnections() }

// send sends a request with method for u.
func (c *Client) send(ctx context.Context, method string, u *weburl.URL, contentType string, body io.Reader) (*http.Response, error) {
	req, err := NewRequest(ctx, method, u, body)
	if err != nil {
		if closer, ok := body.(io.Closer); ok {
			closer.Close()
		}
		return nil, err
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	return c.Do(req)
}

// FollowRedirects returns a net/http client that sends requests with c's
// transport, jar, CheckRedirect and timeout (c is unchanged; nil means
// http.DefaultClient) and follows redirects as c would, in every respect
// but one: each Location is resolved as a browser resolves it, by weburl
// against the URL of the request it answers, so that "/a b" goes to
// "/a%20b", "/x/%zz" to "/x/%zz" and "\\\\host\\p" to another host,
// where net/url reads them otherwise or not at all. Its fields may be set
// after: a CheckRedirect or Jar set on the returned client is used, as on
// any net/http client.
//
// The client's transport rewrites the Location of each response that
// redirects into the absolute URL a browser follows (its href, or for the
// few that net/url cannot parse, a form of it that net/url parses), and
// sends the request that follows it to exactly that URL. So net/http's own
// redirect loop follows it, with everything it does: the jar's cookies for
// each hop, CheckRedirect asked once per hop with the request and those
// before, http.ErrUseLastResponse returning the response that redirects
// (its Location the absolute URL a browser would follow),
// the Timeout for the whole chain, the method and body of each status, the
// headers it keeps or drops, and the Referer it adds. An empty Location,
// which net/http does not follow, is the URL itself, as for a browser.
//
// Where net/http follows at most 10 redirects, the client stops after
// MaxRedirects (20), as browsers do, with ErrTooManyRedirects, unless a
// CheckRedirect is set. A Location that does not parse ends the chain with
// a [*RedirectError] wrapping the [*weburl.Error], and so does one whose
// scheme is not http or https (ErrRedirectScheme), as the Fetch Standard
// says: net/http's client returns them wrapped in a *url.Error.
// https://fetch.spec.whatwg.org/#http-redirect-fetch
func FollowRedirects(c *http.Client) *http.Client {
	if c == nil {
		c = http.DefaultClient
	}
	check := c.CheckRedirect
	if check == nil {
		check = checkRedirect
	}
	return &http.Client{
		Transport:     &resolver{next: c.Transport},
		Jar:           c.Jar,
		CheckRedirect: check,
		Timeout:       c.Timeout,
	}
}

// MaxRedirects is the most redirects a Client, or a client from
// FollowRedirects, follows for one request when no CheckRedirect is set:
// the Fetch Standard's limit, which browsers follow.
const MaxRedirects = 20

// The errors of the redirects a Client does not follow, wrapped in a
// *url.Error as net/http's client returns its errors.
var (
	// ErrTooManyRedirects: a redirect after MaxRedirects, with no
	// CheckRedirect set.
	ErrTooManyRedirects = errors.New("fetch: stopped after " + strconv.Itoa(MaxRedirects) + " redirects")
	// ErrRedirectScheme: a redirect to a URL whose scheme is not http or
	// https, which the Fetch Standard does not follow.
	ErrRedirectScheme = errors.New("fetch: redirect to a scheme other than http or https")
)

// checkRedirect is the CheckRedirect of a Client with none set.
func checkRedirect(_ *http.Request, via []*http.Request) error {
	if len(via) > MaxRedirects {
		return ErrTooManyRedirects
	}
	return nil
}

// A RedirectError reports a redirect a Client did not follow: its Location
// header, and why. Err wraps the [*weburl.Error] of a Location that does
// not parse, or is ErrRedirectScheme.
type RedirectError struct {
	Location string         // the Location header
	URL      string         // the URL of the response that redirected
	Response *http.Response // that response, its body closed
	Err      error
}

func (e *RedirectError) Error() string {
	return "fetch: redirect from " + quote.Short(e.URL) + " to Location " + quote.Short(e.Location) + ": " + unprefixed(e.Err)
}

// Unwrap returns e.Err.
func (e *RedirectError) Unwrap() error { return e.Err }

// unprefixed returns err's message less the package name it starts with,
// so that an error wrapping it names a package once.
func unprefixed(err error) string {
	msg := err.Error()
	for _, prefix := range []string{"fetch: ", "weburl: "} {
		if m, ok := strings.CutPrefix(msg, prefix); ok {
			return m
		}
	}
	return msg
}

// A resolver is the transport of a Client: it resolves the Location of
// each response that redirects as a browser does, for net/http's redirect
// loop, and sends the request that follows it to that URL.
type resolver struct {
	next http.RoundTripper // nil: http.DefaultTransport

	mu sync.Mutex
	// targets are the URLs the redirects of responses go to, for the
	// requests net/http makes to follow them (whose Response is the
	// response). A response that is never followed is dropped with it.
	targets map[weak.Pointer[http.Response]]hop
}

// A hop is where the redirect of a response goes.
type hop struct {
	to       *url.URL // the URL a browser follows
	from     string   // the href of the URL of the response
	location string   // the response's Location as it came
}

func (r *resolver) transport() http.RoundTripper {
	if r.next == nil {
		return http.DefaultTransport
	}
	return r.next
}

// RoundTrip sends req and resolves the Location of the response.
func (r *resolver) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Response != nil {
		// A request to follow a redirect: to where a browser goes.
		if h, ok := r.target(req.Response); ok {
			if h.to.Scheme != "http" && h.to.Scheme != "https" {
				closeBody(req)
				return nil, &RedirectError{Location: h.location, URL: h.from, Response: req.Response, Err: ErrRedirectScheme}
			}
			sent := req.Clone(req.Context())
			sent.URL, sent.Host = h.to, h.to.Host
			req = sent
		}
	}
	resp, err := r.transport().RoundTrip(req)
	if err != nil {
		return nil, err
	}
	if !redirects(resp.StatusCode) {
		return resp, nil
	}
	locations, ok := resp.Header["Location"]
	if !ok {
		return resp, nil
	}
	loc := ""
	if len(locations) > 0 {
		loc = locations[0]
	}
	from, err := weburl.FromStd(req.URL)
	if err != nil {
		return resp, nil // a request weburl cannot read: net/http's rules apply
	}
	to, err := from.Parse(loc)
	if err != nil {
		resp.Body.Close()
		return nil, &RedirectError{Location: loc, URL: from.Href(), Response: resp, Err: err}
	}
	resp.Header.Set("Location", stdLocation(to))
	r.remember(resp, hop{to: to.StdURL(), from: from.Href(), location: loc})
	return resp, nil
}

// CloseIdleConnections closes the idle connections of the transport, for
// http.Client.CloseIdleConnections.
func (r *resolver) CloseIdleConnections() {
	if t, ok := r.transport().(interface{ CloseIdleConnections() }); ok {
		t.CloseIdleConnections()
	}
}

// remember records where the redirect of resp goes.
func (r *resolver) remember(resp *http.Response, h hop) {
	key := weak.Make(resp)
	r.mu.Lock()
	if r.targets == nil {
		r.targets = make(map[weak.Pointer[http.Response]]hop)
	}
	r.targets[key] = h
	r.mu.Unlock()
	runtime.AddCleanup(resp, func(key weak.Pointer[http.Response]) {
		r.mu.Lock()
		delete(r.targets, key)
		r.mu.Unlock()
	}, key)
}

// target returns where the redirect of resp goes, and forgets it.
func (r *resolver) target(resp *http.Response) (hop, bool) {
	key := weak.Make(resp)
	r.mu.Lock()
	defer r.mu.Unlock()
	h, ok := r.targets[key]
	delete(r.targets, key)
	return h, ok
}

// stdLocation returns the Location to give net/http for a redirect to u:
// its href, which net/url parses to the same URL for all but a few, or
// for those (a path with a "%" that starts no percent-encoded byte, say)
// the href with each "%" of them encoded, which net/url parses. The
// request that follows goes to u all the same (see resolver.RoundTrip).
func stdLocation(u *weburl.URL) string {
	href := u.Href()
	if _, err := url.Parse(href); err == nil {
		return href
	}
	var b strings.Builder
	for i := 0; i < len(href); i++ {
		if href[i] == '%' && !(i+2 < len(href) && ascii.IsHex(href[i+1]) && ascii.IsHex(href[i+2])) {
			b.WriteString("%25")
			continue
		}
		b.WriteByte(href[i])
	}
	return b.String()
}

// redirects reports whether a response of status is a redirect net/http
// follows when it has a Location.
func redirects(status int) bool {
	switch status {
	case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther,
		http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
		return true
	}
	return false
}

// closeBody closes the body of a request a RoundTripper does not send, as
// it must.
func closeBody(req *http.Request) {
	if req.Body != nil {
		req.Body.Close()
	}
}
