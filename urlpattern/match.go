package urlpattern

import "strings"

// This file is the shortcut layer of matching: the shapes of pattern
// string that need no regular expression, matched by a scan that gives
// the same groups as the standard's expression. FuzzShortcuts checks it
// against the expression, and BenchmarkTestURL measures it.

// A seqItem is a piece of a kindSeq component: fixed text, or a group.
type seqItem struct {
	kind seqKind
	lit  string
}

type seqKind uint8

const (
	seqLit     seqKind = iota
	seqSegment         // ":name", [^delimiter]+? (lazy)
	seqFull            // "*", .* (greedy)
)

// chooseShortcut sets how c matches when its parts allow a shortcut:
// fixed text and ":name" or "*" groups, none with a modifier, with each
// group's end decided by what follows it. A ":name" group, lazy and
// stopping at the delimiter, ends at the next delimiter when fixed text
// starting with the delimiter follows it, or at the end when nothing
// does; a "*" group, greedy, ends before the fixed text that ends the
// pattern, or at the end. Anything else (regular expression groups,
// modifiers, a group followed by text it could also match) runs the
// regular expression.
func (c *component) chooseShortcut() {
	var items []seqItem
	addLit := func(s string) {
		if s == "" {
			return
		}
		if n := len(items); n > 0 && items[n-1].kind == seqLit {
			items[n-1].lit += s
			return
		}
		items = append(items, seqItem{kind: seqLit, lit: s})
	}
	for _, p := range c.parts {
		if p.mod != modNone {
			return
		}
		switch p.typ {
		case partFixedText:
			addLit(p.value)
		case partSegmentWildcard, partFullWildcard:
			addLit(p.prefix)
			kind := seqSegment
			if p.typ == partFullWildcard {
				kind = seqFull
			}
			items = append(items, seqItem{kind: kind})
			addLit(p.suffix)
		default:
			return
		}
	}
	for i, it := range items {
		last := i == len(items)-1
		switch it.kind {
		case seqSegment:
			if !last && (c.opts.delimiter == "" || !strings.HasPrefix(items[i+1].lit, c.opts.delimiter)) {
				return
			}
		case seqFull:
			if !last && i+2 != len(items) {
				return
			}
		}
	}
	switch {
	case len(items) == 0:
		c.kind, c.fixed = kindExact, ""
	case len(items) == 1 && items[0].kind == seqLit:
		c.kind, c.fixed = kindExact, items[0].lit
	case len(items) == 1 && items[0].kind == seqFull:
		c.kind = kindAny
	default:
		c.kind, c.seq = kindSeq, items
	}
}

// matchSeq matches input against a kindSeq component and appends each
// group's start and end to spans; nil when it does not match.
func (c *component) matchSeq(input string, spans []int) []int {
	pos := 0
	fold := c.opts.ignoreCase
	for i, it := range c.seq {
		last := i == len(c.seq)-1
		switch it.kind {
		case seqLit:
			if !hasPrefix(input[pos:], it.lit, fold) {
				return nil
			}
			pos += len(it.lit)
		case seqSegment:
			end := len(input)
			if c.opts.delimiter == "" {
				// [^]+?, last: the rest, one code point at least.
			} else if j := strings.Index(input[pos:], c.opts.delimiter); j >= 0 {
				if last {
					return nil // the group cannot hold the delimiter
				}
				end = pos + j
			} else if !last {
				return nil // the text after it starts with the delimiter
			}
			if end == pos {
				return nil // the group matches one code point at least
			}
			spans = append(spans, pos, end)
			pos = end
		case seqFull:
			end := len(input)
			if !last {
				lit := c.seq[i+1].lit
				if len(input)-pos < len(lit) {
					return nil
				}
				end -= len(lit)
			}
			spans = append(spans, pos, end)
			pos = end
		}
	}
	if pos != len(input) {
		return nil
	}
	return spans
}

// hasPrefix reports whether s starts with prefix, ASCII case-insensitively
// if fold (the pattern's fixed text and the input are ASCII; for others,
// Unicode simple folding, as JavaScript's i flag).
func hasPrefix(s, prefix string, fold bool) bool {
	if len(s) < len(prefix) {
		return false
	}
	if fold {
		return strings.EqualFold(s[:len(prefix)], prefix)
	}
	return s[:len(prefix)] == prefix
}
