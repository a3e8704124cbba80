package warc

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"math"
	"regexp"
	"sort"
	"strings"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/ascii"
)

// This file writes the index of warcio.js 2.4.11 (warcio cdx-index),
// reading a file as its WARCParser does: a record's header up to the
// first CRLFCRLF whatever its first line is (an ARC file is read as one
// WARC record), fields as the Fetch Standard's Headers keeps them, the
// HTTP header of a response or request read whatever the record's type
// of block, and the offsets it computes.

// jsHeaders are header fields as a Headers object holds them: names in
// lower case, values joined with ", " by get.
type jsHeaders []Field

func (h jsHeaders) get(name string) (string, bool) {
	name = strings.ToLower(name)
	var vals []string
	for _, f := range h {
		if f.Name == name {
			vals = append(vals, f.Value)
		}
	}
	if vals == nil {
		return "", false
	}
	return strings.Join(vals, ", "), true
}

func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if ascii.IsAlphanumeric(c) || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0 {
			continue
		}
		return false
	}
	return true
}

// appendHeader is StatusAndHeadersParser.setHeader: Headers.append, and
// where that throws, once more with the value's UTF-8 bytes as
// characters; a field that still throws is dropped.
func (h *jsHeaders) append(name, value string) {
	for _, v := range []string{value, latin1OfUTF8(value)} {
		v = strings.Trim(v, " \t\r\n")
		if !isToken(name) || strings.ContainsAny(v, "\x00\r\n") || !latin1(v) {
			continue
		}
		*h = append(*h, Field{strings.ToLower(name), v})
		return
	}
}

func latin1(s string) bool {
	for _, r := range s {
		if r > 0xff {
			return false
		}
	}
	return true
}

// parseJSHeaders parses a header block as warcio.js does.
func parseJSHeaders(text string) jsHeaders {
	var h jsHeaders
	start := 0
	var name string
	var value string
	var folded folding
	hasValue := false
	add := func() {
		if hasValue && value != "" {
			h.append(name, folded.value(value))
		}
	}
	for start < len(text) {
		valueEnd := strings.IndexByte(text[start:], '\n')
		if valueEnd >= 0 {
			valueEnd += start
		}
		lineEnd := valueEnd
		if lineEnd < 0 {
			lineEnd = len(text)
		}
		if hasValue && value != "" && (text[start] == ' ' || text[start] == '\t') {
			folded.add(value, jsTrimEnd(text[start:lineEnd]))
		} else {
			add()
			hasValue = false
			// The ":" is looked for in the line: warcio.js looks in the
			// rest of the block and takes it only before the line's end.
			if nameEnd := strings.IndexByte(text[start:lineEnd], ':'); nameEnd >= 0 && valueEnd >= 0 {
				nameEnd += start
				name = jsTrimStart(text[start:nameEnd])
				value, hasValue = jsTrim(text[nameEnd+1:lineEnd]), true
			}
		}
		if valueEnd < 0 {
			break
		}
		start = valueEnd + 1
	}
	add()
	return h
}

// dateSeparators removes the "-", ":" and "T" of a WARC-Date, as
// warcio.js's timestamp does; built once, not for each record.
var dateSeparators = strings.NewReplacer("-", "", ":", "", "T", "")

// A jsRecord is what warcio.js's indexer keeps of a record.
type jsRecord struct {
	offset, length int64 // in plain files
	member         int   // in gzip files: the member its block ends in,
	prevMember     int   // and the one the record before it ended in (-1 for none)
	start          int64 // where its header starts, for errors
	warc           jsHeaders
	http           *jsHTTP
	payload        []byte // a request's, for post-append
}

type jsHTTP struct {
	statusline string
	headers    jsHeaders
}

func (r *jsRecord) get(name string) (string, bool) { return r.warc.get(name) }

func (r *jsRecord) typ() (string, bool) { return r.get("WARC-Type") }

// targetURI is warcTargetURI, after fixUp took off the <> of wget.
func (r *jsRecord) targetURI() (string, bool) { return r.get("WARC-Target-URI") }

// A jsReader reads records as WARCParser.
type jsReader struct {
	s      *source
	offset int64
	spans  [][2]int64 // the members' first and last offsets
	warn   func(*Error)
}

func (rd *jsReader) member() int { return rd.s.members - 1 }

// jsLine reads a line of the data, across gzip members.
func (rd *jsReader) readLine() ([]byte, error) {
	line, err := rd.s.readLine()
	if err != nil || line != nil {
		return line, err
	}
	if !rd.s.gz {
		return nil, nil
	}
	if ok, err := rd.nextMember(); !ok || err != nil {
		return nil, err
	}
	return rd.readLine()
}

