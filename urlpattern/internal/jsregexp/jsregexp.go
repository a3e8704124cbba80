package jsregexp

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/weburl/weburl/internal/ascii"
)

// This file parses a JavaScript regular expression with the v flag (and
// i, for ignoreCase), the syntax a URL pattern's component expressions
// have, into a tree that the rest of the package runs: translated for
// Go's regexp (re2.go), and, where Go's regexp would capture otherwise
// than JavaScript, on a matcher with JavaScript's semantics (vm.go).
// https://tc39.es/ecma262/#sec-patterns

// A reKind is the kind of a node of a regular expression's tree.
type reKind uint8

const (
	reEmpty   reKind = iota // matches the empty string
	reSet                   // one code point of set (never strings)
	reConcat                // subs in order
	reAlt                   // one of subs, the first that leads to a match
	reRepeat                // subs[0], min to max times (max -1: no bound)
	reCapture               // subs[0], captured as group cap
	reGroup                 // subs[0], not captured
	reAssert                // an assertion: ^, $, \b, \B
)

// An assertKind is an assertion.
type assertKind uint8

const (
	assertStart           assertKind = iota // ^ without the m flag
	assertEnd                               // $ without the m flag
	assertLineStart                         // ^ with the m flag
	assertLineEnd                           // $ with the m flag
	assertWordBoundary                      // \b
	assertNotWordBoundary                   // \B
)

// A reNode is a node of a regular expression's tree.
type reNode struct {
	kind     reKind
	set      *charSet
	subs     []*reNode
	min, max int
	greedy   bool
	cap      int // the group's number, from 1
	assert   assertKind
	// firstCap and lastCap are the numbers of the groups inside the
	// node, firstCap > lastCap when there are none.
	firstCap, lastCap int
}

// reFlags are the flags in effect at a point of the expression: i, m and
// s, which modifiers ((?i:...)) change for a group.
type reFlags struct{ ignoreCase, multiline, dotAll bool }

// A reParser parses a JavaScript regular expression in the v flag's
// syntax.
type reParser struct {
	src         string
	pos         int
	ncap        int      // the groups opened so far
	totalCaps   int      // the groups of the whole expression
	names       []string // the named groups, by number (1-based; "" for unnamed)
	unsupported string   // what valid JavaScript the expression uses that cannot run
	// nameAlts records, for each group name, the alternatives it was
	// declared in, to tell duplicates that can both take part in a match.
	nameScopes map[string][][]altStep
	altPath    []altStep // the alternative taken at each disjunction around the point
	nextDisj   int
}

// An altStep is an alternative of a disjunction: the disjunction's number
// and the alternative's index.
type altStep struct{ disj, alt int }

// parseJSRegexp parses src, a JavaScript regular expression with the v
// flag (and i if ignoreCase).
func parseJSRegexp(src string, ignoreCase bool) (*reNode, []string, error) {
	p := &reParser{src: src, nameScopes: map[string][][]altStep{}}
	p.totalCaps = countCaptures(src)
	p.names = make([]string, p.totalCaps+1)
	node, err := p.parseDisjunction(reFlags{ignoreCase: ignoreCase}, 0)
	if err != nil {
		return nil, nil, err
	}
	if p.pos < len(p.src) {
		return nil, nil, p.errorf("unmatched %q", p.src[p.pos:p.pos+1])
	}
	if p.unsupported != "" {
		return nil, nil, &unsupportedError{msg: p.unsupported}
	}
	return node, p.names, nil
}

// An unsupportedError is valid JavaScript that cannot run here.
type unsupportedError struct{ msg string }

func (e *unsupportedError) Error() string { return e.msg }

func (e *unsupportedError) Unwrap() error { return ErrUnsupported }

func (p *reParser) errorf(format string, args ...any) error {
	return &SyntaxError{Offset: p.pos, Msg: sprintf(format, args...)}
}

func sprintf(format string, args ...any) string {
	var b strings.Builder
	ai := 0
	for i := 0; i < len(format); i++ {
		if format[i] == '%' && i+1 < len(format) && ai < len(args) {
			i++
			switch v := args[ai].(type) {
			case string:
				if format[i] == 'q' {
					b.WriteString(strconv.Quote(v))
				} else {
					b.WriteString(v)
				}
			case int:
				b.WriteString(strconv.Itoa(v))
			case rune:
				b.WriteString(strconv.QuoteRune(v))
			}
			ai++
			continue
		}
		b.WriteByte(format[i])
	}
	return b.String()
}

