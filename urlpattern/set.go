package urlpattern

import (
	"iter"
	"math/bits"
	"strings"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/ascii"
	"github.com/weburl/weburl/urlpattern/internal/jsregexp"
	"github.com/weburl/weburl/urlpattern/internal/setindex"
)

// A Set matches a URL against many patterns at once: a router's routes, a
// crawler's allow and deny lists. Its answers are those of TestURL on each
// pattern in order (the semantics of the URLPatternList proposal,
// whatwg/urlpattern#166), but it tests only the patterns a URL can match by
// its hostname, its path's segments, its scheme and which of its other
// components are empty: an index (internal/setindex) by the hostname (an
// exact host, or the few of "{www.}?example.com", "(www\\.)?example.com"
// or "(en|fr).example.com"; a "*." suffix, both at
// once, "{*.}?example.com", or the suffix that every hostname of
// ":tenant.example.com" ends with), by the text each of a pattern's first
// and last segments must have (so that "/:lang/docs/:page" is found by its
// second segment and "/*/edit" by its last), by the number of segments, by
// the special scheme or schemes a protocol names ("https", "http{s}?"), and
// by whether the port must be the default and the username, password,
// search or hash empty ("" in the pattern: "https://example.com/*#" has the
// search and hash ""), or must not be ("https://example.com:8080/*"), and
// by the text the port, username, password, search or hash must be or
// start with (":8080", "?ring=alpine" or "?ring=alpine*", as in crawl
// scopes that differ only in their query; not with IgnoreCase), picks
// them, in a few lookups, before any is run. A
// pattern whose hostname and pathname the index decides (fixed text,
// ":name" alone in a segment, "*" between segments, "/:name?" and
// "{/text}?" segments, "/:path*" and "/:path+" last, also after a "*" and
// fixed segments, as in "/*/docs/:path*", where the last "/docs" with
// enough segments after it decides) is not run at all:
// only its other components are checked, and none where the index has read
// them all. A regexp group that matches text within one segment, such as
// "(\d+)", "([a-z]{2})" or "(en|fr)", alone in its segment, it decides
// too, by the segment's bytes. Of a pathname it reads only in part, the
// index keeps what it can: a segment with a group beside text, by the
// text before its first group ("page{.:ext}?": a segment that starts with
// "page"; ":id(\d+).html", any text); the segments before a regexp group
// that may match "/"; and the first fixed segments between a "*" and what
// it cannot read, a second "*" ("/*/docs/:id/*") or a repeated group after
// a regexp group ("/*/docs/:id(\d+)/:path*"), found by the first of them.
// Such a pattern is run on the URLs they pick. Parts after a last "*" that may
// all be absent ("/files/*/:rest*", "/docs/*{/}?") add nothing to the
// pathnames a pattern matches, which the "*" matches already: the index
// reads the pattern without them. A Set is safe for concurrent use;
// it does not change after NewSet.
//
// Patterns compiled with IgnoreCase, which the standard applies to the
// pathname, search and hash (not to the hostname), are indexed apart, by
// the lower-case form of their pathname's text, and looked up by the
// URL's path segments lowered as the index reads them (no copy of the
// path is made): ASCII letters only, as a URL's pathname is ASCII,
// percent-encoded, and so is a pattern's canonical pathname (a pathname
// pattern whose text is not is left to its own match).
// https://urlpattern.spec.whatwg.org/#url-pattern-create
type Set struct {
	patterns []*Pattern
	index    *setindex.Index // a folded one (setindex.NewFolded) if every pattern has IgnoreCase
	folded   *setindex.Index // the patterns with IgnoreCase where index has others; else nil
	others   [][]setCheck    // by pattern: the components the index does not look at
	empty    setindex.Comps  // the components some pattern matches only when empty, or only when not
	texts    setindex.Comps  // the components of which some pattern has text first, which the index reads
}

// compBits are the components of setindex's Comps, bit by bit.
var compBits = [...]Component{Port, Username, Password, Search, Hash}

