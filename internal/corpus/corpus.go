// Package corpus reads the test data that the tests and benchmarks of
// weburl's packages share: the web-platform-tests files committed in the
// repository's testdata folder, the real URL lists that
// testdata/datasets.sh copies or downloads into testdata/datasets (they
// are not committed), and the gzipped files of lines that some packages
// record. It is the one reader of that data: the packages' tests, the
// benchmarks and the browser tests all read it here.
//
// The web-platform-tests data is in every clone, and a test that misses
// it fails. The URL lists are not: a test that needs them skips without
// them, saying how to get them, unless the environment variable
// WEBURL_REQUIRE_DATASETS is set (make test and make ci set it), when it
// fails. It imports no package of weburl's, so that the root package's
// own tests can use it.
package corpus

import (
	"bufio"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"unsafe"
)

// Datasets are the URL lists, in testdata/datasets.
var Datasets = []string{"kasztp.txt", "userbait.txt", "isaacs_files.txt", "node_files.txt"}

// Dir returns the repository's testdata folder.
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata")
}

// ReadJSON decodes the committed file testdata/<dir>/<name> (such as
// "wpt", "urltestdata.json") into v, failing tb when it cannot. Go's JSON
// decoder turns a lone surrogate escape into U+FFFD, as a JavaScript
// USVString conversion does.
func ReadJSON(tb testing.TB, dir, name string, v any) {
	tb.Helper()
	if err := readJSON(Dir(), dir, name, v); err != nil {
		tb.Fatal(err)
	}
}