// countCaptures counts the capturing groups of src: each "(" that is not
// escaped, not in a class, and not followed by "?" unless by "?<" and a
// name, which JavaScript needs before parsing for \N escapes.
func countCaptures(src string) int {
	n := 0
	depth := 0 // of classes, nested with the v flag
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case '[':
			depth++
		case ']':
			if depth > 0 {
				depth--
			}
		case '(':
			if depth > 0 {
				continue
			}
			if i+1 < len(src) && src[i+1] == '?' {
				if i+2 < len(src) && src[i+2] == '<' && i+3 < len(src) && src[i+3] != '=' && src[i+3] != '!' {
					n++
				}
				continue
			}
			n++
		}
	}
	return n
}

func (p *reParser) more() bool { return p.pos < len(p.src) }

func (p *reParser) peek() byte {
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

func (p *reParser) lookingAt(s string) bool { return strings.HasPrefix(p.src[p.pos:], s) }

// https://tc39.es/ecma262/#prod-Disjunction
func (p *reParser) parseDisjunction(f reFlags, depth int) (*reNode, error) {
	if depth > 500 {
		return nil, p.errorf("the expression nests too deep")
	}
	var alts []*reNode
	first := p.ncap + 1
	p.nextDisj++
	p.altPath = append(p.altPath, altStep{disj: p.nextDisj})
	for {
		alt, err := p.parseAlternative(f, depth)
		if err != nil {
			return nil, err
		}
		alts = append(alts, alt)
		if p.peek() != '|' {
			break
		}
		p.pos++
		p.altPath[len(p.altPath)-1].alt++
	}
	p.altPath = p.altPath[:len(p.altPath)-1]
	if len(alts) == 1 {
		return alts[0], nil
	}
	return &reNode{kind: reAlt, subs: alts, firstCap: first, lastCap: p.ncap}, nil
}

// https://tc39.es/ecma262/#prod-Alternative
func (p *reParser) parseAlternative(f reFlags, depth int) (*reNode, error) {
	var terms []*reNode
	first := p.ncap + 1
	for p.more() && p.peek() != '|' && p.peek() != ')' {
		term, err := p.parseTerm(f, depth)
		if err != nil {
			return nil, err
		}
		terms = append(terms, term)
	}
	switch len(terms) {
	case 0:
		return &reNode{kind: reEmpty, firstCap: 1, lastCap: 0}, nil
	case 1:
		return terms[0], nil
	}
	return &reNode{kind: reConcat, subs: terms, firstCap: first, lastCap: p.ncap}, nil
}

// https://tc39.es/ecma262/#prod-Term
func (p *reParser) parseTerm(f reFlags, depth int) (*reNode, error) {
	start := p.pos
	first := p.ncap + 1
	atom, quantifiable, err := p.parseAtom(f, depth)
	if err != nil {
		return nil, err
	}
	if !p.more() {
		return atom, nil
	}
	min, max := -1, -1
	switch c := p.peek(); c {
	case '*':
		min, max = 0, -1
		p.pos++
	case '+':
		min, max = 1, -1
		p.pos++
	case '?':
		min, max = 0, 1
		p.pos++
	case '{':
		var ok bool
		if min, max, ok = p.parseBraces(); !ok {
			return nil, p.errorf(`a "{" that starts no repetition count`)
		}
	default:
		return atom, nil
	}
	if !quantifiable {
		return nil, &SyntaxError{Offset: start, Msg: "a quantifier follows an assertion"}
	}
	if max >= 0 && min > max {
		return nil, p.errorf("a repetition count's minimum is greater than its maximum")
	}
	greedy := true
	if p.peek() == '?' {
		greedy = false
		p.pos++
	}
	if p.more() && strings.IndexByte("*+?{", p.peek()) >= 0 {
		return nil, p.errorf("a quantifier follows a quantifier")
	}
	return &reNode{kind: reRepeat, subs: []*reNode{atom}, min: min, max: max, greedy: greedy, firstCap: first, lastCap: p.ncap}, nil
}

// parseBraces reads "{n}", "{n,}" or "{n,m}" at p.pos.
func (p *reParser) parseBraces() (min, max int, ok bool) {
	i := p.pos + 1
	readInt := func() (int, bool) {
		start := i
		v := 0
		for i < len(p.src) && '0' <= p.src[i] && p.src[i] <= '9' {
			if v < 1<<30 {
				v = v*10 + int(p.src[i]-'0')
			}
			i++
		}
		return v, i > start
	}
	min, ok = readInt()
	if !ok {
		return 0, 0, false
	}
	max = min
	if i < len(p.src) && p.src[i] == ',' {
		i++
		max = -1
		if i < len(p.src) && p.src[i] != '}' {
			if max, ok = readInt(); !ok {
				return 0, 0, false
			}
		}
	}
	if i >= len(p.src) || p.src[i] != '}' {
		return 0, 0, false
	}
	p.pos = i + 1
	return min, max, true
}

// parseAtom parses an assertion or an atom; quantifiable is false for an
// assertion.
// https://tc39.es/ecma262/#prod-Atom
func (p *reParser) parseAtom(f reFlags, depth int) (node *reNode, quantifiable bool, err error) {
	c := p.peek()
	switch c {
	case '^':
		p.pos++
		kind := assertStart
		if f.multiline {
			kind = assertLineStart
		}
		return &reNode{kind: reAssert, assert: kind, firstCap: 1}, false, nil
	case '$':
		p.pos++
		kind := assertEnd
		if f.multiline {
			kind = assertLineEnd
		}
		return &reNode{kind: reAssert, assert: kind, firstCap: 1}, false, nil
	case '.':
		p.pos++
		set := &charSet{}
		if f.dotAll {
			set.addRange(0, maxRune)
		} else {
			set = complement(lineTerminators())
		}
		return &reNode{kind: reSet, set: set, firstCap: 1}, true, nil
	case '(':
		return p.parseGroup(f, depth)
	case '[':
		set, _, err := p.parseClass(f, depth)
		if err != nil {
			return nil, false, err
		}
		return setNode(set, f), true, nil
	case '\\':
		return p.parseAtomEscape(f)
	case '*', '+', '?', '{':
		return nil, false, p.errorf("a quantifier follows nothing")
	case ')', ']', '}', '|':
		return nil, false, p.errorf("unmatched %q", string(rune(c)))
	}
	r, size := utf8.DecodeRuneInString(p.src[p.pos:])
	p.pos += size
	return literal(r, f), true, nil
}

// literal returns the node of the code point r.
func literal(r rune, f reFlags) *reNode {
	set := &charSet{ranges: []runeRange{{r, r}}}
	if f.ignoreCase {
		set = foldClosure(set)
	}
	return &reNode{kind: reSet, set: set, firstCap: 1}
}

// setNode returns the node of a class: one code point of set, or, when it
// has strings, the longest of its strings that matches first and then one
// code point.
// https://tc39.es/ecma262/#sec-compiletocharset (ClassSetExpression strings)
func setNode(set *charSet, f reFlags) *reNode {
	if len(set.strs) == 0 {
		return &reNode{kind: reSet, set: set, firstCap: 1}
	}
	strs := append([]string(nil), set.strs...)
	// Longest first; among strings of one length, any order matches the
	// same (none is a prefix of another).
	sortByLengthDesc(strs)
	var alts []*reNode
	for _, s := range strs {
		if utf8.RuneCountInString(s) < 1 {
			continue
		}
		var seq []*reNode
		for _, r := range s {
			seq = append(seq, literal(r, f))
		}
		alts = append(alts, &reNode{kind: reConcat, subs: seq, firstCap: 1})
	}
	if len(set.ranges) > 0 {
		alts = append(alts, &reNode{kind: reSet, set: &charSet{ranges: set.ranges}, firstCap: 1})
	}
	for _, s := range set.strs {
		if s == "" {
			alts = append(alts, &reNode{kind: reEmpty, firstCap: 1})
			break
		}
	}
	if len(alts) == 1 {
		return alts[0]
	}
	return &reNode{kind: reAlt, subs: alts, firstCap: 1}
}

func sortByLengthDesc(strs []string) {
	slices.SortStableFunc(strs, func(a, b string) int {
		return utf8.RuneCountInString(b) - utf8.RuneCountInString(a)
	})
}

// lineTerminators returns the code points "." does not match without the
// s flag.
func lineTerminators() *charSet {
	return &charSet{ranges: []runeRange{{'\n', '\n'}, {'\r', '\r'}, {0x2028, 0x2029}}}
}

// parseGroup parses a group: "(...)", "(?:...)", "(?<name>...)", a
// modifier group "(?i-s:...)", or a lookaround, which JavaScript allows
// and this package cannot run.
// https://tc39.es/ecma262/#prod-Atom
func (p *reParser) parseGroup(f reFlags, depth int) (*reNode, bool, error) {
	start := p.pos
	p.pos++ // "("
	kind := reCapture
	name := ""
	quantifiable := true
	inner := f
	switch {
	case p.lookingAt("?:"):
		p.pos += 2
		kind = reGroup
	case p.lookingAt("?="), p.lookingAt("?!"), p.lookingAt("?<="), p.lookingAt("?<!"):
		if p.unsupported == "" {
			p.unsupported = "a lookaround assertion, which needs a backtracking engine"
		}
		p.pos += 2
		if p.src[p.pos-1] == '<' {
			p.pos++
		}
		kind = reGroup
		quantifiable = false
	case p.lookingAt("?<"):
		p.pos += 2
		var err error
		if name, err = p.parseGroupName(); err != nil {
			return nil, false, err
		}
	case p.lookingAt("?"):
		p.pos++
		var err error
		if inner, err = p.parseModifiers(f); err != nil {
			return nil, false, err
		}
		kind = reGroup
	}
	capNum := 0
	if kind == reCapture {
		p.ncap++
		capNum = p.ncap
		p.names[capNum] = name
		if name != "" {
			if err := p.declareName(name, start); err != nil {
				return nil, false, err
			}
		}
	}
	body, err := p.parseDisjunction(inner, depth+1)
	if err != nil {
		return nil, false, err
	}
	if p.peek() != ')' {
		return nil, false, &SyntaxError{Offset: start, Msg: "a group is not closed"}
	}
	p.pos++
	if !quantifiable {
		return &reNode{kind: reEmpty, firstCap: 1}, false, nil
	}
	n := &reNode{kind: kind, subs: []*reNode{body}, cap: capNum, firstCap: body.firstCap, lastCap: body.lastCap}
	if kind == reCapture {
		n.firstCap = capNum
		n.lastCap = max(body.lastCap, capNum)
	}
	return n, true, nil
}

// parseModifiers parses the flags of "(?ims-ims:" after the "?".
// https://tc39.es/ecma262/#prod-RegularExpressionModifiers
func (p *reParser) parseModifiers(f reFlags) (reFlags, error) {
	start := p.pos - 2
	var add, remove string
	read := func() string {
		i := p.pos
		for p.pos < len(p.src) && strings.IndexByte("ims", p.src[p.pos]) >= 0 {
			p.pos++
		}
		return p.src[i:p.pos]
	}
	add = read()
	hasDash := false
	if p.peek() == '-' {
		hasDash = true
		p.pos++
		remove = read()
	}
	if p.peek() != ':' {
		return f, &SyntaxError{Offset: start, Msg: `an invalid group: "(?" is followed by neither ":", "=", "!", "<" nor modifiers`}
	}
	p.pos++
	if hasDash && add == "" && remove == "" {
		return f, &SyntaxError{Offset: start, Msg: "a modifier group adds and removes no flag"}
	}
	all := add + remove
	for i := 0; i < len(all); i++ {
		if strings.IndexByte(all[i+1:], all[i]) >= 0 {
			return f, &SyntaxError{Offset: start, Msg: "a modifier group names a flag twice"}
		}
	}
	for _, c := range add {
		f = f.with(c, true)
	}
	for _, c := range remove {
		f = f.with(c, false)
	}
	return f, nil
}

func (f reFlags) with(c rune, on bool) reFlags {
	switch c {
	case 'i':
		f.ignoreCase = on
	case 'm':
		f.multiline = on
	case 's':
		f.dotAll = on
	}
	return f
}

// parseGroupName reads "name>" after "(?<" or "\k<".
// https://tc39.es/ecma262/#prod-GroupName
func (p *reParser) parseGroupName() (string, error) {
	start := p.pos
	var b strings.Builder
	for first := true; ; first = false {
		if !p.more() {
			return "", &SyntaxError{Offset: start, Msg: "a group name is not closed by \">\""}
		}
		if p.peek() == '>' {
			p.pos++
			break
		}
		var r rune
		if p.peek() == '\\' {
			p.pos++
			if p.peek() != 'u' {
				return "", p.errorf("an invalid escape in a group name")
			}
			p.pos++
			var ok bool
			if r, ok = p.parseUnicodeEscapeBody(); !ok {
				return "", p.errorf("an invalid \\u escape in a group name")
			}
		} else {
			var size int
			r, size = utf8.DecodeRuneInString(p.src[p.pos:])
			p.pos += size
		}
		if !IsIdentifierCodePoint(r, first) {
			return "", &SyntaxError{Offset: start, Msg: "an invalid group name"}
		}
		b.WriteRune(r)
	}
	if b.Len() == 0 {
		return "", &SyntaxError{Offset: start, Msg: "an empty group name"}
	}
	return b.String(), nil
}

// declareName records a group name, failing if a group of the same name
// can take part in the same match: one that is not in another alternative
// of a disjunction both are in.
// https://tc39.es/ecma262/#sec-patterns-static-semantics-early-errors
func (p *reParser) declareName(name string, offset int) error {
	path := append([]altStep(nil), p.altPath...)
	for _, other := range p.nameScopes[name] {
		// Both can take part unless they are in different alternatives
		// of a disjunction around both.
		exclusive := false
		for _, a := range path {
			for _, b := range other {
				exclusive = exclusive || a.disj == b.disj && a.alt != b.alt
			}
		}
		if !exclusive {
			return &SyntaxError{Offset: offset, Msg: "a group name is used twice"}
		}
	}
	p.nameScopes[name] = append(p.nameScopes[name], path)
	return nil
}

// parseAtomEscape parses an escape outside a class.
// https://tc39.es/ecma262/#prod-AtomEscape
func (p *reParser) parseAtomEscape(f reFlags) (*reNode, bool, error) {
	start := p.pos
	p.pos++ // "\"
	if !p.more() {
		return nil, false, p.errorf(`"\" ends the expression`)
	}
	c := p.peek()
	switch {
	case c == 'b' || c == 'B':
		p.pos++
		kind := assertWordBoundary
		if c == 'B' {
			kind = assertNotWordBoundary
		}
		return &reNode{kind: reAssert, assert: kind, firstCap: 1}, false, nil
	case '1' <= c && c <= '9':
		n := 0
		for p.more() && '0' <= p.peek() && p.peek() <= '9' {
			if n < 1<<20 {
				n = n*10 + int(p.peek()-'0')
			}
			p.pos++
		}
		if n > p.totalCaps {
			return nil, false, &SyntaxError{Offset: start, Msg: "a backreference to a group that does not exist"}
		}
		if p.unsupported == "" {
			p.unsupported = "a backreference, which needs a backtracking engine"
		}
		return &reNode{kind: reEmpty, firstCap: 1}, true, nil
	case c == 'k':
		p.pos++
		if p.peek() != '<' {
			return nil, false, p.errorf(`"\k" is not followed by a group name`)
		}
		p.pos++
		name, err := p.parseGroupName()
		if err != nil {
			return nil, false, err
		}
		found := false
		for _, n := range p.allNames() {
			found = found || n == name
		}
		if !found {
			return nil, false, &SyntaxError{Offset: start, Msg: "a backreference to a group name that does not exist"}
		}
		if p.unsupported == "" {
			p.unsupported = "a backreference, which needs a backtracking engine"
		}
		return &reNode{kind: reEmpty, firstCap: 1}, true, nil
	}
	if set, ok, err := p.parseClassEscape(f); ok || err != nil {
		if err != nil {
			return nil, false, err
		}
		return setNode(set, f), true, nil
	}
	r, err := p.parseCharacterEscape(false)
	if err != nil {
		return nil, false, err
	}
	return literal(r, f), true, nil
}

// allNames returns every group name in the expression, decoded, by a
// pass of its own over the source.
func (p *reParser) allNames() []string {
	q := &reParser{src: p.src}
	var names []string
	for q.pos < len(q.src) {
		switch {
		case q.src[q.pos] == '\\':
			q.pos += 2
		case q.lookingAt("(?<") && !q.lookingAt("(?<=") && !q.lookingAt("(?<!"):
			q.pos += 3
			if name, err := q.parseGroupName(); err == nil {
				names = append(names, name)
			}
		default:
			q.pos++
		}
	}
	return names
}

// parseCharacterEscape parses the escape of one code point after "\":
// control escapes, \cX, \0, \xHH, \uHHHH, \u{H...}, and the syntax
// characters and "/" themselves; inClass allows "-" too (and, for the v
// flag's classes, the reserved punctuators, which the caller handles).
// https://tc39.es/ecma262/#prod-CharacterEscape
func (p *reParser) parseCharacterEscape(inClass bool) (rune, error) {
	c := p.peek()
	p.pos++
	switch c {
	case 'f':
		return '\f', nil
	case 'n':
		return '\n', nil
	case 'r':
		return '\r', nil
	case 't':
		return '\t', nil
	case 'v':
		return '\v', nil
	case 'c':
		if p.more() && ('a' <= p.peek()|0x20 && p.peek()|0x20 <= 'z') {
			r := rune(p.peek() % 32)
			p.pos++
			return r, nil
		}
		return 0, p.errorf(`"\c" is not followed by an ASCII letter`)
	case '0':
		if p.more() && '0' <= p.peek() && p.peek() <= '9' {
			return 0, p.errorf("an octal escape, which the v flag does not allow")
		}
		return 0, nil
	case 'x':
		if p.pos+2 <= len(p.src) && ascii.IsHex(p.src[p.pos]) && ascii.IsHex(p.src[p.pos+1]) {
			v, _ := strconv.ParseUint(p.src[p.pos:p.pos+2], 16, 8)
			p.pos += 2
			return rune(v), nil
		}
		return 0, p.errorf(`"\x" is not followed by two hex digits`)
	case 'u':
		if r, ok := p.parseUnicodeEscapeBody(); ok {
			return r, nil
		}
		return 0, p.errorf(`an invalid "\u" escape`)
	case '^', '$', '\\', '.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '/':
		return rune(c), nil
	case '-':
		if inClass {
			return '-', nil
		}
	}
	p.pos--
	if c >= utf8.RuneSelf {
		r, _ := utf8.DecodeRuneInString(p.src[p.pos:])
		return 0, p.errorf("an invalid escape %q", "\\"+string(r))
	}
	return 0, p.errorf("an invalid escape %q", "\\"+string(rune(c)))
}

// parseUnicodeEscapeBody reads what follows "\u": four hex digits (a
// surrogate pair of two such escapes is one code point), or "{" hex digits
// "}" up to U+10FFFF.
// https://tc39.es/ecma262/#prod-RegExpUnicodeEscapeSequence
func (p *reParser) parseUnicodeEscapeBody() (rune, bool) {
	if p.peek() == '{' {
		end := strings.IndexByte(p.src[p.pos:], '}')
		if end < 2 {
			return 0, false
		}
		digits := p.src[p.pos+1 : p.pos+end]
		for i := 0; i < len(digits); i++ {
			if !ascii.IsHex(digits[i]) {
				return 0, false
			}
		}
		v, err := strconv.ParseUint(digits, 16, 32)
		if err != nil || v > maxRune {
			return 0, false
		}
		p.pos += end + 1
		return rune(v), true
	}
	read4 := func(at int) (rune, bool) {
		if at+4 > len(p.src) {
			return 0, false
		}
		for i := at; i < at+4; i++ {
			if !ascii.IsHex(p.src[i]) {
				return 0, false
			}
		}
		v, _ := strconv.ParseUint(p.src[at:at+4], 16, 32)
		return rune(v), true
	}
	r, ok := read4(p.pos)
	if !ok {
		return 0, false
	}
	p.pos += 4
	if 0xD800 <= r && r <= 0xDBFF && p.lookingAt(`\u`) {
		if lo, ok := read4(p.pos + 2); ok && 0xDC00 <= lo && lo <= 0xDFFF {
			p.pos += 6
			return (r-0xD800)<<10 + (lo - 0xDC00) + 0x10000, true
		}
	}
	return r, true
}

// parseClassEscape parses \d, \D, \s, \S, \w, \W, \p{...} and \P{...},
// reporting false for another escape.
// https://tc39.es/ecma262/#prod-CharacterClassEscape
func (p *reParser) parseClassEscape(f reFlags) (*charSet, bool, error) {
	c := p.peek()
	var set *charSet
	switch c {
	case 'd', 'D':
		set = &charSet{ranges: []runeRange{{'0', '9'}}}
	case 's', 'S':
		set = whiteSpace()
	case 'w', 'W':
		set = &charSet{ranges: []runeRange{{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}}}
		if f.ignoreCase {
			// With the i flag, the code points that fold to a word
			// character are word characters too: U+017F and U+212A.
			set = foldClosure(set)
		}
	case 'p', 'P':
		start := p.pos
		p.pos++
		var err error
		if set, err = p.parseProperty(); err != nil {
			return nil, false, err
		}
		if len(set.strs) > 0 && c == 'P' {
			return nil, false, &SyntaxError{Offset: start, Msg: "\\P of a property of strings"}
		}
		if c == 'P' {
			if f.ignoreCase {
				set = foldClosure(set)
			}
			return complement(set), true, nil
		}
		if f.ignoreCase {
			set = foldClosure(set)
		}
		return set, true, nil
	default:
		return nil, false, nil
	}
	p.pos++
	if f.ignoreCase {
		set = foldClosure(set)
	}
	if c == 'D' || c == 'S' || c == 'W' {
		set = complement(set)
	}
	return set, true, nil
}

// whiteSpace returns what \s matches: WhiteSpace and LineTerminator.
// https://tc39.es/ecma262/#sec-compiletocharset
func whiteSpace() *charSet {
	s := &charSet{ranges: []runeRange{{'\t', '\r'}, {' ', ' '}, {0xA0, 0xA0}, {0xFEFF, 0xFEFF}, {0x2028, 0x2029}}}
	s.addTable(unicode.Zs)
	s.normalize()
	return s
}

// parseClass parses a class of the v flag's syntax at "[", and reports
// whether it may contain strings, as JavaScript decides it from the
// syntax (a negated class may not).
// https://tc39.es/ecma262/#prod-ClassSetExpression
// https://tc39.es/ecma262/#sec-static-semantics-maycontainstrings
func (p *reParser) parseClass(f reFlags, depth int) (*charSet, bool, error) {
	if depth > 500 {
		return nil, false, p.errorf("classes nest too deep")
	}
	start := p.pos
	p.pos++ // "["
	negated := false
	if p.peek() == '^' {
		negated = true
		p.pos++
	}
	var result *charSet
	mayStr := false
	op := "" // "", "&&" or "--"
	operands := 0
	firstIsRange := false
	for {
		if !p.more() {
			return nil, false, &SyntaxError{Offset: start, Msg: "a class is not closed"}
		}
		if p.peek() == ']' {
			p.pos++
			break
		}
		if p.lookingAt("&&") || p.lookingAt("--") {
			o := p.src[p.pos : p.pos+2]
			if operands == 0 || op == "" && operands > 1 || op != "" && op != o || firstIsRange {
				return nil, false, p.errorf("a set operation %q where it is not allowed", o)
			}
			op = o
			p.pos += 2
			if o == "&&" && p.peek() == '&' {
				return nil, false, p.errorf(`"&&&" in a class`)
			}
			if p.peek() == ']' {
				return nil, false, p.errorf("a set operation without its second operand")
			}
			operand, operandMayStr, isRange, err := p.parseClassOperand(f, depth)
			if err != nil {
				return nil, false, err
			}
			if isRange {
				return nil, false, p.errorf("a range is an operand of %q", o)
			}
			if o == "&&" {
				result = intersect(result, operand)
				mayStr = mayStr && operandMayStr
			} else {
				result = subtract(result, operand)
			}
			operands++
			continue
		}
		if op != "" {
			return nil, false, p.errorf("an operand after a set operation needs its operator")
		}
		operand, operandMayStr, isRange, err := p.parseClassOperand(f, depth)
		if err != nil {
			return nil, false, err
		}
		if operands == 0 {
			result = operand
			firstIsRange = isRange
		} else {
			result = union(result, operand)
			firstIsRange = false
		}
		mayStr = mayStr || operandMayStr
		operands++
	}
	if result == nil {
		result = &charSet{}
	}
	result.normalize()
	if negated {
		if mayStr {
			return nil, false, &SyntaxError{Offset: start, Msg: "a negated class that may hold strings"}
		}
		if f.ignoreCase {
			result = foldClosure(result)
		}
		return complement(result), false, nil
	}
	return result, mayStr, nil
}

// parseClassOperand parses a range, a nested class, \q{...}, a class
// escape or one character, folded if f.ignoreCase, and reports whether it
// may contain strings and whether it is a range.
func (p *reParser) parseClassOperand(f reFlags, depth int) (set *charSet, mayStr, isRange bool, err error) {
	fold := func(s *charSet) *charSet {
		if f.ignoreCase {
			return foldClosure(s)
		}
		return s
	}
	switch {
	case p.peek() == '[':
		s, mayStr, err := p.parseClass(f, depth+1)
		return s, mayStr, false, err
	case p.lookingAt(`\q{`):
		p.pos += 3
		s := &charSet{}
		var cur strings.Builder
		for {
			if !p.more() {
				return nil, false, false, p.errorf(`"\q{" is not closed`)
			}
			switch p.peek() {
			case '}', '|':
				str := cur.String()
				s.strs = append(s.strs, str)
				mayStr = mayStr || utf8.RuneCountInString(str) != 1
				cur.Reset()
				p.pos++
				if p.src[p.pos-1] == '}' {
					s.normalize()
					return fold(s), mayStr, false, nil
				}
				continue
			}
			r, err := p.parseClassSetCharacter()
			if err != nil {
				return nil, false, false, err
			}
			cur.WriteRune(r)
		}
	case p.peek() == '\\':
		save := p.pos
		p.pos++
		if s, ok, err := p.parseClassEscape(f); ok || err != nil {
			return s, s != nil && len(s.strs) > 0, false, err
		}
		p.pos = save
	}
	lo, err := p.parseClassSetCharacter()
	if err != nil {
		return nil, false, false, err
	}
	if p.peek() == '-' && !p.lookingAt("--") {
		p.pos++
		hi, err := p.parseClassSetCharacter()
		if err != nil {
			return nil, false, false, err
		}
		if lo > hi {
			return nil, false, false, p.errorf("a range out of order")
		}
		return fold(&charSet{ranges: []runeRange{{lo, hi}}}), false, true, nil
	}
	return fold(&charSet{ranges: []runeRange{{lo, lo}}}), false, false, nil
}

// parseClassSetCharacter reads one character of a class: not a syntax
// character of the v flag's classes ( ) [ ] { } / - \ |, nor the first of
// a doubled punctuator; or an escape; or \b (backspace), inside \q{...}
// the escapes are the same.
// https://tc39.es/ecma262/#prod-ClassSetCharacter
func (p *reParser) parseClassSetCharacter() (rune, error) {
	c := p.peek()
	if c == '\\' {
		p.pos++
		if !p.more() {
			return 0, p.errorf(`"\" ends the expression`)
		}
		e := p.peek()
		switch {
		case e == 'b':
			p.pos++
			return '\b', nil
		case strings.IndexByte("&-!#%,:;<=>@`~", e) >= 0:
			p.pos++
			return rune(e), nil
		}
		return p.parseCharacterEscape(true)
	}
	if strings.IndexByte("()[]{}/-|", c) >= 0 {
		return 0, p.errorf("%q must be escaped in a class", string(rune(c)))
	}
	if p.pos+1 < len(p.src) && p.src[p.pos+1] == c && strings.IndexByte("&!#$%*+,.:;<=>?@^`~", c) >= 0 {
		return 0, p.errorf("a doubled %q in a class", string(rune(c)))
	}
	r, size := utf8.DecodeRuneInString(p.src[p.pos:])
	p.pos += size
	return r, nil
}
