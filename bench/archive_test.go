package bench

// The index of a web archive must inflate every gzip member to find where
// it ends, so that gzip -dc of the same file is the floor of its time.
// BenchmarkArchive times `weburl -index`'s work (warc.Indexer) beside
// gzip -dc and Go's own inflater on one .warc.gz, in MB/s of the file:
//
//	go test -run '^$' -bench Archive -cpu 1 -count 5 .
//
// (taskset -c 0 to hold both to one core). The file, about 47 MB, is
// written once into the temporary directory: 2 captures (a request and
// its response, each a gzip member, as wget and warcprox write them) of
// each of the 523 HTML documents of ../links/testdata/chromium, 15 real
// pages among them, at the URLs of ../testdata/datasets/kasztp.txt.

import (
	"bytes"
	"compress/gzip"
	"crypto/sha1"
	"encoding/base32"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	kgzip "github.com/klauspost/compress/gzip"
	"github.com/weburl/weburl/warc"
)

// archiveCaptures is how many captures the file holds: about 47 MB.
const archiveCaptures = 29400

func archiveFile(b *testing.B) string {
	b.Helper()
	path := filepath.Join(os.TempDir(), fmt.Sprintf("weburl-bench-%d.warc.gz", archiveCaptures))
	if _, err := os.Stat(path); err == nil {
		return path
	}
	docs := documents(b)
	urls := load(b, "kasztp")
	var out bytes.Buffer
	member := func(s string) {
		z, _ := gzip.NewWriterLevel(&out, gzip.DefaultCompression)
		z.Write([]byte(s))
		z.Close()
	}
	member("WARC/1.0\r\nWARC-Type: warcinfo\r\nWARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-000000000000>\r\nWARC-Date: 2026-11-28T12:00:00Z\r\nContent-Type: application/warc-fields\r\nContent-Length: 19\r\n\r\nsoftware: weburl\r\n\r\n\r\n")
	for i := range archiveCaptures {
		d := docs[i%len(docs)]
		u := urls[i%len(urls)]
		date := fmt.Sprintf("2026-11-28T%02d:%02d:%02dZ", i/3600%24, i/60%60, i%60)
		req := "GET / HTTP/1.1\r\nHost: example.com\r\nUser-Agent: bench\r\n\r\n"
		member(fmt.Sprintf("WARC/1.0\r\nWARC-Type: request\r\nWARC-Record-ID: <urn:uuid:%08d-0000-4000-8000-000000000001>\r\nWARC-Date: %s\r\nWARC-Target-URI: %s\r\nContent-Type: application/http; msgtype=request\r\nContent-Length: %d\r\n\r\n%s\r\n\r\n",
			i, date, u, len(req), req))
		h := sha1.Sum(d.body)
		resp := fmt.Sprintf("HTTP/1.1 200 OK\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n%s", d.contentType, len(d.body), d.body)
		member(fmt.Sprintf("WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:%08d-0000-4000-8000-000000000002>\r\nWARC-Date: %s\r\nWARC-Target-URI: %s\r\nWARC-Concurrent-To: <urn:uuid:%08d-0000-4000-8000-000000000001>\r\nWARC-Payload-Digest: sha1:%s\r\nContent-Type: application/http; msgtype=response\r\nContent-Length: %d\r\n\r\n%s\r\n\r\n",
			i, date, u, i, base32.StdEncoding.EncodeToString(h[:]), len(resp), resp))
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, out.Bytes(), 0o644); err != nil {
		b.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		b.Fatal(err)
	}
	return path
}

type document struct {
	contentType string
	body        []byte
}

// documents reads the HTML documents that links' tests hold.
func documents(b *testing.B) []document {
	f, err := os.Open("../links/testdata/chromium/documents.jsonl.gz")
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		b.Fatal(err)
	}
	var docs []document
	dec := json.NewDecoder(z)
	for dec.More() {
		var d struct{ ContentType, Body string }
		if err := dec.Decode(&d); err != nil {
			b.Fatal(err)
		}
		body, err := base64.StdEncoding.DecodeString(d.Body)
		if err != nil {
			b.Fatal(err)
		}
		if d.ContentType == "" {
			d.ContentType = "text/html"
		}
		docs = append(docs, document{d.ContentType, body})
	}
	return docs
}

func BenchmarkArchive(b *testing.B) {
	path := archiveFile(b)
	info, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	size := info.Size()
	b.Run("gzip-dc", func(b *testing.B) {
		if _, err := exec.LookPath("gzip"); err != nil {
			b.Skip("no gzip")
		}
		b.SetBytes(size)
		for b.Loop() {
			cmd := exec.Command("gzip", "-dc", path)
			if err := cmd.Run(); err != nil { // stdout is /dev/null
				b.Fatal(err)
			}
		}
	})
	b.Run("inflate", func(b *testing.B) {
		// Go's inflater alone (klauspost/compress, as the reader uses).
		b.SetBytes(size)
		for b.Loop() {
			f, err := os.Open(path)
			if err != nil {
				b.Fatal(err)
			}
			z, err := kgzip.NewReader(f)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := io.Copy(io.Discard, z); err != nil {
				b.Fatal(err)
			}
			f.Close()
		}
	})
	for _, format := range warc.IndexFormats {
		b.Run("index-"+string(format), func(b *testing.B) {
			b.SetBytes(size)
			b.ReportAllocs()
			for b.Loop() {
				f, err := os.Open(path)
				if err != nil {
					b.Fatal(err)
				}
				ix, err := warc.NewIndexer(format, warc.IndexOptions{})
				if err != nil {
					b.Fatal(err)
				}
				if err := ix.Index(io.Discard, path, f); err != nil {
					b.Fatal(err)
				}
				f.Close()
			}
		})
	}
}
