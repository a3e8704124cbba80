// Command mkwarc writes the WARC and ARC files of warc's tests that no
// project's test data has: keys by each tool's rules, every record type,
// the request bodies of POST and PUT, and broken files. The reference
// tools' indexes of them are recorded beside them (../../testdata/record.sh).
//
//	go run ./warc/internal/mkwarc DIR
package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha1"
	"encoding/base32"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"
)

// A rec is a WARC record: its named fields in order, then its block.
// Content-Length is added from the block unless a field names it.
type rec struct {
	fields [][2]string
	block  string
}

func (r rec) bytes() []byte {
	var b bytes.Buffer
	b.WriteString("WARC/1.0\r\n")
	hasLen := false
	for _, f := range r.fields {
		if strings.EqualFold(f[0], "Content-Length") {
			hasLen = true
		}
		if f[0] == "" { // a raw line
			b.WriteString(f[1] + "\r\n")
			continue
		}
		b.WriteString(f[0] + ": " + f[1] + "\r\n")
	}
	if !hasLen {
		fmt.Fprintf(&b, "Content-Length: %d\r\n", len(r.block))
	}
	b.WriteString("\r\n" + r.block + "\r\n\r\n")
	return b.Bytes()
}

var ids int

func id() string {
	ids++
	return fmt.Sprintf("<urn:uuid:00000000-0000-4000-8000-%012d>", ids)
}

func digest(s string) string {
	h := sha1.Sum([]byte(s))
	return "sha1:" + base32.StdEncoding.EncodeToString(h[:])
}

// http returns an HTTP message: a start line, header lines and a body,
// with CRLF line ends.
func http(start string, headers []string, body string) string {
	return start + "\r\n" + strings.Join(append(headers, ""), "\r\n") + "\r\n" + body
}

func response(uri, date, status, ctype, body string, extra ...[2]string) rec {
	var h []string
	if ctype != "-" {
		h = append(h, "Content-Type: "+ctype)
	}
	h = append(h, fmt.Sprintf("Content-Length: %d", len(body)))
	f := [][2]string{{"WARC-Type", "response"}, {"WARC-Record-ID", id()}, {"WARC-Date", date}, {"WARC-Target-URI", uri}}
	f = append(f, extra...)
	f = append(f, [2]string{"Content-Type", "application/http; msgtype=response"})
	return rec{fields: f, block: http(status, h, body)}
}

func withDigest(r rec, body string) rec {
	r.fields = append(r.fields[:len(r.fields):len(r.fields)], [2]string{"WARC-Payload-Digest", digest(body)})
	return r
}

// pair returns a request with its body and the response to it, the
// response's WARC-Concurrent-To naming the request (as warcprox and
// pywb write them) or the other way round.
func pair(uri, date, method, ctype, body string, reqFirst bool, reqExtra ...string) []rec {
	h := []string{"Host: example.com"}
	if ctype != "" {
		h = append(h, "Content-Type: "+ctype)
	}
	h = append(h, reqExtra...)
	if !hasPrefix(reqExtra, "Transfer-Encoding") && !hasPrefix(reqExtra, "Content-Length") {
		h = append(h, fmt.Sprintf("Content-Length: %d", len(body)))
	}
	path := uri[strings.Index(uri[8:], "/")+8:]
	reqID, respID := id(), id()
	req := rec{fields: [][2]string{{"WARC-Type", "request"}, {"WARC-Record-ID", reqID}, {"WARC-Date", date}, {"WARC-Target-URI", uri},
		{"Content-Type", "application/http; msgtype=request"}}, block: http(method+" "+path+" HTTP/1.1", h, body)}
	respBody := `{"ok": true}`
	resp := response(uri, date, "HTTP/1.1 200 OK", "application/json", respBody)
	resp.fields[1][1] = respID
	resp = withDigest(resp, respBody)
	if reqFirst {
		resp.fields = append(resp.fields, [2]string{"WARC-Concurrent-To", reqID})
		return []rec{req, resp}
	}
	req.fields = append(req.fields, [2]string{"WARC-Concurrent-To", respID})
	return []rec{resp, req}
}

