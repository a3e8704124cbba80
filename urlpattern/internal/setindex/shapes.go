package setindex

import "strings"

// The shapes of a pathname pattern, from its parts.

// maxShapes bounds the shapes a pathname's optional segments give.
const maxShapes = 8

// A PartKind is what the index reads of a part of a pathname pattern.
type PartKind uint8

const (
	PartText    PartKind = iota // fixed text, Text
	PartSegment                 // a ":name" group: text without "/", not empty
	PartAll                     // a "*" group: any text
	PartOther                   // what the index cannot read: a regexp group (which may match "/"), a repetition
	// PartSegments is a ":name" group repeated after "/", last in the
	// pathname ("/files/:path*", "/files/:path+"): any number of
	// segments, none empty, at least one unless Optional.
	PartSegments
)

// A Part is a part of a pathname pattern: its kind, its fixed text or its
// group's prefix and suffix, and whether it is optional ("/:name?").
// Partial says that a PartSegment group matches only some of the
// segments a ":name" group matches: a regexp group that matches text
// without "/", never empty ("/:lang(en|fr)"), which the index reads as a
// segment of any text, and whose shapes are then not exact. A Class says
// which: of a regexp group that is a class with a count ("/:id(\d+)") or
// a choice of ASCII strings ("/:lang(en|fr)"), which, alone in its
// segment, the index checks (Seg.Class); beside text or another group,
// it is Partial.
type Part struct {
	Kind           PartKind
	Text           string
	Prefix, Suffix string
	Optional       bool
	Partial        bool
	Class          Class
}

// PathShapes returns the shapes of the pathnames a pathname pattern of
// parts matches: its parts read as fixed text, ":name" groups alone in
// their segment ("/:id", "{:lang/}"), "*" between segments (one or more:
// "/*/*"), and a ":name" group repeated last, with a shape for each choice
// of its optional "/:name?" and "{/text}?" parts (up to maxShapes). A
// segment with a group beside text or another group (":id.html",
// ":a-:b") is read as any text, not empty (one that starts with its text
// before the first group, if it has some: "v:id", "page{.:ext}?"), and a
// shape with one, or with a Partial group, is not exact. A "*" followed
// by fixed segments, ":name" groups alone in theirs and a ":name" group
// repeated last ("/*/docs/:id/:path*") is exact (Shape.Tail). Where the parts
// say more than a shape can (a regexp group that may match "/", another
// repetition, a second "*" after a segment), the shape says what comes
// before, and the first fixed segments between a "*" and what it cannot
// read as its Infix, and is not exact.
func PathShapes(parts []Part) []Shape {
	parts = absorbed(parts)
	alts := [][]Part{nil}
	for _, p := range parts {
		n := len(alts)
		if p.Optional && (p.Kind == PartSegment || p.Kind == PartText) && 2*n <= maxShapes {
			// One choice without the part, one with it.
			with := p
			with.Optional = false
			for k := range n {
				alts = append(alts, append(append([]Part(nil), alts[k]...), with))
			}
			continue
		}
		for k := range n {
			alts[k] = append(alts[k], p)
		}
	}
	shapes := make([]Shape, 0, len(alts))
	for _, a := range alts {
		sh := shapeOf(a)
		if sh.Rest && len(sh.Front) == 0 && sh.MinSegs == 0 {
			// "/:path*" matches the empty pathname too, which does not
			// start with "/": a shape of that alone, not exact, beside
			// the rooted one.
			sh.MinSegs = 1
			shapes = append(shapes, Shape{Unrooted: true, MinSegs: onlyUnrooted, MaxSegs: -1})
		}
		shapes = append(shapes, sh)
	}
	return shapes
}

// absorbed returns parts less those after its last "*" where all of them
// may be absent ("/files/*/:rest*", "/docs/*{/}?"): a "*" matches any
// text, so it matches whatever they would match after it too, and the
// pattern matches the pathnames that the parts up to the "*" match. The
// "*" must have no suffix and not be optional itself; a pattern's
// groups are what Exec returns, which the index does not give.
func absorbed(parts []Part) []Part {
	for i := len(parts) - 1; i >= 0; i-- {
		p := parts[i]
		switch {
		case p.Kind == PartAll && !p.Optional && p.Suffix == "":
			return parts[:i+1]
		case !p.Optional:
			return parts
		}
	}
	return parts
}

