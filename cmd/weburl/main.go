//go:generate go run mkdoc.go

package main

import (
	"bytes"
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/canon"
	"github.com/weburl/weburl/links"
	"github.com/weburl/weburl/warc"
	"golang.org/x/net/idna"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// usage is the command's help, which -h prints and doc.go holds too.
//
//go:embed usage.txt
var usage string

// run runs the command and returns its exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("weburl", flag.ContinueOnError)
	flags.SetOutput(stderr)
	flags.Usage = func() {} // printed below: to stdout for -h
	baseFlag := flags.String("base", "", "resolve each input against this base URL")
	jsonFlag := flags.Bool("json", false, "print a JSON object per input")
	validateFlag := flags.Bool("validate", false, "print the validation errors")
	versionFlag := flags.Bool("version", false, "print the version")
	canonFlag := flags.String("canon", "", "print each URL's canonical key by a profile")
	surtFlag := flags.Bool("surt", false, "print each URL's SURT")
	surtCDXFlag := flags.Bool("surt-cdx", false, "print each URL's SURT as the surt package makes it")
	maxLengthFlag := flags.Int("max-length", defaultMaxLength, "answer an input longer than this many bytes as URL-too-long")
	linksFlag := flags.Bool("links", false, "print the links of an HTML document")
	serveFlag := flags.String("serve", "", "serve the live URL viewer at this address")
	contentTypeFlag := flags.String("content-type", "", "with -links: the document's Content-Type header")
	encodingFlag := flags.String("encoding", "", "with -links: an encoding label that overrides the document's")
	maxBytesFlag := flags.Int64("max-bytes", links.DefaultMaxBytes, "with -links and -outlinks: the longest document read, in bytes")
	indexFlag := flags.String("index", "", "print the index of WARC and ARC files in this format")
	postAppendFlag := flags.Bool("post-append", false, "with -index: append POST and PUT bodies to the key")
	sortFlag := flags.Bool("sort", false, "with -index: one sorted index over every file")
	jobsFlag := flags.Int("j", runtime.GOMAXPROCS(0), "with -index and -outlinks: how many files to read at a time")
	outlinksFlag := flags.Bool("outlinks", false, "print the links of the HTML pages of WARC and ARC files")
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, usage)
			return 0
		}
		fmt.Fprint(stderr, usage)
		return 2
	}
	if *versionFlag {
		fmt.Fprintln(stdout, version())
		return 0
	}
	if flagSet(flags, "serve") {
		if flags.NFlag() != 1 || flags.NArg() != 0 {
			fmt.Fprintln(stderr, "weburl: -serve ADDR goes with no other flag or argument")
			return 2
		}
		return serve(*serveFlag, stderr)
	}
	if flagSet(flags, "index") || *outlinksFlag {
		for _, name := range []string{"base", "json", "validate", "canon", "surt", "surt-cdx", "max-length", "links", "content-type", "encoding"} {
			if flagSet(flags, name) {
				fmt.Fprintf(stderr, "weburl: -%s does not go with -index or -outlinks\n", name)
				return 2
			}
		}
		o := archiveOptions{outlinks: *outlinksFlag, postAppend: *postAppendFlag, sort: *sortFlag, jobs: *jobsFlag, maxBytes: *maxBytesFlag}
		switch {
		case flagSet(flags, "index") && *outlinksFlag:
			fmt.Fprintln(stderr, "weburl: -index and -outlinks: give one")
			return 2
		case *outlinksFlag && (*postAppendFlag || *sortFlag):
			fmt.Fprintln(stderr, "weburl: -post-append and -sort go with -index")
			return 2
		case flags.NArg() == 0:
			fmt.Fprintln(stderr, "weburl: -index and -outlinks read the WARC and ARC files named after the flags")
			return 2
		case flagSet(flags, "max-bytes") && !*outlinksFlag:
			fmt.Fprintln(stderr, "weburl: -max-bytes goes with -links and -outlinks")
			return 2
		case *maxBytesFlag <= 0:
			fmt.Fprintf(stderr, "weburl: -max-bytes %d: the length is a number of bytes, at least 1\n", *maxBytesFlag)
			return 2
		case *jobsFlag < 1:
			fmt.Fprintf(stderr, "weburl: -j %d: the number of files to read at a time, at least 1\n", *jobsFlag)
			return 2
		}
		if !*outlinksFlag {
			o.format = warc.IndexFormat(*indexFlag)
			if _, err := warc.NewIndexer(o.format, warc.IndexOptions{}); err != nil {
				fmt.Fprintf(stderr, "weburl: -index %q: the formats are cdxj-indexer, cdx11 and warcio\n", *indexFlag)
				return 2
			}
		}
		return runArchive(flags.Args(), o, stdout, stderr)
	}
	if *postAppendFlag || *sortFlag || flagSet(flags, "j") {
		fmt.Fprintln(stderr, "weburl: -post-append, -sort and -j go with -index (-j with -outlinks too)")
		return 2
	}
	if *linksFlag {
		if len(flags.Args()) != 1 || *validateFlag || flagSet(flags, "canon") || *surtFlag || *surtCDXFlag || flagSet(flags, "max-length") {
			fmt.Fprintln(stderr, "weburl: -links reads one document, FILE or - (standard input), with -base, -content-type, -encoding, -max-bytes and -json")
			return 2
		}
		if *maxBytesFlag <= 0 {
			fmt.Fprintf(stderr, "weburl: -max-bytes %d: the length is a number of bytes, at least 1\n", *maxBytesFlag)
			return 2
		}
		return runLinks(flags.Arg(0), linksOptions{base: *baseFlag, contentType: *contentTypeFlag, encoding: *encodingFlag,
			json: *jsonFlag, maxBytes: *maxBytesFlag}, stdin, stdout, stderr)
	}
	if flagSet(flags, "content-type") || flagSet(flags, "encoding") || flagSet(flags, "max-bytes") {
		fmt.Fprintln(stderr, "weburl: -content-type, -encoding and -max-bytes go with -links")
		return 2
	}
	if *maxLengthFlag <= 0 {
		fmt.Fprintf(stderr, "weburl: -max-length %d: the length is a number of bytes, at least 1\n", *maxLengthFlag)
		return 2
	}
	opts := &options{json: *jsonFlag, validate: *validateFlag, surt: *surtFlag || *surtCDXFlag, maxLength: *maxLengthFlag}
	opts.surtOpts.CDXCompatible = *surtCDXFlag
	if *surtFlag && *surtCDXFlag {
		fmt.Fprintln(stderr, "weburl: -surt and -surt-cdx: give one")
		return 2
	}
	if flagSet(flags, "canon") {
		opts.canon = profiles[*canonFlag]
		if opts.canon == nil {
			fmt.Fprintf(stderr, "weburl: -canon %q: the profiles are frontier, sortquery, safebrowsing and wayback\n", *canonFlag)
			return 2
		}
	}
	if (opts.canon != nil || opts.surt) && (opts.json || opts.validate) || opts.canon != nil && opts.surt {
		fmt.Fprintln(stderr, "weburl: -canon, -surt and -surt-cdx go with no other output flag")
		return 2
	}
	if *baseFlag != "" || flagSet(flags, "base") {
		base, err := weburl.Parse(*baseFlag)
		if err != nil {
			fmt.Fprintf(stderr, "weburl: -base: %s\n", errorText(err))
			return 2
		}
		opts.base, opts.baseHref = base, baseFlag
	}

	p := &printer{stdout: stdout, stderr: stderr}
	inputs := flags.Args()
	if len(inputs) == 0 {
		inputs = []string{"-"}
	}
	w, ch := newWorker(opts), new(chunk)
	n := 1 // the number of the next line
	for _, arg := range inputs {
		if arg != "-" {
			w.line(ch, n, arg)
			n++
			continue
		}
		// Standard input, after the arguments so far.
		p.print(ch)
		ch.out.Reset()
		ch.errOut.Reset()
		lines, err := stream(stdin, p, opts, min(runtime.GOMAXPROCS(0), maxWorkers), n)
		if err != nil {
			fmt.Fprintf(stderr, "weburl: reading standard input: %v\n", err)
			return 1
		}
		n += lines
	}
	p.print(ch)
	if p.err != nil {
		fmt.Fprintf(stderr, "weburl: %v\n", p.err)
		return 1
	}
	if p.failed {
		return 1
	}
	return 0
}

