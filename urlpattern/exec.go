package urlpattern

import (
	"strings"

	"github.com/weburl/weburl"
)

// This file is the standard's match algorithm, for the four kinds of
// input: a URL string, a URL string with a base, a parsed URL, and an
// Init of component values.
// https://urlpattern.spec.whatwg.org/#url-pattern-match

// values are the eight component values matched.
type values [8]string

// urlValues returns the components of u as the match algorithm reads
// them: the scheme, the host serialized, the query and fragment without
// "?" and "#".
func urlValues(u *weburl.URL) values {
	return values{
		u.Scheme(), u.Username(), u.Password(), u.Hostname(), u.Port(), u.Pathname(),
		strings.TrimPrefix(u.Search(), "?"), strings.TrimPrefix(u.Hash(), "#"),
	}
}

// initValues returns the components of an Init processed as a URL, and
// false when it does not process (the standard's match then returns
// null).
func initValues(in Init) (values, bool) {
	empty := ""
	start := Init{Protocol: &empty, Username: &empty, Password: &empty, Hostname: &empty,
		Port: &empty, Pathname: &empty, Search: &empty, Hash: &empty}
	r, err := processInit(in, forURL, start)
	if err != nil {
		return values{}, false
	}
	return values{*r.Protocol, *r.Username, *r.Password, *r.Hostname, *r.Port, *r.Pathname, *r.Search, *r.Hash}, true
}

// parse parses rawURL against baseURL (nil: none).
func parse(rawURL string, baseURL *string) (*weburl.URL, bool) {
	var base *weburl.URL
	if baseURL != nil {
		var err error
		if base, err = weburl.Parse(*baseURL); err != nil {
			return nil, false
		}
	}
	u, err := base.Parse(rawURL)
	return u, err == nil
}

// test reports whether every component matches.
func (p *Pattern) test(v *values) bool {
	for _, ch := range p.checks {
		if !ch.c.match(v[ch.comp]) {
			return false
		}
	}
	return true
}

// exec matches every component and returns the result, nil when one does
// not match.
func (p *Pattern) exec(v *values) *Result {
	if !p.test(v) {
		return nil
	}
	return p.capture(v)
}

// capture returns the result of matching v, which test accepts: the
// components and their groups.
func (p *Pattern) capture(v *values) *Result {
	r := &Result{}
	for c := range p.comps {
		groups, ok := p.comps[c].exec(v[c])
		if !ok {
			return nil
		}
		*r.Component(Component(c)) = ComponentResult{Input: v[c], Groups: groups}
	}
	return r
}

// Test reports whether rawURL, parsed as a URL, matches the pattern. An
// input that does not parse matches nothing.
func (p *Pattern) Test(rawURL string) bool {
	var u weburl.URL
	var parser weburl.Parser
	return parser.ParseInto(&u, rawURL) == nil && p.TestURL(&u)
}

// TestBase reports whether rawURL, parsed against baseURL, matches the
// pattern. An input or base that does not parse matches nothing.
func (p *Pattern) TestBase(rawURL, baseURL string) bool {
	u, ok := parse(rawURL, &baseURL)
	return ok && p.TestURL(u)
}

// TestURL reports whether u matches the pattern. It reads u's components
// as they are, without parsing or serializing u again.
func (p *Pattern) TestURL(u *weburl.URL) bool {
	if u == nil || u.Href() == "" {
		return false
	}
	if p.exactHref != "" {
		h, n := u.Href(), len(p.exactHref)
		if len(h) >= n && h[:n] == p.exactHref && (len(h) == n || h[n] == '?' || h[n] == '#') {
			return true
		}
	}
	checks := p.checks
	if p.origin != "" {
		// A URL without credentials has the protocol, hostname and port of
		// the pattern when its href starts with origin, and goes on with
		// its path, query, fragment or nothing; one with credentials has
		// its components compared one by one.
		h, n := u.Href(), len(p.origin)
		switch {
		case len(h) >= n && h[:n] == p.origin && (len(h) == n || h[n] == '/' || h[n] == '?' || h[n] == '#'):
			checks = p.rest
		case u.Username() == "" && u.Password() == "":
			return false
		}
	}
	for _, ch := range checks {
		s := componentValue(u, ch.comp)
		c := ch.c
		if c.kind == kindExact && !c.opts.ignoreCase {
			if s != c.fixed {
				return false
			}
			continue
		}
		if !c.match(s) {
			return false
		}
	}
	return true
}

// componentValue returns the value of component c of u, as the match
// algorithm reads it.
func componentValue(u *weburl.URL, c Component) string {
	switch c {
	case Protocol:
		return u.Scheme()
	case Username:
		return u.Username()
	case Password:
		return u.Password()
	case Hostname:
		return u.Hostname()
	case Port:
		return u.Port()
	case Pathname:
		return u.Pathname()
	case Search:
		if s := u.Search(); s != "" {
			return s[1:]
		}
	case Hash:
		if s := u.Hash(); s != "" {
			return s[1:]
		}
	}
	return ""
}

// TestInit reports whether the component values of in match the pattern:
// each canonicalized as the URL parser would (a component left out is
// "", or comes from in.BaseURL). Values that do not canonicalize (a port
// that is no number, say) match nothing.
func (p *Pattern) TestInit(in Init) bool {
	v, ok := initValues(in)
	return ok && p.test(&v)
}

// Exec matches rawURL, parsed as a URL, and returns the components and
// their groups; nil when it does not match or does not parse.
func (p *Pattern) Exec(rawURL string) *Result {
	u, ok := parse(rawURL, nil)
	if !ok {
		return nil
	}
	return p.ExecURL(u)
}

// ExecBase is Exec with rawURL parsed against baseURL.
func (p *Pattern) ExecBase(rawURL, baseURL string) *Result {
	u, ok := parse(rawURL, &baseURL)
	if !ok {
		return nil
	}
	return p.ExecURL(u)
}

// ExecURL is Exec for a parsed URL.
func (p *Pattern) ExecURL(u *weburl.URL) *Result {
	if u == nil || u.Href() == "" {
		return nil
	}
	v := urlValues(u)
	return p.exec(&v)
}

// ExecInit is Exec for component values, as TestInit reads them.
func (p *Pattern) ExecInit(in Init) *Result {
	v, ok := initValues(in)
	if !ok {
		return nil
	}
	return p.exec(&v)
}
