package warc

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/weburl/weburl/internal/ascii"
)

// This file reads a POST or PUT body into the query cdxj-indexer 1.4.6
// appends to the key (postquery.py): a form unquoted, multipart parts
// and JSON fields urlencoded, anything else "__wb_post_data=" and its
// base64, cut to 4,096 characters.

const maxQueryLength = 4096

// pyPostQuery returns the query of a request body, and whether there is
// one (cdxj-indexer's None is false).
func pyPostQuery(mime string, lengthText string, hasLength bool, body []byte) (string, bool) {
	if hasLength {
		n, ok := pyInt(lengthText)
		if !ok {
			return "", false
		}
		if n < int64(len(body)) {
			body = body[:max(n, 0)]
		}
	} else if len(body) > 8192 {
		body = body[:8192]
	}
	var query string
	switch {
	case strings.HasPrefix(mime, "application/x-www-form-urlencoded"):
		if utf8.Valid(body) {
			query = unquotePlus(string(body))
		} else {
			query = binaryQuery(body)
		}
	case strings.HasPrefix(mime, "multipart/"):
		_, boundary, found := strings.Cut(mime, "boundary=")
		if !found {
			query = binaryQuery(body)
			break
		}
		if i := strings.Index(boundary, "boundary="); i >= 0 {
			boundary = boundary[:i] // Python's split("boundary=")[1]
		}
		parts, ok := multipartParts(body, boundary)
		if !ok {
			return "", false
		}
		var b strings.Builder
		for i, p := range parts {
			if i > 0 {
				b.WriteByte('&')
			}
			b.WriteString(quotePlus(p[0]) + "=" + quotePlus(p[1]))
		}
		query = b.String()
	case strings.HasPrefix(mime, "application/json"):
		q, err := pyJSONQuery(body)
		if err != nil {
			q = ""
		}
		query = q
	case strings.HasPrefix(mime, "text/plain"):
		q, err := pyJSONQuery(body)
		if err != nil {
			q = binaryQuery(body)
		}
		query = q
	case strings.HasPrefix(mime, "application/x-amf"):
		// Flash remoting: the reference's pyamf is not there to decode
		// it, and cdxj-indexer then appends nothing.
		return "", false
	default:
		query = binaryQuery(body)
	}
	if r := []rune(query); len(r) > maxQueryLength {
		query = string(r[:maxQueryLength])
	}
	return query, true
}

func binaryQuery(b []byte) string {
	return "__wb_post_data=" + base64.StdEncoding.EncodeToString(b)
}

// unquotePlus is Python's urllib.parse.unquote_plus: "+" a space, each
// run of %XX bytes decoded as UTF-8 with U+FFFD for what is not.
func unquotePlus(s string) string {
	s = strings.ReplaceAll(s, "+", " ")
	if !strings.Contains(s, "%") {
		return s
	}
	var out strings.Builder
	var run []byte
	flush := func() {
		if run != nil {
			out.WriteString(decodeReplace(run))
			run = run[:0]
		}
	}
	for i := 0; i < len(s); {
		if ascii.StartsWithPercentByte(s, i) {
			run = append(run, ascii.Unhex(s[i+1])<<4|ascii.Unhex(s[i+2]))
			i += 3
			continue
		}
		flush()
		out.WriteByte(s[i])
		i++
	}
	flush()
	return out.String()
}

// quotePlus is Python's urllib.parse.quote_plus: every byte of the UTF-8
// but letters, digits and "_.-~" percent-encoded, a space as "+".
func quotePlus(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case ascii.IsAlphanumeric(c), c == '_', c == '.', c == '-', c == '~':
			b.WriteByte(c)
		case c == ' ':
			b.WriteByte('+')
		default:
			b.WriteByte('%')
			b.WriteByte(ascii.UpperHex[c>>4])
			b.WriteByte(ascii.UpperHex[c&15])
		}
	}
	return b.String()
}

