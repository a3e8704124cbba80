// Command weburl parses URLs exactly as web browsers do, following the
// WHATWG URL Standard, and prints them serialized, as JSON, or with their
// validation errors.
//
// Usage:
//
//	weburl [flags] [URL ...]
//
// With URLs as arguments, weburl parses those; without, it reads one URL
// per line from standard input (a line's "\n" or "\r\n" is not part of
// it), streaming, in constant memory however long the input.
//
// By default it prints each URL's serialization (JavaScript's href), one
// line per input. An input that fails to parse prints an empty line, and a
// message on standard error naming the line and the standard's
// validation error.
//
// Flags:
//
//	-base URL   resolve each input against this base URL
//	-json       print one JSON object per input, with the field names of
//	            the web-platform-tests URL data (input, base, href, origin,
//	            protocol, username, password, host, hostname, port,
//	            pathname, search, hash), or {"input", "base", "failure":
//	            true, "error"} for an input that fails to parse
//	-validate   print every validation error, as "LINE:OFFSET: NAME"
//	            (OFFSET is the byte offset in the input; "(fatal)" marks
//	            the one that made it fail); with -json, add them to each
//	            object as "validationErrors"
//
// The exit status is 0 when every input parses (and, with -validate, has
// no validation error), 1 otherwise, and 2 for a usage error.
//
// Examples:
//
//	$ weburl 'HTTPS://EXAMPLE.com/a/../b c?x y#z'
//	https://example.com/b%20c?x%20y#z
//	$ weburl -base https://example.com/docs/ ../img/logo.png
//	https://example.com/img/logo.png
//	$ weburl -json 'http://faß.example/'
//	{"input":"http://faß.example/","base":null,"href":"http://xn--fa-hia.example/",...}
//	$ weburl -validate 'https://user@example.com/a b'
//	1:12: invalid-credentials
//	1:26: invalid-URL-unit
//	$ weburl < urls.txt > normalized.txt
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/weburl/weburl"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = `usage: weburl [-base URL] [-json] [-validate] [URL ...]

weburl parses URLs exactly as web browsers do (the WHATWG URL Standard).
It parses its arguments, or else one URL per line of standard input, and
prints each URL's serialization, one line per input; an input that fails
to parse prints an empty line and a message on standard error.

Flags:
  -base URL   resolve each input against the base URL
  -json       print a JSON object per input, with the fields of the
              web-platform-tests URL data (input, base, href, origin,
              protocol, username, password, host, hostname, port, pathname,
              search, hash), or "failure": true and "error": the name of the
              standard's validation error
  -validate   print the validation errors, one "LINE:OFFSET: NAME" line each
              (the byte offset in the input; "(fatal)" marks the one that
              made the parse fail); with -json, add "validationErrors"

Exit status: 0 if every input parses (and, with -validate, has no validation
error), 1 if not, 2 for a usage error.

Examples:
  weburl 'HTTPS://EXAMPLE.com/a/../b c?x y#z'
  weburl -base https://example.com/docs/ ../img/logo.png
  weburl -json 'http://faß.example/'
  weburl -validate 'https://user@example.com/a b'
  weburl < urls.txt > normalized.txt
