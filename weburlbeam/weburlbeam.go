// Package weburlbeam runs package weburl's crawler toolkit as Apache Beam
// transforms, so that the jobs of crawlers and web archives (the links of
// a crawl resolved against their pages, deduplicated by a canonical key,
// indexed by SURT, counted per site) run on any Beam runner: Prism in
// process, Flink and Spark through Beam's portable runner, and Google
// Cloud Dataflow, with the browser's parser at every step.
//
// URLs travel between stages as weburl.URL values, with a coder that
// writes their href and reads it back with weburl's parser (URL's
// MarshalBinary and UnmarshalBinary): no stage parses a URL with another
// parser. Every function a transform runs is registered, so that remote
// workers can run it, and none closes over local state.
//
// Each transform's doc names the element types of the PCollections it
// takes and gives, as Beam writes them:
//
//	ReadLines    glob                  → PCollection<string>
//	ParseLinks   PCollection<string>   → PCollection<Link>
//	ParseURLs    PCollection<string>   → PCollection<weburl.URL>, PCollection<Invalid>
//	ResolveLinks PCollection<Link>     → PCollection<weburl.URL>, PCollection<Invalid>
//	Keys         PCollection<weburl.URL> → PCollection<KV<string, weburl.URL>>
//	SURTKeys     PCollection<weburl.URL> → PCollection<KV<string, weburl.URL>>
//	Dedupe       PCollection<weburl.URL> → PCollection<weburl.URL>
//	CountBySite  PCollection<weburl.URL> → PCollection<KV<string, int>>
//
// and for web archives (package warc), each WARC or ARC file read whole
// by one worker:
//
//	IndexArchives   glob                → PCollection<string>, PCollection<ArchiveProblem>
//	ArchiveOutlinks glob                → PCollection<ArchiveLink>, PCollection<ArchiveProblem>
//	ShardIndex      PCollection<string> → PCollection<KV<int, string>>
//
// A transform given a PCollection of another type panics when the
// pipeline is built, as Beam's transforms do, with a [*TypeError] that
// names the type it wants.
//
// It is a module of its own (github.com/weburl/weburl/weburlbeam), so
// that Beam's dependencies never reach programs that import weburl.
package weburlbeam

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/typex"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/filter"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"
	"github.com/weburl/weburl"
	"github.com/weburl/weburl/canon"
	"golang.org/x/net/publicsuffix"
)

// An Invalid is a line that did not parse: the line, and the name of the
// URL Standard's validation error that failed it ("missing-scheme-non-
// relative-URL"), or of weburl's ("URL-too-long").
type Invalid struct {
	Line string
	Code string
}

// A Link is an href found on a page: the page's URL and the href, as an
// <a href> gives it.
type Link struct {
	Page string
	Href string
}

func init() {
	beam.RegisterCoder(reflect.TypeOf(weburl.URL{}), encodeURL, decodeURL)
	beam.RegisterType(reflect.TypeOf(Invalid{}))
	beam.RegisterType(reflect.TypeOf(Link{}))

	register.DoFn3x0[string, func(weburl.URL), func(Invalid)](&parseFn{})
	register.DoFn3x0[Link, func(weburl.URL), func(Invalid)](&resolveFn{})
	register.DoFn1x2[weburl.URL, string, weburl.URL](&keyFn{})
	register.DoFn1x3[weburl.URL, string, weburl.URL, error](&surtFn{})
	register.Emitter1[weburl.URL]()
	register.Emitter1[Invalid]()
	register.Function2x1(smallerHref)
	register.Function2x1(dropKey)
	register.Function1x1(href)
	register.Function1x1(site)
}

// A TypeError is what a transform panics with when the pipeline is
// built, if a PCollection it takes holds elements of another type than
// the one it wants. Beam's own message for such a pipeline names neither
// type.
type TypeError struct {
	Transform string // "weburlbeam.ParseURLs"
	Input     string // the parameter: "lines"
	Got       string // the element type of the PCollection given, as Beam writes it ("" for an invalid PCollection)
	Want      string // the element type the transform takes: "string", "weburl.URL"
}

