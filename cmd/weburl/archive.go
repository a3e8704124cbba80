package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/warc"
)

// archiveOptions are the flags of -index and -outlinks.
type archiveOptions struct {
	format     warc.IndexFormat
	outlinks   bool
	postAppend bool
	sort       bool
	jobs       int
	maxBytes   int64
}

// A fileJob is the reading of one file: what it prints, and what it
// says on standard error.
type fileJob struct {
	name   string
	out    spool
	msgs   bytes.Buffer
	failed bool
	done   chan struct{}
}

// spoolMemory is how much of a file's output a job holds in memory
// before it moves it to a temporary file.
const spoolMemory = 8 << 20

// A spool holds a job's output until its turn to be printed: in memory,
// then in a temporary file.
type spool struct {
	buf bytes.Buffer
	f   *os.File
	w   *bufio.Writer
	err error
}

func (s *spool) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	if s.f == nil && s.buf.Len()+len(p) > spoolMemory {
		f, err := os.CreateTemp("", "weburl-index-*")
		if err != nil {
			s.err = err
			return 0, err
		}
		os.Remove(f.Name())
		s.f, s.w = f, bufio.NewWriterSize(f, 1<<20)
		if _, err := s.w.Write(s.buf.Bytes()); err != nil {
			s.err = err
			return 0, err
		}
		s.buf = bytes.Buffer{}
	}
	if s.f != nil {
		return s.w.Write(p)
	}
	return s.buf.Write(p)
}

// copyTo writes what the spool holds to w, and lets go of it.
func (s *spool) copyTo(w io.Writer) error {
	if s.err != nil {
		return s.err
	}
	if s.f == nil {
		_, err := w.Write(s.buf.Bytes())
		s.buf = bytes.Buffer{}
		return err
	}
	defer s.f.Close()
	if err := s.w.Flush(); err != nil {
		return err
	}
	if _, err := s.f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	_, err := io.Copy(w, s.f)
	return err
}

// runArchive indexes the files, or prints their outlinks, reading up to
// o.jobs files at a time and printing in the order of the files.
func runArchive(files []string, o archiveOptions, stdout, stderr io.Writer) int {
	out := bufio.NewWriterSize(stdout, 256<<10)
	var dst io.Writer = out
	var sorter *warc.Sorter
	if o.sort {
		sorter = warc.NewSorter(out, 0)
		dst = sorter
	}
	status := 0
	if o.jobs == 1 || len(files) == 1 {
		// One at a time: each file's lines as they come.
		for _, name := range files {
			j := &fileJob{name: name}
			runJob(j, o, dst)
			stderr.Write(j.msgs.Bytes())
			if j.failed {
				status = 1
			}
		}
	} else {
		jobs := make([]*fileJob, len(files))
		for i, name := range files {
			jobs[i] = &fileJob{name: name, done: make(chan struct{})}
		}
		// A slot is taken when a job starts and given back once its
		// output is printed: at most o.jobs outputs are held.
		slots := make(chan struct{}, o.jobs)
		go func() {
			for _, j := range jobs {
				slots <- struct{}{}
				go func() {
					runJob(j, o, &j.out)
					close(j.done)
				}()
			}
		}()
		for _, j := range jobs {
			<-j.done
			if err := j.out.copyTo(dst); err != nil {
				fmt.Fprintf(stderr, "weburl: %v\n", err)
				status = 1
			}
			stderr.Write(j.msgs.Bytes())
			if j.failed {
				status = 1
			}
			<-slots
		}
	}
	if sorter != nil {
		if err := sorter.Close(); err != nil {
			fmt.Fprintf(stderr, "weburl: sorting: %v\n", err)
			return 1
		}
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "weburl: %v\n", err)
		return 1
	}
	return status
}

// runJob reads one file into w.
func runJob(j *fileJob, o archiveOptions, w io.Writer) {
	warn := func(e *warc.Error) {
		e.File = j.name
		fmt.Fprintf(&j.msgs, "weburl: %v\n", e)
		j.failed = true
	}
	f, err := os.Open(j.name)
	if err != nil {
		fmt.Fprintf(&j.msgs, "weburl: %v\n", err)
		j.failed = true
		return
	}
	defer f.Close()
	var r io.Reader = f
	if o.outlinks {
		err = printOutlinks(w, j.name, r, o, warn)
	} else {
		var ix *warc.Indexer
		ix, err = warc.NewIndexer(o.format, warc.IndexOptions{PostAppend: o.postAppend, Warn: warn})
		if err == nil {
			err = ix.Index(w, j.name, r)
		}
	}
	if err != nil {
		var e *warc.Error
		if errors.As(err, &e) {
			e.File = j.name
			fmt.Fprintf(&j.msgs, "weburl: %v: the file stops being readable here\n", e)
		} else {
			fmt.Fprintf(&j.msgs, "weburl: %s: %v\n", j.name, err)
		}
		j.failed = true
	}
}

// printOutlinks prints a JSON object per link of the file's HTML pages.
func printOutlinks(w io.Writer, name string, r io.Reader, o archiveOptions, warn func(*warc.Error)) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	defer bw.Flush()
	var b []byte
	for l, err := range warc.Outlinks(r, warc.OutlinkOptions{MaxBytes: o.maxBytes, Warn: warn}) {
		if err != nil {
			return err
		}
		b = append(b[:0], `{"file":`...)
		b = appendJSONString(b, name)
		b = append(b, `,"offset":`...)
		b = strconv.AppendInt(b, l.Offset, 10)
		b = append(b, `,"target":`...)
		b = appendJSONString(b, l.Target)
		b = append(b, `,"timestamp":`...)
		b = appendJSONString(b, l.Timestamp)
		b = append(b, `,"element":`...)
		b = appendJSONString(b, l.Element)
		b = append(b, `,"attr":`...)
		b = appendJSONString(b, l.Attr)
		b = append(b, `,"raw":`...)
		b = appendJSONString(b, l.Raw)
		if l.URL != nil {
			b = append(b, `,"href":`...)
			b = appendJSONString(b, l.URL.Href())
		} else {
			code := l.Err.Error()
			if e, ok := errors.AsType[*weburl.Error](l.Err); ok {
				code = e.Code.String()
			}
			b = append(b, `,"href":null,"error":`...)
			b = appendJSONString(b, code)
		}
		b = append(b, "}\n"...)
		if _, err := bw.Write(b); err != nil {
			return err
		}
	}
	return bw.Flush()
}
