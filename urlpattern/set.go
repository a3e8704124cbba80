package urlpattern

import (
	"iter"
	"math/bits"
	"strings"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/ascii"
)

// A Set matches a URL against many patterns at once: a router's routes, a
// crawler's allow and deny lists. Its answers are those of TestURL on each
// pattern in order (the semantics of the URLPatternList proposal,
// whatwg/urlpattern#166), but it tests only the patterns a URL can match
// by its host and its path's segments: an index by the hostname (an exact
// host, or a "*." suffix), by the text of each of the first segments that
// the pathname pattern fixes (so that "/:lang/docs/:page" is found by its
// second segment), and by the number of "/" picks them, in a few lookups,
// before any is run. A Set is safe for concurrent use; it does not change
// after NewSet.
type Set struct {
	patterns []*Pattern
	words    int // of each bit set, one bit per pattern

	hostExact  strTable // by hostname
	hostSuffix strTable // by the suffix a "*.example.com" hostname pattern needs, ".example.com"
	hostOther  []word   // patterns whose hostname pattern is neither
	// segText[k] holds the patterns by the text every pathname they match
	// has as its segment k (from 0, after the first "/"), when there is
	// one; segFree[k] those that do not fix it; segLens[k] the lengths of
	// segText[k]'s keys, one bit each (longer keys in bit 63).
	segText []strTable
	segFree [][]word
	segLens []uint64
	// litFrom[k] holds the patterns with a fixed text at segment k or
	// after: where none of the candidates is one, the segments from k on
	// cannot narrow them.
	litFrom [][]word
	// decided are the patterns whose hostname and pathname the index
	// decides, up to what entries says of each; Match tests only the
	// other components of those.
	decided    []word
	entries    []setEntry
	slashes    [][]word // by the number of "/" in the pathnames matched, when one or a few ("/a/:b?")
	slashOther []word   // patterns whose pathnames have any number of "/"
	// exactLens and suffixLens are the lengths of the keys of hostExact
	// and hostSuffix (up to 255), one bit each, to look up only hosts
	// and suffixes of a length that some key has.
	exactLens, suffixLens [4]uint64
}

// NewSet returns a set of the patterns, in the order given. A nil
// pattern matches nothing.
func NewSet(patterns ...*Pattern) *Set {
	s := &Set{
		patterns: patterns,
		words:    (len(patterns) + wordBits - 1) / wordBits,
	}
	s.hostOther = make([]word, s.words)
	s.slashOther = make([]word, s.words)
	s.decided = make([]word, s.words)
	s.entries = make([]setEntry, len(patterns))
	for i, p := range patterns {
		if p == nil {
			continue
		}
		host := p.comps[Hostname]
		switch {
		case host.kind == kindExact && len(host.fixed) < 256:
			s.hostExact.add(host.fixed, i, s.words)
			s.exactLens[len(host.fixed)/64] |= 1 << (len(host.fixed) % 64)
		case host.kind == kindSeq && len(host.seq) == 2 && host.seq[0].kind == seqFull && strings.HasPrefix(host.seq[1].lit, ".") && len(host.seq[1].lit) < 256:
			suffix := host.seq[1].lit
			s.hostSuffix.add(suffix, i, s.words)
			s.suffixLens[len(suffix)/64] |= 1 << (len(suffix) % 64)
		default:
			s.hostOther[i/wordBits] |= 1 << (i % wordBits)
		}
		segs, shape, opt := pathShape(p.comps[Pathname])
		e := &s.entries[i]
		for k, seg := range segs {
			for len(s.segText) <= k {
				// A segment no pattern fixed so far leaves them all free.
				free := make([]word, s.words)
				for j := range i {
					if patterns[j] != nil {
						free[j/wordBits] |= 1 << (j % wordBits)
					}
				}
				s.segText = append(s.segText, strTable{})
				s.segFree = append(s.segFree, free)
				s.segLens = append(s.segLens, 0)
				s.litFrom = append(s.litFrom, make([]word, s.words))
			}
			if seg.any {
				s.segFree[k][i/wordBits] |= 1 << (i % wordBits)
				e.anyAt |= 1 << k
			} else {
				s.segText[k].add(seg.text, i, s.words)
				s.segLens[k] |= 1 << min(len(seg.text), 63)
				for j := 0; j <= k; j++ {
					s.litFrom[j][i/wordBits] |= 1 << (i % wordBits)
				}
			}
		}
		for k := len(segs); k < len(s.segFree); k++ {
			s.segFree[k][i/wordBits] |= 1 << (i % wordBits)
		}
		// The host is decided by an exact or "*." index, or any; the
		// path by its shape.
		hostDecided := host.kind == kindExact && len(host.fixed) < 256 || host.kind == kindAny ||
			host.kind == kindSeq && len(host.seq) == 2 && host.seq[0].kind == seqFull && strings.HasPrefix(host.seq[1].lit, ".") && len(host.seq[1].lit) < 256
		if hostDecided && shape != shapeOpen {
			s.decided[i/wordBits] |= 1 << (i % wordBits)
			e.rooted, e.minSlashes = shape != shapeAny, -1
			if shape == shapePrefix {
				e.minSlashes = int8(len(segs) + 1)
			}
			for _, ch := range p.checks {
				if ch.comp != Hostname && ch.comp != Pathname {
					e.others = append(e.others, newSetCheck(ch))
				}
			}
		}
		n, m := p.comps[Pathname].slashes(), 0
		if opt > 0 {
			n, m = len(segs)-opt, opt // "/a/:b?" has one or two "/"
		}
		if n >= 0 && n+m < 64 {
			for len(s.slashes) <= n+m {
				s.slashes = append(s.slashes, make([]word, s.words))
			}
			for k := n; k <= n+m; k++ {
				s.slashes[k][i/wordBits] |= 1 << (i % wordBits)
			}
		} else {
			s.slashOther[i/wordBits] |= 1 << (i % wordBits)
		}
	}
	return s
}