func (e *TypeError) Error() string {
	if e.Got == "" {
		return fmt.Sprintf("%s: %s is not a valid PCollection; want a PCollection<%s>", e.Transform, e.Input, e.Want)
	}
	return fmt.Sprintf("%s: %s is a PCollection<%s>; want a PCollection<%s>", e.Transform, e.Input, e.Got, e.Want)
}

// The element types the transforms take.
var (
	stringType = typex.New(reflect.TypeOf(""))
	urlType    = typex.New(reflect.TypeOf(weburl.URL{}))
	linkType   = typex.New(reflect.TypeOf(Link{}))
)

// mustHold panics with a *TypeError unless c, the input of transform,
// holds elements of type want.
func mustHold(transform, input string, c beam.PCollection, want typex.FullType) {
	if !c.IsValid() {
		panic(&TypeError{Transform: transform, Input: input, Want: fmt.Sprint(want)})
	}
	if !typex.IsEqual(c.Type(), want) {
		panic(&TypeError{Transform: transform, Input: input, Got: fmt.Sprint(c.Type()), Want: fmt.Sprint(want)})
	}
}

// encodeURL is the coder's encoder: the URL's href.
func encodeURL(u weburl.URL) ([]byte, error) { return u.MarshalBinary() }

// decodeURL is the coder's decoder: the href parsed by weburl.
func decodeURL(b []byte) (weburl.URL, error) {
	var u weburl.URL
	err := u.UnmarshalBinary(b)
	return u, err
}

// cleanLine drops a UTF-8 byte order mark at the start of line and a CR
// at its end, as a line of a text file read on Windows, or the first of
// a file an editor marked, has them; the parser then strips the leading
// and trailing C0 controls and spaces itself.
func cleanLine(line string) string {
	line = strings.TrimPrefix(line, "\uFEFF")
	return strings.TrimSuffix(line, "\r")
}

// errorCode returns the code of a parse error.
func errorCode(err error) string {
	if e, ok := err.(*weburl.Error); ok {
		return e.Code.String()
	}
	return err.Error()
}

// ParseURLs parses lines of text (a PCollection<string>), one URL each,
// into URLs (a PCollection<weburl.URL>), and returns with them the lines
// that failed and why (a PCollection<Invalid>). A UTF-8 byte order mark at
// the start of a line and a CR at its end are dropped (see ReadLines,
// which drops them as a file's first line and line ends have them); the
// rest goes to the parser, which strips leading and trailing C0 controls
// and spaces.
func ParseURLs(s beam.Scope, lines beam.PCollection) (urls, invalid beam.PCollection) {
	mustHold("weburlbeam.ParseURLs", "lines", lines, stringType)
	s = s.Scope("weburlbeam.ParseURLs")
	return beam.ParDo2(s, &parseFn{}, lines)
}

type parseFn struct{}

func (*parseFn) ProcessElement(line string, emit func(weburl.URL), fail func(Invalid)) {
	u, err := weburl.Parse(cleanLine(line))
	if err != nil {
		fail(Invalid{Line: line, Code: errorCode(err)})
		return
	}
	emit(*u)
}

// ResolveLinks resolves each link's href against its page (links is a
// PCollection<Link>), as a browser resolves an <a href>: the page parsed,
// then the href against it. It returns the absolute URLs (a
// PCollection<weburl.URL>), and the links whose page or href failed (a
// PCollection<Invalid>, whose Line is the page, a tab and the href).
func ResolveLinks(s beam.Scope, links beam.PCollection) (urls, invalid beam.PCollection) {
	mustHold("weburlbeam.ResolveLinks", "links", links, linkType)
	s = s.Scope("weburlbeam.ResolveLinks")
	return beam.ParDo2(s, &resolveFn{}, links)
}

type resolveFn struct{}

func (*resolveFn) ProcessElement(l Link, emit func(weburl.URL), fail func(Invalid)) {
	page, err := weburl.Parse(l.Page)
	if err == nil {
		var u *weburl.URL
		if u, err = page.Parse(l.Href); err == nil {
			emit(*u)
			return
		}
	}
	fail(Invalid{Line: l.Page + "\t" + l.Href, Code: errorCode(err)})
}

