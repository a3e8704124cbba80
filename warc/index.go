package warc

import (
	"bufio"
	"crypto/sha1"
	"encoding/base32"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/weburl/weburl/canon"
)

// An IndexFormat is the format of an index: what a tool that writes one
// writes, byte for byte.
type IndexFormat string

const (
	// CDXJIndexer is CDXJ as cdxj-indexer 1.4.6 writes it, the indexer
	// of pywb and the Webrecorder tools: "urlkey timestamp {json}", the
	// key the SURT of the surt package (canon.SURT with CDXCompatible),
	// the JSON Python's (", " and ": " between its parts, every character
	// outside ASCII escaped), the digest with its "sha1:" and computed
	// where the record has none.
	CDXJIndexer IndexFormat = "cdxj-indexer"
	// CDX11 is the classic 11-field CDX of the Wayback Machine, as
	// cdxj-indexer -11 writes it: a " CDX N b a m s k r M S V g" line,
	// then "urlkey timestamp url mime status digest redirect meta length
	// offset filename", "-" for what a record has not.
	CDX11 IndexFormat = "cdx11"
	// Warcio is CDXJ as warcio.js 2.4.11 writes it (warcio cdx-index),
	// which ReplayWeb.page and the browser extensions of Webrecorder
	// read: compact JSON, the digest without its algorithm, POST and PUT
	// requests always appended to the key, and its own key, which is not
	// the surt package's (see the package documentation).
	Warcio IndexFormat = "warcio"
)

// IndexFormats are the formats an Indexer writes.
var IndexFormats = []IndexFormat{CDXJIndexer, CDX11, Warcio}

// IndexOptions are the options of an Indexer.
type IndexOptions struct {
	// PostAppend appends the method and the body of a POST or PUT request
	// to the key of the response it is paired with, as cdxj-indexer -p
	// does (warcio.js always does), and writes them to the JSON
	// ("method", "requestBody").
	PostAppend bool
	// Warn, if not nil, is called with what the Indexer reads past, as
	// the reference tool does: a record whose Content-Length is short, a
	// WARC-Target-URI the URL Standard does not parse.
	Warn func(*Error)
}

// An Indexer writes the index lines of archive files in one format.
type Indexer struct {
	format IndexFormat
	opts   IndexOptions
	jsLast *jsRecord // warcio.js's record held for its pair
	buf    []byte    // for the digests it computes, made once
}

// NewIndexer returns an Indexer of the format, or an error naming the
// formats if there is no such format.
func NewIndexer(format IndexFormat, opts IndexOptions) (*Indexer, error) {
	for _, f := range IndexFormats {
		if f == format {
			return &Indexer{format: format, opts: opts}, nil
		}
	}
	return nil, fmt.Errorf("warc: no index format %q (there are cdxj-indexer, cdx11 and warcio)", format)
}

// Index writes to w the index lines of the file r, whose name (its base
// name is the filename field) is name. The lines are in the order of
// the records; a sorted index is SortLines' work. An error reading r is
// an *Error that names the file and the offset; the lines of the records
// before it are written.
func (ix *Indexer) Index(w io.Writer, name string, r io.Reader) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	var err error
	if ix.format == Warcio {
		err = ix.indexJS(bw, filepath.Base(name), r)
	} else {
		err = ix.indexPy(bw, filepath.Base(name), r)
	}
	if ferr := bw.Flush(); err == nil {
		err = ferr
	}
	if e, ok := err.(*Error); ok && e.File == "" {
		e.File = name
	}
	return err
}

// A pyEntry is what cdxj-indexer knows of a record once it is read.
type pyEntry struct {
	rec     *Record
	fields  []pyField // url, mime, status, digest, length, offset, filename, as set
	ts, url string
	hasURL  bool
	include bool
	// The request's, for post-append.
	method, ctype, clen string
	hasCLen             bool
	body                []byte
	hasHTTP             bool
	// The response's, from its request.
	urlKey      string
	hasKey      bool
	reqBody     string
	hasReqBody  bool
	reqBodyNone bool
	postMethod  string
}

type pyField struct {
	name, value string
}

// maxBody bounds the request body kept for post-append; cdxj-indexer
// appends 4,096 characters of what it makes of it.
const maxBody = 4 << 20

