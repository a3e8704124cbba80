package weburl

import "strings"

// The states of the basic URL parser, in the standard's order. Each reads a
// run of bytes from p.in at p.i and leaves p.i on the first byte it did not
// take: that byte is the next state's c, so the standard's "decrease
// pointer by 1" needs no code, and "increase pointer by 1" skips c.
// https://url.spec.whatwg.org/#concept-basic-url-parser

// https://url.spec.whatwg.org/#scheme-start-state
func (p *parser) schemeStartState(buf []byte) ([]byte, ErrorCode) {
	if fastPaths && p.override == stateNone && p.i+9 <= len(p.in) {
		if buf, ok := p.httpSchemeSlashes(buf); ok {
			return p.authorityState(buf)
		}
	}
	if p.i < len(p.in) && isAlpha(p.in[p.i]) {
		p.state = stateScheme
		return p.schemeState(buf)
	}
	if p.override == stateNone {
		p.state = stateNoScheme
		return buf, 0
	}
	return buf, errFailure
}

// httpSchemeSlashes takes "http://" or "https://" (scheme ASCII
// case-insensitive) followed by neither "/" nor "\\", with one word compare:
// what the scheme, special authority slashes and special authority ignore
// slashes states would do with them, with or without a base. It needs nine
// bytes from p.i.
func (p *parser) httpSchemeSlashes(buf []byte) (_ []byte, ok bool) {
	const (
		http  = wordHTTP | uint64(':')<<32 | uint64('/')<<40 | uint64('/')<<48
		https = wordHTTPS | uint64(':')<<40 | uint64('/')<<48 | uint64('/')<<56
	)
	x := load64(p.in, p.i)
	n := 0
	switch {
	case x|0x20202020_20 == https:
		n = 5
		p.c.scheme = schemeHTTPS
	case x&0x00FFFFFF_FFFFFFFF|0x20202020 == http:
		n = 4
		p.c.scheme = schemeHTTP
	default:
		return buf, false
	}
	if c := p.in[p.i+n+3]; c == '/' || c == '\\' {
		p.c.scheme = schemeOther
		return buf, false
	}
	buf = append(buf, "https"[:n]...)
	p.c.schemeEnd = uint32(len(buf))
	buf = append(buf, ':')
	p.i += n + 3
	p.state = stateAuthority
	return buf, true
}

// schemeState reads the scheme in one run; the scheme start state has
// checked that it begins with an ASCII alpha.
// https://url.spec.whatwg.org/#scheme-state
func (p *parser) schemeState(buf []byte) ([]byte, ErrorCode) {
	in, start, i := p.in, p.i, p.i
	var kind schemeKind
	if fastPaths && i+8 <= len(in) {
		// A special scheme and its ":" in one word compare.
		kind = specialSchemeAt(load64(in, i))
	}
	var scheme string
	if kind != schemeOther {
		scheme = schemeNames[kind]
		p.i += len(scheme)
	} else {
		upper := byteClass(0)
		for ; i < len(in) && byteClasses[in[i]]&clsScheme != 0; i++ {
			upper |= byteClasses[in[i]] & clsUpper
		}
		p.i = i
		if p.i == len(p.in) || p.in[p.i] != ':' {
			if p.override != stateNone {
				return buf, errFailure
			}
			// Start over, from the first code point in input.
			p.i = 0
			p.state = stateNoScheme
			return buf, 0
		}
		scheme = p.in[start:p.i]
		if upper != 0 {
			scheme = "" // appended in lower case below
		}
		kind = schemeKindOf(p.in[start:p.i])
	}
	if p.override != stateNone {
		// The protocol setter: some changes of scheme are not allowed, and
		// then the URL stays as it is (the standard's "return").
		u := p.url
		switch {
		case u.scheme.special() != kind.special(),
			kind == schemeFile && (u.includesCredentials() || u.hasPort()),
			u.scheme == schemeFile && u.hostKind == HostEmpty:
			return buf, errFailure
		}
	}
	if scheme == "" {
		buf = appendLower(buf, p.in[start:p.i])
	} else {
		buf = append(buf, scheme...)
	}
	p.c.schemeEnd = uint32(len(buf))
	buf = append(buf, ':')
	p.c.scheme = kind
	p.i++
	if p.override != stateNone {
		p.state = stateDone
		return buf, 0
	}
	switch {
	case kind == schemeFile:
		if p.v != nil && !strings.HasPrefix(p.in[p.i:], "//") {
			p.report(ErrSpecialSchemeMissingFollowingSolidus, p.i)
		}
		p.state = stateFile
	case kind.special() && p.base != nil && p.base.scheme == kind:
		p.state = stateSpecialRelativeOrAuthority
	case kind.special():
		p.state = stateSpecialAuthoritySlashes
		if fastPaths && p.i+2 < len(p.in) && p.in[p.i] == '/' && p.in[p.i+1] == '/' &&
			p.in[p.i+2] != '/' && p.in[p.i+2] != '\\' {
			// What the special authority slashes and ignore slashes states
			// would do: skip "//" and go on to the authority.
			p.i += 2
			p.state = stateAuthority
		}
	case p.i < len(p.in) && p.in[p.i] == '/':
		p.state = statePathOrAuthority
		p.i++
	default:
		p.c.opaquePath = true
		p.c.pathStart = uint32(len(buf))
		p.state = stateOpaquePath
	}
	return buf, 0
}

