package weburl

import "strings"

// ParseRequestTarget returns the URL an HTTP server was asked for: from
// the scheme it serves ("http" or "https"), the value of the request's
// Host header (host, and an optional ":port"), and the request-target of
// its request line (RFC 9112, section 3.2). In a net/http handler:
//
//	u, err := weburl.ParseRequestTarget(scheme, r.Host, r.RequestURI)
//
// where scheme is "https" when r.TLS is not nil (behind a proxy, what it
// says the client used).
//
// An origin-form target, a path from "/" and an optional query, is the
// path and query of the Host's URL, and never names a host: the target
// "//evil.example/x" (or "/\evil.example/x") is the path
// "//evil.example/x" on host, which a URL parser resolving it as a
// reference would read as the host evil.example, one the client never
// connected to. So never resolve a request-target against a base URL, as
// [URL.Parse] resolves links: it is a path, not a reference. An
// absolute-form target, sent to proxies and allowed to any server, is an
// http or https URL, and is itself; the Host header is not read then.
//
// It fails with an [*Error] of code [ErrHostHeaderInvalid] when host is
// not a host and an optional port (empty, or holding "/", "?", "#", "@",
// "\", or what the host parser rejects), or [ErrRequestTargetInvalid]
// when target is in neither form (empty, "*" or authority-form, a
// fragment, a space or control character) or scheme is not http or
// https; or with the parser's error for a URL that does not parse.
// https://www.rfc-editor.org/rfc/rfc9112#section-3.2
func ParseRequestTarget(scheme, host, target string) (*URL, error) {
	const op = "parse request target"
	if i := strings.IndexFunc(target, func(r rune) bool { return r <= ' ' || r == 0x7F || r == '#' }); i >= 0 || target == "" {
		if target == "" {
			i = 0
		}
		return nil, &Error{Op: op, Input: target, Code: ErrRequestTargetInvalid, Offset: i}
	}
	if scheme != "http" && scheme != "https" {
		return nil, &Error{Op: "parse request target's scheme", Input: scheme, Code: ErrRequestTargetInvalid}
	}
	if target[0] != '/' {
		// The absolute-form: an http or https URL, "://" after the scheme
		// (RFC 9110, section 4.2).
		colon, kind, _, slashes := readScheme(target)
		if !slashes || kind != schemeHTTP && kind != schemeHTTPS {
			return nil, &Error{Op: op, Input: target, Code: ErrRequestTargetInvalid, Offset: colon}
		}
		return Parse(target)
	}
	// The origin-form: the path and query of the Host's URL. What follows
	// a valid host and port starts the path, so the target cannot become
	// an authority.
	if i := strings.IndexFunc(host, func(r rune) bool { return r <= ' ' || strings.ContainsRune("/?#@\\\x7F", r) }); i >= 0 || host == "" {
		if host == "" {
			i = 0
		}
		return nil, &Error{Op: "parse Host header", Input: host, Code: ErrHostHeaderInvalid, Offset: i}
	}
	// The path, query and fragment states never fail: a failure is the
	// host's or the port's.
	u, err := Parse(scheme + "://" + host + target)
	if err != nil {
		at := min(max(0, err.(*Error).Offset-len(scheme)-3), len(host))
		return nil, &Error{Op: "parse Host header", Input: host, Code: ErrHostHeaderInvalid, Offset: at}
	}
	return u, nil
}
