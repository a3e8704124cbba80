package weburlbeam

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"sort"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/weburl/weburl/warc"
)

// An ArchiveProblem is what reading a WARC or ARC file reported: where
// the file stopped being readable (Stopped), or what the index read past
// as the reference tool does (a short Content-Length, a WARC-Target-URI
// the URL Standard does not parse).
type ArchiveProblem struct {
	File    string
	Offset  int64
	Message string
	Stopped bool
}

// An ArchiveLink is a link of an archived HTML page (warc.Outlink): the
// file, the record's offset, the page's URL and capture time, the
// element and attribute, the URL text, and the URL it resolves to (Href)
// or, when it does not parse, Href "" and the name of the URL
// Standard's error (Error).
type ArchiveLink struct {
	File, Target, Timestamp string
	Offset                  int64
	Element, Attr, Raw      string
	Href, Error             string
}

func init() {
	beam.RegisterType(reflect.TypeOf(ArchiveProblem{}))
	beam.RegisterType(reflect.TypeOf(ArchiveLink{}))
	register.DoFn4x1[context.Context, fileio.ReadableFile, func(string), func(ArchiveProblem), error](&indexFn{})
	register.DoFn4x1[context.Context, fileio.ReadableFile, func(ArchiveLink), func(ArchiveProblem), error](&outlinksFn{})
	register.Emitter1[ArchiveProblem]()
	register.Emitter1[ArchiveLink]()
	register.Combiner3[sampleAcc, string, []string](&sampleFn{})
	register.DoFn3x0[string, []string, func(int, string)](&shardFn{})
	register.Emitter2[int, string]()
}

// archiveFiles matches glob's files, read as they are (a .warc.gz is
// read per gzip member, not inflated whole).
func archiveFiles(s beam.Scope, glob string) beam.PCollection {
	return fileio.ReadMatches(s, fileio.MatchFiles(s, glob), fileio.ReadUncompressed())
}

// IndexArchives indexes the WARC and ARC files that glob matches in a
// format of warc.Indexer (a PCollection<string> of index lines, without
// their "\n"), and reports what the reading of each file reported (a
// PCollection<ArchiveProblem>). Each file is read whole by one worker,
// in order: its lines are those warc.Indexer writes of it. The lines of
// all files sorted, each once, are the sorted index (SortedIndex, and
// weburlbeam/cmd/cdxindex, write it).
func IndexArchives(s beam.Scope, glob string, format warc.IndexFormat, postAppend bool) (lines, problems beam.PCollection) {
	s = s.Scope("weburlbeam.IndexArchives")
	if _, err := warc.NewIndexer(format, warc.IndexOptions{}); err != nil {
		panic(err)
	}
	return beam.ParDo2(s, &indexFn{Format: string(format), PostAppend: postAppend}, archiveFiles(s, glob))
}

type indexFn struct {
	Format     string
	PostAppend bool
}

// lineWriter emits each line written to it.
type lineWriter struct {
	emit    func(string)
	partial []byte
}

func (w *lineWriter) Write(p []byte) (int, error) {
	n := len(p)
	for {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			w.partial = append(w.partial, p...)
			return n, nil
		}
		w.emit(string(append(w.partial, p[:i]...)))
		w.partial = w.partial[:0]
		p = p[i+1:]
	}
}

func (f *indexFn) ProcessElement(ctx context.Context, file fileio.ReadableFile, emit func(string), problem func(ArchiveProblem)) error {
	name := file.Metadata.Path
	warn := func(e *warc.Error) {
		problem(ArchiveProblem{File: name, Offset: e.Offset, Message: e.Err.Error()})
	}
	ix, err := warc.NewIndexer(warc.IndexFormat(f.Format), warc.IndexOptions{PostAppend: f.PostAppend, Warn: warn})
	if err != nil {
		return err
	}
	r, err := file.Open(ctx)
	if err != nil {
		return err
	}
	defer r.Close()
	reportStop(name, ix.Index(&lineWriter{emit: emit}, name, r), problem)
	return nil
}

// reportStop reports where a file stopped being readable.
func reportStop(name string, err error, problem func(ArchiveProblem)) {
	if err == nil {
		return
	}
	var e *warc.Error
	if errors.As(err, &e) {
		problem(ArchiveProblem{File: name, Offset: e.Offset, Message: e.Err.Error(), Stopped: true})
		return
	}
	problem(ArchiveProblem{File: name, Message: err.Error(), Stopped: true})
}