// NewSet returns a set of the patterns, in the order given. A nil
// pattern matches nothing.
func NewSet(patterns ...*Pattern) *Set {
	s := &Set{patterns: patterns, index: setindex.New(len(patterns)), others: make([][]setCheck, len(patterns))}
	plain := 0 // patterns in index
	for i, p := range patterns {
		if p == nil {
			continue
		}
		ix, fold := s.index, p.comps[Pathname].opts.ignoreCase // IgnoreCase, as the pathname has it
		if fold {
			if s.folded == nil {
				s.folded = setindex.NewFolded(len(patterns))
			}
			ix = s.folded
		} else {
			plain++
		}
		hosts, decided := hostKeys(p.comps[Hostname])
		filter := setindex.Filter{Schemes: setindex.AllSchemes}
		for _, ch := range p.checks {
			if ch.comp == Hostname || ch.comp == Pathname {
				continue // the index reads them
			}
			switch sc := newSetCheck(ch); {
			case ch.comp == Protocol && sc.finite && knownScheme(sc.one) && knownScheme(sc.two):
				filter.Schemes = setindex.SchemeOf(sc.one) | setindex.SchemeOf(sc.two)
			case ch.comp == Protocol:
				// "http*", "(https?)": the special schemes it matches, in
				// the filter; checked for a URL of any other scheme.
				filter.Schemes = setindex.SchemeOther
				for _, scheme := range specialSchemes {
					if sc.c.match(scheme) {
						filter.Schemes |= setindex.SchemeOf(scheme)
					}
				}
				sc.otherScheme = true
				s.others[i] = append(s.others[i], sc)
				filter.RestOther = true
			case sc.finite && sc.one == "" && sc.two == "" && emptyComp(ch.comp) != 0:
				// "" in the port, username, password, search or hash:
				// the index leaves out the pattern for a URL in which
				// that component is not empty.
				filter.Empty |= emptyComp(ch.comp)
			default:
				s.others[i] = append(s.others[i], sc)
				filter.Rest = true
				if k := emptyComp(ch.comp); k != 0 {
					if !sc.matchesEmpty() {
						// "8080" in the port, "q=*" in the search: the
						// index leaves out the pattern for a URL in which
						// that component is empty.
						filter.Filled |= k
					}
					// And for one whose component does not start with
					// the text the pattern's does ("q=" of "q=*"), or is
					// not the one it is ("8080"), which values gives it.
					if text, whole := textStart(&sc); text != "" {
						filter.Texts[bits.TrailingZeros8(uint8(k))] = setindex.Text{Text: text, Whole: whole}
						s.texts |= k
					}
				}
			}
		}
		s.empty |= filter.Empty | filter.Filled
		shapes := pathShapes(p.comps[Pathname], fold)
		for _, host := range hosts {
			ix.Add(i, host, decided, filter, shapes)
		}
	}
	if s.folded != nil && plain == 0 {
		s.index, s.folded = s.folded, nil // one index to read
	}
	s.index.Build()
	if s.folded != nil {
		s.folded.Build()
	}
	return s
}

// textStart returns the text that every value a component's check
// matches starts with, and whether the value is that text: of a finite
// check (newSetCheck), its one string, or the start of both ("8080",
// "ring=alpine", "page=1{0}?"); of a sequence, its fixed text first
// ("ring=alpine*", "title=:title"); "" where the pattern has none that
// the index can read, or ignores case.
func textStart(sc *setCheck) (text string, whole bool) {
	switch c := sc.c; {
	case sc.finite:
		return sc.one, sc.one == sc.two
	case !c.opts.ignoreCase && c.kind == kindSeq && len(c.seq) > 0 && c.seq[0].kind == seqLit:
		return c.seq[0].lit, false
	}
	return "", false
}

// hostKeys returns what a hostname pattern says of the hostnames it
// matches, one Host or the few exact hostnames of a pattern of fixed text
// with optional parts ("{www.}?example.com"), and whether it matches
// every one it says.
func hostKeys(c *component) ([]setindex.Host, bool) {
	if hosts := fixedChoices(c); hosts != nil {
		return hosts, true
	}
	host, decided := hostKey(c)
	return []setindex.Host{host}, decided
}