// version describes the command's build: the module version (or "devel"
// for a build from a checkout), the Go toolchain, and the Unicode version
// of the IDNA tables that golang.org/x/net/idna has with it, which decides
// how some international hosts parse.
func version() string {
	v := "devel"
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" && info.Main.Version != "(devel)" {
		v = info.Main.Version
	}
	return fmt.Sprintf("weburl %s (%s, IDNA tables of Unicode %s)", v, runtime.Version(), idna.UnicodeVersion)
}

func flagSet(flags *flag.FlagSet, name string) bool {
	set := false
	flags.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// options are what the flags ask for.
type options struct {
	json      bool
	validate  bool
	canon     *canon.Canonicalizer
	surt      bool // -surt or -surt-cdx
	surtOpts  canon.SURTOptions
	base      *weburl.URL
	baseHref  *string
	maxLength int // the longest input parsed; 0 (in tests): defaultMaxLength
}

// defaultMaxLength is the default of -max-length: 2 MiB, the longest URL
// Chromium keeps (url::kMaxURLChars).
const defaultMaxLength = 2 << 20

// headLength is how much of an input longer than -max-length the command
// keeps, to print: 1 KiB.
const headLength = 1 << 10

func (o *options) max() int {
	if o.maxLength <= 0 {
		return defaultMaxLength
	}
	return o.maxLength
}

// profiles are the values of -canon: copies of the profiles, made before
// anything could change them.
var profiles = map[string]*canon.Canonicalizer{
	"safebrowsing": ptr(canon.SafeBrowsing),
	"wayback":      ptr(canon.Wayback),
	"sortquery":    ptr(canon.SortQuery),
	"frontier":     ptr(canon.Frontier),
}

func ptr[T any](v T) *T { return &v }

// A chunk is a run of whole lines of the input, and what parsing them
// prints.
type chunk struct {
	block  []byte // what the lines were read into
	lines  []byte // the lines, at the start of block
	first  int    // the number of the first line
	long   int64  // not 0: lines is the head of one line this long, longer than -max-length
	out    bytes.Buffer
	errOut bytes.Buffer
	failed bool          // a line failed to parse (or, with -validate, had errors)
	done   chan struct{} // receives when a worker has parsed the lines
}

// blockSize is the size of a chunk's block, which grows for a longer line.
// (A variable so that tests can make blocks small.)
var blockSize = 64 << 10

const (
	// maxWorkers bounds the goroutines that parse, and with them the
	// chunks in flight, two per worker, of about 160 KiB each. (Reading
	// and splitting kasztp.txt takes a thirtieth of the time parsing it
	// does, so the one reader could keep more busy.)
	maxWorkers = 16
)

// stream parses the lines of r, without their "\n" or "\r\n", on the given
// number of goroutines, and prints what each prints in the order of the
// lines.
//
// It reads r into the block of one chunk until a read brings the end of a
// line; the lines go to a worker, and what follows them to the block of
// the next chunk. A chunk's lines are parsed (see worker.parse) and
// printed before the block is read into again. A fixed number of chunks go
// round, each with a block of blockSize, grown for a line up to
// -max-length+2 bytes; of a longer line only the first headLength bytes
// are kept (see readChunks). So memory is bounded however long the input
// and its lines. A read that ends in the middle of the input is printed as
// soon as it is parsed, so the command can answer a line at a time in an
// interactive pipeline.
func stream(r io.Reader, p *printer, opts *options, workers, first int) (lines int, err error) {
	depth := 2
	if workers > 1 {
		depth = 2*workers + 2
	}
	free := make(chan *chunk, depth)
	for range depth {
		ch := &chunk{block: make([]byte, blockSize), done: make(chan struct{}, 1)}
		ch.out.Grow(blockSize + blockSize/2)
		free <- ch
	}
	recycle := func(ch *chunk) {
		if len(ch.block) > blockSize {
			ch.block = make([]byte, blockSize) // after a long line
		}
		free <- ch
	}

	r = &bomReader{r: r}
	if workers <= 1 {
		w := newWorker(opts)
		return readChunks(r, free, first, opts.max(), func(ch *chunk) bool {
			w.parse(ch)
			p.print(ch)
			recycle(ch)
			return !p.stopped.Load()
		})
	}

	work := make(chan *chunk, depth)
	order := make(chan *chunk, depth)
	for range workers {
		go func() {
			w := newWorker(opts)
			for ch := range work {
				w.parse(ch)
				ch.done <- struct{}{}
			}
		}()
	}
	printed := make(chan struct{})
	go func() {
		for ch := range order {
			<-ch.done
			p.print(ch)
			recycle(ch)
		}
		close(printed)
	}()
	lines, err = readChunks(r, free, first, opts.max(), func(ch *chunk) bool {
		order <- ch
		work <- ch
		return !p.stopped.Load()
	})
	close(work)
	close(order)
	<-printed
	return lines, err
}

// readChunks reads r into chunks taken from free and passes each to parse
// when it holds whole lines, until the input ends or parse returns false;
// see stream. The first line is number first; it returns how many lines
// it passed on.
//
// A chunk's block holds, after its whole lines are passed on, the start
// of one line. Once that start is longer than maxLength+1 bytes, the line
// is longer than maxLength even less a "\r" before its "\n": the chunk
// keeps its first headLength bytes and reads the rest of it into the
// block's next bytes, over and over (see skipLine), and passes on that
// line alone, its length in long.
func readChunks(r io.Reader, free chan *chunk, first, maxLength int, parse func(*chunk) bool) (lines int, err error) {
	ch := <-free
	ch.first, ch.long = first, 0
	end := 0 // ch.block[:end] is read and not yet parsed
	// pass passes on ch, holding lines (count of them), and moves rest to
	// the start of the next chunk's block.
	pass := func(lines, rest []byte, count int) bool {
		next := <-free
		if len(next.block) < len(rest) {
			next.block = make([]byte, len(ch.block))
		}
		ch.lines = lines
		next.first, next.long = ch.first+count, 0
		end = copy(next.block, rest)
		ok := parse(ch)
		ch = next
		return ok
	}
	carried := 0 // ch.block[:carried] is read, after a line skipped, and not yet looked at
	for {
		if end > maxLength+1 {
			head, long, rest, eof, err := skipLine(r, ch, end)
			if err != nil {
				return ch.first - first, err
			}
			ch.long = long
			if eof {
				ch.lines = ch.block[:head]
				parse(ch)
				return ch.first + 1 - first, nil
			}
			if !pass(ch.block[:head], rest, 1) {
				return ch.first - first, nil
			}
			carried, end = end, 0
			continue
		}
		var k int
		var err error
		if carried > 0 {
			k, carried = carried, 0
		} else {
			k, err = r.Read(ch.block[end:])
		}
		if i := bytes.LastIndexByte(ch.block[end:end+k], '\n'); i >= 0 {
			end, i = end+k, end+i+1
			if !pass(ch.block[:i], ch.block[i:end], bytes.Count(ch.block[:i], []byte("\n"))) {
				return ch.first - first, nil
			}
		} else {
			end += k
		}
		if err == io.EOF {
			if end == 0 {
				return ch.first - first, nil
			}
			if end > maxLength+1 {
				continue // skipLine sees the end
			}
			ch.lines = ch.block[:end] // a last line without "\n"
			parse(ch)
			return ch.first + 1 - first, nil
		}
		if err != nil {
			return ch.first - first, err
		}
		if end == len(ch.block) && end <= maxLength+1 {
			// Room for the line to grow, to maxLength+2 bytes.
			ch.block = append(ch.block, make([]byte, min(len(ch.block), maxLength+2-len(ch.block)))...)
		}
	}
}

// skipLine reads the rest of a line of which ch.block[:end] is the start,
// keeping only its first headLength bytes at the start of the block. It
// returns how many bytes of the block are the line's head, the length of
// the line (less a "\r" at its end), the bytes read after its "\n", in the
// block, and whether the input ended before a "\n".
func skipLine(r io.Reader, ch *chunk, end int) (head int, long int64, rest []byte, eof bool, err error) {
	if len(ch.block) < headLength+blockSize {
		ch.block = append(ch.block, make([]byte, headLength+blockSize-len(ch.block))...)
	}
	head, long = min(end, headLength), int64(end)
	last := ch.block[end-1]
	for {
		k, err := r.Read(ch.block[head:])
		read := ch.block[head : head+k]
		i := bytes.IndexByte(read, '\n')
		line := read
		if i >= 0 {
			line, rest = read[:i], read[i+1:]
		}
		if len(line) > 0 {
			last = line[len(line)-1]
		}
		long += int64(len(line))
		head += min(len(line), headLength-head) // the head, until it is whole
		if i >= 0 || err == io.EOF {
			if last == '\r' {
				long--
				head = int(min(int64(head), long))
			}
			return head, long, rest, i < 0, nil
		}
		if err != nil {
			return 0, 0, nil, false, err
		}
	}
}

// A bomReader reads r less a UTF-8 byte order mark at its start, which
// editors on Windows write before the first line. It holds back the first
// bytes only while they may still be a mark, so that an interactive
// pipeline is answered a line at a time.
type bomReader struct {
	r       io.Reader
	pending []byte // read, not yet returned, and not a mark
	err     error  // the error of a read while checking the start
	done    bool   // the start has been checked
}

const bom = "\uFEFF" // in UTF-8: EF BB BF

func (b *bomReader) Read(p []byte) (int, error) {
	for !b.done {
		var buf [len(bom)]byte
		k, err := b.r.Read(buf[:len(bom)-len(b.pending)])
		b.pending = append(b.pending, buf[:k]...)
		switch {
		case string(b.pending) == bom:
			b.pending, b.done = nil, true
		case !strings.HasPrefix(bom, string(b.pending)) || err != nil:
			b.done = true
		}
		b.err = err
	}
	if len(b.pending) > 0 {
		n := copy(p, b.pending)
		b.pending = b.pending[n:]
		return n, nil
	}
	if b.err != nil {
		return 0, b.err
	}
	return b.r.Read(p)
}

// A printer writes chunks' output. Only one goroutine prints, but another
// may ask whether it has stopped.
type printer struct {
	stdout, stderr io.Writer
	err            error       // the first error writing to stdout
	stopped        atomic.Bool // err is set: reading on is pointless
	failed         bool        // a chunk failed
}

func (p *printer) print(ch *chunk) {
	if p.err == nil && ch.out.Len() > 0 {
		if _, p.err = p.stdout.Write(ch.out.Bytes()); p.err != nil {
			p.stopped.Store(true)
		}
	}
	if ch.errOut.Len() > 0 {
		p.stderr.Write(ch.errOut.Bytes()) // as fmt.Fprintf(os.Stderr) would, ignoring errors
	}
	p.failed = p.failed || ch.failed
}

// A worker parses the lines of chunks. Each goroutine has its own.
type worker struct {
	*options
	parser weburl.Parser
	url    weburl.URL // reused by line
	errs   []weburl.ValidationError
}

func newWorker(opts *options) *worker {
	w := &worker{options: opts}
	w.parser.Base = opts.base
	if opts.validate {
		w.parser.OnValidationError = func(e weburl.ValidationError) { w.errs = append(w.errs, e) }
	}
	return w
}

// parse parses the lines of ch and keeps what they print in ch. The lines
// are copied into one string, of which each line is a substring: one
// allocation per chunk, and a URL that keeps its input as its href keeps a
// string that never changes, not a view of the block that is read into
// again.
func (w *worker) parse(ch *chunk) {
	ch.out.Reset()
	ch.errOut.Reset()
	ch.failed = false
	if ch.long != 0 {
		w.tooLong(ch, ch.first, string(ch.lines), ch.long)
		return
	}
	n := ch.first
	for rest := string(ch.lines); len(rest) > 0; n++ {
		line := rest
		if i := strings.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i], rest[i+1:]
		} else {
			rest = ""
		}
		w.line(ch, n, strings.TrimSuffix(line, "\r"))
	}
}

