package warc

import (
	"bufio"
	"bytes"
	"container/heap"
	"io"
	"os"
	"slices"
)

// A Sorter writes the lines written to it sorted in byte order, each
// distinct line once, as cdxj-indexer -s writes its index: the order of
// the keys replay tools search by binary search (a byte order, as
// LC_ALL=C sort's). It holds up to its memory bound of lines, then sorts
// them into a temporary file, and merges those files when closed, so
// that its memory stays bounded whatever the index's size.
type Sorter struct {
	w       io.Writer
	max     int
	lines   [][]byte
	size    int
	partial []byte
	runs    []*os.File
	err     error
}

// DefaultSortMemory is the memory bound of NewSorter's lines: the 32 MiB
// of cdxj-indexer's.
const DefaultSortMemory = 32 << 20

// NewSorter returns a Sorter that writes to w when closed, holding up to
// maxMemory bytes of lines (DefaultSortMemory if maxMemory <= 0).
func NewSorter(w io.Writer, maxMemory int) *Sorter {
	if maxMemory <= 0 {
		maxMemory = DefaultSortMemory
	}
	return &Sorter{w: w, max: maxMemory}
}

// Write takes lines, each ended by "\n"; a line may come in several
// writes.
func (s *Sorter) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n := len(p)
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			s.partial = append(s.partial, p...)
			break
		}
		line := p[:i+1]
		if len(s.partial) > 0 {
			line = append(s.partial, line...)
			s.partial = nil
		} else {
			line = bytes.Clone(line)
		}
		s.lines = append(s.lines, line)
		s.size += len(line) + 24
		p = p[i+1:]
		if s.size > s.max {
			if err := s.spill(); err != nil {
				s.err = err
				return n - len(p), err
			}
		}
	}
	return n, nil
}

// spill sorts the lines held into a temporary file.
func (s *Sorter) spill() error {
	slices.SortFunc(s.lines, bytes.Compare)
	f, err := os.CreateTemp("", "weburl-sort-*")
	if err != nil {
		return err
	}
	os.Remove(f.Name()) // gone when closed
	bw := bufio.NewWriterSize(f, 1<<20)
	if err := writeDistinct(bw, s.lines); err != nil {
		f.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		f.Close()
		return err
	}
	s.runs = append(s.runs, f)
	s.lines, s.size = nil, 0
	return nil
}

func writeDistinct(w io.Writer, lines [][]byte) error {
	var last []byte
	for i, l := range lines {
		if i > 0 && bytes.Equal(l, last) {
			continue
		}
		if _, err := w.Write(l); err != nil {
			return err
		}
		last = l
	}
	return nil
}

// Close writes the lines sorted; a last line without "\n" gets one.
func (s *Sorter) Close() error {
	if s.err != nil {
		return s.err
	}
	defer func() {
		for _, f := range s.runs {
			f.Close()
		}
	}()
	if len(s.partial) > 0 {
		s.lines = append(s.lines, append(s.partial, '\n'))
		s.partial = nil
	}
	if len(s.runs) == 0 {
		slices.SortFunc(s.lines, bytes.Compare)
		bw := bufio.NewWriterSize(s.w, 1<<16)
		if err := writeDistinct(bw, s.lines); err != nil {
			return err
		}
		return bw.Flush()
	}
	if len(s.lines) > 0 {
		if err := s.spill(); err != nil {
			return err
		}
	}
	h := &mergeHeap{}
	for _, f := range s.runs {
		r := bufio.NewReaderSize(f, 1<<16)
		if line, err := r.ReadBytes('\n'); len(line) > 0 {
			heap.Push(h, &run{r: r, line: line})
		} else if err != nil && err != io.EOF {
			return err
		}
	}
	bw := bufio.NewWriterSize(s.w, 1<<16)
	var last []byte
	for h.Len() > 0 {
		top := (*h)[0]
		if last == nil || !bytes.Equal(top.line, last) {
			if _, err := bw.Write(top.line); err != nil {
				return err
			}
			last = append(last[:0], top.line...)
		}
		line, err := top.r.ReadBytes('\n')
		if len(line) > 0 {
			top.line = line
			heap.Fix(h, 0)
		} else {
			if err != nil && err != io.EOF {
				return err
			}
			heap.Pop(h)
		}
	}
	return bw.Flush()
}

type run struct {
	r    *bufio.Reader
	line []byte
}

type mergeHeap []*run

func (h mergeHeap) Len() int           { return len(h) }
func (h mergeHeap) Less(i, j int) bool { return bytes.Compare(h[i].line, h[j].line) < 0 }
func (h mergeHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *mergeHeap) Push(x any)        { *h = append(*h, x.(*run)) }
func (h *mergeHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
