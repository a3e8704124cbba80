// Package setindex is the index of a urlpattern.Set: what each pattern
// of a set says of the hostnames and pathnames it can match, and of their
// schemes and other components, and, for a URL, which patterns it can
// match by its hostname, the segments of its pathname, its scheme, which
// of its other components are empty and the text they start with, in a
// few lookups. It knows nothing of URL patterns: package urlpattern
// describes each pattern to it by a Host and Shapes.
package setindex

import (
	"math/bits"
	"strings"
	"unsafe"

	"github.com/weburl/weburl/internal/ascii"
)

// A HostKind is what an index knows of a pattern's hostnames.
type HostKind uint8

const (
	HostOther  HostKind = iota // unknown: any hostname may match
	HostAny                    // every hostname matches
	HostExact                  // the one hostname Host.Text
	HostSuffix                 // any hostname that ends with Host.Text (".example.com")
	HostDomain                 // Host.Text and any hostname that ends with "." and it ("{*.}?example.com")
)

// A Host is what a pattern says of the hostnames it matches.
type Host struct {
	Kind HostKind
	Text string
}

// Schemes is a set of URL schemes as an index tells them apart: one bit
// for each special scheme and one for every other scheme.
type Schemes uint8

const (
	SchemeHTTP Schemes = 1 << iota
	SchemeHTTPS
	SchemeWS
	SchemeWSS
	SchemeFTP
	SchemeFile
	SchemeOther // any scheme but the special ones

	numSchemes         = iota
	AllSchemes Schemes = 1<<numSchemes - 1
)

// SchemeOf returns the bit of a URL's scheme (lowercase, as a URL holds
// it; anything else is SchemeOther).
func SchemeOf(scheme string) Schemes {
	switch scheme {
	case "http":
		return SchemeHTTP
	case "https":
		return SchemeHTTPS
	case "ws":
		return SchemeWS
	case "wss":
		return SchemeWSS
	case "ftp":
		return SchemeFTP
	case "file":
		return SchemeFile
	}
	return SchemeOther
}

// Comps is a set of a URL's components other than its scheme, hostname
// and pathname, one bit each: those a pattern matches only when empty
// (Filter.Empty) or only when not (Filter.Filled), or those of a URL that
// are not empty (Index.Candidates).
type Comps uint8

const (
	CompPort     Comps = 1 << iota // empty: null (absent, or the scheme's default)
	CompUsername                   // empty: ""
	CompPassword                   // empty: ""
	CompSearch                     // empty: a null or empty query
	CompHash                       // empty: a null or empty fragment

	numComps = iota
)

// A Filter is what a pattern says of the schemes and other components of
// the URLs it matches, which an index checks before a pattern is visited:
// the schemes it can match; in Empty, the components it matches only when
// empty ("" in the pattern: the port "" matches only a null port, the
// search "" only a URL without a query or with an empty one); and in
// Filled, those it matches only when not empty (the port "8080", the
// search "q=*"), which it has to check too (Rest). Rest says
// that the pattern has other components to check (its username "ada",
// say), which the index does not know; without it, a pattern whose
// hostname and pathname the index decides is matched by the index alone
// (see First).
// RestOther says that it has one only for a URL whose scheme is not
// special: a protocol pattern ("http*") whose answer for the special
// schemes Schemes gives.
//
// Texts, by the bit of a component in Comps, say what text the
// component of every URL the pattern matches starts with, or is (the
// search "ring=alpine*" or "title=Main_Page", the port "8080"): the
// index leaves the pattern out for a URL whose component does not start
// with it, or is not it (see Values). They only narrow: Rest still says
// that those components are to be checked.
type Filter struct {
	Schemes   Schemes
	Empty     Comps
	Filled    Comps
	Rest      bool
	RestOther bool
	Texts     [numComps]Text
}

// A Text is what a Filter says of the text of a component: what it
// starts with, or, with Whole, is; none where Text is "".
type Text struct {
	Text  string
	Whole bool
}

// Values are the components of a URL other than its scheme, hostname
// and pathname, by their bit in Comps, as a pattern's Filter.Texts say
// them: the port, the username, the password, the search and the hash,
// the last two without their "?" and "#".
type Values [numComps]string

// A Seg is what a shape says of one segment of a pathname (the text
// between two "/", or after the last): its text, which has no "/"; with
// Any, any text that is not empty; with Prefix or Suffix, any text that
// starts or ends with Text.
type Seg struct {
	Text           string
	Any            bool
	Prefix, Suffix bool
	// Class, of an Any segment, is what its regexp group matches
	// ("/:id(\d+)"); the zero Class, any text.
	Class Class
}

// A Class is what a regexp group alone in its segment matches where it is
// a class with a count (\d+, [a-z]{2}) or a choice of fixed strings
// (en|fr): Min to Max bytes (Max -1: no bound), each of them in Bytes,
// bit c for the byte c (a URL's pathname is ASCII: the path states
// percent-encode every other byte); of a choice, one of Alts, the
// strings each followed by a NUL byte, which no pathname has. Min is at
// least 1; the zero Class is no class.
type Class struct {
	Bytes    [2]uint64
	Min, Max int
	Alts     string
}

// fits reports whether seg is of the class.
func (c *Class) fits(seg string) bool {
	if len(seg) < c.Min || c.Max >= 0 && len(seg) > c.Max {
		return false
	}
	for i := 0; i < len(seg); i++ {
		if b := seg[i]; b >= 0x80 || c.Bytes[b>>6]&(1<<(b&63)) == 0 {
			return false
		}
	}
	for alts := c.Alts; alts != ""; {
		end := strings.IndexByte(alts, 0)
		if alts[:end] == seg {
			return true
		}
		if alts = alts[end+1:]; alts == "" {
			return false
		}
	}
	return true
}

// ChoiceClass returns the Class of one of alts, or false if one of them
// is empty or not ASCII, or has "/" or NUL.
func ChoiceClass(alts []string) (Class, bool) {
	c := Class{Min: -1}
	var b strings.Builder
	for _, alt := range alts {
		if alt == "" {
			return Class{}, false
		}
		for i := 0; i < len(alt); i++ {
			x := alt[i]
			if x >= 0x80 || x == '/' || x == 0 {
				return Class{}, false
			}
			c.Bytes[x>>6] |= 1 << (x & 63)
		}
		if c.Min < 0 || len(alt) < c.Min {
			c.Min = len(alt)
		}
		c.Max = max(c.Max, len(alt))
		b.WriteString(alt)
		b.WriteByte(0)
	}
	if c.Min < 0 {
		return Class{}, false
	}
	c.Alts = b.String()
	return c, true
}

// A Shape is a set of pathnames a pattern matches: those that start with
// "/" and have Front as their first segments and Back as their last,
// with at least MinSegs segments and, if MaxSegs is not negative, at
// most MaxSegs; with Unrooted, every pathname that does not start with
// "/" too. With Infix, the pathname from the segment after Front on
// holds Infix ("/docs/": "/*/docs/*"), or, with InfixEnd, ends with it
// less its last "/" ("/docs": "/*/docs/:path*"). With Rest, no segment
// after Front is empty ("/files/:path*"). With Tail (Exact, where the
// pattern ends in an Infix after a "*" and segments: "/*/docs/:path*"),
// at the last place in the pathname after Front that holds Infix less
// its last "/", followed by "/" or the end, with at least TailSegs
// segments after it, those segments are none empty: a place before it
// has the same segments after it and more. Exact says that the pattern
// matches every such pathname; otherwise it may match only some.
type Shape struct {
	Front, Back      []Seg
	Infix            string
	InfixEnd         bool
	MinSegs, MaxSegs int
	Unrooted         bool
	Rest             bool
	Tail             bool
	TailSegs         int
	Exact            bool
}

// AnyPath is the shape of every pathname, which a pattern the index
// cannot read may match: not Exact.
var AnyPath = Shape{MaxSegs: -1, Unrooted: true}

// maxDepth is how many segments from either end an index looks at,
// maxCount the most segments it tells apart by number, and maxSuffix the
// longest HostSuffix key it looks up, whose offsets in a host fit in a
// word (see suffixDots; a pattern with a longer suffix is a candidate
// for any host).
const (
	maxDepth  = 8
	maxCount  = 31
	maxSuffix = 63
	// maxText is the longest start of a component's text the index
	// looks up: a pattern whose component starts with more is keyed by
	// its first maxText bytes, which every text it matches starts with
	// too.
	maxText = 63
)

// A word is a word of a bit set of shapes, one bit each.
type word = uint

const wordBits = bits.UintSize

// chunk is how many words of the candidates a lookup narrows at a time,
// as a quad. Every bit set of an index is a whole number of chunks long,
// from a multiple of chunk on (see Build and bitRange.widen), so that a
// chunk is read without checking how much of it there is.
const chunk = 4

// A quad is a chunk of a bit set of shapes. A struct of four words is
// kept in registers where an array is not: narrowed as a quad, with no
// loop over the words for each step, the candidates took 4-10% fewer
// instructions per Match on most of BenchmarkSet's sets than in an array
// (bench/README.md, "What the code's comments rest on").
type quad struct{ a, b, c, d word }

// loadQuad returns the chunk of b from word i, a multiple of chunk.
func loadQuad(b []word, i int) quad {
	b = b[i : i+chunk : i+chunk]
	return quad{b[0], b[1], b[2], b[3]}
}

func (q quad) and(r quad) quad    { return quad{q.a & r.a, q.b & r.b, q.c & r.c, q.d & r.d} }
func (q quad) or(r quad) quad     { return quad{q.a | r.a, q.b | r.b, q.c | r.c, q.d | r.d} }
func (q quad) andNot(r quad) quad { return quad{q.a &^ r.a, q.b &^ r.b, q.c &^ r.c, q.d &^ r.d} }
func (q quad) zero() bool         { return q.a|q.b|q.c|q.d == 0 }

