package weburl

import (
	"strings"

	"github.com/weburl/weburl/internal/ascii"
)

// state is a state of the basic URL parser, in the standard's order.
// https://url.spec.whatwg.org/#concept-basic-url-parser
type state uint8

const (
	stateNone                          state = iota // no state override
	stateSchemeStart                                // #scheme-start-state
	stateScheme                                     // #scheme-state
	stateNoScheme                                   // #no-scheme-state
	stateSpecialRelativeOrAuthority                 // #special-relative-or-authority-state
	statePathOrAuthority                            // #path-or-authority-state
	stateRelative                                   // #relative-state
	stateRelativeSlash                              // #relative-slash-state
	stateSpecialAuthoritySlashes                    // #special-authority-slashes-state
	stateSpecialAuthorityIgnoreSlashes              // #special-authority-ignore-slashes-state
	stateAuthority                                  // #authority-state
	stateHost                                       // #host-state
	stateHostname                                   // #hostname-state
	statePort                                       // #port-state
	stateFile                                       // #file-state
	stateFileSlash                                  // #file-slash-state
	stateFileHost                                   // #file-host-state
	statePathStart                                  // #path-start-state
	statePath                                       // #path-state
	stateOpaquePath                                 // #cannot-be-a-base-url-path-state
	stateQuery                                      // #query-state
	stateFragment                                   // #fragment-state
	stateDone                                       // not a spec state: the machine has stopped
)

var stateNames = [...]string{
	stateNone:                          "no state override",
	stateSchemeStart:                   "scheme start state",
	stateScheme:                        "scheme state",
	stateNoScheme:                      "no scheme state",
	stateSpecialRelativeOrAuthority:    "special relative or authority state",
	statePathOrAuthority:               "path or authority state",
	stateRelative:                      "relative state",
	stateRelativeSlash:                 "relative slash state",
	stateSpecialAuthoritySlashes:       "special authority slashes state",
	stateSpecialAuthorityIgnoreSlashes: "special authority ignore slashes state",
	stateAuthority:                     "authority state",
	stateHost:                          "host state",
	stateHostname:                      "hostname state",
	statePort:                          "port state",
	stateFile:                          "file state",
	stateFileSlash:                     "file slash state",
	stateFileHost:                      "file host state",
	statePathStart:                     "path start state",
	statePath:                          "path state",
	stateOpaquePath:                    "opaque path state",
	stateQuery:                         "query state",
	stateFragment:                      "fragment state",
	stateDone:                          "done",
}

func (s state) String() string { return stateNames[s] }

// The states of the basic URL parser, in the standard's order. Each reads a
// run of bytes from p.in at p.i and leaves p.i on the first byte it did not
// take: that byte is the next state's c, so the standard's "decrease
// pointer by 1" needs no code, and "increase pointer by 1" skips c.
// https://url.spec.whatwg.org/#concept-basic-url-parser

// https://url.spec.whatwg.org/#scheme-start-state
func (p *parser) schemeStartState(buf []byte) ([]byte, ErrorCode) {
	if p.i < len(p.in) && ascii.IsAlpha(p.in[p.i]) {
		p.state = stateScheme
		return p.schemeState(buf)
	}
	if p.override == stateNone {
		p.state = stateNoScheme
		return buf, 0
	}
	return buf, p.fail(ErrSchemeInvalid, p.i)
}

