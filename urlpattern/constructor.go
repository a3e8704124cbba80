package urlpattern

// This file parses a constructor string, "https://*.example.com/:path*",
// into an Init of its components' pattern strings.
// https://urlpattern.spec.whatwg.org/#constructor-string-parsing

// A parserState is a state of the constructor string parser.
type parserState uint8

const (
	stInit parserState = iota
	stProtocol
	stAuthority
	stUsername
	stPassword
	stHostname
	stPort
	stPathname
	stSearch
	stHash
	stDone
)

// A constructorParser is the constructor string parser.
// https://urlpattern.spec.whatwg.org/#constructor-string-parser
type constructorParser struct {
	input                        string
	tokens                       []token
	result                       Init
	componentStart               int
	tokenIndex                   int
	tokenIncrement               int
	groupDepth                   int
	hostnameIPv6BracketDepth     int
	protocolMatchesSpecialScheme bool
	state                        parserState
}

// parseConstructorString parses input into an Init. It also returns the
// first tokenizing error that the lenient tokenizer met, or nil: the
// standard goes on past it, but it is most often why a component then
// fails to compile.
// https://urlpattern.spec.whatwg.org/#parse-a-constructor-string
func parseConstructorString(input string) (Init, *Error, error) {
	tokens, lenientErr := tokenize(input, lenient)
	var note *Error
	if lenientErr != nil {
		note = lenientErr.(*Error)
	}
	p := &constructorParser{input: input, tokens: tokens}
	for p.tokenIndex < len(p.tokens) {
		p.tokenIncrement = 1
		if p.tokens[p.tokenIndex].typ == tokEnd {
			if p.state == stInit {
				p.rewind()
				switch {
				case p.isHashPrefix():
					p.changeState(stHash, 1)
				case p.isSearchPrefix():
					p.changeState(stSearch, 1)
				default:
					p.changeState(stPathname, 0)
				}
				p.tokenIndex += p.tokenIncrement
				continue
			}
			if p.state == stAuthority {
				p.rewindAndSetState(stHostname)
				p.tokenIndex += p.tokenIncrement
				continue
			}
			p.changeState(stDone, 0)
			break
		}
		if p.isGroupOpen() {
			p.groupDepth++
			p.tokenIndex += p.tokenIncrement
			continue
		}
		if p.groupDepth > 0 {
			if p.isGroupClose() {
				p.groupDepth--
			} else {
				p.tokenIndex += p.tokenIncrement
				continue
			}
		}
		switch p.state {
		case stInit:
			if p.isProtocolSuffix() {
				p.rewindAndSetState(stProtocol)
			}
		case stProtocol:
			if p.isProtocolSuffix() {
				if err := p.computeProtocolMatchesSpecialScheme(); err != nil {
					return Init{}, note, err
				}
				next, skip := stPathname, 1
				if p.nextIsAuthoritySlashes() {
					next, skip = stAuthority, 3
				} else if p.protocolMatchesSpecialScheme {
					next = stAuthority
				}
				p.changeState(next, skip)
			}
		case stAuthority:
			if p.isIdentityTerminator() {
				p.rewindAndSetState(stUsername)
			} else if p.isPathnameStart() || p.isSearchPrefix() || p.isHashPrefix() {
				p.rewindAndSetState(stHostname)
			}
		case stUsername:
			if p.isPasswordPrefix() {
				p.changeState(stPassword, 1)
			} else if p.isIdentityTerminator() {
				p.changeState(stHostname, 1)
			}
		case stPassword:
			if p.isIdentityTerminator() {
				p.changeState(stHostname, 1)
			}
		case stHostname:
			switch {
			case p.isIPv6Open():
				p.hostnameIPv6BracketDepth++
			case p.isIPv6Close():
				p.hostnameIPv6BracketDepth--
			case p.isPortPrefix() && p.hostnameIPv6BracketDepth == 0:
				p.changeState(stPort, 1)
			case p.isPathnameStart():
				p.changeState(stPathname, 0)
			case p.isSearchPrefix():
				p.changeState(stSearch, 1)
			case p.isHashPrefix():
				p.changeState(stHash, 1)
			}
		case stPort:
			switch {
			case p.isPathnameStart():
				p.changeState(stPathname, 0)
			case p.isSearchPrefix():
				p.changeState(stSearch, 1)
			case p.isHashPrefix():
				p.changeState(stHash, 1)
			}
		case stPathname:
			if p.isSearchPrefix() {
				p.changeState(stSearch, 1)
			} else if p.isHashPrefix() {
				p.changeState(stHash, 1)
			}
		case stSearch:
			if p.isHashPrefix() {
				p.changeState(stHash, 1)
			}
		}
		p.tokenIndex += p.tokenIncrement
	}
	if p.result.Hostname != nil && p.result.Port == nil {
		p.result.Port = ptr("")
	}
	return p.result, note, nil
}

func ptr(s string) *string { return &s }

