// Package bench compares weburl with net/url and github.com/nlnwa/whatwg-url
// (the other pure-Go WHATWG URL parser) on real URL lists, and counts
// weburl's instructions per URL with callgrind. It is a module of its own
// so that the library's go.mod needs neither.
//
//	cd bench && ./run.sh 10    # time: 10 interleaved rounds, benchstat
//	cd bench && ./ir.sh        # instructions per URL, beside ada's
//
// See README.md for the results.
package bench

import (
	"regexp"
	"strings"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/corpus"
)

// Lists are the names of the URL lists: the four of
// ../testdata/datasets and the web-platform-tests inputs.
var Lists = []string{"kasztp", "userbait", "node_files", "isaacs_files", "wpt"}

// Load returns the URLs of a list from the testdata directory dir: the
// non-empty lines of datasets/NAME.txt (less a final "\r"), or for "wpt"
// the inputs of wpt/urltestdata.json whose base is null and that parse,
// less those that hold a CR or LF (341 of them).
func Load(dir, name string) ([]string, error) {
	if name == "wpt" {
		cases, err := corpus.ReadURLCases(dir)
		if err != nil {
			return nil, err
		}
		var urls []string
		for _, tc := range cases {
			if tc.Base != nil || strings.ContainsAny(tc.Input, "\r\n") {
				continue
			}
			if weburl.CanParse(tc.Input) {
				urls = append(urls, tc.Input)
			}
		}
		return urls, nil
	}
	return corpus.ReadList(dir, name+".txt")
}

// The bases of the references that Refs makes.
const (
	WebBase  = "https://example.org/dir/page.html"
	FileBase = "file:///home/user/project/"
)

// A Ref is a relative reference and the base it resolves against.
type Ref struct{ Base, Ref string }

var schemeAuthority = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*`)

// Refs makes a list's references: a URL "file://X" becomes X against
// FileBase; a URL "scheme://authority/rest" becomes "/rest" (its path,
// query and fragment; "/" if it has none) against WebBase; any other line
// is a reference itself against WebBase.
func Refs(urls []string) []Ref {
	refs := make([]Ref, len(urls))
	for i, s := range urls {
		switch m := schemeAuthority.FindString(s); {
		case strings.HasPrefix(s, "file://"):
			refs[i] = Ref{FileBase, s[len("file://"):]}
		case m != "":
			rest := s[len(m):]
			if !strings.HasPrefix(rest, "/") {
				rest = "/" + rest
			}
			refs[i] = Ref{WebBase, rest}
		default:
			refs[i] = Ref{WebBase, s}
		}
	}
	return refs
}
