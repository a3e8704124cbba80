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
// them into a temporary file, and merges those files sixteen at a time,
// as they come and when closed, so that its memory and its open files
// stay bounded whatever the index's size.
type Sorter struct {
	w       io.Writer
	max     int
	lines   [][]byte
	size    int
	partial []byte
	runs    []sortRun // spilled, in order, by level (see spill)
	err     error
}

// A sortRun is a temporary file of sorted lines, made of maxRuns^level
// spills.
type sortRun struct {
	f     *os.File
	level int
}

// maxRuns is how many runs a Sorter merges at once. It holds fewer than
// maxRuns runs of each level open, a few dozen temporary files for an
// index of terabytes (merging every spill at once at the end took a file
// descriptor for each, and a read buffer, as many as the index's size
// over the memory bound).
const maxRuns = 16

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

// spill sorts the lines held into a temporary file, a run of level 0.
// When the last maxRuns runs have one level, it merges them into one of
// the next level, again while that makes maxRuns of one level: the runs
// are fewer than maxRuns of each level, and each line is merged once per
// level, as in a merge sort of maxRuns ways.
func (s *Sorter) spill() error {
	slices.SortFunc(s.lines, bytes.Compare)
	f, err := tempRun(func(w io.Writer) error { return writeDistinct(w, s.lines) })
	if err != nil {
		return err
	}
	s.runs = append(s.runs, sortRun{f, 0})
	s.lines, s.size = nil, 0
	for n := len(s.runs); n >= maxRuns && s.runs[n-maxRuns].level == s.runs[n-1].level; n = len(s.runs) {
		if err := s.mergeLast(maxRuns, s.runs[n-1].level+1); err != nil {
			return err
		}
	}
	return nil
}

// mergeLast merges the last k runs into one of the level.
func (s *Sorter) mergeLast(k, level int) error {
	last := s.runs[len(s.runs)-k:]
	f, err := tempRun(func(w io.Writer) error { return merge(w, last) })
	for _, r := range last {
		r.f.Close()
	}
	s.runs = s.runs[:len(s.runs)-k]
	if err != nil {
		return err
	}
	s.runs = append(s.runs, sortRun{f, level})
	return nil
}

// tempRun returns a temporary file that write has written, read from its
// start; the file is gone once closed.
func tempRun(write func(io.Writer) error) (*os.File, error) {
	f, err := os.CreateTemp("", "weburl-sort-*")
	if err != nil {
		return nil, err
	}
	os.Remove(f.Name()) // gone when closed
	bw := bufio.NewWriterSize(f, 1<<20)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if err == nil {
		_, err = f.Seek(0, io.SeekStart)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
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
		for _, r := range s.runs {
			r.f.Close()
		}
		s.runs = nil
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
	for len(s.runs) > maxRuns {
		if err := s.mergeLast(maxRuns, 0); err != nil {
			return err
		}
	}
	bw := bufio.NewWriterSize(s.w, 1<<16)
	if err := merge(bw, s.runs); err != nil {
		return err
	}
	return bw.Flush()
}

// merge writes the lines of the runs, each sorted and distinct, in order,
// each distinct line once.
func merge(w io.Writer, runs []sortRun) error {
	h := &mergeHeap{}
	for _, rn := range runs {
		r := bufio.NewReaderSize(rn.f, 1<<16)
		if line, err := r.ReadBytes('\n'); len(line) > 0 {
			heap.Push(h, &run{r: r, line: line})
		} else if err != nil && err != io.EOF {
			return err
		}
	}
	var last []byte
	for h.Len() > 0 {
		top := (*h)[0]
		if last == nil || !bytes.Equal(top.line, last) {
			if _, err := w.Write(top.line); err != nil {
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
	return nil
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
