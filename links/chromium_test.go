package links

import (
	"bytes"
	"encoding/json"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/corpus"
)

// A recordedDoc is a document of testdata/chromium/documents.jsonl.gz.
type recordedDoc struct {
	Name        string `json:"name"`
	URL         string `json:"url"`
	ContentType string `json:"contentType"`
	Body        []byte `json:"body"`
}

// A recording is what Chromium's DOM gave for a document
// (testdata/chromium/chromium.jsonl.gz).
type recording struct {
	Name         string  `json:"name"`
	URL          string  `json:"url"`
	CharacterSet string  `json:"characterSet"`
	BaseURI      string  `json:"baseURI"`
	Attrs        [][]any `json:"attrs"`
}

// readRecordings reads the recorded documents and Chromium's answers,
// and the recording's header.
func readRecordings(t testing.TB) ([]recordedDoc, []recording, map[string]string) {
	dir := filepath.Join("testdata", "chromium")
	all := func(string) bool { return true }
	var docs []recordedDoc
	for _, line := range corpus.GzipLines(t, filepath.Join(dir, "documents.jsonl.gz"), all) {
		var d recordedDoc
		if err := json.Unmarshal([]byte(line), &d); err != nil {
			t.Fatal(err)
		}
		docs = append(docs, d)
	}
	lines := corpus.GzipLines(t, filepath.Join(dir, "chromium.jsonl.gz"), all)
	var header map[string]string
	if err := json.Unmarshal([]byte(lines[0]), &header); err != nil {
		t.Fatal(err)
	}
	var recs []recording
	for _, line := range lines[1:] {
		var r recording
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatal(err)
		}
		recs = append(recs, r)
	}
	if len(docs) != len(recs) {
		t.Fatalf("%d documents, %d recordings", len(docs), len(recs))
	}
	return docs, recs, header
}

