package urlpattern

import (
	"strconv"
	"strings"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/urlpattern/internal/jsregexp"
)

// Options are the options of a pattern.
// https://urlpattern.spec.whatwg.org/#dictdef-urlpatternoptions
type Options struct {
	// IgnoreCase matches the pathname, search and hash ASCII
	// case-insensitively (more precisely, by Unicode simple case folding).
	IgnoreCase bool
}

// An Init holds a string for each component of a URL, and a base URL:
// for CompileInit, each a pattern string; for TestInit and ExecInit, each
// a value to match. A nil field is absent, as a member missing from
// JavaScript's URLPatternInit dictionary: for a pattern, a component left
// out matches anything ("*"), unless BaseURL gives it.
// https://urlpattern.spec.whatwg.org/#dictdef-urlpatterninit
type Init struct {
	Protocol, Username, Password, Hostname, Port, Pathname, Search, Hash, BaseURL *string
}

// A Component is one of the eight components of a URL.
type Component uint8

// The components, in the order of a URL.
const (
	Protocol Component = iota
	Username
	Password
	Hostname
	Port
	Pathname
	Search
	Hash
)

var componentNames = [...]string{"protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"}

// String returns the component's name, as JavaScript's URLPattern
// attributes spell it: "protocol", ..., "hash".
func (c Component) String() string {
	if int(c) < len(componentNames) {
		return componentNames[c]
	}
	return "Component(" + strconv.Itoa(int(c)) + ")"
}

// A Pattern is a compiled URL pattern. It is safe for concurrent use.
// https://urlpattern.spec.whatwg.org/#url-pattern
type Pattern struct {
	comps           [8]*component
	hasRegExpGroups bool
	// checks are the components TestURL checks: those that do not match
	// any string, the cheapest first.
	checks []check
	// origin, when the protocol, a non-empty hostname and the port are
	// exact: the start of the href of a URL without credentials that
	// matches them ("https://example.com"), which TestURL compares at
	// once; rest are the other checks.
	origin string
	rest   []check
	// exactHref, when the rest is an exact pathname: origin and that
	// pathname, which a matching URL without credentials starts with,
	// before its query, fragment or end.
	exactHref string
}

// A check is a component to check and how.
type check struct {
	comp Component
	c    *component
}

// Compile compiles a constructor string, a pattern for a whole URL:
// "https://*.example.com/books/:id". Components it does not reach are
// "*" (the search and hash of "https://example.com/a"), but the port,
// which is "" (the default port) when a hostname is given. A string with
// no protocol needs a base URL: see CompileBase. opts may be nil.
// https://urlpattern.spec.whatwg.org/#dom-urlpattern-urlpattern
func Compile(pattern string, opts *Options) (*Pattern, error) {
	return compileString(pattern, nil, opts)
}

// CompileBase compiles a constructor string that may be relative to
// baseURL ("/books/:id" against "https://example.com"): the components
// before the first that pattern gives come from baseURL.
func CompileBase(pattern, baseURL string, opts *Options) (*Pattern, error) {
	return compileString(pattern, &baseURL, opts)
}

// MustCompile is Compile with nil options, and panics on an error: for
// patterns written in the program.
func MustCompile(pattern string) *Pattern {
	p, err := Compile(pattern, nil)
	if err != nil {
		panic(err)
	}
	return p
}

// CompileInit compiles a pattern given as a pattern string per
// component; a component neither init nor its BaseURL gives is "*".
func CompileInit(init Init, opts *Options) (*Pattern, error) {
	return create(init, opts)
}

// CompilePathname compiles a pattern on the pathname alone, such as a
// router's route "/users/:id": every other component is "*", so that it
// matches on any scheme, host and port, with any query and fragment. It
// is CompileInit(Init{Pathname: &pattern}, opts).
func CompilePathname(pattern string, opts *Options) (*Pattern, error) {
	return create(Init{Pathname: &pattern}, opts)
}

func compileString(pattern string, baseURL *string, opts *Options) (*Pattern, error) {
	init, note, err := parseConstructorString(pattern)
	if err != nil {
		return nil, withPattern(withNote(err, note), pattern)
	}
	if baseURL == nil && init.Protocol == nil {
		return nil, &Error{Pattern: pattern, Offset: -1, Msg: "a relative pattern without a base URL"}
	}
	init.BaseURL = baseURL
	p, err := create(init, opts)
	if err != nil {
		return nil, withPattern(withNote(err, note), pattern)
	}
	return p, nil
}

// withNote leads an error with note, the first tokenizing error the
// constructor string's tokenizer went on past, if there was one: that is
// the cause, and the component's failure follows from it. The pattern
// "https://a.test/(?=x)" fails because a regular expression group may not
// start with "?" (lookahead), at offset 16; its pathname, "/(", cut at
// the "?" that starts the search, then fails as a group not closed.
func withNote(err error, note *Error) error {
	e, ok := err.(*Error)
	if !ok || note == nil {
		return err
	}
	lead := *note
	what := "the pattern"
	if e.Component != "" {
		what = "the " + e.Component
	}
	lead.Msg += "; then " + what + " " + strconv.Quote(e.Pattern) + " fails: " + e.Msg
	lead.Err = e.Err
	return &lead
}

