package links

import (
	"bytes"
	"slices"
	"strings"

	"github.com/weburl/weburl/internal/ascii"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/ianaindex"
)

// An encodingInfo is an encoding of the Encoding Standard: its name, as
// the standard (and document.characterSet) gives it, and x/text's
// encoding.
type encodingInfo struct {
	name string
	enc  encoding.Encoding
}

// getEncoding is the Encoding Standard's "get an encoding": label without
// its leading and trailing ASCII whitespace, matched ASCII
// case-insensitively against the standard's labels (x/text's htmlindex,
// which holds them). ok is false for a label that names no encoding.
// https://encoding.spec.whatwg.org/#concept-encoding-get
func getEncoding(label string) (e encodingInfo, ok bool) {
	label = strings.Trim(label, asciiWhitespace)
	// htmlindex trims Unicode white space and lowercases Unicode letters
	// (the Kelvin sign to "k"); the standard does neither.
	for i := 0; i < len(label); i++ {
		if c := label[i]; c >= 0x80 || c == '\v' {
			return e, false
		}
	}
	enc, err := htmlindex.Get(label)
	if err != nil {
		return e, false
	}
	return encodingInfo{name: encodingName(enc), enc: enc}, true
}

// encodingName returns the Encoding Standard's name of enc: its preferred
// MIME name (x/text's ianaindex.MIME), which is the standard's but for
// gb18030, which the standard writes in lower case, and for the encodings
// IANA does not register (x-mac-cyrillic, x-user-defined, replacement),
// whose htmlindex names are the standard's.
// https://encoding.spec.whatwg.org/#names-and-labels
func encodingName(enc encoding.Encoding) string {
	name, _ := htmlindex.Name(enc)
	if mime, err := ianaindex.MIME.Name(enc); err == nil && name != "gb18030" && strings.EqualFold(mime, name) {
		return mime
	}
	return name
}

const asciiWhitespace = "\t\n\f\r "

// The encodings the sniffing algorithm names itself.
var (
	utf8Encoding        = mustEncoding("utf-8")
	utf16BEEncoding     = mustEncoding("utf-16be")
	utf16LEEncoding     = mustEncoding("utf-16le")
	windows1252Encoding = mustEncoding("windows-1252")
)

func mustEncoding(label string) encodingInfo {
	e, ok := getEncoding(label)
	if !ok {
		panic("links: no encoding " + label)
	}
	return e
}

// A confidence is how sure the sniffing algorithm is of an encoding: a
// tentative one gives way to a <meta> the parser finds.
// https://html.spec.whatwg.org/multipage/parsing.html#concept-encoding-confidence
type confidence bool

const (
	tentative confidence = false
	certain   confidence = true
)

// sniff is the encoding sniffing algorithm for doc, with the user's
// override (override.name "" for none) and the Content-Type header: a
// byte order mark, then the override, then the header's charset, then
// the prescan of the first 1024 bytes, then windows-1252. It returns the
// encoding, its confidence, and the length of the byte order mark.
// https://html.spec.whatwg.org/multipage/parsing.html#encoding-sniffing-algorithm
func sniff(doc []byte, override encodingInfo, contentType string) (encodingInfo, confidence, int) {
	switch {
	case bytes.HasPrefix(doc, []byte{0xEF, 0xBB, 0xBF}):
		return utf8Encoding, certain, 3
	case bytes.HasPrefix(doc, []byte{0xFE, 0xFF}):
		return utf16BEEncoding, certain, 2
	case bytes.HasPrefix(doc, []byte{0xFF, 0xFE}):
		return utf16LEEncoding, certain, 2
	}
	if override.name != "" {
		return override, certain, 0
	}
	if label, ok := contentTypeCharset(contentType); ok {
		if e, ok := getEncoding(label); ok {
			return e, certain, 0
		}
	}
	if e, ok := prescan(doc[:min(len(doc), 1024)]); ok {
		return e, tentative, 0
	}
	// Browsers may guess from the content or the host's top-level domain;
	// the standard leaves the default to them, and this package takes
	// windows-1252, as a browser with an English locale does.
	return windows1252Encoding, tentative, 0
}

