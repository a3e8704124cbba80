package links

import (
	"strings"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/ascii"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// An attrKind is how an attribute holds URLs.
type attrKind uint8

const (
	oneURL     attrKind = iota // a URL, as the DOM's reflecting getter resolves it
	emptyIsDoc                 // a URL; empty, the document's URL (form.action, formAction)
	baseHref                   // <base href>: against the document's URL
	srcsetURLs                 // a srcset: one URL per image candidate
	tokenURLs                  // URLs separated by ASCII whitespace (ping)
	refreshURL                 // the URL of <meta http-equiv=refresh content>
)

// urlAttrs are the attributes of each HTML element that the HTML
// Standard's attribute index lists as a URL or a list of them, and the
// URL of a refresh pragma. itemid and itemtype, which any element may
// have, are looked up apart.
// https://html.spec.whatwg.org/multipage/indices.html#attributes-3
var urlAttrs = map[atom.Atom][]struct {
	name string
	kind attrKind
}{
	atom.A:          {{"href", oneURL}, {"ping", tokenURLs}},
	atom.Area:       {{"href", oneURL}, {"ping", tokenURLs}},
	atom.Base:       {{"href", baseHref}},
	atom.Link:       {{"href", oneURL}, {"imagesrcset", srcsetURLs}},
	atom.Img:        {{"src", oneURL}, {"srcset", srcsetURLs}},
	atom.Source:     {{"src", oneURL}, {"srcset", srcsetURLs}},
	atom.Script:     {{"src", oneURL}},
	atom.Iframe:     {{"src", oneURL}},
	atom.Embed:      {{"src", oneURL}},
	atom.Video:      {{"src", oneURL}, {"poster", oneURL}},
	atom.Audio:      {{"src", oneURL}},
	atom.Track:      {{"src", oneURL}},
	atom.Object:     {{"data", oneURL}},
	atom.Form:       {{"action", emptyIsDoc}},
	atom.Button:     {{"formaction", emptyIsDoc}},
	atom.Input:      {{"formaction", emptyIsDoc}, {"src", oneURL}},
	atom.Blockquote: {{"cite", oneURL}},
	atom.Q:          {{"cite", oneURL}},
	atom.Ins:        {{"cite", oneURL}},
	atom.Del:        {{"cite", oneURL}},
	atom.Meta:       {{"content", refreshURL}},
}

// A walker finds a document's base URL and links.
type walker struct {
	docURL   *weburl.URL
	encoding string // the label weburl's parser takes: "" for UTF-8
	baseURL  *weburl.URL
	p        weburl.Parser // against the document base URL, in the document's encoding
	urls     []weburl.URL  // where the links' URLs are parsed into, a chunk at a time
	found    []Link
}

func newWalker(docURL *weburl.URL, enc encodingInfo) *walker {
	w := &walker{docURL: docURL}
	if enc.name != utf8Encoding.name {
		w.encoding = enc.name
	}
	return w
}

// base returns the document base URL: the frozen base URL of the first
// <base> with an href in tree order, else the document's URL.
// https://html.spec.whatwg.org/multipage/urls-and-fetching.html#document-base-url
func (w *walker) base(doc *html.Node) *weburl.URL {
	w.baseURL = w.docURL
	eachElement(doc, func(n *html.Node) bool {
		if n.DataAtom != atom.Base {
			return true
		}
		href, ok := attr(n, "href")
		if !ok {
			return true
		}
		w.baseURL = w.frozenBaseURL(href)
		return false
	})
	w.p = weburl.Parser{Base: w.baseURL, Encoding: w.encoding}
	return w.baseURL
}

// frozenBaseURL is a <base>'s frozen base URL: its href resolved against
// the document's URL (the fallback base URL), unless that fails or gives
// a data: or javascript: URL, which leave the document's URL.
// https://html.spec.whatwg.org/multipage/semantics.html#set-the-frozen-base-url
func (w *walker) frozenBaseURL(href string) *weburl.URL {
	p := weburl.Parser{Base: w.docURL, Encoding: w.encoding}
	u, err := p.Parse(href)
	if err != nil || u.Scheme() == "data" || u.Scheme() == "javascript" {
		return w.docURL
	}
	return u
}

// links returns the links of doc, in tree order, each element's in the
// order of its attributes.
func (w *walker) links(doc *html.Node) []Link {
	eachElement(doc, func(n *html.Node) bool {
		attrs := urlAttrs[n.DataAtom]
		item := false // an element with itemscope: its itemid and itemtype are URLs
		for _, a := range n.Attr {
			if a.Key == "itemscope" && a.Namespace == "" {
				item = true
			}
		}
		if len(attrs) == 0 && !item {
			return true
		}
		for _, a := range n.Attr {
			if a.Namespace != "" {
				continue
			}
			switch {
			case item && a.Key == "itemid":
				w.add(n.Data, a.Key, a.Val, "", &w.p)
				continue
			case item && a.Key == "itemtype":
				w.eachToken(n.Data, a.Key, a.Val, &weburl.Parser{Encoding: w.encoding})
				continue
			}
			for _, u := range attrs {
				if u.name == a.Key {
					w.attr(n, u.kind, a)
				}
			}
		}
		return true
	})
	return w.found
}

// attr adds the links of the attribute a of n, of kind k.
func (w *walker) attr(n *html.Node, k attrKind, a html.Attribute) {
	switch k {
	case oneURL:
		w.add(n.Data, a.Key, a.Val, "", &w.p)
	case emptyIsDoc:
		if a.Val == "" {
			// "when the content attribute is missing or its value is
			// the empty string, the element's node document's URL must
			// be returned instead"
			w.found = append(w.found, Link{Element: n.Data, Attr: a.Key, Raw: a.Val, URL: w.docURL})
			return
		}
		w.add(n.Data, a.Key, a.Val, "", &w.p)
	case baseHref:
		w.add(n.Data, a.Key, a.Val, "", &weburl.Parser{Base: w.docURL, Encoding: w.encoding})
	case srcsetURLs:
		for c := range candidates(a.Val) {
			w.add(n.Data, a.Key, c.url, c.descriptor, &w.p)
		}
	case tokenURLs:
		w.eachToken(n.Data, a.Key, a.Val, &w.p)
	case refreshURL:
		if equiv, _ := attr(n, "http-equiv"); !ascii.EqualFold(equiv, "refresh") {
			return
		}
		if raw, ok := refresh(a.Val); ok {
			w.add(n.Data, a.Key, raw, "", &w.p)
		}
	}
}

// eachToken adds a link for each token of s separated by ASCII
// whitespace, parsed by p.
func (w *walker) eachToken(element, name, s string, p *weburl.Parser) {
	for {
		s = strings.TrimLeft(s, asciiWhitespace)
		if s == "" {
			return
		}
		end := strings.IndexAny(s, asciiWhitespace)
		if end < 0 {
			end = len(s)
		}
		w.add(element, name, s[:end], "", p)
		s = s[end:]
	}
}

// add adds the link of raw, parsed by p.
func (w *walker) add(element, name, raw, descriptor string, p *weburl.Parser) {
	if len(w.urls) == cap(w.urls) {
		// A chunk of URLs at a time, so that each link costs one
		// allocation, its href, and a link's URL never moves.
		w.urls = make([]weburl.URL, 0, min(max(2*cap(w.urls), 16), 1024))
	}
	w.urls = w.urls[:len(w.urls)+1]
	u := &w.urls[len(w.urls)-1]
	l := Link{Element: element, Attr: name, Raw: raw, Descriptor: descriptor}
	if err := p.ParseInto(u, raw); err != nil {
		l.Err = err
		w.urls = w.urls[:len(w.urls)-1]
	} else {
		l.URL = u
	}
	w.found = append(w.found, l)
}

// eachElement calls f with each HTML element of the document in tree
// order, leaving out the contents of templates (which are not in the
// document) and elements in other namespaces (SVG's <a>, MathML's), until
// f returns false.
func eachElement(doc *html.Node, f func(*html.Node) bool) {
	n := doc
	for n != nil {
		descend := true
		if n.Type == html.ElementNode {
			if n.Namespace != "" {
				descend = true // foreign content may hold HTML in integration points
			} else {
				if !f(n) {
					return
				}
				descend = n.DataAtom != atom.Template
			}
		}
		if descend && n.FirstChild != nil {
			n = n.FirstChild
			continue
		}
		for n != nil && n.NextSibling == nil {
			n = n.Parent
		}
		if n != nil {
			n = n.NextSibling
		}
	}
}

// attr returns the value of n's attribute name (in no namespace).
func attr(n *html.Node, name string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == name && a.Namespace == "" {
			return a.Val, true
		}
	}
	return "", false
}

