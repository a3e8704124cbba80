package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/links"
)

// linksOptions are what the flags ask of -links.
type linksOptions struct {
	base        string // the document's URL; "" for FILE's file: URL
	contentType string
	encoding    string
	json        bool
	maxBytes    int64
}

// runLinks prints the links of the HTML document in the file name ("-"
// for standard input) and returns the exit status: 0 when every link
// parses, 1 when one does not or the document cannot be read, 2 for a
// usage error.
func runLinks(name string, o linksOptions, stdin io.Reader, stdout, stderr io.Writer) int {
	var docURL *weburl.URL
	switch {
	case o.base != "":
		u, err := weburl.Parse(o.base)
		if err != nil {
			fmt.Fprintf(stderr, "weburl: -base: %s\n", err)
			return 2
		}
		docURL = u
	case name == "-":
		fmt.Fprintln(stderr, "weburl: -links -: give the document's URL with -base (its links resolve against it)")
		return 2
	default:
		abs, err := filepath.Abs(name)
		if err != nil {
			fmt.Fprintf(stderr, "weburl: %v\n", err)
			return 1
		}
		style := weburl.POSIX
		if filepath.Separator == '\\' {
			style = weburl.Windows
		}
		u, err := weburl.FromFilePath(abs, style)
		if err != nil {
			fmt.Fprintf(stderr, "weburl: %s: %v\n", name, err)
			return 1
		}
		docURL = u
	}
	r := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintf(stderr, "weburl: %v\n", err)
			return 1
		}
		defer f.Close()
		r = f
	}
	doc, err := links.Extract(r, links.Options{URL: docURL, ContentType: o.contentType, Encoding: o.encoding, MaxBytes: o.maxBytes})
	if err != nil {
		fmt.Fprintf(stderr, "weburl: %s: %v\n", name, err)
		if errors.As(err, new(*links.EncodingError)) {
			return 2
		}
		return 1
	}
	out := bufio.NewWriter(stdout)
	status := 0
	var b []byte
	if o.json {
		b = append(b[:0], `{"encoding":`...)
		b = appendJSONString(b, doc.Encoding)
		b = append(b, `,"base":`...)
		b = appendJSONString(b, doc.BaseURL.Href())
		b = append(b, "}\n"...)
		out.Write(b)
	}
	for _, l := range doc.Links {
		code := ""
		if l.Err != nil {
			status = 1
			code = l.Err.Error()
			if e, ok := errors.AsType[*weburl.Error](l.Err); ok {
				code = e.Code.String()
			}
		}
		b = b[:0]
		switch {
		case o.json:
			b = append(b, `{"element":`...)
			b = appendJSONString(b, l.Element)
			b = append(b, `,"attr":`...)
			b = appendJSONString(b, l.Attr)
			b = append(b, `,"raw":`...)
			b = appendJSONString(b, l.Raw)
			if l.Descriptor != "" {
				b = append(b, `,"descriptor":`...)
				b = appendJSONString(b, l.Descriptor)
			}
			if l.URL != nil {
				b = append(b, `,"href":`...)
				b = appendJSONString(b, l.URL.Href())
			} else {
				b = append(b, `,"error":`...)
				b = appendJSONString(b, code)
			}
			b = append(b, "}\n"...)
		case l.URL != nil:
			b = append(append(b, l.URL.Href()...), '\n')
		default:
			b = append(b, "error: "...)
			b = append(b, code...)
			b = append(b, ' ')
			b = strconv.AppendQuote(b, l.Raw)
			b = append(b, '\n')
		}
		out.Write(b)
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "weburl: %v\n", err)
		return 1
	}
	return status
}