func (rd *jsReader) nextMember() (bool, error) {
	if rd.s.err != nil {
		return false, rd.s.err
	}
	rd.spans = append(rd.spans, [2]int64{rd.s.memberStart, rd.s.memberEnd})
	return rd.s.nextMember()
}

// readToDoubleCRLF reads up to and with the first CRLFCRLF, or to the end,
// of the header of the record that starts at start.
func (rd *jsReader) readToDoubleCRLF(start int64) ([]byte, error) {
	var b []byte
	for {
		line, err := rd.readLine()
		if err != nil {
			return nil, err
		}
		if line == nil {
			return b, nil
		}
		b = append(b, line...)
		if len(b) > maxHeader {
			return nil, &formatError{offset: start, msg: errHeaderTooLong.Error()}
		}
		if bytes.HasSuffix(b, []byte("\r\n\r\n")) {
			return b, nil
		}
	}
}

// skip consumes n bytes of the data, across gzip members, and returns
// how many there were; keep, if not nil, gets up to maxBody of them.
func (rd *jsReader) skip(n float64, keep *[]byte) (int64, error) {
	var total int64
	for math.IsNaN(n) || float64(total) < n {
		want := int64(1 << 62)
		if !math.IsNaN(n) {
			want = int64(n) - total
		}
		b, err := rd.s.next(want)
		if err == io.EOF {
			if !rd.s.gz {
				return total, nil
			}
			if ok, err := rd.nextMember(); !ok || err != nil {
				return total, err
			}
			continue
		}
		if err != nil {
			return total, err
		}
		if keep != nil && len(*keep) < maxBody {
			*keep = append(*keep, b[:min(len(b), maxBody-len(*keep))]...)
		}
		total += int64(len(b))
	}
	return total, nil
}

// readToNextRecord is WARCParser.readToNextRecord: what follows a
// record's block, up to the next record's first line.
func (rd *jsReader) readToNextRecord(prev *jsRecord) ([]byte, error) {
	line, err := rd.readLine()
	if err != nil {
		return nil, err
	}
	if line != nil {
		n := len(line) - 1
		if n == 9 && strings.HasPrefix(decodeReplace(line), "WARC/") {
			return line, nil
		}
		for n > 0 && (line[n-1] == '\n' || line[n-1] == '\r') {
			n--
		}
		if n > 0 && rd.warn != nil {
			off := rd.s.offset() - int64(len(line))
			if rd.s.gz {
				off = rd.s.memberStart
			}
			rd.warn(&Error{Offset: off, Err: fmt.Errorf("the record is not followed by an empty line but by %d bytes (its Content-Length may be short)", n)})
		}
	}
	if rd.s.gz {
		if _, err := rd.skip(2, nil); err != nil {
			return nil, err
		}
		return nil, nil
	}
	line, err = rd.readLine()
	for err == nil && len(line) == 2 {
		line, err = rd.readLine()
	}
	if err != nil {
		return nil, err
	}
	line = append([]byte(nil), line...)
	rd.offset = rd.s.offset() - int64(len(line))
	return line, nil
}

