package weburl

import "strconv"

// The setters run the basic URL parser from a state override on a copy of
// the URL's serialization up to the component they change, then append the
// rest of the old serialization and move its offsets. A value the standard
// rejects stops the machine before the copy is committed, so the URL is
// never left half-changed.

// setter returns a parser that runs the basic URL parser on value with u as
// its URL and the state override given.
func (u *URL) setter(value string, override state) parser {
	return parser{
		in:       clean(value, false),
		state:    override,
		override: override,
		url:      u,
		c:        u.components,
	}
}

// setHost runs the host or hostname state on value with u's URL.
// https://url.spec.whatwg.org/#dom-url-host
// https://url.spec.whatwg.org/#dom-url-hostname
func (u *URL) setHost(value string, override state) {
	if u.href == "" || u.opaquePath || len(value) > MaxInputLength {
		return
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
	buf, err := p.run(buf)
	if err != 0 && p.state != statePort {
		return
	}
	if !p.portSet && u.hasPort() {
		buf = append(buf, u.href[u.hostEnd:u.pathStart]...)
	}
	delta := len(buf) - int(u.pathStart)
	p.c.pathStart = uint32(len(buf))
	p.c.queryStart, p.c.hashStart = moved(u.queryStart, delta), moved(u.hashStart, delta)
	u.commit(append(buf, u.href[u.pathStart:]...), p.c)
}

// setCredentials sets the username and password. The one that is new is
// percent-encoded with the userinfo percent-encode set (encodeUsername
// says which); the other is the URL's, encoded already.
// https://url.spec.whatwg.org/#set-the-username
// https://url.spec.whatwg.org/#set-the-password
func (u *URL) setCredentials(username, password string, encodeUsername bool) {
	start, end := u.schemeEnd+3, u.hostStart
	buf := make([]byte, 0, len(u.href)+3*max(len(username), len(password))+2)
	buf = append(buf, u.href[:start]...)
	if encodeUsername {
		buf = appendEncoded(buf, username, userinfoSet)
	} else {
		buf = append(buf, username...)
	}
	usernameEnd := uint32(len(buf))
	if password != "" {
		buf = append(buf, ':')
		if encodeUsername {
			buf = append(buf, password...)
		} else {
			buf = appendEncoded(buf, password, userinfoSet)
		}
	}
	if uint32(len(buf)) > start {
		buf = append(buf, '@')
	}
	c := u.components
	c.shiftFrom(end, len(buf)-int(end))
	c.usernameEnd = usernameEnd
	u.commit(append(buf, u.href[end:]...), c)
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

// commit makes buf, described by c, the URL's serialization. A URL too long
// for its offsets stays as it was.
func (u *URL) commit(buf []byte, c components) {
	if uint64(len(buf)) > maxHref {
		return
	}
	u.href, u.components = string(buf), c
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