// ArchiveOutlinks reads the links of the HTML pages archived in the WARC
// and ARC files that glob matches (warc.Outlinks; a
// PCollection<ArchiveLink>), and reports what the reading of each file
// reported (a PCollection<ArchiveProblem>).
func ArchiveOutlinks(s beam.Scope, glob string) (links, problems beam.PCollection) {
	s = s.Scope("weburlbeam.ArchiveOutlinks")
	return beam.ParDo2(s, &outlinksFn{}, archiveFiles(s, glob))
}

type outlinksFn struct{}

func (*outlinksFn) ProcessElement(ctx context.Context, file fileio.ReadableFile, emit func(ArchiveLink), problem func(ArchiveProblem)) error {
	name := file.Metadata.Path
	r, err := file.Open(ctx)
	if err != nil {
		return err
	}
	defer r.Close()
	opts := warc.OutlinkOptions{Warn: func(e *warc.Error) {
		problem(ArchiveProblem{File: name, Offset: e.Offset, Message: e.Err.Error()})
	}}
	for l, err := range warc.Outlinks(r, opts) {
		if err != nil {
			reportStop(name, err, problem)
			break
		}
		a := ArchiveLink{File: name, Target: l.Target, Timestamp: l.Timestamp, Offset: l.Offset,
			Element: l.Element, Attr: l.Attr, Raw: l.Raw}
		if l.URL != nil {
			a.Href = l.URL.Href()
		} else {
			a.Error = errorCode(l.Err)
		}
		emit(a)
	}
	return nil
}

// ShardIndex splits index lines (a PCollection<string>) into shards
// ranges of lines (a PCollection<KV<int, string>>, the shard's number
// and a line): every line of shard i sorts before every line of shard
// i+1, so that the shards sorted one by one and written in order are the
// sorted index. The ranges' bounds are taken from a sample of the lines,
// as Hadoop's TotalOrderPartitioner does for CDX files; equal lines go
// to one shard, so that each shard can drop its repeated lines.
func ShardIndex(s beam.Scope, lines beam.PCollection, shards int) beam.PCollection {
	s = s.Scope("weburlbeam.ShardIndex")
	if shards < 1 {
		panic("weburlbeam.ShardIndex: shards must be at least 1")
	}
	sample := beam.Combine(s, &sampleFn{Size: 100 * shards}, lines)
	return beam.ParDo(s, &shardFn{Shards: shards}, lines, beam.SideInput{Input: sample})
}

// sampleFn keeps a uniform sample of up to Size lines (reservoir
// sampling), sorted.
type sampleFn struct {
	Size int
}

type sampleAcc struct {
	Seen  int
	Lines []string
}

func (f *sampleFn) CreateAccumulator() sampleAcc { return sampleAcc{} }

func (f *sampleFn) AddInput(a sampleAcc, line string) sampleAcc {
	a.Seen++
	if len(a.Lines) < f.Size {
		a.Lines = append(a.Lines, line)
	} else if i := rand.IntN(a.Seen); i < f.Size {
		a.Lines[i] = line
	}
	return a
}

func (f *sampleFn) MergeAccumulators(a, b sampleAcc) sampleAcc {
	// Each side's lines stand for their Seen: keep them in proportion.
	all := append(append([]string(nil), a.Lines...), b.Lines...)
	if len(all) > f.Size {
		rand.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
		all = all[:f.Size]
	}
	return sampleAcc{Seen: a.Seen + b.Seen, Lines: all}
}

func (f *sampleFn) ExtractOutput(a sampleAcc) []string {
	lines := slices.Clone(a.Lines)
	slices.Sort(lines)
	return lines
}

type shardFn struct {
	Shards int
	bounds []string
	got    bool
}

func (f *shardFn) ProcessElement(line string, sample []string, emit func(int, string)) {
	if !f.got {
		f.got = true
		for i := 1; i < f.Shards && len(sample) > 0; i++ {
			f.bounds = append(f.bounds, sample[i*len(sample)/f.Shards])
		}
	}
	// The shard is the number of bounds at or before the line.
	emit(sort.Search(len(f.bounds), func(i int) bool { return line < f.bounds[i] }), line)
}