// next reads a record: nil at the end, where warcio.js stops.
func (rd *jsReader) next(prev *jsRecord) (*jsRecord, error) {
	var first []byte
	if prev != nil {
		var err error
		if first, err = rd.readToNextRecord(prev); err != nil {
			return nil, err
		}
	}
	start := rd.offset
	if rd.s.gz {
		start = rd.s.memberStart
	}
	if len(first) == 0 {
		var err error
		if first, err = rd.readLine(); err != nil {
			return nil, err
		}
		if rd.s.gz {
			start = rd.s.memberStart
		}
	}
	status := jsTrimEnd(decodeReplace(first))
	if status == "" {
		// warcio.js stops here; a file that goes on is reported.
		if err := rd.onlyWhitespace(); err != nil {
			return nil, err
		}
		return nil, nil
	}
	block, err := rd.readToDoubleCRLF(start)
	if err != nil {
		return nil, err
	}
	rec := &jsRecord{offset: rd.offset, start: start, prevMember: -1, warc: parseJSHeaders(decodeReplace(block))}
	if prev != nil {
		rec.prevMember = prev.member
	}
	if uri, ok := rec.targetURI(); ok && strings.HasPrefix(uri, "<") && strings.HasSuffix(uri, ">") {
		for i := range rec.warc {
			if rec.warc[i].Name == "warc-target-uri" {
				rec.warc[i].Value = uri[1 : len(uri)-1]
			}
		}
		// Headers.set keeps one field where there were several.
		var h jsHeaders
		seen := false
		for _, f := range rec.warc {
			if f.Name == "warc-target-uri" {
				if seen {
					continue
				}
				seen = true
			}
			h = append(h, f)
		}
		rec.warc = h
	}
	headersEnd := rd.s.offset()
	clText, _ := rec.get("Content-Length")
	if clText == "" {
		clText = "0"
	}
	limit := jsNumber(clText)
	typ, _ := rec.typ()
	parseHTTP := typ == "response" || typ == "request"
	if typ == "revisit" {
		cl, _ := rec.get("Content-Length")
		parseHTTP = jsNumber(cl) > 0 // Number(null) is 0
	}
	if parseHTTP {
		h, n, err := rd.readHTTP(rec.start)
		if err != nil {
			return nil, err
		}
		rec.http = h
		if rd.s.gz {
			// Offsets in a gzip member's data are the member's own.
			n = rd.s.offset() - headersEnd
			if n < 0 {
				n = 0
			}
		}
		limit = jsNumber(clText) - float64(n)
		if clText != "0" && math.IsNaN(jsNumber(clText)) {
			limit = math.NaN()
		}
	}
	var keep *[]byte
	if typ == "request" {
		rec.payload = []byte{}
		keep = &rec.payload
	}
	if math.IsNaN(limit) || limit > 0 {
		if _, err := rd.skip(limit, keep); err != nil {
			return nil, err
		}
	}
	rec.member = rd.member()
	rec.length = rd.s.offset() - rec.offset
	return rec, nil
}

// readHTTP reads an HTTP header from the data of the record that starts
// at start, and how many bytes it took.
func (rd *jsReader) readHTTP(start int64) (*jsHTTP, int64, error) {
	before := rd.s.offset()
	line, err := rd.readLine()
	if err != nil {
		return nil, 0, err
	}
	status := jsTrimEnd(decodeReplace(line))
	if status == "" {
		return nil, int64(len(line)), nil
	}
	block, err := rd.readToDoubleCRLF(start)
	if err != nil {
		return nil, 0, err
	}
	return &jsHTTP{statusline: status, headers: parseJSHeaders(decodeReplace(block))}, rd.s.offset() - before, nil
}

// onlyWhitespace reports an error unless the rest of the file is
// whitespace: warcio.js stops at an empty line, and what follows would
// be lost without a word.
func (rd *jsReader) onlyWhitespace() error {
	for {
		line, err := rd.readLine()
		if err != nil {
			return err
		}
		if line == nil {
			return nil
		}
		if strings.TrimSpace(string(line)) != "" {
			off := rd.s.offset() - int64(len(line))
			if rd.s.gz {
				off = rd.s.memberStart
			}
			return &Error{Offset: off, Err: fmt.Errorf("warcio.js stops reading at the empty line before this: the records from here on are not in its index")}
		}
	}
}

func (ix *Indexer) indexJS(w *bufio.Writer, name string, r io.Reader) error {
	s, err := newSource(r)
	if err != nil {
		return asError(err)
	}
	defer s.release()
	rd := &jsReader{s: s, warn: ix.opts.Warn}
	ix.jsLast = nil
	// A record of a gzip file is written once the members its offset and
	// length are of have ended.
	resolved := func(p *jsRecord) bool { return !s.gz || p.member < len(rd.spans) }
	var prev *jsRecord
	var pending []*jsRecord
	var rerr error
	for {
		rec, err := rd.next(prev)
		if err != nil {
			rerr = err
			break
		}
		if rec == nil {
			break
		}
		prev = rec
		pending = append(pending, rec)
		for len(pending) > 0 && resolved(pending[0]) {
			if err := ix.pairJS(w, pending[0], rd, name); err != nil {
				return err
			}
			pending = pending[1:]
		}
	}
	if rerr == nil && s.gz && s.eof && len(rd.spans) < s.members {
		rd.spans = append(rd.spans, [2]int64{s.memberStart, s.memberEnd})
	}
	for _, p := range pending {
		if !resolved(p) {
			break
		}
		if err := ix.pairJS(w, p, rd, name); err != nil {
			return err
		}
	}
	if err := ix.pairJS(w, nil, rd, name); err != nil {
		return err
	}
	switch e := rerr.(type) {
	case nil:
		return nil
	case *Error:
		return e
	case *formatError:
		return &Error{Offset: e.offset, Err: e}
	}
	return &Error{Offset: rd.offset, Err: rerr}
}