// count returns the number of bits set.
func (q quad) count() int {
	return bits.OnesCount(q.a) + bits.OnesCount(q.b) + bits.OnesCount(q.c) + bits.OnesCount(q.d)
}

// An Index answers which patterns a URL can match. It is built by New
// (or NewFolded), Add and Build, and then read by any number of
// goroutines.
type Index struct {
	patterns int
	fold     bool        // NewFolded's
	shapes   []shapeInfo // by shape bit
	words    int

	hostExact  table // by hostname: its patterns' shapes, with those the suffixes and HostAny give it
	hostSuffix table // by the suffix a HostSuffix pattern needs, ".example.com"
	hostOther  []word
	suffixLens uint64 // the lengths of hostSuffix's keys, one bit each (all under 64 bytes)
	// suffixStarts[w] has bit j set where a key may start at offset j of
	// the last w bytes of a host: where the key's length is w-j (see
	// suffixDots). Build sets it.
	suffixStarts [maxSuffix + 1]uint64
	otherSpan    [2]int // the words that hold hostOther's shapes (see Index.span)

	byScheme [numSchemes][]word   // the shapes whose Filter has each scheme
	empty    [numComps][]word     // the shapes whose Filter has each component in Empty
	comps    Comps                // the components some shape's Filter has in Empty
	filled   [numComps][]word     // the shapes whose Filter has each component in Filled
	fcomps   Comps                // the components some shape's Filter has in Filled
	unrooted []word               // shapes that match pathnames that do not start with "/"
	infixes  table                // shapes with an Infix, by its first segment
	infixed  []word               // those shapes
	infixEnd bool                 // one of them has InfixEnd: a pathname's last segment may start its infix
	byCount  [maxCount + 1][]word // by a pathname's number of segments (maxCount: that many or more)
	front    [maxDepth]position
	back     [maxDepth]position
	texts    [numComps]textKeys // the shapes whose Filter has a Text, by component
	tcomps   Comps              // the components some shape's Filter has a Text for
}

// textKeys are the shapes whose Filter has a Text for one component: by
// the whole text (Whole), by its start (its first maxText bytes at most),
// with a bit for each length of those keys, and all of them.
type textKeys struct {
	whole, start table
	lens         uint64
	shapes       []word
}

// A shapeInfo is what an index checks of a shape once the lookups have
// picked it.
type shapeInfo struct {
	pattern          int
	decided          bool    // the shape and the pattern's Host say all: the hostname and pathname match
	whole            Schemes // the URLs' schemes for which it is decided, and the pattern's Filter says all of its other components
	frontAny         uint8
	backAny          uint8 // segments that must not be empty, one bit each
	minSegs, maxSegs int
	rest             int    // with Shape.Rest, the first of the segments that must not be empty (len(Front)); else -1
	front, back      []Seg  // up to maxDepth, for checking a few candidates one by one
	infix            string // Shape.Infix
	infixEnd         bool   // Shape.InfixEnd
	tail             bool   // Shape.Tail
	tailNeed         int    // with tail, the segments from the start of the infix on: its own and Shape.TailSegs
	affix            bool   // a Seg is a Prefix or Suffix, or there is an infix: only fitsSegments checks them
	unrooted         bool   // Shape.Unrooted
	schemes          Schemes
	empty            Comps // the pattern's Filter.Empty
	filled           Comps // the pattern's Filter.Filled
	counts           bool  // fits has segments to count, or segments that must not be empty
	segments         bool  // fitsSegments has a segment's text or an infix to check
	edge             bool  // front[0] is a whole text, which firstIs reads
	// list is what a host's list checks of the segments after fits and
	// the first segment's whole text (firstIs, or its group's lookup):
	// nothing more, where that text is the shape's one ("/docs/*",
	// "/users/:id"); its tip, where its one text is a Prefix of the first
	// segment or a Suffix of the last (a crawl scope's section, "/news*",
	// or file type, "/*.pdf"), which edgeFits compares at the path's
	// start or end (tipSide); or the rest, by fitsSegments.
	list uint8
	tip  Seg
	// tipWord is the tip's text of up to 8 bytes as a little-endian
	// word, for tipFits.
	tipWord uint64
}

// tipSide returns the side of the path where edgeFits compares the
// shape's tip: 0, the start, for a Prefix; 1, the end, for a Suffix.
func (s *shapeInfo) tipSide() int {
	if s.tip.Suffix {
		return 1
	}
	return 0
}

// What a host's list checks of a shape's segments (shapeInfo.list).
const (
	listNone = iota
	listTip
	listSegments
)

// A position is the index of the segment at a depth from the start or
// the end: the shapes by the text they want there, those that want any
// text (free), and those that want a text there or deeper (lit), which
// say whether looking there narrows anything.
type position struct {
	text     table
	affix    table // by the first or last bytes of a Prefix or Suffix (see affixKey)
	free     []word
	lit      []word
	lens     uint64 // the lengths of text's keys, one bit each (longer ones in bit 63)
	kinds    uint8  // the affixKey kinds affix has, one bit each
	freeSpan [2]int // the words that hold free's shapes (see Index.span)
}

// affixKey returns the key of a Prefix (kind 0 and 1: its first byte, or
// two) or Suffix (kind 2 and 3: its last byte, or two) in a position's
// affix table, in buf.
func affixKey(buf *[3]byte, kind int, t string) string {
	buf[0] = byte(kind)
	switch kind {
	case 0:
		buf[1] = t[0]
	case 1:
		buf[1], buf[2] = t[0], t[1]
	case 2:
		buf[1] = t[len(t)-1]
	case 3:
		buf[1], buf[2] = t[len(t)-2], t[len(t)-1]
	}
	// The table reads the key and keeps only those it adds, which add
	// copies: a lookup allocates nothing.
	return unsafe.String(&buf[0], 2+kind%2)
}

// New returns an index for n patterns.
func New(n int) *Index {
	return &Index{patterns: n}
}

// NewFolded returns an index for n patterns whose pathnames' texts, as
// Add is given them, are in lower case, and which reads a URL's path with
// its ASCII letters lowered: the index of patterns compiled with
// IgnoreCase. It lowers only the segments it looks up or compares, as it
// reads them, not the whole path.
func NewFolded(n int) *Index {
	ix := &Index{patterns: n, fold: true}
	ix.infixes.fold = true
	for k := range maxDepth {
		ix.front[k].text.fold, ix.front[k].affix.fold = true, true
		ix.back[k].text.fold, ix.back[k].affix.fold = true, true
	}
	return ix
}

// Add adds pattern i, which must be added in order, with what it says of
// its hostnames (decidedHost: every hostname host describes matches), of
// its schemes and other components, and the shapes of its pathnames, at
// least one. A pattern that is nil in the set is not added.
func (ix *Index) Add(i int, host Host, decidedHost bool, f Filter, shapes []Shape) {
	if n := len(host.Text); host.Kind == HostSuffix && n > maxSuffix || host.Kind == HostDomain && n+1 > maxSuffix {
		// A suffix longer than any the index looks up (see suffixDots):
		// the pattern is a candidate for every host, which its test
		// decides.
		host, decidedHost = Host{Kind: HostOther}, false
	}
	for _, s := range shapes {
		ix.addShape(i, host, f, s, decidedHost && s.Exact)
	}
}

