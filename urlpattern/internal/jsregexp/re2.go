package jsregexp

import (
	"regexp"
	"strconv"
	"strings"
)

// This file translates a regular expression's tree into the syntax of
// Go's regexp, which matches the same strings: JavaScript's backtracking
// and Go's RE2 agree on whether a string matches (an empty iteration of a
// loop, which JavaScript refuses, consumes nothing either way), and on
// what each group captures unless a loop's body can match the empty
// string or a group sits in a loop that can run more than once (see
// exactCaptures); there the package captures with vm.go.

// maxRE2Repeat is the largest repetition count Go's regexp takes.
const maxRE2Repeat = 1000

// toRE2 returns the expression of n in Go's syntax: classes written out
// as code point ranges (case folding already applied), a capturing group
// for each of JavaScript's, in the same order.
func toRE2(n *reNode) (string, error) {
	var b strings.Builder
	if err := writeRE2(&b, n); err != nil {
		return "", err
	}
	return b.String(), nil
}

func writeRE2(b *strings.Builder, n *reNode) error {
	switch n.kind {
	case reEmpty:
		b.WriteString("(?:)")
	case reSet:
		writeRE2Class(b, n.set)
	case reConcat:
		for _, s := range n.subs {
			if err := writeRE2(b, s); err != nil {
				return err
			}
		}
	case reAlt:
		b.WriteString("(?:")
		for i, s := range n.subs {
			if i > 0 {
				b.WriteByte('|')
			}
			if err := writeRE2(b, s); err != nil {
				return err
			}
		}
		b.WriteByte(')')
	case reCapture, reGroup:
		if n.kind == reCapture {
			b.WriteByte('(')
		} else {
			b.WriteString("(?:")
		}
		if err := writeRE2(b, n.subs[0]); err != nil {
			return err
		}
		b.WriteByte(')')
	case reRepeat:
		if n.min > maxRE2Repeat || n.max > maxRE2Repeat {
			return &unsupportedError{msg: "a repetition count above " + strconv.Itoa(maxRE2Repeat)}
		}
		b.WriteString("(?:")
		if err := writeRE2(b, n.subs[0]); err != nil {
			return err
		}
		b.WriteByte(')')
		switch {
		case n.min == 0 && n.max < 0:
			b.WriteByte('*')
		case n.min == 1 && n.max < 0:
			b.WriteByte('+')
		case n.min == 0 && n.max == 1:
			b.WriteByte('?')
		case n.max < 0:
			b.WriteString("{" + strconv.Itoa(n.min) + ",}")
		case n.min == n.max:
			b.WriteString("{" + strconv.Itoa(n.min) + "}")
		default:
			b.WriteString("{" + strconv.Itoa(n.min) + "," + strconv.Itoa(n.max) + "}")
		}
		if !n.greedy {
			b.WriteByte('?')
		}
	case reAssert:
		switch n.assert {
		case assertStart:
			b.WriteString(`\A`)
		case assertEnd:
			b.WriteString(`\z`)
		case assertLineStart:
			// JavaScript's line terminators are \n, \r, U+2028 and U+2029;
			// Go's multiline mode knows \n only. The strings a component's
			// expression sees have none (see NOTES on the standard).
			b.WriteString(`(?m:^)`)
		case assertLineEnd:
			b.WriteString(`(?m:$)`)
		case assertWordBoundary:
			b.WriteString(`\b`)
		case assertNotWordBoundary:
			b.WriteString(`\B`)
		}
	}
	return nil
}

// writeRE2Class writes a class of code points.
func writeRE2Class(b *strings.Builder, s *charSet) {
	if len(s.ranges) == 0 {
		b.WriteString(`[^\x00-\x{10FFFF}]`)
		return
	}
	if len(s.ranges) == 1 && s.ranges[0].lo == s.ranges[0].hi {
		writeRE2Rune(b, s.ranges[0].lo)
		return
	}
	b.WriteByte('[')
	for _, r := range s.ranges {
		writeRE2Rune(b, r.lo)
		if r.hi > r.lo {
			b.WriteByte('-')
			writeRE2Rune(b, r.hi)
		}
	}
	b.WriteByte(']')
}

func writeRE2Rune(b *strings.Builder, r rune) {
	if r < 0x80 && ('0' <= r && r <= '9' || 'a' <= r|0x20 && r|0x20 <= 'z') {
		b.WriteRune(r)
		return
	}
	b.WriteString(`\x{`)
	b.WriteString(strconv.FormatInt(int64(r), 16))
	b.WriteByte('}')
}

// compileRE2 compiles n for Go's regexp.
func compileRE2(n *reNode) (*regexp.Regexp, error) {
	src, err := toRE2(n)
	if err != nil {
		return nil, err
	}
	re, err := regexp.Compile(src)
	if err != nil {
		// Go's limits (the program's size, nesting) on valid JavaScript.
		return nil, &unsupportedError{msg: "the expression is too large for Go's regexp: " + err.Error()}
	}
	return re, nil
}

// nullable reports whether n can match the empty string.
func (n *reNode) nullable() bool {
	switch n.kind {
	case reEmpty, reAssert:
		return true
	case reSet:
		return false
	case reConcat:
		for _, s := range n.subs {
			if !s.nullable() {
				return false
			}
		}
		return true
	case reAlt:
		for _, s := range n.subs {
			if s.nullable() {
				return true
			}
		}
		return false
	case reRepeat:
		return n.min == 0 || n.subs[0].nullable()
	}
	return n.subs[0].nullable()
}

// exactCaptures reports whether Go's regexp captures what JavaScript
// does for every string: true unless a loop can run an iteration past its
// minimum on a body that can match the empty string (JavaScript refuses
// such an iteration, and backtracks into the body for another way, which
// can move groups inside and after the loop), or a capturing group sits in
// a loop that can run more than once (JavaScript clears the loop's groups
// at each iteration; Go keeps what an earlier iteration captured).
func (n *reNode) exactCaptures() bool {
	switch n.kind {
	case reRepeat:
		body := n.subs[0]
		if n.max != n.min && body.nullable() {
			return false
		}
		if (n.max < 0 || n.max > 1) && body.firstCap <= body.lastCap {
			return false
		}
	}
	for _, s := range n.subs {
		if !s.exactCaptures() {
			return false
		}
	}
	return true
}
