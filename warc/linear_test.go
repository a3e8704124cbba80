package warc

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/linear"
)

// linearRecord is a WARC record of the type and target with the header
// fields and the block given.
func linearRecord(typ, uri, fields, block string) string {
	return fmt.Sprintf("WARC/1.0\r\nWARC-Type: %s\r\nWARC-Target-URI: %s\r\nWARC-Date: 2026-11-28T12:00:00Z\r\n%sContent-Length: %d\r\n\r\n%s\r\n\r\n",
		typ, uri, fields, len(block), block)
}

// TestIndexLinearTime checks that indexing takes time linear in the
// file's length (n log n where a query is sorted) in each format, on files
// that repeat what a header or a key is made of: 128 times the file may
// take at most 1,448 times as long (see linear.Check); quadratic time
// would take 16,384 times as long.
func TestIndexLinearTime(t *testing.T) {
	// Sizes at which quadratic time shows beside what a file costs
	// whatever its size: at 512 lines, the concatenations of a folded
	// field took 1,430 to 2,160 times as long, just over the bound.
	n := 1 << 10
	if testing.Short() {
		n = 1 << 8
	}
	const ok = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n"
	for _, a := range []struct {
		name string
		make func(k int) string
	}{
		// A field continued on many lines: each line was added to the
		// value by a concatenation.
		{"folded WARC field", func(k int) string {
			return linearRecord("response", "http://h/", "X-A: b"+strings.Repeat("\r\n c", k)+"\r\n", ok)
		}},
		{"folded HTTP field", func(k int) string {
			return linearRecord("response", "http://h/", "", "HTTP/1.1 200 OK\r\nX-A: b"+strings.Repeat("\r\n c", k)+"\r\n\r\n")
		}},
		// Lines without ":" before one with it: warcio.js's parser looked
		// for the ":" from each line to the end of the header.
		{"lines without a colon", func(k int) string {
			return linearRecord("response", "http://h/", strings.Repeat("X-A b\r\n", k)+"X: y\r\n", ok)
		}},
		{"fields", func(k int) string { return linearRecord("response", "http://h/", strings.Repeat("X-A: b\r\n", k), ok) }},
		{"query", func(k int) string {
			return linearRecord("response", "http://h/?"+strings.Repeat("0", k)+strings.Repeat("&", k), "", ok)
		}},
		{"records", func(k int) string { return strings.Repeat(linearRecord("response", "http://h/", "", ok), k/32) }},
	} {
		small, large := a.make(n), a.make(2*linear.MinRatio*n)
		for _, format := range IndexFormats {
			ix, err := NewIndexer(format, IndexOptions{PostAppend: true, Warn: func(*Error) {}})
			if err != nil {
				t.Fatal(err)
			}
			linear.Check(t, a.name+", "+string(format), small, large, func(s string) {
				if err := ix.Index(io.Discard, "f.warc", strings.NewReader(s)); err != nil {
					t.Fatalf("%s, %s: %v", a.name, format, err)
				}
			})
		}
	}
}
