package weburl

// The states of the basic URL parser, in the standard's order. Each reads a
// run of bytes from p.in at p.i and leaves p.i on the first byte it did not
// take: that byte is the next state's c, so the standard's "decrease
// pointer by 1" needs no code, and "increase pointer by 1" skips c.
// https://url.spec.whatwg.org/#concept-basic-url-parser

// https://url.spec.whatwg.org/#scheme-start-state
func (p *parser) schemeStartState() errCode {
	if p.i < len(p.in) && isAlpha(p.in[p.i]) {
		p.state = stateScheme
		return 0
	}
	if p.override == stateNone {
		p.state = stateNoScheme
		return 0
	}
	return errFailure
}

// schemeState reads the scheme in one run; the scheme start state has
// checked that it begins with an ASCII alpha.
// https://url.spec.whatwg.org/#scheme-state
func (p *parser) schemeState() errCode {
	start := p.i
	for p.i < len(p.in) && isSchemeChar(p.in[p.i]) {
		p.i++
	}
	if p.i == len(p.in) || p.in[p.i] != ':' {
		if p.override != stateNone {
			return errFailure
		}
		// Start over, from the first code point in input.
		p.i = 0
		p.state = stateNoScheme
		return 0
	}
	scheme := p.in[start:p.i]
	kind := schemeKindOf(scheme)
	if p.override != stateNone {
		// The protocol setter: some changes of scheme are not allowed, and
		// then the URL stays as it is (the standard's "return").
		u := p.url
		switch {
		case u.scheme.special() != kind.special(),
			kind == schemeFile && (u.includesCredentials() || u.hasPort()),
			u.scheme == schemeFile && u.hostKind == hostEmpty:
			return errFailure
		}
	}
	p.buf = appendLower(p.buf, scheme)
	p.c.schemeEnd = uint32(len(p.buf))
	p.buf = append(p.buf, ':')
	p.c.scheme = kind
	p.i++
	if p.override != stateNone {
		p.state = stateDone
		return 0
	}
	switch {
	case kind == schemeFile:
		// If remaining does not start with "//":
		// special-scheme-missing-following-solidus validation error.
		p.state = stateFile
	case kind.special() && p.base != nil && p.base.scheme == kind:
		p.state = stateSpecialRelativeOrAuthority
	case kind.special():
		p.state = stateSpecialAuthoritySlashes
	case p.i < len(p.in) && p.in[p.i] == '/':
		p.state = statePathOrAuthority
		p.i++
	default:
		p.c.opaquePath = true
		p.c.pathStart = uint32(len(p.buf))
		p.state = stateOpaquePath
	}
	return 0
}

// https://url.spec.whatwg.org/#no-scheme-state
func (p *parser) noSchemeState() errCode {
	b := p.base
	c := p.peek()
	switch {
	case b == nil || b.opaquePath && c != '#':
		return errMissingSchemeNonRelativeURL
	case b.opaquePath:
		// Base's scheme, path and query, with an empty fragment.
		p.buf = append(p.buf[:0], b.href[:b.queryEnd()]...)
		p.c = b.components
		p.c.hashStart = omitted
		p.i++
		p.startFragment()
	case b.scheme != schemeFile:
		p.state = stateRelative
	default:
		p.state = stateFile
	}
	return 0
}

// https://url.spec.whatwg.org/#special-relative-or-authority-state
func (p *parser) specialRelativeOrAuthorityState() {
	if p.i+1 < len(p.in) && p.in[p.i] == '/' && p.in[p.i+1] == '/' {
		p.state = stateSpecialAuthorityIgnoreSlashes
		p.i += 2
		return
	}
	// special-scheme-missing-following-solidus validation error.
	p.state = stateRelative
}

// https://url.spec.whatwg.org/#path-or-authority-state
func (p *parser) pathOrAuthorityState() {
	if p.peek() == '/' {
		p.state = stateAuthority
		p.i++
		return
	}
	p.state = statePath
}