func readJSON(root, dir, name string, v any) error {
	data, err := os.ReadFile(filepath.Join(root, dir, name))
	if err != nil {
		return fmt.Errorf("the web-platform-tests data is missing (%v): it is committed in testdata/%s (testdata/%s.sh checks it)", err, dir, dir)
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("testdata/%s/%s: %v", dir, name, err)
	}
	return nil
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
// final CR. When the list is missing it skips tb, or fails it if
// WEBURL_REQUIRE_DATASETS is set (see MissingLists).
func Lines(tb testing.TB, name string) []string {
	tb.Helper()
	lines, err := ReadList(Dir(), name)
	if err != nil {
		MissingLists(tb, err)
	}
	return lines
}

// ListPath returns the path of the URL list name (such as "kasztp.txt"),
// skipping or failing tb as Lines does when it is missing.
func ListPath(tb testing.TB, name string) string {
	tb.Helper()
	path := filepath.Join(Dir(), "datasets", name)
	if _, err := os.Stat(path); err != nil {
		MissingLists(tb, fmt.Errorf("the URL lists are missing (%v).\n"+
			"Fill testdata/datasets/ first: `make datasets` (or `DATASETS_DIR=/path/to/lists testdata/datasets.sh`)", err))
	}
	return path
}

// RequireListsEnv is the environment variable that makes a missing URL
// list fail the tests instead of skipping them.
const RequireListsEnv = "WEBURL_REQUIRE_DATASETS"

// MissingLists ends the test tb, which needs the URL lists and cannot
// read them (err says why and how to get them): it skips, or fails when
// the environment variable WEBURL_REQUIRE_DATASETS is set, as make test
// and make ci set it, so that CI never skips a test for want of them.
func MissingLists(tb testing.TB, err error) {
	tb.Helper()
	if os.Getenv(RequireListsEnv) != "" {
		tb.Fatalf("%v\n(%s is set: the tests must not skip)", err, RequireListsEnv)
	}
	tb.Skipf("skipped: %v", err)
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
// an input, its base, and whether it fails to parse, and the case's JSON
// object as it is, for the other fields.
type URLCase struct {
	Input   string  `json:"input"`
	Base    *string `json:"base"`
	Failure bool    `json:"failure"`
	Href    string  `json:"href"`

	JSON json.RawMessage `json:"-"`
}

// ReadURLCases returns the cases of urltestdata.json, less its comments,
// from the testdata folder dir (see Dir): for programs that are not tests.
func ReadURLCases(dir string) ([]URLCase, error) {
	var raw []json.RawMessage
	if err := readJSON(dir, "wpt", "urltestdata.json", &raw); err != nil {
		return nil, err
	}
	var cases []URLCase
	for _, r := range raw {
		if len(r) > 0 && r[0] == '"' {
			continue
		}
		c := URLCase{JSON: r}
		if err := json.Unmarshal(r, &c); err != nil {
			return nil, fmt.Errorf("urltestdata.json: %v", err)
		}
		cases = append(cases, c)
	}
	return cases, nil
}

// URLCases returns the cases of urltestdata.json, less its comments.
func URLCases(tb testing.TB) []URLCase {
	tb.Helper()
	cases, err := ReadURLCases(Dir())
	if err != nil {
		tb.Fatal(err)
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
//
// It runs op on a copy of the URLs in one string, each read by its offset
// and length, and collects the list before the timer starts: the
// benchmark then holds no pointer per URL, as ada's url_bench and
// bench/irurl hold none, so that a collection that an op's allocations
// bring about does not mark tens of thousands of strings. A SURT on
// kasztp, which allocates its key, took 1,640 instructions per op with
// the list held, and 1,587 so; the loop's own instructions went from 20
// an op to 22 (bench/README.md, "Keys").
func PerURL(b *testing.B, urls []string, op func(string)) {
	if len(urls) == 0 {
		b.Fatal("corpus.PerURL: no URLs")
	}
	all, spans := pack(urls)
	runtime.GC()
	b.SetBytes(int64(len(all) / len(spans)))
	b.ReportAllocs()
	b.ResetTimer()
	runN(b.N, all, spans, op)
}

// A span is a URL's offset and length in PerURL's string of them all.
type span struct{ off, n uint32 }

// pack returns the URLs in one string, and the span of each.
func pack(urls []string) (string, []span) {
	var text strings.Builder
	spans := make([]span, len(urls))
	for i, u := range urls {
		spans[i] = span{uint32(text.Len()), uint32(len(u))}
		text.WriteString(u)
	}
	return text.String(), spans
}

// runN calls op n times with the spans of text in turn, from the first
// again after the last.
func runN(n int, text string, spans []span, op func(string)) {
	for left := n; left > 0; left -= len(spans) {
		runSpans(text, spans[:min(left, len(spans))], op)
	}
}

// runSpans calls op with each span of text, which holds them all (an
// empty text only empty spans, which unsafe.String makes "" of a nil
// pointer). It is not inlined: in PerURL, the loop reloaded PerURL's
// variables after each call of op.
//
//go:noinline
func runSpans(text string, spans []span, op func(string)) {
	p := unsafe.Pointer(unsafe.StringData(text))
	for _, sp := range spans {
		op(unsafe.String((*byte)(unsafe.Add(p, sp.off)), sp.n))
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

// CheckPinned checks each file that testdata/<dir>.sha256 lists (lines
// of a SHA-256 checksum, two spaces and a name; "#" starts a comment)
// against its checksum, so that the tests run on the pinned data that
// testdata/<dir>.sh keeps.
func CheckPinned(tb testing.TB, dir string) {
	tb.Helper()
	sums, err := os.ReadFile(filepath.Join(Dir(), dir+".sha256"))
	if err != nil {
		tb.Fatal(err)
	}
	n := 0
	for line := range strings.Lines(string(sums)) {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		want, name, ok := strings.Cut(line, "  ")
		if !ok {
			tb.Fatalf("testdata/%s.sha256: %q is not a checksum and a name", dir, line)
		}
		data, err := os.ReadFile(filepath.Join(Dir(), dir, name))
		if err != nil {
			tb.Fatal(err)
		}
		if got := sha256.Sum256(data); hex.EncodeToString(got[:]) != want {
			tb.Errorf("testdata/%s/%s differs from the pinned file (testdata/%s.sha256): restore it, or move to other data with testdata/%s.sh", dir, name, dir, dir)
		}
		n++
	}
	if n == 0 {
		tb.Errorf("testdata/%s.sha256 lists no file", dir)
	}
}

// A Getters is what a URL of package weburl has of JavaScript's URL
// properties, which the web-platform-tests data names.
type Getters interface {
	Href() string
	Origin() string
	Protocol() string
	Username() string
	Password() string
	Host() string
	Hostname() string
	Port() string
	Pathname() string
	Search() string
	Hash() string
}

// Attributes are the names of JavaScript's URL properties, in the order
// of the web-platform-tests data.
var Attributes = []string{"href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"}

// Attribute returns the property of u that JavaScript names name, one of
// Attributes.
func Attribute(u Getters, name string) string {
	switch name {
	case "href":
		return u.Href()
	case "origin":
		return u.Origin()
	case "protocol":
		return u.Protocol()
	case "username":
		return u.Username()
	case "password":
		return u.Password()
	case "host":
		return u.Host()
	case "hostname":
		return u.Hostname()
	case "port":
		return u.Port()
	case "pathname":
		return u.Pathname()
	case "search":
		return u.Search()
	case "hash":
		return u.Hash()
	}
	panic("unknown attribute " + name)
}
