package weburlbeam

import (
	"bufio"
	"context"
	"io"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local" // local paths; import others (gcs, s3) for theirs
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
)

func init() {
	register.DoFn3x1[context.Context, fileio.ReadableFile, func(string), error](&readLinesFn{})
	register.Emitter1[string]()
	register.DoFn2x0[string, func(Link)](&splitLinkFn{})
	register.Emitter1[Link]()
}

// ReadLines reads the lines of the text files that glob matches (a
// PCollection<string>), on any file system the program registers (local
// paths here; a program imports Beam's gcs or s3 package for gs:// or
// s3:// paths; .gz files are decompressed): each without its "\n", a CR
// before it, and, on a file's first line, a UTF-8 byte order mark. Each
// file is read whole by one worker.
func ReadLines(s beam.Scope, glob string) beam.PCollection {
	s = s.Scope("weburlbeam.ReadLines")
	files := fileio.ReadMatches(s, fileio.MatchFiles(s, glob), fileio.ReadAutoCompression())
	return beam.ParDo(s, &readLinesFn{}, files)
}

type readLinesFn struct{}

func (*readLinesFn) ProcessElement(ctx context.Context, file fileio.ReadableFile, emit func(string)) error {
	r, err := file.Open(ctx)
	if err != nil {
		return err
	}
	defer r.Close()
	br := bufio.NewReaderSize(r, 1<<16)
	first := true
	for {
		line, err := br.ReadString('\n')
		if line != "" {
			line = strings.TrimSuffix(line, "\n")
			line = strings.TrimSuffix(line, "\r")
			if first {
				line = strings.TrimPrefix(line, "\uFEFF")
			}
			emit(line)
		}
		first = false
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// ParseLinks reads lines (a PCollection<string>) of a page URL, a tab,
// and an href into links (a PCollection<Link>); a line without a tab is
// a link with an empty href (the page itself).
func ParseLinks(s beam.Scope, lines beam.PCollection) beam.PCollection {
	mustHold("weburlbeam.ParseLinks", "lines", lines, stringType)
	s = s.Scope("weburlbeam.ParseLinks")
	return beam.ParDo(s, &splitLinkFn{}, lines)
}

type splitLinkFn struct{}

func (*splitLinkFn) ProcessElement(line string, emit func(Link)) {
	page, h, _ := strings.Cut(cleanLine(line), "\t")
	emit(Link{Page: page, Href: h})
}
