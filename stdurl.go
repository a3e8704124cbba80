package weburl

import (
	"database/sql/driver"
	"errors"
	"log/slog"
	"net/url"
	"strconv"
	"strings"

	"github.com/weburl/weburl/internal/ascii"
)

// Interoperation with net/url and the rest of the standard library.

// StdURL returns the URL as a net/url URL, for net/http and other code that
// takes one. The fields are set directly from the WHATWG components, never
// by net/url's parser, so that both agree on the host and the request
// target: String() is Href(); Hostname() is Hostname() without the
// brackets of an IPv6 address; Port() is Port(); and for the special
// schemes RequestURI() is [URL.RequestURI], the path and query sent in an
// HTTP request. User holds the username and password, percent-decoded as
// the standard's percent-decode does (a "%" that starts no percent-encoded
// byte stays as it is, so nothing is dropped), Path and
// RawPath the decoded and the WHATWG path, RawQuery the query, ForceQuery
// whether an empty query is present, and Fragment and RawFragment the
// decoded and the WHATWG fragment.
//
// A net/url URL cannot hold every WHATWG URL exactly:
//
//   - A path net/url would escape (one with "|", with a "%" that starts no
//     percent-encoded byte, or in a URL that is not special with "\"), a
//     host it would escape (with "`", "{" or "}", or an opaque host with
//     "%"), an empty host with no path ("sc://"), and a path that would read
//     as a host ("sc:/.//p") go in Opaque as "//host:port/path". String()
//     stays Href() (but for credentials, which are left out of Opaque so
//     that they never reach a request line), and RequestURI() becomes the
//     absolute form "scheme://host:port/path?query", which HTTP servers
//     accept and which names the same resource.
//   - A URL with an opaque path ("mailto:a@example.com") has it in Opaque.
//   - A username or password that net/url encodes otherwise makes String()
//     show net/url's encoding of the decoded credentials: one with "!",
//     "'", "(", ")" or "*" (which net/url escapes), with a percent-encoded
//     byte net/url would leave as it is ("%41"), or with a "%" that starts
//     no percent-encoded byte.
//   - A fragment net/url would escape ("#", "\", "^", "{", "|", "}" or a
//     stray "%") makes String() show net/url's escaping of it, and an empty
//     fragment ("https://example.com/#") is dropped: net/url has no way to
//     say a fragment is there but empty.
//
// Fragments and credentials are never part of a request target, so the
// request a net/http client sends for StdURL() is the one a browser sends.
// Two limits are net/http's: its client sends no Host header for a host
// with bytes RFC 9110 does not allow in one ('"', "`", "{" or "}", which the
// URL Standard allows in a domain), and its server answers 400 Bad Request
// to a request target with a "%" that starts no percent-encoded byte,
// which browsers send. Package fetch (github.com/weburl/weburl/fetch) builds
// requests with StdURL and follows their redirects as a browser does.
func (u URL) StdURL() *url.URL {
	if u.href == "" {
		return &url.URL{}
	}
	v := &url.URL{Scheme: u.href[:u.schemeEnd]}
	if u.hostKind != HostNull {
		v.Host = u.Host()
	} else {
		v.OmitHost = true
	}
	if u.includesCredentials() {
		// Decoded leniently, as the standard's percent-decode does: a "%"
		// that starts no percent-encoded byte stays, and nothing is lost.
		username := ascii.PercentDecode(u.Username())
		if password := u.Password(); password != "" {
			v.User = url.UserPassword(username, ascii.PercentDecode(password))
		} else {
			v.User = url.User(username)
		}
	}
	path := u.Pathname()
	switch {
	case u.opaquePath:
		v.Opaque = path
	case !u.stdPathOK(v, path):
		v.Opaque = u.href[u.authorityEnd():u.pathEnd()]
		if u.hostKind != HostNull {
			v.Opaque = "//" + u.Host() + v.Opaque
		}
	}
	if u.queryStart != omitted {
		v.RawQuery = u.query()
		v.ForceQuery = v.RawQuery == ""
	}
	if fragment := u.Hash(); fragment != "" {
		v.RawFragment = fragment[1:]
		v.Fragment, _ = url.PathUnescape(v.RawFragment)
		if v.Fragment == "" {
			v.Fragment = v.RawFragment // a fragment that does not decode
		}
	}
	return v
}