// https://url.spec.whatwg.org/#relative-state
func (p *parser) relativeState() {
	b := p.base
	// The scheme becomes base's scheme.
	p.buf = append(p.buf[:0], b.href[:b.schemeEnd+1]...)
	p.c.schemeEnd, p.c.scheme = b.schemeEnd, b.scheme
	c := p.peek()
	if c == '/' || p.special() && c == '\\' {
		// A "\" is an invalid-reverse-solidus validation error.
		p.state = stateRelativeSlash
		p.i++
		return
	}
	p.copyBase(true)
	switch c {
	case '?':
		p.i++
		p.startQuery()
	case '#':
		p.copyBaseQuery()
		p.i++
		p.startFragment()
	case -1:
		p.copyBaseQuery()
		p.state = stateDone
	default:
		p.shortenPath()
		p.state = statePath
	}
}

// https://url.spec.whatwg.org/#relative-slash-state
func (p *parser) relativeSlashState() {
	c := p.peek()
	switch {
	case p.special() && (c == '/' || c == '\\'):
		// A "\" is an invalid-reverse-solidus validation error.
		p.state = stateSpecialAuthorityIgnoreSlashes
		p.i++
	case c == '/':
		p.state = stateAuthority
		p.i++
	default:
		// Base's credentials, host and port.
		p.copyBase(false)
		p.state = statePath
	}
}

// https://url.spec.whatwg.org/#special-authority-slashes-state
func (p *parser) specialAuthoritySlashesState() {
	if p.i+1 < len(p.in) && p.in[p.i] == '/' && p.in[p.i+1] == '/' {
		p.i += 2
	}
	// Otherwise: special-scheme-missing-following-solidus validation error.
	p.state = stateSpecialAuthorityIgnoreSlashes
}

// specialAuthorityIgnoreSlashesState skips a run of "/" and "\"; each is a
// special-scheme-missing-following-solidus validation error.
// https://url.spec.whatwg.org/#special-authority-ignore-slashes-state
func (p *parser) specialAuthorityIgnoreSlashesState() {
	for p.i < len(p.in) && (p.in[p.i] == '/' || p.in[p.i] == '\\') {
		p.i++
	}
	p.state = stateAuthority
}

// authorityState finds the end of the authority in one scan, and the last
// "@" before it. Everything before that "@" is the credentials: the
// standard's buffer at each "@", with "%40" for the earlier ones, comes to
// the same; its first ":" (passwordTokenSeen) splits username and password.
// The state then leaves the pointer at the start of the host, as the
// standard's "decrease pointer by buffer's code point length + 1" does.
// https://url.spec.whatwg.org/#authority-state
func (p *parser) authorityState() errCode {
	// The host will be non-null: the serializer writes "//" before it.
	p.buf = append(p.buf, '/', '/')
	p.c.usernameEnd = uint32(len(p.buf))
	p.c.hostStart = p.c.usernameEnd
	at, end := -1, p.i
	for ; end < len(p.in); end++ {
		c := p.in[end]
		if c == '/' || c == '?' || c == '#' || c == '\\' && p.special() {
			break
		}
		if c == '@' {
			at = end
		}
	}
	if at >= 0 {
		// invalid-credentials validation error.
		if at+1 == end {
			return errHostMissing
		}
		username, password := p.in[p.i:at], ""
		for j := 0; j < len(username); j++ {
			if username[j] == ':' {
				username, password = username[:j], username[j+1:]
				break
			}
		}
		p.buf = appendEncoded(p.buf, username, userinfoSet)
		p.c.usernameEnd = uint32(len(p.buf))
		if password != "" {
			p.buf = append(p.buf, ':')
			p.buf = appendEncoded(p.buf, password, userinfoSet)
		}
		if uint32(len(p.buf)) > p.c.hostStart {
			p.buf = append(p.buf, '@')
		}
		p.c.hostStart = uint32(len(p.buf))
		p.i = at + 1
	}
	p.state = stateHost
	return 0
}

