package urlpattern

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/weburl/weburl/internal/ascii"
	"github.com/weburl/weburl/urlpattern/internal/jsregexp"
)

// This file is the standard's "Pattern strings" section: tokenizing a
// pattern string, parsing it into a part list, and generating from a part
// list the regular expression and the normalized pattern string.
// https://urlpattern.spec.whatwg.org/#pattern-strings

// A tokenType is the type of a token.
// https://urlpattern.spec.whatwg.org/#token-type
type tokenType uint8

const (
	tokInvalidChar tokenType = iota
	tokOpen
	tokClose
	tokRegexp
	tokName
	tokChar
	tokEscapedChar
	tokOtherModifier
	tokAsterisk
	tokEnd
)

// A token is a lexical token of a pattern string: its type, the byte
// offset of its first code point, and its value.
// https://urlpattern.spec.whatwg.org/#token
type token struct {
	typ   tokenType
	index int
	value string
}

// A tokenizePolicy says whether a tokenizing error fails (strict) or
// gives an invalid-char token (lenient).
type tokenizePolicy uint8

const (
	strict tokenizePolicy = iota
	lenient
)

// tokenize splits input into tokens. With the lenient policy, it returns
// all the tokens and, as its error, the first tokenizing error it turned
// into an invalid-char token, or nil; but not the one of a ":" without a
// name, which every constructor string's scheme and port separators
// make.
// https://urlpattern.spec.whatwg.org/#tokenize
func tokenize(input string, policy tokenizePolicy) ([]token, error) {
	// At most a token per byte, and the end: one allocation, where
	// growing the slice token by token copied it again and again.
	tokens := make([]token, 0, len(input)+1)
	var first error // the first tokenizing error, with the lenient policy
	i := 0          // the index of the code point being read
	add := func(typ tokenType, next, valueStart, valueEnd int) {
		tokens = append(tokens, token{typ: typ, index: i, value: input[valueStart:valueEnd]})
		i = next
	}
	fail := func(next, valueStart int, msg string) error {
		err := &Error{Pattern: input, Offset: i, Msg: msg}
		if policy == strict {
			return err
		}
		if first == nil && input[i] != ':' {
			first = err
		}
		add(tokInvalidChar, next, valueStart, next)
		return nil
	}
	for i < len(input) {
		c, size := utf8.DecodeRuneInString(input[i:])
		next := i + size
		switch c {
		case '*':
			add(tokAsterisk, next, i, next)
			continue
		case '+', '?':
			add(tokOtherModifier, next, i, next)
			continue
		case '\\':
			if next == len(input) {
				if err := fail(next, i, `a "\" ends the pattern`); err != nil {
					return nil, err
				}
				continue
			}
			_, esize := utf8.DecodeRuneInString(input[next:])
			add(tokEscapedChar, next+esize, next, next+esize)
			continue
		case '{':
			add(tokOpen, next, i, next)
			continue
		case '}':
			add(tokClose, next, i, next)
			continue
		case ':':
			pos := next
			for pos < len(input) {
				r, rsize := utf8.DecodeRuneInString(input[pos:])
				if !jsregexp.IsIdentifierCodePoint(r, pos == next) {
					break
				}
				pos += rsize
			}
			if pos == next {
				if err := fail(next, i, `":" is not followed by a group name`); err != nil {
					return nil, err
				}
				continue
			}
			add(tokName, pos, next, pos)
			continue
		case '(':
			end, msg := scanRegexpGroup(input, next)
			if msg != "" {
				if err := fail(next, i, msg); err != nil {
					return nil, err
				}
				continue
			}
			add(tokRegexp, end, next, end-1)
			continue
		}
		add(tokChar, next, i, next)
	}
	tokens = append(tokens, token{typ: tokEnd, index: i})
	return tokens, first
}

