// Package jsregexp compiles and runs JavaScript regular expressions with
// the v flag (and i, for ignoreCase): the syntax and semantics of a URL
// pattern's component expressions, in time linear in the input. An
// expression is translated for Go's regexp (re2.go); where Go's regexp
// would capture otherwise than JavaScript, the groups come from a matcher
// with JavaScript's semantics (vm.go).
//
// This file is the seam: all that package urlpattern knows of the engine.
// [Compile] compiles a JavaScript pattern, a [Regexp] matches and finds
// its groups, and [ShapeOf] tells the shortcut matcher whether an
// expression is a class with a count or a choice of fixed strings, which
// it can match by a scan.
// https://tc39.es/ecma262/#sec-patterns
package jsregexp

import (
	"errors"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ErrUnsupported is wrapped by the error of an expression that is valid
// JavaScript but uses what a linear-time engine cannot run: lookahead and
// lookbehind assertions, backreferences, properties of strings
// (\p{RGI_Emoji}), Unicode properties this package has no table for, and
// repetition counts above 1000; or an expression too large for Go's
// regexp.
var ErrUnsupported = errors.New("urlpattern: the regular expression is valid JavaScript that this package cannot run in linear time")

// A SyntaxError is what JavaScript's RegExp constructor throws a
// SyntaxError for: Msg says what is wrong, at the byte Offset of the
// expression.
type SyntaxError struct {
	Offset int
	Msg    string
}

func (e *SyntaxError) Error() string { return e.Msg }

// A Regexp is a compiled expression. It is safe for concurrent use.
type Regexp struct {
	re   *regexp.Regexp
	vm   *vmProg // not nil when Go's regexp would capture otherwise than JavaScript
	ncap int     // the capturing groups, from 1
}

// Compile compiles src, a JavaScript regular expression with the v flag
// (and the i flag if ignoreCase). It fails with a [*SyntaxError] where
// JavaScript would throw one, and with an error that wraps
// [ErrUnsupported] for valid JavaScript it cannot run.
func Compile(src string, ignoreCase bool) (*Regexp, error) {
	tree, names, err := parseJSRegexp(src, ignoreCase)
	if err != nil {
		return nil, err
	}
	r := &Regexp{ncap: len(names) - 1}
	if r.re, err = compileRE2(tree); err != nil {
		return nil, err
	}
	if !tree.exactCaptures() {
		if r.vm, err = compileVM(tree, r.ncap); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// NumSubexp returns the number of capturing groups.
func (r *Regexp) NumSubexp() int { return r.ncap }

// MatchString reports whether r matches s (anywhere, unless r is
// anchored).
func (r *Regexp) MatchString(s string) bool { return r.re.MatchString(s) }

// FindStringSubmatchIndex returns the match JavaScript's exec finds in
// s, as regexp.Regexp's method of that name does: 2*i and 2*i+1 are the
// start and end of group i (group 0 the whole match), -1 for a group
// that did not take part; nil when nothing matches. It has
// 2*(NumSubexp()+1) slots.
func (r *Regexp) FindStringSubmatchIndex(s string) []int {
	if r.vm == nil {
		return r.re.FindStringSubmatchIndex(s)
	}
	// Where a match starts does not depend on how groups capture: the
	// leftmost start Go's regexp finds is JavaScript's, and the VM runs
	// from there.
	loc := r.re.FindStringIndex(s)
	if loc == nil {
		return nil
	}
	return r.vm.exec(s, loc[0])
}

// A Class is a set of code points.
type Class struct{ set *charSet }

// Contains reports whether the code point c is in the class.
func (c Class) Contains(r rune) bool { return c.set.contains(r) }

// AnyBut returns the class of every code point but except, or of every
// code point if except is "".
func AnyBut(except string) Class {
	if except == "" {
		return Class{&charSet{ranges: []runeRange{{0, maxRune}}}}
	}
	d, _ := utf8.DecodeRuneInString(except)
	return Class{complement(&charSet{ranges: []runeRange{{d, d}}})}
}

// A ShapeKind is the shape of an expression that the shortcut matcher
// can scan for.
type ShapeKind uint8

const (
	OtherShape  ShapeKind = iota // any other expression
	ClassShape                   // a class, Min to Max times (Max -1: no bound), greedy or lazy
	ChoiceShape                  // one of Alts, fixed strings, none a prefix of another
)

// A Shape is what [ShapeOf] tells of an expression.
type Shape struct {
	Kind     ShapeKind
	Class    Class
	Min, Max int
	Alts     []string
}

// ShapeOf returns the shape of src, compiled as [Compile] does, without
// groups of its own: a class with a count, such as \d+ or [a-z]{2,3}, or
// a choice of fixed strings none of which is a prefix of another, such as
// en|fr|de, or one fixed string of more than one code point, such as
// www\. (and not with ignoreCase, where each code point of a string is
// a class). Any other expression, or one that does not compile, is of
// OtherShape.
func ShapeOf(src string, ignoreCase bool) Shape {
	tree, names, err := parseJSRegexp(src, ignoreCase)
	if err != nil || len(names) > 1 {
		return Shape{}
	}
	switch tree.kind {
	case reSet:
		return Shape{Kind: ClassShape, Class: Class{tree.set}, Min: 1, Max: 1}
	case reRepeat:
		if sub := tree.subs[0]; sub.kind == reSet {
			return Shape{Kind: ClassShape, Class: Class{sub.set}, Min: tree.min, Max: tree.max}
		}
	case reConcat:
		if s, ok := literalString(tree); ok && !ignoreCase && s != "" {
			return Shape{Kind: ChoiceShape, Alts: []string{s}}
		}
	case reAlt:
		if ignoreCase {
			return Shape{}
		}
		var alts []string
		for _, a := range tree.subs {
			s, ok := literalString(a)
			if !ok || s == "" {
				return Shape{}
			}
			alts = append(alts, s)
		}
		// A string that is a prefix of another is one of the string that
		// follows it in sorted order.
		sorted := slices.Sorted(slices.Values(alts))
		for i := 1; i < len(sorted); i++ {
			if strings.HasPrefix(sorted[i], sorted[i-1]) {
				return Shape{}
			}
		}
		return Shape{Kind: ChoiceShape, Alts: alts}
	}
	return Shape{}
}

// literalString returns the string a node of single code points matches.
func literalString(n *reNode) (string, bool) {
	single := func(s *reNode) (rune, bool) {
		if s.kind == reSet && len(s.set.ranges) == 1 && s.set.ranges[0].lo == s.set.ranges[0].hi {
			return s.set.ranges[0].lo, true
		}
		return 0, false
	}
	if r, ok := single(n); ok {
		return string(r), true
	}
	if n.kind != reConcat {
		return "", false
	}
	b := make([]byte, 0, len(n.subs))
	for _, s := range n.subs {
		r, ok := single(s)
		if !ok {
			return "", false
		}
		b = utf8.AppendRune(b, r)
	}
	return string(b), true
}

// IsIdentifierCodePoint reports whether c may be in a group name, first
// or not: JavaScript's IdentifierStart and IdentifierPart (without
// escapes), which a URL pattern's group names follow too.
// https://tc39.es/ecma262/#prod-RegExpIdentifierName
// https://urlpattern.spec.whatwg.org/#is-a-valid-name-code-point
func IsIdentifierCodePoint(c rune, first bool) bool {
	if c == '$' || c == '_' || isIDStart(c) {
		return true
	}
	if first {
		return false
	}
	return c == '\u200C' || c == '\u200D' || isIDContinue(c)
}

// isIDStart reports whether c has Unicode's ID_Start property: letters,
// letter numbers and Other_ID_Start, less Pattern_Syntax and
// Pattern_White_Space.
func isIDStart(c rune) bool {
	if c < utf8.RuneSelf {
		return 'a' <= c|0x20 && c|0x20 <= 'z'
	}
	return (unicode.IsLetter(c) || unicode.Is(unicode.Nl, c) || unicode.Is(unicode.Other_ID_Start, c)) &&
		!unicode.Is(unicode.Pattern_Syntax, c) && !unicode.Is(unicode.Pattern_White_Space, c)
}

// isIDContinue reports whether c has Unicode's ID_Continue property.
func isIDContinue(c rune) bool {
	if c < utf8.RuneSelf {
		return 'a' <= c|0x20 && c|0x20 <= 'z' || '0' <= c && c <= '9' || c == '_'
	}
	return isIDStart(c) || (unicode.In(c, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc) || unicode.Is(unicode.Other_ID_Continue, c)) &&
		!unicode.Is(unicode.Pattern_Syntax, c) && !unicode.Is(unicode.Pattern_White_Space, c)
}