// line parses input, line n, and writes what the flags ask for to ch.
func (w *worker) line(ch *chunk, n int, input string) {
	if len(input) > w.max() {
		w.tooLong(ch, n, input, int64(len(input)))
		return
	}
	if w.canon != nil || w.surt {
		w.key(ch, n, input)
		return
	}
	w.errs = w.errs[:0]
	// One URL, reused: a line that is its own serialization, as most are,
	// then costs no allocation, and a resolved one only its href.
	u := &w.url
	err := w.parser.ParseInto(u, input)
	if err != nil || w.validate && len(w.errs) > 0 {
		ch.failed = true
	}
	out := &ch.out
	switch {
	case w.json:
		w.printJSON(out, input, u, err)
	case w.validate:
		b := out.AvailableBuffer()
		for _, e := range w.errs {
			b = strconv.AppendInt(b, int64(n), 10)
			b = append(b, ':')
			b = strconv.AppendInt(b, int64(e.Offset), 10)
			b = append(b, ": "...)
			b = append(b, e.Code.String()...)
			if e.Fatal {
				b = append(b, " (fatal)"...)
			}
			b = append(b, ": "...)
			b = append(b, e.Code.Description()...)
			b = append(b, '\n')
		}
		out.Write(b)
	default:
		if err == nil {
			out.WriteString(u.Href())
		}
		out.WriteByte('\n')
		if err != nil {
			fmt.Fprintf(&ch.errOut, "weburl: line %d: %s\n", n, errorText(err))
		}
	}
}