// scanRegexpGroup reads the regular expression of a "(" group that starts
// at start, just after the "(", and returns the index just after its ")",
// or a message saying why it is not one: a code point that is not ASCII, a
// "?" first, a "(" not followed by "?", an unbalanced or empty group.
func scanRegexpGroup(input string, start int) (end int, msg string) {
	depth := 1
	pos := start
	for pos < len(input) {
		c := input[pos]
		if c >= utf8.RuneSelf {
			return 0, "a regular expression group holds a code point that is not ASCII"
		}
		if pos == start && c == '?' {
			return 0, `a regular expression group may not start with "?"`
		}
		switch c {
		case '\\':
			if pos == len(input)-1 {
				return 0, `a "\" ends a regular expression group`
			}
			if input[pos+1] >= utf8.RuneSelf {
				return 0, "a regular expression group holds a code point that is not ASCII"
			}
			pos += 2
			continue
		case ')':
			depth--
			if depth == 0 {
				if pos == start {
					return 0, "a regular expression group is empty"
				}
				return pos + 1, ""
			}
		case '(':
			depth++
			if pos == len(input)-1 {
				return 0, "a regular expression group is not closed"
			}
			if input[pos+1] != '?' {
				return 0, `a "(" inside a regular expression group is not followed by "?" (capturing groups are not allowed there)`
			}
		}
		pos++
	}
	return 0, "a regular expression group is not closed"
}

// A partType is the type of a part.
// https://urlpattern.spec.whatwg.org/#part-type
type partType uint8

const (
	partFixedText partType = iota
	partRegexp
	partSegmentWildcard
	partFullWildcard
)

// A modifier is a part's modifier.
// https://urlpattern.spec.whatwg.org/#part-modifier
type modifier uint8

const (
	modNone modifier = iota
	modOptional
	modZeroOrMore
	modOneOrMore
)

// String converts the modifier to its pattern syntax.
// https://urlpattern.spec.whatwg.org/#convert-a-modifier-to-a-string
func (m modifier) String() string {
	switch m {
	case modZeroOrMore:
		return "*"
	case modOptional:
		return "?"
	case modOneOrMore:
		return "+"
	}
	return ""
}

// A part is a piece of a pattern string: fixed text, or a group with its
// prefix, suffix and modifier.
// https://urlpattern.spec.whatwg.org/#part
type part struct {
	typ    partType
	value  string // the fixed text, or a regexp group's expression
	mod    modifier
	name   string
	prefix string
	suffix string
}

// options are the settings of a component's pattern string.
// https://urlpattern.spec.whatwg.org/#options
type options struct {
	delimiter  string // "" or one ASCII code point
	prefix     string // "" or one ASCII code point
	ignoreCase bool
}

var (
	defaultOptions  = options{}
	hostnameOptions = options{delimiter: "."}
	pathnameOptions = options{delimiter: "/", prefix: "/"}
)

// fullWildcardRegexp is the expression of "*".
const fullWildcardRegexp = ".*"

// segmentWildcardRegexp returns the expression of a ":name" group: any
// code points but the delimiter, as few as possible.
// https://urlpattern.spec.whatwg.org/#generate-a-segment-wildcard-regexp
func (o options) segmentWildcardRegexp() string {
	return "[^" + escapeRegexpString(o.delimiter) + "]+?"
}

// An encodingCallback validates and encodes a piece of fixed text.
// https://urlpattern.spec.whatwg.org/#encoding-callback
type encodingCallback func(string) (string, error)

// A patternParser turns tokens into parts.
// https://urlpattern.spec.whatwg.org/#pattern-parser
type patternParser struct {
	input           string
	tokens          []token
	encode          encodingCallback
	segmentWildcard string
	parts           []part
	pendingFixed    strings.Builder
	index           int
	nextNumericName int
	prefixCodePoint string
	names           map[string]struct{} // the group names of parts
}

