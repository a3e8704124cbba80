package warc

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// A Field is a named field of a WARC record's header or of an HTTP
// message's, as written.
type Field struct {
	Name, Value string
}

// A Header is a header's fields in the order written.
type Header []Field

// Get returns the value of the first field named name (in any case), or
// "" if there is none.
func (h Header) Get(name string) string {
	v, _ := h.Lookup(name)
	return v
}

// Lookup returns the value of the first field named name (in any case),
// and whether there is one.
func (h Header) Lookup(name string) (string, bool) {
	for _, f := range h {
		if strings.EqualFold(f.Name, name) {
			return f.Value, true
		}
	}
	return "", false
}

// set replaces the value of the last field named name, or adds one.
func (h *Header) set(name, value string) {
	for i := len(*h) - 1; i >= 0; i-- {
		if strings.EqualFold((*h)[i].Name, name) {
			(*h)[i].Value = value
			return
		}
	}
	*h = append(*h, Field{name, value})
}

// An HTTPHeader is the start line and the fields of an archived HTTP
// message: a response's ("HTTP/1.1", "200 OK") or a request's ("POST",
// "/path HTTP/1.1").
type HTTPHeader struct {
	// Protocol is the start line's first word: the version of a
	// response, the method of a request.
	Protocol string
	// Rest is what follows the first word and its space, trimmed.
	Rest   string
	Header Header
}

// StatusCode returns a response's status code as written: the first
// word of Rest.
func (h *HTTPHeader) StatusCode() string {
	code, _, _ := strings.Cut(h.Rest, " ")
	return code
}

// decodeLine returns a header line as text the way warcio does: UTF-8
// where it is valid, else ISO-8859-1 (each byte a code point).
func decodeLine(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	var s strings.Builder
	s.Grow(len(b) * 2)
	for _, c := range b {
		s.WriteRune(rune(c))
	}
	return s.String()
}

// pySpace reports whether Python's str.isspace holds for r.
func pySpace(r rune) bool {
	return unicode.IsSpace(r) || r >= 0x1c && r <= 0x1f
}

func pyRStrip(s string) string { return strings.TrimRightFunc(s, pySpace) }
func pyLStrip(s string) string { return strings.TrimLeftFunc(s, pySpace) }
func pyStrip(s string) string  { return strings.TrimFunc(s, pySpace) }

// A folding joins a field's value and the lines that continue it, once
// (a concatenation for each line took quadratic time).
type folding []byte

// add adds a line that continues the value v.
func (f *folding) add(v, line string) {
	if len(*f) == 0 {
		*f = append(*f, v...)
	}
	*f = append(*f, line...)
}

// value returns v and the lines added since, and empties f.
func (f *folding) value(v string) string {
	if len(*f) > 0 {
		v, *f = string(*f), (*f)[:0]
	}
	return v
}

// lineReader reads the lines of a header: each with its "\n", nil at the end.
type lineReader func() ([]byte, error)

// parseHeader reads a start line and header fields as warcio's
// StatusAndHeadersParser does: the start line (first, or read), then
// lines up to an empty one (after trailing whitespace is cut), a line
// that starts with a space or tab continuing the field before it, a line
// without ":" dropped. prefixes, where not nil, are the start line's
// accepted first words (in upper case): with none matching, ok is false.
// n is the length of what was read in characters, as warcio counts it.
// A header longer than maxHeader is an error (warcio reads on).
func parseHeader(next lineReader, first []byte, prefixes []string) (h HTTPHeader, n int, ok bool, err error) {
	if first == nil {
		if first, err = next(); err != nil {
			return h, 0, false, err
		}
	}
	size := len(first) // of the lines read, up to maxHeader
	full := decodeLine(first)
	n = utf8.RuneCountInString(full)
	line := pyRStrip(full)
	if n == 0 {
		return h, 0, false, nil
	}
	if line == "" {
		return h, n, true, nil
	}
	if prefixes != nil {
		upper := strings.ToUpper(line)
		matched := false
		for _, p := range prefixes {
			if strings.HasPrefix(upper, p) {
				h.Protocol, h.Rest = p, pyStrip(line[len(p):])
				matched = true
				break
			}
		}
		if !matched {
			return h, n, false, nil
		}
	} else {
		var found bool
		h.Protocol, h.Rest, found = strings.Cut(line, " ")
		if found {
			h.Rest = pyStrip(h.Rest)
		}
	}
	readStripped := func() (string, error) {
		b, err := next()
		if err != nil {
			return "", err
		}
		if size += len(b); size > maxHeader {
			return "", errHeaderTooLong
		}
		s := decodeLine(b)
		n += utf8.RuneCountInString(s)
		return pyRStrip(s), nil
	}
	var folded folding
	cur, err := readStripped()
	for err == nil && cur != "" {
		name, value, hasColon := strings.Cut(cur, ":")
		if hasColon {
			name = strings.TrimRight(name, " \t")
			value = pyLStrip(value)
		}
		var nextLine string
		nextLine, err = readStripped()
		for err == nil && nextLine != "" && (nextLine[0] == ' ' || nextLine[0] == '\t') {
			if hasColon {
				folded.add(value, nextLine)
			}
			nextLine, err = readStripped()
		}
		value = folded.value(value)
		if hasColon {
			h.Header = append(h.Header, Field{name, value})
		}
		cur = nextLine
	}
	return h, n, true, err
}