// tooLong writes what the flags ask for to ch for line n, long bytes
// long, longer than -max-length, of which head is the start: the failure
// URL-too-long, as the library reports an input longer than
// weburl.MaxInputLength, at offset -max-length. Of head, the first
// headLength bytes are printed (less the start of a character they cut).
func (w *worker) tooLong(ch *chunk, n int, head string, long int64) {
	if long > headLength {
		head = head[:headLength]
		// A character that starts in the last 3 bytes and ends after
		// them is left out whole.
		for i := len(head) - 1; i >= len(head)-utf8.UTFMax+1; i-- {
			if utf8.RuneStart(head[i]) {
				if !utf8.FullRuneInString(head[i:]) {
					head = head[:i]
				}
				break
			}
		}
	}
	ch.failed = true
	err := weburl.ErrURLTooLong
	switch {
	case w.json:
		w.errs = append(w.errs[:0], weburl.ValidationError{Code: err, Offset: w.max(), Fatal: true})
		w.printJSON(&ch.out, head, nil, &weburl.Error{Code: err})
		return
	case w.validate:
		fmt.Fprintf(&ch.out, "%d:%d: %s (fatal): %s\n", n, w.max(), err, err.Description())
		return
	}
	more := ""
	if int64(len(head)) < long {
		more = "..."
	}
	ch.out.WriteByte('\n')
	fmt.Fprintf(&ch.errOut, "weburl: line %d: parse %q%s (%d bytes, more than -max-length %d): %s\n", n, head, more, long, w.max(), err)
}