// parsePatternString parses input into a part list.
// https://urlpattern.spec.whatwg.org/#parse-a-pattern-string
func parsePatternString(input string, opts options, encode encodingCallback) ([]part, error) {
	tokens, err := tokenize(input, strict)
	if err != nil {
		return nil, err
	}
	p := &patternParser{input: input, tokens: tokens, encode: encode, segmentWildcard: opts.segmentWildcardRegexp(), prefixCodePoint: opts.prefix}
	for p.index < len(p.tokens) {
		charToken := p.tryConsume(tokChar)
		nameToken := p.tryConsume(tokName)
		regexpToken := p.tryConsumeRegexpOrWildcard(nameToken)
		if nameToken != nil || regexpToken != nil {
			prefix := ""
			if charToken != nil {
				prefix = charToken.value
			}
			if prefix != "" && prefix != opts.prefix {
				p.pendingFixed.WriteString(prefix)
				prefix = ""
			}
			if err := p.maybeAddPartFromPendingFixed(); err != nil {
				return nil, err
			}
			modifierToken := p.tryConsumeModifier()
			if err := p.addPart(prefix, nameToken, regexpToken, "", modifierToken); err != nil {
				return nil, err
			}
			continue
		}
		fixedToken := charToken
		if fixedToken == nil {
			fixedToken = p.tryConsume(tokEscapedChar)
		}
		if fixedToken != nil {
			p.pendingFixed.WriteString(fixedToken.value)
			continue
		}
		if openToken := p.tryConsume(tokOpen); openToken != nil {
			prefix := p.consumeText()
			nameToken = p.tryConsume(tokName)
			regexpToken = p.tryConsumeRegexpOrWildcard(nameToken)
			suffix := p.consumeText()
			if _, err := p.consumeRequired(tokClose, `a "{" group is not closed by "}"`); err != nil {
				return nil, err
			}
			modifierToken := p.tryConsumeModifier()
			if err := p.addPart(prefix, nameToken, regexpToken, suffix, modifierToken); err != nil {
				return nil, err
			}
			continue
		}
		if err := p.maybeAddPartFromPendingFixed(); err != nil {
			return nil, err
		}
		if _, err := p.consumeRequired(tokEnd, "unexpected "+describeToken(p.tokens[p.index])); err != nil {
			return nil, err
		}
	}
	return p.parts, nil
}

// describeToken names a token for an error message.
func describeToken(t token) string {
	switch t.typ {
	case tokClose:
		return `"}" without "{"`
	case tokOpen:
		return `"{" inside a "{" group`
	case tokOtherModifier, tokAsterisk:
		return strconv.Quote(t.value) + " (a modifier that follows no group)"
	case tokName:
		return "group name " + strconv.Quote(":"+t.value)
	case tokRegexp:
		return "regular expression group " + strconv.Quote("("+t.value+")")
	}
	return strconv.Quote(t.value)
}

// https://urlpattern.spec.whatwg.org/#try-to-consume-a-token
func (p *patternParser) tryConsume(typ tokenType) *token {
	t := &p.tokens[p.index]
	if t.typ != typ {
		return nil
	}
	p.index++
	return t
}

// https://urlpattern.spec.whatwg.org/#try-to-consume-a-modifier-token
func (p *patternParser) tryConsumeModifier() *token {
	if t := p.tryConsume(tokOtherModifier); t != nil {
		return t
	}
	return p.tryConsume(tokAsterisk)
}

// https://urlpattern.spec.whatwg.org/#try-to-consume-a-regexp-or-wildcard-token
func (p *patternParser) tryConsumeRegexpOrWildcard(nameToken *token) *token {
	t := p.tryConsume(tokRegexp)
	if nameToken == nil && t == nil {
		t = p.tryConsume(tokAsterisk)
	}
	return t
}

// https://urlpattern.spec.whatwg.org/#consume-a-required-token
func (p *patternParser) consumeRequired(typ tokenType, msg string) (*token, error) {
	t := p.tryConsume(typ)
	if t == nil {
		return nil, &Error{Pattern: p.input, Offset: p.tokens[p.index].index, Msg: msg}
	}
	return t, nil
}

// https://urlpattern.spec.whatwg.org/#consume-text
func (p *patternParser) consumeText() string {
	var b strings.Builder
	for {
		t := p.tryConsume(tokChar)
		if t == nil {
			t = p.tryConsume(tokEscapedChar)
		}
		if t == nil {
			return b.String()
		}
		b.WriteString(t.value)
	}
}

