// Package fetch sends HTTP requests for URLs parsed by package weburl, and
// follows redirects, as a browser does, on net/http.
//
// net/http parses a request's URL, and every Location header it follows,
// with net/url, which disagrees with browsers on many URLs (a space, a
// stray "%", "\\" for "/", IDNA). NewRequest builds a request from a
// [weburl.URL], and FollowRedirects gives a client that follows redirects
// as the Fetch Standard's HTTP-redirect fetch does, parsing each Location
// with weburl. Together they send the requests a browser sends, from the
// first to the last redirect.
//
// Package weburl does not import net/http: a program that only parses URLs
// links no HTTP stack. This package is the HTTP layer, as net/http is for
// net/url.
// https://fetch.spec.whatwg.org/#http-redirect-fetch
package fetch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/weburl/weburl"
)

// NewRequest returns an HTTP request for u, as http.NewRequestWithContext
// does for a URL string: with GetBody and ContentLength set for a
// *bytes.Buffer, *bytes.Reader or *strings.Reader body, and an error for
// an invalid method or a nil ctx. Its URL is u.StdURL() and its Host is
// u.Host(), so that net/http dials the host u names and sends the request
// target and Host header a browser sends (see [weburl.URL.StdURL] for the few
// URLs net/url cannot hold exactly, and net/http's limits). Send it with
// a client from [FollowRedirects] to follow redirects as a browser does.
func NewRequest(ctx context.Context, method string, u *weburl.URL, body io.Reader) (*http.Request, error) {
	if u.Href() == "" {
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

// MaxRedirects is the most redirects a client from FollowRedirects follows
// for one request, as the Fetch Standard says.
const MaxRedirects = 20

// The errors a client from FollowRedirects returns, wrapped in a
// *url.Error as net/http's client returns its errors.
var (
	// ErrTooManyRedirects: a redirect after MaxRedirects.
	ErrTooManyRedirects = errors.New("fetch: stopped after " + strconv.Itoa(MaxRedirects) + " redirects")
	// ErrRedirectScheme: a redirect to a URL whose scheme is not http or
	// https, which the Fetch Standard does not follow.
	ErrRedirectScheme = errors.New("fetch: redirect to a scheme other than http or https")
	// ErrStdLocation: a response that redirects, to be returned (see
	// FollowRedirects), whose Location net/url does not parse, so that
	// net/http's client cannot return it.
	ErrStdLocation = errors.New("fetch: net/http cannot return a response whose Location net/url rejects")
)

// A RedirectError reports a redirect a client from FollowRedirects did not
// follow: its Location header, and why. Err wraps the [*weburl.Error] of a
// Location that does not parse, or is ErrTooManyRedirects,
// ErrRedirectScheme or ErrStdLocation.
type RedirectError struct {
	Location string         // the Location header
	URL      string         // the URL of the response that redirected
	Response *http.Response // that response, its body closed
	Err      error
}

func (e *RedirectError) Error() string {
	return "fetch: redirect from " + quoteShort(e.URL) + " to Location " + quoteShort(e.Location) + ": " + unprefixed(e.Err)
}

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

// quoteShort quotes s, or its first 1 KiB with "..." and its length.
func quoteShort(s string) string {
	const max = 1 << 10
	if len(s) <= max {
		return strconv.Quote(s)
	}
	return strconv.Quote(s[:max]) + "... (" + strconv.Itoa(len(s)) + " bytes)"
}

// Unwrap returns e.Err.
func (e *RedirectError) Unwrap() error { return e.Err }

// FollowRedirects returns a client that sends requests with c's transport,
// timeout and cookie jar (c is unchanged; nil means http.DefaultClient),
// but follows redirects itself, as the Fetch Standard's HTTP-redirect
// fetch does, and not as net/http does:
//
//   - A Location is parsed with this package against the URL of the
//     request it answers, as a browser parses it ("/a b" goes to "/a%20b",
//     "\\\\host\\p" to another host, "/x/%zz" as it is); one that fails to
//     parse ends with a [*RedirectError] wrapping the [*weburl.Error], and so does
//     one whose scheme is not http or https (ErrRedirectScheme), or the
//     redirect after MaxRedirects, 20 (ErrTooManyRedirects). A Location
//     that is there but empty is the URL itself (less its fragment); a
//     response without one is returned.
//   - 301 and 302 turn POST into GET without a body; 303 turns every
//     method but GET and HEAD into GET without a body; otherwise the
//     method stays and the body is sent again, from the first request's
//     GetBody (if it has a body and no GetBody, the 3xx response is
//     returned, as net/http does).
//   - c.CheckRedirect, if set, is asked before each redirect with the new
//     request and those sent so far, as net/http asks it, and
//     http.ErrUseLastResponse returns the response that redirected. Any
//     other error is returned, wrapped in a *url.Error, without the
//     response (net/http returns both).
//   - net/http's client parses the Location of every response that
//     redirects with net/url before it returns it. So a response that
//     redirects and is returned (as http.ErrUseLastResponse asks, or when
//     the body cannot be sent again) must have a Location net/url
//     parses; if not, a [*RedirectError] with that Response and
//     ErrStdLocation is returned in its place.
//   - c.Jar gives each request its cookies and takes each response's.
//   - Each redirect carries the first request's headers, less those
//     net/http drops on a redirect to a host that is neither the first
//     request's nor a subdomain of it (Authorization, Www-Authenticate,
//     Cookie, Cookie2, Proxy-Authorization and Proxy-Authenticate), less
//     Authorization once a redirect changes the origin (scheme, host or
//     port; net/http keeps it for a subdomain), and less Content-Type,
//     Content-Encoding, Content-Language and Content-Location once the
//     body is dropped. No Referer is added.
//   - The bodies of the responses that redirect are drained a little and
//     closed, so that their connections are used again; the response
//     returned has the last request as its Request.
//
// A fragment of a Location stays in the new request's URL but never
// reaches the wire. Build requests with [NewRequest] to have the first
// request's URL parsed as a browser parses it too.
// https://fetch.spec.whatwg.org/#http-redirect-fetch
func FollowRedirects(c *http.Client) *http.Client {
	if c == nil {
		c = http.DefaultClient
	}
	next := c.Transport
	if next == nil {
		next = http.DefaultTransport
	}
	return &http.Client{
		Transport: &redirector{next: next, jar: c.Jar, check: c.CheckRedirect},
		// The redirector follows the redirects; net/http returns what it
		// returns.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		Timeout:       c.Timeout,
	}
}

// A redirector is the transport of a client from FollowRedirects: it sends
// a request and the requests its redirects ask for.
type redirector struct {
	next  http.RoundTripper
	jar   http.CookieJar
	check func(req *http.Request, via []*http.Request) error
}

func (r *redirector) RoundTrip(first *http.Request) (*http.Response, error) {
	cur, err := weburl.FromStd(first.URL)
	if err != nil {
		if first.Body != nil {
			first.Body.Close()
		}
		return nil, err
	}
	req, firstHost := first, cur.Hostname()
	var via []*http.Request
	stripSensitive, stripAuth, dropBody := false, false, false
	for {
		if r.jar != nil {
			req = withCookies(req, r.jar.Cookies(req.URL))
		}
		resp, err := r.next.RoundTrip(req)
		if err != nil {
			return nil, err
		}
		if r.jar != nil {
			if rc := resp.Cookies(); len(rc) > 0 {
				r.jar.SetCookies(req.URL, rc)
			}
		}
		method, keepBody, ok := redirectMethod(req.Method, resp.StatusCode)
		locations, hasLocation := resp.Header["Location"]
		if !ok || !hasLocation {
			return resp, nil
		}
		loc := ""
		if len(locations) > 0 {
			loc = locations[0]
		}
		fail := func(err error) (*http.Response, error) {
			discard(resp)
			return nil, &RedirectError{Location: loc, URL: cur.Href(), Response: resp, Err: err}
		}
		// last returns resp, the response that redirects, as the
		// response to first, unless net/http's client, which parses
		// its Location with net/url before it asks CheckRedirect
		// (golang.org/issue/40120), would fail on it.
		last := func() (*http.Response, error) {
			if loc != "" && stdFollows(first, resp.StatusCode) {
				if _, err := first.URL.Parse(loc); err != nil {
					return fail(fmt.Errorf("%w: %w", ErrStdLocation, err))
				}
			}
			return resp, nil
		}
		next, err := cur.Parse(loc)
		switch {
		case err != nil:
			return fail(err)
		case next.Scheme() != "http" && next.Scheme() != "https":
			return fail(ErrRedirectScheme)
		case len(via) == MaxRedirects:
			return fail(ErrTooManyRedirects)
		}
		keepBody = keepBody && !dropBody
		if keepBody && first.GetBody == nil && hasBody(first) {
			return last() // the body cannot be sent again
		}
		dropBody = !keepBody
		// Which headers of the first request go on.
		stripSensitive = stripSensitive || !isDomainOrSubdomain(next.Hostname(), firstHost)
		stripAuth = stripAuth || next.OriginValue() != cur.OriginValue()
		nreq, err := NewRequest(first.Context(), method, next, nil)
		if err != nil {
			return fail(err)
		}
		nreq.Header = redirectHeaders(first.Header, stripSensitive, stripAuth, dropBody)
		if keepBody && first.GetBody != nil && hasBody(first) {
			if nreq.Body, err = first.GetBody(); err != nil {
				return fail(err)
			}
			nreq.GetBody, nreq.ContentLength = first.GetBody, first.ContentLength
		}
		if u := nreq.URL.User; u != nil && nreq.Header.Get("Authorization") == "" {
			password, _ := u.Password()
			nreq.SetBasicAuth(u.Username(), password) // as net/http's client does for each request
		}
		nreq.Response = resp
		via = append(via, req)
		if r.check != nil {
			if err := r.check(nreq, via); err != nil {
				if nreq.Body != nil {
					nreq.Body.Close()
				}
				if err == http.ErrUseLastResponse {
					return last()
				}
				discard(resp)
				return nil, err
			}
		}
		discard(resp)
		req, cur = nreq, next
	}
}

// redirectMethod returns the method of the request a response with status
// redirects to, and whether that keeps the body; ok is false for a status
// that does not redirect.
// https://fetch.spec.whatwg.org/#http-redirect-fetch
func redirectMethod(method string, status int) (_ string, keepBody, ok bool) {
	switch status {
	case http.StatusMovedPermanently, http.StatusFound:
		if method == http.MethodPost {
			return http.MethodGet, false, true
		}
		return method, true, true
	case http.StatusSeeOther:
		if method != http.MethodGet && method != http.MethodHead {
			return http.MethodGet, false, true
		}
		return method, true, true
	case http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
		return method, true, true
	}
	return "", false, false
}

// hasBody reports whether req has a body to send.
func hasBody(req *http.Request) bool {
	return req.Body != nil && req.Body != http.NoBody
}

// stdFollows reports whether net/http's client goes on to follow a
// response with status to a request first whose Location is not empty,
// as its redirectBehavior decides.
func stdFollows(first *http.Request, status int) bool {
	switch status {
	case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther:
		return true
	case http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
		return first.GetBody != nil || !hasBody(first)
	}
	return false
}

// redirectHeaders returns the headers of a redirect: the first request's,
// less what the flags say (see FollowRedirects).
func redirectHeaders(first http.Header, stripSensitive, stripAuth, dropBody bool) http.Header {
	h := make(http.Header, len(first))
	for k, vv := range first {
		switch http.CanonicalHeaderKey(k) {
		case "Authorization":
			if stripSensitive || stripAuth {
				continue
			}
		case "Www-Authenticate", "Cookie", "Cookie2", "Proxy-Authorization", "Proxy-Authenticate":
			if stripSensitive {
				continue
			}
		case "Content-Type", "Content-Encoding", "Content-Language", "Content-Location":
			if dropBody {
				continue
			}
		}
		h[k] = append([]string(nil), vv...)
	}
	return h
}

// withCookies returns req with cookies added to its Cookie header, as a
// copy if there are any: a RoundTripper must not change its request.
func withCookies(req *http.Request, cookies []*http.Cookie) *http.Request {
	if len(cookies) == 0 {
		return req
	}
	req = req.Clone(req.Context())
	for _, c := range cookies {
		req.AddCookie(c)
	}
	return req
}

// isDomainOrSubdomain reports whether the host sub is parent or a
// subdomain of it, as net/http decides which headers to copy on a
// redirect; an IP address matches only itself.
func isDomainOrSubdomain(sub, parent string) bool {
	if sub == parent {
		return true
	}
	if strings.ContainsAny(sub, ":%[") {
		return false
	}
	return strings.HasSuffix(sub, parent) && len(sub) > len(parent) && sub[len(sub)-len(parent)-1] == '.'
}

// discard drains a little of a response's body, so that its connection
// can be used again, and closes it.
func discard(resp *http.Response) {
	const max = 2 << 10 // as net/http's client
	if resp.ContentLength == -1 || resp.ContentLength <= max {
		io.CopyN(io.Discard, resp.Body, max)
	}
	resp.Body.Close()
}
