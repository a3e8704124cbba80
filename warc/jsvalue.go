package warc

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/weburl/weburl/internal/ascii"
)

// This file holds what warcio.js's index takes from JavaScript itself:
// its whitespace, Number() and its string form, toLowerCase, decodeURI,
// JSON.parse's values and the order of an object's keys.

// jsSpace reports whether JavaScript's trim() removes r.
func jsSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

func jsTrim(s string) string      { return strings.TrimFunc(s, jsSpace) }
func jsTrimStart(s string) string { return strings.TrimLeftFunc(s, jsSpace) }
func jsTrimEnd(s string) string   { return strings.TrimRightFunc(s, jsSpace) }

// jsNumber is JavaScript's Number(s): NaN where s is no number.
func jsNumber(s string) float64 {
	s = jsTrim(s)
	if s == "" {
		return 0
	}
	if len(s) > 2 && s[0] == '0' {
		base := 0
		switch s[1] {
		case 'x', 'X':
			base = 16
		case 'o', 'O':
			base = 8
		case 'b', 'B':
			base = 2
		}
		if base != 0 {
			if strings.Contains(s, "_") {
				return math.NaN()
			}
			n, err := strconv.ParseUint(s[2:], base, 64)
			if err != nil {
				return math.NaN()
			}
			return float64(n)
		}
	}
	switch s {
	case "Infinity", "+Infinity":
		return math.Inf(1)
	case "-Infinity":
		return math.Inf(-1)
	}
	// StrDecimalLiteral: sign, digits, a point, digits, an exponent.
	i := 0
	if s[i] == '+' || s[i] == '-' {
		i++
	}
	digits := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
		digits++
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			digits++
		}
	}
	if digits == 0 {
		return math.NaN()
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		exp := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			exp++
		}
		if exp == 0 {
			return math.NaN()
		}
	}
	if i != len(s) {
		return math.NaN()
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !math.IsInf(f, 0) {
		return math.NaN()
	}
	return f
}

// jsNumberString is JavaScript's String(n) (Number::toString).
func jsNumberString(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case f == 0:
		return "0"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f < 0:
		return "-" + jsNumberString(-f)
	}
	e := strconv.FormatFloat(f, 'e', -1, 64) // d.ddde±x
	mant, expText, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	exp, _ := strconv.Atoi(expText)
	k := len(digits)
	n := exp + 1
	switch {
	case k <= n && n <= 21:
		return digits + strings.Repeat("0", n-k)
	case 0 < n && n <= 21:
		return digits[:n] + "." + digits[n:]
	case -6 < n && n <= 0:
		return "0." + strings.Repeat("0", -n) + digits
	}
	sign := "+"
	if n-1 < 0 {
		sign = "-"
	}
	exponent := strconv.Itoa(abs(n - 1))
	if k == 1 {
		return digits + "e" + sign + exponent
	}
	return digits[:1] + "." + digits[1:] + "e" + sign + exponent
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// jsToLower is JavaScript's toLowerCase, for what a URL holds: Unicode's
// lower-case mappings, with U+0130's two code points.
func jsToLower(s string) string {
	if !strings.ContainsRune(s, 'İ') {
		return strings.ToLower(s)
	}
	return strings.ToLower(strings.ReplaceAll(s, "İ", "i\u0307"))
}

// jsDecodeURI is JavaScript's decodeURI; false where it throws.
func jsDecodeURI(s string) (string, bool) {
	if !strings.Contains(s, "%") {
		return s, true
	}
	const reserved = ";/?:@&=+$,#"
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '%' {
			b.WriteByte(s[i])
			i++
			continue
		}
		if !ascii.StartsWithPercentByte(s, i) {
			return "", false
		}
		c := ascii.Unhex(s[i+1])<<4 | ascii.Unhex(s[i+2])
		if c < 0x80 {
			if strings.IndexByte(reserved, c) >= 0 {
				b.WriteString(s[i : i+3])
			} else {
				b.WriteByte(c)
			}
			i += 3
			continue
		}
		n := 0
		switch {
		case c&0xe0 == 0xc0:
			n = 2
		case c&0xf0 == 0xe0:
			n = 3
		case c&0xf8 == 0xf0:
			n = 4
		default:
			return "", false
		}
		seq := []byte{c}
		j := i + 3
		for k := 1; k < n; k++ {
			if !ascii.StartsWithPercentByte(s, j) {
				return "", false
			}
			seq = append(seq, ascii.Unhex(s[j+1])<<4|ascii.Unhex(s[j+2]))
			j += 3
		}
		r, size := utf8.DecodeRune(seq)
		if r == utf8.RuneError && size <= 1 || size != n {
			return "", false
		}
		b.Write(seq)
		i = j
	}
	return b.String(), true
}