// onlyUnrooted is the MinSegs of a shape of pathnames that do not start
// with "/" alone: more segments than any count tells apart, which no
// pathname that starts with "/" is counted to have.
const onlyUnrooted = maxCount + 1

// shapeOf returns the shape of the pathnames parts match: a segment is
// what lies between two "/", fixed text, a lone ":name" group or a mixed
// one, and a "*" that fills whole segments (with any "*" right after it)
// splits them into the first and the last.
// Where a "*" is followed by what it cannot read ("/*/docs/:id/*"), the
// fixed segments that came between, each followed by "/", are somewhere
// in the pathname after the first segments: the first run of them is the
// shape's Infix ("/docs/"); where an optional group follows the last of
// them ("/*/docs/:path*"), that one may end the pathname (InfixEnd).
// A "*" last, after text in a segment ("/blog*"), makes that segment's
// text a prefix, and one followed by text to the end ("/files/*.pdf") the
// last segment's a suffix.
func shapeOf(parts []Part) Shape {
	if sh, ok := affixShape(parts); ok {
		return sh
	}
	var (
		sh         Shape
		cur        strings.Builder // the current segment's fixed text (if mixed, that before its first group)
		curAny     bool            // it is a ":name" group (alone, so far)
		curClass   Class           // that group's Class
		mixed      bool            // it has a group beside text or another group: any text, not empty
		inSeg      bool            // a segment has started
		wild       bool            // a "*" came: the segments now are the last ones
		back       []Seg           // those, in order
		needsSlash bool            // a "*" came last: what follows must start a segment
		rest       bool            // a repeated ":name" group came last (PartSegments)
		partial    bool            // a Partial group or a mixed segment came: the shape is not exact
		sure       int             // the segments of back that are followed by "/"
		stars      int             // the "*" after the first that fill whole segments beside it ("/*/*")
		tail       = -1            // a repeated ":name" group after a "*" came last: the segments it needs (0 or 1)
	)
	closeSeg := func() {
		seg := Seg{Text: cur.String(), Any: curAny, Class: curClass}
		if mixed {
			// Any text, not empty; one that starts with the text
			// before its first group, if it has some ("x:id").
			seg.Any, seg.Prefix, seg.Class = seg.Text == "", seg.Text != "", Class{}
		}
		if wild {
			back = append(back, seg)
		} else {
			sh.Front = append(sh.Front, seg)
		}
		cur.Reset()
		curAny, curClass, mixed = false, Class{}, false
	}
	// mix makes the current segment a mixed one: ":id.html", ":a-:b".
	mix := func() { mixed, partial = true, true }
	// text adds fixed text, each "/" ending a segment and starting one;
	// it reports false where the pathname would not start with "/". Text
	// beside a group in its segment makes the segment mixed.
	text := func(t string) bool {
		for t != "" {
			slash := strings.IndexByte(t, '/')
			if slash != 0 {
				switch {
				case !inSeg || needsSlash:
					return false
				case curAny || mixed:
					mix()
				case slash < 0:
					cur.WriteString(t)
				default:
					cur.WriteString(t[:slash])
				}
				if slash < 0 {
					return true
				}
			}
			if inSeg && !needsSlash {
				closeSeg()
			}
			inSeg, needsSlash, t = true, false, t[slash+1:]
		}
		return true
	}
	// plain reports whether a segment has started with nothing in it.
	plain := func() bool { return inSeg && !needsSlash && cur.Len() == 0 && !curAny && !mixed }
	ok := true
	for i, p := range parts {
		if !ok {
			break
		}
		switch {
		case p.Kind == PartSegments && i == len(parts)-1 && !wild && p.Prefix == "/" && p.Suffix == "":
			// "/files/:path*": the segments before it, whole, then any
			// number of segments, none empty.
			if ok = text(p.Prefix) && plain(); ok {
				rest, inSeg = true, false // no segment of its own
				sh.MinSegs = len(sh.Front)
				if !p.Optional {
					sh.MinSegs++
				}
			}
		case (p.Kind == PartOther || p.Kind == PartSegments) && strings.HasPrefix(p.Prefix, "/"):
			// A regexp group or a repetition that starts with "/"
			// ("/api/:lang(.*)", "/v/(.*)?"): the text before it
			// ends a segment, which the shape keeps, whether the group is
			// there or not; what the group matches (which may hold "/")
			// is not read. Only if the group is there is a "/" after the
			// segment.
			n := len(back)
			text("/")
			if p.Kind == PartSegments && wild && i == len(parts)-1 && p.Prefix == "/" && p.Suffix == "" {
				tail = 1
				if p.Optional {
					tail = 0
				}
			}
			if p.Optional {
				sure = n
			} else {
				sure = len(back)
			}
			ok = false
			continue
		case p.Optional || p.Kind == PartOther || p.Kind == PartSegments:
			ok = false // a repetition, or an optional part not expanded
		case p.Kind == PartText:
			ok = text(p.Text)
		case p.Kind == PartSegment:
			// Alone in its segment, or beside text or a group in it
			// (mixed); a suffix that starts with "/" ends the segment
			// ("{:lang/}").
			if ok = text(p.Prefix) && inSeg && !needsSlash; ok {
				if plain() {
					curAny, curClass = true, p.Class
				} else {
					mix()
					partial = partial || p.Class.Min > 0
				}
				partial = partial || p.Partial
				ok = text(p.Suffix)
			}
		case p.Kind == PartAll && !wild:
			// "*" fills whole segments: it starts one, and what follows
			// starts another or ends the pathname.
			if ok = text(p.Prefix) && plain() && p.Suffix == ""; ok {
				wild, needsSlash, inSeg = true, true, false
			}
		case p.Kind == PartAll && needsSlash && !inSeg && p.Prefix == "/" && p.Suffix == "":
			// "/*/*": with the "*" before, whole segments, at least two.
			stars++
		case p.Kind == PartAll && strings.HasPrefix(p.Prefix, "/"):
			// A second "*" after a segment ("/*/:x/docs/*"): the "/"
			// before it ends the segment.
			text("/")
			ok = false
		default:
			ok = false // a regexp group (it may match "/"), or a second "*"
		}
		sure = len(back) // the texts read are there, whether ok or not
	}
	if !ok {
		// What came before is known, as far as whole segments go.
		sh.MinSegs, sh.MaxSegs = len(sh.Front), -1
		if wild {
			// A segment from each "*", those of back that are followed
			// by "/", and one after them.
			sh.MinSegs = len(sh.Front) + 1 + stars
			sh.Infix = infixOf(back[:sure])
			switch {
			case sure == len(back)-1:
				// back's last segment may end the pathname (an
				// optional group after it: "/*/docs/:path*"), and it is
				// there: a run of fixed segments it ends is an infix
				// that may end the pathname.
				sh.MinSegs += len(back)
				if full := infixOf(back); full != sh.Infix {
					sh.Infix, sh.InfixEnd = full, true
				}
			case sure > 0:
				sh.MinSegs += sure + 1
			}
			if tail >= 0 && stars == 0 && !partial {
				tailShape(&sh, back, tail)
			}
		}
		back = nil
		sh.Unrooted = len(sh.Front) == 0 && !wild // it may not start with "/"
		return sh
	}
	if inSeg && !needsSlash {
		closeSeg()
	}
	if rest {
		sh.Rest, sh.MaxSegs, sh.Exact = true, -1, !partial
		return sh
	}
	if len(sh.Front) == 0 && !wild {
		// No "/" at all: a pathname that starts otherwise.
		sh.MaxSegs, sh.Unrooted = -1, true
		return sh
	}
	for i, j := 0, len(back)-1; i < j; i, j = i+1, j-1 {
		back[i], back[j] = back[j], back[i]
	}
	sh.Back, sh.Exact = back, !partial
	sh.MinSegs, sh.MaxSegs = len(sh.Front), len(sh.Front)
	if wild {
		sh.MinSegs, sh.MaxSegs = len(sh.Front)+len(back)+1+stars, -1
	}
	return sh
}