// TestChromium compares Extract with what Chromium's DOM gave for each
// recorded document (testdata/chromium: documents generated to cover each
// rule, and real pages, recorded by browsers/recordlinks; `make
// record-links` records them again): the document's encoding, its base
// URL, the tree (each URL attribute of each HTML element, in order, with
// its value), and the value of each reflecting getter. Where Chromium
// departs from the standard, Extract follows the standard, and the test
// checks that the difference is the departure's, by the departure's rule:
//
//   - sniffing: Chromium reads another encoding where the standard's
//     sniffing is not certain (it guesses from the content where nothing
//     declares an encoding, prefers an XML declaration to a <meta>, takes
//     a <meta>'s last charset attribute, and a Content-Type charset with
//     spaces around "="); such a document's links are not compared;
//   - base-utf8: Chromium encodes a <base href>'s query in UTF-8;
//   - base-about-blank: a <base href> that does not parse gives Chromium
//     the base about:blank (the standard: the document's URL), and there
//     every reference fails, even "#h";
//   - base-empty: an empty <base href> leaves Chromium the document's URL
//     with its fragment (the standard: without);
//   - base-utf16: in a UTF-16 document, Chromium's base is the document's
//     URL where a <base href> with a query in other than ASCII gives the
//     standard another;
//   - query-document-encoding: Chromium encodes the query of a ws:, wss:
//     or non-special URL in the document's encoding (the standard: UTF-8);
//   - accepts-invalid: Chromium resolves a URL the URL Standard rejects (a
//     host with a space, or that IDNA maps to one);
//   - failure-string: where a URL does not parse (for the standard and
//     for Chromium), Chromium's getter gives its partial canonicalization
//     ("http://[::1/" for "http://[::1"), the standard the attribute's
//     value;
//   - file-drive-letter: Chromium (on Linux) drops a file: base URL's
//     Windows drive letter from a path-absolute reference ("/abs" against
//     "file:///C:/dir/" is "file:///C:/abs" for the standard);
//   - pipe: Chromium writes "|" in a special URL's path as "%7C";
//   - form-action-space: Chromium strips the HTML whitespace around a
//     <form>'s action, and one left empty gives the document's URL, with
//     its fragment (the standard, and Firefox: the value parsed as a URL,
//     which drops the document URL's fragment);
//   - attribute-order (x/net/html): x/net/html sorts the attributes of a
//     formatting element (<a ping href>), golang/go#79974, so Extract
//     gives that element's links in sorted order.
//
// A link Chromium resolves against a base it departs on counts under the
// base's departure when weburl, given Chromium's base, gives Chromium's
// answer. Any other difference fails the test.
func TestChromium(t *testing.T) {
	docs, recs, header := readRecordings(t)
	departures := map[string]int{}
	var compared, agree, documents int
	for i, d := range docs {
		r := recs[i]
		docURL := weburl.MustParse(d.URL)
		got, err := Extract(bytes.NewReader(d.Body), Options{URL: docURL, ContentType: d.ContentType})
		if err != nil {
			t.Fatalf("%s: %v", d.Name, err)
		}
		documents++
		if got.Encoding != r.CharacterSet {
			if _, conf, _ := sniff(d.Body, encodingInfo{}, d.ContentType); conf != tentative {
				t.Errorf("%s: encoding %s, Chromium %s, though the standard is certain of it", d.Name, got.Encoding, r.CharacterSet)
			}
			departures["sniffing (documents)"]++
			continue
		}
		enc := got.Encoding
		if enc == "UTF-8" {
			enc = ""
		}
		// Chromium's base, where it departs.
		baseDeparture := ""
		if got.BaseURL.Href() != r.BaseURI {
			baseDeparture = classifyBase(d, docURL, r.BaseURI, got.Encoding)
			if baseDeparture == "" {
				t.Errorf("%s: base URL %s, Chromium %s", d.Name, got.BaseURL.Href(), r.BaseURI)
				continue
			}
			departures[baseDeparture+" (documents)"]++
		}
		k := 0
		for _, a := range r.Attrs {
			el, name, raw := a[0].(string), a[1].(string), a[2].(string)
			if k < len(got.Links) && got.Links[k].Attr != name && formatting[el] {
				// x/net/html sorts a formatting element's attributes
				// (golang/go#79974): its links in Chromium's order.
				for j := k + 1; j < len(got.Links) && got.Links[j].Element == el; j++ {
					if got.Links[j].Attr == name && got.Links[j].Raw == raw {
						got.Links[k], got.Links[j] = got.Links[j], got.Links[k]
						departures["attribute-order (x/net/html)"]++
						break
					}
				}
			}
			if len(a) == 3 {
				// An attribute of several URLs, or none the DOM resolves:
				// its links are the value's, as Extract's own tests check.
				n := 0
				for k+n < len(got.Links) && got.Links[k+n].Element == el && got.Links[k+n].Attr == name {
					n++
				}
				k += n
				continue
			}
			if k >= len(got.Links) || got.Links[k].Element != el || got.Links[k].Attr != name || got.Links[k].Raw != raw {
				var g Link
				if k < len(got.Links) {
					g = got.Links[k]
				}
				t.Errorf("%s: Chromium's tree has %s %s=%q where Extract's has %s %s=%q", d.Name, el, name, raw, g.Element, g.Attr, g.Raw)
				break
			}
			l := got.Links[k]
			k++
			compared++
			chrome, chromeParses := a[3].(string), a[4].(bool)
			ours := raw // the getter's value when the URL does not parse
			if l.URL != nil {
				ours = l.URL.Href()
			}
			if ours == chrome {
				agree++
				continue
			}
			class := classifyLink(l, raw, chrome, chromeParses, enc)
			if class == "" && el == "form" && name == "action" && strings.Trim(raw, "\t\n\f\r ") == "" && chrome == docURL.Href() {
				class = "form-action-space"
			}
			if class == "" && el == "base" {
				// A <base>'s own href: against the document's URL, as
				// Chromium resolves it (in UTF-8).
				if u, err := (&weburl.Parser{Base: docURL}).Parse(raw); err == nil && u.Href() == chrome {
					class = "base-utf8"
				}
			}
			if class == "" && baseDeparture == "base-about-blank" && chrome == raw {
				// Chromium's base is no URL at all: every reference
				// fails there, "#h" too (against about:blank it would be
				// "about:blank#h").
				class = baseDeparture
			}
			if class == "" && baseDeparture != "" && resolveLike(r.BaseURI, raw, enc) == chrome {
				class = baseDeparture
			}
			if class == "" {
				t.Errorf("%s: %s %s=%q: Extract %q, Chromium %q", d.Name, el, name, raw, ours, chrome)
				continue
			}
			departures[class]++
		}
		if k != len(got.Links) {
			t.Errorf("%s: Extract has %d links more than Chromium's tree", d.Name, len(got.Links)-k)
		}
	}
	t.Logf("%s: %d documents; %d of %d links as Chromium gives them (%.2f%%); departures: %v",
		header["browser"], documents, agree, compared, 100*float64(agree)/float64(compared), departures)
	if compared < 30000 {
		t.Errorf("only %d links compared", compared)
	}
}