// pairJS is CDXIndexer.indexRecord: each record held until the next, a
// request and a response (or revisit) of one URI next to each other
// indexed as a pair.
func (ix *Indexer) pairJS(w *bufio.Writer, rec *jsRecord, rd *jsReader, name string) error {
	last := ix.jsLast
	ix.jsLast = rec
	if last == nil {
		return nil
	}
	lastURI, lok := last.targetURI()
	var uri string
	var ok bool
	if rec != nil {
		uri, ok = rec.targetURI()
	}
	if rec == nil || lok != ok || lastURI != uri {
		return ix.writeJSPair(w, last, nil, rd, name)
	}
	t, _ := rec.typ()
	lt, _ := last.typ()
	switch {
	case t == "request" && (lt == "response" || lt == "revisit"):
		ix.jsLast = nil
		return ix.writeJSPair(w, last, rec, rd, name)
	case (t == "response" || t == "revisit") && lt == "request":
		ix.jsLast = nil
		return ix.writeJSPair(w, rec, last, rd, name)
	}
	return ix.writeJSPair(w, last, nil, rd, name)
}

func (ix *Indexer) writeJSPair(w *bufio.Writer, rec, req *jsRecord, rd *jsReader, name string) error {
	typ, _ := rec.typ()
	switch typ {
	case "request", "warcinfo":
		return nil
	case "metadata", "resource":
		if ct, _ := rec.get("Content-Type"); ct == "application/warc-fields" {
			return nil
		}
	}
	url, hasURL := rec.targetURI()
	keyURL := url
	var method, body string
	if req != nil && req.http != nil {
		m, _, _ := strings.Cut(req.http.statusline, " ")
		if m != "GET" {
			method = m
			var query string
			query, keyURL = jsPostToGet(url, m, req)
			body = query
		}
	}
	offset, length := rec.offset, rec.length
	if rd.s.gz {
		// The length is the member's the block ends in; the offset,
		// where the member the record before ended in ends.
		span := rd.spans[rec.member]
		length, offset = span[1]-span[0], 0
		if rec.prevMember >= 0 {
			offset = rd.spans[rec.prevMember][1]
		}
	}
	// urlkey, timestamp
	var key string
	switch {
	case keyURL != "":
		key = jsSURT(keyURL)
	case hasURL:
		key = jsSURT(url)
	default:
		key = "undefined"
	}
	date, _ := rec.get("WARC-Date")
	ts := dateSeparators.Replace(date)
	ts = jsSlice(ts, 14)
	b := make([]byte, 0, 256)
	b = append(b, key...)
	b = append(b, ' ')
	b = append(b, ts...)
	b = append(b, ' ', '{')
	n := 0
	field := func(k, v string) {
		if n > 0 {
			b = append(b, ',')
		}
		n++
		b = appendJSJSON(b, k)
		b = append(b, ':')
		b = appendJSJSON(b, v)
	}
	if hasURL {
		field("url", url)
	}
	switch typ {
	case "revisit":
		field("mime", "warc/revisit")
	case "response", "request":
		if rec.http != nil {
			if ct, ok := rec.http.headers.get("content-type"); ok && ct != "" {
				mt, _, _ := strings.Cut(ct, ";")
				field("mime", jsTrim(mt))
			}
		}
	default:
		if ct, ok := rec.get("Content-Type"); ok {
			field("mime", ct)
		}
	}
	if rec.http != nil && (typ == "response" || typ == "revisit") {
		parts := strings.Split(rec.http.statusline, " ")
		if len(parts) > 1 {
			field("status", jsNumberString(jsNumber(parts[1])))
		} else {
			field("status", "")
		}
	}
	if d, ok := rec.get("WARC-Payload-Digest"); ok && d != "" {
		if parts := strings.SplitN(d, ":", 3); len(parts) > 1 {
			field("digest", parts[1])
		}
	}
	field("length", fmt.Sprint(length))
	field("offset", fmt.Sprint(offset))
	field("filename", name)
	if method != "" {
		field("method", method)
	}
	if body != "" {
		field("requestBody", body)
	}
	b = append(b, "}\n"...)
	if ix.opts.Warn != nil && hasURL {
		warnURL(ix.opts.Warn, &Record{Offset: offset}, url)
	}
	_, err := w.Write(b)
	return err
}