// addShape adds one shape of pattern i.
func (ix *Index) addShape(i int, host Host, f Filter, s Shape, decided bool) {
	bit := len(ix.shapes)
	decided = decided && len(s.Front) <= maxDepth && len(s.Back) <= maxDepth
	rest := -1
	if s.Rest && len(s.Front) <= maxDepth {
		rest = len(s.Front)
	}
	var whole Schemes
	switch {
	case !decided || f.Rest:
	case f.RestOther:
		whole = AllSchemes &^ SchemeOther
	default:
		whole = AllSchemes
	}
	ix.shapes = append(ix.shapes, shapeInfo{pattern: i, decided: decided, whole: whole, minSegs: s.MinSegs, maxSegs: s.MaxSegs, rest: rest,
		front: s.Front[:min(len(s.Front), maxDepth)], back: s.Back[:min(len(s.Back), maxDepth)],
		infix: s.Infix, infixEnd: s.InfixEnd, tail: s.Tail, tailNeed: strings.Count(s.Infix, "/") - 1 + s.TailSegs, affix: s.Infix != "", unrooted: s.Unrooted, schemes: f.Schemes, empty: f.Empty, filled: f.Filled,
		segments: s.Infix != ""})
	info := &ix.shapes[bit]
	set := func(b *[]word) { *b = setBit(*b, bit) }
	for k := range numSchemes {
		if f.Schemes&(1<<k) != 0 {
			set(&ix.byScheme[k])
		}
	}
	for k := range numComps {
		if f.Empty&(1<<k) != 0 {
			set(&ix.empty[k])
		}
		if f.Filled&(1<<k) != 0 {
			set(&ix.filled[k])
		}
	}
	ix.comps |= f.Empty
	ix.fcomps |= f.Filled
	for k, t := range f.Texts {
		if t.Text == "" {
			continue
		}
		tx := &ix.texts[k]
		if t.Whole {
			tx.whole.add(t.Text, bit)
		} else {
			key := t.Text[:min(len(t.Text), maxText)]
			tx.start.add(key, bit)
			tx.lens |= 1 << len(key)
		}
		set(&tx.shapes)
		ix.tcomps |= 1 << k
	}
	switch host.Kind {
	case HostExact:
		ix.hostExact.add(host.Text, bit)
	case HostSuffix:
		ix.addSuffix(host.Text, bit)
	case HostDomain:
		// The shape is in both tables: a URL's host finds it as the
		// key, or by the suffix (Build also gives an exact key the
		// suffixes' shapes).
		ix.hostExact.add(host.Text, bit)
		ix.addSuffix("."+host.Text, bit)
	default:
		set(&ix.hostOther)
	}
	if s.Unrooted {
		set(&ix.unrooted)
	}
	if s.Infix != "" {
		first, _, _ := strings.Cut(s.Infix[1:], "/")
		ix.infixes.add(first, bit)
		set(&ix.infixed)
		ix.infixEnd = ix.infixEnd || s.InfixEnd
	}
	for n := range ix.byCount {
		if n >= s.MinSegs && (s.MaxSegs < 0 || n <= s.MaxSegs || n == maxCount && s.MaxSegs >= maxCount) {
			set(&ix.byCount[n])
		}
	}
	texts := 0 // the Segs with a text, of those the index reads
	for side, segs := range [2][]Seg{s.Front, s.Back} {
		pos, anyMask := &ix.front, &info.frontAny
		if side == 1 {
			pos, anyMask = &ix.back, &info.backAny
		}
		for k := range maxDepth {
			p := &pos[k]
			switch {
			case k >= len(segs):
				set(&p.free)
			case segs[k].Any:
				set(&p.free)
				*anyMask |= 1 << k
				if segs[k].Class.Min > 0 {
					// Its bytes, which no lookup reads, fitsSegments
					// checks.
					info.affix, info.segments = true, true
					texts++
				}
			case segs[k].Prefix || segs[k].Suffix:
				kind := min(len(segs[k].Text), 2) - 1
				if segs[k].Suffix {
					kind += 2
				}
				var buf [3]byte
				p.affix.add(strings.Clone(affixKey(&buf, kind, segs[k].Text)), bit)
				p.kinds |= 1 << kind
				info.affix, info.segments = true, true
				texts++
				for j := 0; j <= k; j++ {
					set(&pos[j].lit)
				}
			default:
				info.segments, texts = true, texts+1
				p.text.add(segs[k].Text, bit)
				p.lens |= 1 << min(len(segs[k].Text), 63)
				for j := 0; j <= k; j++ {
					set(&pos[j].lit)
				}
			}
		}
	}
	info.counts = s.MinSegs > 1 || s.MaxSegs >= 0 || info.frontAny|info.backAny != 0 || rest >= 0
	info.edge = len(info.front) > 0 && !info.front[0].Any && !info.front[0].Prefix && !info.front[0].Suffix
	one := texts == 1 && info.infix == "" // one text to check, and no infix
	switch {
	case !info.segments || one && info.edge:
		info.list = listNone
	case one && len(info.front) > 0 && info.front[0].Prefix && !info.front[0].Suffix:
		info.list, info.tip = listTip, info.front[0]
	case one && len(info.back) > 0 && info.back[0].Suffix && !info.back[0].Prefix:
		info.list, info.tip = listTip, info.back[0]
	default:
		info.list = listSegments
	}
	if t := info.tip.Text; len(t) <= 8 {
		for i := range len(t) {
			info.tipWord |= uint64(t[i]) << (8 * i)
		}
	}
}

// addSuffix adds shape bit to the HostSuffix key suffix, of at most
// maxSuffix bytes.
func (ix *Index) addSuffix(suffix string, bit int) {
	ix.hostSuffix.add(suffix, bit)
	ix.suffixLens |= 1 << len(suffix)
}

// hasBit reports whether bit i of b is set (b may be shorter).
func hasBit(b []word, i int) bool {
	return i/wordBits < len(b) && b[i/wordBits]&(1<<(i%wordBits)) != 0
}

// setBit returns b with bit i set, grown to hold it.
func setBit(b []word, i int) []word {
	for len(b) <= i/wordBits {
		b = append(b, 0)
	}
	b[i/wordBits] |= 1 << (i % wordBits)
	return b
}

// Build readies the index once every pattern is added: it gives every bit
// set but the tables' (which hold the words their shapes span) the
// index's length, and adds to each exact hostname the shapes of the
// suffixes and of HostAny and HostOther, so that a URL of such a host
// needs one lookup.
func (ix *Index) Build() {
	ix.words = (len(ix.shapes) + chunk*wordBits - 1) / (chunk * wordBits) * chunk
	grow := func(b []word) []word {
		for len(b) < ix.words {
			b = append(b, 0)
		}
		return b
	}
	ix.hostOther = grow(ix.hostOther)
	ix.unrooted = grow(ix.unrooted)
	for k := range ix.texts {
		if ix.tcomps&(1<<k) != 0 {
			ix.texts[k].shapes = grow(ix.texts[k].shapes)
		}
	}
	for k := range ix.empty {
		ix.empty[k], ix.filled[k] = grow(ix.empty[k]), grow(ix.filled[k])
	}
	for k := range ix.byScheme {
		ix.byScheme[k] = grow(ix.byScheme[k])
	}
	ix.infixed = grow(ix.infixed)
	for n := range ix.byCount {
		ix.byCount[n] = grow(ix.byCount[n])
	}
	for _, pos := range []*[maxDepth]position{&ix.front, &ix.back} {
		for k := range pos {
			pos[k].free, pos[k].lit = grow(pos[k].free), grow(pos[k].lit)
			pos[k].freeSpan = ix.span(pos[k].free)
		}
	}
	ix.otherSpan = ix.span(ix.hostOther)
	for w := range ix.suffixStarts {
		// Bit w-j of suffixLens, a key w-j bytes long, to bit j.
		ix.suffixStarts[w] = bits.Reverse64(ix.suffixLens) >> (63 - w)
	}
	for j := range ix.hostExact.slots {
		e := &ix.hostExact.slots[j]
		if !e.used {
			continue
		}
		e.bits.orWords(ix.hostOther)
		ix.suffixes(e.key, &e.bits)
		// The host's shapes in groups by the text of the first segment,
		// or of the second after any first (hostFirsts): of a host of
		// more than fewHost shapes, where a group leaves few to check;
		// or of fewer, where the first shape is in a group, so that a
		// path whose segments are in none takes one lookup or two, and
		// the shapes in no group after it, where the list's check of
		// each shape compares its text. Where the first shape is in no
		// group, the list stays: the crawl scopes' "/*", which comes
		// first and matches most URLs of its host at once, took 27-64%
		// more instructions per URL after a lookup (the seven crawl
		// scopes' sets of BenchmarkSet). Grouped only where every shape
		// was in a group, the routes with groups first of 20 sites
		// ("/:lang/docs", ..., "/:a/:b/docs") took 1,252 instructions
		// per Match, listed, against 716 (bench/README.md).
		n := popCount(e.bits.w)
		if groupHosts && 1 < n && n <= maxGrouped {
			if f := ix.groupFirsts(e.bits); f != nil && (n > fewHost || f.other&1 == 0) {
				e.firsts = f
				continue
			}
		}
		if n <= fewHost {
			for w, b := range e.bits.w {
				for ; b != 0; b &= b - 1 {
					e.few = append(e.few, int32((e.bits.off+w)*wordBits+bits.TrailingZeros(b)))
				}
			}
			if e.few == nil {
				e.few = []int32{} // none at all
			}
		}
	}
}

// groupFirsts returns the shapes of b, an exact host's, grouped by the
// whole text each wants as its pathname's first segment (after the "/"
// it starts with), or, for a shape that wants any first segment, as its
// second. It returns nil where a path's first two segments would leave
// more than groupedLeft of them to check one by one.
func (ix *Index) groupFirsts(b bitRange) *hostFirsts {
	f := &hostFirsts{}
	var groups [2][]firstGroup // by the first segment's text, by the second's
	var at [2]map[string]int   // a text's group in groups, at each depth
	at[0], at[1] = map[string]int{}, map[string]int{}
	for w, x := range b.w {
		for ; x != 0; x &= x - 1 {
			bit := (b.off+w)*wordBits + bits.TrailingZeros(x)
			i := len(f.shapes)
			f.shapes = append(f.shapes, int32(bit))
			s := &ix.shapes[bit]
			depth := 0
			if len(s.front) > 1 && s.front[0].Any {
				depth = 1 // "/:lang/docs"
			}
			if len(s.front) == 0 || s.front[depth].Any || s.front[depth].Prefix || s.front[depth].Suffix { // an unrooted shape has no front
				f.other |= 1 << i
				continue
			}
			t := s.front[depth].Text
			k, ok := at[depth][t]
			if !ok {
				k = len(groups[depth])
				at[depth][t] = k
				a, b := keyWords(t)
				if ix.fold {
					a, b = ascii.LowerWord(a), ascii.LowerWord(b) // t is in lower case: as groupOf reads a segment
				}
				groups[depth] = append(groups[depth], firstGroup{a: a, b: b, text: t})
			}
			groups[depth][k].mask |= 1 << i
		}
	}
	if leftOf(f.other, &groups, ^uint64(0)) > groupedLeft {
		// Too many to check one by one: those that a path's number of
		// segments leaves, if few enough, such as a router's routes
		// with an optional "/" or suffix ("/docs{/}?", "/docs/:id{/}?":
		// a shape with it and one without, all on one first segment).
		// The routes with optional suffixes of 20 sites, ten shapes a
		// host, went through narrow's bit sets: 1,319 instructions per
		// Match, against 711 (bench/README.md).
		counts := make([]uint64, maxCount+1)
		for i, bit := range f.shapes {
			for n := range counts {
				if hasBit(ix.byCount[n], int(bit)) {
					counts[n] |= 1 << i
				}
			}
		}
		for _, c := range counts {
			if leftOf(f.other, &groups, c) > groupedLeft {
				return nil
			}
		}
		f.counts = counts
	}
	f.slots, f.seconds = groupSlots(groups[0]), groupSlots(groups[1])
	for depth, gs := range groups {
		for _, g := range gs {
			f.lens[depth] |= 1 << min(len(g.text), 63)
		}
	}
	return f
}

