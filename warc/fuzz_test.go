package warc

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzIndex reads any bytes, as they are and as a gzip member, with the
// Reader, every index format and Outlinks: nothing panics, each index
// line is a key, a timestamp and JSON (or CDX's fields), and the Reader's
// records lie one after another inside the file.
func FuzzIndex(f *testing.F) {
	files, _ := filepath.Glob("testdata/files/*")
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err == nil && len(b) < 16<<10 {
			f.Add(b, false)
		}
	}
	f.Add([]byte("WARC/1.0\r\nWARC-Type: response\r\nContent-Length: 5\r\n\r\nHTTP/\r\n\r\n"), true)
	f.Fuzz(func(t *testing.T, data []byte, compress bool) {
		if compress {
			var b bytes.Buffer
			z := gzip.NewWriter(&b)
			z.Write(data)
			z.Close()
			data = b.Bytes()
		}
		// The Reader.
		r := NewReader(bytes.NewReader(data))
		end := int64(0)
		for {
			rec, err := r.Next()
			if err != nil {
				if _, ok := err.(*Error); !ok && err != io.EOF {
					t.Fatalf("an error that is not an *Error: %v", err)
				}
				break
			}
			io.Copy(io.Discard, rec.Content())
			if err := rec.Close(); err != nil {
				break
			}
			if rec.Offset < end || rec.Length < 0 || rec.Offset+rec.Length > int64(len(data)) {
				t.Fatalf("a record at %d of %d bytes, after %d, in %d bytes", rec.Offset, rec.Length, end, len(data))
			}
			end = rec.Offset + rec.Length
		}
		// The indexes.
		for _, format := range IndexFormats {
			for _, post := range []bool{false, true} {
				ix, _ := NewIndexer(format, IndexOptions{PostAppend: post, Warn: func(*Error) {}})
				var out bytes.Buffer
				ix.Index(&out, "f.warc", bytes.NewReader(data))
				checkLines(t, format, out.String())
			}
		}
		for _, err := range Outlinks(bytes.NewReader(data), OutlinkOptions{MaxBytes: 1 << 20}) {
			if err != nil {
				break
			}
		}
	})
}

// checkLines checks the shape of index lines.
func checkLines(t *testing.T, format IndexFormat, out string) {
	if out == "" {
		return
	}
	if !strings.HasSuffix(out, "\n") {
		t.Fatalf("%s: an index without its last newline: %q", format, out)
	}
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if format == CDX11 {
			continue // fields as the record has them, spaces included
		}
		i := strings.Index(line, " {")
		if i < 0 {
			t.Fatalf("%s: a line without its JSON: %q", format, line)
		}
		var v map[string]any
		if err := json.Unmarshal([]byte(line[i+1:]), &v); err != nil {
			t.Fatalf("%s: %q: %v", format, line, err)
		}
	}
}
