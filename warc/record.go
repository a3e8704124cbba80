package warc

import (
	"crypto/rand"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Format is the format of an archive file's record.
type Format uint8

const (
	// WARC is ISO 28500's format (WARC/0.17 to WARC/1.1).
	WARC Format = iota + 1
	// ARC is the Internet Archive's format before WARC (version 1).
	ARC
)

func (f Format) String() string {
	switch f {
	case WARC:
		return "warc"
	case ARC:
		return "arc"
	}
	return "Format(" + strconv.Itoa(int(f)) + ")"
}

var warcVersions = []string{"WARC/1.1", "WARC/1.0", "WARC/0.17", "WARC/0.18"}

// A Reader reads the records of a WARC or ARC file, compressed with gzip
// one record per member or not compressed, as warcio (Python) 1.8 reads
// them for cdxj-indexer and pywb: an ARC record's header is given as the
// WARC fields warcio makes of it, and the HTTP header of a response,
// request or revisit of an http: or https: URI is parsed.
type Reader struct {
	src      *source
	nextLine []byte // the first line of the next record, read to find the end of the one before
	offset   int64  // where the next record starts, in a file not compressed
	cur      *Record
	err      error

	// Warn, if not nil, is called with what the Reader reads past: a
	// record not followed by an empty line (its Content-Length may be
	// short), a block that ends before its Content-Length where its gzip
	// member does.
	Warn func(*Error)
}

// NewReader returns a Reader of r, which must start at the file's first
// byte for the offsets to be the file's.
func NewReader(r io.Reader) *Reader {
	rd := &Reader{}
	var err error
	if rd.src, err = newSource(r); err != nil {
		rd.err = asError(err)
	}
	return rd
}

// A Record is a record of a WARC or ARC file.
type Record struct {
	// Offset is where the record starts in the file: its gzip member's
	// first byte, or its first line's.
	Offset int64
	// Length is how many bytes of the file the record takes: its gzip
	// member, or its header and block without the empty lines after
	// them. It is known once the record is closed (Close, or the
	// Reader's next Next).
	Length int64
	// Format is the file format the record was read as.
	Format Format
	// Version is a WARC record's version ("WARC/1.0"), in upper case.
	Version string
	// Header holds the WARC named fields; an ARC record's are those
	// warcio makes of its header line: WARC-Type ("response", or
	// "warcinfo" for the file's first record), WARC-Record-ID (made up),
	// WARC-Target-URI, WARC-IP-Address, WARC-Date, Content-Type
	// ("application/http;msgtype=response") and Content-Length.
	Header Header
	// HTTP is the archived HTTP message's header, for a response,
	// request or revisit record of an http: or https: URI with a block.
	HTTP *HTTPHeader

	block   limited
	short   int64 // how many bytes the block lacked of its length
	closed  bool
	r       *Reader
	payload *payloadReader
}

// Type returns the record's WARC-Type.
func (r *Record) Type() string { return r.Header.Get("WARC-Type") }

// TargetURI returns the record's WARC-Target-URI as warcio reads it: a
// value written "<...>" (as wget 1.19 to 1.20 did, following a draft of
// WARC 1.0) without the brackets, and its spaces written %20.
func (r *Record) TargetURI() string { return r.Header.Get("WARC-Target-URI") }

// Date returns the record's WARC-Date.
func (r *Record) Date() string { return r.Header.Get("WARC-Date") }

// Payload returns a reader of the record's payload as archived: the block
// after the HTTP header where there is one, the block otherwise (still
// chunked, still compressed, if the server sent it so). Content reads it
// decoded. What is read of either is not there for the other.
func (r *Record) Payload() io.Reader {
	if r.payload == nil {
		r.payload = &payloadReader{rec: r}
	}
	return r.payload
}

type payloadReader struct{ rec *Record }

func (p *payloadReader) Read(b []byte) (int, error) {
	if p.rec.closed {
		return 0, io.EOF
	}
	n, err := p.rec.block.Read(b)
	if err != nil && err != io.EOF {
		return n, p.rec.r.fail(err)
	}
	return n, err
}

// Next returns the next record, after closing the one before; io.EOF
// after the last. Any other error is an *Error, which names the offset
// at which the file stopped being readable; the records before it were
// read whole.
func (rd *Reader) Next() (*Record, error) {
	if rd.err != nil {
		return nil, rd.err
	}
	if rd.cur != nil && !rd.cur.closed {
		if err := rd.cur.Close(); err != nil {
			return nil, err
		}
	}
	rd.cur = nil
	for {
		rec, err := rd.readRecord()
		if err != nil {
			return nil, rd.fail(err)
		}
		if rec != nil {
			rd.cur = rec
			return rec, nil
		}
	}
}

// fail keeps the reader's first error, made an *Error.
func (rd *Reader) fail(err error) error {
	if rd.err != nil {
		return rd.err
	}
	if err == io.EOF {
		rd.err = io.EOF
		return err
	}
	e, ok := err.(*Error)
	if !ok {
		e = &Error{Offset: rd.recordStart(), Err: err}
		if f, ok := err.(*formatError); ok {
			e.Offset, e.Err = f.offset, f
		}
	}
	rd.err = e
	return e
}

func (rd *Reader) recordStart() int64 {
	if rd.src.gz {
		return rd.src.memberStart
	}
	return rd.offset
}

// readRecord reads a record's header; nil where a gzip member held
// nothing but empty lines.
func (rd *Reader) readRecord() (*Record, error) {
	s := rd.src
	if s.gz && !s.fill() {
		if s.err != nil {
			return nil, s.err
		}
		more, err := s.nextMember()
		if err != nil {
			return nil, err
		}
		if !more {
			return nil, io.EOF
		}
	}
	start := rd.recordStart()
	first := rd.nextLine
	rd.nextLine = nil
	if first == nil {
		// Empty lines before a record, which warcio reads as an empty
		// record, are skipped.
		for {
			line, err := s.readLine()
			if err != nil {
				return nil, err
			}
			if line == nil {
				if s.gz && s.eof {
					return nil, nil
				}
				return nil, io.EOF
			}
			if pyRStrip(decodeLine(line)) != "" {
				first = append([]byte(nil), line...)
				break
			}
			if !s.gz {
				rd.offset = s.offset()
				start = rd.offset
			}
		}
	}
	rec := &Record{Offset: start, r: rd}
	hdr, _, ok, err := parseHeader(s.readLine, first, warcVersions)
	if err != nil {
		return nil, rd.cut(err, start)
	}
	var length int64 = -1
	if ok {
		rec.Format, rec.Version, rec.Header = WARC, hdr.Protocol, hdr.Header
		if lenText, has := rec.Header.Lookup("Content-Length"); has {
			length = rd.length(start, lenText, 0)
		} else if !s.gz {
			return nil, &Error{Offset: start, Err: fmt.Errorf("a WARC record without a Content-Length")}
		}
	} else {
		if length, err = rd.readARC(rec, first); err != nil {
			return nil, err
		}
	}
	if uri, has := rec.Header.Lookup("WARC-Target-URI"); has {
		if strings.HasPrefix(uri, "<") && strings.HasSuffix(uri, ">") && len(uri) >= 2 {
			uri = uri[1 : len(uri)-1]
			rec.Header.set("WARC-Target-URI", uri)
		}
		if strings.Contains(uri, " ") {
			rec.Header.set("WARC-Target-URI", strings.ReplaceAll(uri, " ", "%20"))
		}
	}
	rec.block = limited{s: s, n: length}
	if length < 0 {
		rec.block.n = 1<<63 - 1 // the rest of the gzip member
	}
	switch rec.Type() {
	case "response", "request", "revisit":
		uri := rec.TargetURI()
		if length == 0 || !(strings.HasPrefix(uri, "http:") || strings.HasPrefix(uri, "https:")) {
			break
		}
		var prefixes []string // any start line
		h, n, ok, err := parseHeader(rec.block.readLine, nil, prefixes)
		if err != nil {
			return nil, rd.cut(err, start)
		}
		if n == 0 && rec.Type() == "revisit" {
			break // an empty revisit
		}
		if ok && (h.Rest != "" || len(h.Header) > 0) {
			// warcio's StatusAndHeaders is false without either, and
			// then taken as no HTTP header.
			rec.HTTP = &h
		}
	}
	return rec, nil
}

// cut reports a header the data ended inside.
func (rd *Reader) cut(err error, start int64) error {
	if _, ok := err.(*formatError); ok {
		return err
	}
	return &Error{Offset: start, Err: err}
}

// readARC reads an ARC record's header line, which line is, and returns
// its block's length. The file's first record (filedesc://) has two more
// lines, which its length counts.
func (rd *Reader) readARC(rec *Record, line []byte) (int64, error) {
	text := pyRStrip(decodeLine(line))
	var sub int64
	if strings.HasPrefix(text, "filedesc://") {
		for range 2 {
			l, err := rd.src.readLine()
			if err != nil {
				return 0, err
			}
			sub += int64(len([]rune(decodeLine(l))))
		}
	}
	parts := rsplit(text, " ", 4)
	if len(parts) != 5 {
		return 0, &Error{Offset: rec.Offset, Err: fmt.Errorf("neither a WARC record nor an ARC record: %.60q", text)}
	}
	rec.Format = ARC
	typ := "response"
	if strings.HasPrefix(text, "filedesc://") {
		typ = "warcinfo"
	} else {
		parts[3] = "application/http;msgtype=response"
	}
	rec.Header = Header{{"WARC-Type", typ}, {"WARC-Record-ID", newRecordID()}}
	names := []string{"WARC-Target-URI", "WARC-IP-Address", "WARC-Date", "Content-Type", "Content-Length"}
	for i, name := range names {
		v := parts[i]
		if name == "WARC-Date" {
			v = timestampToISODate(v)
		}
		if typ == "warcinfo" && name == "WARC-Target-URI" {
			name, v = "WARC-Filename", v[len("filedesc://"):]
		}
		rec.Header = append(rec.Header, Field{name, v})
	}
	return rd.length(rec.Offset, parts[4], sub), nil
}

// length reads a record's Content-Length (or an ARC record's length,
// less sub) as warcio does: one that is not a number, or is negative, is
// read as 0, and the Reader warns of it.
func (rd *Reader) length(offset int64, text string, sub int64) int64 {
	n, valid := pyInt(text)
	if !valid || n < 0 {
		rd.warn(&Error{Offset: offset, Err: fmt.Errorf("a length that is not a length, %q, read as 0 as warcio reads it", text)})
		return 0
	}
	// The first record of an ARC file may give a length shorter than its
	// two lines after the first: warcio takes that as 0 too.
	return max(n-sub, 0)
}

func newRecordID() string {
	var b [16]byte
	rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("<urn:uuid:%x-%x-%x-%x-%x>", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

// rsplit is Python's str.rsplit(sep, max).
func rsplit(s, sep string, max int) []string {
	var parts []string
	for range max {
		i := strings.LastIndex(s, sep)
		if i < 0 {
			break
		}
		parts = append(parts, s[i+len(sep):])
		s = s[:i]
	}
	parts = append(parts, s)
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return parts
}

// pyInt reads a number as Python's int(s) does, for the ASCII forms: the
// whitespace around it, a sign, digits with single underscores between.
func pyInt(s string) (int64, bool) {
	s = pyStrip(s)
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if s == "" || s[0] == '_' || s[len(s)-1] == '_' || strings.Contains(s, "__") {
		return 0, false
	}
	var n int64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' {
			continue
		}
		if c < '0' || c > '9' || n > (1<<62)/10 {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}

// Close reads the rest of the record, and the empty lines after it, and
// sets its Length.
func (r *Record) Close() error {
	if r.closed {
		return nil
	}
	rd, s := r.r, r.r.src
	want := r.block.n
	got, err := r.block.discard()
	r.closed = true
	if err != nil {
		return rd.fail(err)
	}
	if want < 1<<62 && got < want {
		r.short = want - got
		if !s.gz {
			return rd.fail(&Error{Offset: r.Offset, Err: fmt.Errorf("the file ends %d bytes before the end of the record's block", want-got)})
		}
		rd.warn(&Error{Offset: r.Offset, Err: fmt.Errorf("the record's block ends %d bytes before its Content-Length, where its gzip member does", want-got)})
	}
	blockEnd := s.offset()
	// The lines after the block: the first whatever it holds (it should
	// be empty), then empty ones up to the next record.
	firstLine := true
	for {
		line, err := s.readLine()
		if err != nil {
			return rd.fail(err)
		}
		if line == nil {
			break
		}
		if pyRStrip(decodeLine(line)) == "" || firstLine {
			if firstLine && pyRStrip(decodeLine(line)) != "" {
				rd.warn(&Error{Offset: s.lineStart(len(line)), Err: fmt.Errorf("the record is not followed by an empty line but by %d bytes (its Content-Length may be short)", len(line))})
			}
			firstLine = false
			continue
		}
		rd.nextLine = append([]byte(nil), line...)
		break
	}
	if s.gz {
		if rd.nextLine != nil {
			return rd.fail(&Error{Offset: r.Offset, Err: fmt.Errorf("the gzip member holds more than one record (each record must be a member of its own: warcio recompress writes such a file)")})
		}
		if s.err != nil {
			return rd.fail(s.err)
		}
		r.Length = s.memberEnd - r.Offset
		return nil
	}
	r.Length = blockEnd - r.Offset
	rd.offset = s.offset() - int64(len(rd.nextLine))
	return nil
}

func (rd *Reader) warn(e *Error) {
	if rd.Warn != nil {
		rd.Warn(e)
	}
}

// asError makes err an *Error.
func asError(err error) error {
	switch e := err.(type) {
	case *Error:
		return e
	case *formatError:
		return &Error{Offset: e.offset, Err: e}
	}
	return &Error{Err: err}
}

// An Error is a file that could not be read on from Offset: the records
// before it were read whole.
type Error struct {
	File   string // the file's name, where known
	Offset int64
	Err    error
}

func (e *Error) Error() string {
	if f, ok := e.Err.(*formatError); ok && strings.HasPrefix(f.msg, "gzip member at offset") || strings.HasPrefix(e.Err.Error(), "offset ") {
		if e.File != "" {
			return e.File + ": " + e.Err.Error()
		}
		return e.Err.Error()
	}
	s := fmt.Sprintf("offset %d: %v", e.Offset, e.Err)
	if e.File != "" {
		s = e.File + ": " + s
	}
	return s
}

func (e *Error) Unwrap() error { return e.Err }