// A segShape is what every pathname a pattern matches has as one of its
// segments: the text, or any text without "/" (any).
type segShape struct {
	text string
	any  bool
}

// maxSegs is how many of a path's first segments a Set indexes.
const maxSegs = 8

// A pathShapeKind says how much of every pathname a pattern matches its
// segShapes say.
type pathShapeKind uint8

const (
	shapeOpen     pathShapeKind = iota // what follows them is not known
	shapeComplete                      // they are the whole pathname, each a fixed text or a ":name" group alone
	shapePrefix                        // the same, followed by "/" and anything: "/docs/*"
	shapeAny                           // anything: "*"
)

// pathShape returns the shapes of the first segments of every pathname c
// matches, up to the first part with a modifier, a "*" or a regexp group
// (which may match "/"): "/v1/:org/repos/*" gives v1, any, repos. Nothing
// with ignoreCase, or for a pathname that does not start with "/". The
// kind says whether they are all there is: "/v1/:org/repos" is complete
// (a ":name" group alone in its segment matches exactly the segments that
// are not empty), "/v1/repos/*" a prefix. A complete pathname may end in
// opt optional segments, "/:name?" each ("/posts/:id/:page?"): its
// pathnames have len(segs)-opt to len(segs) segments, and each of those
// that is there is not empty.
func pathShape(c *component) (segs []segShape, kind pathShapeKind, opt int) {
	if c.opts.ignoreCase {
		return nil, shapeOpen, 0
	}
	var cur strings.Builder
	inSeg, anyText, pure, exact := false, false, false, true
	// text adds fixed text: each "/" ends a segment and starts one.
	text := func(t string) bool {
		for {
			slash := strings.IndexByte(t, '/')
			if slash < 0 {
				cur.WriteString(t)
				pure = pure && t == ""
				return inSeg || t == ""
			}
			if !inSeg && slash > 0 {
				return false // text before the first "/"
			}
			if inSeg {
				cur.WriteString(t[:slash])
				pure = pure && slash == 0
				exact = exact && (!anyText || pure) && len(segs) < maxSegs
				if len(segs) < maxSegs {
					segs = append(segs, segShape{text: cur.String(), any: anyText})
				}
			}
			cur.Reset()
			inSeg, anyText, t = true, false, t[slash+1:]
		}
	}
	parts := c.parts
	if c.kind == kindExact {
		parts = []part{{typ: partFixedText, value: c.fixed}}
	}
	for i, p := range parts {
		switch {
		case p.typ == partFullWildcard && p.mod == modNone && p.suffix == "" && i == len(parts)-1:
			// "*" last: anything follows the text before it.
			if !text(p.prefix) {
				return nil, shapeOpen, 0
			}
			switch {
			case i == 0 && p.prefix == "":
				return nil, shapeAny, 0
			case exact && inSeg && cur.Len() == 0 && !anyText:
				return segs, shapePrefix, 0 // "*" after a "/"
			}
			return segs, shapeOpen, 0
		case optionalSegments(parts[i:]) && inSeg && len(segs)+len(parts)-i < maxSegs:
			// "/:name?" to the end: the segment so far ends, and each
			// group may add one.
			if !(exact && (!anyText || pure)) {
				return segs, shapeOpen, 0
			}
			segs = append(segs, segShape{text: cur.String(), any: anyText})
			for range parts[i:] {
				segs = append(segs, segShape{any: true})
			}
			return segs, shapeComplete, len(parts) - i
		case p.mod != modNone || p.typ == partFullWildcard || p.typ == partRegexp:
			// What follows may hold "/": the segment so far is a prefix.
			text(p.prefix)
			return segs, shapeOpen, 0
		case p.typ == partFixedText:
			if !text(p.value) {
				return nil, shapeOpen, 0
			}
		default: // a ":name" group: text without "/"
			if !text(p.prefix) {
				return nil, shapeOpen, 0
			}
			pure = cur.Len() == 0 && !anyText // alone in its segment so far
			anyText = true
			text(p.suffix)
		}
	}
	if !inSeg {
		return segs, shapeOpen, 0
	}
	exact = exact && (!anyText || pure) && len(segs) < maxSegs
	if len(segs) < maxSegs {
		segs = append(segs, segShape{text: cur.String(), any: anyText})
	}
	if exact {
		return segs, shapeComplete, 0
	}
	return segs, shapeOpen, 0
}

