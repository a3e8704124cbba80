package warc

import (
	"bufio"
	"bytes"
	"compress/zlib"
	"errors"
	"io"
	"strconv"
	"strings"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/flate"
	"github.com/klauspost/compress/gzip"
)

// Content returns a reader of the record's payload decoded as warcio's
// content_stream decodes it: de-chunked where the archived response says
// Transfer-Encoding: chunked, then inflated where it says
// Content-Encoding: gzip, deflate (with a zlib header or without) or br.
// A payload that is not what its header says is read as it is: from the
// start where its first bytes do not decode, from where the chunks stop
// being chunks; a decoding error later ends it. Content and Payload read
// the same bytes: what one has read is not there for the other.
func (r *Record) Content() io.Reader {
	var src io.Reader = r.Payload()
	if r.HTTP == nil {
		return src
	}
	if v, _ := r.HTTP.Header.Lookup("Transfer-Encoding"); v == "chunked" {
		src = &dechunker{r: bufio.NewReaderSize(src, 16<<10)}
	}
	switch enc := strings.ToLower(r.HTTP.Header.Get("Content-Encoding")); enc {
	case "gzip", "deflate", "br":
		src = &decoder{src: src, enc: enc}
	}
	return src
}

// A dechunker reads HTTP/1.1 chunks as warcio's ChunkedDataReader: where
// a chunk's size line or the CRLF after it is not there, what follows is
// read as it is.
type dechunker struct {
	r       *bufio.Reader
	pending []byte
	raw     bool
	done    bool
}

func (d *dechunker) Read(p []byte) (int, error) {
	for {
		if len(d.pending) > 0 {
			n := copy(p, d.pending)
			d.pending = d.pending[n:]
			return n, nil
		}
		if d.raw {
			return d.r.Read(p)
		}
		if d.done {
			return 0, io.EOF
		}
		if err := d.nextChunk(); err != nil {
			return 0, err
		}
	}
}

// nextChunk reads a whole chunk into pending, as warcio does.
func (d *dechunker) nextChunk() error {
	line, err := readLineMax(d.r, 64)
	if err != nil && err != io.EOF {
		return err
	}
	fail := func(data []byte) {
		d.pending = append(append([]byte(nil), line...), data...)
		d.raw = true
	}
	if len(line) == 0 {
		d.done = true
		return nil
	}
	if !bytes.HasSuffix(line, []byte("\r\n")) {
		fail(nil)
		return nil
	}
	sizeText, _, _ := strings.Cut(string(line[:len(line)-2]), ";")
	size, ok := pyIntBase16(sizeText)
	if !ok || size > 1<<31 || size < 0 {
		fail(nil)
		return nil
	}
	if size == 0 {
		var crlf [2]byte
		n, _ := io.ReadFull(d.r, crlf[:])
		if string(crlf[:n]) != "\r\n" {
			fail(nil)
			return nil
		}
		d.done = true
		return nil
	}
	data := make([]byte, size)
	n, err := io.ReadFull(d.r, data)
	if err != nil {
		if err != io.EOF && err != io.ErrUnexpectedEOF {
			return err
		}
		d.pending, d.done = data[:n], true // the file was cut: what there is
		return nil
	}
	var crlf [2]byte
	m, _ := io.ReadFull(d.r, crlf[:])
	if string(crlf[:m]) != "\r\n" {
		fail(data)
		return nil
	}
	d.pending = data
	return nil
}

// readLineMax reads a line of at most max bytes, as Python's readline(max).
func readLineMax(r *bufio.Reader, max int) ([]byte, error) {
	var line []byte
	for len(line) < max {
		c, err := r.ReadByte()
		if err != nil {
			return line, err
		}
		line = append(line, c)
		if c == '\n' {
			break
		}
	}
	return line, nil
}

// pyIntBase16 is Python's int(s, 16).
func pyIntBase16(s string) (int64, bool) {
	s = pyStrip(s)
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg, s = s[0] == '-', s[1:]
	}
	if len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		s = s[2:]
		if s != "" && s[0] == '_' {
			s = s[1:]
		}
	}
	if s == "" || s[0] == '_' || s[len(s)-1] == '_' || strings.Contains(s, "__") {
		return 0, false
	}
	n, err := strconv.ParseInt(strings.ReplaceAll(s, "_", ""), 16, 64)
	if err != nil {
		return 0, false
	}
	if neg {
		n = -n
	}
	return n, true
}

// A decoder inflates a payload as warcio's BufferedReader: where its
// first bytes do not decode (deflate: neither with a zlib header nor
// without), it is read as it is; an error later ends it.
type decoder struct {
	src     io.Reader
	enc     string
	r       io.Reader
	started bool
}

// firstBlock is how much of a payload warcio's first decompress call
// sees: where that fails, the payload is read as it is.
const firstBlock = 16 << 10

func (d *decoder) Read(p []byte) (int, error) {
	if !d.started {
		d.started = true
		head := make([]byte, firstBlock)
		n, err := io.ReadFull(d.src, head)
		if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
			return 0, err
		}
		head = head[:n]
		d.r = io.MultiReader(bytes.NewReader(head), d.src)
		for _, enc := range d.tries() {
			if decodes(enc, head) {
				z, err := openDecoder(enc, io.MultiReader(bytes.NewReader(head), d.src))
				if err == nil {
					d.r = z
				}
				break
			}
		}
	}
	n, err := d.r.Read(p)
	if err != nil && err != io.EOF {
		return n, io.EOF // warcio stops where the data stops decoding
	}
	return n, err
}

// decodes reports whether head is the start of data in the encoding:
// decoding it alone stops at its end, not at an error.
func decodes(enc string, head []byte) bool {
	if len(head) == 0 {
		return false
	}
	z, err := openDecoder(enc, bytes.NewReader(head))
	if err != nil {
		return err == io.ErrUnexpectedEOF || err == io.EOF
	}
	_, err = io.Copy(io.Discard, z)
	return err == nil || err == io.ErrUnexpectedEOF || err == io.EOF
}

func (d *decoder) tries() []string {
	if d.enc == "deflate" {
		return []string{"zlib", "raw"}
	}
	return []string{d.enc}
}

var errNotDecoded = errors.New("not decoded")

func openDecoder(enc string, r io.Reader) (io.Reader, error) {
	switch enc {
	case "gzip":
		z, err := gzip.NewReader(r)
		if err != nil {
			return nil, err
		}
		z.Multistream(false)
		return z, nil
	case "zlib":
		return zlib.NewReader(r)
	case "raw":
		return flate.NewReader(r), nil
	case "br":
		return brotli.NewReader(r), nil
	}
	return nil, errNotDecoded
}