// key writes the -canon, -surt or -surt-cdx key of input, line n, to ch. Without
// -base the profile reads the line itself (Safe Browsing reads bytes, the
// others add "http://" to a line without a scheme); with -base the line is
// resolved first, and the key is that of the URL.
func (w *worker) key(ch *chunk, n int, input string) {
	var key string
	var err error
	// A SURT is appended to the output's buffer, not made a string of its
	// own.
	out := ch.out.AvailableBuffer()
	switch {
	case w.base != nil:
		u := &w.url
		if err = w.parser.ParseInto(u, input); err == nil {
			if w.surt {
				out, err = canon.AppendSURTURL(out, u, w.surtOpts)
			} else {
				key = w.canon.CanonicalizeURL(u)
			}
		}
	case w.surt:
		out, err = canon.AppendSURT(out, input, w.surtOpts)
	default:
		key, err = w.canon.Canonicalize(input)
	}
	if err != nil {
		ch.failed = true
		ch.out.WriteByte('\n')
		// A *weburl.Error or a *canon.Error, without its package's name.
		msg := strings.TrimPrefix(strings.TrimPrefix(err.Error(), "weburl: "), "canon: ")
		fmt.Fprintf(&ch.errOut, "weburl: line %d: %s\n", n, msg)
		return
	}
	ch.out.Write(append(append(out, key...), '\n'))
}