// optionalSegments reports whether every part of parts is an optional
// ":name" group alone in a segment of its own: "/:name?".
func optionalSegments(parts []part) bool {
	for _, p := range parts {
		if p.typ != partSegmentWildcard || p.mod != modOptional || p.prefix != "/" || p.suffix != "" {
			return false
		}
	}
	return len(parts) > 0
}

// A setEntry is what a Set knows of one of its patterns that the index
// decides but for the segments of the path a ":name" group takes alone
// (anyAt, one bit each: they must not be empty), whether the path must
// start with "/" (rooted), the number of "/" a prefix shape needs
// (minSlashes, -1 for none), and the components the index does not look
// at.
type setEntry struct {
	anyAt      uint8
	rooted     bool // the path must start with "/"
	minSlashes int8
	others     []setCheck
}

// A setCheck is a component to check: at most two strings (one, two),
// or any other pattern (c).
type setCheck struct {
	comp     Component
	c        *component
	one, two string
	finite   bool
}

// newSetCheck returns ch as a setCheck: "http{s}?" is "http" or "https".
func newSetCheck(ch check) setCheck {
	sc := setCheck{comp: ch.comp, c: ch.c}
	switch c := ch.c; {
	case c.opts.ignoreCase:
	case c.kind == kindExact:
		sc.one, sc.two, sc.finite = c.fixed, c.fixed, true
	case c.kind == kindSeq && len(c.seq) == 2 && c.seq[0].kind == seqLit && c.seq[1].kind == seqOptLit:
		sc.one, sc.two, sc.finite = c.seq[0].lit, c.seq[0].lit+c.seq[1].lit, true
	}
	return sc
}

// Len returns the number of patterns in the set.
func (s *Set) Len() int { return len(s.patterns) }

// Pattern returns the i-th pattern of the set.
func (s *Set) Pattern(i int) *Pattern { return s.patterns[i] }

// Match returns the index of the first pattern, in the order given to
// NewSet, that TestURL(u) would accept, and true; or -1 and false.
func (s *Set) Match(u *weburl.URL) (index int, ok bool) {
	if u == nil || u.Href() == "" {
		return -1, false
	}
	var cands [chunkWords]word
	for w0 := 0; w0 < s.words; w0 += chunkWords {
		n, path := s.candidates(u, w0, &cands)
		for w, c := range cands[:n] {
			for ; c != 0; c &= c - 1 {
				if i := (w0+w)*wordBits + bits.TrailingZeros(c); s.test(i, u, path) {
					return i, true
				}
			}
		}
	}
	return -1, false
}