// contentTypeCharset returns the charset parameter of a Content-Type
// header, as the MIME Sniffing Standard's parser reads one: the last
// value of the first "charset" parameter, unquoted.
// https://mimesniff.spec.whatwg.org/#parse-a-mime-type
func contentTypeCharset(contentType string) (string, bool) {
	s := strings.Trim(contentType, "\t\n\r ")
	// The type and subtype, which must be there for parameters to count.
	slash := strings.IndexByte(s, '/')
	if slash <= 0 {
		return "", false
	}
	semi := strings.IndexByte(s, ';')
	if semi >= 0 && semi < slash {
		return "", false
	}
	if semi < 0 || strings.TrimRight(s[slash+1:semi], "\t\n\r ") == "" {
		return "", false
	}
	rest := s[semi:]
	for len(rest) > 0 {
		rest = rest[1:] // the ";"
		rest = strings.TrimLeft(rest, "\t\n\r ")
		end := strings.IndexAny(rest, ";=")
		if end < 0 {
			return "", false
		}
		name := strings.ToLower(rest[:end])
		rest = rest[end:]
		if rest[0] == ';' {
			continue
		}
		rest = rest[1:] // the "="
		var value string
		if strings.HasPrefix(rest, `"`) {
			value, rest = collectQuoted(rest)
			if i := strings.IndexByte(rest, ';'); i >= 0 {
				rest = rest[i:]
			} else {
				rest = ""
			}
		} else {
			i := strings.IndexByte(rest, ';')
			if i < 0 {
				i = len(rest)
			}
			value, rest = strings.TrimRight(rest[:i], "\t\n\r "), rest[i:]
			if value == "" {
				continue
			}
		}
		if name == "charset" { // a name of HTTP token code points, as the standard asks
			return value, true
		}
	}
	return "", false
}

// collectQuoted collects an HTTP quoted string at the start of s (after
// its opening quote), with its escapes, and returns it and the rest.
// https://fetch.spec.whatwg.org/#collect-an-http-quoted-string
func collectQuoted(s string) (value, rest string) {
	var b strings.Builder
	i := 1
	for i < len(s) {
		switch c := s[i]; c {
		case '"':
			return b.String(), s[i+1:]
		case '\\':
			i++
			if i >= len(s) {
				b.WriteByte('\\')
				return b.String(), ""
			}
			b.WriteByte(s[i])
		default:
			b.WriteByte(c)
		}
		i++
	}
	return b.String(), ""
}

// prescan is the HTML Standard's "prescan a byte stream to determine its
// encoding" over b (the first 1024 bytes, its end condition): a <meta>
// that declares an encoding, or, where the scan runs out of bytes, an
// XML declaration at the start that does ("get an XML encoding").
// https://html.spec.whatwg.org/multipage/parsing.html#prescan-a-byte-stream-to-determine-its-encoding
func prescan(b []byte) (encodingInfo, bool) {
	// UTF-16 XML declarations.
	switch {
	case bytes.HasPrefix(b, []byte{0x3C, 0, 0x3F, 0, 0x78, 0}):
		return utf16LEEncoding, true
	case bytes.HasPrefix(b, []byte{0, 0x3C, 0, 0x3F, 0, 0x78}):
		return utf16BEEncoding, true
	}
	if e, found, ok := prescanMeta(b); found {
		return e, ok
	}
	return xmlEncoding(b)
}

