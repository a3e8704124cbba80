// Command cdxindex indexes web archives on Apache Beam: every WARC and
// ARC file that a glob matches, in a format of package warc, written as
// shards whose concatenation in name order is the sorted index that
// `weburl -index FORMAT -sort` writes of the same files.
//
// Usage:
//
//	cdxindex [Beam flags] -input GLOB -output PREFIX [-shards N] [-format F] [-post-append]
//
// Each file is indexed whole by one worker (warc.Indexer: cdxj-indexer,
// cdx11 or warcio, byte for byte as those tools write). The lines are
// split into N ranges by bounds sampled from them, as Hadoop's
// TotalOrderPartitioner splits CDX files, and each range is sorted and
// written, each line once:
//
//	PREFIX-00000-of-0000N.cdxj ... the shards (.cdx for cdx11), in order
//	PREFIX-problems.txt            file<TAB>offset<TAB>message: where a file
//	                               stopped being readable ("stopped: ..."),
//	                               and what its index read past (the offset
//	                               in 20 digits, for the lines to sort by it)
//
// It exits with status 1 when PREFIX-problems.txt is not empty.
//
// It runs on the runner Beam's flags name: --runner=prism (the default,
// in this process), direct, universal, flink, spark or dataflow.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
	"github.com/weburl/weburl/warc"
	"github.com/weburl/weburl/weburlbeam"

	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
)

var (
	input      = flag.String("input", "", "the WARC and ARC files to index (a glob)")
	output     = flag.String("output", "", "the prefix of the files to write")
	shards     = flag.Int("shards", 1, "how many files the sorted index is split into")
	format     = flag.String("format", "cdxj-indexer", "the index format: cdxj-indexer, cdx11 or warcio")
	postAppend = flag.Bool("post-append", false, "append POST and PUT bodies to the key (cdxj-indexer -p)")
)

func init() {
	register.DoFn4x1[context.Context, int, func(*int) bool, func(*string) bool, error](&writeShardFn{})
	register.DoFn3x1[context.Context, []byte, func(*weburlbeam.ArchiveProblem) bool, error](&writeProblemsFn{})
	register.Function1x2(shardID)
	register.Iter1[int]()
	register.Iter1[string]()
	register.Iter1[weburlbeam.ArchiveProblem]()
}

func main() {
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: cdxindex [Beam flags] -input GLOB -output PREFIX [-shards N] [-format F] [-post-append]\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	beam.Init()
	if *input == "" || *output == "" || *shards < 1 {
		flag.Usage()
		os.Exit(2)
	}
	if _, err := warc.NewIndexer(warc.IndexFormat(*format), warc.IndexOptions{}); err != nil {
		fmt.Fprintf(os.Stderr, "cdxindex: %v\n", err)
		os.Exit(2)
	}
	p, s := beam.NewPipelineWithRoot()
	build(s, *input, *output, *shards, warc.IndexFormat(*format), *postAppend)
	if err := beamx.Run(context.Background(), p); err != nil {
		fmt.Fprintf(os.Stderr, "cdxindex: %v\n", err)
		os.Exit(1)
	}
	problems, err := readFile(context.Background(), *output+"-problems.txt")
	if err != nil {
		fmt.Fprintf(os.Stderr, "cdxindex: %v\n", err)
		os.Exit(1)
	}
	if len(problems) > 0 {
		os.Stderr.Write(problems)
		os.Exit(1)
	}
}

// shardName is the name of shard i of n.
func shardName(prefix string, i, n int, format warc.IndexFormat) string {
	ext := ".cdxj"
	if format == warc.CDX11 {
		ext = ".cdx"
	}
	return fmt.Sprintf("%s-%05d-of-%05d%s", prefix, i, n, ext)
}

// build adds the pipeline to s.
func build(s beam.Scope, input, output string, shards int, format warc.IndexFormat, postAppend bool) {
	lines, problems := weburlbeam.IndexArchives(s, input, format, postAppend)
	keyed := weburlbeam.ShardIndex(s, lines, shards)
	// Every shard is written, an empty one too: its number joins the lines.
	ids := make([]int, shards)
	for i := range ids {
		ids[i] = i
	}
	idKV := beam.ParDo(s, shardID, beam.CreateList(s, ids))
	grouped := beam.CoGroupByKey(s, idKV, keyed)
	beam.ParDo0(s, &writeShardFn{Prefix: output, Shards: shards, Format: string(format)}, grouped)
	beam.ParDo0(s, &writeProblemsFn{Filename: output + "-problems.txt"}, beam.Impulse(s), beam.SideInput{Input: problems})
}

func shardID(i int) (int, int) { return i, i }

type writeShardFn struct {
	Prefix string
	Shards int
	Format string
}

// ProcessElement sorts a shard's lines, each once, into its file.
func (f *writeShardFn) ProcessElement(ctx context.Context, shard int, _ func(*int) bool, lines func(*string) bool) error {
	name := shardName(f.Prefix, shard, f.Shards, warc.IndexFormat(f.Format))
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return err
	}
	defer fs.Close()
	w, err := fs.OpenWrite(ctx, name)
	if err != nil {
		return err
	}
	sorter := warc.NewSorter(w, 0)
	var line string
	for lines(&line) {
		if _, err := io.WriteString(sorter, line+"\n"); err != nil {
			w.Close()
			return err
		}
	}
	if err := sorter.Close(); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

type writeProblemsFn struct {
	Filename string
}

// ProcessElement writes every problem, sorted by file and offset.
func (f *writeProblemsFn) ProcessElement(ctx context.Context, _ []byte, problems func(*weburlbeam.ArchiveProblem) bool) error {
	fs, err := filesystem.New(ctx, f.Filename)
	if err != nil {
		return err
	}
	defer fs.Close()
	w, err := fs.OpenWrite(ctx, f.Filename)
	if err != nil {
		return err
	}
	sorter := warc.NewSorter(w, 0)
	var p weburlbeam.ArchiveProblem
	for problems(&p) {
		msg := p.Message
		if p.Stopped {
			msg = "stopped: " + msg
		}
		// Offsets written to 20 digits sort as numbers.
		fmt.Fprintf(sorter, "%s\t%020d\t%s\n", p.File, p.Offset, msg)
	}
	if err := sorter.Close(); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

// readFile reads a file of any file system Beam knows.
func readFile(ctx context.Context, name string) ([]byte, error) {
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return nil, err
	}
	defer fs.Close()
	r, err := fs.OpenRead(ctx, name)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(r)
}