// Exec returns the index of the first pattern, in the order given to
// NewSet, that matches u, and its result, as that pattern's ExecURL(u)
// gives it, from one match: -1 and nil when none matches. A router gets
// the route and its groups at once; the groups hold the URL's
// components as they are, percent-encoded ("/users/ada%20l" gives the id
// "ada%20l"), as JavaScript's URLPattern gives them.
func (s *Set) Exec(u *weburl.URL) (int, *Result) {
	if u == nil || u.Href() == "" {
		return -1, nil
	}
	var cands [chunkWords]word
	var v *values
	for w0 := 0; w0 < s.words; w0 += chunkWords {
		n, path := s.candidates(u, w0, &cands)
		for w, c := range cands[:n] {
			for ; c != 0; c &= c - 1 {
				i := (w0+w)*wordBits + bits.TrailingZeros(c)
				if !s.decidedBit(i) {
					// A pattern the index does not decide: one match,
					// that of exec, which captures.
					if v == nil {
						uv := urlValues(u)
						v = &uv
					}
					if r := s.patterns[i].exec(v); r != nil {
						return i, r
					}
					continue
				}
				if s.test(i, u, path) {
					uv := urlValues(u)
					return i, s.patterns[i].capture(&uv)
				}
			}
		}
	}
	return -1, nil
}

// decidedBit reports whether the index decides pattern i (see Set.decided).
func (s *Set) decidedBit(i int) bool { return s.decided[i/wordBits]&(1<<(i%wordBits)) != 0 }

// All returns the indexes of every pattern that TestURL(u) would accept,
// in order.
func (s *Set) All(u *weburl.URL) iter.Seq[int] {
	return func(yield func(int) bool) {
		if u == nil || u.Href() == "" {
			return
		}
		var cands [chunkWords]word
		for w0 := 0; w0 < s.words; w0 += chunkWords {
			n, path := s.candidates(u, w0, &cands)
			for w, c := range cands[:n] {
				for ; c != 0; c &= c - 1 {
					if i := (w0+w)*wordBits + bits.TrailingZeros(c); s.test(i, u, path) && !yield(i) {
						return
					}
				}
			}
		}
	}
}

// A pathInfo is what candidates learns of a URL's path for test: which of
// its first segments are empty (one bit each), its number of "/", and
// whether it starts with "/".
type pathInfo struct {
	empty   uint8
	rooted  bool
	slashes int
}

// test reports whether pattern i, a candidate for u, matches it: for a
// pattern the index decides, whether what its entry says holds of u's
// path and its other components match; for any other, TestURL.
func (s *Set) test(i int, u *weburl.URL, path pathInfo) bool {
	if s.decided[i/wordBits]&(1<<(i%wordBits)) == 0 {
		return s.patterns[i].TestURL(u)
	}
	e := &s.entries[i]
	if e.anyAt&path.empty != 0 || e.rooted && !path.rooted || path.slashes < int(e.minSlashes) {
		return false
	}
	for k := range e.others {
		ch := &e.others[k]
		v := componentValue(u, ch.comp)
		if ch.finite {
			if v != ch.one && v != ch.two {
				return false
			}
		} else if !ch.c.match(v) {
			return false
		}
	}
	return true
}

// A word is a word of a bit set of patterns, one bit each: the machine's
// word, so that a set costs no more on a 32-bit platform.
type word = uint

const wordBits = bits.UintSize

// chunkWords is how many words of a bit set candidates computes at a
// time: the patterns of a set are taken 4 words at a time, so that Match
// needs no more than a small array, whatever the set's size.
const chunkWords = 4