// leftOf returns the most shapes of those in counted that a path's
// groups, at most one of each depth, with those in no group (other),
// leave to be checked one by one.
func leftOf(other uint64, groups *[2][]firstGroup, counted uint64) int {
	left := bits.OnesCount64(other & counted)
	for _, gs := range groups {
		most := 0
		for _, g := range gs {
			most = max(most, bits.OnesCount64(g.mask&counted))
		}
		left += most
	}
	return left
}

// groupSlots returns groups in open addressing with strHash, at most half
// full, as a table holds its keys; nil if there are none.
func groupSlots(groups []firstGroup) []firstGroup {
	if len(groups) == 0 {
		return nil
	}
	n := 2
	for n < 2*len(groups) {
		n *= 2
	}
	slots := make([]firstGroup, n)
	for _, g := range groups {
		j := strHash(g.a, g.b, midWord(g.text), len(g.text)) & uint32(n-1) // g.text is in lower case where the index folds
		for slots[j].mask != 0 {
			j = (j + 1) & uint32(n-1)
		}
		slots[j] = g
	}
	return slots
}

// span returns, as [lo, hi], the words from lo to hi (exclusive, in whole
// chunks) that hold the bits of b, a bit set of the index's length: the
// index's length and 0 if b has none.
func (ix *Index) span(b []word) [2]int {
	lo, hi := nonZeroWords(b)
	if lo == hi {
		return [2]int{ix.words, 0}
	}
	return [2]int{lo &^ (chunk - 1), (hi + chunk - 1) &^ (chunk - 1)}
}

// suffixes ors into dst the shapes of the HostSuffix keys host ends with.
func (ix *Index) suffixes(host string, dst *bitRange) {
	if ix.hostSuffix.n == 0 {
		return
	}
	for dots, at := ix.suffixDots(host); dots != 0; dots &= dots - 1 {
		if b := ix.hostSuffix.get(host[at+bits.TrailingZeros64(dots):]); b.w != nil {
			dst.orRange(b)
		}
	}
}

// A Path is what an index reads of a URL's pathname: whether it starts
// with "/", and, when first needed, its number of segments and the
// offsets of the "/" that bound its first and last maxDepth+1 segments,
// each found once, so that the checks of many candidates read any
// segment in a step.
type Path struct {
	path   string
	rooted bool
	fold   bool // the index's texts are lower case: compare the path's lowered
	segs   int  // the number of segments (of "/"), or -1 before scan
	nf, nb int  // the offsets found in front (at least front[0]) and back
	// slashes has bit i set where path[i] is "/", for a short path (of
	// up to 64 bytes), set by scan: the offsets are read from it, where a
	// longer path is searched a segment at a time.
	slashes uint64
	// front[k] is the offset of the k-th "/" from the start, or
	// len(path) where there is none; back[k] one more than that of the
	// k-th from the end, or 0 where there is none. They are 32 bits, as a
	// URL's offsets are (its href has fewer than 1<<32 bytes), so that a
	// Path, on the stack of every Match, has fewer bytes to zero: with
	// ints, Match took 13 to 32 more instructions on the route sets
	// (bench/README.md).
	front [maxDepth + 2]uint32
	back  [maxDepth + 1]uint32
}

// Candidates calls visit with each pattern whose hostname and pathname
// may match host and path, and whose Filter holds for scheme (a URL's,
// by SchemeOf), the URL's components that are not empty (filled; only
// those some pattern's Filter.Empty or Filled has need be in it) and
// their values (only those some pattern's Filter.Texts has need be in
// them; values may be nil if there are none), in order, once each, and
// whether the index decides that its hostname and pathname match (then
// only the pattern's other components are left to check), until visit
// returns true. A Filter's Texts leave a pattern out only where the
// index narrows the candidates as bit sets: of an exact host with few
// shapes, and of a few candidates left by the host and the other
// components, each is visited, and its check reads the components.
func (ix *Index) Candidates(host, path string, values *Values, scheme Schemes, filled Comps, visit func(pattern int, decided bool) bool) {
	ix.find(host, path, values, scheme, filled, visit, false)
}

// First returns the first pattern that matches a URL of the host, path,
// scheme and filled components (as Candidates takes them), or -1: the first candidate
// that the index decides wholly (its Filter has no Rest), or for which
// test, called as Candidates calls visit, returns true.
func (ix *Index) First(host, path string, values *Values, scheme Schemes, filled Comps, test func(pattern int, decided bool) bool) int {
	return ix.find(host, path, values, scheme, filled, test, true)
}

// find is Candidates, and with first, First.
func (ix *Index) find(host, path string, values *Values, scheme Schemes, filled Comps, visit func(pattern int, decided bool) bool, first bool) int {
	// The Path set up for path, field by field: a composite literal was
	// copied twice, and a method that set the fields through a pointer
	// made path escape (so a caller's path in a buffer on its stack
	// moved to the heap).
	var p Path
	p.path, p.segs, p.nf = path, -1, 1 // front[0] is 0 where the path is rooted
	p.rooted = len(path) > 0 && path[0] == '/'
	p.fold = ix.fold
	last := -1         // the last pattern visited
	var exact bitRange // the exact host's shapes (w nil if the host is none: a key has a shape)
	if ix.hostExact.n > 0 {
		e := ix.hostExact.slot(host)
		if e.used && (e.few != nil || e.firsts != nil && p.rooted) {
			// A host with few shapes: each checked one by one, a whole
			// text first by firstIs before the rest. Or a host's
			// shapes in groups: the path's first segment's, its second's,
			// and those in no group, at most groupedLeft (see
			// groupFirsts); a group's shapes have the segment's text.
			// Either way fitsSegments need not compare a whole text
			// first (front 1); a Prefix or Suffix there it compares
			// whatever front says (see fitsSide). The shapes to check
			// are those of shapes that m picks, read from m in order:
			// with a list of a group's shapes made first, and ranged
			// over, Match took 18 to 24 more instructions on the routes
			// of several sites (grouped), 6 to 8 fewer on the crawl
			// scopes of 50 and 100 sites (listed; bench/README.md).
			shapes, m, grouped := e.few, uint64(1)<<len(e.few)-1, false
			if shapes == nil {
				f := e.firsts
				seg := path[1:] // the first segment (the path is rooted)
				m = f.other
				if j := strings.IndexByte(seg, '/'); j >= 0 {
					if f.seconds != nil {
						second := seg[j+1:]
						if k := strings.IndexByte(second, '/'); k >= 0 {
							second = second[:k]
						} else if len(path) <= 64 {
							// Two segments, and the "/" that scan
							// would find: counts need not scan.
							p.segs, p.slashes = 2, 1|1<<(j+1)
						}
						if f.lens[1]&(1<<min(len(second), 63)) != 0 {
							m |= groupOf(f.seconds, second, p.fold)
						}
					}
					seg = seg[:j]
				} else if len(path) <= 64 {
					// One segment, as scan would count it from the
					// mask of the one "/" (its offsets and the empty
					// segments are read from slashes): with both
					// counts, 13 fewer instructions per Match on
					// the routes of 20 sites (bench/README.md).
					p.segs, p.slashes = 1, 1
				}
				if f.lens[0]&(1<<min(len(seg), 63)) != 0 {
					m |= groupOf(f.slots, seg, p.fold)
				}
				if f.counts != nil {
					m &= f.counts[min(p.count(), maxCount)]
				}
				shapes, grouped = f.shapes, true
			}
			// The checks one statement each: as one condition of
			// "||", with calls in it, the compiler kept its value in
			// a register and tested it again, 6 to 8 instructions
			// more per Match on the routes of several sites and a
			// file type first (bench/README.md).
			for ; m != 0; m &= m - 1 {
				s := &ix.shapes[shapes[bits.TrailingZeros64(m)]]
				if s.pattern == last || s.schemes&scheme == 0 || s.empty&filled != 0 || s.filled&^filled != 0 {
					continue
				}
				if s.edge && !grouped && p.rooted && !p.firstIs(s.front[0].Text) {
					continue
				}
				if !p.fits(s) {
					continue
				}
				switch s.list {
				case listTip:
					if p.rooted && !p.tipFits(s) {
						continue
					}
				case listSegments:
					if !p.fitsSegments(s, 1, 0) {
						continue
					}
				}
				last = s.pattern
				if first && s.whole&scheme != 0 || visit(s.pattern, s.decided) {
					return s.pattern
				}
			}
			return -1
		}
		exact = e.bits
	}
	byScheme := ix.byScheme[min(bits.TrailingZeros8(uint8(scheme)), numSchemes-1)]
	lo, hi := 0, ix.words // the words that may hold candidates
	var m *lookups        // for more than one chunk
	if ix.words > chunk {
		m = new(lookups)
		if exact.w != nil {
			lo, hi = exact.off, exact.off+len(exact.w)
		} else {
			lo, hi = m.hostSpan(ix, host)
		}
		if p.rooted {
			a, b := m.span(ix, &p)
			lo, hi = max(lo, a), min(hi, b)
		}
	}
	for w0 := lo; w0 < hi; w0 += chunk {
		var c quad
		switch {
		case exact.w != nil:
			c = exact.quad(w0) // with the suffixes' and the others' (see Build)
		case m != nil && m.suffixes >= 0:
			c = loadQuad(ix.hostOther, w0)
			for _, b := range m.suffix[:m.suffixes] {
				c = c.or(b.quad(w0))
			}
		default:
			c = loadQuad(ix.hostOther, w0)
			// The suffixes the host ends with, from each dot on.
			for dots, at := ix.suffixDots(host); dots != 0; dots &= dots - 1 {
				if b := ix.hostSuffix.get(host[at+bits.TrailingZeros64(dots):]); b.w != nil {
					c = c.or(b.quad(w0))
				}
			}
		}
		c = c.and(loadQuad(byScheme, w0))
		for f := filled & ix.comps; f != 0; f &= f - 1 {
			c = c.andNot(loadQuad(ix.empty[bits.TrailingZeros8(uint8(f))], w0))
		}
		for f := ix.fcomps &^ filled; f != 0; f &= f - 1 {
			c = c.andNot(loadQuad(ix.filled[bits.TrailingZeros8(uint8(f))], w0))
		}
		// A few candidates are checked one by one, by comparing their
		// segments; more are narrowed by the segments' lookups first.
		few := c.count() <= fewLeft
		front, back := 0, 0 // the segments at each end that narrow's lookups checked
		if !few {
			var left bool
			if c, left, few, front, back = ix.narrow(c, w0, &p, m, values); !left {
				continue
			}
		}
		// A word at a time, until none is left: most sets' chunks have
		// words of no shape at their end.
		for w := w0; !c.zero(); w++ {
			bitsLeft := c.a
			c = quad{c.b, c.c, c.d, 0}
			for ; bitsLeft != 0; bitsLeft &= bitsLeft - 1 {
				bit := w*wordBits + bits.TrailingZeros(bitsLeft)
				s := &ix.shapes[bit]
				if s.pattern == last || !p.fits(s) {
					continue
				}
				if (few || s.affix) && s.segments && !p.fitsSegments(s, front, back) {
					continue
				}
				last = s.pattern
				if first && s.whole&scheme != 0 || visit(s.pattern, s.decided) {
					return s.pattern
				}
			}
		}
	}
	return -1
}

