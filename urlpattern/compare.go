package urlpattern

import (
	"errors"
	"fmt"
	"strings"
)

// This file is beyond the standard: CompareComponent and Generate, the
// proposals whatwg/urlpattern#61 and #73, which web-platform-tests tests
// as tentative and Chromium and urlpattern-polyfill ship.

// CompareComponent orders a and b by how specific their component c is,
// for routers that try the most specific pattern first: -1 if a's is less
// specific than b's, 1 if more, 0 if neither. It compares the parts of
// the two pattern strings in turn: fixed text is more specific than a
// regular expression group, which is more than ":name", which is more
// than "*"; then no modifier is more than "+", than "?", than "*"; then
// the prefixes, the fixed text or expressions, and the suffixes by code
// point; a list that ends first is compared as if it went on with empty
// fixed text. An empty pattern string compares as "*", as in Chromium and
// urlpattern-polyfill (the proposal whatwg/urlpattern#61, not the
// standard). c outside Protocol to Hash compares as 0.
func CompareComponent(c Component, a, b *Pattern) int {
	if c > Hash {
		return 0
	}
	left, right := a.comps[c], b.comps[c]
	wildcard := []part{{typ: partFullWildcard}}
	switch {
	case left.pattern == "" && right.pattern == "":
		return 0
	case right.pattern == "":
		return comparePartLists(left.parts, wildcard)
	case left.pattern == "":
		return comparePartLists(wildcard, right.parts)
	}
	return comparePartLists(left.parts, right.parts)
}

// specificity orders part types and modifiers, the less specific first.
var (
	typeOrder     = [...]int{partFullWildcard: 0, partSegmentWildcard: 1, partRegexp: 2, partFixedText: 3}
	modifierOrder = [...]int{modZeroOrMore: 0, modOptional: 1, modOneOrMore: 2, modNone: 3}
)

func comparePartLists(a, b []part) int {
	n := min(len(a), len(b))
	for i := range n {
		if r := comparePart(&a[i], &b[i]); r != 0 {
			return r
		}
	}
	if len(a) == len(b) {
		return 0
	}
	empty := part{typ: partFixedText}
	pa, pb := &empty, &empty
	if n < len(a) {
		pa = &a[n]
	}
	if n < len(b) {
		pb = &b[n]
	}
	return comparePart(pa, pb)
}

func comparePart(a, b *part) int {
	if r := compareInts(typeOrder[a.typ], typeOrder[b.typ]); r != 0 {
		return r
	}
	if r := compareInts(modifierOrder[a.mod], modifierOrder[b.mod]); r != 0 {
		return r
	}
	if r := strings.Compare(a.prefix, b.prefix); r != 0 {
		return r
	}
	if r := strings.Compare(a.value, b.value); r != 0 {
		return r
	}
	return strings.Compare(a.suffix, b.suffix)
}

func compareInts(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// ErrGenerate is wrapped by the errors of Generate.
var ErrGenerate = errors.New("urlpattern: cannot generate the component")

// Generate returns the value of component c that the pattern matches
// with groups as its groups: the reverse of Exec, for building URLs from
// routes ("/books/:id" with id "42" gives "/books/42"). Each group value
// is canonicalized as the component's fixed text is ("/a b" becomes
// "/a%20b" in a special URL's pathname, a hostname goes through IDNA) and
// must be what the group matches (a ":name" group holds no delimiter). It
// fails, with an error that wraps ErrGenerate, where no one value
// follows: a "*" or regular expression group, a modifier, a group whose
// value groups lacks, and a component outside Protocol to Hash. It
// follows the proposal whatwg/urlpattern#73, not the standard.
func (p *Pattern) Generate(c Component, groups map[string]string) (string, error) {
	fail := func(msg string, err error) (string, error) {
		wrapped := ErrGenerate
		if err != nil {
			wrapped = fmt.Errorf("%w: %w", ErrGenerate, err)
		}
		return "", &Error{Component: c.String(), Pattern: p.pattern(c), Offset: -1, Msg: msg, Err: wrapped}
	}
	if c > Hash {
		return fail("not a component", nil)
	}
	comp := p.comps[c]
	var b strings.Builder
	for _, pt := range comp.parts {
		if pt.mod != modNone {
			return fail("a part with a modifier matches more than one value", nil)
		}
		switch pt.typ {
		case partFixedText:
			b.WriteString(pt.value)
			continue
		case partFullWildcard:
			return fail(`a "*" group matches any value`, nil)
		case partRegexp:
			return fail("a regular expression group matches a set of values", nil)
		}
		value, ok := groups[pt.name]
		if !ok {
			return fail("no value for the group "+pt.name, nil)
		}
		encoded, err := comp.encode(value)
		if err != nil {
			return fail("the value of the group "+pt.name+" does not canonicalize", err)
		}
		if encoded == "" || comp.opts.delimiter != "" && strings.Contains(encoded, comp.opts.delimiter) {
			return fail("the value of the group "+pt.name+" is not what it matches: empty, or holding "+comp.opts.delimiter, nil)
		}
		b.WriteString(pt.prefix)
		b.WriteString(encoded)
		b.WriteString(pt.suffix)
	}
	return b.String(), nil
}

// pattern returns component c's pattern string, or "" for no component.
func (p *Pattern) pattern(c Component) string {
	if c > Hash {
		return ""
	}
	return p.comps[c].pattern
}
