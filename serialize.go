package weburl

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/weburl/weburl/internal/ascii"
	"github.com/weburl/weburl/internal/utf8dec"
)

// The setters run the basic URL parser from a state override on a copy of
// the URL's serialization up to the component they change, then append the
// rest of the old serialization and move its offsets. A value the standard
// rejects stops the machine before the copy is committed, so the URL is
// never left half-changed.

// SetHref replaces the URL with the result of parsing href, as assigning
// JavaScript's URL.href does. If href does not parse, the URL is unchanged
// and the error is an [*Error]. For an input whose host is ASCII and that
// has no tab or newline, it allocates on success at most the new href, and
// nothing when href is already in its serialized form: a URL reused for a
// stream of such inputs costs no allocation per input.
// https://url.spec.whatwg.org/#dom-url-href
func (u *URL) SetHref(href string) error {
	_, err := parseURL(href, nil, u, wantHref, nil)
	return err
}

// The setters below return nil when the standard's setter takes the value,
// in whole or in part (the digits "8080" of "8080abc" for the port, the
// host of a value whose port is not valid), and when the URL comes out as
// it was (SetPort("80") on an http URL, SetProtocol of the URL's scheme);
// they also return nil for a value that is the component's current value,
// which the URL already has. Otherwise they leave the URL unchanged and
// return an [*Error] whose Code says why the standard refused the value:
// the parser's validation error (a host that is not valid, a port out of
// range) or, where the standard names none, [ErrSchemeInvalid],
// [ErrSchemeChange], [ErrCannotHaveCredentialsOrPort], [ErrOpaquePathURL],
// [ErrHostnameWithPort], [ErrHostEmpty] or [ErrZeroURL]. A value longer
// than [MaxInputLength] is [ErrURLTooLong].

// SetProtocol sets the scheme to value up to its first ":", as assigning
// JavaScript's URL.protocol does. The URL is unchanged, and the error says
// why, if value is no scheme (ErrSchemeInvalid), or if the change would
// switch between a special and a non-special scheme, give a "file" URL
// credentials or a port, or take a "file" URL with an empty host to
// another scheme (ErrSchemeChange). A port that is the new scheme's
// default becomes null.
// https://url.spec.whatwg.org/#dom-url-protocol
func (u *URL) SetProtocol(value string) error {
	const op = "set protocol"
	if ok, err := u.settable(op, value); !ok {
		return err
	}
	var scratch [256]byte
	p := u.setter(value+":", stateSchemeStart)
	buf, code := p.run(scratch[:0])
	if code != 0 {
		if value == u.Scheme() || value == u.Protocol() {
			return nil
		}
		return p.refused(op, value, code)
	}
	// buf holds the new scheme and ":"; the rest follows, less a port that
	// is the new scheme's default.
	c := u.components
	if u.hasPort() && u.portNumber() == p.c.scheme.defaultPort() {
		buf = append(buf, u.href[u.schemeEnd+1:u.hostEnd]...)
		c.shiftFrom(u.pathStart, int(u.hostEnd)-int(u.pathStart))
		buf = append(buf, u.href[u.pathStart:]...)
	} else {
		buf = append(buf, u.href[u.schemeEnd+1:]...)
	}
	c.shiftFrom(u.schemeEnd+1, int(p.c.schemeEnd)-int(u.schemeEnd))
	c.schemeEnd, c.scheme = p.c.schemeEnd, p.c.scheme
	return u.commit(op, value, buf, c)
}

// SetUsername sets the username to value, percent-encoded with the userinfo
// percent-encode set, as assigning JavaScript's URL.username does. The URL
// is unchanged if it cannot have a username: its host is null or empty, or
// its scheme is "file" (ErrCannotHaveCredentialsOrPort).
// https://url.spec.whatwg.org/#dom-url-username
func (u *URL) SetUsername(value string) error {
	const op = "set username"
	if ok, err := u.settableCredentials(op, value, u.Username()); !ok || value == u.Username() {
		return err
	}
	return u.setCredentials(op, value, ascii.PercentEncode(toScalarValues(value), userinfoSet), u.Password())
}

