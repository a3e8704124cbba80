package warc

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"sync"

	"github.com/klauspost/compress/flate"
)

// A source reads a file as the readers of warcio (Python) and warcio.js
// see it: where it starts with a gzip member, one member at a time, each
// member's data ending where the member does (a record never runs into
// the next member); otherwise the file's bytes to its end. It keeps the
// offsets the index needs: each member's first and last byte in the file,
// or, in a file that is not compressed, where the next unread byte is.
type source struct {
	cr  countingReader
	br  *bufio.Reader
	gz  bool
	fr  io.ReadCloser // the member's inflater, reset for each member
	crc uint32
	n   uint32 // the member's data so far, mod 2³² (ISIZE)

	buf  []byte // data read and not yet consumed: buf[r:w]
	r, w int
	base int64 // the offset in the data (the member's, or the file's) of buf[0]
	eof  bool  // the member's or the file's data has ended
	err  error // what stopped the data before its end

	memberStart, memberEnd int64 // in the file; memberEnd is known once eof
	members                int   // how many members have started
}

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// bufSize is the read size of the file and of the inflater's output.
const bufSize = 64 << 10

// maxLine bounds a line of a header, and maxHeader a header's lines
// together: longer ones are an error, so that memory stays bounded
// whatever the input (a header of many short lines as well as one long
// line).
const (
	maxLine   = 1 << 20
	maxHeader = 4 * maxLine
)

var (
	errLineTooLong   = errors.New("a header line longer than 1 MiB")
	errHeaderTooLong = errors.New("a header longer than 4 MiB")
	gzipMagic        = []byte{0x1f, 0x8b}
)

// sources keeps sources, with their buffers and inflater, for the next
// file an Indexer reads.
var sources sync.Pool

