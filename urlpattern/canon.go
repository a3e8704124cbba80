package urlpattern

import (
	"strings"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/ascii"
)

// This file is the standard's "Canonicalization" section: the encoding
// callbacks, which run pieces of a pattern, and of an input given as an
// Init, through the URL parser, each as the standard says, with package
// weburl's parser and setters on a dummy URL.
// https://urlpattern.spec.whatwg.org/#canon

// dummyURL returns a new "https://dummy.invalid/".
// https://urlpattern.spec.whatwg.org/#create-a-dummy-url
func dummyURL() *weburl.URL {
	u, err := weburl.Parse("https://dummy.invalid/")
	if err != nil {
		panic(err)
	}
	return u
}

// canonError is the error of an encoding callback that rejects value.
func canonError(what, value string, err error) error {
	return &Error{Pattern: value, Offset: -1, Msg: "not a valid " + what, Err: err}
}

// canonicalizeProtocol returns the scheme of value + "://dummy.invalid/".
// https://urlpattern.spec.whatwg.org/#canonicalize-a-protocol
func canonicalizeProtocol(value string) (string, error) {
	if value == "" {
		return value, nil
	}
	u, err := weburl.Parse(value + "://dummy.invalid/")
	if err != nil {
		return "", canonError("protocol", value, err)
	}
	return u.Scheme(), nil
}

// canonicalizeUsername returns value percent-encoded as a URL's username.
// https://urlpattern.spec.whatwg.org/#canonicalize-a-username
func canonicalizeUsername(value string) (string, error) {
	if value == "" {
		return value, nil
	}
	u := dummyURL()
	if err := u.SetUsername(value); err != nil {
		return "", canonError("username", value, err)
	}
	return u.Username(), nil
}

// canonicalizePassword returns value percent-encoded as a URL's password.
// https://urlpattern.spec.whatwg.org/#canonicalize-a-password
func canonicalizePassword(value string) (string, error) {
	if value == "" {
		return value, nil
	}
	u := dummyURL()
	if err := u.SetPassword(value); err != nil {
		return "", canonError("password", value, err)
	}
	return u.Password(), nil
}

// canonicalizeHostname returns the host value parses to in the hostname
// state, serialized: the hostname setter's work on a special URL.
// https://urlpattern.spec.whatwg.org/#canonicalize-a-hostname
func canonicalizeHostname(value string) (string, error) {
	if value == "" {
		return value, nil
	}
	u := dummyURL()
	if err := u.SetHostname(value); err != nil {
		return "", canonError("hostname", value, err)
	}
	return u.Hostname(), nil
}

// canonicalizeIPv6Hostname lowercases value, which may hold only ASCII
// hex digits, "[", "]" and ":".
// https://urlpattern.spec.whatwg.org/#canonicalize-an-ipv6-hostname
func canonicalizeIPv6Hostname(value string) (string, error) {
	for i := 0; i < len(value); i++ {
		c := value[i]
		if !ascii.IsHex(c) && c != '[' && c != ']' && c != ':' {
			return "", &Error{Pattern: value, Offset: i, Msg: "an IPv6 hostname holds a code point that is not a hex digit, \"[\", \"]\" or \":\""}
		}
	}
	return strings.ToLower(value), nil
}

// canonicalizePort returns the port value parses to in the port state of
// a URL of scheme protocol, serialized ("" for the scheme's default
// port). Without a protocol, the scheme is the empty string, which has no
// default port: whatwg/urlpattern#286 (June 2026, after the copy of the
// standard in this repository, whose dummy URL's "https" turned the "443"
// of the pattern "*443" into "", against the web-platform-tests data).
// https://urlpattern.spec.whatwg.org/#canonicalize-a-port
func canonicalizePort(value string, protocol *string) (string, error) {
	if value == "" {
		return value, nil
	}
	// The port state reads the scheme only for its default port and for
	// "\" in a special URL, which ends the port as any non-digit does
	// with a state override. So a URL of the scheme stands for it, and for
	// any scheme without a default port (file, the empty string) a URL of
	// a scheme that is not special (whose setter takes a port, where a
	// file URL's does not).
	base := "x-dummy://dummy.invalid/"
	if protocol != nil && weburl.DefaultPort(*protocol) != "" {
		base = *protocol + "://dummy.invalid/"
	}
	u, err := weburl.Parse(base)
	if err != nil {
		return "", canonError("port", value, err)
	}
	if err := u.SetPort(value); err != nil {
		return "", canonError("port", value, err)
	}
	return u.Port(), nil
}

// canonicalizePathname returns value parsed as a special URL's path,
// without the "/" the parser puts first when value has none.
// https://urlpattern.spec.whatwg.org/#canonicalize-a-pathname
func canonicalizePathname(value string) (string, error) {
	if value == "" {
		return value, nil
	}
	leadingSlash := value[0] == '/'
	modified := value
	if !leadingSlash {
		modified = "/-" + value
	}
	u := dummyURL()
	if err := u.SetPathname(modified); err != nil {
		return "", canonError("pathname", value, err)
	}
	result := u.Pathname()
	if !leadingSlash {
		// The code point substring from 2 to the end: empty where the
		// path's dot segments ate the "/-" ("a/.." gives "/"), as
		// JavaScript's substring(2) is.
		result = result[min(2, len(result)):]
	}
	return result, nil
}

// canonicalizeOpaquePathname returns value parsed as an opaque path. The
// opaque path state, which the standard runs with a state override,
// percent-encodes the C0 controls and stops at "?" or "#"; parsing
// "x:-" + value + "-" runs the same state over value, and the "-" on
// either side keeps the parser from trimming value's leading and trailing
// spaces and controls, which a state override does not trim.
// https://urlpattern.spec.whatwg.org/#canonicalize-an-opaque-pathname
func canonicalizeOpaquePathname(value string) (string, error) {
	if value == "" {
		return value, nil
	}
	u, err := weburl.Parse("x:-" + value + "-")
	if err != nil {
		return "", canonError("opaque pathname", value, err)
	}
	path := u.Pathname()[1:]
	if !strings.ContainsAny(value, "?#") {
		path = path[:len(path)-1]
	}
	return path, nil
}

// canonicalizeSearch returns value percent-encoded as a special URL's
// query, as the search setter encodes it (after the "?" it strips).
// https://urlpattern.spec.whatwg.org/#canonicalize-a-search
func canonicalizeSearch(value string) (string, error) {
	if value == "" {
		return value, nil
	}
	u := dummyURL()
	if err := u.SetSearch("?" + value); err != nil {
		return "", canonError("search", value, err)
	}
	return strings.TrimPrefix(u.Search(), "?"), nil
}

// canonicalizeHash returns value percent-encoded as a URL's fragment, as
// the hash setter encodes it (after the "#" it strips).
// https://urlpattern.spec.whatwg.org/#canonicalize-a-hash
func canonicalizeHash(value string) (string, error) {
	if value == "" {
		return value, nil
	}
	u := dummyURL()
	if err := u.SetHash("#" + value); err != nil {
		return "", canonError("hash", value, err)
	}
	return strings.TrimPrefix(u.Hash(), "#"), nil
}