// maxHostChoices bounds the exact hostnames fixedChoices expands a
// pattern to.
const maxHostChoices = 8

// fixedChoices returns the hostnames a pattern of fixed text parts and
// regexp groups of fixed strings, some optional ("{www.}?example.com",
// "{m.}?{www.}?example.com", "(www\\.)?example.com",
// "(www|m).example.com"), matches, each an exact Host; or nil for any
// other pattern, a fixed hostname (hostKey's exact case), or one of more
// than maxHostChoices hostnames. A group's strings are those
// jsregexp.ShapeOf reads, as the shortcuts read them; the group matches
// one of them, with its prefix and suffix.
func fixedChoices(c *component) []setindex.Host {
	if c.opts.ignoreCase || c.kind == kindExact || len(c.parts) == 0 {
		return nil
	}
	texts := []string{""}
	for _, p := range c.parts {
		if p.mod != modNone && p.mod != modOptional {
			return nil
		}
		alts := []string{p.value}
		switch p.typ {
		case partFixedText:
		case partRegexp:
			shape := jsregexp.ShapeOf(p.value, false)
			if shape.Kind != jsregexp.ChoiceShape {
				return nil
			}
			alts = shape.Alts
		default:
			return nil
		}
		n := len(texts)
		k := len(alts)
		if p.mod == modOptional {
			k++
		}
		if n*k > maxHostChoices {
			return nil
		}
		var next []string
		if p.mod == modOptional {
			next = append(next, texts...) // without the part
		}
		for _, a := range alts {
			for _, t := range texts {
				next = append(next, t+p.prefix+a+p.suffix)
			}
		}
		texts = next
	}
	hosts := make([]setindex.Host, len(texts))
	for k, t := range texts {
		if t == "" || len(t) >= 256 {
			return nil
		}
		hosts[k] = setindex.Host{Kind: setindex.HostExact, Text: t}
	}
	return hosts
}

// hostKey returns what a hostname pattern says of the hostnames it
// matches, and whether it matches every one it says.
func hostKey(c *component) (setindex.Host, bool) {
	switch {
	case c.opts.ignoreCase: // not so: the standard compiles a hostname with the default options
	case c.kind == kindAny:
		return setindex.Host{Kind: setindex.HostAny}, true
	case c.kind == kindExact && len(c.fixed) < 256:
		return setindex.Host{Kind: setindex.HostExact, Text: c.fixed}, true
	case c.kind == kindSeq && len(c.seq) == 2 && c.seq[0].kind == seqFull && strings.HasPrefix(c.seq[1].lit, ".") && len(c.seq[1].lit) < 256:
		return setindex.Host{Kind: setindex.HostSuffix, Text: c.seq[1].lit}, true // "*.example.com"
	case len(c.parts) == 2 && c.parts[0] == part{typ: partFullWildcard, mod: modOptional, name: c.parts[0].name, suffix: "."} &&
		c.parts[1].typ == partFixedText && c.parts[1].mod == modNone && c.parts[1].value != "" && len(c.parts[1].value) < 255:
		// "{*.}?example.com": the domain and its subdomains, as the
		// regular expression ^(?:(.*)\.)?example\.com$ says.
		return setindex.Host{Kind: setindex.HostDomain, Text: c.parts[1].value}, true
	case c.kind == kindSeq && len(c.seq) > 1 && c.seq[len(c.seq)-1].kind == seqLit && strings.HasPrefix(c.seq[len(c.seq)-1].lit, ".") &&
		len(c.seq[len(c.seq)-1].lit) < 256:
		// ":tenant.example.com": every hostname it matches ends with
		// ".example.com", and its own match says which.
		return setindex.Host{Kind: setindex.HostSuffix, Text: c.seq[len(c.seq)-1].lit}, false
	}
	return setindex.Host{Kind: setindex.HostOther}, false
}