// hostState serves the host state and the hostname state: it reads the
// host in one run, up to a ":" outside brackets or the end of the authority.
// https://url.spec.whatwg.org/#host-state
func (p *parser) hostState() errCode {
	if p.override != stateNone && p.c.scheme == schemeFile {
		p.state = stateFileHost
		return 0
	}
	start := p.i
	insideBrackets := false
	for ; p.i < len(p.in); p.i++ {
		c := p.in[p.i]
		if c == ':' && !insideBrackets || c == '/' || c == '?' || c == '#' || c == '\\' && p.special() {
			break
		}
		if c == '[' {
			insideBrackets = true
		} else if c == ']' {
			insideBrackets = false
		}
	}
	buffer := p.in[start:p.i]
	if p.i < len(p.in) && p.in[p.i] == ':' {
		if buffer == "" {
			return errHostMissing
		}
		if p.override == stateHostname {
			return errFailure
		}
		if err := p.parseHost(buffer, !p.special()); err != 0 {
			return err
		}
		p.i++
		p.state = statePort
		return 0
	}
	if buffer == "" {
		if p.special() {
			return errHostMissing
		}
		if p.override != stateNone && (p.url.includesCredentials() || p.url.hasPort()) {
			return errFailure
		}
	}
	if err := p.parseHost(buffer, !p.special()); err != 0 {
		return err
	}
	p.state = statePathStart
	if p.override != stateNone {
		p.state = stateDone
	}
	return 0
}

// portState reads the digits in one run and leaves p.i on the first byte it
// did not take.
// https://url.spec.whatwg.org/#port-state
func (p *parser) portState() errCode {
	start, port := p.i, 0
	for ; p.i < len(p.in) && isDigit(p.in[p.i]); p.i++ {
		port = min(port*10+int(p.in[p.i]-'0'), 1<<16) // saturate: only > 65535 matters
	}
	// c must be EOF, "/", "?", "#" or (special) "\"; with a state override
	// the digits may end anywhere.
	if c := p.peek(); c != -1 && c != '/' && c != '?' && c != '#' && !(c == '\\' && p.special()) && p.override == stateNone {
		return errPortInvalid
	}
	if p.i > start {
		if port > 0xFFFF {
			return errPortOutOfRange
		}
		// The port is null when it is the scheme's default port.
		if port != p.c.scheme.defaultPort() {
			p.buf = append(p.buf, ':')
			p.buf = appendUint(p.buf, port)
		}
		if p.override != stateNone {
			p.portSet = true
			p.state = stateDone
			return 0
		}
	} else if p.override != stateNone {
		return errFailure
	}
	p.state = statePathStart
	return 0
}

// https://url.spec.whatwg.org/#file-state
func (p *parser) fileState() {
	// The scheme is "file" and the host is the empty host.
	p.buf = append(p.buf[:0], "file://"...)
	p.c = newComponents()
	p.c.schemeEnd, p.c.scheme = 4, schemeFile
	p.c.usernameEnd, p.c.hostStart, p.c.hostEnd = 7, 7, 7
	p.c.hostKind = hostEmpty
	c := p.peek()
	if c == '/' || c == '\\' {
		// A "\" is an invalid-reverse-solidus validation error.
		p.state = stateFileSlash
		p.i++
		return
	}
	b := p.base
	if b == nil || b.scheme != schemeFile {
		p.state = statePath
		return
	}
	// Base's host, path and query.
	p.copyBase(true)
	switch c {
	case '?':
		p.i++
		p.startQuery()
	case '#':
		p.copyBaseQuery()
		p.i++
		p.startFragment()
	case -1:
		p.copyBaseQuery()
		p.state = stateDone
	default:
		if !startsWithWindowsDriveLetter(p.in[p.i:]) {
			p.shortenPath()
		} else {
			// file-invalid-Windows-drive-letter validation error.
			p.buf = p.buf[:p.c.pathStart]
		}
		p.state = statePath
	}
}