// narrowTexts returns the candidates c, of the words from w0 on, less
// the shapes with a Filter.Texts that the URL's values do not start
// with, or are not (Whole): for each component, one lookup for the
// whole value, and one for each length of a start up to the value's.
// narrow calls it first, for more than a few candidates (a few are
// checked one by one): in find's loop, for every chunk, the search's
// took 10 to 25 more instructions per Match on BenchmarkSet's sets,
// none of which has Texts.
func (ix *Index) narrowTexts(c quad, w0 int, values *Values) quad {
	for k := ix.tcomps; k != 0; k &= k - 1 {
		i := bits.TrailingZeros8(uint8(k))
		tx, v := &ix.texts[i], values[i]
		in := tx.whole.get(v).quad(w0)
		// The keys' lengths up to the value's (2<<63 is 0: every length).
		for lens := tx.lens & (2<<min(len(v), maxText) - 1); lens != 0; lens &= lens - 1 {
			in = in.or(tx.start.get(v[:bits.TrailingZeros64(lens)]).quad(w0))
		}
		c = c.andNot(loadQuad(tx.shapes, w0).andNot(in))
	}
	return c
}

// narrow narrows the candidates c, of the words from w0 on, by the
// URL's values (narrowTexts) and the segments of the path, and returns
// them, whether any is left, and whether it stopped with few left, for
// the caller to check one by one; and how many segments at the start
// (front) and end (back) it looked up, whose text the candidates have
// (see fitsSide). m, if not nil, keeps the lookups from chunk to chunk.
func (ix *Index) narrow(c quad, w0 int, p *Path, m *lookups, values *Values) (_ quad, left, few bool, front, back int) {
	if ix.tcomps != 0 {
		// Those a value leaves are often one or none, as where the
		// patterns differ only in their search or port.
		switch c = ix.narrowTexts(c, w0, values); {
		case c.zero():
			return c, false, false, 0, 0
		case c.count() <= fewLeft:
			return c, true, true, 0, 0
		}
	}
	if !p.rooted {
		c = c.and(loadQuad(ix.unrooted, w0))
		return c, !c.zero(), false, 0, 0
	}
	c = c.and(loadQuad(ix.byCount[min(p.count(), maxCount)], w0))
	if infixed := loadQuad(ix.infixed, w0); !c.and(infixed).zero() {
		// The shapes with an infix whose first segment is one of the
		// path's (after the first; the last, only where an infix may end
		// the path): those that fitsSegments then checks.
		var hits quad
		rest := p.path[1:]
		for n := 0; ; n++ {
			i := strings.IndexByte(rest, '/')
			if i < 0 || n == 64 {
				if n == 64 {
					hits = infixed // too many to look up: all
				}
				break
			}
			rest = rest[i+1:]
			j := strings.IndexByte(rest, '/')
			if j < 0 {
				if ix.infixEnd {
					j = len(rest)
				} else {
					break // the last segment starts no infix
				}
			}
			if b := ix.infixes.get(rest[:j]); b.w != nil {
				hits = hits.or(b.quad(w0))
			}
		}
		c = c.andNot(infixed.andNot(hits))
	}
	for side := range 2 {
		pos := &ix.front
		if side == 1 {
			pos = &ix.back
		}
		for k := range maxDepth {
			pk := &pos[k]
			if c.and(loadQuad(pk.lit, w0)).zero() {
				break // no candidate wants a text here or deeper
			}
			if side == 0 {
				front = k + 1
			} else {
				front, back = maxDepth, k+1
			}
			var allowed quad
			if m != nil {
				allowed = m.allowed(pk, p, side, k, w0)
			} else {
				// Looked up here, for the one chunk: through a call, as
				// lookups.allowed looks them up, with the prefixes' and
				// suffixes' sets returned in an array, the routes with
				// wildcards first of sourceforge.net took 85 more
				// instructions per Match (bench/README.md).
				allowed = loadQuad(pk.free, w0)
				if seg, ok := p.seg(side, k); ok {
					if pk.lens&(1<<min(len(seg), 63)) != 0 {
						if b := pk.text.get(seg); b.w != nil {
							allowed = allowed.or(b.quad(w0))
						}
					}
					if pk.kinds != 0 {
						var buf [3]byte
						for kind := range 4 {
							if pk.kinds&(1<<kind) != 0 && len(seg) > kind%2 {
								if b := pk.affix.get(affixKey(&buf, kind, seg)); b.w != nil {
									allowed = allowed.or(b.quad(w0))
								}
							}
						}
					}
				}
			}
			c = c.and(allowed)
			switch {
			case c.zero():
				return c, false, false, 0, 0
			case c.count() <= fewLeft:
				return c, true, true, front, back
			}
		}
	}
	return c, !c.zero(), false, maxDepth, maxDepth
}

// lookups are what the tables give for a URL's host and path segments,
// for an index of more than one chunk: looked up once per Match, not
// again for every chunk, and read for the span of chunks that can hold a
// candidate (see hostSpan and span). Looked up in every chunk, and every
// chunk read, 10,000 routes on one host took 1.6 to 2.9 us per Match
// and 10,000 crawl scopes 1.0 us (BenchmarkSetMany, TestSetManyShapes).
type lookups struct {
	done [2]uint8 // bit k: position k of the side is looked up
	at   [2][maxDepth]lookup
	// suffix holds the bit sets of the HostSuffix keys that a host that
	// is no HostExact key ends with, and suffixes how many: -1 if it ends
	// with more than suffix holds, which are then looked up in every
	// chunk.
	suffix   [4]bitRange
	suffixes int
}

// hostSpan returns the words, from lo to hi (exclusive, multiples of
// chunk), that hold the shapes of HostOther and HostAny patterns and of
// the HostSuffix keys host ends with, a host that is no HostExact key;
// it keeps those keys' bit sets. A crawler's scopes of thousands of sites,
// "https://*.example.com/*", have a site's shapes in a chunk or two.
func (m *lookups) hostSpan(ix *Index, host string) (lo, hi int) {
	lo, hi = ix.otherSpan[0], ix.otherSpan[1]
	for dots, at := ix.suffixDots(host); dots != 0; dots &= dots - 1 {
		if b := ix.hostSuffix.get(host[at+bits.TrailingZeros64(dots):]); b.w != nil {
			if m.suffixes == len(m.suffix) {
				m.suffixes = -1
				return 0, ix.words
			}
			m.suffix[m.suffixes] = b
			m.suffixes++
			lo, hi = min(lo, b.off), max(hi, b.off+len(b.w))
		}
	}
	return lo, hi
}

// A lookup is what a position's tables give for a segment: the shapes
// that want its text, and its prefixes and suffixes (by affixKey kind).
type lookup struct {
	text  bitRange
	affix [4]bitRange
}

// allowed returns the chunk from word w0 of the shapes that the position
// pk, segment k from the start (side 0) or the end (side 1), allows for
// the path, as narrow finds them for an index of one chunk: those that
// want any text there, and those that want the segment's text or a
// prefix or suffix of it.
func (m *lookups) allowed(pk *position, p *Path, side, k, w0 int) quad {
	l := m.lookUp(pk, p, side, k)
	allowed := loadQuad(pk.free, w0).or(l.text.quad(w0))
	if pk.kinds != 0 {
		for _, b := range l.affix {
			allowed = allowed.or(b.quad(w0))
		}
	}
	return allowed
}

// span returns the words, from lo to hi (exclusive, multiples of chunk),
// that hold the shapes the first position allows for a path that starts
// with "/": no other shape can match it, as narrow would find one chunk
// at a time. A router's routes on one host each want their first
// segment's text, and a path's is in a chunk or two of them.
func (m *lookups) span(ix *Index, p *Path) (lo, hi int) {
	pk := &ix.front[0]
	l := m.lookUp(pk, p, 0, 0)
	lo, hi = pk.freeSpan[0], pk.freeSpan[1]
	if b := l.text; b.w != nil {
		lo, hi = min(lo, b.off), max(hi, b.off+len(b.w))
	}
	for _, b := range l.affix {
		if b.w != nil {
			lo, hi = min(lo, b.off), max(hi, b.off+len(b.w))
		}
	}
	return lo, hi
}