func hasPrefix(list []string, p string) bool {
	for _, s := range list {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

const date = "2026-11-28T12:00:00Z"

func page(i int) string {
	return fmt.Sprintf("<!doctype html><title>page %d</title><a href=\"/a/%d\">a</a>\n", i, i)
}

// keys: the URLs that each tool's key rules treat differently.
func keys() []rec {
	uris := []string{
		"http://www.Example.com/A/b?z=1&a=2",
		"https://www2.example.com:8443/path/",
		"http://example.com",
		"http://EXAMPLE.com/%7Efoo/bar%2fbaz",
		"http://xn--bcher-kva.example/",
		"http://bücher.example/ä?ü=1",
		"http://[::1]:8080/x",
		"http://[2001:DB8::1]/",
		"http://127.0.0.1/",
		"http://0x7f.1/",
		"http://user:pass@example.com/",
		"https://example.com:443/",
		"http://example.com:80/index.html",
		"http://example.com/a#frag",
		"ftp://ftp.example.com/file",
		"dns:example.com",
		"urn:x:y",
		"http://exa mple.com/",
		"http://example.com/%zz",
		"HTTP://WWW.EXAMPLE.COM/",
		"http://www.example.com./",
		"http://example.com/?",
		"http://example.com/?b&a&B=2&b=1",
		"http://example.com/a/../b/./c",
		"https://www.example.com/index.html?utm_source=x&id=5&jsessionid=1",
		"<http://example.com/wget>",
		"http://example.com/path with space",
		"http://[::1/",
		"http://example.com:99999/",
		"http://example.com/©?q=é",
		"http://www123.example.org/x",
		"http://wwwexample.org/",
		"https://example.com/a?x=%41%2B+b&y=%e9",
		"http://example.com/%E2%82%AC/",
		"http://Example.com/UPPER/Case.HTML",
		"https://example.com/trailing/",
		"http:example.com/noslash",
		"http://example.com\\back\\slash",
		"http://a.b.c.d.example.co.uk/",
		"http://localhost/",
		"http://example.com/;jsessionid=0123456789ABCDEF0123456789ABCDEF",
		"http://example.com/?a=1&&b=2&",
		"",
	}
	var recs []rec
	for i, u := range uris {
		body := page(i)
		r := response(u, date, "HTTP/1.1 200 OK", "text/html; charset=utf-8", body)
		if i%3 != 0 {
			r = withDigest(r, body)
		}
		recs = append(recs, r)
	}
	return recs
}

// fields: the mime, status, digest and timestamp of each tool.
func fields() []rec {
	var recs []rec
	ctypes := []string{"text/html; charset=UTF-8", "text/html", "TEXT/HTML", "text/html charset=utf-8", "application/json;x", " text/plain", "-", "image/png", "text/html ; charset=utf-8", ";", "text/html,text/plain"}
	for i, ct := range ctypes {
		body := page(i)
		recs = append(recs, withDigest(response(fmt.Sprintf("http://example.com/ct/%d", i), date, "HTTP/1.1 200 OK", ct, body), body))
	}
	statuses := []string{"HTTP/1.1 200 OK", "HTTP/1.0 404", "HTTP/1.1 301 Moved Permanently", "HTTP/1.1 abc", "HTTP/2 200", "HTTP/1.1", "HTTP/1.1  204  No Content", "http/1.1 500 x", "ICY 200 OK"}
	for i, st := range statuses {
		body := page(i)
		recs = append(recs, withDigest(response(fmt.Sprintf("http://example.com/st/%d", i), date, st, "text/html", body), body))
	}
	digests := []string{"sha1:AAAABBBBCCCCDDDDEEEEFFFFGGGGHHHH", "sha256:0123abcd", "AAAABBBBCCCCDDDDEEEEFFFFGGGGHHHH", "sha1:a:b", ""}
	for i, d := range digests {
		body := page(i)
		r := response(fmt.Sprintf("http://example.com/dg/%d", i), date, "HTTP/1.1 200 OK", "text/html", body)
		r.fields = append(r.fields, [2]string{"WARC-Payload-Digest", d})
		recs = append(recs, r)
	}
	dates := []string{"2020-01-02T03:04:05Z", "2020-01-02T03:04:05.123456Z", "2020-01-02T03:04:05", "2020-01-02T03:04:05.5Z", "2020-01-02"}
	for i, d := range dates {
		body := page(i)
		recs = append(recs, withDigest(response(fmt.Sprintf("http://example.com/dt/%d", i), d, "HTTP/1.1 200 OK", "text/html", body), body))
	}
	// Duplicate and folded fields, and fields in other cases.
	body := page(99)
	r := response("http://example.com/dup/1", date, "HTTP/1.1 200 OK", "text/html", body)
	r.fields = append(r.fields, [2]string{"warc-target-uri", "http://example.com/dup/2"})
	recs = append(recs, withDigest(r, body))
	r = rec{fields: [][2]string{{"warc-type", "response"}, {"WARC-Record-ID", id()}, {"warc-date", date}, {"WARC-TARGET-URI", "http://example.com/case"}, {"WARC-Payload-Digest", digest(body)}},
		block: http("HTTP/1.1 200 OK", []string{"content-type: text/html", "X-Folded: a", " b"}, body)}
	recs = append(recs, r)
	// A gzip-encoded and a chunked payload (the digest is left to compute).
	recs = append(recs, rec{fields: [][2]string{{"WARC-Type", "response"}, {"WARC-Record-ID", id()}, {"WARC-Date", date}, {"WARC-Target-URI", "http://example.com/chunked"}},
		block: http("HTTP/1.1 200 OK", []string{"Content-Type: text/html", "Transfer-Encoding: chunked"}, "5\r\n<p>hi\r\n6\r\n there\r\n0\r\n\r\n")})
	recs = append(recs, rec{fields: [][2]string{{"WARC-Type", "response"}, {"WARC-Record-ID", id()}, {"WARC-Date", date}, {"WARC-Target-URI", "http://example.com/gzip"}},
		block: http("HTTP/1.1 200 OK", []string{"Content-Type: text/html", "Content-Encoding: gzip"}, gz([]byte("<p>compressed</p>")))})
	return recs
}

// types: every record type, with and without HTTP headers.
func types() []rec {
	body := page(1)
	return []rec{
		{fields: [][2]string{{"WARC-Type", "warcinfo"}, {"WARC-Record-ID", id()}, {"WARC-Date", date}, {"WARC-Filename", "types.warc"}, {"Content-Type", "application/warc-fields"}}, block: "software: mkwarc\r\n"},
		{fields: [][2]string{{"WARC-Type", "request"}, {"WARC-Record-ID", id()}, {"WARC-Date", date}, {"WARC-Target-URI", "http://example.com/"}, {"Content-Type", "application/http; msgtype=request"}},
			block: http("GET / HTTP/1.1", []string{"Host: example.com"}, "")},
		withDigest(response("http://example.com/", date, "HTTP/1.1 200 OK", "text/html", body), body),
		{fields: [][2]string{{"WARC-Type", "revisit"}, {"WARC-Record-ID", id()}, {"WARC-Date", "2026-11-28T12:00:01Z"}, {"WARC-Target-URI", "http://example.com/"},
			{"WARC-Profile", "http://netpreserve.org/warc/1.0/revisit/identical-payload-digest"}, {"WARC-Refers-To-Target-URI", "http://example.com/"}, {"WARC-Payload-Digest", digest(body)}, {"Content-Type", "application/http; msgtype=response"}},
			block: http("HTTP/1.1 200 OK", []string{"Content-Type: text/html"}, "")},
		{fields: [][2]string{{"WARC-Type", "revisit"}, {"WARC-Record-ID", id()}, {"WARC-Date", "2026-11-28T12:00:02Z"}, {"WARC-Target-URI", "http://example.com/"},
			{"WARC-Profile", "http://netpreserve.org/warc/1.0/revisit/identical-payload-digest"}, {"WARC-Payload-Digest", digest(body)}}, block: ""},
		{fields: [][2]string{{"WARC-Type", "revisit"}, {"WARC-Record-ID", id()}, {"WARC-Date", "2026-11-28T12:00:03Z"}, {"WARC-Target-URI", "http://example.com/nodigest"}}, block: ""},
		{fields: [][2]string{{"WARC-Type", "resource"}, {"WARC-Record-ID", id()}, {"WARC-Date", date}, {"WARC-Target-URI", "http://example.com/r.txt"}, {"Content-Type", "text/plain; charset=utf-8"}}, block: "a resource\n"},
		{fields: [][2]string{{"WARC-Type", "resource"}, {"WARC-Record-ID", id()}, {"WARC-Date", date}, {"WARC-Target-URI", "urn:x-fields"}, {"Content-Type", "application/warc-fields"}}, block: "a: b\r\n"},
		{fields: [][2]string{{"WARC-Type", "resource"}, {"WARC-Record-ID", id()}, {"WARC-Date", date}, {"WARC-Target-URI", "http://example.com/notype"}}, block: "x"},
		{fields: [][2]string{{"WARC-Type", "metadata"}, {"WARC-Record-ID", id()}, {"WARC-Date", date}, {"WARC-Target-URI", "http://example.com/"}, {"Content-Type", "application/warc-fields"}}, block: "outlink: http://example.com/a\r\n"},
		{fields: [][2]string{{"WARC-Type", "metadata"}, {"WARC-Record-ID", id()}, {"WARC-Date", date}, {"WARC-Target-URI", "http://example.com/m"}, {"Content-Type", "application/json"}}, block: "{}"},
		{fields: [][2]string{{"WARC-Type", "conversion"}, {"WARC-Record-ID", id()}, {"WARC-Date", date}, {"WARC-Target-URI", "http://example.com/c"}, {"Content-Type", "text/plain"}}, block: "converted"},
		{fields: [][2]string{{"WARC-Type", "continuation"}, {"WARC-Record-ID", id()}, {"WARC-Date", date}, {"WARC-Target-URI", "http://example.com/cont"}, {"WARC-Segment-Number", "2"}}, block: "rest"},
		{fields: [][2]string{{"WARC-Type", "unknown-type"}, {"WARC-Record-ID", id()}, {"WARC-Date", date}, {"WARC-Target-URI", "http://example.com/u"}}, block: "?"},
		{fields: [][2]string{{"WARC-Type", "response"}, {"WARC-Record-ID", id()}, {"WARC-Date", date}, {"WARC-Target-URI", "dns:example.com"}, {"Content-Type", "text/dns"}}, block: "20261128120000\nexample.com. 300 IN A 93.184.216.34\n"},
		{fields: [][2]string{{"WARC-Type", "response"}, {"WARC-Record-ID", id()}, {"WARC-Date", date}, {"WARC-Target-URI", "http://example.com/empty"}}, block: ""},
		{fields: [][2]string{{"WARC-Type", "response"}, {"WARC-Record-ID", id()}, {"WARC-Date", date}, {"WARC-Target-URI", "http://example.com/nohttp"}, {"Content-Type", "text/html"}}, block: "<p>no status line</p>"},
		{fields: [][2]string{{"WARC-Type", "response"}, {"WARC-Record-ID", id()}, {"WARC-Date", date}}, block: http("HTTP/1.1 200 OK", []string{"Content-Type: text/html"}, "no target")},
	}
}

// posts: request bodies by the rules of both tools.
func posts() []rec {
	big := strings.Repeat("k=v&", 1200)
	type p struct {
		method, ctype, body string
		reqFirst            bool
		extra               []string
	}
	cases := []p{
		{"POST", "application/x-www-form-urlencoded", "a=1&b=two+words&c=%41%2B%26&d=é", true, nil},
		{"POST", "application/x-www-form-urlencoded; charset=UTF-8", "z=last&a=first&a=again", false, nil},
		{"PUT", "application/json", `{"b": 2, "a": "x y", "n": null, "t": true, "f": 1.5, "i": 10, "nested": {"a": 3, "list": [1, "two", {"a": 4}]}, "u": "é"}`, true, nil},
		{"POST", "application/json; charset=utf-8", `[{"id": 1}, {"id": 2}, {"id": 3}]`, true, nil},
		{"POST", "application/json", "{\"a\": 1}\n{\"b\": 2}", true, nil},
		{"POST", "application/json", "not json", true, nil},
		{"POST", "text/plain", `{"q": "search terms"}`, true, nil},
		{"POST", "text/plain;charset=UTF-8", "plain text body", true, nil},
		{"POST", "multipart/form-data; boundary=XyZ", "--XyZ\r\nContent-Disposition: form-data; name=\"field\"\r\n\r\nvalue one\r\n--XyZ\r\nContent-Disposition: form-data; name=\"other\"\r\n\r\n2\r\n--XyZ--\r\n", true, nil},
		{"POST", "multipart/form-data", "--XyZ\r\nContent-Disposition: form-data; name=\"field\"\r\n\r\nvalue\r\n--XyZ--\r\n", true, nil},
		{"POST", "application/octet-stream", "\x00\x01\x02binary\xff", true, nil},
		{"POST", "", "no type", true, nil},
		{"POST", "application/x-www-form-urlencoded", big, true, nil},
		{"post", "application/x-www-form-urlencoded", "lower=case", true, nil},
		{"GET", "", "", true, nil},
		{"DELETE", "application/x-www-form-urlencoded", "d=1", true, nil},
		{"POST", "application/x-www-form-urlencoded", "e=%E9%ZZ", true, nil},
		{"POST", "application/x-www-form-urlencoded", "x=\xe9t\xe9", true, nil},
		{"POST", "application/x-www-form-urlencoded", "5\r\nq=abc\r\n0\r\n\r\n", true, []string{"Transfer-Encoding: chunked"}},
		{"POST", "application/json", `{"a": [], "b": {}, "c": "", "d": 0, "e": false, "a": 2}`, true, nil},
		{"POST", "application/json", `{"k": 1, "k2": {"k": 2}, "k3": [{"k": 3}, {"k": 4}]}`, true, nil},
		{"POST", "application/x-www-form-urlencoded", "", true, nil},
		{"POST", "application/x-amf", "\x00\x03\x00\x00\x00\x01", true, nil},
	}
	var recs []rec
	for i, c := range cases {
		uri := fmt.Sprintf("https://example.com/post/%d", i)
		if i%4 == 3 {
			uri += "?have=query"
		}
		recs = append(recs, pair(uri, date, c.method, c.ctype, c.body, c.reqFirst, c.extra...)...)
	}
	// A request and a response that do not name each other, and one with
	// another URL.
	r := pair("https://example.com/unpaired", date, "POST", "application/x-www-form-urlencoded", "u=1", true)
	r[1].fields = r[1].fields[:len(r[1].fields)-1]
	recs = append(recs, r...)
	r = pair("https://example.com/other", date, "POST", "application/x-www-form-urlencoded", "o=1", true)
	r[1].fields[3][1] = "https://example.com/other2"
	recs = append(recs, r...)
	return recs
}

func gz(b []byte) string {
	var out bytes.Buffer
	w := gzip.NewWriter(&out)
	w.Write(b)
	w.Close()
	return out.String()
}

func plain(recs []rec) []byte {
	var b bytes.Buffer
	for _, r := range recs {
		b.Write(r.bytes())
	}
	return b.Bytes()
}

func gzipped(recs []rec) []byte {
	var b bytes.Buffer
	for _, r := range recs {
		b.WriteString(gz(r.bytes()))
	}
	return b.Bytes()
}

// arc returns an ARC file (version 1 and its header) of HTTP responses.
func arc(lf bool) []byte {
	var b bytes.Buffer
	filedesc := "filedesc://made.arc 0.0.0.0 20261128120000 text/plain "
	head := "1 0 mkwarc\nURL IP-address Archive-date Content-type Archive-length\n"
	fmt.Fprintf(&b, "%s%d\n%s\n", filedesc, len(head), head)
	add := func(uri, ip, date, ctype, block string) {
		fmt.Fprintf(&b, "%s %s %s %s %d\n%s\n", uri, ip, date, ctype, len(block), block)
	}
	for i, u := range []string{"http://www.example.com/", "http://example.com/a?b=1&a=2", "dns:example.com", "https://example.com/x y", "http://bücher.example/"} {
		body := page(i)
		hdr := "HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n\r\n"
		if lf {
			hdr = "HTTP/1.0 200 OK\nContent-Type: text/html\n\n"
		}
		add(u, "93.184.216.34", fmt.Sprintf("2026112812000%d", i), "text/html", hdr+body)
	}
	add("http://example.com/short-date", "93.184.216.34", "2026112812", "text/html", "HTTP/1.0 404 Not Found\r\n\r\n")
	add("http://example.com/bad-date", "93.184.216.34", "20261340999999", "text/html", "HTTP/1.0 200 OK\r\n\r\nx")
	return b.Bytes()
}

func main() {
	log.SetFlags(0)
	if len(os.Args) != 2 {
		log.Fatal("usage: mkwarc DIR")
	}
	dir := os.Args[1]
	write := func(name string, b []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			log.Fatal(err)
		}
	}
	k, f, t, p := keys(), fields(), types(), posts()
	write("made-keys.warc.gz", gzipped(k))
	write("made-keys.warc", plain(k))
	write("made-fields.warc.gz", gzipped(f))
	write("made-fields.warc", plain(f))
	write("made-types.warc.gz", gzipped(t))
	write("made-types.warc", plain(t))
	write("made-post.warc.gz", gzipped(p))
	write("made-post.warc", plain(p))
	write("made.arc", arc(false))
	write("made-lf.arc", arc(true))
	write("made.arc.gz", []byte(gz(arc(false))))

	// Broken files: each keeps a good record before the break.
	good := withDigest(response("http://example.com/good", date, "HTTP/1.1 200 OK", "text/html", page(0)), page(0))
	after := withDigest(response("http://example.com/after", date, "HTTP/1.1 200 OK", "text/html", page(1)), page(1))
	two := gzipped([]rec{good, after})
	write("bad-truncated.warc.gz", two[:len(gz(good.bytes()))+40])
	write("bad-truncated.warc", plain([]rec{good, after})[:len(good.bytes())+100])
	short := after
	short.fields = append(short.fields[:len(short.fields):len(short.fields)], [2]string{"Content-Length", fmt.Sprint(len(after.block) - 10)})
	long := after
	long.fields = append(long.fields[:len(long.fields):len(long.fields)], [2]string{"Content-Length", fmt.Sprint(len(after.block) + 10)})
	last := withDigest(response("http://example.com/last", date, "HTTP/1.1 200 OK", "text/html", page(2)), page(2))
	write("bad-length-short.warc", plain([]rec{good, short, last}))
	write("bad-length-long.warc", plain([]rec{good, long, last}))
	write("bad-length-short.warc.gz", gzipped([]rec{good, short, last}))
	write("bad-length-long.warc.gz", gzipped([]rec{good, long, last}))
	nan := after
	nan.fields = append(nan.fields[:len(nan.fields):len(nan.fields)], [2]string{"Content-Length", "ten"})
	write("bad-length-nan.warc.gz", gzipped([]rec{good, nan, last}))
	write("bad-trailing.warc.gz", append(gzipped([]rec{good, after}), "\r\n"...))
	write("bad-trailing.warc", append(plain([]rec{good, after}), "\r\n\r\n\r\n"...))
	write("bad-garbage.warc.gz", append(gzipped([]rec{good}), "garbage that is not gzip\n"...))
	write("bad-one-member.warc.gz", []byte(gz(plain([]rec{good, after, last}))))
	badURI := []rec{good, withDigest(response("http://[bad/", date, "HTTP/1.1 200 OK", "text/html", page(3)), page(3)),
		withDigest(response("https://exa mple.com/", date, "HTTP/1.1 200 OK", "text/html", page(4)), page(4)), last}
	write("bad-target.warc.gz", gzipped(badURI))
	badArc := arc(false)
	i := bytes.Index(badArc, []byte("http://example.com/a?b=1"))
	badArc = append(badArc[:i:i], append([]byte("http://example.com/a?b=1&a=2 93.184.216.34 not-a-length\n"), badArc[bytes.IndexByte(badArc[i:], '\n')+i+1:]...)...)
	write("bad-header.arc", badArc)
	write("bad-version.warc", bytes.Replace(plain([]rec{good, after}), []byte("WARC/1.0"), []byte("WARC/9.9"), 1))
	write("bad-notwarc.warc", []byte("this is not a WARC file\r\n\r\n"))
	write("empty.warc", nil)
	write("empty.warc.gz", []byte(gz(nil)))
}
