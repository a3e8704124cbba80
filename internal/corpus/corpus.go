// Package corpus reads the test data that the tests and benchmarks of
// weburl's packages share: the web-platform-tests files and the URL lists
// that testdata/wpt.sh and testdata/datasets.sh copy into the
// repository's testdata folder, and the gzipped files of lines that some
// packages record. Missing data fails the test with a message that says
// how to get it; it never skips. It imports no package of weburl's, so
// that the root package's own tests can use it.
package corpus

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
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

// ReadList returns the non-empty lines, without a final CR, of the URL
// list name (such as "kasztp.txt") in the testdata folder dir.
func ReadList(dir, name string) ([]string, error) {
	f, err := os.Open(filepath.Join(dir, "datasets", name))
	if err != nil {
		return nil, fmt.Errorf("the URL lists are missing (%v).\n"+
			"Fill testdata/datasets/ first: `make datasets` (or `DATASETS_DIR=/path/to/lists testdata/datasets.sh`)", err)
	}
	defer f.Close()
	return readLines(f, func(line string) bool { return line != "" })
}

// Lines returns the non-empty lines of the URL list name, without a
// final CR, failing tb when the list is missing.
func Lines(tb testing.TB, name string) []string {
	tb.Helper()
	lines, err := ReadList(Dir(), name)
	if err != nil {
		tb.Fatal(err)
	}
	return lines
}

// GzipLines returns the lines of the gzipped file at path, without a
// final CR, but those keep rejects.
func GzipLines(tb testing.TB, path string, keep func(line string) bool) []string {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	lines, err := readLines(z, keep)
	if err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	return lines
}

// readLines returns the lines of r, each without a final CR, that keep
// takes.
func readLines(r io.Reader, keep func(line string) bool) ([]string, error) {
	var lines []string
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if line := strings.TrimSuffix(sc.Text(), "\r"); keep(line) {
			lines = append(lines, line)
		}
	}
	return lines, sc.Err()
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

// Corpus returns the URLs of the test data, made by parse (weburl.Parse)
// and, for a case with a base, the base's Parse method: those of
// urltestdata.json that parse, then those of the URL lists.
func Corpus[U interface{ Parse(string) (U, error) }](tb testing.TB, parse func(string) (U, error)) []U {
	tb.Helper()
	var urls []U
	for _, c := range URLCases(tb) {
		var u U
		var err error
		if c.Base == nil {
			u, err = parse(c.Input)
		} else if base, berr := parse(*c.Base); berr == nil {
			u, err = base.Parse(c.Input)
		} else {
			continue
		}
		if err == nil {
			urls = append(urls, u)
		}
	}
	for _, name := range Datasets {
		for _, line := range Lines(tb, name) {
			if u, err := parse(line); err == nil {
				urls = append(urls, u)
			}
		}
	}
	return urls
}

// PerURL runs op on urls in turn, b.N times in all, so that ns/op is the
// time per URL; it reports the allocations and the URLs' mean length as
// the bytes of an op.
func PerURL(b *testing.B, urls []string, op func(string)) {
	total := 0
	for _, u := range urls {
		total += len(u)
	}
	b.SetBytes(int64(total / len(urls)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		op(urls[i%len(urls)])
	}
}

// Lists runs f as a sub-benchmark on each URL list, named for it, and on
// the inputs of urltestdata.json, named "wpt".
func Lists(b *testing.B, f func(b *testing.B, urls []string)) {
	for _, name := range Datasets {
		b.Run(strings.TrimSuffix(name, ".txt"), func(b *testing.B) { f(b, Lines(b, name)) })
	}
	b.Run("wpt", func(b *testing.B) {
		var inputs []string
		for _, c := range URLCases(b) {
			inputs = append(inputs, c.Input)
		}
		f(b, inputs)
	})
}