// pyJSONQuery is postquery.json_parse: every scalar under a name, in the
// order json.loads keeps them, its str() urlencoded; a name met again
// gets ".2_", ".3_"... Where the body is not one JSON text but holds
// "\n", each line is one.
func pyJSONQuery(body []byte) (string, error) {
	q := &pyJSONFields{dupes: map[string]int{}, seen: map[string]bool{}}
	v, err := pyJSONLoads(body)
	if err == nil {
		q.walk(v, "")
	} else if errors.Is(err, errJSONSyntax) && bytes.Contains(body, []byte("\n")) {
		for _, line := range bytes.Split(body, []byte("\n")) {
			v, err := pyJSONLoads(line)
			if err != nil {
				return "", err
			}
			q.walk(v, "")
		}
	} else {
		return "", err
	}
	var b strings.Builder
	for i, k := range q.keys {
		if i > 0 {
			b.WriteByte('&')
		}
		b.WriteString(quotePlus(k) + "=" + quotePlus(q.values[k]))
	}
	return b.String(), nil
}

type pyJSONFields struct {
	keys   []string
	values map[string]string
	seen   map[string]bool
	dupes  map[string]int
}

func (q *pyJSONFields) walk(v any, name string) {
	switch v := v.(type) {
	case *pyObject:
		for _, k := range v.keys {
			q.walk(v.values[k], k)
		}
	case []any:
		for _, e := range v {
			q.walk(e, name)
		}
	default:
		if name == "" {
			return
		}
		key := name
		if q.seen[name] {
			if q.dupes[name] == 0 {
				q.dupes[name] = 1
			}
			q.dupes[name]++
			key = name + "." + strconv.Itoa(q.dupes[name]) + "_"
		}
		if q.values == nil {
			q.values = map[string]string{}
		}
		if !q.seen[key] {
			q.keys = append(q.keys, key)
			q.seen[key] = true
		}
		q.values[key] = pyStr(v)
	}
}

// A pyObject is a JSON object as json.loads makes it: a dict, each name
// where it first appears, with the last value given it.
type pyObject struct {
	keys   []string
	values map[string]any
}

// pyNumber is a JSON number's text.
type pyNumber string

var errJSONSyntax = errors.New("not JSON")

// pyJSONLoads parses JSON as Python's json.loads does with bytes: the
// text decoded (UTF-8, a BOM refused), NaN and Infinity taken.
func pyJSONLoads(b []byte) (any, error) {
	if bytes.HasPrefix(b, []byte("\xef\xbb\xbf")) {
		return nil, errJSONSyntax
	}
	if !utf8.Valid(b) {
		return nil, errors.New("not UTF-8")
	}
	d := json.NewDecoder(bytes.NewReader(pyJSONPrepare(b)))
	d.UseNumber()
	v, err := pyJSONValue(d)
	if err != nil {
		return nil, errJSONSyntax
	}
	if _, err := d.Token(); err == nil {
		return nil, errJSONSyntax // extra data
	}
	return v, nil
}

// pyJSONPrepare writes Python's NaN, Infinity and -Infinity, outside
// strings, as strings Go's decoder reads (marked), so that they parse.
func pyJSONPrepare(b []byte) []byte {
	if !bytes.Contains(b, []byte("NaN")) && !bytes.Contains(b, []byte("Infinity")) {
		return b
	}
	var out []byte
	inString := false
	for i := 0; i < len(b); i++ {
		c := b[i]
		if inString {
			out = append(out, c)
			if c == '\\' && i+1 < len(b) {
				i++
				out = append(out, b[i])
			} else if c == '"' {
				inString = false
			}
			continue
		}
		switch {
		case c == '"':
			inString = true
		case bytes.HasPrefix(b[i:], []byte("NaN")):
			out = append(out, "\"\x00nan\""...)
			i += 2
			continue
		case bytes.HasPrefix(b[i:], []byte("-Infinity")):
			out = append(out, "\"\x00-inf\""...)
			i += 8
			continue
		case bytes.HasPrefix(b[i:], []byte("Infinity")):
			out = append(out, "\"\x00inf\""...)
			i += 7
			continue
		}
		out = append(out, c)
	}
	return out
}

func pyJSONValue(d *json.Decoder) (any, error) {
	t, err := d.Token()
	if err != nil {
		return nil, err
	}
	switch t := t.(type) {
	case json.Delim:
		switch t {
		case '{':
			o := &pyObject{values: map[string]any{}}
			for d.More() {
				kt, err := d.Token()
				if err != nil {
					return nil, err
				}
				k, ok := kt.(string)
				if !ok {
					return nil, errJSONSyntax
				}
				v, err := pyJSONValue(d)
				if err != nil {
					return nil, err
				}
				if _, dup := o.values[k]; !dup {
					o.keys = append(o.keys, k)
				}
				o.values[k] = v
			}
			if _, err := d.Token(); err != nil {
				return nil, err
			}
			return o, nil
		case '[':
			var list []any
			for d.More() {
				v, err := pyJSONValue(d)
				if err != nil {
					return nil, err
				}
				list = append(list, v)
			}
			if _, err := d.Token(); err != nil {
				return nil, err
			}
			if list == nil {
				list = []any{}
			}
			return list, nil
		}
		return nil, errJSONSyntax
	case json.Number:
		return pyNumber(t), nil
	default:
		return t, nil
	}
}

