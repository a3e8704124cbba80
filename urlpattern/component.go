package urlpattern

import (
	"errors"
	"strings"

	"github.com/weburl/weburl/urlpattern/internal/jsregexp"
)

// A component is a compiled pattern string of one component.
// https://urlpattern.spec.whatwg.org/#component
type component struct {
	pattern         string // the normalized pattern string
	regexpSource    string // the standard's regular expression, JavaScript's syntax
	names           []string
	hasRegExpGroups bool
	parts           []part
	opts            options
	encode          encodingCallback

	// How it matches: a shortcut for the common shapes, or the
	// regular expression.
	kind  matchKind
	fixed string    // kindExact: the value
	seq   []seqItem // kindSeq

	// The regular expression, where the component has regexp groups
	// (whose expression the constructor must check) or no shortcut:
	// the expression of fixed text and wildcards that a shortcut
	// matches is never compiled, nor needed.
	re *jsregexp.Regexp
}

// A matchKind is how a component matches.
type matchKind uint8

const (
	kindRegexp matchKind = iota // the regular expression
	kindExact                   // one string (ASCII case-insensitively with ignoreCase)
	kindAny                     // any string, the whole of it one group
	kindSeq                     // fixed text and groups, each group's end decided by what follows (see seqItem)
)

// compileComponent compiles a component's pattern string.
// https://urlpattern.spec.whatwg.org/#compile-a-component
func compileComponent(input string, encode encodingCallback, opts options) (*component, error) {
	parts, err := parsePatternString(input, opts, encode)
	if err != nil {
		return nil, err
	}
	src, names := generateRegexp(parts, opts)
	c := &component{
		pattern:      generatePatternString(parts, opts),
		regexpSource: src,
		names:        names,
		parts:        parts,
		opts:         opts,
		encode:       encode,
	}
	for _, p := range parts {
		c.hasRegExpGroups = c.hasRegExpGroups || p.typ == partRegexp
	}
	c.chooseShortcut()
	if c.hasRegExpGroups || c.kind == kindRegexp {
		if c.re, err = jsregexp.Compile(src, opts.ignoreCase); err != nil {
			return nil, regexpError(input, src, err)
		}
	}
	return c, nil
}

// regexpError reports a regular expression that JavaScript rejects, or
// that this package cannot run.
func regexpError(input, src string, err error) error {
	msg := "the regular expression " + regexpLiteral(src) + " is invalid"
	var syntax *jsregexp.SyntaxError
	if errors.As(err, &syntax) {
		return &Error{Pattern: input, Offset: -1, Msg: msg + ": " + syntax.Msg}
	}
	return &Error{Pattern: input, Offset: -1, Msg: "the regular expression " + regexpLiteral(src) + " cannot run", Err: err}
}

// regexpLiteral writes src as a JavaScript regular expression literal,
// cut after 200 bytes.
func regexpLiteral(src string) string {
	if len(src) > 200 {
		src = src[:200] + "..."
	}
	return "/" + src + "/"
}

// specialSchemes are the special schemes.
// https://url.spec.whatwg.org/#special-scheme
var specialSchemes = [...]string{"ftp", "file", "http", "https", "ws", "wss"}

// matchesSpecialScheme reports whether the protocol component matches a
// special scheme.
// https://urlpattern.spec.whatwg.org/#protocol-component-matches-a-special-scheme
func (c *component) matchesSpecialScheme() bool {
	for _, s := range specialSchemes {
		if c.match(s) {
			return true
		}
	}
	return false
}

// match reports whether the component matches input.
func (c *component) match(input string) bool {
	switch c.kind {
	case kindAny:
		return true
	case kindExact:
		if c.opts.ignoreCase {
			return strings.EqualFold(input, c.fixed)
		}
		return input == c.fixed
	case kindSeq:
		return c.matchSeqOK(input)
	}
	return c.re.MatchString(input)
}

// matchSeqOK reports whether a kindSeq component matches input.
func (c *component) matchSeqOK(input string) bool {
	_, ok := c.matchSeq(input, nil, false)
	return ok
}

// exec matches input and returns its groups, nil when it does not match.
func (c *component) exec(input string) ([]Group, bool) {
	groups := make([]Group, len(c.names))
	for i, name := range c.names {
		groups[i].Name = name
	}
	switch c.kind {
	case kindAny:
		groups[0].Value, groups[0].Matched = input, true
		return groups, true
	case kindExact:
		return groups, c.match(input)
	case kindSeq:
		spans, ok := c.matchSeq(input, make([]int, 0, 2*len(groups)), true)
		if !ok {
			return nil, false
		}
		for i := range groups {
			if spans[2*i] >= 0 {
				groups[i].Value, groups[i].Matched = input[spans[2*i]:spans[2*i+1]], true
			}
		}
		return groups, true
	}
	slots := c.re.FindStringSubmatchIndex(input)
	if slots == nil {
		return nil, false
	}
	for i := range groups {
		if s, e := slots[2*i+2], slots[2*i+3]; s >= 0 {
			groups[i].Value, groups[i].Matched = input[s:e], true
		}
	}
	return groups, true
}