// printJSON writes a line of -json output: the fields of a case of the
// web-platform-tests URL data, or a failure, in that data's order.
func (w *worker) printJSON(out *bytes.Buffer, input string, u *weburl.URL, err error) {
	b := out.AvailableBuffer()
	b = append(b, `{"input":`...)
	b = appendJSONString(b, input)
	b = append(b, `,"base":`...)
	if w.baseHref == nil {
		b = append(b, "null"...)
	} else {
		b = appendJSONString(b, *w.baseHref)
	}
	if err != nil {
		code := err.Error()
		if e, ok := errors.AsType[*weburl.Error](err); ok {
			code = e.Code.String()
		}
		b = append(b, `,"failure":true,"error":`...)
		b = appendJSONString(b, code)
	} else {
		for _, f := range [...]struct{ name, value string }{
			{"href", u.Href()}, {"origin", u.Origin()}, {"protocol", u.Protocol()},
			{"username", u.Username()}, {"password", u.Password()},
			{"host", u.Host()}, {"hostname", u.Hostname()}, {"port", u.Port()},
			{"pathname", u.Pathname()}, {"search", u.Search()}, {"hash", u.Hash()},
		} {
			b = append(b, ',', '"')
			b = append(b, f.name...)
			b = append(b, '"', ':')
			b = appendJSONString(b, f.value)
		}
	}
	if w.validate && len(w.errs) > 0 {
		b = append(b, `,"validationErrors":[`...)
		for i, e := range w.errs {
			if i > 0 {
				b = append(b, ',')
			}
			// The keys of weburl.ValidationError's MarshalJSON.
			b = append(b, `{"code":`...)
			b = appendJSONString(b, e.Code.String())
			b = append(b, `,"offset":`...)
			b = strconv.AppendInt(b, int64(e.Offset), 10)
			b = append(b, `,"description":`...)
			b = appendJSONString(b, e.Code.Description())
			b = append(b, `,"fatal":`...)
			b = strconv.AppendBool(b, e.Fatal)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = append(b, "}\n"...)
	out.Write(b)
}

// appendJSONString appends s as a JSON string, escaped as encoding/json
// escapes it without HTML escaping: '"', '\\', the C0 controls, and U+2028
// and U+2029, which JavaScript once did not allow in a string; invalid
// UTF-8 becomes U+FFFD. (Written by hand, the -json output of kasztp.txt
// takes 32 ms on one core, against 115 ms with encoding/json.)
// https://www.rfc-editor.org/rfc/rfc8259#section-7
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0 // s[start:i] is to be copied as it is
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = utf8.AppendRune(b, utf8.RuneError)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// errorText is a parse error's text without the "weburl: " the command
// prints once, and without the hint the package gives Go programs that
// parse a relative reference alone (to resolve it with base.Parse): here
// -base does that, and a line the command cannot parse may be no
// reference at all.
func errorText(err error) string {
	var e *weburl.Error
	if errors.As(err, &e) && e.Op == "" {
		c := *e
		c.Op = "parse"
		err = &c
	}
	return strings.TrimPrefix(err.Error(), "weburl: ")
}