`

// run runs the command and returns its exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("weburl", flag.ContinueOnError)
	flags.SetOutput(stderr)
	flags.Usage = func() { fmt.Fprint(stderr, usage) }
	baseFlag := flags.String("base", "", "resolve each input against this base URL")
	jsonFlag := flags.Bool("json", false, "print a JSON object per input")
	validateFlag := flags.Bool("validate", false, "print the validation errors")
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	c := &command{
		out:      bufio.NewWriterSize(stdout, 64<<10),
		stderr:   stderr,
		json:     *jsonFlag,
		validate: *validateFlag,
	}
	if *baseFlag != "" || flagSet(flags, "base") {
		base, err := weburl.Parse(*baseFlag)
		if err != nil {
			fmt.Fprintf(stderr, "weburl: -base: %s\n", strings.TrimPrefix(err.Error(), "weburl: "))
			return 2
		}
		c.base, c.baseHref = base, baseFlag
		c.parser.Base = base
	}
	if c.validate {
		c.parser.OnValidationError = func(e weburl.ValidationError) { c.errs = append(c.errs, e) }
	}

	if flags.NArg() > 0 {
		for i, arg := range flags.Args() {
			c.line(i+1, arg)
		}
	} else if err := c.lines(stdin); err != nil {
		c.out.Flush()
		fmt.Fprintf(stderr, "weburl: reading standard input: %v\n", err)
		return 1
	}
	if err := c.out.Flush(); err != nil {
		fmt.Fprintf(stderr, "weburl: %v\n", err)
		return 1
	}
	if c.failed {
		return 1
	}
	return 0
}

func flagSet(flags *flag.FlagSet, name string) bool {
	set := false
	flags.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

type command struct {
	out      *bufio.Writer
	stderr   io.Writer
	json     bool
	validate bool
	base     *weburl.URL
	baseHref *string
	parser   weburl.Parser
	errs     []weburl.ValidationError
	failed   bool
}

// lines parses each line of r, without its "\n" or "\r\n". It reads r in
// blocks and slices the lines out of each block, so that lines are not
// copied one by one; the start of a line that spans blocks is kept in carry
// until its end comes.
func (c *command) lines(r io.Reader) error {
	block := make([]byte, 256<<10)
	var carry []byte
	n := 1
	for {
		k, err := io.ReadFull(r, block)
		data := block[:k]
		if bytes.IndexByte(data, '\n') < 0 {
			carry = append(carry, data...)
		} else {
			s := string(append(carry, data...))
			for {
				i := strings.IndexByte(s, '\n')
				if i < 0 {
					break
				}
				c.line(n, strings.TrimSuffix(s[:i], "\r"))
				n++
				s = s[i+1:]
			}
			carry = append(carry[:0], s...)
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			if len(carry) > 0 {
				c.line(n, strings.TrimSuffix(string(carry), "\r"))
			}
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// line parses one input and prints what the flags ask for.
func (c *command) line(n int, input string) {
	c.errs = c.errs[:0]
	u, err := c.parser.Parse(input)
	if err != nil {
		c.failed = true
	}
	if c.validate && len(c.errs) > 0 {
		c.failed = true
	}
	switch {
	case c.json:
		c.printJSON(input, u, err)
	case c.validate:
		for _, e := range c.errs {
			c.out.WriteString(strconv.Itoa(n))
			c.out.WriteByte(':')
			c.out.WriteString(strconv.Itoa(e.Offset))
			c.out.WriteString(": ")
			c.out.WriteString(e.Name)
			if e.Fatal {
				c.out.WriteString(" (fatal)")
			}
			c.out.WriteByte('\n')
		}
	default:
		if err == nil {
			c.out.WriteString(u.Href())
		}
		c.out.WriteByte('\n')
	}
	if err != nil && !c.json && !c.validate {
		fmt.Fprintf(c.stderr, "weburl: line %d: %s\n", n, strings.TrimPrefix(err.Error(), "weburl: "))
	}
}

// record is a line of -json output: a case of the web-platform-tests URL
// data, or a failure.
type record struct {
	Input            string            `json:"input"`
	Base             *string           `json:"base"`
	Failure          bool              `json:"failure,omitempty"`
	Error            string            `json:"error,omitempty"`
	Href             *string           `json:"href,omitempty"`
	Origin           string            `json:"origin,omitempty"`
	Protocol         string            `json:"protocol,omitempty"`
	Username         *string           `json:"username,omitempty"`
	Password         *string           `json:"password,omitempty"`
	Host             *string           `json:"host,omitempty"`
	Hostname         *string           `json:"hostname,omitempty"`
	Port             *string           `json:"port,omitempty"`
	Pathname         *string           `json:"pathname,omitempty"`
	Search           *string           `json:"search,omitempty"`
	Hash             *string           `json:"hash,omitempty"`
	ValidationErrors []validationError `json:"validationErrors,omitempty"`
}

type validationError struct {
	Name   string `json:"name"`
	Offset int    `json:"offset"`
	Fatal  bool   `json:"fatal"`
}

func (c *command) printJSON(input string, u *weburl.URL, err error) {
	r := record{Input: input, Base: c.baseHref}
	if err != nil {
		r.Failure = true
		var e *weburl.Error
		if errors.As(err, &e) {
			r.Error = e.Code
		} else {
			r.Error = err.Error()
		}
	} else {
		str := func(s string) *string { return &s }
		r.Href, r.Origin, r.Protocol = str(u.Href()), u.Origin(), u.Protocol()
		r.Username, r.Password = str(u.Username()), str(u.Password())
		r.Host, r.Hostname, r.Port = str(u.Host()), str(u.Hostname()), str(u.Port())
		r.Pathname, r.Search, r.Hash = str(u.Pathname()), str(u.Search()), str(u.Hash())
	}
	if c.validate {
		for _, e := range c.errs {
			r.ValidationErrors = append(r.ValidationErrors, validationError(e))
		}
	}
	enc := json.NewEncoder(c.out)
	enc.SetEscapeHTML(false)
	enc.Encode(r) // writes to c.out, whose errors Flush reports
}