// tailShape makes sh, the shape of parts that end in a "*", fixed
// segments, ":name" groups alone in theirs (back) and a repeated ":name"
// group ("/*/docs/:path*", "/*/docs/:id/:path*", "/*/docs/:path+"),
// exact where back is that: the fixed segments (the Infix) and the groups
// after them, of which there are at least need more (0 for ":path*", 1
// for ":path+"), the segments after the infix. The "*" matches any text,
// "/" too, so the pattern matches a pathname where, after Front, one
// place holds the infix less its last "/", followed by "/" or the end,
// and after it at least that many segments, none empty; the last such
// place will do if any does (see Shape.Tail).
func tailShape(sh *Shape, back []Seg, need int) {
	f := 0
	for f < len(back) && !back[f].Any && !back[f].Prefix && !back[f].Suffix && back[f].Text != "" {
		f++
	}
	if f == 0 {
		return
	}
	for _, seg := range back[f:] {
		if seg != (Seg{Any: true}) {
			return
		}
	}
	sh.Infix = infixOf(back[:f])
	sh.Tail, sh.TailSegs = true, len(back)-f+need
	sh.InfixEnd = sh.TailSegs == 0
	sh.Exact = true
}

// infixOf returns the first run of fixed segments of segs with "/" on
// each side ("/docs/v1/"), or "" if there is none: a segment of any text,
// or one that only starts with its text ("v:id"), is not fixed.
func infixOf(segs []Seg) string {
	fixed := func(s Seg) bool { return !s.Any && !s.Prefix && !s.Suffix }
	i := 0
	for i < len(segs) && !fixed(segs[i]) {
		i++
	}
	j := i
	for j < len(segs) && fixed(segs[j]) {
		j++
	}
	if i == j {
		return ""
	}
	var b strings.Builder
	for _, seg := range segs[i:j] {
		b.WriteString("/")
		b.WriteString(seg.Text)
	}
	b.WriteString("/")
	return b.String()
}