func newSource(r io.Reader) (*source, error) {
	s, _ := sources.Get().(*source)
	if s == nil {
		s = &source{buf: make([]byte, bufSize)}
		s.br = bufio.NewReaderSize(&s.cr, bufSize)
	} else {
		fr, buf, br := s.fr, s.buf, s.br
		*s = source{fr: fr, buf: buf, br: br}
		br.Reset(&s.cr)
	}
	s.cr = countingReader{r: r}
	head, err := s.br.Peek(2)
	if err != nil && err != io.EOF {
		return nil, err
	}
	if bytes.Equal(head, gzipMagic) {
		s.gz = true
		if err := s.startMember(); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// release gives the source back for another file to use; s must not be
// used after.
func (s *source) release() {
	s.cr.r = nil
	sources.Put(s)
}

// fileOffset is how many bytes of the file the reader has consumed.
func (s *source) fileOffset() int64 { return s.cr.n - int64(s.br.Buffered()) }

// offset is where the next unread byte is: in the file where it is not
// compressed, in the member's data otherwise.
func (s *source) offset() int64 { return s.base + int64(s.r) }

// startMember reads a gzip member's header (RFC 1952, section 2.3) and
// starts its data.
func (s *source) startMember() error {
	s.memberStart = s.fileOffset()
	s.members++
	s.base, s.r, s.w, s.eof, s.crc, s.n = 0, 0, 0, false, 0, 0
	var h [10]byte
	if _, err := io.ReadFull(s.br, h[:]); err != nil {
		return s.memberErr("a gzip header cut short", err)
	}
	if h[0] != 0x1f || h[1] != 0x8b || h[2] != 8 {
		return s.memberErr("not a gzip member", nil)
	}
	flags := h[3]
	if flags&0x04 != 0 { // FEXTRA
		var l [2]byte
		if _, err := io.ReadFull(s.br, l[:]); err != nil {
			return s.memberErr("a gzip header cut short", err)
		}
		if _, err := s.br.Discard(int(binary.LittleEndian.Uint16(l[:]))); err != nil {
			return s.memberErr("a gzip header cut short", err)
		}
	}
	for _, f := range []byte{0x08, 0x10} { // FNAME, FCOMMENT: zero-terminated
		if flags&f != 0 {
			if _, err := s.br.ReadSlice(0); err != nil {
				return s.memberErr("a gzip header cut short", err)
			}
		}
	}
	if flags&0x02 != 0 { // FHCRC
		if _, err := s.br.Discard(2); err != nil {
			return s.memberErr("a gzip header cut short", err)
		}
	}
	if s.fr == nil {
		s.fr = flate.NewReader(s.br)
	} else if err := s.fr.(flate.Resetter).Reset(s.br, nil); err != nil {
		return err
	}
	return nil
}

// A FormatError is a file that is not what it should be at Offset.
type formatError struct {
	offset int64
	msg    string
	err    error
}

func (e *formatError) Error() string {
	if e.err != nil && e.err != io.EOF && e.err != io.ErrUnexpectedEOF {
		return e.msg + ": " + e.err.Error()
	}
	return e.msg
}

func (e *formatError) Unwrap() error { return e.err }

func (s *source) memberErr(msg string, err error) error {
	return &formatError{offset: s.memberStart, msg: fmt.Sprintf("gzip member at offset %d: %s", s.memberStart, msg), err: err}
}

// fill reads more data when all that was read is consumed, and reports
// whether there is any.
func (s *source) fill() bool {
	if s.r < s.w {
		return true
	}
	if s.eof || s.err != nil {
		return false
	}
	s.base += int64(s.w)
	s.r, s.w = 0, 0
	if !s.gz {
		n, err := io.ReadFull(s.br, s.buf)
		s.w = n
		if err != nil {
			s.eof = true
			if err != io.EOF && err != io.ErrUnexpectedEOF {
				s.err = err
			}
		}
		return n > 0
	}
	n, err := io.ReadFull(s.fr, s.buf)
	s.w = n
	s.crc = crc32.Update(s.crc, crc32.IEEETable, s.buf[:n])
	s.n += uint32(n)
	switch err {
	case nil:
	case io.EOF, io.ErrUnexpectedEOF:
		s.endMember()
	default:
		if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			s.err = s.memberErr("the file ends inside it", nil)
		} else {
			s.err = s.memberErr("its deflate data is broken", err)
		}
	}
	return n > 0
}

// endMember reads the member's trailer once its data has ended.
func (s *source) endMember() {
	var t [8]byte
	if _, err := io.ReadFull(s.br, t[:]); err != nil {
		s.err = s.memberErr("the file ends inside it", nil)
		return
	}
	if binary.LittleEndian.Uint32(t[:4]) != s.crc || binary.LittleEndian.Uint32(t[4:]) != s.n {
		s.err = s.memberErr("its data does not match its CRC-32 and length", nil)
		return
	}
	s.eof = true
	s.memberEnd = s.fileOffset()
}

// nextMember moves to the next gzip member once the data of this one is
// consumed. It returns false at the end of the file, where whitespace
// after the last member is taken as the readers do (as an empty record),
// and an error where what follows is not a gzip member.
func (s *source) nextMember() (bool, error) {
	for {
		b, err := s.br.Peek(1)
		if err == io.EOF {
			return false, nil
		} else if err != nil {
			return false, err
		}
		switch b[0] {
		case 0x1f:
			return true, s.startMember()
		case ' ', '\t', '\r', '\n':
			s.br.Discard(1)
			continue
		}
		s.memberStart = s.fileOffset()
		return false, &formatError{offset: s.memberStart, msg: fmt.Sprintf("offset %d: neither a gzip member nor whitespace after the last member", s.memberStart)}
	}
}

// readLine returns the next line with its "\n", or what is left of the
// data before its end; nil at the end. The line is valid until the next
// read.
func (s *source) readLine() ([]byte, error) {
	if !s.fill() {
		return nil, s.err
	}
	if i := bytes.IndexByte(s.buf[s.r:s.w], '\n'); i >= 0 {
		line := s.buf[s.r : s.r+i+1]
		s.r += i + 1
		return line, nil
	}
	// The line goes on past what is read: move it to the front and read on.
	var line []byte
	for {
		line = append(line, s.buf[s.r:s.w]...)
		s.r = s.w
		if len(line) > maxLine {
			return nil, &formatError{offset: s.lineStart(len(line)), msg: errLineTooLong.Error()}
		}
		if !s.fill() {
			if s.err != nil {
				return nil, s.err
			}
			return line, nil
		}
		if i := bytes.IndexByte(s.buf[s.r:s.w], '\n'); i >= 0 {
			line = append(line, s.buf[s.r:s.r+i+1]...)
			s.r += i + 1
			return line, nil
		}
	}
}

func (s *source) lineStart(n int) int64 {
	if s.gz {
		return s.memberStart
	}
	return s.offset() - int64(n)
}

// read reads up to len(p) bytes of the data.
func (s *source) read(p []byte) (int, error) {
	if !s.fill() {
		if s.err != nil {
			return 0, s.err
		}
		return 0, io.EOF
	}
	n := copy(p, s.buf[s.r:s.w])
	s.r += n
	return n, nil
}

// next returns up to n bytes of the data, valid until the next read,
// without copying them.
func (s *source) next(n int64) ([]byte, error) {
	if !s.fill() {
		if s.err != nil {
			return nil, s.err
		}
		return nil, io.EOF
	}
	m := min(int64(s.w-s.r), n)
	b := s.buf[s.r : s.r+int(m)]
	s.r += int(m)
	return b, nil
}

// limited reads at most n bytes of the source's data: a record's block.
type limited struct {
	s *source
	n int64
}

func (l *limited) Read(p []byte) (int, error) {
	if l.n <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > l.n {
		p = p[:l.n]
	}
	n, err := l.s.read(p)
	l.n -= int64(n)
	return n, err
}

// readLine reads a line of the block, as warcio's LimitReader.readline.
func (l *limited) readLine() ([]byte, error) {
	if l.n <= 0 {
		return nil, nil
	}
	if !l.s.fill() {
		return nil, l.s.err
	}
	avail := l.s.buf[l.s.r : l.s.r+int(min(l.n, int64(l.s.w-l.s.r)))]
	if i := bytes.IndexByte(avail, '\n'); i >= 0 {
		l.s.r += i + 1
		l.n -= int64(i + 1)
		return avail[:i+1], nil
	}
	var line []byte
	for l.n > 0 {
		b, err := l.s.next(l.n)
		if err == io.EOF {
			break
		} else if err != nil {
			return nil, err
		}
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			// Put back what follows the line.
			l.s.r -= len(b) - i - 1
			b = b[:i+1]
			line = append(line, b...)
			l.n -= int64(len(b))
			return line, nil
		}
		line = append(line, b...)
		l.n -= int64(len(b))
		if len(line) > maxLine {
			return nil, &formatError{offset: l.s.lineStart(len(line)), msg: errLineTooLong.Error()}
		}
	}
	return line, nil
}

// discard consumes the rest of the block, and reports how many bytes the
// source's data had for it.
func (l *limited) discard() (int64, error) {
	var total int64
	for l.n > 0 {
		b, err := l.s.next(l.n)
		total += int64(len(b))
		l.n -= int64(len(b))
		if err == io.EOF {
			return total, nil
		} else if err != nil {
			return total, err
		}
	}
	return total, nil
}