// stdPathOK sets v's Path and RawPath to the URL's path and reports whether
// net/url writes host and path back as they are.
func (u *URL) stdPathOK(v *url.URL, path string) bool {
	decoded, err := url.PathUnescape(path)
	if err != nil {
		return false
	}
	v.Path, v.RawPath = decoded, path
	if v.EscapedPath() != path {
		v.Path, v.RawPath = "", ""
		return false
	}
	check := url.URL{Scheme: v.Scheme, Host: v.Host, OmitHost: v.OmitHost, Path: v.Path, RawPath: v.RawPath}
	want := u.href[:u.schemeEnd+1] + u.href[u.hostStart:u.pathEnd()]
	if u.hostKind != HostNull {
		want = u.href[:u.schemeEnd+3] + u.href[u.hostStart:u.pathEnd()]
	}
	if check.String() != want {
		v.Path, v.RawPath = "", ""
		return false
	}
	return true
}

// FromStd returns the WHATWG URL of the net/url URL v: its String()
// parsed by the standard's parser, which may normalize it (a host
// lowercased, "." and ".." resolved) or reject it (an error as from
// [Parse]). A relative v, with no scheme, is an error.
func FromStd(v *url.URL) (*URL, error) {
	if v == nil {
		return nil, errors.New("weburl: FromStd of a nil *url.URL")
	}
	return Parse(v.String())
}

// Query returns the query parsed as a list of name-value pairs, as net/url's
// Query does: a copy, which changes nothing when it is changed. Unlike
// net/url's Query, it keeps the order of the pairs. [URL.SearchParams] is
// the list bound to the URL.
func (u URL) Query() *SearchParams { return &SearchParams{list: parseForm(u.query())} }

// SetQuery sets the query to q's pairs, in their order, as net/url's
// u.RawQuery = q.Encode() sets it: q's application/x-www-form-urlencoded
// serialization ([SearchParams.String]). A nil or empty q leaves no query
// (and no "?"). What [URL.Query] returns, SetQuery takes, so that
// net/url's idiom carries over:
//
//	q := u.Query()
//	q.Set("c", "x y")
//	q.Delete("b")
//	u.SetQuery(q)
//
// For a url.Values v, u.SetQuery(weburl.SearchParamsFromValues(v)) sets the
// pairs sorted by name, as v.Encode() sorts them. On the zero URL it does
// nothing.
func (u *URL) SetQuery(q *SearchParams) {
	// The serialization is ASCII with nothing the query state encodes
	// again, and starts with no "?"; SetSearch fails only on the zero URL.
	query := ""
	if q != nil {
		query = q.String()
	}
	_ = u.SetSearch(query)
}

// RequestURI returns the path and query as an HTTP request sends them, in
// origin form: the path, then "?" and the query if the query is not null
// (even if empty). For a URL with an opaque path, it is that path and the
// query, like net/url's for an opaque URL.
func (u URL) RequestURI() string {
	if u.href == "" {
		return ""
	}
	return u.href[u.pathStart:u.queryEnd()]
}

// IsAbs reports whether the URL is absolute: true for every URL but the
// zero URL, as the standard's URLs always have a scheme.
func (u URL) IsAbs() bool { return u.href != "" }

// JoinPath returns a new URL whose path is the URL's path followed by the
// elements, joined with "/" (and a "/" between the path and the first if
// the path does not end with one), and parsed as the pathname setter
// parses a path: "." and ".." segments are resolved and characters are
// percent-encoded. The query and fragment stay.
//
// Unlike net/url's JoinPath, JoinPath never drops the last segment of the
// path (as resolving a relative reference "b" against ".../a" would), keeps
// empty segments ("a//b" stays so, where net/url makes it "a/b"), and
// resolves ".." as the standard does: it cannot go above the root, and a
// trailing ".." leaves a trailing "/". A URL with an opaque path has no
// segments to join to, and is returned as it is.
//
// Each element is read as the parser reads a path: "\" is "/" in a special
// URL, and "%2e%2e" is "..". To add a segment that is any string, with its
// "/", "\", "%" and dots kept, use [URL.PushPathSegment], which
// percent-encodes it.
func (u *URL) JoinPath(elem ...string) *URL {
	v := u.Clone()
	if u.href == "" || u.opaquePath || len(elem) == 0 {
		return v
	}
	path := u.Pathname()
	var b strings.Builder
	b.WriteString(path)
	if !strings.HasSuffix(path, "/") {
		b.WriteByte('/')
	}
	b.WriteString(strings.Join(elem, "/"))
	v.SetPathname(b.String())
	return v
}

