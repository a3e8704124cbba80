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

	hostExact  strTable   // by hostname
	hostSuffix strTable   // by the suffix a "*.example.com" hostname pattern needs, ".example.com"
	hostOther  []uint64   // patterns whose hostname pattern is neither
	firstSeg   strTable   // by the first segment of every pathname matched, when one
	segOther   []uint64   // patterns whose pathnames may start with any segment
	slashes    [][]uint64 // by the number of "/" in every pathname matched, when one
	slashOther []uint64   // patterns whose pathnames have any number of "/"
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
		words:    (len(patterns) + 63) / 64,
	}
	s.hostOther = make([]uint64, s.words)
	s.slashOther = make([]uint64, s.words)
	s.segOther = make([]uint64, s.words)
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
			s.hostOther[i/64] |= 1 << (i % 64)
		}
		if seg, ok := firstSegment(p.comps[Pathname]); ok {
			s.firstSeg.add(seg, i, s.words)
		} else {
			s.segOther[i/64] |= 1 << (i % 64)
		}
		if n := p.comps[Pathname].slashes(); n >= 0 && n < 64 {
			for len(s.slashes) <= n {
				s.slashes = append(s.slashes, make([]uint64, s.words))
			}
			s.slashes[n][i/64] |= 1 << (i % 64)
		} else {
			s.slashOther[i/64] |= 1 << (i % 64)
		}
	}
	return s
}

// firstSegment returns the first segment of every pathname c matches,
// the text between its first two "/", and true, when the pattern's fixed
// start holds them both (or, for an exact pathname, the first "/" and
// the end); "" and false otherwise, and with ignoreCase.
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
		for _, p := range c.parts {
			if p.mod != modNone {
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
	var stack [2 * 8]uint64
	cands := s.candidates(u, stack[:])
	for w, c := range cands {
		for ; c != 0; c &= c - 1 {
			i := w*64 + bits.TrailingZeros64(c)
			if s.patterns[i].TestURL(u) {
				return i, true
			}
		}
	}
	return -1, false
}

// All returns the indexes of every pattern that TestURL(u) would accept,
// in order.
func (s *Set) All(u *weburl.URL) iter.Seq[int] {
	return func(yield func(int) bool) {
		var stack [2 * 8]uint64
		cands := s.candidates(u, stack[:])
		for w, c := range cands {
			for ; c != 0; c &= c - 1 {
				i := w*64 + bits.TrailingZeros64(c)
				if s.patterns[i].TestURL(u) && !yield(i) {
					return
				}
			}
		}
	}
}

// candidates returns the patterns u may match, by its host and the start
// of its path, as a bit set: nil when none may. stack, of 16 words, holds
// the bit sets of a set of up to 512 patterns.
func (s *Set) candidates(u *weburl.URL, stack []uint64) []uint64 {
	if u == nil || u.Href() == "" || s.words == 0 {
		return nil
	}
	var hostBits, pathBits []uint64
	if s.words <= 8 {
		hostBits, pathBits = stack[:s.words], stack[8:8+s.words]
	} else {
		hostBits, pathBits = make([]uint64, s.words), make([]uint64, s.words)
	}
	copy(hostBits, s.hostOther)
	host := u.Hostname()
	if hasLen(&s.exactLens, len(host)) {
		if b := s.hostExact.get(host); b != nil {
			or(hostBits, b)
		}
	}
	if s.hostSuffix.n > 0 {
		for i := 0; i < len(host); i++ {
			if host[i] == '.' && hasLen(&s.suffixLens, len(host)-i) {
				if b := s.hostSuffix.get(host[i:]); b != nil {
					or(hostBits, b)
				}
			}
		}
	}
	any := uint64(0)
	for _, w := range hostBits {
		any |= w
	}
	if any == 0 {
		return nil
	}
	path := u.Pathname()
	copy(pathBits, s.segOther)
	if len(path) > 0 && path[0] == '/' {
		seg := path[1:]
		if i := strings.IndexByte(seg, '/'); i >= 0 {
			seg = seg[:i]
		}
		if b := s.firstSeg.get(seg); b != nil {
			or(pathBits, b)
		}
	}
	n := strings.Count(path, "/")
	for w := range hostBits {
		bySlashes := s.slashOther[w]
		if n < len(s.slashes) {
			bySlashes |= s.slashes[n][w]
		}
		hostBits[w] &= pathBits[w] & bySlashes
	}
	return hostBits
}

// hasLen reports whether the bit of n is set in lens (n < 256).
func hasLen(lens *[4]uint64, n int) bool {
	return n < 256 && lens[n/64]&(1<<(n%64)) != 0
}

func or(dst, src []uint64) {
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
	bits []uint64
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
		*e = strEntry{key: key, bits: make([]uint64, words), used: true}
		t.n++
	}
	e.bits[i/64] |= 1 << (i % 64)
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
func (t *strTable) get(key string) []uint64 {
	if t.n == 0 {
		return nil
	}
	return t.slot(key).bits
}
