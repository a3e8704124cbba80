package warc

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"

	"strconv"
	"strings"
	"testing"
)

// refRuns reads testdata/expect/status: each reference run's exit status.
func refRuns(t *testing.T) map[string]int {
	t.Helper()
	b, err := os.ReadFile("testdata/expect/status")
	if err != nil {
		t.Fatal(err)
	}
	runs := map[string]int{}
	for _, line := range strings.Split(string(b), "\n") {
		if line == "" || line[0] == '\t' {
			continue
		}
		name, st, _ := strings.Cut(line, " ")
		runs[name], _ = strconv.Atoi(st)
	}
	return runs
}

// departures are the runs where the index is not the reference tool's
// output: the file is broken, and the tool writes a line for what is not
// a record, or loses one; the Indexer stops with an error at the break
// instead, after the lines of every complete record before it.
var departures = map[string]string{
	"bad-garbage.warc.gz.cdxj-indexer":    "cdxj-indexer reads the bytes after the last gzip member as an ARC record, garbage)/",
	"bad-garbage.warc.gz.cdxj-indexer-p":  "cdxj-indexer reads the bytes after the last gzip member as an ARC record, garbage)/",
	"bad-garbage.warc.gz.cdx11":           "cdxj-indexer reads the bytes after the last gzip member as an ARC record, garbage)/",
	"bad-one-member.warc.gz.cdxj-indexer": "cdxj-indexer indexes the first record of a member holding three, with a length that is not the member's",
	"bad-one-member.warc.gz.cdx11":        "cdxj-indexer indexes the first record of a member holding three, with a length that is not the member's",
	"bad-length-nan.warc.gz.cdxj-indexer": "cdxj-indexer indexes the first of the two records it then finds in one gzip member, with a length that is not the member's",
	"bad-length-nan.warc.gz.cdx11":        "cdxj-indexer indexes the first of the two records it then finds in one gzip member, with a length that is not the member's",
}

// dropLines are lines the reference tool writes to its output that are
// not index lines.
var dropLines = map[string]string{
	"AMF decoding is stubbed": "the reference's pyamf is a stub, and cdxj-indexer prints its exception's text to stdout",
}

func TestIndexReference(t *testing.T) {
	runs := refRuns(t)
	files, err := os.ReadDir("testdata/files")
	if err != nil {
		t.Fatal(err)
	}
	modes := []struct {
		suffix string
		format IndexFormat
		post   bool
	}{
		{"cdxj-indexer", CDXJIndexer, false},
		{"cdxj-indexer-p", CDXJIndexer, true},
		{"cdx11", CDX11, false},
		{"warcio", Warcio, true},
	}
	for _, f := range files {
		for _, m := range modes {
			run := f.Name() + "." + m.suffix
			t.Run(run, func(t *testing.T) {
				st, ok := runs[run]
				if !ok {
					t.Fatalf("no recorded run %s: run testdata/record.sh", run)
				}
				want, err := os.ReadFile(filepath.Join("testdata/expect", run))
				if err != nil {
					t.Fatal(err)
				}
				want = drop(want)
				got, ierr := indexFile(t, m.format, IndexOptions{PostAppend: m.post}, filepath.Join("testdata/files", f.Name()))
				reason, departs := departures[run]
				switch {
				case departs:
					if ierr == nil {
						t.Errorf("no error (the reference departs: %s)", reason)
					}
					if !bytes.HasPrefix(want, got) {
						t.Errorf("not a prefix of the reference's lines (%s):\n%s", reason, diff(want, got))
					}
				case st != 0:
					// The reference stopped with an exception: its lines
					// come first.
					if !bytes.HasPrefix(got, want) {
						t.Errorf("the reference stopped with status %d; its lines do not come first:\n%s", st, diff(want, got))
					}
				default:
					if !bytes.Equal(got, want) {
						t.Errorf("differs from the reference:\n%s", diff(want, got))
					}
				}
				if testing.Verbose() && ierr != nil {
					t.Logf("error: %v", ierr)
				}
			})
		}
	}
}

func drop(b []byte) []byte {
	var out []byte
	for _, line := range bytes.SplitAfter(b, []byte("\n")) {
		if _, ok := dropLines[strings.TrimSuffix(string(line), "\n")]; ok {
			continue
		}
		out = append(out, line...)
	}
	return out
}

func indexFile(t *testing.T, format IndexFormat, opts IndexOptions, path string) ([]byte, error) {
	t.Helper()
	ix, err := NewIndexer(format, opts)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out bytes.Buffer
	err = ix.Index(&out, path, bufio.NewReader(f))
	return out.Bytes(), err
}

// diff shows the lines of want and got that differ.
func diff(want, got []byte) string {
	w := strings.Split(string(want), "\n")
	g := strings.Split(string(got), "\n")
	var b strings.Builder
	for i := 0; i < max(len(w), len(g)); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			b.WriteString("line " + strconv.Itoa(i+1) + ":\n  want " + wl + "\n  got  " + gl + "\n")
		}
	}
	return b.String()
}

// TestSortedReference compares the sorted index over every file that
// cdxj-indexer reads to its end with its -s output (and -p -s, -11 -s),
// with a memory bound small enough that the Sorter spills and merges.
func TestSortedReference(t *testing.T) {
	names, err := os.ReadFile("testdata/expect/all.files")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		run    string
		format IndexFormat
		post   bool
	}{
		{"all.cdxj-indexer-s", CDXJIndexer, false},
		{"all.cdxj-indexer-p-s", CDXJIndexer, true},
		{"all.cdx11-s", CDX11, false},
	} {
		for _, mem := range []int{0, 4 << 10} {
			ix, err := NewIndexer(c.format, IndexOptions{PostAppend: c.post})
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			s := NewSorter(&out, mem)
			for _, name := range strings.Fields(string(names)) {
				f, err := os.Open(filepath.Join("testdata/files", name))
				if err != nil {
					t.Fatal(err)
				}
				err = ix.Index(s, name, f)
				f.Close()
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
			}
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(filepath.Join("testdata/expect", c.run))
			if err != nil {
				t.Fatal(err)
			}
			if got := out.Bytes(); !bytes.Equal(got, drop(want)) {
				t.Errorf("%s (memory %d):\n%s", c.run, mem, diff(drop(want), got))
			}
		}
	}
}