// pyStr is Python's str() of a value json.loads made.
func pyStr(v any) string {
	switch v := v.(type) {
	case nil:
		return "None"
	case bool:
		if v {
			return "True"
		}
		return "False"
	case string:
		switch v {
		case "\x00nan":
			return "nan"
		case "\x00inf":
			return "inf"
		case "\x00-inf":
			return "-inf"
		}
		return v
	case pyNumber:
		s := string(v)
		if !strings.ContainsAny(s, ".eE") {
			n, ok := new(big.Int).SetString(s, 10)
			if ok {
				return n.String()
			}
			return s
		}
		f, err := strconv.ParseFloat(s, 64)
		if err != nil && !math.IsInf(f, 0) {
			return s
		}
		return pyFloatRepr(f)
	}
	return ""
}

// pyFloatRepr is Python's repr of a float: the shortest digits that read
// back, in positional notation from 1e-4 up to 1e16, with ".0" on whole
// numbers.
func pyFloatRepr(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	case math.IsNaN(f):
		return "nan"
	}
	if f == 0 {
		if math.Signbit(f) {
			return "-0.0"
		}
		return "0.0"
	}
	abs := math.Abs(f)
	if abs >= 1e-4 && abs < 1e16 {
		s := strconv.FormatFloat(f, 'f', -1, 64)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	}
	s := strconv.FormatFloat(f, 'e', -1, 64) // 1e+16, 1.5e-05
	mant, exp, _ := strings.Cut(s, "e")
	sign := exp[0]
	exp = strings.TrimLeft(exp[1:], "0")
	if len(exp) < 2 {
		exp = strings.Repeat("0", 2-len(exp)) + exp
	}
	return mant + "e" + string(sign) + exp
}

// multipartParts returns the (name, value) of each part of a
// multipart/form-data body, as the multipart package cdxj-indexer uses
// reads them; false where it would fail.
func multipartParts(body []byte, boundary string) ([][2]string, bool) {
	delim := []byte("--" + boundary)
	var parts [][2]string
	i := bytes.Index(body, delim)
	if i < 0 {
		return nil, false
	}
	rest := body[i+len(delim):]
	for {
		if bytes.HasPrefix(rest, []byte("--")) {
			return parts, true
		}
		if !bytes.HasPrefix(rest, []byte("\r\n")) {
			return nil, false
		}
		rest = rest[2:]
		end := bytes.Index(rest, append([]byte("\r\n"), delim...))
		if end < 0 {
			return nil, false
		}
		part := rest[:end]
		rest = rest[end+2+len(delim):]
		head, value, found := bytes.Cut(part, []byte("\r\n\r\n"))
		if !found {
			if bytes.HasSuffix(part, []byte("\r\n")) || len(part) == 0 {
				head, value = part, nil
			} else {
				return nil, false
			}
		}
		name := ""
		for _, line := range strings.Split(string(head), "\r\n") {
			k, v, ok := strings.Cut(line, ":")
			if !ok || !strings.EqualFold(strings.TrimSpace(k), "Content-Disposition") {
				continue
			}
			name = dispositionName(v)
		}
		if !utf8.Valid(value) {
			return nil, false
		}
		parts = append(parts, [2]string{name, string(value)})
	}
}

// dispositionName returns the name parameter of a Content-Disposition.
func dispositionName(v string) string {
	for _, p := range strings.Split(v, ";")[1:] {
		k, val, ok := strings.Cut(strings.TrimSpace(p), "=")
		if !ok || !strings.EqualFold(strings.TrimSpace(k), "name") {
			continue
		}
		val = strings.TrimSpace(val)
		if len(val) >= 2 && val[0] == '"' && val[len(val)-1] == '"' {
			val = strings.ReplaceAll(strings.ReplaceAll(val[1:len(val)-1], `\"`, `"`), `\\`, `\`)
		}
		return val
	}
	return "None"
}
