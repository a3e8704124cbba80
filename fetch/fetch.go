// Package fetch sends HTTP requests for URLs parsed by package weburl, and
// follows their redirects as a browser does: to the URLs a browser
// follows, by the Fetch Standard's HTTP-redirect fetch, on net/http.
//
// net/http parses a request's URL, and every Location header it follows,
// with net/url, which disagrees with browsers on many URLs (a space, a
// stray "%", "\\" for "/", IDNA), and its redirect rules are RFC 9110's
// as Go has read them since Go 1, not the Fetch Standard's. [NewRequest]
// builds a request from a [weburl.URL]; a [Client] sends requests for
// URLs and follows their redirects as a browser does; [FollowRedirects]
// makes a net/http client that does the same. Together they send the
// requests a browser sends, from the first to the last redirect:
//
//	client := fetch.NewClient(nil)
//	u, err := weburl.Parse("https://bücher.example/a b?q=%zz")
//	...
//	resp, err := client.Get(ctx, u)
//
// Where the Fetch Standard and net/http's client differ on a redirect,
// these clients follow the standard:
//
//	                      net/http's client                       a Client, FollowRedirects' client
//	the next URL          the Location resolved by net/url        the Location resolved by weburl, as a browser does
//	301, 302 to PUT,      the method becomes GET, the body and    the method and body stay: only POST becomes GET
//	DELETE, PATCH, ...    its headers go                          (on 303, every method but GET and HEAD)
//	a body it would send  sent again from GetBody; a 307 or 308   sent again; with no GetBody the chain ends with
//	again                 with none ends the chain                the 3xx, whatever the status
//	request-body headers  dropped on 301, 302 and 303             dropped only where the method becomes GET
//	Authorization         kept to the same host or a subdomain    removed on a redirect to another origin (scheme,
//	                                                              host, port), for the rest of the chain
//	Referer               the previous URL (or the caller's       strict-origin-when-cross-origin: the caller's
//	                      Referer), none from https to http       Referer, else the previous URL, without fragment
//	                                                              and credentials to its own origin, its origin
//	                                                              alone to another, none from https to http
//	an empty Location     not followed                            the URL itself
//	a Location without    no fragment                             the fragment of the URL it redirects from
//	a fragment
//	the final URL         resp.Request.URL, a *url.URL            ResponseURL(resp), a *weburl.URL
//	a Location that does  the chain ends with an error            the chain ends with a *RedirectError
//	not parse, a scheme
//	other than http(s)
//	redirects followed    10                                      20 (MaxRedirects)
//
// Everything else is net/http's own redirect loop: the jar's cookies at
// every hop, CheckRedirect once per hop, http.ErrUseLastResponse, the
// Timeout over the whole chain, the headers it drops when the host
// changes (Cookie, WWW-Authenticate, Proxy-Authorization, ...), the error
// types. A response a chain ends with, through http.ErrUseLastResponse
// or because it is not followed, has exactly the headers the server sent.
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
	if ctx == nil {
		return nil, errors.New("fetch: NewRequest with a nil Context")
	}
	req, err := http.NewRequestWithContext(withURL(ctx, u), method, "http://weburl.invalid/", body)
	if err != nil {
		return nil, err
	}
	req.URL = u.StdURL()
	req.Host = req.URL.Host
	return req, nil
}

// ResponseURL returns the URL of the request that resp answers, as the
// client resolved it: for a response of a [Client] or of a client from
// [FollowRedirects], the URL of the last request of the chain, each
// Location resolved by weburl, as a browser resolves it, and never read
// back from resp.Request.URL, a *url.URL (see [weburl.URL.StdURL] for the
// URLs net/url cannot hold exactly). For a request made without
// [NewRequest] and not redirected, it reads resp.Request.URL with
// [weburl.FromStd]. It returns nil when resp or its request is nil, or
// when that URL cannot be read.
//
//	resp, err := client.Get(ctx, u)
//	...
//	final := fetch.ResponseURL(resp) // where the redirects led
func ResponseURL(resp *http.Response) *weburl.URL {
	if resp == nil {
		return nil
	}
	return requestURL(resp.Request)
}