// candidates sets dst to the patterns u may match, by its host and its
// path's segments, among those of the chunkWords words from w0 on, and
// returns the number of words it set and what it learned of u's path.
func (s *Set) candidates(u *weburl.URL, w0 int, dst *[chunkWords]word) (n int, info pathInfo) {
	n = min(s.words-w0, chunkWords)
	cands := dst[:n]
	copy(cands, s.hostOther[w0:])
	host := u.Hostname()
	if hasLen(&s.exactLens, len(host)) {
		if b := s.hostExact.get(host); b != nil {
			or(cands, b[w0:])
		}
	}
	if s.hostSuffix.n > 0 {
		for i := 0; i < len(host); i++ {
			if host[i] == '.' && hasLen(&s.suffixLens, len(host)-i) {
				if b := s.hostSuffix.get(host[i:]); b != nil {
					or(cands, b[w0:])
				}
			}
		}
	}
	any := word(0)
	for _, w := range cands {
		any |= w
	}
	if any == 0 {
		return n, info
	}
	path := u.Pathname()
	info.slashes = strings.Count(path, "/")
	info.rooted = len(path) > 0 && path[0] == '/'
	var bySlashes []word
	if info.slashes < len(s.slashes) {
		bySlashes = s.slashes[info.slashes][w0:]
	}
	for w := range cands {
		allowed := s.slashOther[w0+w]
		if bySlashes != nil {
			allowed |= bySlashes[w]
		}
		cands[w] &= allowed
	}
	// The segments, as far as the index goes.
	if !info.rooted {
		return n, info
	}
	rest := path[1:]
	for k := 0; k < len(s.segText); k++ {
		lit := word(0)
		for w := range cands {
			lit |= cands[w] & s.litFrom[k][w0+w]
		}
		seg := rest
		end := strings.IndexByte(rest, '/')
		if end >= 0 {
			seg, rest = rest[:end], rest[end+1:]
		}
		if seg == "" {
			info.empty |= 1 << k
		}
		if lit == 0 {
			// Every candidate takes any text here: only which segments
			// are empty matters.
			if end < 0 {
				break
			}
			continue
		}
		var byText []word
		if s.segLens[k]&(1<<min(len(seg), 63)) != 0 {
			byText = s.segText[k].get(seg)
		}
		free := s.segFree[k][w0:]
		any := word(0)
		for w := range cands {
			allowed := free[w]
			if byText != nil {
				allowed |= byText[w0+w]
			}
			cands[w] &= allowed
			any |= cands[w]
		}
		if any == 0 || end < 0 {
			break
		}
	}
	return n, info
}

// hasLen reports whether the bit of n is set in lens (n < 256).
func hasLen(lens *[4]uint64, n int) bool {
	return n < 256 && lens[n/64]&(1<<(n%64)) != 0
}

func or(dst, src []word) {
	for i := range dst {
		dst[i] |= src[i]
	}
}

// A strTable maps strings to bit sets, in open addressing with strHash:
// cheaper than a map's for the short keys of a Set (hosts, suffixes, path
// segments).
type strTable struct {
	slots []strEntry // a power of two long, at most half full
	n     int
}

type strEntry struct {
	key  string
	bits []word
	used bool
}

// strHash hashes s by its length and its first and last eight bytes
// (all of a key of up to 16 bytes, as most hosts' labels and path
// segments are), a few multiplications whatever its length.
func strHash(s string) uint32 {
	var a, b uint64
	switch n := len(s); {
	case n >= 8:
		a, b = ascii.Load64(s, 0), ascii.Load64(s, n-8)
	case n > 0:
		for i := 0; i < n; i++ {
			a = a<<8 | uint64(s[i])
		}
	}
	h := (a*0x9E3779B97F4A7C15 ^ b + uint64(len(s))) * 0xC2B2AE3D27D4EB4F
	return uint32(h >> 32)
}

// add sets bit i of key's bit set, of words words.
func (t *strTable) add(key string, i, words int) {
	if 2*(t.n+1) > len(t.slots) {
		old := t.slots
		t.slots = make([]strEntry, max(8, 2*len(old)))
		t.n = 0
		for _, e := range old {
			if e.used {
				*t.slot(e.key) = e
				t.n++
			}
		}
	}
	e := t.slot(key)
	if !e.used {
		*e = strEntry{key: key, bits: make([]word, words), used: true}
		t.n++
	}
	e.bits[i/wordBits] |= 1 << (i % wordBits)
}

// slot returns key's entry, or the free one where it goes.
func (t *strTable) slot(key string) *strEntry {
	mask := uint32(len(t.slots) - 1)
	for j := strHash(key) & mask; ; j = (j + 1) & mask {
		if e := &t.slots[j]; !e.used || e.key == key {
			return e
		}
	}
}

// get returns key's bit set, or nil.
func (t *strTable) get(key string) []word {
	if t.n == 0 {
		return nil
	}
	return t.slot(key).bits
}