// jsLength is a string's length in UTF-16 code units.
func jsLength(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// jsSlice returns the first n UTF-16 code units of s; a pair cut in two
// leaves its lead surrogate, written as WTF-8 does.
func jsSlice(s string, n int) string {
	units := 0
	for i, r := range s {
		l := utf16.RuneLen(r)
		if units+l > n {
			if l == 2 && units+1 == n {
				r1, _ := utf16.EncodeRune(r)
				return s[:i] + string([]byte{0xed, 0xa0 | byte(r1>>6&0x0f), 0x80 | byte(r1&0x3f)})
			}
			return s[:i]
		}
		units += l
	}
	return s
}

// latin1OfUTF8 is warcio.js's UTFToLatin1: each byte of s's UTF-8 a
// character of its own.
func latin1OfUTF8(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteRune(rune(s[i]))
	}
	return b.String()
}

// jsJSON is a value JSON.parse makes: nil, bool, float64, string,
// []any, or *jsObject.
type jsObject struct {
	keys   []string
	values map[string]any
}

// entries returns the object's keys in the order Object.entries gives
// them: the array indices in ascending order, then the others in the
// order they were made.
func (o *jsObject) entries() []string {
	var idx, other []string
	for _, k := range o.keys {
		if isArrayIndex(k) {
			idx = append(idx, k)
		} else {
			other = append(other, k)
		}
	}
	for i := 1; i < len(idx); i++ {
		for j := i; j > 0 && arrayIndex(idx[j]) < arrayIndex(idx[j-1]); j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	return append(idx, other...)
}

func isArrayIndex(k string) bool {
	if k == "" || len(k) > 10 || k != "0" && k[0] == '0' {
		return false
	}
	for i := 0; i < len(k); i++ {
		if k[i] < '0' || k[i] > '9' {
			return false
		}
	}
	n, _ := strconv.ParseUint(k, 10, 64)
	return n < 1<<32-1
}

func arrayIndex(k string) uint64 {
	n, _ := strconv.ParseUint(k, 10, 64)
	return n
}

// jsParse is JSON.parse; false where it throws.
func jsParse(s string) (any, bool) {
	p := jsonParser{s: s}
	p.space()
	v, ok := p.value()
	if !ok {
		return nil, false
	}
	p.space()
	return v, p.i == len(p.s)
}

type jsonParser struct {
	s     string
	i     int
	depth int
}

func (p *jsonParser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\n' || p.s[p.i] == '\r') {
		p.i++
	}
}

// open enters the object or array at p.s[p.i], one level deeper, and
// reports whether closer ends it at once (it is empty).
func (p *jsonParser) open(closer byte) (empty bool) {
	p.i++
	p.depth++
	p.space()
	if p.i < len(p.s) && p.s[p.i] == closer {
		p.i++
		return true
	}
	return false
}

// next reads what follows a member or an element: "," (more is true),
// closer (more is false), or anything else (ok is false).
func (p *jsonParser) next(closer byte) (more, ok bool) {
	p.space()
	if p.i < len(p.s) && (p.s[p.i] == ',' || p.s[p.i] == closer) {
		p.i++
		return p.s[p.i-1] == ',', true
	}
	return false, false
}

