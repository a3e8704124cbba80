package jsregexp

import (
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// A runeRange is the code points lo to hi, both included.
type runeRange struct{ lo, hi rune }

// A charSet is what a JavaScript character class matches: a set of code
// points, as sorted ranges that neither overlap nor touch, and, with the
// v flag's \q{...}, strings of other lengths than one code point.
type charSet struct {
	ranges []runeRange
	strs   []string // sorted, no duplicates
}

const maxRune = unicode.MaxRune

// normalize sorts and merges s's ranges and strings, making a string of
// one code point a range.
func (s *charSet) normalize() {
	var strs []string
	for _, str := range s.strs {
		if r, size := utf8.DecodeRuneInString(str); size == len(str) && size > 0 {
			s.ranges = append(s.ranges, runeRange{r, r})
		} else {
			strs = append(strs, str)
		}
	}
	slices.Sort(strs)
	s.strs = slices.Compact(strs)
	slices.SortFunc(s.ranges, func(a, b runeRange) int { return int(a.lo - b.lo) })
	out := s.ranges[:0]
	for _, r := range s.ranges {
		if n := len(out); n > 0 && r.lo <= out[n-1].hi+1 {
			out[n-1].hi = max(out[n-1].hi, r.hi)
			continue
		}
		out = append(out, r)
	}
	s.ranges = out
}

func (s *charSet) addRange(lo, hi rune) { s.ranges = append(s.ranges, runeRange{lo, hi}) }

func (s *charSet) addTable(t *unicode.RangeTable) {
	for _, r := range t.R16 {
		s.addStrided(rune(r.Lo), rune(r.Hi), rune(r.Stride))
	}
	for _, r := range t.R32 {
		s.addStrided(rune(r.Lo), rune(r.Hi), rune(r.Stride))
	}
}

func (s *charSet) addStrided(lo, hi, stride rune) {
	if stride == 1 {
		s.addRange(lo, hi)
		return
	}
	for r := lo; r <= hi; r += stride {
		s.addRange(r, r)
	}
}

func (s *charSet) contains(r rune) bool {
	_, found := slices.BinarySearchFunc(s.ranges, r, func(rr runeRange, r rune) int {
		switch {
		case rr.hi < r:
			return -1
		case rr.lo > r:
			return 1
		}
		return 0
	})
	return found
}

// union returns a ∪ b.
func union(a, b *charSet) *charSet {
	s := &charSet{ranges: append(slices.Clone(a.ranges), b.ranges...), strs: append(slices.Clone(a.strs), b.strs...)}
	s.normalize()
	return s
}

// complement returns the code points not in s, which has no strings.
func complement(s *charSet) *charSet {
	out := &charSet{}
	next := rune(0)
	for _, r := range s.ranges {
		if r.lo > next {
			out.addRange(next, r.lo-1)
		}
		next = r.hi + 1
	}
	if next <= maxRune {
		out.addRange(next, maxRune)
	}
	return out
}

// intersect returns a ∩ b.
func intersect(a, b *charSet) *charSet {
	out := &charSet{}
	i, j := 0, 0
	for i < len(a.ranges) && j < len(b.ranges) {
		lo, hi := max(a.ranges[i].lo, b.ranges[j].lo), min(a.ranges[i].hi, b.ranges[j].hi)
		if lo <= hi {
			out.addRange(lo, hi)
		}
		if a.ranges[i].hi < b.ranges[j].hi {
			i++
		} else {
			j++
		}
	}
	for _, str := range a.strs {
		if _, ok := slices.BinarySearch(b.strs, str); ok {
			out.strs = append(out.strs, str)
		}
	}
	return out
}

// subtract returns a − b.
func subtract(a, b *charSet) *charSet {
	out := intersect(a, complement(&charSet{ranges: b.ranges}))
	out.strs = nil
	for _, str := range a.strs {
		if _, ok := slices.BinarySearch(b.strs, str); !ok {
			out.strs = append(out.strs, str)
		}
	}
	return out
}

// foldClosure returns s with every code point's simple case folding
// equivalents added, and each string's code points folded to one of
// theirs (the smallest): what a class matches under the i flag, where
// JavaScript compares the simple case foldings of the input and the
// class (Canonicalize with unicode sets).
func foldClosure(s *charSet) *charSet {
	out := &charSet{ranges: slices.Clone(s.ranges)}
	// The cased code points in each range, found by binary search in the
	// sorted list of them: a set costs what it holds of them, not the
	// whole list (a literal under the i flag one search).
	cased := casedRunes()
	for _, r := range s.ranges {
		i, _ := slices.BinarySearch(cased, r.lo)
		for ; i < len(cased) && cased[i] <= r.hi; i++ {
			out.addOrbit(cased[i])
		}
	}
	for _, str := range s.strs {
		out.strs = append(out.strs, foldString(str))
	}
	out.normalize()
	return out
}

// casedRunes returns the code points whose simple case folding orbit
// holds another, in order.
var casedRunes = sync.OnceValue(func() []rune {
	var rs []rune
	for c := rune(0); c <= 0x1FFFF; c++ {
		if unicode.SimpleFold(c) != c {
			rs = append(rs, c)
		}
	}
	return rs
})

// addOrbit adds the code points that fold together with c.
func (s *charSet) addOrbit(c rune) {
	for f := unicode.SimpleFold(c); f != c; f = unicode.SimpleFold(f) {
		s.addRange(f, f)
	}
}

// foldRune returns the smallest code point of c's case folding orbit.
func foldRune(c rune) rune {
	m := c
	for f := unicode.SimpleFold(c); f != c; f = unicode.SimpleFold(f) {
		m = min(m, f)
	}
	return m
}

func foldString(s string) string {
	var b strings.Builder
	for _, r := range s {
		b.WriteRune(foldRune(r))
	}
	return b.String()
}