// https://url.spec.whatwg.org/#file-slash-state
func (p *parser) fileSlashState() {
	c := p.peek()
	if c == '/' || c == '\\' {
		// A "\" is an invalid-reverse-solidus validation error.
		p.state = stateFileHost
		p.i++
		return
	}
	if b := p.base; b != nil && b.scheme == schemeFile {
		p.copyBase(false)
		// A path that does not start with a drive letter keeps base's.
		if !startsWithWindowsDriveLetter(p.in[p.i:]) {
			if first := b.firstPathSegment(); isNormalizedWindowsDriveLetter(first) {
				p.buf = append(p.buf, '/')
				p.buf = append(p.buf, first...)
			}
		}
	}
	p.state = statePath
}

// https://url.spec.whatwg.org/#file-host-state
func (p *parser) fileHostState() errCode {
	start := p.i
	for p.i < len(p.in) {
		if c := p.in[p.i]; c == '/' || c == '\\' || c == '?' || c == '#' {
			break
		}
		p.i++
	}
	buffer := p.in[start:p.i]
	if p.override == stateNone && isWindowsDriveLetter(buffer) {
		// file-invalid-Windows-drive-letter-host validation error. The
		// buffer is not reset: the path state reads it again.
		p.i = start
		p.state = statePath
		return 0
	}
	p.buf = p.buf[:p.c.hostStart]
	p.c.hostKind, p.c.hostEnd = hostEmpty, p.c.hostStart
	if buffer != "" {
		if err := p.parseHost(buffer, false); err != 0 {
			return err
		}
		if string(p.buf[p.c.hostStart:]) == "localhost" {
			p.buf = p.buf[:p.c.hostStart]
			p.c.hostKind, p.c.hostEnd = hostEmpty, p.c.hostStart
		}
	}
	p.state = statePathStart
	if p.override != stateNone {
		p.state = stateDone
	}
	return 0
}

// https://url.spec.whatwg.org/#path-start-state
func (p *parser) pathStartState() {
	p.setPathStart()
	c := p.peek()
	switch {
	case p.special():
		// A "\" is an invalid-reverse-solidus validation error.
		p.state = statePath
		if c == '/' || c == '\\' {
			p.i++
		}
	case p.override == stateNone && c == '?':
		p.i++
		p.startQuery()
	case p.override == stateNone && c == '#':
		p.i++
		p.startFragment()
	case c != -1:
		p.state = statePath
		if c == '/' {
			p.i++
		}
	default:
		if p.override != stateNone && p.c.hostKind == hostNull {
			p.buf = append(p.buf, '/') // append the empty string to the path
		}
		p.state = stateDone
	}
}

// pathState reads the path one segment at a time: each run ends at "/",
// at "\" in a special URL, at "?" or "#" unless a state override is given,
// or at EOF. Segments are appended as "/" and their percent-encoding;
// shortening the path cuts the buffer back to the last "/".
// https://url.spec.whatwg.org/#path-state
func (p *parser) pathState() {
	p.setPathStart()
	special := p.special()
	for {
		start := p.i
		for p.i < len(p.in) {
			c := p.in[p.i]
			if c == '/' || c == '\\' && special || (c == '?' || c == '#') && p.override == stateNone {
				break
			}
			// A code point that is not a URL code point or "%", or a "%"
			// not starting a percent-encoded byte, is an invalid-URL-unit
			// validation error.
			p.i++
		}
		segment := p.in[start:p.i]
		c := p.peek()
		// A "\" is an invalid-reverse-solidus validation error.
		slash := c == '/' || c == '\\' && special
		switch {
		case isDoubleDotSegment(segment):
			p.shortenPath()
			if !slash {
				p.buf = append(p.buf, '/')
			}
		case isSingleDotSegment(segment):
			if !slash {
				p.buf = append(p.buf, '/')
			}
		case p.c.scheme == schemeFile && uint32(len(p.buf)) == p.c.pathStart && isWindowsDriveLetter(segment):
			// The first segment of a file path is a drive letter: its
			// second code point becomes ":".
			p.buf = append(p.buf, '/', segment[0], ':')
		default:
			p.buf = append(p.buf, '/')
			p.buf = appendEncoded(p.buf, segment, pathSet)
		}
		if c == -1 {
			p.state = stateDone
			return
		}
		p.i++
		switch c {
		case '?':
			p.startQuery()
			return
		case '#':
			p.startFragment()
			return
		}
	}
}

