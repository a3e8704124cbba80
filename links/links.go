package links

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/weburl/weburl"
	"golang.org/x/net/html"
)

// Options say what Extract knows of a document besides its bytes.
type Options struct {
	URL         *weburl.URL // the document's URL (the fallback base URL); required
	ContentType string      // the HTTP Content-Type header the document came with (its charset counts)
	Encoding    string      // an encoding label that overrides detection, as a user's override; "" for none

	// MaxBytes is the most bytes of the document Extract reads: a longer
	// document is an error, and Extract reads one byte past the limit
	// to know it. 0 is DefaultMaxBytes.
	MaxBytes int64
}

// DefaultMaxBytes is the default Options.MaxBytes, 64 MiB.
const DefaultMaxBytes = 64 << 20

// A Document is what Extract finds in a document.
type Document struct {
	Encoding string      // the document's encoding, by its Encoding Standard name ("UTF-8", "windows-1252", "Shift_JIS")
	BaseURL  *weburl.URL // the document base URL
	Links    []Link      // in tree order
}

// A Link is a URL of an element's attribute.
type Link struct {
	Element string      // the element's local name, lowercase: "a", "img", "form"
	Attr    string      // "href", "src", "srcset", "action", "formaction", "cite", "data", "poster", "ping", "content", ...
	Raw     string      // the URL text as the attribute gives it (for srcset and ping: one candidate's URL)
	URL     *weburl.URL // the URL the DOM resolves it to; nil when it does not parse
	Err     error       // why, when URL is nil

	// Descriptor is, for a srcset or imagesrcset candidate, its
	// descriptors as the attribute writes them ("2x", "100w"), "" when it
	// has none; "" for other links.
	Descriptor string
}

// ErrNoURL is the error of Extract called without Options.URL.
var ErrNoURL = errors.New("links: Options.URL is nil: a document's URL is its fallback base URL")

// A TooLongError is the error of a document longer than Options.MaxBytes.
type TooLongError struct {
	MaxBytes int64
}

// Error says what the limit was.
func (e *TooLongError) Error() string {
	return fmt.Sprintf("links: the document is longer than %d bytes (Options.MaxBytes)", e.MaxBytes)
}

// An EncodingError is the error of an Options.Encoding that is not a
// label of the Encoding Standard.
type EncodingError struct {
	Label string
}

// Error names the label.
func (e *EncodingError) Error() string {
	return fmt.Sprintf("links: %q is not an encoding label of the Encoding Standard", e.Label)
}

// Extract reads an HTML document from r, at most opts.MaxBytes of it,
// and returns its encoding, its base URL and its links. Any bytes are a
// document (HTML has no invalid input): the errors are those of reading
// r, a document too long, a nil opts.URL and an opts.Encoding that names
// no encoding.
func Extract(r io.Reader, opts Options) (*Document, error) {
	if opts.URL == nil || opts.URL.Href() == "" {
		return nil, ErrNoURL
	}
	var override encodingInfo
	if opts.Encoding != "" {
		e, ok := getEncoding(opts.Encoding)
		if !ok {
			return nil, &EncodingError{Label: opts.Encoding}
		}
		override = e
	}
	limit := opts.MaxBytes
	if limit <= 0 {
		limit = DefaultMaxBytes
	}
	doc, err := readAll(r, limit)
	if err != nil {
		return nil, err
	}
	enc, conf, bom := sniff(doc, override, opts.ContentType)
	tree, err := parse(doc, bom, enc)
	if err != nil {
		return nil, err
	}
	if conf == tentative {
		// A <meta> the parser finds changes a tentative encoding: the
		// document is parsed again in the one it declares.
		if e, ok := declaredEncoding(tree); ok && e.name != enc.name {
			enc = e
			if tree, err = parse(doc, 0, enc); err != nil {
				return nil, err
			}
		}
	}
	d := &Document{Encoding: enc.name}
	w := newWalker(opts.URL, enc)
	d.BaseURL = w.base(tree)
	d.Links = w.links(tree)
	return d, nil
}

// readAll reads r to its end, or to one byte past limit.
func readAll(r io.Reader, limit int64) ([]byte, error) {
	var buf []byte
	if n, ok := sizeOf(r); ok && n <= limit {
		buf = make([]byte, 0, n+1)
	}
	lr := &io.LimitedReader{R: r, N: limit + 1}
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := lr.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > limit {
			return nil, &TooLongError{MaxBytes: limit}
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// sizeOf returns the length of r's unread bytes where r tells it
// (*bytes.Reader, *strings.Reader, *bytes.Buffer).
func sizeOf(r io.Reader) (int64, bool) {
	if r, ok := r.(interface{ Len() int }); ok {
		return int64(r.Len()), true
	}
	return 0, false
}

// parse decodes doc and builds its tree, with scripting on.
func parse(doc []byte, bom int, enc encodingInfo) (*html.Node, error) {
	text, err := decode(doc, bom, enc)
	if err != nil {
		return nil, err
	}
	return html.ParseWithOptions(strings.NewReader(text), html.ParseOptionEnableScripting(true))
}