// formatting are the formatting elements of the HTML Standard's tree
// construction that have URL attributes.
var formatting = map[string]bool{"a": true, "b": true, "big": true, "code": true, "em": true, "font": true, "i": true,
	"nobr": true, "s": true, "small": true, "strike": true, "strong": true, "tt": true, "u": true}

// resolveLike returns what raw resolves to against Chromium's base URL
// base in the encoding enc, by the URL Standard: raw itself where that
// fails (the getter's value then), and where base is one Chromium
// accepts and the standard does not (a host with a space), against base
// with another host in its place.
func resolveLike(base, raw, enc string) string {
	b, err := weburl.Parse(base)
	host := ""
	if err != nil {
		scheme, rest, ok := strings.Cut(base, "://")
		if !ok {
			return raw
		}
		end := strings.IndexAny(rest, "/?#")
		if end < 0 {
			end = len(rest)
		}
		host = rest[:end]
		if b, err = weburl.Parse(scheme + "://host.invalid" + rest[end:]); err != nil {
			return raw
		}
	}
	u, err := (&weburl.Parser{Base: b, Encoding: enc}).Parse(raw)
	if err != nil {
		return raw
	}
	if host != "" && u.Host() == "host.invalid" {
		return strings.Replace(u.Href(), "host.invalid", host, 1)
	}
	return u.Href()
}

// classifyBase returns the departure that explains Chromium's base URL
// chrome for the document d in encoding, or "".
func classifyBase(d recordedDoc, docURL *weburl.URL, chrome, encoding string) string {
	href, ok := firstBaseHref(d)
	if !ok {
		return ""
	}
	switch u, err := (&weburl.Parser{Base: docURL}).Parse(href); {
	case err == nil && u.Href() == chrome:
		return "base-utf8"
	case err != nil && chrome == "about:blank":
		return "base-about-blank"
	case err != nil:
		return "accepts-invalid"
	case href == "" && chrome == docURL.Href():
		return "base-empty"
	case strings.HasPrefix(encoding, "UTF-16") && chrome == docURL.Href():
		return "base-utf16"
	}
	return ""
}

// firstBaseHref returns the href of the first <base> with one in d's
// tree.
func firstBaseHref(d recordedDoc) (string, bool) {
	got, err := Extract(bytes.NewReader(d.Body), Options{URL: weburl.MustParse(d.URL), ContentType: d.ContentType})
	if err != nil {
		return "", false
	}
	for _, l := range got.Links {
		if l.Element == "base" && l.Attr == "href" {
			return l.Raw, true
		}
	}
	return "", false
}

// classifyLink returns the departure that explains Chromium's value
// chrome for the link l, whose attribute's value is raw, in a document in
// the encoding enc ("" for UTF-8), or "".
func classifyLink(l Link, raw, chrome string, chromeParses bool, enc string) string {
	if l.URL == nil {
		if chromeParses {
			return "accepts-invalid"
		}
		// Both fail; Chromium's getter gives its own partial
		// canonicalization where the standard gives the value.
		return "failure-string"
	}
	u := l.URL
	if u.Scheme() == "file" && len(u.Pathname()) >= 4 && u.Pathname()[3] == '/' && u.Pathname()[2] == ':' &&
		strings.Replace(u.Href(), u.Pathname(), u.Pathname()[3:], 1) == chrome {
		return "file-drive-letter"
	}
	if enc != "" && u.Search() != "" && (!weburl.IsSpecialScheme(u.Scheme()) || u.Scheme() == "ws" || u.Scheme() == "wss") {
		// The query again, in the document's encoding.
		decoded, err := url.PathUnescape(u.Search()[1:])
		if err == nil {
			if v, err := (&weburl.Parser{Encoding: enc}).Parse("http://h/?" + decoded); err == nil {
				if strings.Replace(u.Href(), u.Search(), v.Search(), 1) == chrome {
					return "query-document-encoding"
				}
			}
		}
	}
	if weburl.IsSpecialScheme(u.Scheme()) && strings.Contains(u.Pathname(), "|") &&
		strings.Replace(u.Href(), u.Pathname(), strings.ReplaceAll(u.Pathname(), "|", "%7C"), 1) == chrome {
		return "pipe"
	}
	return ""
}
