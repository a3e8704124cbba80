package urlpattern

import (
	"iter"
	"strings"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/urlpattern/internal/setindex"
)

// A Set matches a URL against many patterns at once: a router's routes, a
// crawler's allow and deny lists. Its answers are those of TestURL on each
// pattern in order (the semantics of the URLPatternList proposal,
// whatwg/urlpattern#166), but it tests only the patterns a URL can match
// by its hostname, its path's segments, its scheme and its port: an
// index (internal/setindex) by the hostname (an exact host, a "*."
// suffix, or both at once: "{*.}?example.com"), by the text each of a pattern's first and last segments must
// have (so that "/:lang/docs/:page" is found by its second segment and
// "/*/edit" by its last), by the number of segments, by the special
// scheme or schemes a protocol names ("https", "http{s}?"), and by
// whether the port must be the default, picks them, in a few lookups,
// before any is run. A pattern whose hostname and pathname the index
// decides (fixed text, ":name" alone in a segment, "*" between segments,
// "/:name?" and "{/text}?" segments) is not run at all: only its other
// components are checked, and none where the index has read them all. A
// Set is safe for concurrent use; it does not change after NewSet.
type Set struct {
	patterns []*Pattern
	index    *setindex.Index
	others   [][]setCheck // by pattern: the components the index does not look at
}

// NewSet returns a set of the patterns, in the order given. A nil
// pattern matches nothing.
func NewSet(patterns ...*Pattern) *Set {
	s := &Set{patterns: patterns, index: setindex.New(len(patterns)), others: make([][]setCheck, len(patterns))}
	for i, p := range patterns {
		if p == nil {
			continue
		}
		host, decided := hostKey(p.comps[Hostname])
		filter := setindex.Filter{Schemes: setindex.AllSchemes}
		for _, ch := range p.checks {
			if ch.comp == Hostname || ch.comp == Pathname {
				continue // the index reads them
			}
			switch sc := newSetCheck(ch); {
			case ch.comp == Protocol && sc.finite && knownScheme(sc.one) && knownScheme(sc.two):
				filter.Schemes = setindex.SchemeOf(sc.one) | setindex.SchemeOf(sc.two)
			case ch.comp == Port && sc.finite && sc.one == "" && sc.two == "":
				filter.NoPort = true
			default:
				s.others[i] = append(s.others[i], sc)
				filter.Rest = true
			}
		}
		s.index.Add(i, host, decided, filter, pathShapes(p.comps[Pathname]))
	}
	s.index.Build()
	return s
}

// hostKey returns what a hostname pattern says of the hostnames it
// matches, and whether it matches every one it says.
func hostKey(c *component) (setindex.Host, bool) {
	switch {
	case c.opts.ignoreCase:
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
	}
	return setindex.Host{Kind: setindex.HostOther}, false
}

// knownScheme reports whether the index tells scheme apart from every
// other: whether it is a special scheme, so that a protocol pattern that
// matches only it and another such scheme is left to the index.
func knownScheme(scheme string) bool { return setindex.SchemeOf(scheme) != setindex.SchemeOther }

// candidates calls visit with the patterns the index picks for u (see
// setindex.Index.Candidates).
func (s *Set) candidates(u *weburl.URL, visit func(i int, decided bool) bool) {
	s.index.Candidates(u.Hostname(), u.Pathname(), setindex.SchemeOf(u.Scheme()), u.Port() != "", visit)
}

// pathShapes returns what the index reads of a pathname pattern: the
// shapes of the pathnames it matches (see setindex.PathShapes).
func pathShapes(c *component) []setindex.Shape {
	switch {
	case c.kind == kindAny:
		return []setindex.Shape{{MaxSegs: -1, Unrooted: true, Exact: true}}
	case c.opts.ignoreCase:
		return []setindex.Shape{setindex.AnyPath}
	case c.kind == kindExact:
		return setindex.PathShapes([]setindex.Part{{Kind: setindex.PartText, Text: c.fixed}})
	}
	parts := make([]setindex.Part, len(c.parts))
	for i, p := range c.parts {
		kind := setindex.PartOther // a regexp group, which may match "/"
		switch p.typ {
		case partFixedText:
			kind = setindex.PartText
		case partSegmentWildcard:
			kind = setindex.PartSegment
		case partFullWildcard:
			kind = setindex.PartAll
		}
		if p.mod == modZeroOrMore || p.mod == modOneOrMore {
			kind = setindex.PartOther
		}
		// A part that may be absent ("?", and "*" repeated) is optional.
		optional := p.mod == modOptional || p.mod == modZeroOrMore
		parts[i] = setindex.Part{Kind: kind, Text: p.value, Prefix: p.prefix, Suffix: p.suffix, Optional: optional}
	}
	return setindex.PathShapes(parts)
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

// test reports whether pattern i, which the index picked for u, matches
// it: if the index decides its hostname and pathname, whether its other
// components do; else TestURL.
func (s *Set) test(i int, decided bool, u *weburl.URL) bool {
	if !decided {
		return s.patterns[i].TestURL(u)
	}
	for k := range s.others[i] {
		ch := &s.others[i][k]
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
	index = s.index.First(u.Hostname(), u.Pathname(), setindex.SchemeOf(u.Scheme()), u.Port() != "", func(i int, decided bool) bool {
		return s.test(i, decided, u)
	})
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