// https://url.spec.whatwg.org/#no-scheme-state
func (p *parser) noSchemeState(buf []byte) ([]byte, ErrorCode) {
	b := p.base
	c := p.peek()
	switch {
	case b == nil || b.opaquePath && c != '#':
		return buf, p.fail(ErrMissingSchemeNonRelativeURL, p.i)
	case b.opaquePath:
		// Base's scheme, path and query, with an empty fragment.
		buf = append(buf[:0], b.href[:b.queryEnd()]...)
		p.c = b.components
		p.c.hashStart = omitted
		p.i++
		buf = p.startFragment(buf)
	case b.scheme != schemeFile:
		p.state = stateRelative
	default:
		p.state = stateFile
	}
	return buf, 0
}

// https://url.spec.whatwg.org/#special-relative-or-authority-state
func (p *parser) specialRelativeOrAuthorityState() {
	if p.i+1 < len(p.in) && p.in[p.i] == '/' && p.in[p.i+1] == '/' {
		p.state = stateSpecialAuthorityIgnoreSlashes
		p.i += 2
		return
	}
	p.report(ErrSpecialSchemeMissingFollowingSolidus, p.i)
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
func (p *parser) relativeState(buf []byte) []byte {
	b := p.base
	// The scheme becomes base's scheme.
	buf = append(buf[:0], b.href[:b.schemeEnd+1]...)
	p.c.schemeEnd, p.c.scheme = b.schemeEnd, b.scheme
	c := p.peek()
	if c == '/' || p.special() && c == '\\' {
		if c == '\\' {
			p.report(ErrInvalidReverseSolidus, p.i)
		}
		p.state = stateRelativeSlash
		p.i++
		return buf
	}
	buf = p.copyBase(buf, true)
	switch c {
	case '?':
		p.i++
		buf = p.startQuery(buf)
	case '#':
		buf = p.copyBaseQuery(buf)
		p.i++
		buf = p.startFragment(buf)
	case -1:
		buf = p.copyBaseQuery(buf)
		p.state = stateDone
	default:
		buf = p.shortenPath(buf)
		p.state = statePath
	}
	return buf
}

// https://url.spec.whatwg.org/#relative-slash-state
func (p *parser) relativeSlashState(buf []byte) []byte {
	c := p.peek()
	switch {
	case p.special() && (c == '/' || c == '\\'):
		if c == '\\' {
			p.report(ErrInvalidReverseSolidus, p.i)
		}
		p.state = stateSpecialAuthorityIgnoreSlashes
		p.i++
	case c == '/':
		p.state = stateAuthority
		p.i++
	default:
		// Base's credentials, host and port.
		buf = p.copyBase(buf, false)
		p.state = statePath
	}
	return buf
}

// https://url.spec.whatwg.org/#special-authority-slashes-state
func (p *parser) specialAuthoritySlashesState() {
	if p.i+1 < len(p.in) && p.in[p.i] == '/' && p.in[p.i+1] == '/' {
		p.i += 2
	} else {
		p.report(ErrSpecialSchemeMissingFollowingSolidus, p.i)
	}
	p.state = stateSpecialAuthorityIgnoreSlashes
}

// specialAuthorityIgnoreSlashesState skips a run of "/" and "\"; each is a
// special-scheme-missing-following-solidus validation error.
// https://url.spec.whatwg.org/#special-authority-ignore-slashes-state
func (p *parser) specialAuthorityIgnoreSlashesState() {
	for p.i < len(p.in) && (p.in[p.i] == '/' || p.in[p.i] == '\\') {
		p.report(ErrSpecialSchemeMissingFollowingSolidus, p.i)
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
func (p *parser) authorityState(buf []byte) ([]byte, ErrorCode) {
	// The host will be non-null: the serializer writes "//" before it.
	buf = append(buf, '/', '/')
	p.c.usernameEnd = uint32(len(buf))
	p.c.hostStart = p.c.usernameEnd
	// One scan finds the end of the authority and its last "@", and, for
	// the host state, the end of the host after it (its first ":") and the
	// classes of its bytes. A "[" leaves the host to the host state.
	end, at, colon, bracket, classes := scanAuthority(p.in, p.i, p.authorityEnd())
	if p.v != nil {
		for i := p.i; i < end; i++ {
			if p.in[i] == '@' {
				p.report(ErrInvalidCredentials, i)
			}
		}
	}
	p.hint = hostHint{start: at + 1, end: colon, plain: classes&clsDomainSpecial == 0, ok: fastPaths && !bracket}
	if at < 0 {
		p.hint.start = p.i
	}
	if at >= 0 {
		if at+1 == end {
			return buf, p.fail(ErrHostMissing, end)
		}
		username, password := p.in[p.i:at], ""
		for j := 0; j < len(username); j++ {
			if username[j] == ':' {
				username, password = username[:j], username[j+1:]
				break
			}
		}
		buf = appendEncoded(buf, username, userinfoSet)
		p.c.usernameEnd = uint32(len(buf))
		if password != "" {
			buf = append(buf, ':')
			buf = appendEncoded(buf, password, userinfoSet)
		}
		if uint32(len(buf)) > p.c.hostStart {
			buf = append(buf, '@')
		}
		p.c.hostStart = uint32(len(buf))
		p.i = at + 1
	}
	p.state = stateHost
	return p.hostState(buf)
}

// scanAuthority scans the authority that starts at s[i]: it returns where
// it ends (at a byte of the classes stop), its last "@" (or -1), the first
// ":" after that (or end), whether a "[" follows the "@", and the classes of
// the bytes after it, which the host and port are made of.
func scanAuthority(s string, i int, stop byteClass) (end, at, colon int, bracket bool, classes byteClass) {
	at, colon = -1, -1
	marks := stop | clsAt | clsColon | clsBracket
	for {
		// Eight bytes at a time while none of them is a mark, then byte by
		// byte up to the next.
		for ; i+8 <= len(s); i += 8 {
			cls := classes8(s[i : i+8])
			if cls&marks != 0 {
				break
			}
			classes |= cls
		}
		for ; i < len(s); i++ {
			cls := byteClasses[s[i]]
			if cls&marks != 0 {
				break
			}
			classes |= cls
		}
		if i == len(s) || byteClasses[s[i]]&stop != 0 {
			break
		}
		switch s[i] {
		case '@':
			at, colon, bracket, classes = i, -1, false, 0
		case ':':
			if colon < 0 {
				colon = i
			}
			classes |= clsColon
		default:
			bracket = true
			classes |= clsBracket
		}
		i++
	}
	if colon < 0 {
		colon = i
	}
	return i, at, colon, bracket, classes
}

// hostState serves the host state and the hostname state: it reads the
// host in one run, up to a ":" outside brackets or the end of the authority.
// https://url.spec.whatwg.org/#host-state
func (p *parser) hostState(buf []byte) ([]byte, ErrorCode) {
	if p.override != stateNone && p.c.scheme == schemeFile {
		p.state = stateFileHost
		return buf, 0
	}
	var err ErrorCode
	start := p.i
	plain := false
	if h := p.hint; h.ok && h.start == p.i && p.override == stateNone {
		// The authority state has scanned the host.
		p.i, plain = h.end, h.plain
	} else {
		p.i = scanHost(p.in, p.i, p.authorityEnd())
	}
	buffer := p.in[start:p.i]
	if p.i < len(p.in) && p.in[p.i] == ':' {
		if buffer == "" {
			return buf, p.fail(ErrHostMissing, start)
		}
		if p.override == stateHostname {
			return buf, errFailure
		}
		if buf, err = p.parseHost(buf, buffer, !p.special(), start, plain); err != 0 {
			return buf, err
		}
		p.i++
		p.state = statePort
		return buf, 0
	}
	if buffer == "" {
		if p.special() {
			return buf, p.fail(ErrHostMissing, start)
		}
		if p.override != stateNone && (p.url.includesCredentials() || p.url.hasPort()) {
			return buf, errFailure
		}
	}
	if buf, err = p.parseHost(buf, buffer, !p.special(), start, plain); err != 0 {
		return buf, err
	}
	p.state = statePathStart
	if p.override != stateNone {
		p.state = stateDone
	} else if !p.canParse {
		return p.pathStartState(buf), 0
	}
	return buf, 0
}

// scanHost returns the end of the host that starts at s[i]: a byte of the
// classes stop, or a ":" outside brackets.
func scanHost(s string, i int, stop byteClass) int {
	insideBrackets := false
	for ; i < len(s); i++ {
		cls := byteClasses[s[i]]
		if cls&(stop|clsColon|clsBracket) == 0 {
			continue
		}
		if cls&stop != 0 || cls&clsColon != 0 && !insideBrackets {
			break
		}
		insideBrackets = s[i] == '[' || insideBrackets && s[i] != ']'
	}
	return i
}

// portState reads the digits in one run and leaves p.i on the first byte it
// did not take.
// https://url.spec.whatwg.org/#port-state
func (p *parser) portState(buf []byte) ([]byte, ErrorCode) {
	start, port := p.i, 0
	for ; p.i < len(p.in) && isDigit(p.in[p.i]); p.i++ {
		port = min(port*10+int(p.in[p.i]-'0'), 1<<16) // saturate: only > 65535 matters
	}
	// c must be EOF, "/", "?", "#" or (special) "\"; with a state override
	// the digits may end anywhere.
	if c := p.peek(); c != -1 && c != '/' && c != '?' && c != '#' && !(c == '\\' && p.special()) && p.override == stateNone {
		return buf, p.fail(ErrPortInvalid, p.i)
	}
	if p.i > start {
		if port > 0xFFFF {
			return buf, p.fail(ErrPortOutOfRange, start)
		}
		// The port is null when it is the scheme's default port.
		if port != p.c.scheme.defaultPort() {
			buf = append(buf, ':')
			buf = appendUint(buf, port)
		}
		if p.override != stateNone {
			p.portSet = true
			p.state = stateDone
			return buf, 0
		}
	} else if p.override != stateNone {
		return buf, errFailure
	}
	p.state = statePathStart
	return buf, 0
}

// https://url.spec.whatwg.org/#file-state
func (p *parser) fileState(buf []byte) []byte {
	// The scheme is "file" and the host is the empty host.
	buf = append(buf[:0], "file://"...)
	p.c = newComponents()
	p.c.schemeEnd, p.c.scheme = 4, schemeFile
	p.c.usernameEnd, p.c.hostStart, p.c.hostEnd = 7, 7, 7
	p.c.hostKind = HostEmpty
	c := p.peek()
	if c == '/' || c == '\\' {
		if c == '\\' {
			p.report(ErrInvalidReverseSolidus, p.i)
		}
		p.state = stateFileSlash
		p.i++
		return buf
	}
	b := p.base
	if b == nil || b.scheme != schemeFile {
		p.state = statePath
		return buf
	}
	// Base's host, path and query.
	buf = p.copyBase(buf, true)
	switch c {
	case '?':
		p.i++
		buf = p.startQuery(buf)
	case '#':
		buf = p.copyBaseQuery(buf)
		p.i++
		buf = p.startFragment(buf)
	case -1:
		buf = p.copyBaseQuery(buf)
		p.state = stateDone
	default:
		if !startsWithWindowsDriveLetter(p.in[p.i:]) {
			buf = p.shortenPath(buf)
		} else {
			p.report(ErrFileInvalidWindowsDriveLetter, p.i)
			buf = buf[:p.c.pathStart]
		}
		p.state = statePath
	}
	return buf
}

// https://url.spec.whatwg.org/#file-slash-state
func (p *parser) fileSlashState(buf []byte) []byte {
	c := p.peek()
	if c == '/' || c == '\\' {
		if c == '\\' {
			p.report(ErrInvalidReverseSolidus, p.i)
		}
		p.state = stateFileHost
		p.i++
		return buf
	}
	if b := p.base; b != nil && b.scheme == schemeFile {
		buf = p.copyBase(buf, false)
		// A path that does not start with a drive letter keeps base's.
		if !startsWithWindowsDriveLetter(p.in[p.i:]) {
			if first := b.firstPathSegment(); isNormalizedWindowsDriveLetter(first) {
				buf = append(buf, '/')
				buf = append(buf, first...)
			}
		}
	}
	p.state = statePath
	return buf
}

// https://url.spec.whatwg.org/#file-host-state
func (p *parser) fileHostState(buf []byte) ([]byte, ErrorCode) {
	start := p.i
	classes := byteClass(0)
	for ; p.i < len(p.in); p.i++ {
		cls := byteClasses[p.in[p.i]]
		if cls&(clsAuthorityEnd|clsBackslash) != 0 {
			break
		}
		classes |= cls
	}
	buffer := p.in[start:p.i]
	if p.override == stateNone && isWindowsDriveLetter(buffer) {
		p.report(ErrFileInvalidWindowsDriveLetterHost, start)
		// The buffer is not reset: the path state reads it again, but
		// does not check its URL units again.
		p.i = start
		if p.v != nil {
			p.v.unitsFrom = p.i + len(buffer)
		}
		p.state = statePath
		return buf, 0
	}
	buf = buf[:p.c.hostStart]
	p.c.hostKind, p.c.hostEnd = HostEmpty, p.c.hostStart
	if buffer != "" {
		var err ErrorCode
		plain := fastPaths && classes&(clsDomainSpecial|clsColon|clsBracket) == 0
		if buf, err = p.parseHost(buf, buffer, false, start, plain); err != 0 {
			return buf, err
		}
		if string(buf[p.c.hostStart:]) == "localhost" {
			buf = buf[:p.c.hostStart]
			p.c.hostKind, p.c.hostEnd = HostEmpty, p.c.hostStart
		}
	}
	p.state = statePathStart
	if p.override != stateNone {
		p.state = stateDone
	} else if !p.canParse {
		return p.pathStartState(buf), 0
	}
	return buf, 0
}

// https://url.spec.whatwg.org/#path-start-state
func (p *parser) pathStartState(buf []byte) []byte {
	p.setPathStart(buf)
	c := p.peek()
	switch {
	case p.special():
		if c == '\\' {
			p.report(ErrInvalidReverseSolidus, p.i)
		}
		p.state = statePath
		if c == '/' || c == '\\' {
			p.i++
		}
		return p.pathState(buf)
	case p.override == stateNone && c == '?':
		p.i++
		buf = p.startQuery(buf)
	case p.override == stateNone && c == '#':
		p.i++
		buf = p.startFragment(buf)
	case c != -1:
		p.state = statePath
		if c == '/' {
			p.i++
		}
	default:
		if p.override != stateNone && p.c.hostKind == HostNull {
			buf = append(buf, '/') // append the empty string to the path
		}
		p.state = stateDone
	}
	return buf
}

// pathState reads the path one segment at a time: each run ends at "/",
// at "\" in a special URL, at "?" or "#" unless a state override is given,
// or at EOF. Segments are appended as "/" and their percent-encoding;
// shortening the path cuts the buffer back to the last "/".
// https://url.spec.whatwg.org/#path-state
func (p *parser) pathState(buf []byte) []byte {
	p.setPathStart(buf)
	special := p.special()
	for {
		// Whole segments that need no care are copied in one run (but a
		// file URL's first segment if it may be a drive letter to rewrite,
		// with "|" second).
		if fastPaths && p.v == nil && !(p.c.scheme == schemeFile && uint32(len(buf)) == p.c.pathStart &&
			p.i+1 < len(p.in) && p.in[p.i+1] == '|') {
			var done bool
			if buf, done = p.pathRun(buf, special); done {
				return p.endPath(buf)
			}
		}
		start := p.i
		for p.i < len(p.in) {
			c := p.in[p.i]
			if c == '/' || c == '\\' && special || (c == '?' || c == '#') && p.override == stateNone {
				break
			}
			p.i++
		}
		segment := p.in[start:p.i]
		if p.v != nil && p.i > p.v.unitsFrom {
			from := max(start, p.v.unitsFrom)
			p.checkURLUnits(p.in[from:p.i], from)
		}
		c := p.peek()
		if c == '\\' && special {
			p.report(ErrInvalidReverseSolidus, p.i)
		}
		slash := c == '/' || c == '\\' && special
		switch {
		case isDoubleDotSegment(segment):
			buf = p.shortenPath(buf)
			if !slash {
				buf = append(buf, '/')
			}
		case isSingleDotSegment(segment):
			if !slash {
				buf = append(buf, '/')
			}
		case p.c.scheme == schemeFile && uint32(len(buf)) == p.c.pathStart && isWindowsDriveLetter(segment):
			// The first segment of a file path is a drive letter: its
			// second code point becomes ":".
			buf = append(buf, '/', segment[0], ':')
		default:
			buf = append(buf, '/')
			buf = appendEncoded(buf, segment, pathSet)
		}
		if !slash {
			return p.endPath(buf)
		}
		p.i++
	}
}

// endPath ends the path state at p.i: at EOF, "?" or "#".
func (p *parser) endPath(buf []byte) []byte {
	switch p.peek() {
	case '?':
		p.i++
		return p.startQuery(buf)
	case '#':
		p.i++
		return p.startFragment(buf)
	}
	p.state = stateDone
	return buf
}

// pathRun appends the run of whole segments at p.i that the path state
// would append as they are: no byte to percent-encode, no "\\" in a special
// URL, and no segment starting with "." or "%" (which could be a dot
// segment). If the run reaches the end of the path, it leaves p.i there and
// reports done; otherwise it leaves p.i at the start of the first segment
// that needs the path state's care.
func (p *parser) pathRun(buf []byte, special bool) (_ []byte, done bool) {
	stop := clsPathEncode
	if special {
		stop |= clsBackslash
	}
	start := p.i
	end, segment, done := scanPathRun(p.in, start, stop, p.override == stateNone)
	switch {
	case done:
		buf = append(append(buf, '/'), p.in[start:end]...)
		p.i = end
	case segment > start:
		buf = append(append(buf, '/'), p.in[start:segment-1]...)
		p.i = segment
	}
	return buf, done
}

// scanPathRun scans the path from s[i]. It returns done and where the path
// ends if every segment up to there is clean, or else the start of the
// first segment that is not: one with a byte of the classes stop, or that
// starts with "." or "%". "?" and "#" end the path if ends is set.
func scanPathRun(s string, i int, stop byteClass, ends bool) (end, segment int, done bool) {
	// Eight bytes at a time, while none is of the classes stop (which hold
	// "?" and "#") and no "." or "%" follows a "/" (or starts the run, as
	// s[i] starts a segment). Blocks without "." or "%" need no more.
	start := i
	for ; i+8 <= len(s); i += 8 {
		cls := classes8(s[i : i+8])
		if cls&stop != 0 {
			break
		}
		if cls&clsDotOrPercent != 0 && startsDotSegment(s, i, start) {
			break
		}
	}
	for ; i < len(s); i++ {
		c := s[i]
		cls := byteClasses[c]
		if cls&(stop|clsDotOrPercent|clsAuthorityEnd) == 0 {
			continue
		}
		switch {
		case (c == '?' || c == '#') && ends:
			return i, 0, true
		case c != '/' && (cls&stop != 0 || i == start || s[i-1] == '/'):
			segment = start
			if j := strings.LastIndexByte(s[start:i], '/'); j >= 0 {
				segment = start + j + 1
			}
			return i, segment, false
		}
	}
	return i, 0, true
}

// startsDotSegment reports whether a "." or "%" in s[i:i+8] starts a
// segment: follows a "/", or is s[start]. It is not inlined: inlined,
// the compiler read the word from the eight bytes scanPathRun's loop had
// just loaded for classes8, shifting them back together, and kept those
// bytes in registers, so that the loop spilled and reloaded its own
// variables on every pass. As a call, it took Parse from 669 to 659
// instructions per URL on kasztp.txt and from 835 to 805 on
// node_files.txt, and resolving userbait.txt's references from 807 to 789
// (GOGC=off bench/irurl in callgrind, one pass count; wpt's inputs: 1,645
// and 1,647).
//
//go:noinline
func startsDotSegment(s string, i, start int) bool {
	x := load64(s, i)
	afterSlash := bytesEqual(x, '/') << 8 // the high bit of each byte after a "/"
	if i == start || s[i-1] == '/' {
		afterSlash |= 0x80
	}
	return (bytesEqual(x, '.')|bytesEqual(x, '%'))&afterSlash != 0
}

// opaquePathState appends runs of the path with C0 controls and non-ASCII
// bytes percent-encoded. A space right before "?" or "#" becomes "%20",
// so that removing the query or fragment never leaves a trailing space.
// https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state
func (p *parser) opaquePathState(buf []byte) []byte {
	start := p.i
	if p.v != nil {
		end := strings.IndexAny(p.in[start:], "?#")
		if end < 0 {
			end = len(p.in) - start
		}
		p.checkURLUnits(p.in[start:start+end], start)
	}
	for ; p.i < len(p.in); p.i++ {
		switch p.in[p.i] {
		case '?', '#':
			buf = appendEncoded(buf, p.in[start:p.i], c0ControlSet)
			if p.in[p.i] == '?' {
				p.i++
				buf = p.startQuery(buf)
			} else {
				p.i++
				buf = p.startFragment(buf)
			}
			return buf
		case ' ':
			if p.i+1 < len(p.in) && (p.in[p.i+1] == '?' || p.in[p.i+1] == '#') {
				buf = appendEncoded(buf, p.in[start:p.i], c0ControlSet)
				buf = append(buf, "%20"...)
				start = p.i + 1
			}
		}
	}
	buf = appendEncoded(buf, p.in[start:], c0ControlSet)
	p.state = stateDone
	return buf
}

// queryState reads the query in one run, up to "#" unless a state override
// is given, and percent-encodes it whole.
// https://url.spec.whatwg.org/#query-state
func (p *parser) queryState(buf []byte) []byte {
	end := len(p.in)
	if p.override == stateNone {
		if j := strings.IndexByte(p.in[p.i:], '#'); j >= 0 {
			end = p.i + j
		}
	}
	if p.v != nil {
		p.checkURLUnits(p.in[p.i:end], p.i)
	}
	set := querySet
	if p.special() {
		set = specialQuerySet
	}
	if p.enc != nil && p.special() && p.c.scheme != schemeWS && p.c.scheme != schemeWSS {
		buf = appendEncodedAfterEncoding(buf, p.in[p.i:end], p.enc, set, false)
	} else {
		buf = appendEncoded(buf, p.in[p.i:end], set)
	}
	p.i = end
	if end < len(p.in) {
		p.i++
		buf = p.startFragment(buf)
		return buf
	}
	p.state = stateDone
	return buf
}

// https://url.spec.whatwg.org/#fragment-state
func (p *parser) fragmentState(buf []byte) []byte {
	if p.v != nil {
		p.checkURLUnits(p.in[p.i:], p.i)
	}
	buf = appendEncoded(buf, p.in[p.i:], fragmentSet)
	p.i = len(p.in)
	p.state = stateDone
	return buf
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