// declaredEncoding returns the encoding that the first <meta> of doc that
// declares one declares, as the parser's "in head" rules find it: its
// charset, else the charset of a Content-Type pragma, with the changes
// of "change the encoding" (UTF-16 is UTF-8, x-user-defined
// windows-1252). Templates' contents count: the parser reads their
// <meta> elements by the same rules.
// https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inhead
// https://html.spec.whatwg.org/multipage/parsing.html#changing-the-encoding-while-parsing
func declaredEncoding(doc *html.Node) (e encodingInfo, ok bool) {
	for n := doc; n != nil; n = next(n) {
		if n.Type != html.ElementNode || n.DataAtom != atom.Meta || n.Namespace != "" {
			continue
		}
		if cs, has := attr(n, "charset"); has {
			if e, ok = getEncoding(cs); ok {
				return metaEncoding(e), true
			}
		}
		if equiv, _ := attr(n, "http-equiv"); ascii.EqualFold(equiv, "content-type") {
			if content, has := attr(n, "content"); has {
				if label, found := metaCharset(content); found {
					if e, ok = getEncoding(label); ok {
						return metaEncoding(e), true
					}
				}
			}
		}
	}
	return e, false
}

// next returns the node after n in tree order, templates' contents
// included.
func next(n *html.Node) *html.Node {
	if n.FirstChild != nil {
		return n.FirstChild
	}
	for n != nil && n.NextSibling == nil {
		n = n.Parent
	}
	if n == nil {
		return nil
	}
	return n.NextSibling
}