// lowerText returns text with its ASCII letters in lower case, and false
// if it has a byte that is not ASCII.
func lowerText(text string) (string, bool) {
	if !ascii.Is(text) {
		return "", false
	}
	return strings.ToLower(text), true
}

// knownScheme reports whether the index tells scheme apart from every
// other: whether it is a special scheme, so that a protocol pattern that
// matches only it and another such scheme is left to the index.
func knownScheme(scheme string) bool { return setindex.SchemeOf(scheme) != setindex.SchemeOther }

// emptyComp returns the bit of setindex.Comps that stands for c, or 0.
func emptyComp(c Component) setindex.Comps {
	for k, pc := range compBits {
		if pc == c {
			return 1 << k
		}
	}
	return 0
}

// filled returns the components of u that are not empty, of those some
// pattern of s matches only when empty or only when not, as the index
// reads a URL; port says whether u has a port (read by the caller, which
// keeps filled small enough to inline: Match's hot path).
func (s *Set) filled(u *weburl.URL, port bool) (f setindex.Comps) {
	if port {
		f = setindex.CompPort
	}
	if s.empty&^setindex.CompPort != 0 {
		f |= s.filledOthers(u)
	}
	return f
}

// filledOthers is filled for the components other than the port.
func (s *Set) filledOthers(u *weburl.URL) (f setindex.Comps) {
	p := s.empty
	if p&setindex.CompUsername != 0 && u.Username() != "" {
		f |= setindex.CompUsername
	}
	if p&setindex.CompPassword != 0 && u.Password() != "" {
		f |= setindex.CompPassword
	}
	if p&setindex.CompSearch != 0 && u.Search() != "" { // "" for an empty query too
		f |= setindex.CompSearch
	}
	if p&setindex.CompHash != 0 && u.Hash() != "" {
		f |= setindex.CompHash
	}
	return f
}

// values sets in v the components of u of which some pattern of s has
// text first (texts), as the index reads them, and returns v. Its
// callers make v only where s has texts, on their stack, and pass nil
// where it has none: a Values declared on every call, and zeroed, would
// cost every Match.
func (s *Set) values(u *weburl.URL, v *setindex.Values) *setindex.Values {
	for k := s.texts; k != 0; k &= k - 1 {
		i := bits.TrailingZeros8(uint8(k))
		v[i] = componentValue(u, compBits[i])
	}
	return v
}

// candidates calls visit with the patterns the index picks for u (see
// setindex.Index.Candidates).
func (s *Set) candidates(u *weburl.URL, visit func(i int, decided bool) bool) {
	host, path, scheme, filled := u.Hostname(), u.Pathname(), setindex.SchemeOf(u.Scheme()), s.filled(u, u.Port() != "")
	var values *setindex.Values
	if s.texts != 0 {
		values = s.values(u, new(setindex.Values))
	}
	if s.folded == nil {
		s.index.Candidates(host, path, values, scheme, filled, visit)
		return
	}
	// The folded index's candidates, collected, then visited in order
	// among the other's.
	type candidate struct {
		i       int
		decided bool
	}
	var buf [16]candidate // most URLs have fewer: no allocation
	folded := buf[:0]
	s.folded.Candidates(host, path, values, scheme, filled, func(i int, decided bool) bool {
		folded = append(folded, candidate{i, decided})
		return false
	})
	stopped := false
	s.index.Candidates(host, path, values, scheme, filled, func(i int, decided bool) bool {
		for ; len(folded) > 0 && folded[0].i < i; folded = folded[1:] {
			if visit(folded[0].i, folded[0].decided) {
				stopped = true
				return true
			}
		}
		stopped = visit(i, decided)
		return stopped
	})
	for _, c := range folded {
		if stopped || visit(c.i, c.decided) {
			return
		}
	}
}