// https://urlpattern.spec.whatwg.org/#maybe-add-a-part-from-the-pending-fixed-value
func (p *patternParser) maybeAddPartFromPendingFixed() error {
	if p.pendingFixed.Len() == 0 {
		return nil
	}
	value := p.pendingFixed.String()
	p.pendingFixed.Reset()
	encoded, err := p.encode(value)
	if err != nil {
		return err
	}
	p.parts = append(p.parts, part{typ: partFixedText, value: encoded})
	return nil
}

// https://urlpattern.spec.whatwg.org/#add-a-part
func (p *patternParser) addPart(prefix string, nameToken, regexpToken *token, suffix string, modifierToken *token) error {
	mod := modNone
	if modifierToken != nil {
		switch modifierToken.value {
		case "?":
			mod = modOptional
		case "*":
			mod = modZeroOrMore
		case "+":
			mod = modOneOrMore
		}
	}
	if nameToken == nil && regexpToken == nil && mod == modNone {
		p.pendingFixed.WriteString(prefix)
		return nil
	}
	if err := p.maybeAddPartFromPendingFixed(); err != nil {
		return err
	}
	if nameToken == nil && regexpToken == nil {
		if prefix == "" {
			return nil
		}
		encoded, err := p.encode(prefix)
		if err != nil {
			return err
		}
		p.parts = append(p.parts, part{typ: partFixedText, value: encoded, mod: mod})
		return nil
	}
	value := ""
	switch {
	case regexpToken == nil:
		value = p.segmentWildcard
	case regexpToken.typ == tokAsterisk:
		value = fullWildcardRegexp
	default:
		value = regexpToken.value
	}
	typ := partRegexp
	switch value {
	case p.segmentWildcard:
		typ, value = partSegmentWildcard, ""
	case fullWildcardRegexp:
		typ, value = partFullWildcard, ""
	}
	name := ""
	switch {
	case nameToken != nil:
		name = nameToken.value
	case regexpToken != nil:
		name = strconv.Itoa(p.nextNumericName)
		p.nextNumericName++
	}
	// The standard looks for the name in the part list; a set of the
	// names keeps it O(1) per part.
	if _, dup := p.names[name]; dup {
		offset := 0
		if nameToken != nil {
			offset = nameToken.index
		}
		return &Error{Pattern: p.input, Offset: offset, Msg: "the group name " + strconv.Quote(name) + " is used twice"}
	}
	if p.names == nil {
		p.names = make(map[string]struct{})
	}
	p.names[name] = struct{}{}
	encodedPrefix, err := p.encode(prefix)
	if err != nil {
		return err
	}
	encodedSuffix, err := p.encode(suffix)
	if err != nil {
		return err
	}
	p.parts = append(p.parts, part{typ: typ, value: value, mod: mod, name: name, prefix: encodedPrefix, suffix: encodedSuffix})
	return nil
}

// generateRegexp returns the regular expression of a part list, in
// JavaScript's syntax, and the names of its groups in order.
// https://urlpattern.spec.whatwg.org/#generate-a-regular-expression-and-name-list
func generateRegexp(parts []part, opts options) (string, []string) {
	var b strings.Builder
	b.WriteByte('^')
	var names []string
	for _, p := range parts {
		if p.typ == partFixedText {
			if p.mod == modNone {
				b.WriteString(escapeRegexpString(p.value))
			} else {
				b.WriteString("(?:")
				b.WriteString(escapeRegexpString(p.value))
				b.WriteString(")")
				b.WriteString(p.mod.String())
			}
			continue
		}
		names = append(names, p.name)
		value := p.value
		switch p.typ {
		case partSegmentWildcard:
			value = opts.segmentWildcardRegexp()
		case partFullWildcard:
			value = fullWildcardRegexp
		}
		if p.prefix == "" && p.suffix == "" {
			if p.mod == modNone || p.mod == modOptional {
				b.WriteString("(" + value + ")" + p.mod.String())
			} else {
				b.WriteString("((?:" + value + ")" + p.mod.String() + ")")
			}
			continue
		}
		prefix, suffix := escapeRegexpString(p.prefix), escapeRegexpString(p.suffix)
		if p.mod == modNone || p.mod == modOptional {
			b.WriteString("(?:" + prefix + "(" + value + ")" + suffix + ")" + p.mod.String())
			continue
		}
		b.WriteString("(?:" + prefix + "((?:" + value + ")(?:" + suffix + prefix + "(?:" + value + "))*)" + suffix + ")")
		if p.mod == modZeroOrMore {
			b.WriteByte('?')
		}
	}
	b.WriteByte('$')
	return b.String(), names
}

