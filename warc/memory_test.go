package warc

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
)

// zeros reads n zero bytes without holding them.
type zeros struct{ n int64 }

func (z *zeros) Read(p []byte) (int, error) {
	if z.n <= 0 {
		return 0, io.EOF
	}
	n := int(min(int64(len(p)), z.n))
	clear(p[:n])
	z.n -= int64(n)
	return n, nil
}

// bigRecord is a WARC file of one record whose block ends in n bytes of
// payload, read without being held.
func bigRecord(typ, uri, httpHeader string, n int64) io.Reader {
	head := fmt.Sprintf("WARC/1.0\r\nWARC-Type: %s\r\nWARC-Date: 2026-11-28T12:00:00Z\r\nWARC-Target-URI: %s\r\nContent-Length: %d\r\n\r\n%s",
		typ, uri, int64(len(httpHeader))+n, httpHeader)
	return io.MultiReader(strings.NewReader(head), &zeros{n}, strings.NewReader("\r\n\r\n"))
}

// allocated returns how many bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestBoundedMemory reads records of 256 MiB, whose digest is computed,
// whose request body is read for its key, and whose page is read for its
// links, and a header line of 2 MiB: what is allocated stays a few MiB.
func TestBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("reads a GiB")
	}
	const big = 256 << 20
	const bound = 24 << 20
	html := "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n"
	for _, c := range []struct {
		name string
		run  func() error
	}{
		{"digest", func() error {
			ix, _ := NewIndexer(CDXJIndexer, IndexOptions{})
			return ix.Index(io.Discard, "f", bigRecord("response", "http://example.com/", "HTTP/1.1 200 OK\r\n\r\n", big))
		}},
		{"post-append", func() error {
			ix, _ := NewIndexer(CDXJIndexer, IndexOptions{PostAppend: true})
			return ix.Index(io.Discard, "f", bigRecord("request", "http://example.com/", "POST / HTTP/1.1\r\nContent-Type: application/json\r\n\r\n", big))
		}},
		{"warcio", func() error {
			ix, _ := NewIndexer(Warcio, IndexOptions{})
			return ix.Index(io.Discard, "f", bigRecord("request", "http://example.com/", "POST / HTTP/1.1\r\nContent-Type: application/json\r\n\r\n", big))
		}},
		{"outlinks", func() error {
			// A page longer than MaxBytes is skipped, with a warning.
			warned := false
			for _, err := range Outlinks(bigRecord("response", "http://example.com/", html, big), OutlinkOptions{MaxBytes: 4 << 20, Warn: func(*Error) { warned = true }}) {
				return err
			}
			if !warned {
				return fmt.Errorf("no warning of a page longer than MaxBytes")
			}
			return nil
		}},
	} {
		var err error
		n := allocated(func() { err = c.run() })
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		if n > bound {
			t.Errorf("%s: %d MiB allocated for a record of %d MiB", c.name, n>>20, big>>20)
		}
		t.Logf("%s: %.1f MiB allocated", c.name, float64(n)/(1<<20))
	}
	// A header line longer than 1 MiB is an error, not a buffer.
	long := "WARC/1.0\r\nWARC-Type: response\r\nX: " + strings.Repeat("a", 2<<20) + "\r\n\r\n"
	ix, _ := NewIndexer(CDXJIndexer, IndexOptions{})
	if err := ix.Index(io.Discard, "f", strings.NewReader(long)); err == nil || !strings.Contains(err.Error(), "longer than 1 MiB") {
		t.Errorf("a header line of 2 MiB: %v", err)
	}
	// So is a header of short lines longer than 4 MiB in all, the WARC
	// record's or the archived HTTP message's, after the record before it.
	first := "WARC/1.0\r\nWARC-Type: resource\r\nWARC-Target-URI: http://example.com/\r\nWARC-Date: 2026-11-28T12:00:00Z\r\nContent-Length: 0\r\n\r\n\r\n\r\n"
	lines := strings.Repeat("X: a\r\n", 1<<20)
	for name, file := range map[string]string{
		"WARC": first + "WARC/1.0\r\nWARC-Type: response\r\n" + lines + "\r\n",
		"HTTP": first + fmt.Sprintf("WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: http://example.com/\r\nContent-Length: %d\r\n\r\nHTTP/1.1 200 OK\r\n%s\r\n", len(lines)+19, lines),
	} {
		for _, format := range IndexFormats {
			ix, _ := NewIndexer(format, IndexOptions{})
			var out strings.Builder
			err := ix.Index(&out, "f", strings.NewReader(file))
			var e *Error
			if !errors.As(err, &e) || e.File != "f" || e.Offset != int64(len(first)) || !strings.Contains(err.Error(), "longer than 4 MiB") {
				t.Errorf("%s, a %s header of 6 MiB: %v", format, name, err)
			}
			if !strings.Contains(out.String(), "com,example)/ 20261128120000") {
				t.Errorf("%s, a %s header of 6 MiB: the lines before it: %q", format, name, out.String())
			}
		}
	}
}
