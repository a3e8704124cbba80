package urlpattern

import (
	"iter"
	"math/bits"
	"strings"

	"github.com/weburl/weburl"
)

// A Set matches a URL against many patterns at once: a router's routes, a
// crawler's allow and deny lists. Its answers are those of TestURL on each
// pattern in order (the semantics of the URLPatternList proposal,
// whatwg/urlpattern#166), but it tests only the patterns a URL can match
// by its host and the start of its path: an index by the hostname (an
// exact host, or a "*." suffix) and by the fixed text the pathname pattern
// starts with picks them, in a few lookups, before any is run. A Set is
// safe for concurrent use; it does not change after NewSet.
type Set struct {
	patterns []*Pattern
	words    int // of each bit set, one bit per pattern

	hostExact  strTable // by hostname
	hostSuffix strTable // by the suffix a "*.example.com" hostname pattern needs, ".example.com"
	hostOther  []word   // patterns whose hostname pattern is neither
	firstSeg   strTable // by the first segment of every pathname matched, when one
	segOther   []word   // patterns whose pathnames may start with any segment
	slashes    [][]word // by the number of "/" in every pathname matched, when one
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
	s.segOther = make([]word, s.words)
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
		if seg, ok := firstSegment(p.comps[Pathname]); ok {
			s.firstSeg.add(seg, i, s.words)
		} else {
			s.segOther[i/wordBits] |= 1 << (i % wordBits)
		}
		if n := p.comps[Pathname].slashes(); n >= 0 && n < 64 {
			for len(s.slashes) <= n {
				s.slashes = append(s.slashes, make([]word, s.words))
			}
			s.slashes[n][i/wordBits] |= 1 << (i % wordBits)
		} else {
			s.slashOther[i/wordBits] |= 1 << (i % wordBits)
		}
	}
	return s
}

// firstSegment returns the first segment of every pathname c matches,
// the text between its first two "/", and true, when the pattern's fixed
// start holds them both (or, for an exact pathname or one whose last part
// may be absent, the first "/" and the end); "" and false otherwise, and
// with ignoreCase.
func firstSegment(c *component) (string, bool) {
	if c.opts.ignoreCase {
		return "", false
	}
	prefix := ""
	if c.kind == kindExact {
		prefix = c.fixed
		if strings.Count(prefix, "/") == 1 && prefix[0] == '/' {
			return prefix[1:], true
		}
	} else {
		var b strings.Builder
		for i, p := range c.parts {
			if p.mod != modNone {
				// A last part that starts with "/", optional or
				// repeated ("/account/:tab?"), leaves the fixed text
				// before it a whole first segment.
				if i == len(c.parts)-1 && strings.HasPrefix(p.prefix, "/") {
					b.WriteString("/")
				}
				break
			}
			if p.typ == partFixedText {
				b.WriteString(p.value)
				continue
			}
			b.WriteString(p.prefix)
			break
		}
		prefix = b.String()
	}
	if len(prefix) < 2 || prefix[0] != '/' {
		return "", false
	}
	seg, _, ok := strings.Cut(prefix[1:], "/")
	return seg, ok
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
		for w, c := range cands[:s.candidates(u, w0, &cands)] {
			for ; c != 0; c &= c - 1 {
				i := (w0+w)*wordBits + bits.TrailingZeros(c)
				if s.patterns[i].TestURL(u) {
					return i, true
				}
			}
		}
	}
	return -1, false
}

// All returns the indexes of every pattern that TestURL(u) would accept,
// in order.
func (s *Set) All(u *weburl.URL) iter.Seq[int] {
	return func(yield func(int) bool) {
		if u == nil || u.Href() == "" {
			return
		}
		var cands [chunkWords]word
		for w0 := 0; w0 < s.words; w0 += chunkWords {
			for w, c := range cands[:s.candidates(u, w0, &cands)] {
				for ; c != 0; c &= c - 1 {
					i := (w0+w)*wordBits + bits.TrailingZeros(c)
					if s.patterns[i].TestURL(u) && !yield(i) {
						return
					}
				}
			}
		}
	}
}

// A word is a word of a bit set of patterns, one bit each: the machine's
// word, so that a set costs no more on a 32-bit platform.
type word = uint

const wordBits = bits.UintSize

// chunkWords is how many words of a bit set candidates computes at a
// time: the patterns of a set are taken 4 words at a time, so that Match
// needs no more than a small array, whatever the set's size.
const chunkWords = 4

// candidates sets dst to the patterns u may match, by its host and the
// start of its path, among those of the chunkWords words from w0 on, and
// returns the number of words it set.
func (s *Set) candidates(u *weburl.URL, w0 int, dst *[chunkWords]word) int {
	n := min(s.words-w0, chunkWords)
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
		return n
	}
	path := u.Pathname()
	var bySeg, bySlashes []word
	if len(path) > 0 && path[0] == '/' {
		seg := path[1:]
		if i := strings.IndexByte(seg, '/'); i >= 0 {
			seg = seg[:i]
		}
		if b := s.firstSeg.get(seg); b != nil {
			bySeg = b[w0:]
		}
	}
	if k := strings.Count(path, "/"); k < len(s.slashes) {
		bySlashes = s.slashes[k][w0:]
	}
	for w := range cands {
		seg, slashes := s.segOther[w0+w], s.slashOther[w0+w]
		if bySeg != nil {
			seg |= bySeg[w]
		}
		if bySlashes != nil {
			slashes |= bySlashes[w]
		}
		cands[w] &= seg & slashes
	}
	return n
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

// A strTable maps strings to bit sets, with a hash of a string's length
// and three of its bytes, cheaper than a map's for the short keys of a
// Set (hosts, suffixes, path segments).
type strTable struct {
	slots []strEntry // a power of two long, at most half full
	n     int
}

type strEntry struct {
	key  string
	bits []word
	used bool
}

func strHash(s string) uint32 {
	h := uint32(len(s)) * 0x9E3779B1
	if len(s) > 0 {
		h ^= uint32(s[0])*0x85EBCA6B ^ uint32(s[len(s)-1])*0xC2B2AE35 ^ uint32(s[len(s)/2])*0x27D4EB2F
	}
	return h ^ h>>15
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