// lookUp returns the lookups of position pk, segment k from the start
// (side 0) or the end (side 1), made on its first call.
func (m *lookups) lookUp(pk *position, p *Path, side, k int) *lookup {
	l := &m.at[side][k]
	if m.done[side]&(1<<k) == 0 {
		m.done[side] |= 1 << k
		if seg, ok := p.seg(side, k); ok {
			if pk.lens&(1<<min(len(seg), 63)) != 0 {
				l.text = pk.text.get(seg)
			}
			var buf [3]byte
			for kind := range l.affix {
				if pk.kinds&(1<<kind) != 0 && len(seg) > kind%2 {
					l.affix[kind] = pk.affix.get(affixKey(&buf, kind, seg))
				}
			}
		}
	}
	return l
}

// count returns the number of segments of a path that starts with "/".
func (p *Path) count() int {
	if p.segs < 0 {
		p.scan()
	}
	return p.segs
}

// short reports whether the path has at most 64 bytes, one bit a byte of
// slashes.
func (p *Path) short() bool { return len(p.path) <= 64 }

// scan counts the path's segments, once. A short path it reads for its
// "/" as the bits of slashes (a URL's pathname is ASCII, as ByteMask
// reads it: the path states percent-encode every byte above 0x7E), from
// which findSeg takes the offsets of the segments. The count and the
// offsets from the mask took 1% to 6% fewer instructions per Match on
// the route sets than strings.Count and a search per segment. The
// offsets are taken by findSeg, for the few paths whose segments are
// read after they are counted, not by scan for every path counted: 3 to
// 8 fewer instructions per Match on the routes of several sites and a
// file type first, 6 more on the routes set (bench/README.md).
func (p *Path) scan() {
	if !p.short() {
		p.segs = strings.Count(p.path, "/")
		return
	}
	p.slashes, _ = ascii.ByteMask(p.path, '/')
	p.segs = bits.OnesCount64(p.slashes)
}

// frontOffsets sets, for a short path that starts with "/" and whose
// slashes scan has read, the offsets of its "/" from the start in front,
// up to maxDepth+1 of them and len(path) after the last.
func (p *Path) frontOffsets() {
	m := p.slashes &^ 1 // front[0] is 0
	for ; m != 0 && p.nf < len(p.front); m &= m - 1 {
		p.front[p.nf] = uint32(bits.TrailingZeros64(m))
		p.nf++
	}
	if m == 0 && p.nf < len(p.front) {
		p.front[p.nf] = uint32(len(p.path))
		p.nf++
	}
}

// seg returns segment k from the start (side 0) or the end (side 1), and
// false if the path has fewer segments; the path starts with "/" and k
// is at most maxDepth from the start, maxDepth-1 from the end. A segment
// from the start whose bounds are found (findSeg finds them all for a
// short path) is read at once; the others through findSeg.
func (p *Path) seg(side, k int) (string, bool) {
	if side == 0 && k+1 < p.nf {
		return p.path[p.front[k]+1 : p.front[k+1]], true
	}
	return p.findSeg(side, k)
}

// findSeg is seg where the segment's bounds may not be found yet: it
// finds them, and those before, once.
func (p *Path) findSeg(side, k int) (string, bool) {
	n := len(p.path)
	p.count() // scan, once
	short := p.short()
	if side == 0 {
		if short && p.nf == 1 {
			p.frontOffsets()
		}
		for !short && p.nf <= k+1 && int(p.front[p.nf-1]) < n {
			from, end := int(p.front[p.nf-1])+1, n
			if j := strings.IndexByte(p.path[from:], '/'); j >= 0 {
				end = from + j
			}
			p.front[p.nf] = uint32(end)
			p.nf++
		}
		if k+1 >= p.nf {
			return "", false
		}
		return p.path[p.front[k]+1 : p.front[k+1]], true
	}
	for p.nb <= k && (p.nb == 0 || p.back[p.nb-1] > 1) {
		end := n
		if p.nb > 0 {
			end = int(p.back[p.nb-1]) - 1
		}
		if short {
			p.back[p.nb] = uint32(64 - bits.LeadingZeros64(p.slashes&(1<<end-1))) // 0 for none
		} else {
			p.back[p.nb] = uint32(strings.LastIndexByte(p.path[:end], '/') + 1)
		}
		p.nb++
	}
	if k >= p.nb || p.back[k] == 0 {
		return "", false
	}
	end := n
	if k > 0 {
		end = int(p.back[k-1]) - 1
	}
	return p.path[p.back[k]:end], true
}

// fits reports whether a shape the lookups picked holds for the path:
// its number of segments, and no empty segment where it wants any text.
func (p *Path) fits(s *shapeInfo) bool {
	if !p.rooted {
		return s.unrooted // narrow's filter, for candidates checked one by one
	}
	return !s.counts || p.counts(s)
}

// counts reports whether the path, which starts with "/", has the shape's
// number of segments and no empty segment where it wants any text.
func (p *Path) counts(s *shapeInfo) bool {
	if s.minSegs > 1 || s.maxSegs >= 0 {
		if n := p.count(); n < s.minSegs || s.maxSegs >= 0 && n > s.maxSegs {
			return false
		}
	}
	if p.short() {
		if s.frontAny != 0 && p.frontEmpty(s.frontAny) {
			return false
		}
	} else {
		for m := s.frontAny; m != 0; m &= m - 1 {
			if seg, _ := p.seg(0, bits.TrailingZeros8(m)); seg == "" {
				return false
			}
		}
	}
	for m := s.backAny; m != 0; m &= m - 1 {
		if seg, _ := p.seg(1, bits.TrailingZeros8(m)); seg == "" {
			return false
		}
	}
	return s.rest < 0 || p.filledFrom(s.rest)
}

// emptyStarts returns, for a short path that starts with "/" and that
// scan has read, the mask of its "/" that start an empty segment: those
// another "/" follows, and one that is the path's last byte.
func (p *Path) emptyStarts() uint64 {
	s := p.slashes
	return s & (s>>1 | 1<<(len(p.path)-1))
}

// frontEmpty reports, for a short path that starts with "/", whether a
// segment m picks from the start (bit k for segment k) is empty or
// missing, as seg would return "" for it: from the mask of the path's
// "/" (emptyStarts), without the offsets seg reads.
func (p *Path) frontEmpty(m uint8) bool {
	if bits.Len8(m) > p.count() { // scan, once
		return true // no segment k for the last k of m
	}
	// Each empty segment's k, the number of "/" before its own: most
	// paths have none, or one at the end ("/docs/"), where a walk over
	// the "/" up to the last k of m took 65 instructions a call on the
	// routes of 20 sites.
	for empty := p.emptyStarts(); empty != 0; empty &= empty - 1 {
		if k := bits.OnesCount64(p.slashes & (empty&-empty - 1)); k < 8 && m&(1<<k) != 0 {
			return true
		}
	}
	return false
}

// filledFrom reports whether no segment of the path, which starts with
// "/", is empty from segment k (at most maxDepth) on: no "/" there is
// followed by another "/" or ends the path.
func (p *Path) filledFrom(k int) bool {
	if p.count() <= k {
		return true
	}
	if p.short() {
		m := p.slashes
		for range k {
			m &= m - 1 // the "/" before segment k, and those after
		}
		return m&p.emptyStarts() == 0
	}
	p.seg(0, k) // the offset of the "/" before segment k, in front[k]
	rest := p.path[p.front[k]:]
	return !strings.Contains(rest, "//") && rest[len(rest)-1] != '/'
}

// fewHost is how many shapes an exact host may have for Build to list
// them, for Candidates to check one by one with no bit sets at all (a
// crawl scope's few rules for a site): with 12, a host's routes on four
// first segments, three on each, were checked one by one, and the
// routes of ten sites were 5.6 times as fast as the loop, 10.3 with 8,
// where the lookup of the first segment narrows them (such a host's
// shapes are now grouped by that segment: hostFirsts); with 6, the crawl
// scopes' sets took 8-13% more time. fewLeft is how many candidates of
// a chunk Candidates checks one by one rather than narrowing them with
// lookups first: a candidate's check compares a segment or two, a step of
// narrow looks one up, and more than six candidates' checks cost more
// than the lookups that would have cut them down (measured on
// BenchmarkSet's sets with 4, 6, 8 and 12: 12 took 40-50% more
// instructions per URL on the mixed set and on sourceforge.net's routes).
const (
	fewHost = 8
	fewLeft = 6
)

func popCount(c []word) int {
	n := 0
	for _, w := range c {
		n += bits.OnesCount(w)
	}
	return n
}

// fitsSegments reports whether the path has the shape's segments at each
// end, where the lookups of narrow did not say so: those of the front
// and back segments at each end that narrow looked up, a shape's texts
// (not its prefixes and suffixes, looked up by a byte or two) are not
// compared again.
func (p *Path) fitsSegments(s *shapeInfo, front, back int) bool {
	if !p.rooted {
		return true
	}
	// The calls only where there is something to check: most shapes have
	// segments at one end.
	return (len(s.front) == 0 || p.fitsSide(0, s.front, front)) && (len(s.back) == 0 || p.fitsSide(1, s.back, back)) &&
		(s.infix == "" || p.fitsInfix(s))
}

// fitsSide reports whether the path has segs at its start (side 0) or
// end (side 1); the path starts with "/". Of the first looked segments,
// which narrow looked up, it compares only prefixes and suffixes.
func (p *Path) fitsSide(side int, segs []Seg, looked int) bool {
	for k := range segs {
		want := &segs[k]
		if want.Any {
			// fits checked it is not empty.
			if want.Class.Min > 0 {
				if seg, ok := p.seg(side, k); !ok || !want.Class.fits(seg) {
					return false
				}
			}
			continue
		}
		if k < looked && !want.Prefix && !want.Suffix {
			continue // narrow's lookup checked it is the text
		}
		if k == 0 && (side == 0 && !want.Suffix || side == 1 && !want.Prefix) {
			// The first segment's text or prefix, or the last one's text
			// or suffix: read where the path starts or ends, without
			// finding the segment's other end.
			if !p.edgeFits(side, *want) {
				return false
			}
			continue
		}
		seg, ok := p.seg(side, k)
		switch {
		case !ok || len(seg) < len(want.Text):
			return false
		case want.Prefix:
			seg = seg[:len(want.Text)]
		case want.Suffix:
			seg = seg[len(seg)-len(want.Text):]
		}
		// With fold, the text is in lower case and the segment may not be.
		if seg != want.Text && !(p.fold && ascii.EqualFold(seg, want.Text)) {
			return false
		}
	}
	return true
}

