// Package corpus reads the test data that the tests of weburl's
// packages share: the web-platform-tests files and the URL lists that
// testdata/wpt.sh and testdata/datasets.sh copy into the repository's
// testdata folder. Missing data fails the test with a message that says
// how to get it; it never skips.
package corpus

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/weburl/weburl"
)

// Datasets are the URL lists, in testdata/datasets.
var Datasets = []string{"kasztp.txt", "userbait.txt", "isaacs_files.txt", "node_files.txt"}

// Dir returns the repository's testdata folder.
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata")
}

// ReadJSON decodes the file testdata/<dir>/<name> into v. make names the
// make target that fills testdata/<dir>.
func ReadJSON(tb testing.TB, dir, name, make string, v any) {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join(Dir(), dir, name))
	if err != nil {
		tb.Fatalf("the test data is missing (%v).\nFill testdata/%s/ first: `make %s` in the repository's root", err, dir, make)
	}
	if err := json.Unmarshal(data, v); err != nil {
		tb.Fatalf("testdata/%s/%s: %v", dir, name, err)
	}
}

// Lines returns the non-empty lines of the URL list name, without a
// final CR.
func Lines(tb testing.TB, name string) []string {
	tb.Helper()
	f, err := os.Open(filepath.Join(Dir(), "datasets", name))
	if err != nil {
		tb.Fatalf("the URL lists are missing (%v).\n"+
			"Fill testdata/datasets/ first: `make datasets` (or `DATASETS_DIR=/path/to/lists testdata/datasets.sh`)", err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if line := strings.TrimRight(sc.Text(), "\r"); line != "" {
			lines = append(lines, line)
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return lines
}

// A URLCase is a case of the web-platform-tests file urltestdata.json:
// an input, its base, and whether it fails to parse.
type URLCase struct {
	Input   string  `json:"input"`
	Base    *string `json:"base"`
	Failure bool    `json:"failure"`
	Href    string  `json:"href"`
}

// URLCases returns the cases of urltestdata.json, less its comments.
func URLCases(tb testing.TB) []URLCase {
	tb.Helper()
	var raw []json.RawMessage
	ReadJSON(tb, "wpt", "urltestdata.json", "wpt", &raw)
	var cases []URLCase
	for _, r := range raw {
		if len(r) > 0 && r[0] == '"' {
			continue
		}
		var c URLCase
		if err := json.Unmarshal(r, &c); err != nil {
			tb.Fatalf("urltestdata.json: %v", err)
		}
		cases = append(cases, c)
	}
	return cases
}

// Corpus returns the URLs of the test data: those of urltestdata.json
// that parse, then those of the URL lists.
func Corpus(tb testing.TB) []*weburl.URL {
	tb.Helper()
	var urls []*weburl.URL
	for _, c := range URLCases(tb) {
		var base *weburl.URL
		if c.Base != nil {
			var err error
			if base, err = weburl.Parse(*c.Base); err != nil {
				continue
			}
		}
		if u, err := base.Parse(c.Input); err == nil {
			urls = append(urls, u)
		}
	}
	for _, name := range Datasets {
		for _, line := range Lines(tb, name) {
			if u, err := weburl.Parse(line); err == nil {
				urls = append(urls, u)
			}
		}
	}
	return urls
}