// Clone returns a copy of the URL. (Copying a URL value, v := *u, gives
// one too.)
func (u *URL) Clone() *URL {
	v := *u
	return &v
}

// Redacted returns the serialization with the password, if any, replaced
// by "xxxxx", as net/url's Redacted does.
func (u URL) Redacted() string {
	if u.Password() == "" {
		return u.href
	}
	return u.href[:u.usernameEnd+1] + "xxxxx" + u.href[u.hostStart-1:]
}

// ResolveReference returns ref resolved against u. Every URL is absolute,
// so it is ref itself, parsed anew from its serialization: u.Parse(ref.Href())
// (a copy of ref).
func (u *URL) ResolveReference(ref *URL) *URL {
	v, err := u.Parse(ref.href)
	if err != nil {
		return ref.Clone() // the zero URL
	}
	return v
}

// MarshalText returns the serialization, for encoding/json and other
// encoders of text.
func (u URL) MarshalText() ([]byte, error) { return []byte(u.href), nil }

// AppendText appends the serialization to b.
func (u URL) AppendText(b []byte) ([]byte, error) { return append(b, u.href...), nil }

// UnmarshalText parses text as [URL.SetHref] does; empty text gives the
// zero URL.
func (u *URL) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*u = URL{}
		return nil
	}
	return u.SetHref(string(text))
}

// MarshalBinary returns the serialization, as MarshalText does.
func (u URL) MarshalBinary() ([]byte, error) { return u.MarshalText() }

// AppendBinary appends the serialization to b, as AppendText does.
func (u URL) AppendBinary(b []byte) ([]byte, error) { return u.AppendText(b) }

// UnmarshalBinary parses data as UnmarshalText does.
func (u *URL) UnmarshalBinary(data []byte) error { return u.UnmarshalText(data) }

// Scan implements database/sql's Scanner: a string or []byte parses as
// UnmarshalText does, and NULL gives the zero URL.
func (u *URL) Scan(src any) error {
	switch src := src.(type) {
	case nil:
		*u = URL{}
		return nil
	case string:
		return u.UnmarshalText([]byte(src))
	case []byte:
		return u.UnmarshalText(src)
	}
	return errors.New("weburl: cannot scan a URL from a value of this type")
}

// Value implements database/sql/driver's Valuer: the serialization, or NULL
// for the zero URL.
func (u URL) Value() (driver.Value, error) {
	if u.href == "" {
		return nil, nil
	}
	return u.href, nil
}

// LogValue implements log/slog's LogValuer: the serialization with the
// password redacted.
func (u URL) LogValue() slog.Value { return slog.StringValue(u.Redacted()) }

// DialAddress returns the address to dial for the URL, "host:port" as
// net.JoinHostPort makes it (an IPv6 address in brackets): the host, which
// [URL.Hostname] gives with the brackets an IPv6 address has in a URL, and
// the port, or the scheme's default port when it is null. ok is false when
// the URL has no host or no port to dial: a null or empty host, or a
// scheme that is not special and no port.
func (u URL) DialAddress() (addr string, ok bool) {
	if u.hostKind == HostNull || u.hostKind == HostEmpty {
		return "", false
	}
	port := u.Port()
	if port == "" {
		p := u.scheme.defaultPort()
		if p < 0 {
			return "", false
		}
		port = strconv.Itoa(p)
	}
	// The serialized host has the brackets an IPv6 address needs here.
	return u.Hostname() + ":" + port, true
}