// requestURL returns the URL a Client sends req to: the one NewRequest or
// a redirect gave it, else its URL read with weburl.FromStd, or nil.
func requestURL(req *http.Request) *weburl.URL {
	if req == nil {
		return nil
	}
	if u, ok := req.Context().Value(urlKey{}).(*weburl.URL); ok {
		return u
	}
	u, err := weburl.FromStd(req.URL)
	if err != nil {
		return nil
	}
	return u
}

// urlKey is the key of a request's URL in its context: the URL a Client
// sends the request to, as weburl parsed or resolved it.
type urlKey struct{}

// withURL returns ctx with u as the URL of the requests made with it.
func withURL(ctx context.Context, u *weburl.URL) context.Context {
	return context.WithValue(ctx, urlKey{}, u)
}

// A Client sends HTTP requests with a net/http client, and follows their
// redirects as that client does in every respect but those of the Fetch
// Standard (see the package documentation): each Location is resolved as
// a browser resolves it, with weburl against the URL of the request it
// answers, and the request that follows has the method, body and headers
// the standard gives it. The client's Transport, Jar, CheckRedirect and
// Timeout are read at each request, so that one set after NewClient
// counts: the jar gives every hop its cookies and takes each response's (a
// cookie set by a redirect goes with the next hop), CheckRedirect is asked
// once per hop, http.ErrUseLastResponse from it returns the response that
// redirects as the server sent it, and the Timeout covers the whole chain.
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
	r := &resolver{next: hc.Transport}
	hc.Transport = r
	hc.CheckRedirect = r.checkRedirect(hc.CheckRedirect)
	return hc.Do(req)
}

// Get sends a GET request for u, and follows its redirects. The URL the
// response answers, where the redirects led as weburl resolved each
// Location, is [ResponseURL](resp).
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
// http.DefaultClient) and follows redirects as a [Client] does: each
// Location resolved as a browser resolves it, by weburl against the URL
// of the request it answers, so that "/a b" goes to "/a%20b", "/x/%zz" to
// "/x/%zz" and "\\\\host\\p" to another host, where net/url reads them
// otherwise or not at all; and the request that follows with the method,
// body and headers of the Fetch Standard (see the package documentation).
//
// The client's transport gives net/http's redirect loop the absolute URL
// a browser follows as the Location of a response that redirects, where
// net/url would resolve it to another URL or to none (its href, or for
// the few that net/url cannot parse, a form of it that net/url parses),
// and sends the request that follows to exactly that URL. So net/http's
// own loop follows it, with everything it does: the jar's cookies for
// each hop, CheckRedirect asked once per hop with the request and those
// before, http.ErrUseLastResponse, the Timeout for the whole chain. The
// CheckRedirect of the returned client gives the response its Location
// back before it asks c's: a response returned through
// http.ErrUseLastResponse has the headers the server sent. Its fields may
// be set after, as on any net/http client; but a CheckRedirect set then
// replaces that one, so that a response it stops at has the Location
// net/http followed where the server's was one net/url reads otherwise,
// and a body that cannot be sent again ends the chain with an error,
// ErrBodyNotResent, rather than with the response. Set CheckRedirect on c
// first, or use a Client, which reads c's at each request.
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
	r := &resolver{next: c.Transport}
	return &http.Client{
		Transport:     r,
		Jar:           c.Jar,
		CheckRedirect: r.checkRedirect(c.CheckRedirect),
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
	// ErrBodyNotResent: a redirect that sends the body again, of a
	// request whose body cannot be sent again (it has no GetBody), from
	// a client of FollowRedirects whose CheckRedirect was replaced after
	// it was made. Otherwise the chain ends with the response that
	// redirects, with no error.
	ErrBodyNotResent = errors.New("fetch: a redirect sends the body again, which cannot be sent again")
)