// withPattern records the constructor string an error is in.
func withPattern(err error, pattern string) error {
	if e, ok := err.(*Error); ok && e.Input == "" {
		e.Input = pattern
	}
	return err
}

// create makes a URL pattern of init.
// https://urlpattern.spec.whatwg.org/#url-pattern-create
func create(init Init, opts *Options) (*Pattern, error) {
	if opts == nil {
		opts = &Options{}
	}
	processed, err := processInit(init, forPattern, Init{})
	if err != nil {
		return nil, err
	}
	values := [8]*string{processed.Protocol, processed.Username, processed.Password, processed.Hostname,
		processed.Port, processed.Pathname, processed.Search, processed.Hash}
	var strs [8]string
	for i, v := range values {
		strs[i] = "*"
		if v != nil {
			strs[i] = *v
		}
	}
	if weburl.IsSpecialScheme(strs[Protocol]) && strs[Port] == weburl.DefaultPort(strs[Protocol]) {
		strs[Port] = ""
	}
	p := &Pattern{}
	compile := func(c Component, encode encodingCallback, o options) error {
		comp, err := compileComponent(strs[c], encode, o)
		if err != nil {
			if e, ok := err.(*Error); ok {
				e.Component = c.String()
			}
			return err
		}
		p.comps[c] = comp
		p.hasRegExpGroups = p.hasRegExpGroups || comp.hasRegExpGroups
		return nil
	}
	if err := compile(Protocol, canonicalizeProtocol, defaultOptions); err != nil {
		return nil, err
	}
	if err := compile(Username, canonicalizeUsername, defaultOptions); err != nil {
		return nil, err
	}
	if err := compile(Password, canonicalizePassword, defaultOptions); err != nil {
		return nil, err
	}
	hostEncode := canonicalizeHostname
	if isIPv6Pattern(strs[Hostname]) {
		hostEncode = canonicalizeIPv6Hostname
	}
	if err := compile(Hostname, hostEncode, hostnameOptions); err != nil {
		return nil, err
	}
	if err := compile(Port, func(v string) (string, error) { return canonicalizePort(v, nil) }, defaultOptions); err != nil {
		return nil, err
	}
	o := defaultOptions
	o.ignoreCase = opts.IgnoreCase
	if p.comps[Protocol].matchesSpecialScheme() {
		po := pathnameOptions
		po.ignoreCase = opts.IgnoreCase
		if err := compile(Pathname, canonicalizePathname, po); err != nil {
			return nil, err
		}
	} else if err := compile(Pathname, canonicalizeOpaquePathname, o); err != nil {
		return nil, err
	}
	if err := compile(Search, canonicalizeSearch, o); err != nil {
		return nil, err
	}
	if err := compile(Hash, canonicalizeHash, o); err != nil {
		return nil, err
	}
	p.planChecks()
	return p, nil
}

// planChecks orders the components TestURL checks: exact ones first
// (the pathname, most often the one that differs, first of them), then
// the shortcut scans, then regular expressions.
func (p *Pattern) planChecks() {
	p.checks = p.checks[:0]
	for _, kind := range []matchKind{kindExact, kindSeq, kindRegexp} {
		for _, c := range []Component{Pathname, Hostname, Protocol, Port, Search, Hash, Username, Password} {
			if p.comps[c].kind == kind {
				p.checks = append(p.checks, check{c, p.comps[c]})
			}
		}
	}
	p.origin, p.rest = "", nil
	exact := func(c Component) bool { return p.comps[c].kind == kindExact && !p.comps[c].opts.ignoreCase }
	if exact(Protocol) && exact(Hostname) && exact(Port) && p.comps[Hostname].fixed != "" {
		p.origin = p.comps[Protocol].fixed + "://" + p.comps[Hostname].fixed
		if port := p.comps[Port].fixed; port != "" {
			p.origin += ":" + port
		}
		for _, ch := range p.checks {
			if ch.comp != Protocol && ch.comp != Hostname && ch.comp != Port {
				p.rest = append(p.rest, ch)
			}
		}
	}
	p.exactHref = ""
	if p.origin != "" && len(p.rest) == 1 && p.rest[0].comp == Pathname && exact(Pathname) {
		p.exactHref = p.origin + p.comps[Pathname].fixed
	}
}

// isIPv6Pattern reports whether a hostname pattern is an IPv6 address.
// https://urlpattern.spec.whatwg.org/#hostname-pattern-is-an-ipv6-address
func isIPv6Pattern(s string) bool {
	if len(s) < 2 {
		return false
	}
	return s[0] == '[' || (s[0] == '{' || s[0] == '\\') && s[1] == '['
}

// The normalized pattern strings of the components: what JavaScript's
// URLPattern attributes return.

// Protocol returns the protocol component's pattern string.
func (p *Pattern) Protocol() string { return p.comps[Protocol].pattern }

// Username returns the username component's pattern string.
func (p *Pattern) Username() string { return p.comps[Username].pattern }