// escapeRegexpString escapes the characters of a regular expression's
// syntax in input, which is ASCII.
// https://urlpattern.spec.whatwg.org/#escape-a-regexp-string
func escapeRegexpString(input string) string {
	var b strings.Builder
	for i := 0; i < len(input); i++ {
		switch c := input[i]; c {
		case '.', '+', '*', '?', '^', '$', '{', '}', '(', ')', '[', ']', '|', '/', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// generatePatternString returns the normalized pattern string of a part
// list.
// https://urlpattern.spec.whatwg.org/#generate-a-pattern-string
func generatePatternString(parts []part, opts options) string {
	var b strings.Builder
	for i, p := range parts {
		var prev, next *part
		if i > 0 {
			prev = &parts[i-1]
		}
		if i < len(parts)-1 {
			next = &parts[i+1]
		}
		if p.typ == partFixedText {
			if p.mod == modNone {
				b.WriteString(escapePatternString(p.value))
				continue
			}
			b.WriteString("{" + escapePatternString(p.value) + "}" + p.mod.String())
			continue
		}
		customName := !ascii.IsDigit(p.name[0])
		needsGrouping := p.suffix != "" || p.prefix != "" && p.prefix != opts.prefix
		if !needsGrouping && customName && p.typ == partSegmentWildcard && p.mod == modNone &&
			next != nil && next.prefix == "" && next.suffix == "" {
			if next.typ == partFixedText {
				r, _ := utf8.DecodeRuneInString(next.value)
				needsGrouping = jsregexp.IsIdentifierCodePoint(r, false)
			} else {
				needsGrouping = ascii.IsDigit(next.name[0])
			}
		}
		if !needsGrouping && p.prefix == "" && prev != nil && prev.typ == partFixedText &&
			opts.prefix != "" && strings.HasSuffix(prev.value, opts.prefix) {
			needsGrouping = true
		}
		if needsGrouping {
			b.WriteByte('{')
		}
		b.WriteString(escapePatternString(p.prefix))
		if customName {
			b.WriteByte(':')
			b.WriteString(p.name)
		}
		switch {
		case p.typ == partRegexp:
			b.WriteString("(" + p.value + ")")
		case p.typ == partSegmentWildcard && !customName:
			b.WriteString("(" + opts.segmentWildcardRegexp() + ")")
		case p.typ == partFullWildcard:
			if !customName && (prev == nil || prev.typ == partFixedText || prev.mod != modNone || needsGrouping || p.prefix != "") {
				b.WriteByte('*')
			} else {
				b.WriteString("(" + fullWildcardRegexp + ")")
			}
		}
		if p.typ == partSegmentWildcard && customName && p.suffix != "" {
			if r, _ := utf8.DecodeRuneInString(p.suffix); jsregexp.IsIdentifierCodePoint(r, false) {
				b.WriteByte('\\')
			}
		}
		b.WriteString(escapePatternString(p.suffix))
		if needsGrouping {
			b.WriteByte('}')
		}
		b.WriteString(p.mod.String())
	}
	return b.String()
}

// escapePatternString escapes the characters of the pattern syntax in
// input, which is ASCII.
// https://urlpattern.spec.whatwg.org/#escape-a-pattern-string
func escapePatternString(input string) string {
	var b strings.Builder
	for i := 0; i < len(input); i++ {
		switch c := input[i]; c {
		case '+', '*', '?', ':', '{', '}', '(', ')', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