func (p *jsonParser) value() (any, bool) {
	if p.i >= len(p.s) || p.depth > 10000 {
		return nil, false
	}
	switch c := p.s[p.i]; {
	case c == '{':
		defer func() { p.depth-- }()
		o := &jsObject{values: map[string]any{}}
		if p.open('}') {
			return o, true
		}
		for {
			p.space()
			if p.i >= len(p.s) || p.s[p.i] != '"' {
				return nil, false
			}
			k, ok := p.str()
			if !ok {
				return nil, false
			}
			p.space()
			if p.i >= len(p.s) || p.s[p.i] != ':' {
				return nil, false
			}
			p.i++
			p.space()
			v, ok := p.value()
			if !ok {
				return nil, false
			}
			if _, dup := o.values[k]; !dup {
				o.keys = append(o.keys, k)
			}
			o.values[k] = v
			if more, ok := p.next('}'); !ok {
				return nil, false
			} else if !more {
				return o, true
			}
		}
	case c == '[':
		defer func() { p.depth-- }()
		list := []any{}
		if p.open(']') {
			return list, true
		}
		for {
			p.space()
			v, ok := p.value()
			if !ok {
				return nil, false
			}
			list = append(list, v)
			if more, ok := p.next(']'); !ok {
				return nil, false
			} else if !more {
				return list, true
			}
		}
	case c == '"':
		return p.str()
	case strings.HasPrefix(p.s[p.i:], "true"):
		p.i += 4
		return true, true
	case strings.HasPrefix(p.s[p.i:], "false"):
		p.i += 5
		return false, true
	case strings.HasPrefix(p.s[p.i:], "null"):
		p.i += 4
		return nil, true
	case c == '-' || c >= '0' && c <= '9':
		start := p.i
		if p.s[p.i] == '-' {
			p.i++
		}
		if p.i >= len(p.s) {
			return nil, false
		}
		if p.s[p.i] == '0' {
			p.i++
		} else if p.s[p.i] >= '1' && p.s[p.i] <= '9' {
			for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
				p.i++
			}
		} else {
			return nil, false
		}
		if p.i < len(p.s) && p.s[p.i] == '.' {
			p.i++
			d := p.i
			for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
				p.i++
			}
			if p.i == d {
				return nil, false
			}
		}
		if p.i < len(p.s) && (p.s[p.i] == 'e' || p.s[p.i] == 'E') {
			p.i++
			if p.i < len(p.s) && (p.s[p.i] == '+' || p.s[p.i] == '-') {
				p.i++
			}
			d := p.i
			for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
				p.i++
			}
			if p.i == d {
				return nil, false
			}
		}
		f, err := strconv.ParseFloat(p.s[start:p.i], 64)
		if err != nil && !math.IsInf(f, 0) {
			return nil, false
		}
		return f, true
	}
	return nil, false
}

// str reads a JSON string; a lone surrogate becomes U+FFFD, as it does
// in URLSearchParams, the only reader of these values.
func (p *jsonParser) str() (string, bool) {
	p.i++ // '"'
	var b strings.Builder
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '"':
			p.i++
			return b.String(), true
		case c < 0x20:
			return "", false
		case c == '\\':
			if p.i+1 >= len(p.s) {
				return "", false
			}
			e := p.s[p.i+1]
			p.i += 2
			switch e {
			case '"', '\\', '/':
				b.WriteByte(e)
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			case 'u':
				r, ok := p.hex4()
				if !ok {
					return "", false
				}
				if utf16.IsSurrogate(r) && r < 0xdc00 && strings.HasPrefix(p.s[p.i:], `\u`) {
					save := p.i
					p.i += 2
					r2, ok := p.hex4()
					if ok && r2 >= 0xdc00 && r2 < 0xe000 {
						r = utf16.DecodeRune(r, r2)
					} else {
						p.i = save
					}
				}
				if utf16.IsSurrogate(r) {
					r = utf8.RuneError
				}
				b.WriteRune(r)
			default:
				return "", false
			}
		default:
			b.WriteByte(c)
			p.i++
		}
	}
	return "", false
}

func (p *jsonParser) hex4() (rune, bool) {
	if p.i+4 > len(p.s) {
		return 0, false
	}
	v, err := strconv.ParseUint(p.s[p.i:p.i+4], 16, 32)
	if err != nil {
		return 0, false
	}
	p.i += 4
	return rune(v), true
}