// SetPassword sets the password to value, percent-encoded with the userinfo
// percent-encode set, as assigning JavaScript's URL.password does. The URL
// is unchanged if it cannot have a password: its host is null or empty, or
// its scheme is "file" (ErrCannotHaveCredentialsOrPort).
// https://url.spec.whatwg.org/#dom-url-password
func (u *URL) SetPassword(value string) error {
	const op = "set password"
	if ok, err := u.settableCredentials(op, value, u.Password()); !ok || value == u.Password() {
		return err
	}
	return u.setCredentials(op, value, u.Username(), ascii.PercentEncode(toScalarValues(value), userinfoSet))
}

// SetHost sets the host and, if value has one after ":", the port, as
// assigning JavaScript's URL.host does. The URL is unchanged if it has an
// opaque path (ErrOpaquePathURL) or value is no valid host (the host
// parser's error). A port that is not valid leaves the port as it was
// while the host is still set, as in browsers, and the error is nil.
// https://url.spec.whatwg.org/#dom-url-host
func (u *URL) SetHost(value string) error { return u.setHost("set host", value, stateHost) }

// SetHostname sets the host, as assigning JavaScript's URL.hostname does.
// The URL is unchanged if it has an opaque path (ErrOpaquePathURL), or if
// value is no valid host (the host parser's error) or has a port
// (ErrHostnameWithPort).
//
// Like JavaScript's hostname, and unlike net/url's Hostname, it takes and
// [URL.Hostname] gives an IPv6 address in brackets.
// https://url.spec.whatwg.org/#dom-url-hostname
func (u *URL) SetHostname(value string) error {
	return u.setHost("set hostname", value, stateHostname)
}

// SetPort sets the port, as assigning JavaScript's URL.port does: to null
// when value is "" or the scheme's default port, else to the leading ASCII
// digits of value. The URL is unchanged if value does not start with a
// digit (ErrPortInvalid) or the number exceeds 65535 (ErrPortOutOfRange),
// or if the URL cannot have a port: its host is null or empty, or its
// scheme is "file" (ErrCannotHaveCredentialsOrPort).
// https://url.spec.whatwg.org/#dom-url-port
func (u *URL) SetPort(value string) error {
	const op = "set port"
	if ok, err := u.settableCredentials(op, value, u.Port()); !ok {
		return err
	}
	var scratch [256]byte
	buf := append(scratch[:0], u.href[:u.hostEnd]...)
	if value != "" {
		p := u.setter(value, statePort)
		var code ErrorCode
		if buf, code = p.run(buf); code != 0 {
			if value == u.Port() {
				return nil
			}
			return p.refused(op, value, code)
		}
	}
	delta := len(buf) - int(u.pathStart)
	c := u.components
	c.pathStart = uint32(len(buf))
	c.queryStart, c.hashStart = moved(u.queryStart, delta), moved(u.hashStart, delta)
	return u.commit(op, value, append(buf, u.href[u.pathStart:]...), c)
}

// SetPathname replaces the path, as assigning JavaScript's URL.pathname
// does: value is parsed as a path ("." and ".." segments are resolved,
// and "?" and "#" are percent-encoded). The URL is unchanged if it has an
// opaque path (ErrOpaquePathURL).
// https://url.spec.whatwg.org/#dom-url-pathname
func (u *URL) SetPathname(value string) error {
	const op = "set pathname"
	if ok, err := u.settable(op, value); !ok {
		return err
	}
	if u.opaquePath {
		return u.refused(op, value, u.Pathname(), ErrOpaquePathURL)
	}
	var scratch [256]byte
	p := u.setter(value, statePathStart)
	buf := append(scratch[:0], u.href[:u.authorityEnd()]...)
	p.c.pathStart = uint32(len(buf))
	p.c.queryStart, p.c.hashStart = omitted, omitted
	buf, _ = p.run(buf) // the path states never fail
	buf = p.finish(buf)
	end := u.pathEnd()
	delta := len(buf) - int(end)
	p.c.queryStart, p.c.hashStart = moved(u.queryStart, delta), moved(u.hashStart, delta)
	return u.commit(op, value, append(buf, u.href[end:]...), p.c)
}