// opaquePathState appends runs of the path with C0 controls and non-ASCII
// bytes percent-encoded. A space right before "?" or "#" becomes "%20",
// so that removing the query or fragment never leaves a trailing space.
// https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state
func (p *parser) opaquePathState() {
	start := p.i
	for ; p.i < len(p.in); p.i++ {
		switch p.in[p.i] {
		case '?', '#':
			p.buf = appendEncoded(p.buf, p.in[start:p.i], c0ControlSet)
			if p.in[p.i] == '?' {
				p.i++
				p.startQuery()
			} else {
				p.i++
				p.startFragment()
			}
			return
		case ' ':
			if p.i+1 < len(p.in) && (p.in[p.i+1] == '?' || p.in[p.i+1] == '#') {
				p.buf = appendEncoded(p.buf, p.in[start:p.i], c0ControlSet)
				p.buf = append(p.buf, "%20"...)
				start = p.i + 1
			}
		}
		// Invalid-URL-unit validation errors as in the path state.
	}
	p.buf = appendEncoded(p.buf, p.in[start:], c0ControlSet)
	p.state = stateDone
}

// queryState reads the query in one run, up to "#" unless a state override
// is given, and percent-encodes it whole.
// https://url.spec.whatwg.org/#query-state
func (p *parser) queryState() {
	end := len(p.in)
	if p.override == stateNone {
		for j := p.i; j < len(p.in); j++ {
			if p.in[j] == '#' {
				end = j
				break
			}
		}
	}
	// Invalid-URL-unit validation errors as in the path state.
	set := querySet
	if p.special() {
		set = specialQuerySet
	}
	p.buf = appendEncoded(p.buf, p.in[p.i:end], set)
	p.i = end
	if end < len(p.in) {
		p.i++
		p.startFragment()
		return
	}
	p.state = stateDone
}

// https://url.spec.whatwg.org/#fragment-state
func (p *parser) fragmentState() {
	// Invalid-URL-unit validation errors as in the path state.
	p.buf = appendEncoded(p.buf, p.in[p.i:], fragmentSet)
	p.i = len(p.in)
	p.state = stateDone
}

// isSchemeChar reports whether c may follow the first code point of a scheme.
func isSchemeChar(c byte) bool {
	return isAlphanumeric(c) || c == '+' || c == '-' || c == '.'
}

// isSingleDotSegment reports whether s is "." or "%2e", ASCII case-insensitively.
// https://url.spec.whatwg.org/#single-dot-path-segment
func isSingleDotSegment(s string) bool {
	switch len(s) {
	case 1:
		return s == "."
	case 3:
		return s[0] == '%' && s[1] == '2' && s[2]|0x20 == 'e'
	}
	return false
}

// isDoubleDotSegment reports whether s is "..", ".%2e", "%2e." or
// "%2e%2e", ASCII case-insensitively.
// https://url.spec.whatwg.org/#double-dot-path-segment
func isDoubleDotSegment(s string) bool {
	switch len(s) {
	case 2:
		return s == ".."
	case 4:
		return s[0] == '.' && isSingleDotSegment(s[1:]) || s[3] == '.' && isSingleDotSegment(s[:3])
	case 6:
		return isSingleDotSegment(s[:3]) && isSingleDotSegment(s[3:])
	}
	return false
}

// appendLower appends s with ASCII upper case letters lowercased.
func appendLower(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

// appendUint appends the decimal form of n, with no leading zeros.
func appendUint(dst []byte, n int) []byte {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			break
		}
	}
	return append(dst, b[i:]...)
}