func (ix *Indexer) indexPy(w *bufio.Writer, name string, r io.Reader) error {
	rd := NewReader(r)
	if rd.src != nil {
		defer rd.src.release()
	}
	rd.Warn = ix.opts.Warn
	if ix.format == CDX11 {
		w.WriteString(" CDX N b a m s k r M S V g\n")
	}
	var prev *pyEntry
	for {
		rec, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			if prev != nil {
				if werr := ix.writePy(w, prev, name); werr != nil {
					return werr
				}
			}
			return err
		}
		e, err := ix.pyRead(rec)
		if err != nil {
			return rd.fail(err)
		}
		if err := rec.Close(); err != nil {
			if prev != nil {
				ix.writePy(w, prev, name)
			}
			return err
		}
		if !ix.opts.PostAppend {
			if err := ix.writePy(w, e, name); err != nil {
				return err
			}
			continue
		}
		// cdxj-indexer -p holds each record until the next, to pair a
		// request with its response (bufferiter.py).
		if prev == nil || !pyConcurrent(prev, e) {
			if prev != nil {
				if err := ix.writePy(w, prev, name); err != nil {
					return err
				}
			}
			prev = e
			continue
		}
		req, resp := prev, e
		if prev.rec.Type() == "response" {
			req, resp = e, prev
		}
		pyJoin(req, resp)
		if err := ix.writePy(w, prev, name); err != nil {
			return err
		}
		if err := ix.writePy(w, e, name); err != nil {
			return err
		}
		prev = nil
	}
	if prev != nil {
		return ix.writePy(w, prev, name)
	}
	return nil
}

// pyConcurrent is bufferiter.concur_req_resp: a request and a response
// of one URI, the second naming the first in WARC-Concurrent-To.
func pyConcurrent(a, b *pyEntry) bool {
	ha, hb := a.rec.Header, b.rec.Header
	ua, oka := ha.Lookup("WARC-Target-URI")
	ub, okb := hb.Lookup("WARC-Target-URI")
	if ua != ub || oka != okb {
		return false
	}
	ca, oka := hb.Lookup("WARC-Concurrent-To")
	cb, okb := ha.Lookup("WARC-Record-ID")
	if ca != cb || oka != okb {
		return false
	}
	ta, tb := a.rec.Type(), b.rec.Type()
	return ta == "response" && tb == "request" || ta == "request" && tb == "response"
}

// pyJoin is bufferiter.join_req_resp with post_append.
func pyJoin(req, resp *pyEntry) {
	if !req.hasHTTP {
		return
	}
	m := strings.ToUpper(req.method)
	if m != "POST" && m != "PUT" {
		return
	}
	url := req.rec.TargetURI()
	var query string
	hasQuery := true
	if req.method == "POST" || req.method == "PUT" {
		query, hasQuery = pyPostQuery(req.ctype, req.clen, req.hasCLen, req.body)
	} else {
		query = ""
	}
	appendStr := "&"
	if !strings.Contains(url, "?") {
		appendStr = "?"
	}
	appendStr += "__wb_method=" + req.method
	if hasQuery && query != "" {
		appendStr += "&" + query
	}
	resp.postMethod = m
	resp.reqBody, resp.hasReqBody, resp.reqBodyNone = query, true, !hasQuery
	resp.urlKey, resp.hasKey = pySURT(url+appendStr), true
	req.urlKey, req.hasKey = resp.urlKey, true
}

// pySURT is cdxj-indexer's get_url_key: surt.surt, or the URL as it is
// where surt raises.
func pySURT(url string) string {
	key, err := canon.SURT(url, canon.SURTOptions{CDXCompatible: true})
	if err != nil {
		return url
	}
	return key
}