// schemeState reads the scheme in one run (see readScheme); the scheme
// start state has checked that it begins with an ASCII alpha.
// https://url.spec.whatwg.org/#scheme-state
func (p *parser) schemeState(buf []byte) ([]byte, ErrorCode) {
	start := p.i
	var colon int
	var kind schemeKind
	var upper bool
	if p.scheme.colon > 0 && start == 0 {
		// A shortcut has read it, in lower case.
		colon, kind = p.scheme.colon, p.scheme.kind
	} else {
		colon, kind, upper, _ = readScheme(p.in[start:])
	}
	if colon == 0 {
		if p.override != stateNone {
			// The first code point that is no scheme's.
			i := start + 1
			for i < len(p.in) && isSchemeChar(p.in[i]) {
				i++
			}
			return buf, p.fail(ErrSchemeInvalid, i)
		}
		// Start over, from the first code point in input.
		p.i = 0
		p.state = stateNoScheme
		return buf, 0
	}
	p.i = start + colon
	if p.override != stateNone {
		// The protocol setter: some changes of scheme are not allowed, and
		// then the URL stays as it is (the standard's "return").
		u := p.url
		switch {
		case u.scheme.special() != kind.special(),
			kind == schemeFile && (u.includesCredentials() || u.hasPort()),
			u.scheme == schemeFile && u.hostKind == HostEmpty:
			return buf, p.fail(ErrSchemeChange, start)
		}
	}
	if upper {
		buf = appendLower(buf, p.in[start:p.i])
	} else {
		buf = append(buf, p.in[start:p.i]...)
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
	buf, more := p.copyBase(buf, c)
	if more {
		buf = p.shortenPath(buf)
		p.state = statePath
	}
	return buf
}

// copyBase copies base's host and path and, where c, the code point at
// the pointer, is EOF or "#", its query, and goes on to the query or
// fragment state, or stops, as the relative state and the file state do
// for c. For any other c it reports more: the path of the reference
// follows.
func (p *parser) copyBase(buf []byte, c int) (_ []byte, more bool) {
	buf = p.copyBaseWithPath(buf)
	switch c {
	case '?':
		p.i++
		return p.startQuery(buf), false
	case '#':
		buf = p.copyBaseQuery(buf)
		p.i++
		return p.startFragment(buf), false
	case -1:
		buf = p.copyBaseQuery(buf)
		p.state = stateDone
		return buf, false
	}
	return buf, true
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
		buf = p.copyBaseAuthority(buf)
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
	// One scan finds the end of the authority and its last "@".
	end, at := scanAuthority(p.in, p.i, p.authorityEnd())
	if p.v != nil {
		for i := p.i; i < end; i++ {
			if p.in[i] == '@' {
				p.report(ErrInvalidCredentials, i)
			}
		}
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
		buf = ascii.AppendEncoded(buf, username, userinfoSet)
		p.c.usernameEnd = uint32(len(buf))
		if password != "" {
			buf = append(buf, ':')
			buf = ascii.AppendEncoded(buf, password, userinfoSet)
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
// it ends (at a byte of the classes stop) and its last "@" (or -1).
func scanAuthority(s string, i int, stop byteClass) (end, at int) {
	at = -1
	marks := stop | clsAt
	for {
		// Eight bytes at a time while none of them is a mark, then byte by
		// byte up to the next.
		for ; i+8 <= len(s) && classes8(s[i:i+8])&marks == 0; i += 8 {
		}
		for ; i < len(s) && byteClasses[s[i]]&marks == 0; i++ {
		}
		if i == len(s) || byteClasses[s[i]]&stop != 0 {
			return i, at
		}
		at = i // an "@"
		i++
	}
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
	p.i = scanHost(p.in, p.i, p.authorityEnd())
	buffer := p.in[start:p.i]
	if p.i < len(p.in) && p.in[p.i] == ':' {
		if buffer == "" {
			return buf, p.fail(ErrHostMissing, start)
		}
		if p.override == stateHostname {
			return buf, p.fail(ErrHostnameWithPort, p.i)
		}
		if buf, err = p.parseHost(buf, buffer, !p.special(), start); err != 0 {
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
			return buf, p.fail(ErrHostEmpty, start)
		}
	}
	if buf, err = p.parseHost(buf, buffer, !p.special(), start); err != 0 {
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
	// Eight bytes at a time up to the first that may end it.
	for ; i+8 <= len(s) && classes8(s[i:i+8])&(stop|clsColon|clsBracket) == 0; i += 8 {
	}
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
	start := p.i
	var port int
	p.i, port = readPort(p.in, start)
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
		return buf, p.fail(ErrPortInvalid, p.i) // no digits
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
	buf, more := p.copyBase(buf, c)
	if more {
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
		buf = p.copyBaseAuthority(buf)
		// A path that does not start with a drive letter keeps base's.
		if !startsWithWindowsDriveLetter(p.in[p.i:]) {
			if first := baseDriveLetter(b); first != "" {
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
	for p.i < len(p.in) && byteClasses[p.in[p.i]]&(clsAuthorityEnd|clsBackslash) == 0 {
		p.i++
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
		if buf, err = p.parseHost(buf, buffer, false, start); err != 0 {
			return buf, err
		}
		if isLocalhost(buf[p.c.hostStart:]) {
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
		// file URL's first segment if it is a drive letter to normalize).
		if p.cuts&cutPathRun != 0 && !(p.c.scheme == schemeFile && uint32(len(buf)) == p.c.pathStart &&
			normalizesDriveLetter(p.in, p.i)) {
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
			buf = ascii.AppendEncoded(buf, segment, pathSet)
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
			buf = ascii.AppendEncoded(buf, p.in[start:p.i], c0ControlSet)
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
				buf = ascii.AppendEncoded(buf, p.in[start:p.i], c0ControlSet)
				buf = append(buf, "%20"...)
				start = p.i + 1
			}
		}
	}
	buf = ascii.AppendEncoded(buf, p.in[start:], c0ControlSet)
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
		buf = ascii.AppendEncoded(buf, p.in[p.i:end], set)
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
	buf = ascii.AppendEncoded(buf, p.in[p.i:], fragmentSet)
	p.i = len(p.in)
	p.state = stateDone
	return buf
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

// The helpers only the states call, and those whose rules the shortcuts
// (shortcut.go) must follow too.

// peek returns c, the byte the pointer points to, or -1 at EOF.
func (p *parser) peek() int {
	if p.i < len(p.in) {
		return int(p.in[p.i])
	}
	return -1
}

// special reports whether the URL under construction is special.
func (p *parser) special() bool { return p.c.scheme.special() }

// authorityEnd returns the classes of the bytes that end the authority,
// the host and the port: "/", "?" and "#", and "\\" in a special URL.
func (p *parser) authorityEnd() byteClass {
	if p.special() {
		return clsAuthorityEnd | clsBackslash
	}
	return clsAuthorityEnd
}

// startQuery sets the query to the empty string and enters the query state.
func (p *parser) startQuery(buf []byte) []byte {
	p.c.queryStart = uint32(len(buf))
	p.state = stateQuery
	return append(buf, '?')
}

// startFragment sets the fragment to the empty string and enters the fragment state.
func (p *parser) startFragment(buf []byte) []byte {
	p.c.hashStart = uint32(len(buf))
	p.state = stateFragment
	return append(buf, '#')
}

// setPathStart marks the start of the path, unless it is marked already.
func (p *parser) setPathStart(buf []byte) {
	if p.c.pathStart == 0 {
		p.c.pathStart = uint32(len(buf))
	}
}

// copyBaseAuthority makes the URL under construction base's scheme,
// credentials, host and port, with an empty path.
func (p *parser) copyBaseAuthority(buf []byte) []byte {
	b := p.base
	buf = append(buf[:0], b.href[:b.authorityEnd()]...)
	p.c = b.components
	p.c.pathStart = uint32(len(buf))
	p.c.queryStart, p.c.hashStart = omitted, omitted
	return buf
}

// copyBaseWithPath makes the URL under construction base's scheme,
// credentials, host, port and path.
func (p *parser) copyBaseWithPath(buf []byte) []byte {
	b := p.base
	buf = p.copyBaseAuthority(buf)
	return append(buf, b.href[b.pathStart:b.pathEnd()]...)
}

// copyBaseQuery sets the query of the URL under construction to base's.
func (p *parser) copyBaseQuery(buf []byte) []byte {
	b := p.base
	if b.queryStart == omitted {
		return buf
	}
	p.c.queryStart = uint32(len(buf))
	return append(buf, b.href[b.queryStart:b.queryEnd()]...)
}

// shortenPath removes the last segment of the path, but not a lone
// normalized Windows drive letter of a file URL.
// https://url.spec.whatwg.org/#shorten-a-urls-path
func (p *parser) shortenPath(buf []byte) []byte {
	return buf[:int(p.c.pathStart)+shortenedLen(buf[p.c.pathStart:], p.c.scheme)]
}

// shortenedLen returns the length of path, a path that is a list as it is
// serialized, once shortening has removed its last segment: up to its last
// "/", but all of a file URL's lone normalized Windows drive letter.
// https://url.spec.whatwg.org/#shorten-a-urls-path
func shortenedLen[S ~string | ~[]byte](path S, scheme schemeKind) int {
	if scheme == schemeFile && len(path) == 3 && isNormalizedWindowsDriveLetter(string(path[1:])) {
		return len(path)
	}
	for i := len(path) - 1; i >= 0; i-- {
		if path[i] == '/' {
			return i
		}
	}
	return len(path)
}

// readPort reads the port's digits from s[i], as the port state does: it
// returns where they end, and their value, saturated above 65535 (only
// whether it is more than 65535 matters then).
// https://url.spec.whatwg.org/#port-state
func readPort(s string, i int) (end, port int) {
	for ; i < len(s) && ascii.IsDigit(s[i]); i++ {
		port = min(port*10+int(s[i]-'0'), 1<<16)
	}
	return i, port
}

// isLocalhost reports whether a file URL's host, serialized, is
// "localhost", which the file host state makes the empty host.
// https://url.spec.whatwg.org/#file-host-state
func isLocalhost[S ~string | ~[]byte](host S) bool { return string(host) == "localhost" }

// baseDriveLetter returns the first segment of base's path if it is a
// normalized Windows drive letter, which the file slash state keeps for a
// path that does not start with one; else "".
// https://url.spec.whatwg.org/#file-slash-state
func baseDriveLetter(base *URL) string {
	path := base.href[base.pathStart:base.pathEnd()]
	if len(path) >= 3 && (len(path) == 3 || path[3] == '/') && isNormalizedWindowsDriveLetter(path[1:3]) {
		return path[1:3]
	}
	return ""
}

// normalizesDriveLetter reports whether the path state, reading a file
// URL's first segment at s[i], normalizes it: a Windows drive letter with
// "|", whose "|" becomes ":". (A "?" or "#" ends the segment here, as
// without a state override.)
// https://url.spec.whatwg.org/#path-state
func normalizesDriveLetter(s string, i int) bool {
	if i+1 >= len(s) || s[i+1] != '|' {
		return false
	}
	return ascii.IsAlpha(s[i]) && (i+2 == len(s) || s[i+2] == '/' || s[i+2] == '\\' || s[i+2] == '?' || s[i+2] == '#')
}

// isWindowsDriveLetter reports whether s is an ASCII alpha followed by ":" or "|".
// https://url.spec.whatwg.org/#windows-drive-letter
func isWindowsDriveLetter(s string) bool {
	return len(s) == 2 && ascii.IsAlpha(s[0]) && (s[1] == ':' || s[1] == '|')
}

// isNormalizedWindowsDriveLetter reports whether s is an ASCII alpha followed by ":".
// https://url.spec.whatwg.org/#normalized-windows-drive-letter
func isNormalizedWindowsDriveLetter(s string) bool {
	return len(s) == 2 && ascii.IsAlpha(s[0]) && s[1] == ':'
}

// startsWithWindowsDriveLetter reports whether s is a Windows drive letter,
// alone or followed by "/", "\", "?" or "#".
// https://url.spec.whatwg.org/#start-with-a-windows-drive-letter
func startsWithWindowsDriveLetter(s string) bool {
	if len(s) < 2 || !isWindowsDriveLetter(s[:2]) {
		return false
	}
	if len(s) == 2 {
		return true
	}
	switch s[2] {
	case '/', '\\', '?', '#':
		return true
	}
	return false
}
