package weburl

// Origin returns the serialization of the URL's origin, as JavaScript's
// URL.origin does: "scheme://host[:port]" for the special schemes other
// than "file"; for "blob:" URLs, the origin of the URL in their path when
// that is an http or https URL; "null" (an opaque origin) otherwise,
// including for "file:" URLs, whose origin the standard leaves to the
// implementation.
// https://url.spec.whatwg.org/#dom-url-origin
// https://url.spec.whatwg.org/#concept-url-origin
func (u *URL) Origin() string {
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
		inner, err := parse(u.Pathname(), nil, nil, nil)
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