// affixShape returns the shape of parts that end in "*" after text in a
// segment, or in "*" and text without "/" after a segment's start.
func affixShape(parts []Part) (Shape, bool) {
	n := len(parts)
	if n == 0 {
		return Shape{}, false
	}
	star := -1
	for i, p := range parts {
		if p.Kind == PartAll && !p.Optional && p.Suffix == "" {
			star = i
		}
	}
	last := parts[n-1:]
	switch {
	case star == n-1 && n >= 3 && parts[n-1].Prefix == "/" && parts[n-2].Kind == PartText && !parts[n-2].Optional &&
		strings.HasPrefix(parts[n-2].Text, "/"):
		// "/*/docs/*": the "*" before fills segments; the fixed segments
		// between, with "/" on each side, are somewhere after them.
		sh := shapeOf(parts[:n-2])
		if !sh.Exact || len(sh.Back) > 0 || sh.MaxSegs >= 0 || len(sh.Front)+1 != sh.MinSegs {
			return sh, false
		}
		if sh.Rest {
			// "/:path+/docs/*": the repeated segments are not empty,
			// which an infix does not say, and those after the infix may
			// be: Rest would wrongly hold them all to it.
			sh.Rest, sh.Exact = false, false
		}
		sh.Infix = parts[n-2].Text + "/"
		sh.MinSegs = len(sh.Front) + strings.Count(sh.Infix, "/") + 1
		return sh, true
	case star == n-1 && n >= 2 && parts[n-2].Kind == PartText && !parts[n-2].Optional && !strings.HasSuffix(parts[n-2].Text, "/") && parts[n-1].Prefix == "":
		// "/blog*": the segments before, then the last one's text as a
		// prefix, then anything.
		sh := shapeOf(parts[:n-1])
		if !sh.Exact || len(sh.Back) > 0 || len(sh.Front) == 0 || sh.Front[len(sh.Front)-1].Any {
			return sh, false
		}
		sh.Front[len(sh.Front)-1].Prefix = true
		sh.MaxSegs = -1
		return sh, true
	case star == n-2 && last[0].Kind == PartText && !last[0].Optional && last[0].Text != "" && last[0].Text[0] != '/':
		// "/files/*.pdf": the "*" fills segments, the last one ends with
		// the text; with more segments after ("/*.d/x"), the segment
		// before them ends with it.
		sh := shapeOf(parts[:n-1])
		if !sh.Exact || len(sh.Back) > 0 {
			return sh, false
		}
		pieces := strings.Split(last[0].Text, "/")
		for i := len(pieces) - 1; i > 0; i-- {
			sh.Back = append(sh.Back, Seg{Text: pieces[i]})
		}
		sh.Back = append(sh.Back, Seg{Text: pieces[0], Suffix: true})
		sh.MinSegs = len(sh.Front) + len(pieces)
		return sh, true
	}
	return Shape{}, false
}