// pathShapes returns what the index reads of a pathname pattern: the
// shapes of the pathnames it matches (see setindex.PathShapes); with fold,
// for a pattern compiled with IgnoreCase, of their lower-case form.
func pathShapes(c *component, fold bool) []setindex.Shape {
	lower := func(t string) (string, bool) { return t, true }
	if fold {
		lower = lowerText
	}
	switch {
	case c.kind == kindAny:
		return []setindex.Shape{{MaxSegs: -1, Unrooted: true, Exact: true}}
	case c.opts.ignoreCase != fold:
		return []setindex.Shape{setindex.AnyPath}
	case c.kind == kindExact:
		t, ok := lower(c.fixed)
		if !ok {
			return []setindex.Shape{setindex.AnyPath}
		}
		return setindex.PathShapes([]setindex.Part{{Kind: setindex.PartText, Text: t}})
	}
	parts := make([]setindex.Part, len(c.parts))
	for i, p := range c.parts {
		kind := setindex.PartOther // a regexp group, which may match "/"
		partial := false
		var class setindex.Class
		switch p.typ {
		case partFixedText:
			kind = setindex.PartText
		case partSegmentWildcard:
			// [^/]+? with the pathname options, but [^]+?, any text, with
			// the default options that compile the pathname of a pattern
			// whose protocol matches no special scheme: it may match "/".
			// https://urlpattern.spec.whatwg.org/#generate-a-segment-wildcard-regexp
			if c.opts.delimiter == "/" {
				kind = setindex.PartSegment
			}
		case partFullWildcard:
			kind = setindex.PartAll
		case partRegexp:
			var segment bool
			if segment, class = segmentRegexp(p.value, c.opts.ignoreCase); segment {
				kind, partial = setindex.PartSegment, class.Min == 0
			}
		}
		if p.mod == modZeroOrMore || p.mod == modOneOrMore {
			kind, class = setindex.PartOther, setindex.Class{}
			if p.typ == partSegmentWildcard && c.opts.delimiter == "/" && p.prefix == "/" && p.suffix == "" {
				// "/:path*", "/:path+": (?:/([^/]+?)(?:/[^/]+?)*)?, the
				// generated expression's repetition of prefix and group.
				// https://urlpattern.spec.whatwg.org/#generate-a-regular-expression-and-name-list
				kind = setindex.PartSegments
			}
		}
		// A part that may be absent ("?", and "*" repeated) is optional.
		optional := p.mod == modOptional || p.mod == modZeroOrMore
		text, ok1 := p.value, true // a regexp group's expression: the index does not read it
		if kind == setindex.PartText {
			text, ok1 = lower(p.value)
		}
		prefix, ok2 := lower(p.prefix)
		suffix, ok3 := lower(p.suffix)
		if !ok1 || !ok2 || !ok3 {
			return []setindex.Shape{setindex.AnyPath}
		}
		parts[i] = setindex.Part{Kind: kind, Text: text, Prefix: prefix, Suffix: suffix, Optional: optional, Partial: partial, Class: class}
	}
	return setindex.PathShapes(parts)
}

// segmentRegexp reports whether a regexp group's expression matches only
// text without "/" that is not empty, as the shortcuts read it (a class
// with a count of at least one, or a choice of fixed strings, such as
// \d+ or en|fr): the index reads such a group as a ":name" group, and
// what it checks of a segment, which decides the group: the class's
// ASCII bytes and count (a URL's pathname is ASCII), or the choice's
// strings (where they are ASCII).
func segmentRegexp(expr string, ignoreCase bool) (bool, setindex.Class) {
	switch shape := jsregexp.ShapeOf(expr, ignoreCase); shape.Kind {
	case jsregexp.ClassShape:
		if shape.Min < 1 || shape.Class.Contains('/') {
			return false, setindex.Class{}
		}
		return true, setindex.Class{Bytes: asciiBits(shape.Class), Min: shape.Min, Max: shape.Max}
	case jsregexp.ChoiceShape:
		for _, alt := range shape.Alts {
			if alt == "" || strings.Contains(alt, "/") {
				return false, setindex.Class{}
			}
		}
		class, _ := setindex.ChoiceClass(shape.Alts) // the zero Class where it is not ASCII: not decided
		return true, class
	}
	return false, setindex.Class{}
}