// edgeFits reports whether the path, which starts with "/", has want's
// text right after its first "/" (side 0: the first segment's text or
// prefix) or at its end (side 1: the last one's text or suffix), and for
// a whole text a "/" or the path's end beside it: as fitsSide compares
// those segments, since a Seg's text has no "/".
func (p *Path) edgeFits(side int, want Seg) bool {
	if side == 0 && !want.Prefix {
		return p.firstIs(want.Text)
	}
	n := len(want.Text)
	if len(p.path)-1 < n {
		return false
	}
	var t string
	next := -1 // the byte beside t that must be "/", for a whole text
	if side == 0 {
		t = p.path[1 : 1+n] // a Prefix
	} else {
		t = p.path[len(p.path)-n:]
		if !want.Suffix {
			next = len(p.path) - n - 1
		}
	}
	if next >= 0 && p.path[next] != '/' {
		return false
	}
	return t == want.Text || p.fold && ascii.EqualFold(t, want.Text)
}

// tipFits reports whether the path, which starts with "/", has the tip
// of s, a listTip shape, where edgeFits looks for it (tipSide). A tip of
// up to eight bytes it compares with one word of the path, loaded at its
// start or end: on the crawl scopes of 50 sites with a file type first
// ("/*.pdf" before "/*"), edgeFits' call of memequal and its checks took
// about 50 of Match's 504 instructions (bench/README.md).
func (p *Path) tipFits(s *shapeInfo) bool {
	n := len(s.tip.Text)
	if n > 8 || len(p.path) < 9 {
		return p.edgeFits(s.tipSide(), s.tip)
	}
	var x uint64
	if s.tip.Suffix {
		x = ascii.Load64(p.path, len(p.path)-8) >> (64 - 8*uint(n))
	} else {
		x = ascii.Load64(p.path, 1) & (1<<(8*uint(n)) - 1)
	}
	if p.fold {
		// The texts of a folded index are in lower case.
		x = ascii.LowerWord(x)
	}
	return x == s.tipWord
}

// firstIs reports whether the path, which starts with "/", has t as its
// first segment, a whole text: edgeFits' first case, and the check of a
// listed shape's first Seg (shapeInfo.edge). It looks at the segment's
// first byte first, which tells most paths apart from a shape that
// wants another text.
func (p *Path) firstIs(t string) bool {
	n := len(t)
	if len(p.path) <= n || 1+n < len(p.path) && p.path[1+n] != '/' {
		return false
	}
	if n > 0 {
		c := p.path[1]
		if p.fold {
			c = ascii.Lower(c)
		}
		if c != t[0] {
			return false
		}
	}
	seg := p.path[1 : 1+n]
	return seg == t || p.fold && ascii.EqualFold(seg, t)
}

// fitsInfix reports whether the path holds the shape's infix after its
// front segments (or, with infixEnd, ends with it less its last "/").
func (p *Path) fitsInfix(s *shapeInfo) bool {
	if s.infix != "" {
		if s.tail && p.short() && !p.fold {
			return p.tailFitsShort(s)
		}
		// From the start of the segment after front.
		if _, ok := p.seg(0, len(s.front)); !ok {
			return false
		}
		after := p.path[p.front[len(s.front)]+1:]
		if p.fold && ascii.HasUpper(after) {
			after = strings.ToLower(after) // rare: an infix in a pattern with IgnoreCase
		}
		if s.tail {
			return tailFits(after, s.infix[:len(s.infix)-1], s.tailNeed)
		}
		if !strings.Contains(after, s.infix) && !(s.infixEnd && strings.HasSuffix(after, s.infix[:len(s.infix)-1])) {
			return false
		}
	}
	return true
}

// tailFitsShort is tailFits for a short path (see Path.slashes) that
// starts with "/", of a Tail shape s, read from the mask of its "/": the
// places it may hold the infix are its "/" after the one that ends s's
// front segments, less the last tailNeed-1 (too few segments after
// them) and those before an empty segment; of those, from the last, the
// first that holds it answers. On the routes with repeated groups after
// a wildcard of 20 sites, tailFits took about 160 instructions a call,
// most of them reading the path a byte at a time.
func (p *Path) tailFitsShort(s *shapeInfo) bool {
	p.count() // scan, once
	m := p.slashes
	for range len(s.front) + 1 {
		if m == 0 {
			return false // no segment after the front
		}
		m &= m - 1
	}
	empty := p.emptyStarts() & m
	for range s.tailNeed - 1 {
		if m == 0 {
			return false
		}
		m &^= 1 << (63 - bits.LeadingZeros64(m))
	}
	if empty != 0 {
		m &^= 2<<(63-bits.LeadingZeros64(empty)) - 1
	}
	end := s.infix[:len(s.infix)-1]
	for ; m != 0; m &^= 1 << (63 - bits.LeadingZeros64(m)) {
		i := 63 - bits.LeadingZeros64(m)
		if i+1 < len(p.path) && p.path[i+1] == end[1] && strings.HasPrefix(p.path[i:], end) && (i+len(end) == len(p.path) || p.path[i+len(end)] == '/') {
			return true
		}
	}
	return false
}

// tailFits reports whether after, a pathname from the segment after a
// Tail shape's Front, holds end (its Infix less the last "/", of m
// segments) followed by "/" or the end, with need-m segments after it at
// least, none empty (see Shape.Tail). It reads after backwards, from one
// "/" to the one before: an empty segment fails at once, since every
// place before it has it after; the first place that holds end with
// enough segments after it answers.
func tailFits(after, end string, need int) bool {
	segs := 0 // after the "/" at i
	next := len(after)
	for i := len(after) - 1; i >= 0; i-- {
		if after[i] != '/' {
			continue
		}
		if i+1 == next {
			return false // an empty segment
		}
		segs++
		next = i
		if segs >= need && strings.HasPrefix(after[i:], end) && (i+len(end) == len(after) || after[i+len(end)] == '/') {
			return true
		}
	}
	return false
}

// suffixDots returns the offsets in host of the "." that start a
// HostSuffix key's length of its end, as the bits of dots, bit j for
// offset at+j: the dots of its last maxSuffix bytes or fewer (at is the
// offset of the first), where a key, of at most maxSuffix bytes, may
// start, read eight bytes at a time and kept where suffixStarts says a
// key of that length is; so that a key is looked up only where one may
// start. Looking for each "." with strings.IndexByte took about 130 of
// the 700 instructions per URL of Match on the crawl set
// (bench/README.md). A parsed URL's host is ASCII (see ascii.ByteMask).
func (ix *Index) suffixDots(host string) (dots uint64, at int) {
	at = max(0, len(host)-maxSuffix)
	starts := ix.suffixStarts[len(host)-at]
	if starts == 0 {
		return 0, at
	}
	dots, _ = ascii.ByteMask(host[at:], '.')
	return dots & starts, at
}

// A table maps strings to bit sets, in open addressing with strHash:
// cheaper than a map's for the short keys of a set (hosts, suffixes,
// path segments).
type table struct {
	slots []entry // a power of two long, at most half full
	n     int
	fold  bool // keys are in lower case; a key looked up is read with its ASCII letters lowered
}

type entry struct {
	key  string
	a, b uint64 // key's words (keyWords)
	m    uint64 // its middle word (midWord): with a and b, all of a key of up to 24 bytes
	bits bitRange
	few  []int32 // of an exact host with few shapes: their bits, in order
	// firsts, of an exact host of up to 64 shapes that its path's first
	// segments split into small groups: checked one by one within the
	// group, with no bit sets (see Build).
	firsts *hostFirsts
	used   bool
}

// hostFirsts are an exact host's shapes grouped by the text their
// pathname wants as its first segment, or, after any first segment, as
// its second ("/:lang/docs"), for a router's routes on a host (or on
// each of several): the path's first segment picks a group and its
// second another, whose shapes, with those in no group, are checked
// one by one, where narrow would count the path's segments into a bit
// set and look the first segment up in the position's table, for every
// host's shapes, and intersect the sets: on the routes of ten sites
// (twelve shapes a host, three on each of four first segments), Match
// took 13-22% less time (BenchmarkSet, interleaved rounds), the other
// sets the same within the noise.
type hostFirsts struct {
	shapes []int32 // the host's shapes' bits, in order
	other  uint64  // the shapes (by their index in shapes) in no group
	// slots are the groups by the first segment's text, in open
	// addressing with strHash (a slot with no shapes is free), a power
	// of two long and at most half full; seconds, as slots, the groups
	// of the shapes that want any first segment, by the second's text
	// ("/:lang/docs"), or nil.
	slots, seconds []firstGroup
	// lens are the lengths of the texts of slots and of seconds, one bit
	// each (longer ones in bit 63): a segment of another length, most of
	// those of a path on none of the texts, is in no group, without a
	// lookup.
	lens [2]uint64
	// counts, if not nil, are the shapes (by their index in shapes)
	// that a path of each number of segments may fit, as byCount has
	// them: where the groups alone leave too many to check, a path's
	// number of segments is counted for Match to leave out the rest.
	counts []uint64
}

// A firstGroup is the shapes (a mask of hostFirsts.shapes' indexes) that
// want text as their first segment, or as their second, with text's
// words (keyWords).
type firstGroup struct {
	a, b uint64
	text string
	mask uint64
}