// prescanMeta runs the prescan's loop. found is false when it ran out of
// bytes; otherwise a <meta> declared e (ok false for none).
func prescanMeta(b []byte) (e encodingInfo, found, ok bool) {
	for pos := 0; pos < len(b); pos++ {
		rest := b[pos:]
		switch {
		case bytes.HasPrefix(rest, []byte("<!--")):
			// The first "-->" whose dashes may be those of "<!--".
			end := bytes.Index(b[pos+2:], []byte("-->"))
			if end < 0 {
				return e, false, false
			}
			pos += 2 + end + 2
		case len(rest) >= 6 && rest[0] == '<' && ascii.EqualFold(rest[1:5], "meta") && isSpaceOrSlash(rest[5]):
			pos += 5
			var (
				names      []string
				gotPragma  bool
				needPragma = -1 // -1 null, 0 false, 1 true
				charset    encodingInfo
				charsetSet bool // charset is not null
				charsetOK  bool
			)
			for {
				name, value, next, ok := getAttribute(b, pos)
				if next < 0 {
					return e, false, false
				}
				pos = next
				if !ok {
					break
				}
				if slices.Contains(names, name) {
					continue
				}
				names = append(names, name)
				switch name {
				case "http-equiv":
					if value == "content-type" {
						gotPragma = true
					}
				case "content":
					if label, ok := metaCharset(value); ok && !charsetSet {
						charset, charsetOK = getEncoding(label)
						if charsetOK {
							charsetSet, needPragma = true, 1
						}
					}
				case "charset":
					charset, charsetOK = getEncoding(value)
					charsetSet, needPragma = true, 0
				}
			}
			if needPragma < 0 || needPragma == 1 && !gotPragma || !charsetOK {
				continue
			}
			return metaEncoding(charset), true, true
		case len(rest) >= 2 && rest[0] == '<' && (ascii.IsAlpha(rest[1]) || len(rest) >= 3 && rest[1] == '/' && ascii.IsAlpha(rest[2])):
			// Another tag: skip its name and attributes.
			i := pos + 1
			for i < len(b) && !isSpaceOrGT(b[i]) {
				i++
			}
			if i == len(b) {
				return e, false, false
			}
			pos = i
			for {
				_, _, next, ok := getAttribute(b, pos)
				if next < 0 {
					return e, false, false
				}
				pos = next
				if !ok {
					break
				}
			}
		case bytes.HasPrefix(rest, []byte("<!")) || bytes.HasPrefix(rest, []byte("</")) || bytes.HasPrefix(rest, []byte("<?")):
			end := bytes.IndexByte(b[pos+1:], '>')
			if end < 0 {
				return e, false, false
			}
			pos += 1 + end
		}
	}
	return e, false, false
}

// metaEncoding is the prescan's processing step's last changes: UTF-16
// is UTF-8 and x-user-defined windows-1252, as a <meta> declares them.
func metaEncoding(e encodingInfo) encodingInfo {
	switch e.name {
	case utf16BEEncoding.name, utf16LEEncoding.name:
		return utf8Encoding
	case "x-user-defined":
		return windows1252Encoding
	}
	return e
}

// getAttribute is the prescan's "get an attribute" at b[pos]: the
// attribute's name and value (ASCII lowercased), the position after it,
// and ok false when there is none (at a ">"). next is -1 when it runs
// out of bytes.
// https://html.spec.whatwg.org/multipage/parsing.html#concept-get-attributes-when-sniffing
func getAttribute(b []byte, pos int) (name, value string, next int, ok bool) {
	for pos < len(b) && isSpaceOrSlash(b[pos]) {
		pos++
	}
	if pos == len(b) {
		return "", "", -1, false
	}
	if b[pos] == '>' {
		return "", "", pos, false
	}
	var n, v []byte
	// The name.
	for {
		if pos == len(b) {
			return "", "", -1, false
		}
		c := b[pos]
		if c == '=' && len(n) > 0 {
			pos++
			goto value
		}
		if isSpace(c) {
			break
		}
		if c == '/' || c == '>' {
			return string(n), "", pos, true
		}
		n = append(n, ascii.Lower(c))
		pos++
	}
	// Spaces.
	for pos < len(b) && isSpace(b[pos]) {
		pos++
	}
	if pos == len(b) {
		return "", "", -1, false
	}
	if b[pos] != '=' {
		return string(n), "", pos, true
	}
	pos++
value:
	for pos < len(b) && isSpace(b[pos]) {
		pos++
	}
	if pos == len(b) {
		return "", "", -1, false
	}
	switch c := b[pos]; {
	case c == '"' || c == '\'':
		for pos++; ; pos++ {
			if pos == len(b) {
				return "", "", -1, false
			}
			if b[pos] == c {
				return string(n), string(v), pos + 1, true
			}
			v = append(v, ascii.Lower(b[pos]))
		}
	case c == '>':
		return string(n), "", pos, true
	default:
		v = append(v, ascii.Lower(c))
		pos++
	}
	for ; ; pos++ {
		if pos == len(b) {
			return "", "", -1, false
		}
		c := b[pos]
		if isSpace(c) || c == '>' {
			return string(n), string(v), pos, true
		}
		v = append(v, ascii.Lower(c))
	}
}

