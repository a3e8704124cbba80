package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/weburl/weburl/warc"
	"github.com/weburl/weburl/weburlbeam/internal/beamtest"
)

// TestMain runs the tests on the Prism runner, where the loopback is the
// only interface up (see beamtest.Main).
func TestMain(m *testing.M) {
	beamtest.Main(m, "cdxindex")
}

const testdata = "../../../warc/testdata"

// archives links into a folder of its own the files cdxj-indexer -s
// indexed for warc's tests (expect/all.files), and more, and returns the
// folder.
func archives(t *testing.T, more ...string) (dir string, names []string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(testdata, "expect/all.files"))
	if err != nil {
		t.Fatal(err)
	}
	dir = t.TempDir()
	names = append(strings.Fields(string(b)), more...)
	for _, name := range names {
		abs, err := filepath.Abs(filepath.Join(testdata, "files", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(abs, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	return dir, names
}

// readShards reads the shards of a run in name order, concatenated.
func readShards(t *testing.T, prefix string, n int, format warc.IndexFormat) []byte {
	t.Helper()
	var all []byte
	for i := range n {
		b, err := os.ReadFile(shardName(prefix, i, n, format))
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, b...)
	}
	return all
}

func run(t *testing.T, dir, prefix string, n int, format warc.IndexFormat, post bool) {
	t.Helper()
	p, s := beam.NewPipelineWithRoot()
	build(s, filepath.Join(dir, "*"), prefix, n, format, post)
	ptest.RunAndValidate(t, p)
}

// TestReference indexes the files on Prism in three shards: in name
// order they are cdxj-indexer -s's index of the same files, byte for
// byte (and -p -s's, and -11 -s's).
func TestReference(t *testing.T) {
	beamtest.RunsPipelines(t)
	dir, _ := archives(t)
	for _, c := range []struct {
		format warc.IndexFormat
		post   bool
		want   string
	}{
		{warc.CDXJIndexer, false, "all.cdxj-indexer-s"},
		{warc.CDXJIndexer, true, "all.cdxj-indexer-p-s"},
		{warc.CDX11, false, "all.cdx11-s"},
	} {
		prefix := filepath.Join(t.TempDir(), "index")
		run(t, dir, prefix, 3, c.format, c.post)
		want, err := os.ReadFile(filepath.Join(testdata, "expect", c.want))
		if err != nil {
			t.Fatal(err)
		}
		want = bytes.ReplaceAll(want, []byte("AMF decoding is stubbed\n"), nil) // see warc's dropLines
		if got := readShards(t, prefix, 3, c.format); !bytes.Equal(got, want) {
			t.Errorf("%s: the shards are not %s (%d bytes, want %d)", c.format, c.want, len(got), len(want))
		}
		if b, err := os.ReadFile(prefix + "-problems.txt"); err != nil || bytes.Contains(b, []byte("stopped")) {
			t.Errorf("%s: problems: %q, %v", c.format, b, err)
		}
	}
}

// TestWarcio indexes the files and a broken one in warcio.js's format,
// in five shards: they are what warc's Indexer and Sorter write in this
// process, and the broken file's problem is reported.
func TestWarcio(t *testing.T) {
	beamtest.RunsPipelines(t)
	dir, names := archives(t, "bad-truncated.warc.gz")
	prefix := filepath.Join(t.TempDir(), "index")
	run(t, dir, prefix, 5, warc.Warcio, false)
	var want bytes.Buffer
	sorter := warc.NewSorter(&want, 0)
	ix, err := warc.NewIndexer(warc.Warcio, warc.IndexOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		ix.Index(sorter, name, f)
		f.Close()
	}
	if err := sorter.Close(); err != nil {
		t.Fatal(err)
	}
	if got := readShards(t, prefix, 5, warc.Warcio); !bytes.Equal(got, want.Bytes()) {
		t.Errorf("the shards are not the sorted index (%d bytes, want %d)", len(got), want.Len())
	}
	problems, err := os.ReadFile(prefix + "-problems.txt")
	if err != nil {
		t.Fatal(err)
	}
	wantProblem := filepath.Join(dir, "bad-truncated.warc.gz") + "\t00000000000000000311\tstopped: gzip member at offset 311: the file ends inside it\n"
	if !strings.Contains(string(problems), wantProblem) {
		t.Errorf("problems:\n%s\nwant the line %q", problems, wantProblem)
	}
}