// pyRead reads what cdxj-indexer writes of a record, before it is closed.
func (ix *Indexer) pyRead(rec *Record) (*pyEntry, error) {
	e := &pyEntry{rec: rec}
	typ := rec.Type()
	switch typ {
	case "response", "revisit", "resource", "metadata":
		e.include = !((typ == "resource" || typ == "metadata") && rec.Header.Get("Content-Type") == "application/warc-fields")
	}
	if rec.HTTP != nil && typ == "request" {
		e.hasHTTP = true
		e.method = rec.HTTP.Protocol
		e.ctype = rec.HTTP.Header.Get("Content-Type")
		e.clen, e.hasCLen = rec.HTTP.Header.Lookup("Content-Length")
	}
	if ix.opts.PostAppend {
		// cdxj-indexer -p reads every record's content first, so that a
		// digest it computes is the digest of nothing.
		if typ == "request" && e.hasHTTP {
			b, err := io.ReadAll(io.LimitReader(rec.Content(), maxBody))
			if err != nil {
				return nil, err
			}
			e.body = b
		}
		if _, err := io.Copy(io.Discard, rec.Payload()); err != nil {
			return nil, err
		}
	}
	if !e.include {
		return e, nil
	}
	url, hasURL := rec.Header.Lookup("WARC-Target-URI")
	if !hasURL {
		return nil, &Error{Offset: rec.Offset, Err: fmt.Errorf("a %s record without a WARC-Target-URI", typ)}
	}
	e.url, e.hasURL = url, true
	e.fields = append(e.fields, pyField{"url", url})
	// mime
	var mime string
	hasMime := false
	switch typ {
	case "revisit":
		mime, hasMime = "warc/revisit", true
	case "response", "request":
		if rec.HTTP != nil {
			mime, hasMime = rec.HTTP.Header.Lookup("Content-Type")
		}
	default:
		mime, hasMime = rec.Header.Lookup("Content-Type")
	}
	if hasMime {
		if mime != "" {
			if i := strings.IndexAny(mime, "; \t\n\r\v\f"); i >= 0 {
				mime = mime[:i]
			}
			mime = pyStrip(mime)
		}
		e.fields = append(e.fields, pyField{"mime", mime})
	}
	if (typ == "response" || typ == "revisit") && rec.HTTP != nil {
		e.fields = append(e.fields, pyField{"status", rec.HTTP.StatusCode()})
	}
	digest, hasDigest := rec.Header.Lookup("WARC-Payload-Digest")
	if !hasDigest && typ != "revisit" {
		h := sha1.New()
		if ix.buf == nil {
			ix.buf = make([]byte, 32<<10) // io.Copy's size, which it made for every copy
		}
		if _, err := io.CopyBuffer(h, rec.Payload(), ix.buf); err != nil {
			return nil, err
		}
		digest, hasDigest = "sha1:"+base32.StdEncoding.EncodeToString(h.Sum(nil)), true
	}
	if hasDigest {
		e.fields = append(e.fields, pyField{"digest", digest})
	}
	ts, err := isoDateToTimestamp(rec.Date())
	if err != nil {
		return nil, &Error{Offset: rec.Offset, Err: err}
	}
	e.ts = ts
	return e, nil
}

// writePy writes an entry's line, if cdxj-indexer writes one.
func (ix *Indexer) writePy(w *bufio.Writer, e *pyEntry, name string) error {
	if !e.include {
		return nil
	}
	url := e.url
	key := e.urlKey
	if !e.hasKey {
		key = pySURT(url)
	}
	if ix.opts.Warn != nil {
		warnURL(ix.opts.Warn, e.rec, url)
	}
	fields := append(e.fields,
		pyField{"length", fmt.Sprint(e.rec.Length)},
		pyField{"offset", fmt.Sprint(e.rec.Offset)},
		pyField{"filename", name})
	var b []byte
	if ix.format == CDX11 {
		get := func(n string) string {
			for _, f := range fields {
				if f.name == n {
					if n == "digest" {
						return f.value[strings.LastIndexByte(f.value, ':')+1:]
					}
					return f.value
				}
			}
			return "-"
		}
		b = append(b, key...)
		b = append(b, ' ')
		b = append(b, e.ts...)
		for _, n := range []string{"url", "mime", "status", "digest", "redirect", "meta", "length", "offset", "filename"} {
			b = append(b, ' ')
			b = append(b, get(n)...)
		}
		b = append(b, '\n')
		_, err := w.Write(b)
		return err
	}
	b = append(b, key...)
	b = append(b, ' ')
	b = append(b, e.ts...)
	b = append(b, " {"...)
	for i, f := range fields {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = appendPyJSON(b, f.name)
		b = append(b, ": "...)
		b = appendPyJSON(b, f.value)
	}
	if e.hasReqBody {
		b = append(b, `, "requestBody": `...)
		if e.reqBodyNone {
			b = append(b, "null"...)
		} else {
			b = appendPyJSON(b, e.reqBody)
		}
		b = append(b, `, "method": `...)
		b = appendPyJSON(b, e.postMethod)
	}
	b = append(b, "}\n"...)
	_, err := w.Write(b)
	return err
}
