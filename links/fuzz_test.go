package links

import (
	"bytes"
	"errors"
	"testing"

	"github.com/weburl/weburl"
)

// FuzzExtract checks that any bytes are a document: Extract returns no
// error but an unknown encoding label's, every link has a URL or an
// error and not both, and each URL's href parses to itself.
func FuzzExtract(f *testing.F) {
	docs, _, _ := readRecordings(f)
	for i, d := range docs {
		if i%8 == 0 && len(d.Body) < 4096 {
			f.Add(d.Body, d.ContentType, "")
		}
	}
	f.Add([]byte("\xfe\xff\x00<\x00a\x00 \x00h\x00r\x00e\x00f\x00=\x00x"), "", "")
	f.Add([]byte(`<meta charset=gbk><base href="/b/"><a href="?q=\x81\x30">`), "text/html", "")
	f.Add([]byte(`<img srcset="a 1x, b,c 2x">`), "text/html; charset=shift_jis", "euc-kr")
	f.Fuzz(func(t *testing.T, doc []byte, contentType, encoding string) {
		d, err := Extract(bytes.NewReader(doc), Options{URL: docURL, ContentType: contentType, Encoding: encoding})
		if err != nil {
			if !errors.As(err, new(*EncodingError)) {
				t.Fatalf("error %v", err)
			}
			return
		}
		if d.BaseURL == nil || d.Encoding == "" {
			t.Fatalf("base %v, encoding %q", d.BaseURL, d.Encoding)
		}
		for _, l := range d.Links {
			if (l.URL == nil) == (l.Err == nil) {
				t.Fatalf("%s %s=%q: URL %v, error %v", l.Element, l.Attr, l.Raw, l.URL, l.Err)
			}
			if l.URL == nil {
				continue
			}
			if u, err := weburl.Parse(l.URL.Href()); err != nil || u.Href() != l.URL.Href() {
				t.Fatalf("%s %s=%q: href %q parses to %v, %v", l.Element, l.Attr, l.Raw, l.URL.Href(), u, err)
			}
		}
	})
}