// maxGrouped is the most shapes an exact host may have for Build to
// group them (hostFirsts), a mask's bits; and groupedLeft the most of
// its shapes a path's groups (with those in no group) may leave to be
// checked one by one.
const (
	maxGrouped  = 64
	groupedLeft = fewLeft
)

// groupHosts is whether Build groups an exact host's shapes by their
// first segment (hostFirsts); FuzzGrouped compares an index built with
// it and one built without.
var groupHosts = true

// groupOf returns the mask of the shapes of seg's group in slots (a
// hostFirsts' slots or seconds), those that want seg as a path's first
// segment (or second), or 0 if none does. It finds the group as a table
// finds a key; its mask is in its slot, where a table's entry holds a
// bit set allocated apart (through a table, Match took 5% more time on
// the routes of 10 sites, in eight interleaved rounds).
func groupOf(slots []firstGroup, seg string, fold bool) uint64 {
	switch len(slots) {
	case 0:
		return 0
	case 2:
		// One group (groupSlots makes two slots for it), as the hosts
		// of a router of several sites often have: compared, without
		// hashing seg (16 and 18 fewer instructions per Match on the
		// routes of 33 and of 20 sites; bench/README.md).
		g := &slots[0]
		if g.mask == 0 {
			g = &slots[1]
		}
		n := len(seg)
		if len(g.text) != n {
			return 0
		}
		// By its words, as keyWords reads them (g.a and g.b), where it
		// has four to 16 bytes, rather than by the runtime's comparison.
		var a, b uint64
		switch {
		case n >= 8 && n <= 16:
			a, b = ascii.Load64(seg, 0), ascii.Load64(seg, n-8)
		case n >= 4 && n < 8:
			a = uint64(ascii.Load32(seg, 0))<<32 | uint64(ascii.Load32(seg, n-4))
		default:
			if g.text == seg || fold && ascii.EqualFold(seg, g.text) {
				return g.mask
			}
			return 0
		}
		if fold {
			a, b = ascii.LowerWord(a), ascii.LowerWord(b)
		}
		if a == g.a && b == g.b {
			return g.mask
		}
		return 0
	}
	var a, b uint64
	if n := len(seg); n >= 8 {
		a, b = ascii.Load64(seg, 0), ascii.Load64(seg, n-8) // keyWords, without its call
	} else {
		a, b = keyWords(seg)
	}
	m := midWord(seg)
	if fold {
		a, b, m = ascii.LowerWord(a), ascii.LowerWord(b), ascii.LowerWord(m)
	}
	mask := uint32(len(slots) - 1)
	for j := strHash(a, b, m, len(seg)) & mask; ; j = (j + 1) & mask {
		g := &slots[j]
		if g.mask == 0 || g.a == a && g.b == b && len(g.text) == len(seg) && (len(seg) <= 16 || longEqual(seg, g.text, fold)) {
			return g.mask
		}
	}
}

// A bitRange is a bit set of shapes held from its word off on: the words
// outside w are zero. A key of a table holds the words its shapes span,
// not every word of the index: those took memory in the square of the
// number of patterns (a set of 40,000 patterns, each of its own host or
// first segment, held 275 MB, and took 1.6 s to build).
type bitRange struct {
	off int
	w   []word
}

// quad returns the chunk of the set from word i, a multiple of chunk.
func (r bitRange) quad(i int) quad {
	if j := uint(i - r.off); j < uint(len(r.w)) {
		return loadQuad(r.w, int(j))
	}
	return quad{}
}

// set sets bit i.
func (r *bitRange) set(i int) {
	r.widen(i/wordBits, i/wordBits+1)
	r.w[i/wordBits-r.off] |= 1 << (i % wordBits)
}

// widen makes r hold at least the words from lo to hi (exclusive), in
// whole chunks.
func (r *bitRange) widen(lo, hi int) {
	lo, hi = lo&^(chunk-1), (hi+chunk-1)&^(chunk-1)
	switch end := r.off + len(r.w); {
	case r.w == nil:
		r.off, r.w = lo, make([]word, hi-lo)
	case lo >= r.off:
		if hi > end {
			r.w = append(r.w, make([]word, hi-end)...) // shapes are added in order
		}
	default:
		w := make([]word, max(hi, end)-lo)
		copy(w[r.off-lo:], r.w)
		r.off, r.w = lo, w
	}
}

// orWords ors into r the bit set b, every word of the index.
func (r *bitRange) orWords(b []word) {
	lo, hi := nonZeroWords(b)
	r.orRange(bitRange{lo, b[lo:hi]})
}

// nonZeroWords returns the words of b from lo to hi (exclusive) that
// hold its bits, from its first word that is not zero to its last; lo
// and hi are equal if every word is zero.
func nonZeroWords(b []word) (lo, hi int) {
	lo, hi = 0, len(b)
	for lo < hi && b[lo] == 0 {
		lo++
	}
	for hi > lo && b[hi-1] == 0 {
		hi--
	}
	return lo, hi
}

// orRange ors b into r.
func (r *bitRange) orRange(b bitRange) {
	if len(b.w) == 0 {
		return
	}
	r.widen(b.off, b.off+len(b.w))
	for j, x := range b.w {
		r.w[b.off+j-r.off] |= x
	}
}

// keyWords returns the first and last eight bytes of s, or, if it is
// shorter, its bytes in one word: with its length, all of a key of up to
// 16 bytes (as most hosts' labels and path segments are). A key shorter
// than eight bytes is read as its first and last four (which overlap
// where it is shorter), or as three bytes that hold all of one of one to
// three: no loop a byte at a time.
//
// It is too long to be inlined: its callers on Match's path (table.slot
// and groupOf) read a key of eight bytes or more themselves, with two
// loads, and call it for a shorter one.
func keyWords(s string) (a, b uint64) {
	switch n := len(s); {
	case n >= 8:
		a, b = ascii.Load64(s, 0), ascii.Load64(s, n-8)
	case n >= 4:
		a = uint64(ascii.Load32(s, 0))<<32 | uint64(ascii.Load32(s, n-4))
	case n > 0:
		a = uint64(s[0])<<16 | uint64(s[n/2])<<8 | uint64(s[n-1])
	}
	return a, b
}

// midWord returns the eight bytes of a key of more than 16 bytes from
// its eighth on, which its words (keyWords) leave out, for strHash: all
// of the rest of a key of up to 24 bytes, many hostnames, so that keys
// that differ only there take slots of their own ("www.site101.org.uk"
// and "www.site102.org.uk"); 0 for a shorter key.
func midWord(key string) uint64 {
	if len(key) <= 16 {
		return 0
	}
	return ascii.Load64(key, 8)
}

// strHash hashes a key by its words (keyWords), its middle word (midWord)
// and its length, a few multiplications whatever its length; the middle
// word multiplied, so that a byte that is in it and in the last word (of a
// key of 17 to 23 bytes) does not cancel out. Its callers take its low
// bits, and a product's low bits depend only on its factors' low bits: the
// bytes of the product are returned in reverse order, its high bits, which
// depend on every bit of the key's words, low. Its high half, returned as
// it was, gave keys that differ only in the high bytes of their words
// ("section-8000" to "section-8099", "2024-01-15" and "2024-01-16") one
// slot, and a lookup among them 50 probes on average (TestTableProbes).
func strHash(a, b, m uint64, n int) uint32 {
	h := (a*0x9E3779B97F4A7C15 ^ b ^ m*0xD6E8FEB86659FD93 + uint64(n)) * 0xC2B2AE3D27D4EB4F
	return uint32(bits.ReverseBytes64(h))
}

// add sets bit i of key's bit set.
func (t *table) add(key string, i int) {
	if 2*(t.n+1) > len(t.slots) {
		old := t.slots
		t.slots = make([]entry, max(8, 2*len(old)))
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
		a, b := keyWords(key)
		m := midWord(key)
		if t.fold {
			a, b, m = ascii.LowerWord(a), ascii.LowerWord(b), ascii.LowerWord(m) // as slot reads a key
		}
		*e = entry{key: key, a: a, b: b, m: m, used: true}
		t.n++
	}
	e.bits.set(i)
}

// slot returns key's entry, or the free one where it goes. A key of up
// to 24 bytes (most hostnames) is compared by its words, which its hash
// has loaded, and a longer one by longEqual.
func (t *table) slot(key string) *entry {
	var a, b uint64
	if n := len(key); n >= 8 {
		a, b = ascii.Load64(key, 0), ascii.Load64(key, n-8) // keyWords, without its call
	} else {
		a, b = keyWords(key)
	}
	m := midWord(key)
	if t.fold {
		a, b, m = ascii.LowerWord(a), ascii.LowerWord(b), ascii.LowerWord(m) // the words of the lowered key
	}
	mask := uint32(len(t.slots) - 1)
	for j := strHash(a, b, m, len(key)) & mask; ; j = (j + 1) & mask {
		e := &t.slots[j]
		if !e.used || e.a == a && e.b == b && len(e.key) == len(key) && (len(key) <= 16 || e.m == m && (len(key) <= 24 || longEqual(key, e.key, t.fold))) {
			return e
		}
	}
}

// longEqual reports whether key, of more than 16 bytes, is k, a key of
// a table (of more than 24 bytes: slot compares a shorter one by its
// middle word) or the text of a group of hostFirsts, of its length, whose
// first and last eight bytes it has (as keyWords reads them; in lower
// case with fold): for up to 24 bytes, whether the eight from the eighth
// on are the same, with no call of the runtime's comparison.
func longEqual(key, k string, fold bool) bool {
	if len(key) > 24 {
		return key == k || fold && ascii.EqualFold(key, k)
	}
	x := ascii.Load64(key, 8)
	if fold {
		x = ascii.LowerWord(x)
	}
	return x == ascii.Load64(k, 8)
}

// get returns key's bit set; with no words (w nil) if there is no key.
func (t *table) get(key string) bitRange {
	if t.n == 0 {
		return bitRange{}
	}
	return t.slot(key).bits
}