// checkRedirect returns the CheckRedirect of a client whose transport is
// r, around check, the one the client was given (nil: stop after
// MaxRedirects). Before check is asked, it gives the response that
// redirects back its Location as the server sent it (the transport
// rewrote it for net/http's loop, which has read it by then), and it ends
// the chain with that response where its redirect needs the body again
// and the body cannot be sent again.
func (r *resolver) checkRedirect(check func(*http.Request, []*http.Request) error) func(*http.Request, []*http.Request) error {
	return func(req *http.Request, via []*http.Request) error {
		h, ok := r.peek(req.Response)
		if ok && h.stop {
			r.forget(req.Response)
			return http.ErrUseLastResponse
		}
		var err error
		switch {
		case check != nil:
			err = check(req, via)
		case len(via) > MaxRedirects:
			err = ErrTooManyRedirects
		}
		if err != nil {
			r.forget(req.Response)
		}
		return err
	}
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
// loop, and sends the request that follows it to that URL as the Fetch
// Standard's HTTP-redirect fetch makes it.
type resolver struct {
	next http.RoundTripper // nil: http.DefaultTransport

	mu sync.Mutex
	// hops are where the redirects of responses go, for the requests
	// net/http makes to follow them (whose Response is the response). A
	// response that is never followed is dropped with it (the cleanup that
	// remember adds), or forgotten by checkRedirect.
	hops map[weak.Pointer[http.Response]]*hop
}

// A hop is where the redirect of a response goes, and what the request
// that follows it is.
type hop struct {
	to        *weburl.URL
	std       *url.URL    // to, for net/http
	from      *weburl.URL // the URL of the response
	location  string      // the response's Location as it came
	rewritten bool        // the response's Location is rewritten for net/http
	method    string      // the method of the request that follows
	toGet     bool        // the redirect made the method GET: the body and its headers go
	stop      bool        // the chain's body goes again, and cannot be sent again: the chain ends here
	chain     *chain
}

// A chain is what the requests of a redirect chain share: the body of the
// first request and its headers, the Referer its caller set, and whether
// a redirect to another origin has removed the Authorization header.
type chain struct {
	body        bool                          // the first request has a body
	getBody     func() (io.ReadCloser, error) // how to send it again, or nil
	length      int64
	bodyHeaders http.Header // its request-body headers
	referrer    *weburl.URL // the Referer the first request was given, or nil
	noAuth      bool        // Authorization is removed
}

// requestBodyHeaders are the Fetch Standard's request-body header names,
// which go with the body when a redirect turns the method into GET.
// https://fetch.spec.whatwg.org/#request-body-header-name
var requestBodyHeaders = [...]string{"Content-Encoding", "Content-Language", "Content-Location", "Content-Type", "Content-Length"}

func (r *resolver) transport() http.RoundTripper {
	if r.next == nil {
		return http.DefaultTransport
	}
	return r.next
}

// RoundTrip sends req, resolves the Location of the response if it
// redirects, and records where the redirect goes.
func (r *resolver) RoundTrip(req *http.Request) (*http.Response, error) {
	in := req
	var c *chain
	if req.Response == nil {
		c = newChain(req)
	} else if h, ok := r.take(req.Response); ok {
		// A request to follow a redirect: as the Fetch Standard makes it.
		restoreLocation(req.Response, h)
		if h.to.Scheme() != "http" && h.to.Scheme() != "https" {
			closeBody(req)
			return nil, &RedirectError{Location: h.location, URL: h.from.Href(), Response: req.Response, Err: ErrRedirectScheme}
		}
		if h.stop {
			// Only where checkRedirect was replaced on a client from
			// FollowRedirects: net/http would send the request without
			// the body.
			closeBody(req)
			return nil, &RedirectError{Location: h.location, URL: h.from.Href(), Response: req.Response, Err: ErrBodyNotResent}
		}
		sent, err := h.request(req)
		if err != nil {
			return nil, err
		}
		req, c = sent, h.chain
	}
	resp, err := r.transport().RoundTrip(req)
	if err != nil || c == nil || !redirects(resp.StatusCode) {
		return resp, err
	}
	locations, ok := resp.Header["Location"]
	if !ok {
		return resp, nil
	}
	loc := ""
	if len(locations) > 0 {
		loc = locations[0]
	}
	from := requestURL(req)
	if from == nil {
		return resp, nil // a request weburl cannot read: net/http's rules apply
	}
	to, err := from.Parse(loc)
	if err != nil {
		resp.Body.Close()
		return nil, &RedirectError{Location: loc, URL: from.Href(), Response: resp, Err: err}
	}
	if !to.HasHash() && from.HasHash() {
		// A Location without a fragment keeps the request's.
		// https://fetch.spec.whatwg.org/#concept-response-location-url
		to.SetHash("#" + strings.TrimPrefix(from.Hash(), "#")) // "#" for an empty one
	}
	h := &hop{to: to, std: to.StdURL(), from: from, location: loc, method: req.Method, chain: c}
	// https://fetch.spec.whatwg.org/#http-redirect-fetch
	switch resp.StatusCode {
	case http.StatusMovedPermanently, http.StatusFound:
		h.toGet = req.Method == http.MethodPost
	case http.StatusSeeOther:
		h.toGet = req.Method != http.MethodGet && req.Method != http.MethodHead
	}
	if h.toGet {
		h.method = http.MethodGet
	}
	if h.stop = !h.toGet && c.body && c.getBody == nil; h.stop && resp.StatusCode >= http.StatusTemporaryRedirect {
		// net/http does not follow a 307 or 308 whose body it cannot
		// send again either: it returns the response as it is.
		return resp, nil
	}
	// net/http's loop reads the Location and follows it, resolved with
	// net/url against the URL it knows the request by (req, as it came):
	// where that is not the URL a browser follows, the Location becomes
	// that URL, absolute, so that the jar's cookies, the headers net/http
	// drops and CheckRedirect see it. checkRedirect, or the request that
	// follows, gives the response its Location back.
	// (An empty Location, which net/http does not follow, is the URL
	// itself to a browser.)
	if nu, err := in.URL.Parse(loc); err != nil || loc == "" || nu.String() != h.std.String() {
		h.rewritten = true
		resp.Header["Location"] = []string{stdLocation(to)}
	}
	r.remember(resp, h)
	return resp, nil
}

// newChain returns the chain that req, a request that follows no
// redirect, starts.
func newChain(req *http.Request) *chain {
	c := &chain{body: req.Body != nil && req.Body != http.NoBody, getBody: req.GetBody, length: req.ContentLength}
	for _, name := range requestBodyHeaders {
		if v, ok := req.Header[name]; ok {
			if c.bodyHeaders == nil {
				c.bodyHeaders = make(http.Header)
			}
			c.bodyHeaders[name] = v
		}
	}
	if ref := req.Header.Get("Referer"); ref != "" {
		c.referrer, _ = weburl.Parse(ref)
	}
	return c
}

// request returns the request that follows h, made from req, the one
// net/http's loop made to follow it: to h.to, with the method, body and
// headers of the Fetch Standard's HTTP-redirect fetch, and the Referer of
// the default referrer policy.
func (h *hop) request(req *http.Request) (*http.Request, error) {
	sent := req.Clone(withURL(req.Context(), h.to))
	sent.URL, sent.Host, sent.Method = h.std, h.std.Host, h.method
	if req.Body != nil {
		req.Body.Close()
	}
	sent.Body, sent.GetBody, sent.ContentLength = nil, nil, 0
	c := h.chain
	if h.toGet {
		// The body is gone for the rest of the chain, and with it the
		// request-body headers.
		c.body, c.getBody, c.length, c.bodyHeaders = false, nil, 0, nil
		for _, name := range requestBodyHeaders {
			sent.Header.Del(name)
		}
	} else {
		// The method and body stay (net/http sends GET without a body for
		// a 301, 302 or 303 to any method but HEAD).
		if c.body {
			body, err := c.getBody()
			if err != nil {
				return nil, err
			}
			sent.Body, sent.GetBody, sent.ContentLength = body, c.getBody, c.length
		}
		for name, v := range c.bodyHeaders {
			sent.Header[name] = v
		}
	}
	// Authorization goes once a redirect changes the origin, and stays
	// gone (net/http keeps it to a subdomain).
	if !h.from.OriginValue().SameOrigin(h.to.OriginValue()) {
		c.noAuth = true
	}
	if c.noAuth {
		sent.Header.Del("Authorization")
	}
	if ref := referer(c.referrer, h.from, h.to); ref != "" {
		sent.Header.Set("Referer", ref)
	} else {
		sent.Header.Del("Referer")
	}
	return sent, nil
}

// referer returns the Referer of a request to to that follows a redirect
// from from, by the default referrer policy, strict-origin-when-cross-origin:
// the referrer (the Referer the first request was given, else from)
// without its fragment and credentials when it has to's origin, its
// origin alone when it does not, and none from https to http. (The policy
// also sends the origin from https to an http URL of a loopback host, a
// potentially trustworthy origin; here, as in net/http, a secure scheme
// never refers to http.)
// https://w3c.github.io/webappsec-referrer-policy/#referrer-policy-strict-origin-when-cross-origin
func referer(referrer, from, to *weburl.URL) string {
	ref := referrer
	if ref == nil {
		ref = from
	}
	if s := ref.Scheme(); s != "http" && s != "https" || s == "https" && to.Scheme() == "http" {
		return ""
	}
	if ref.OriginValue().SameOrigin(to.OriginValue()) {
		// https://w3c.github.io/webappsec-referrer-policy/#strip-url
		stripped := *ref
		stripped.SetUsername("")
		stripped.SetPassword("")
		stripped.SetHash("")
		return stripped.Href()
	}
	return ref.Origin() + "/"
}

// restoreLocation gives resp, whose redirect h is, back the Location it
// came with.
func restoreLocation(resp *http.Response, h *hop) {
	if h.rewritten {
		resp.Header["Location"] = []string{h.location}
	}
}

// CloseIdleConnections closes the idle connections of the transport, for
// http.Client.CloseIdleConnections.
func (r *resolver) CloseIdleConnections() {
	if t, ok := r.transport().(interface{ CloseIdleConnections() }); ok {
		t.CloseIdleConnections()
	}
}

// remember records where the redirect of resp goes, until it is followed
// (take), forgotten (forget) or resp is collected.
func (r *resolver) remember(resp *http.Response, h *hop) {
	key := weak.Make(resp)
	r.mu.Lock()
	if r.hops == nil {
		r.hops = make(map[weak.Pointer[http.Response]]*hop)
	}
	r.hops[key] = h
	r.mu.Unlock()
	runtime.AddCleanup(resp, func(key weak.Pointer[http.Response]) {
		r.mu.Lock()
		delete(r.hops, key)
		r.mu.Unlock()
	}, key)
}

// peek returns where the redirect of resp goes, and gives resp back its
// Location.
func (r *resolver) peek(resp *http.Response) (*hop, bool) {
	r.mu.Lock()
	h, ok := r.hops[weak.Make(resp)]
	r.mu.Unlock()
	if ok {
		restoreLocation(resp, h)
	}
	return h, ok
}

// take returns where the redirect of resp goes, and forgets it.
func (r *resolver) take(resp *http.Response) (*hop, bool) {
	key := weak.Make(resp)
	r.mu.Lock()
	defer r.mu.Unlock()
	h, ok := r.hops[key]
	delete(r.hops, key)
	return h, ok
}

// forget forgets where the redirect of resp goes: it is not followed.
func (r *resolver) forget(resp *http.Response) { r.take(resp) }

// pending returns the number of redirects remembered, for the tests.
func (r *resolver) pending() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.hops)
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