// A setCheck is a component to check: at most two strings (one, two),
// or any other pattern (c).
type setCheck struct {
	comp        Component
	c           *component
	one, two    string
	finite      bool
	otherScheme bool // a protocol the index decides for the special schemes: checked for the others only
}

// newSetCheck returns ch as a setCheck: "http{s}?" is "http" or "https".
func newSetCheck(ch check) setCheck {
	sc := setCheck{comp: ch.comp, c: ch.c}
	switch c := ch.c; {
	case c.kind == kindExact && c.fixed == "":
		sc.finite = true // "" has no case to ignore
	case c.opts.ignoreCase:
	case c.kind == kindExact:
		sc.one, sc.two, sc.finite = c.fixed, c.fixed, true
	case c.kind == kindSeq && len(c.seq) == 2 && c.seq[0].kind == seqLit && c.seq[1].kind == seqOptLit:
		sc.one, sc.two, sc.finite = c.seq[0].lit, c.seq[0].lit+c.seq[1].lit, true
	}
	return sc
}

// matchesEmpty reports whether the check accepts a component that is
// empty.
func (ch *setCheck) matchesEmpty() bool {
	if ch.finite {
		return ch.one == "" || ch.two == ""
	}
	return ch.c.match("")
}

// Len returns the number of patterns in the set.
func (s *Set) Len() int { return len(s.patterns) }

// Pattern returns the i-th pattern of the set.
func (s *Set) Pattern(i int) *Pattern { return s.patterns[i] }

// test reports whether pattern i, which the index picked for u, matches
// it: if the index decides its hostname and pathname, whether its other
// components do; else TestURL.
func (s *Set) test(i int, decided bool, u *weburl.URL) bool {
	if !decided {
		return s.patterns[i].TestURL(u)
	}
	for k := range s.others[i] {
		ch := &s.others[i][k]
		if ch.otherScheme && knownScheme(u.Scheme()) {
			continue
		}
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

// Match returns the index of the first pattern, in the order given to
// NewSet, that TestURL(u) would accept, and true; or -1 and false.
func (s *Set) Match(u *weburl.URL) (index int, ok bool) {
	index = -1
	if u == nil || u.Href() == "" {
		return index, false
	}
	host, path, scheme, filled := u.Hostname(), u.Pathname(), setindex.SchemeOf(u.Scheme()), s.filled(u, u.Port() != "")
	var values *setindex.Values
	if s.texts != 0 {
		values = s.values(u, new(setindex.Values))
	}
	index = s.index.First(host, path, values, scheme, filled, func(i int, decided bool) bool {
		return s.test(i, decided, u)
	})
	if s.folded != nil {
		// The first of the IgnoreCase patterns, if it comes before index.
		if j := s.folded.First(host, path, values, scheme, filled, func(i int, decided bool) bool {
			return index >= 0 && i > index || s.test(i, decided, u)
		}); j >= 0 && (index < 0 || j < index) {
			index = j
		}
	}
	return index, index >= 0
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
	index, res := -1, (*Result)(nil)
	var v *values
	s.candidates(u, func(i int, decided bool) bool {
		if v == nil {
			uv := urlValues(u)
			v = &uv
		}
		if !decided {
			// One match, exec's, which captures.
			res = s.patterns[i].exec(v)
		} else if s.test(i, true, u) {
			res = s.patterns[i].capture(v)
		}
		if res != nil {
			index = i
		}
		return res != nil
	})
	return index, res
}

// All returns the indexes of every pattern that TestURL(u) would accept,
// in order.
func (s *Set) All(u *weburl.URL) iter.Seq[int] {
	return func(yield func(int) bool) {
		if u == nil || u.Href() == "" {
			return
		}
		s.candidates(u, func(i int, decided bool) bool {
			return s.test(i, decided, u) && !yield(i)
		})
	}
}
