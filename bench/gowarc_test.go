package bench

// Package warc reads WARC files with its own reader, and its
// documentation says why: what follows measures nlnwa/gowarc/v3, the Go
// WARC library that gives each record's offset and size, on the files of
// warc's tests, with every error policy set to ignore.

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nlnwa/gowarc/v3"
	"github.com/weburl/weburl/warc"
)

type span struct{ offset, size int64 }

func gowarcSpans(path string) ([]span, error) {
	r, err := gowarc.NewWarcFileReader(path, 0,
		gowarc.WithSyntaxErrorPolicy(gowarc.ErrIgnore), gowarc.WithSpecViolationPolicy(gowarc.ErrIgnore),
		gowarc.WithUnknownRecordTypePolicy(gowarc.ErrIgnore), gowarc.WithBlockErrorPolicy(gowarc.ErrIgnore))
	if err != nil {
		return nil, err
	}
	var spans []span
	for {
		rec, err := r.Next()
		if err == io.EOF {
			return spans, nil
		}
		if err != nil {
			return spans, err
		}
		spans = append(spans, span{rec.Offset, rec.Size})
		rec.WarcRecord.Close()
	}
}

func warcSpans(path string) ([]span, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := warc.NewReader(f)
	var spans []span
	for {
		rec, err := r.Next()
		if err == io.EOF {
			return spans, nil
		}
		if err != nil {
			return spans, err
		}
		if err := rec.Close(); err != nil {
			return spans, err
		}
		spans = append(spans, span{rec.Offset, rec.Length})
	}
}

// TestGowarc checks what warc's documentation says of gowarc v3.1.0: it
// reads the gzip-compressed WARC files of the tests with the offsets of
// their members, but reads no ARC file.
func TestGowarc(t *testing.T) {
	files, err := filepath.Glob("../warc/testdata/files/*")
	if err != nil {
		t.Fatal(err)
	}
	var same, differ, arcFailed, arcs int
	for _, path := range files {
		name := filepath.Base(path)
		if strings.HasPrefix(name, "bad-") || strings.HasPrefix(name, "empty") {
			continue
		}
		want, werr := warcSpans(path)
		got, gerr := gowarcSpans(path)
		if strings.Contains(name, ".arc") {
			arcs++
			if gerr != nil || len(got) == 0 {
				arcFailed++
			}
			continue
		}
		if werr != nil {
			t.Fatalf("%s: %v", name, werr)
		}
		ok := gerr == nil && len(got) == len(want)
		for i := 0; ok && i < len(got); i++ {
			// Without gzip, gowarc counts the two CRLFs after a record.
			if got[i].offset != want[i].offset || got[i].size != want[i].size && got[i].size != want[i].size+4 {
				ok = false
			}
		}
		if ok {
			same++
		} else {
			differ++
			t.Logf("%s: gowarc %d records (%v), warc %d", name, len(got), gerr, len(want))
		}
	}
	t.Logf("gowarc reads %d WARC files with warc's records and offsets, %d otherwise; %d of %d ARC files fail", same, differ, arcFailed, arcs)
	if arcFailed != arcs {
		t.Errorf("gowarc reads %d ARC files: warc's documentation says it reads none", arcs-arcFailed)
	}
}

func BenchmarkGowarc(b *testing.B) {
	path := archiveFile(b)
	info, _ := os.Stat(path)
	b.Run("gowarc", func(b *testing.B) {
		b.SetBytes(info.Size())
		b.ReportAllocs()
		for b.Loop() {
			if _, err := gowarcSpans(path); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("warc", func(b *testing.B) {
		b.SetBytes(info.Size())
		b.ReportAllocs()
		for b.Loop() {
			if _, err := warcSpans(path); err != nil {
				b.Fatal(err)
			}
		}
	})
}