// Password returns the password component's pattern string.
func (p *Pattern) Password() string { return p.comps[Password].pattern }

// Hostname returns the hostname component's pattern string.
func (p *Pattern) Hostname() string { return p.comps[Hostname].pattern }

// Port returns the port component's pattern string.
func (p *Pattern) Port() string { return p.comps[Port].pattern }

// Pathname returns the pathname component's pattern string.
func (p *Pattern) Pathname() string { return p.comps[Pathname].pattern }

// Search returns the search component's pattern string.
func (p *Pattern) Search() string { return p.comps[Search].pattern }

// Hash returns the hash component's pattern string.
func (p *Pattern) Hash() string { return p.comps[Hash].pattern }

// HasRegExpGroups reports whether a component has a regular expression
// group, ":name(...)" or "(...)": what some uses of URL patterns refuse,
// as they run where no regular expression engine does.
// https://urlpattern.spec.whatwg.org/#url-pattern-has-regexp-groups
func (p *Pattern) HasRegExpGroups() bool { return p.hasRegExpGroups }

// String returns the pattern's components as JavaScript shows them.
func (p *Pattern) String() string {
	var b strings.Builder
	b.WriteString("URLPattern{")
	for c := Protocol; c <= Hash; c++ {
		if c > 0 {
			b.WriteString(", ")
		}
		b.WriteString(c.String())
		b.WriteString(": ")
		b.WriteString(strconv.Quote(p.comps[c].pattern))
	}
	b.WriteByte('}')
	return b.String()
}

// A Result is what Exec returns for a URL that matches: for each
// component, its value and the groups the pattern captured in it.
// https://urlpattern.spec.whatwg.org/#dictdef-urlpatternresult
type Result struct {
	Protocol, Username, Password, Hostname, Port, Pathname, Search, Hash ComponentResult
}

// Component returns the result of component c.
func (r *Result) Component(c Component) *ComponentResult {
	switch c {
	case Protocol:
		return &r.Protocol
	case Username:
		return &r.Username
	case Password:
		return &r.Password
	case Hostname:
		return &r.Hostname
	case Port:
		return &r.Port
	case Pathname:
		return &r.Pathname
	case Search:
		return &r.Search
	case Hash:
		return &r.Hash
	}
	return nil
}

// A ComponentResult is a component's value and its groups, in the order
// of the pattern. Both are the URL's component as the URL has it,
// percent-encoded ("J%C3%BCrgen", not "Jürgen"), as in JavaScript.
// https://urlpattern.spec.whatwg.org/#dictdef-urlpatterncomponentresult
type ComponentResult struct {
	Input  string
	Groups []Group
}

// A Group is a group of a pattern and what it matched: its name (a
// number, "0", "1", ..., for a group without a name), its value, and
// whether it took part in the match (false: JavaScript's undefined, for
// an optional group that did not).
type Group struct {
	Name, Value string
	Matched     bool
}

// Get returns the value of the group name, and true, when the group
// exists and took part in the match; "" and false otherwise.
func (c ComponentResult) Get(name string) (string, bool) {
	for _, g := range c.Groups {
		if g.Name == name {
			return g.Value, g.Matched
		}
	}
	return "", false
}

// ErrUnsupportedRegExp is wrapped by the error of a pattern whose regular
// expression is valid JavaScript but uses what Go's regexp, a linear-time
// engine, cannot run: lookahead and lookbehind assertions, backreferences,
// properties of strings (\p{RGI_Emoji}), Unicode properties this package
// has no table for, and repetition counts above 1000.
var ErrUnsupportedRegExp = jsregexp.ErrUnsupported

// An Error reports a pattern that does not compile: the component and
// its pattern string, the byte offset in it where the problem is (-1
// when there is none), and what is wrong. Err, when not nil, is the
// cause: a *weburl.Error from the URL parser, or an error that wraps
// ErrUnsupportedRegExp.
type Error struct {
	Input     string // the constructor string, if the pattern was one
	Component string // "protocol", ..., "hash"; "" for the whole pattern
	Pattern   string // the component's pattern string, or the value at fault
	Offset    int
	Msg       string
	Err       error
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("urlpattern: ")
	if e.Input != "" {
		b.WriteString(strconv.Quote(e.Input))
	}
	if e.Component != "" || e.Pattern != e.Input {
		// A component's pattern, or a value at fault; not the
		// constructor string again.
		if e.Input != "" {
			b.WriteString(": ")
		}
		if e.Component != "" {
			b.WriteString(e.Component)
			b.WriteString(" ")
		}
		b.WriteString(strconv.Quote(e.Pattern))
	}
	if e.Offset >= 0 {
		b.WriteString(" at offset ")
		b.WriteString(strconv.Itoa(e.Offset))
	}
	b.WriteString(": ")
	b.WriteString(e.Msg)
	if e.Err != nil {
		b.WriteString(": ")
		b.WriteString(strings.TrimPrefix(strings.TrimPrefix(e.Err.Error(), "weburl: "), "urlpattern: "))
	}
	return b.String()
}

// Unwrap returns e.Err.
func (e *Error) Unwrap() error { return e.Err }
