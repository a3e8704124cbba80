package engines

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/weburl/weburl"
)

// A Report compares an engine's answers with weburl's.
type Report struct {
	Engine      string
	Pairs       int
	SameHref    int // the same href, or both fail
	SameOutcome int // both parse, or both fail
	BothParse   int
	SameHost    int            // of BothParse, the same hostname
	Classes     map[string]int // the differences, by class
	Examples    map[string][]string
}

// Examples is how many examples of each class a Report keeps.
var Examples = 3

// Compare compares an engine's answers, theirs, with weburl's, ours.
func Compare(engine string, pairs []Pair, ours, theirs []Result) *Report {
	r := &Report{Engine: engine, Pairs: len(pairs), Classes: map[string]int{}, Examples: map[string][]string{}}
	for i, p := range pairs {
		o, t := ours[i], theirs[i]
		if o.OK == t.OK {
			r.SameOutcome++
		}
		if o.OK && t.OK {
			r.BothParse++
			if o.Hostname == t.Hostname {
				r.SameHost++
			}
		}
		if o.OK == t.OK && o.Href == t.Href {
			r.SameHref++
			continue
		}
		c := classify(o, t)
		r.Classes[c]++
		if len(r.Examples[c]) < Examples {
			ex := fmt.Sprintf("%q", p.Input)
			if p.Base != "" {
				ex += fmt.Sprintf(" against %q", p.Base)
			}
			ex += ": weburl " + show(o) + ", " + engine + " " + show(t)
			r.Examples[c] = append(r.Examples[c], ex)
		}
	}
	return r
}

func show(r Result) string {
	if !r.OK {
		return "failure"
	}
	return fmt.Sprintf("%q", r.Href)
}

// classify names where two answers differ: which fails, or the first
// component that differs.
func classify(o, t Result) string {
	switch {
	case o.OK && !t.OK:
		return "the engine fails where the standard parses"
	case !o.OK && t.OK:
		return "the engine parses what the standard rejects"
	}
	ou, _ := weburl.Parse(o.Href)
	tu, err := weburl.Parse(t.Href)
	if err != nil {
		if o.Hostname != t.Hostname {
			return "hostname (the engine's href is not a URL to the standard)"
		}
		return "href (the engine's href is not a URL to the standard)"
	}
	for _, c := range []struct {
		name string
		get  func(*weburl.URL) string
	}{
		{"scheme", (*weburl.URL).Protocol},
		{"hostname", (*weburl.URL).Hostname},
		{"port", (*weburl.URL).Port},
		{"username or password", func(u *weburl.URL) string { return u.Username() + ":" + u.Password() }},
		{"path", (*weburl.URL).Pathname},
		{"query", (*weburl.URL).Search},
		{"fragment", (*weburl.URL).Hash},
	} {
		if c.get(ou) != c.get(tu) {
			if ou.Scheme() == "file" && c.name == "hostname" {
				return "file: host"
			}
			return c.name
		}
	}
	return "href (the same components)"
}

// Print writes the report: the agreement, and the classes of difference
// with examples, most frequent first.
func (r *Report) Print(w io.Writer) {
	pct := func(n, of int) string {
		return fmt.Sprintf("%.2f%% (%d of %d)", 100*float64(n)/float64(max(of, 1)), n, of)
	}
	fmt.Fprintf(w, "  same href as weburl:            %s\n", pct(r.SameHref, r.Pairs))
	fmt.Fprintf(w, "  same success/failure:           %s\n", pct(r.SameOutcome, r.Pairs))
	fmt.Fprintf(w, "  same hostname (both parse):     %s\n", pct(r.SameHost, r.BothParse))
	classes := make([]string, 0, len(r.Classes))
	for c := range r.Classes {
		classes = append(classes, c)
	}
	sort.Slice(classes, func(i, j int) bool {
		if r.Classes[classes[i]] != r.Classes[classes[j]] {
			return r.Classes[classes[i]] > r.Classes[classes[j]]
		}
		return classes[i] < classes[j]
	})
	for _, c := range classes {
		fmt.Fprintf(w, "  %6d  %s\n", r.Classes[c], c)
		for _, ex := range r.Examples[c] {
			fmt.Fprintf(w, "            %s\n", ex)
		}
	}
}

// guaranteed reports whether the pair falls under the README's
// guarantee: a valid URL string whose URL has an http, https, ws or wss
// scheme.
func guaranteed(p Pair, o Result) bool {
	if !o.OK {
		return false
	}
	var base *weburl.URL
	if p.Base != "" {
		b, err := weburl.Parse(p.Base)
		if err != nil {
			return false
		}
		base = b
	}
	scheme, _, _ := strings.Cut(o.Href, ":")
	switch scheme {
	case "http", "https", "ws", "wss":
		return weburl.IsValid(p.Input, base)
	}
	return false
}

// Breaches returns, of the pairs under the guarantee, those where the
// engine gives another href or host than weburl, and how many pairs the
// guarantee covers.
func Breaches(pairs []Pair, ours, theirs []Result) (breaches []string, covered int) {
	for i, p := range pairs {
		if !guaranteed(p, ours[i]) {
			continue
		}
		covered++
		if t := theirs[i]; !t.OK || t.Href != ours[i].Href || t.Host != ours[i].Host {
			breaches = append(breaches, fmt.Sprintf("%q against %q: weburl %q (host %q), engine %s (host %q)",
				p.Input, p.Base, ours[i].Href, ours[i].Host, show(t), t.Host))
		}
	}
	return breaches, covered
}

// pct is n of of as a percentage with two decimals.
func pct(n, of int) string {
	return fmt.Sprintf("%.2f", 100*float64(n)/float64(max(of, 1)))
}