// SetSearch replaces the query, as assigning JavaScript's URL.search does:
// "" makes it null; otherwise value, less one leading "?", is
// percent-encoded with the (special-)query percent-encode set, after tabs
// and newlines are removed. [URL.SearchParams] then holds what parsing the
// new query gives (whatwg/url commit fde3f74), so SetSearch("a=t\tb")
// makes Get("a") "tb", as in browsers. It fails only on the zero URL and a
// value too long.
// https://url.spec.whatwg.org/#dom-url-search
func (u *URL) SetSearch(value string) error {
	const op = "set search"
	if ok, err := u.settable(op, value); !ok {
		return err
	}
	var scratch [256]byte
	p := u.setter(trimPrefixByte(value, '?'), stateQuery)
	buf := append(scratch[:0], u.href[:u.pathEnd()]...)
	p.c.queryStart = omitted
	if value != "" {
		buf = p.startQuery(buf)
		buf, _ = p.run(buf) // the query state never fails
	}
	end := u.queryEnd()
	p.c.hashStart = moved(u.hashStart, len(buf)-int(end))
	return u.commit(op, value, append(buf, u.href[end:]...), p.c)
}

// SetHash replaces the fragment, as assigning JavaScript's URL.hash does:
// "" makes it null; otherwise value, less one leading "#", is
// percent-encoded with the fragment percent-encode set. It fails only on
// the zero URL and a value too long.
// https://url.spec.whatwg.org/#dom-url-hash
func (u *URL) SetHash(value string) error {
	const op = "set hash"
	if ok, err := u.settable(op, value); !ok {
		return err
	}
	var scratch [256]byte
	p := u.setter(trimPrefixByte(value, '#'), stateFragment)
	buf := append(scratch[:0], u.href[:u.queryEnd()]...)
	p.c.hashStart = omitted
	if value != "" {
		buf = p.startFragment(buf)
		buf, _ = p.run(buf) // the fragment state never fails
	}
	return u.commit(op, value, buf, p.c)
}

// settable reports whether the setter op on u may go on with value, and
// if not, its error: the zero URL has no components, whose values are ""
// (so "" is no error), and a value longer than MaxInputLength is too long.
func (u *URL) settable(op, value string) (ok bool, err error) {
	switch {
	case len(value) > MaxInputLength:
		return false, &Error{Op: op, Input: value, Code: ErrURLTooLong, Offset: MaxInputLength}
	case u.href == "":
		return false, u.refused(op, value, "", ErrZeroURL)
	}
	return true, nil
}

// settableCredentials is settable for the username, password and port: a
// URL that cannot have them refuses a value other than current, the value
// they have.
// https://url.spec.whatwg.org/#cannot-have-a-username-password-port
func (u *URL) settableCredentials(op, value, current string) (ok bool, err error) {
	if ok, err := u.settable(op, value); !ok {
		return false, err
	}
	if u.cannotHaveUsernamePasswordPort() {
		return false, u.refused(op, value, current, ErrCannotHaveCredentialsOrPort)
	}
	return true, nil
}

// refused returns the error of a setter op that refuses value for the
// reason code, or nil when value is current, the component's value now.
func (u *URL) refused(op, value, current string, code ErrorCode) error {
	if value == current {
		return nil
	}
	return &Error{Op: op, Input: value, Code: code}
}

// refused returns the error of the setter op whose parser p refused value
// with code, pointing where p found it.
func (p *parser) refused(op, value string, code ErrorCode) error {
	offset := p.rawOffset(p.errAt)
	return &Error{Op: op, Input: value, Code: code, Offset: min(offset, len(value))}
}

// toScalarValues returns s with each maximal invalid UTF-8 sequence
// replaced by U+FFFD, as a JavaScript USVString would read it.
func toScalarValues(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return utf8dec.Decode(s)
}

// setter returns a parser that runs the basic URL parser on value with u as
// its URL and the state override given.
func (u *URL) setter(value string, override state) parser {
	return parser{
		in:       clean(value),
		raw:      value,
		state:    override,
		override: override,
		url:      u,
		c:        u.components,
		cuts:     shortcuts,
	}
}

