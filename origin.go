package weburl

import (
	"strconv"
	"sync/atomic"
)

// Origin returns the serialization of the URL's origin, as JavaScript's
// URL.origin does: "scheme://host[:port]" for the special schemes other
// than "file"; for "blob:" URLs, the origin of the URL in their path when
// that is an http or https URL; "null" (an opaque origin) otherwise,
// including for "file:" URLs, whose origin the standard leaves to the
// implementation.
// https://url.spec.whatwg.org/#dom-url-origin
// https://url.spec.whatwg.org/#concept-url-origin
func (u URL) Origin() string {
	if u.href == "" {
		return ""
	}
	switch u.scheme {
	case schemeFTP, schemeHTTP, schemeHTTPS, schemeWS, schemeWSS:
		return u.tupleOrigin()
	case schemeOther:
		if u.href[:u.schemeEnd] != "blob" {
			break
		}
		// A blob URL entry is not modeled: the origin comes from the path.
		inner, err := Parse(u.Pathname())
		if err == nil && (inner.scheme == schemeHTTP || inner.scheme == schemeHTTPS) {
			return inner.tupleOrigin()
		}
	}
	return "null"
}

// tupleOrigin serializes the tuple origin (scheme, host, port): the URL's
// serialization up to the path, less any credentials.
// https://html.spec.whatwg.org/multipage/browsers.html#ascii-serialisation-of-an-origin
func (u *URL) tupleOrigin() string {
	if !u.includesCredentials() {
		return u.href[:u.pathStart]
	}
	return u.href[:u.schemeEnd+3] + u.href[u.hostStart:u.pathStart]
}

// An Origin is the origin of a URL, as the HTML Standard defines it: a
// tuple (scheme, host, port), or an opaque origin. Origins compare with ==
// as HTML's "same origin" does: tuple origins by their parts, while an
// opaque origin equals only itself (copies of it), never another opaque
// origin, even one of the same URL. The zero Origin is neither, and equals
// only itself.
// https://html.spec.whatwg.org/multipage/browsers.html#concept-origin
type Origin struct {
	scheme string
	host   Host
	port   int32  // -1: null
	opaque uint64 // an opaque origin's identity; 0 for a tuple origin
}

// opaqueOrigins numbers the opaque origins made, so that each is new.
var opaqueOrigins atomic.Uint64

func newOpaqueOrigin() Origin { return Origin{opaque: opaqueOrigins.Add(1), port: -1} }

// OriginValue returns the URL's origin: a tuple origin for the special
// schemes other than "file" (and for "blob:" URLs whose path is an http or
// https URL, that URL's origin), else a new opaque origin, distinct from
// every other origin. A "file:" URL's origin is opaque: the standard leaves
// it to the implementation and suggests an opaque origin when in doubt.
// Origin returns its serialization.
// https://url.spec.whatwg.org/#concept-url-origin
func (u URL) OriginValue() Origin {
	switch u.scheme {
	case schemeFTP, schemeHTTP, schemeHTTPS, schemeWS, schemeWSS:
		return Origin{scheme: u.href[:u.schemeEnd], host: u.HostValue(), port: int32(u.portNumber())}
	case schemeOther:
		if u.href != "" && u.href[:u.schemeEnd] == "blob" {
			inner, err := Parse(u.Pathname())
			if err == nil && (inner.scheme == schemeHTTP || inner.scheme == schemeHTTPS) {
				return inner.OriginValue()
			}
		}
	}
	return newOpaqueOrigin()
}

// IsOpaque reports whether o is an opaque origin.
func (o Origin) IsOpaque() bool { return o.opaque != 0 }

// Scheme returns the scheme of a tuple origin, or "".
func (o Origin) Scheme() string { return o.scheme }

// Host returns the host of a tuple origin, or the null host.
func (o Origin) Host() Host { return o.host }

// Port returns the port of a tuple origin; ok is false when it is null (the
// scheme's default).
func (o Origin) Port() (port uint16, ok bool) {
	if o.port < 0 {
		return 0, false
	}
	return uint16(o.port), true
}

// String returns the serialization of the origin: "scheme://host[:port]",
// or "null" for an opaque origin.
// https://html.spec.whatwg.org/multipage/browsers.html#ascii-serialisation-of-an-origin
func (o Origin) String() string {
	if o.opaque != 0 || o.scheme == "" {
		return "null"
	}
	s := o.scheme + "://" + o.host.s
	if o.port >= 0 {
		s += ":" + strconv.Itoa(int(o.port))
	}
	return s
}

// SameOrigin reports whether o and p are the same origin: the same opaque
// origin, or tuple origins with the same scheme, host and port. It is
// o == p.
// https://html.spec.whatwg.org/multipage/browsers.html#same-origin
func (o Origin) SameOrigin(p Origin) bool { return o == p }

// SchemelesslySameSite reports whether o and p are schemelessly same site:
// the same opaque origin, or tuple origins whose hosts are equal and have no
// registrable domain by list (such as IP addresses), or whose hosts have
// the same registrable domain. Schemes and ports do not matter. With a
// nil list, which says no site, it reports false.
// https://html.spec.whatwg.org/multipage/browsers.html#schemelessly-same-site
func (o Origin) SchemelesslySameSite(p Origin, list PublicSuffixList) bool {
	if list == nil {
		return false
	}
	if o.opaque != 0 || p.opaque != 0 {
		return o == p
	}
	if o.scheme == "" || p.scheme == "" {
		return o == p // the zero Origin
	}
	rdA, okA := o.host.RegistrableDomain(list)
	if o.host == p.host && !okA {
		return true
	}
	rdB, okB := p.host.RegistrableDomain(list)
	return okA && okB && rdA == rdB
}

// SameSite reports whether o and p are same site by list: schemelessly
// same site, and both opaque or both tuple origins with the same scheme,
// so that http://example.com and https://example.com are not. With a nil
// list it reports false.
// https://html.spec.whatwg.org/multipage/browsers.html#same-site
func (o Origin) SameSite(p Origin, list PublicSuffixList) bool {
	return o.SchemelesslySameSite(p, list) && o.opaque == 0 == (p.opaque == 0) && o.scheme == p.scheme
}