// jsPostToGet is postToGetUrl: the request's body as a query, and the
// URL with "__wb_method=" and it appended.
func jsPostToGet(url, method string, req *jsRecord) (query, newURL string) {
	ct, _ := req.http.headers.get("content-type")
	mime, _, _ := strings.Cut(ct, ";")
	body := req.payload
	switch mime {
	case "application/x-www-form-urlencoded":
		query = decodeReplace(body)
	case "application/json":
		query = jsJSONQuery(decodeReplace(body))
	case "text/plain":
		query = jsJSONQuery(decodeReplace(body))
	case "multipart/form-data":
		query = jsMultipartQuery(decodeReplace(body), ct)
	default:
		query = "__wb_post_data=" + base64.StdEncoding.EncodeToString(body)
	}
	if jsLength(query) > maxQueryLength {
		query = jsSlice(query, maxQueryLength)
	}
	decoded, ok := jsDecodeURI(query)
	if !ok {
		decoded = ""
	}
	if method == "" {
		return query, url
	}
	sep := "?"
	if strings.Index(url, "?") > 0 {
		sep = "&"
	}
	return query, url + sep + "__wb_method=" + method + "&" + decoded
}

// jsJSONQuery is jsonToQueryString: every scalar under its name, as
// URLSearchParams.set writes it; a name met again gets ".2_", ".3_"...
func jsJSONQuery(s string) string {
	v, ok := jsParse(s)
	if !ok {
		return ""
	}
	q := weburl.ParseSearchParams("")
	dupes := map[string]int{}
	getKey := func(k string) string {
		if !q.Has(k) {
			return k
		}
		if _, ok := dupes[k]; !ok {
			dupes[k] = 1
		}
		dupes[k]++
		return fmt.Sprintf("%s.%d_", k, dupes[k])
	}
	var walk func(v any, key string, depth int)
	walk = func(v any, key string, depth int) {
		if depth > 10000 {
			return
		}
		value := ""
		switch v := v.(type) {
		case nil:
			value = "null"
		case *jsObject:
			for _, k := range v.entries() {
				walk(v.values[k], k, depth+1)
			}
		case []any:
			for _, e := range v {
				walk(e, key, depth+1)
			}
		case string:
			value = v
		case float64:
			value = jsNumberString(v)
		case bool:
			value = fmt.Sprint(v)
		}
		if value != "" {
			q.Set(getKey(key), value)
		}
	}
	walk(v, "", 0)
	return q.String()
}

var nameValue = regexp.MustCompile(`(?is)name="([^"]+)"\r\n\r\n([^\n\r\x{2028}\x{2029}]*)`)

// jsMultipartQuery is mfdToQueryString: the parts split at the boundary
// (with the dashes around it, in any case), each part's name and the
// first line of its value.
func jsMultipartQuery(body, contentType string) string {
	params := weburl.ParseSearchParams("")
	parts := strings.SplitN(contentType, "boundary=", 3)
	boundary := "undefined"
	if len(parts) > 1 {
		boundary = parts[1]
	}
	split, err := regexp.Compile("(?i)-*" + regexp.QuoteMeta(boundary) + "-*")
	if err != nil {
		return ""
	}
	for _, part := range split.Split(body, -1) {
		m := nameValue.FindStringSubmatch(jsTrim(part))
		if m != nil {
			params.Set(m[1], m[2])
		}
	}
	return params.String()
}

// jsSURT is warcio.js's getSurt: for http: and https: URLs only, "www"
// and digits cut from the host, the URL in lower case and parsed by the
// URL Standard, the host's labels reversed and joined with ",", the
// port, ")", the path, and the query's parts split at "&" and sorted.
// Where the URL does not parse, the URL (without its "www.").
func jsSURT(url string) string {
	if !strings.HasPrefix(url, "https:") && !strings.HasPrefix(url, "http:") {
		return url
	}
	url = stripWWW(url)
	u, err := weburl.Parse(jsToLower(url))
	if err != nil {
		return url
	}
	labels := strings.Split(u.Hostname(), ".")
	for i, j := 0, len(labels)-1; i < j; i, j = i+1, j-1 {
		labels[i], labels[j] = labels[j], labels[i]
	}
	key := strings.Join(labels, ",")
	if p := u.Port(); p != "" {
		key += ":" + p
	}
	key += ")" + u.Pathname()
	if search := u.Search(); search != "" {
		args := strings.Split(search[1:], "&")
		sort.Strings(args)
		key += "?" + strings.Join(args, "&")
	}
	return key
}

// stripWWW is url.replace(/^(https?:\/\/)www\d*\./, "$1").
func stripWWW(url string) string {
	prefix := ""
	switch {
	case strings.HasPrefix(url, "http://"):
		prefix = "http://"
	case strings.HasPrefix(url, "https://"):
		prefix = "https://"
	default:
		return url
	}
	rest := url[len(prefix):]
	if !strings.HasPrefix(rest, "www") {
		return url
	}
	i := 3
	for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
		i++
	}
	if i < len(rest) && rest[i] == '.' {
		return prefix + rest[i+1:]
	}
	return url
}
