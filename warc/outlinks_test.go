package warc

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"strings"
	"testing"
)

func responseRecord(uri, httpHeader, body string) string {
	block := httpHeader + "\r\n" + body
	return fmt.Sprintf("WARC/1.0\r\nWARC-Type: response\r\nWARC-Date: 2026-11-28T12:00:00Z\r\nWARC-Target-URI: %s\r\nContent-Length: %d\r\n\r\n%s\r\n\r\n", uri, len(block), block)
}

func gzipString(s string) string {
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	z.Write([]byte(s))
	z.Close()
	return b.String()
}

// TestOutlinksPayloads reads the links of pages by the rules of the MIME
// Sniffing Standard (a page without a Content-Type is HTML when it starts
// as HTML does) and of the HTTP encodings warcio decodes.
func TestOutlinksPayloads(t *testing.T) {
	page := `<!DOCTYPE html><base href="/b/"><a href="x">x</a>`
	chunked := fmt.Sprintf("%x\r\n%s\r\n0\r\n\r\n", len(page), page)
	for _, c := range []struct {
		name, header, body string
		want               []string
	}{
		{"html", "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n", page, []string{"http://example.com/b/", "http://example.com/b/x"}},
		{"sniffed", "HTTP/1.1 200 OK\r\n", "\n  " + page, []string{"http://example.com/b/", "http://example.com/b/x"}},
		{"unknown type sniffed", "HTTP/1.1 200 OK\r\nContent-Type: application/unknown\r\n", page, []string{"http://example.com/b/", "http://example.com/b/x"}},
		{"not html", "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n", page, nil},
		{"not sniffed", "HTTP/1.1 200 OK\r\n", "<htmlx>" + page, nil},
		{"gzip", "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\n", gzipString(page), []string{"http://example.com/b/", "http://example.com/b/x"}},
		{"chunked gzip", "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n",
			fmt.Sprintf("%x\r\n%s\r\n0\r\n\r\n", len(gzipString(page)), gzipString(page)), []string{"http://example.com/b/", "http://example.com/b/x"}},
		{"chunked", "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\n", chunked, []string{"http://example.com/b/", "http://example.com/b/x"}},
		{"said gzip, is not", "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\n", page, []string{"http://example.com/b/", "http://example.com/b/x"}},
		{"windows-1252", "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=windows-1252\r\n", "<a href='?q=\xe9'>", []string{"http://example.com/?q=%E9"}},
	} {
		var got []string
		for l, err := range Outlinks(strings.NewReader(responseRecord("<http://example.com/>", c.header, c.body)), OutlinkOptions{}) {
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			if l.Target != "http://example.com/" || l.Timestamp != "20261128120000" || l.Offset != 0 {
				t.Errorf("%s: %+v", c.name, l)
			}
			got = append(got, l.URL.Href())
		}
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
