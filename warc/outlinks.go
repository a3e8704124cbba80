package warc

import (
	"bufio"
	"fmt"
	"io"
	"iter"
	"strings"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/links"
)

// An Outlink is a link of an HTML page archived in a response record.
type Outlink struct {
	Offset    int64  // the record's offset in the file
	Target    string // the record's WARC-Target-URI: the page's URL
	Timestamp string // the 14 digits of the record's WARC-Date
	links.Link
}

// OutlinkOptions are the options of Outlinks.
type OutlinkOptions struct {
	// MaxBytes is the longest page read (links.Options.MaxBytes): a
	// longer one is skipped, with a warning.
	MaxBytes int64
	// Warn, if not nil, is called for what Outlinks reads past: a page
	// whose WARC-Target-URI does not parse (it has no URL to resolve its
	// links against) or that is longer than MaxBytes, and what the Reader
	// warns of.
	Warn func(*Error)
}

// Outlinks returns the links of every HTML page in the archive file r, as
// a browser's DOM resolves them (package links): for each response
// record whose payload is HTML by its archived Content-Type (or, without
// one, by the MIME Sniffing Standard's rules for an unknown type), the
// payload de-chunked and decoded as Record.Content does, read with the
// record's WARC-Target-URI as the document's URL and its Content-Type's
// charset. It yields each link with a nil error, and at the end an
// *Error if the file stops being readable before its end.
func Outlinks(r io.Reader, opts OutlinkOptions) iter.Seq2[*Outlink, error] {
	return func(yield func(*Outlink, error) bool) {
		rd := NewReader(r)
		rd.Warn = opts.Warn
		for {
			rec, err := rd.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				yield(nil, err)
				return
			}
			if rec.Type() != "response" || rec.HTTP == nil {
				continue
			}
			ctype, hasType := rec.HTTP.Header.Lookup("Content-Type")
			content := bufio.NewReaderSize(rec.Content(), 2048)
			if !isHTML(ctype, hasType, content) {
				continue
			}
			target := rec.TargetURI()
			ts, err := isoDateToTimestamp(rec.Date())
			if err != nil {
				yield(nil, rd.fail(&Error{Offset: rec.Offset, Err: err}))
				return
			}
			docURL, err := weburl.Parse(target)
			if err != nil {
				if opts.Warn != nil {
					opts.Warn(&Error{Offset: rec.Offset, Err: fmt.Errorf("a page whose WARC-Target-URI does not parse, so that its links cannot be resolved: %q: %v", target, urlErrorName(err))})
				}
				continue
			}
			doc, err := links.Extract(content, links.Options{URL: docURL, ContentType: ctype, MaxBytes: opts.MaxBytes})
			if err != nil {
				if opts.Warn != nil {
					opts.Warn(&Error{Offset: rec.Offset, Err: err})
				}
				continue
			}
			for _, l := range doc.Links {
				if !yield(&Outlink{Offset: rec.Offset, Target: target, Timestamp: ts, Link: l}, nil) {
					return
				}
			}
		}
	}
}

// isHTML reports whether a payload is HTML: by its Content-Type, or
// where there is none (or it says unknown/unknown, application/unknown or
// */*), by the MIME Sniffing Standard's rules for identifying an unknown
// MIME type (section 7.1) with the HTML patterns.
func isHTML(ctype string, has bool, content *bufio.Reader) bool {
	essence, _, _ := strings.Cut(ctype, ";")
	essence = strings.ToLower(strings.Trim(essence, " \t\r\n"))
	if has && strings.Contains(essence, "/") {
		switch essence {
		case "unknown/unknown", "application/unknown", "*/*":
		default:
			return essence == "text/html"
		}
	}
	head, _ := content.Peek(1445)
	return sniffHTML(head)
}

// htmlPatterns are the MIME Sniffing Standard's patterns of text/html,
// each followed by a tag-terminating byte (space or ">").
var htmlPatterns = []string{"<!DOCTYPE HTML", "<HTML", "<HEAD", "<SCRIPT", "<IFRAME", "<H1", "<DIV", "<FONT",
	"<TABLE", "<A", "<STYLE", "<TITLE", "<B", "<BODY", "<BR", "<P", "<!--"}

func sniffHTML(b []byte) bool {
	i := 0
	for i < len(b) && (b[i] == '\t' || b[i] == '\n' || b[i] == '\f' || b[i] == '\r' || b[i] == ' ') {
		i++
	}
	b = b[i:]
	for _, p := range htmlPatterns {
		if len(b) <= len(p) {
			continue
		}
		match := true
		for j := 0; j < len(p); j++ {
			c := b[j]
			if p[j] >= 'A' && p[j] <= 'Z' {
				c &^= 0x20 // the pattern's letters match either case
			}
			if c != p[j] {
				match = false
				break
			}
		}
		if match && (b[len(p)] == ' ' || b[len(p)] == '>') {
			return true
		}
	}
	return false
}