// xmlEncoding is the HTML Standard's "get an XML encoding": the encoding
// an XML declaration at the start of b names.
// https://html.spec.whatwg.org/multipage/parsing.html#concept-get-xml-encoding-when-sniffing
func xmlEncoding(b []byte) (encodingInfo, bool) {
	if !bytes.HasPrefix(b, []byte("<?xml")) {
		return encodingInfo{}, false
	}
	end := bytes.IndexByte(b, '>')
	if end < 0 {
		return encodingInfo{}, false
	}
	decl := b[:end]
	i := bytes.Index(decl, []byte("encoding"))
	if i < 0 {
		return encodingInfo{}, false
	}
	pos := i + len("encoding")
	for pos < len(decl) && decl[pos] <= 0x20 {
		pos++
	}
	if pos == len(decl) || decl[pos] != '=' {
		return encodingInfo{}, false
	}
	pos++
	for pos < len(decl) && decl[pos] <= 0x20 {
		pos++
	}
	if pos == len(decl) || decl[pos] != '"' && decl[pos] != '\'' {
		return encodingInfo{}, false
	}
	quote := decl[pos]
	pos++
	close := bytes.IndexByte(decl[pos:], quote)
	if close < 0 {
		return encodingInfo{}, false
	}
	label := decl[pos : pos+close]
	for _, c := range label {
		if c <= 0x20 {
			return encodingInfo{}, false
		}
	}
	e, ok := getEncoding(string(label))
	if e.name == utf16BEEncoding.name || e.name == utf16LEEncoding.name {
		e = utf8Encoding
	}
	return e, ok
}

// metaCharset is the HTML Standard's "algorithm for extracting a
// character encoding from a meta element": the label after "charset="
// in a content attribute's value s.
// https://html.spec.whatwg.org/multipage/urls-and-fetching.html#algorithm-for-extracting-a-character-encoding-from-a-meta-element
func metaCharset(s string) (string, bool) {
	pos := 0
	for {
		i := indexFold(s[pos:], "charset")
		if i < 0 {
			return "", false
		}
		pos += i + len("charset")
		for pos < len(s) && isSpace(s[pos]) {
			pos++
		}
		if pos < len(s) && s[pos] == '=' {
			pos++
			break
		}
	}
	for pos < len(s) && isSpace(s[pos]) {
		pos++
	}
	if pos == len(s) {
		return "", false
	}
	if c := s[pos]; c == '"' || c == '\'' {
		end := strings.IndexByte(s[pos+1:], c)
		if end < 0 {
			return "", false
		}
		return s[pos+1 : pos+1+end], true
	}
	end := strings.IndexAny(s[pos:], asciiWhitespace+";")
	if end < 0 {
		return s[pos:], true
	}
	return s[pos : pos+end], true
}

// indexFold returns the index of the first ASCII case-insensitive match
// of the lowercase word in s, or -1.
func indexFold(s, word string) int {
	for i := 0; i+len(word) <= len(s); i++ {
		if ascii.EqualFold(s[i:i+len(word)], word) {
			return i
		}
	}
	return -1
}

func isSpace(c byte) bool        { return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' ' }
func isSpaceOrSlash(c byte) bool { return isSpace(c) || c == '/' }
func isSpaceOrGT(c byte) bool    { return isSpace(c) || c == '>' }