// field returns the field of the result for state s.
func (p *constructorParser) field(s parserState) **string {
	switch s {
	case stProtocol:
		return &p.result.Protocol
	case stUsername:
		return &p.result.Username
	case stPassword:
		return &p.result.Password
	case stHostname:
		return &p.result.Hostname
	case stPort:
		return &p.result.Port
	case stPathname:
		return &p.result.Pathname
	case stSearch:
		return &p.result.Search
	case stHash:
		return &p.result.Hash
	}
	return nil
}

// https://urlpattern.spec.whatwg.org/#change-state
func (p *constructorParser) changeState(newState parserState, skip int) {
	if p.state != stInit && p.state != stAuthority && p.state != stDone {
		*p.field(p.state) = ptr(p.makeComponentString())
	}
	if p.state != stInit && newState != stDone {
		switch p.state {
		case stProtocol, stAuthority, stUsername, stPassword:
			if (newState == stPort || newState == stPathname || newState == stSearch || newState == stHash) && p.result.Hostname == nil {
				p.result.Hostname = ptr("")
			}
		}
		switch p.state {
		case stProtocol, stAuthority, stUsername, stPassword, stHostname, stPort:
			if (newState == stSearch || newState == stHash) && p.result.Pathname == nil {
				if p.protocolMatchesSpecialScheme {
					p.result.Pathname = ptr("/")
				} else {
					p.result.Pathname = ptr("")
				}
			}
		}
		switch p.state {
		case stProtocol, stAuthority, stUsername, stPassword, stHostname, stPort, stPathname:
			if newState == stHash && p.result.Search == nil {
				p.result.Search = ptr("")
			}
		}
	}
	p.state = newState
	p.tokenIndex += skip
	p.componentStart = p.tokenIndex
	p.tokenIncrement = 0
}

// https://urlpattern.spec.whatwg.org/#rewind
func (p *constructorParser) rewind() {
	p.tokenIndex = p.componentStart
	p.tokenIncrement = 0
}

// https://urlpattern.spec.whatwg.org/#rewind-and-set-state
func (p *constructorParser) rewindAndSetState(s parserState) {
	p.rewind()
	p.state = s
}

// https://urlpattern.spec.whatwg.org/#get-a-safe-token
func (p *constructorParser) safeToken(i int) *token {
	if i < len(p.tokens) {
		return &p.tokens[i]
	}
	return &p.tokens[len(p.tokens)-1]
}

// https://urlpattern.spec.whatwg.org/#is-a-non-special-pattern-char
func (p *constructorParser) isNonSpecialPatternChar(i int, value string) bool {
	t := p.safeToken(i)
	return t.value == value && (t.typ == tokChar || t.typ == tokEscapedChar || t.typ == tokInvalidChar)
}

func (p *constructorParser) isProtocolSuffix() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, ":")
}

func (p *constructorParser) nextIsAuthoritySlashes() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex+1, "/") && p.isNonSpecialPatternChar(p.tokenIndex+2, "/")
}

func (p *constructorParser) isIdentityTerminator() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, "@")
}

func (p *constructorParser) isPasswordPrefix() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, ":")
}

func (p *constructorParser) isPortPrefix() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, ":")
}

func (p *constructorParser) isPathnameStart() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, "/")
}

// https://urlpattern.spec.whatwg.org/#is-a-search-prefix
func (p *constructorParser) isSearchPrefix() bool {
	if p.isNonSpecialPatternChar(p.tokenIndex, "?") {
		return true
	}
	if p.tokens[p.tokenIndex].value != "?" {
		return false
	}
	if p.tokenIndex == 0 {
		return true
	}
	switch p.safeToken(p.tokenIndex - 1).typ {
	case tokName, tokRegexp, tokClose, tokAsterisk:
		return false
	}
	return true
}

func (p *constructorParser) isHashPrefix() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, "#")
}

func (p *constructorParser) isGroupOpen() bool { return p.tokens[p.tokenIndex].typ == tokOpen }

func (p *constructorParser) isGroupClose() bool { return p.tokens[p.tokenIndex].typ == tokClose }

func (p *constructorParser) isIPv6Open() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, "[")
}

func (p *constructorParser) isIPv6Close() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, "]")
}

// https://urlpattern.spec.whatwg.org/#make-a-component-string
func (p *constructorParser) makeComponentString() string {
	t := p.tokens[p.tokenIndex]
	start := p.safeToken(p.componentStart).index
	return p.input[start:t.index]
}

// https://urlpattern.spec.whatwg.org/#compute-protocol-matches-a-special-scheme-flag
func (p *constructorParser) computeProtocolMatchesSpecialScheme() error {
	c, err := compileComponent(p.makeComponentString(), canonicalizeProtocol, defaultOptions)
	if err != nil {
		return err
	}
	p.protocolMatchesSpecialScheme = c.matchesSpecialScheme()
	return nil
}