// Keys keys each URL (urls is a PCollection<weburl.URL>) by c's canonical
// key (c.CanonicalizeURL): it returns a PCollection<KV<string,
// weburl.URL>>.
func Keys(s beam.Scope, urls beam.PCollection, c canon.Canonicalizer) beam.PCollection {
	mustHold("weburlbeam.Keys", "urls", urls, urlType)
	s = s.Scope("weburlbeam.Keys")
	return beam.ParDo(s, &keyFn{Canonicalizer: c}, urls)
}

type keyFn struct {
	Canonicalizer canon.Canonicalizer
}

func (f *keyFn) ProcessElement(u weburl.URL) (string, weburl.URL) {
	return f.Canonicalizer.CanonicalizeURL(&u), u
}

// SURTKeys keys each URL (urls is a PCollection<weburl.URL>) by its SURT
// with opts (canon.SURTURL, which is canon.SURT of its href without
// parsing it again): it returns a PCollection<KV<string, weburl.URL>>.
func SURTKeys(s beam.Scope, urls beam.PCollection, opts canon.SURTOptions) beam.PCollection {
	mustHold("weburlbeam.SURTKeys", "urls", urls, urlType)
	s = s.Scope("weburlbeam.SURTKeys")
	return beam.ParDo(s, &surtFn{Options: opts}, urls)
}

type surtFn struct {
	Options canon.SURTOptions
}

func (f *surtFn) ProcessElement(u weburl.URL) (string, weburl.URL, error) {
	key, err := canon.SURTURL(&u, f.Options)
	return key, u, err
}

// Dedupe keeps one URL per canonical key of c (urls and the result are
// PCollection<weburl.URL>s): the one with the smallest href of its group,
// so that the result does not depend on the order in which a runner
// delivers them.
func Dedupe(s beam.Scope, urls beam.PCollection, c canon.Canonicalizer) beam.PCollection {
	mustHold("weburlbeam.Dedupe", "urls", urls, urlType)
	s = s.Scope("weburlbeam.Dedupe")
	kept := beam.CombinePerKey(s, smallerHref, Keys(s, urls, c))
	return beam.ParDo(s, dropKey, kept)
}

// smallerHref returns the URL with the smaller href.
func smallerHref(a, b weburl.URL) weburl.URL {
	if b.Href() < a.Href() {
		return b
	}
	return a
}

func dropKey(_ string, u weburl.URL) weburl.URL { return u }

// CountBySite counts the distinct URLs (by href) of each site (urls is a
// PCollection<weburl.URL>; the result a PCollection<KV<string, int>>): the
// registrable domain of the URL's host by golang.org/x/net/publicsuffix's
// list ("example.co.uk" for "www.example.co.uk"), else the host
// serialized (an IP address, "localhost", a host that is a public
// suffix), else "(no host)". It returns site and count pairs.
func CountBySite(s beam.Scope, urls beam.PCollection) beam.PCollection {
	mustHold("weburlbeam.CountBySite", "urls", urls, urlType)
	s = s.Scope("weburlbeam.CountBySite")
	hrefs := filter.Distinct(s, beam.ParDo(s, href, urls))
	return stats.Count(s, beam.ParDo(s, site, hrefs))
}

func href(u weburl.URL) string { return u.Href() }

// NoHost is the site of a URL without a host.
const NoHost = "(no host)"

// site returns the site of the URL whose href is h.
func site(h string) string {
	u, err := weburl.Parse(h)
	if err != nil {
		return NoHost
	}
	return Site(u)
}

// Site returns the site CountBySite counts u under.
func Site(u *weburl.URL) string {
	host := u.HostValue()
	if host.Kind() == weburl.HostNull || host.String() == "" {
		return NoHost
	}
	if d, ok := host.RegistrableDomain(publicsuffix.List); ok {
		return d
	}
	return host.String()
}