// setHost runs the host or hostname state on value with u's URL.
// https://url.spec.whatwg.org/#dom-url-host
// https://url.spec.whatwg.org/#dom-url-hostname
func (u *URL) setHost(op, value string, override state) error {
	if ok, err := u.settable(op, value); !ok {
		return err
	}
	current := u.Hostname()
	if override == stateHost {
		current = u.Host()
	}
	if u.opaquePath {
		return u.refused(op, value, current, ErrOpaquePathURL)
	}
	var scratch [256]byte
	p := u.setter(value, override)
	var buf []byte
	if u.hostKind == HostNull {
		// The host becomes non-null: "//" follows the scheme, and a "/."
		// before the path is no longer needed.
		buf = append(scratch[:0], u.href[:u.schemeEnd+1]...)
		buf = append(buf, '/', '/')
		p.c.usernameEnd = uint32(len(buf))
		p.c.hostStart = p.c.usernameEnd
	} else {
		buf = append(scratch[:0], u.href[:u.hostStart]...)
	}
	// The port state runs only once the host is set. If it then fails, the
	// host stays set: the standard changes the URL in place, step by step.
	buf, code := p.run(buf)
	if code != 0 && p.state != statePort {
		if value == current {
			return nil
		}
		return p.refused(op, value, code)
	}
	if !p.portSet && u.hasPort() {
		buf = append(buf, u.href[u.hostEnd:u.pathStart]...)
	}
	delta := len(buf) - int(u.pathStart)
	p.c.pathStart = uint32(len(buf))
	p.c.queryStart, p.c.hashStart = moved(u.queryStart, delta), moved(u.hashStart, delta)
	return u.commit(op, value, append(buf, u.href[u.pathStart:]...), p.c)
}

// setCredentials sets the username and password, both percent-encoded
// already.
// https://url.spec.whatwg.org/#set-the-username
// https://url.spec.whatwg.org/#set-the-password
func (u *URL) setCredentials(op, value, username, password string) error {
	start, end := u.schemeEnd+3, u.hostStart
	buf := make([]byte, 0, len(u.href)+len(username)+len(password)+2)
	buf = append(buf, u.href[:start]...)
	buf = append(buf, username...)
	usernameEnd := uint32(len(buf))
	if password != "" {
		buf = append(buf, ':')
		buf = append(buf, password...)
	}
	if uint32(len(buf)) > start {
		buf = append(buf, '@')
	}
	c := u.components
	c.shiftFrom(end, len(buf)-int(end))
	c.usernameEnd = usernameEnd
	return u.commit(op, value, append(buf, u.href[end:]...), c)
}

// moved returns offset o moved by delta, unless it is omitted.
func moved(o uint32, delta int) uint32 {
	if o == omitted {
		return o
	}
	return uint32(int(o) + delta)
}

// shiftFrom moves the offsets at or after from by delta. Offsets before from
// stay, and so do omitted ones.
func (c *components) shiftFrom(from uint32, delta int) {
	for _, o := range [...]*uint32{&c.usernameEnd, &c.hostStart, &c.hostEnd, &c.pathStart, &c.queryStart, &c.hashStart} {
		if *o != omitted && *o >= from {
			*o = uint32(int(*o) + delta)
		}
	}
}

// commit makes buf, described by c, the URL's serialization, for the
// setter op given value. A URL too long for its offsets stays as it was.
func (u *URL) commit(op, value string, buf []byte, c components) error {
	if uint64(len(buf)) > maxHref {
		return &Error{Op: op, Input: value, Code: ErrURLTooLong, Offset: len(value)}
	}
	u.href, u.components = string(buf), c
	return nil
}

// portNumber returns the port, or -1 if it is null.
func (u *URL) portNumber() int {
	if !u.hasPort() {
		return -1
	}
	n, _ := strconv.Atoi(u.href[u.hostEnd+1 : u.pathStart])
	return n
}

func trimPrefixByte(s string, b byte) string {
	if len(s) > 0 && s[0] == b {
		return s[1:]
	}
	return s
}

// setPath makes path, serialized, u's path: the path of a special URL or a
// URL without a host is "/" at least, and without a host one that starts
// with "//" is written after "/.", as the serializer does.
// https://url.spec.whatwg.org/#url-path-serializer
func (u *URL) setPath(path string) error {
	if path == "" && (u.scheme.special() || u.hostKind == HostNull) {
		path = "/"
	}
	at, end := u.authorityEnd(), u.pathEnd()
	buf := make([]byte, 0, int(at)+2+len(path)+len(u.href)-int(end))
	buf = append(buf, u.href[:at]...)
	c := u.components
	if u.hostKind == HostNull && strings.HasPrefix(path, "//") {
		buf = append(buf, "/."...)
	}
	c.pathStart = uint32(len(buf))
	buf = append(buf, path...)
	delta := len(buf) - int(end)
	c.queryStart, c.hashStart = moved(u.queryStart, delta), moved(u.hashStart, delta)
	return u.commit("set path", path, append(buf, u.href[end:]...), c)
}
