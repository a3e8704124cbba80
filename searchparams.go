package weburl

import (
	"iter"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/weburl/weburl/internal/ascii"
	"github.com/weburl/weburl/internal/utf8dec"
)

// SearchParams is a list of name-value pairs in the
// application/x-www-form-urlencoded format: JavaScript's URLSearchParams.
// Names may repeat and the order is kept.
//
// A SearchParams from [URL.SearchParams] is bound to its URL, both ways:
// every change to the list rewrites the URL's query, and a change to the
// URL's query (by [URL.SetSearch], [URL.SetHref], or another SearchParams
// of the same URL) shows in the list. One from [ParseSearchParams],
// [ParseForm] or [URL.Query], or the zero value (an empty list), stands
// alone.
//
// Names and values are strings of Unicode scalar values: invalid UTF-8
// given to a method reads as U+FFFD. A SearchParams must not be used by
// several goroutines at once, not even to read, since it follows its URL.
// https://url.spec.whatwg.org/#interface-urlsearchparams
type SearchParams struct {
	list []nameValue
	url  *URL // the URL object, or nil

	// query is the URL's query (without "?") that list was parsed from or
	// serialized to. While the URL's query is the same string, list is
	// what parsing it gives; that is compared first by pointer, so that a
	// query nobody changed costs nothing to check.
	query string

	// For Append, while the URL has no fragment: b holds the URL's
	// serialization as update or Append last wrote it, which is built
	// while it stays the URL's href, so that the next pair is written
	// after it in place. Bytes a string was made of are never written
	// again, so strings got from the URL before stay as they were.
	b       *strings.Builder
	built   string
	scratch []byte // a pair's serialization, for p.b
}

type nameValue struct{ name, value string }

// ParseSearchParams parses query, less a leading "?", as JavaScript's new
// URLSearchParams(query) does: "a=1&b=2+3&c" gives a=1, b="2 3", c="".
// https://url.spec.whatwg.org/#dom-urlsearchparams-urlsearchparams
func ParseSearchParams(query string) *SearchParams {
	return ParseForm(trimPrefixByte(query, '?'))
}

// ParseForm runs the application/x-www-form-urlencoded parser on data, such
// as a form's request body: the pairs are split on "&" and at the first "=",
// "+" reads as a space, percent-encoded bytes are decoded ("%" not followed
// by two hex digits stays as it is), and bytes that do not decode as UTF-8
// become U+FFFD. Unlike [ParseSearchParams] it keeps a leading "?".
//
// Names and values that need no decoding are substrings of data.
// https://url.spec.whatwg.org/#concept-urlencoded-parser
func ParseForm(data string) *SearchParams {
	return &SearchParams{list: parseForm(data)}
}

// parseForm returns the list the application/x-www-form-urlencoded parser
// makes of data.
// https://url.spec.whatwg.org/#concept-urlencoded-parser
func parseForm(data string) []nameValue {
	data = toScalarValues(data)
	if data == "" {
		return nil
	}
	list := make([]nameValue, 0, strings.Count(data, "&")+1)
	for len(data) > 0 {
		seq := data
		if i := strings.IndexByte(data, '&'); i >= 0 {
			seq, data = data[:i], data[i+1:]
		} else {
			data = ""
		}
		if seq == "" {
			continue
		}
		name, value, _ := strings.Cut(seq, "=")
		list = append(list, nameValue{formDecode(name), formDecode(value)})
	}
	return list
}

// formDecode replaces "+" with a space, percent-decodes, and decodes the
// bytes as UTF-8 without BOM, with U+FFFD for what is not UTF-8. It
// returns s itself when nothing changes.
func formDecode(s string) string {
	i := 0
	for ; i < len(s); i++ {
		if c := s[i]; c == '+' || c == '%' && ascii.StartsWithPercentByte(s, i) {
			break
		}
	}
	if i == len(s) {
		return s
	}
	b := ascii.AppendPercentDecoded(make([]byte, 0, len(s)), s, true)
	if !utf8.Valid(b) {
		return utf8dec.Decode(string(b))
	}
	return string(b)
}

// appendFormPair appends the application/x-www-form-urlencoded
// serialization of a name-value pair.
func appendFormPair(dst []byte, name, value string) []byte {
	dst = appendFormEncoded(dst, name)
	dst = append(dst, '=')
	return appendFormEncoded(dst, value)
}

// appendFormEncoded appends s percent-encoded with the
// application/x-www-form-urlencoded percent-encode set, a space as "+".
// https://url.spec.whatwg.org/#concept-urlencoded-serializer
func appendFormEncoded(dst []byte, s string) []byte {
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !formSet.Has(c) {
			continue
		}
		dst = append(dst, s[start:i]...)
		if c == ' ' {
			dst = append(dst, '+')
		} else {
			dst = append(dst, '%', ascii.UpperHex[c>>4], ascii.UpperHex[c&15])
		}
		start = i + 1
	}
	return append(dst, s[start:]...)
}

// String returns the application/x-www-form-urlencoded serialization of the
// list, as JavaScript's URLSearchParams.toString() does: "a=1&b=2+3".
// https://url.spec.whatwg.org/#concept-urlencoded-serializer
func (p *SearchParams) String() string {
	p.sync()
	return string(p.appendTo(nil))
}

func (p *SearchParams) appendTo(dst []byte) []byte {
	for i, nv := range p.list {
		if i > 0 {
			dst = append(dst, '&')
		}
		dst = appendFormPair(dst, nv.name, nv.value)
	}
	return dst
}

// Encode returns the application/x-www-form-urlencoded serialization of the
// list with names and values encoded in the encoding that label names (as
// a form in a document of that encoding is submitted), where String uses
// UTF-8. A code point the encoding cannot encode is written as "&#N;",
// percent-encoded. The error is an [*EncodingError] for an unknown label.
// https://url.spec.whatwg.org/#concept-urlencoded-serializer
func (p *SearchParams) Encode(label string) (string, error) {
	p.sync()
	enc, err := lookupEncoding(label)
	if err != nil {
		return "", err
	}
	if enc == nil {
		return p.String(), nil
	}
	var b strings.Builder
	var buf []byte
	for i, nv := range p.list {
		buf = buf[:0]
		if i > 0 {
			buf = append(buf, '&')
		}
		buf = appendEncodedAfterEncoding(buf, nv.name, enc, formSet, true)
		buf = append(buf, '=')
		buf = appendEncodedAfterEncoding(buf, nv.value, enc, formSet, true)
		b.Write(buf)
	}
	return b.String(), nil
}

// Size returns the number of name-value pairs.
// https://url.spec.whatwg.org/#dom-urlsearchparams-size
func (p *SearchParams) Size() int {
	p.sync()
	return len(p.list)
}

// Append adds a pair at the end of the list. On a URL without a fragment
// it takes time in proportion to the pair, not to the list: the pair's
// serialization is added to the query in place, so n Appends take O(n)
// time.
// https://url.spec.whatwg.org/#dom-urlsearchparams-append
func (p *SearchParams) Append(name, value string) {
	p.sync()
	name, value = toScalarValues(name), toScalarValues(value)
	p.list = append(p.list, nameValue{name, value})
	p.updateAppended(name, value)
}

// Delete removes every pair named name.
// https://url.spec.whatwg.org/#dom-urlsearchparams-delete
func (p *SearchParams) Delete(name string) {
	p.sync()
	name = toScalarValues(name)
	p.list = slices.DeleteFunc(p.list, func(nv nameValue) bool { return nv.name == name })
	p.update()
}

// DeleteValue removes every pair named name whose value is value
// (JavaScript's delete(name, value)).
// https://url.spec.whatwg.org/#dom-urlsearchparams-delete
func (p *SearchParams) DeleteValue(name, value string) {
	p.sync()
	name, value = toScalarValues(name), toScalarValues(value)
	p.list = slices.DeleteFunc(p.list, func(nv nameValue) bool { return nv.name == name && nv.value == value })
	p.update()
}

// Get returns the value of the first pair named name, and whether there is one.
// https://url.spec.whatwg.org/#dom-urlsearchparams-get
func (p *SearchParams) Get(name string) (string, bool) {
	p.sync()
	name = toScalarValues(name)
	for _, nv := range p.list {
		if nv.name == name {
			return nv.value, true
		}
	}
	return "", false
}

// GetAll returns the values of the pairs named name, in list order.
// https://url.spec.whatwg.org/#dom-urlsearchparams-getall
func (p *SearchParams) GetAll(name string) []string {
	p.sync()
	name = toScalarValues(name)
	var values []string
	for _, nv := range p.list {
		if nv.name == name {
			values = append(values, nv.value)
		}
	}
	return values
}

// Has reports whether a pair is named name.
// https://url.spec.whatwg.org/#dom-urlsearchparams-has
func (p *SearchParams) Has(name string) bool {
	_, ok := p.Get(name)
	return ok
}

// HasValue reports whether a pair is named name and has the value value
// (JavaScript's has(name, value)).
// https://url.spec.whatwg.org/#dom-urlsearchparams-has
func (p *SearchParams) HasValue(name, value string) bool {
	p.sync()
	name, value = toScalarValues(name), toScalarValues(value)
	for _, nv := range p.list {
		if nv.name == name && nv.value == value {
			return true
		}
	}
	return false
}

// Set gives the first pair named name the value value and removes the
// other pairs so named, or appends the pair if there is none (then, as
// Append does, in time in proportion to the pair).
// https://url.spec.whatwg.org/#dom-urlsearchparams-set
func (p *SearchParams) Set(name, value string) {
	p.sync()
	name, value = toScalarValues(name), toScalarValues(value)
	i := slices.IndexFunc(p.list, func(nv nameValue) bool { return nv.name == name })
	if i < 0 {
		p.list = append(p.list, nameValue{name, value})
		p.updateAppended(name, value)
		return
	}
	p.list[i].value = value
	rest := slices.DeleteFunc(p.list[i+1:], func(nv nameValue) bool { return nv.name == name })
	p.list = p.list[:i+1+len(rest)]
	p.update()
}

// Sort sorts the pairs by name, keeping the order of pairs with equal
// names. Names compare by UTF-16 code units, as in JavaScript, not by
// bytes: U+10000 and above sort before U+E000 to U+FFFF.
// https://url.spec.whatwg.org/#dom-urlsearchparams-sort
func (p *SearchParams) Sort() {
	p.sync()
	slices.SortStableFunc(p.list, func(a, b nameValue) int { return compareUTF16(a.name, b.name) })
	p.update()
}

// compareUTF16 compares a and b by their UTF-16 code units. UTF-8 bytes
// sort like code points, which sort like UTF-16 code units except that a
// supplementary code point (a surrogate pair, from 0xD800) sorts before
// U+E000 to U+FFFF; only the first code points that differ need looking at.
func compareUTF16(a, b string) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	if i == len(a) || i == len(b) {
		return len(a) - len(b) // one is a prefix of the other
	}
	for i > 0 && !utf8.RuneStart(a[i]) {
		i--
	}
	ra, _ := utf8.DecodeRuneInString(a[i:])
	rb, _ := utf8.DecodeRuneInString(b[i:])
	return utf16Key(ra) - utf16Key(rb)
}

// utf16Key maps code points to keys that sort as their UTF-16 code units
// do: below U+D800 as they are, then the supplementary code points (whose
// first code unit is a surrogate, 0xD800 to 0xDBFF), then U+E000 to U+FFFF.
func utf16Key(r rune) int {
	switch {
	case r > 0xFFFF:
		return 0xD800 + int(r-0x10000)
	case r >= 0xE000:
		return int(r) + 0x100000
	}
	return int(r)
}

// All returns an iterator over the name-value pairs, in list order.
// https://url.spec.whatwg.org/#interface-urlsearchparams
func (p *SearchParams) All() iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		p.sync()
		for i := 0; i < len(p.list); i++ {
			if !yield(p.list[i].name, p.list[i].value) {
				return
			}
		}
	}
}

// Keys returns an iterator over the names, in list order.
func (p *SearchParams) Keys() iter.Seq[string] {
	return func(yield func(string) bool) {
		p.sync()
		for i := 0; i < len(p.list); i++ {
			if !yield(p.list[i].name) {
				return
			}
		}
	}
}

// Values returns an iterator over the values, in list order.
func (p *SearchParams) Values() iter.Seq[string] {
	return func(yield func(string) bool) {
		p.sync()
		for i := 0; i < len(p.list); i++ {
			if !yield(p.list[i].value) {
				return
			}
		}
	}
}

// URLValues returns the pairs as net/url's url.Values, the values of each
// name in list order.
func (p *SearchParams) URLValues() url.Values {
	p.sync()
	v := make(url.Values, len(p.list))
	for _, nv := range p.list {
		v[nv.name] = append(v[nv.name], nv.value)
	}
	return v
}

// SearchParamsFromValues returns the pairs of v as a SearchParams. A map
// has no order, so the pairs are sorted by name (bytewise, as
// url.Values.Encode does), each name's values in their order in v.
func SearchParamsFromValues(v url.Values) *SearchParams {
	names := make([]string, 0, len(v))
	n := 0
	for name, values := range v {
		names = append(names, name)
		n += len(values)
	}
	slices.Sort(names)
	p := &SearchParams{list: make([]nameValue, 0, n)}
	for _, name := range names {
		for _, value := range v[name] {
			p.list = append(p.list, nameValue{toScalarValues(name), toScalarValues(value)})
		}
	}
	return p
}

// sync makes the list what parsing the URL's query gives, if the query
// changed since the list was last parsed or serialized.
func (p *SearchParams) sync() {
	u := p.url
	if u == nil {
		return
	}
	q := u.query()
	if q != p.query {
		p.list = parseForm(q)
	}
	p.query = q // the same string, compared by pointer next time
}

// update runs the standard's update steps: the URL the list is bound to,
// if any, gets the list's serialization as its query, or a null query when
// that is empty.
// https://url.spec.whatwg.org/#concept-urlsearchparams-update
func (p *SearchParams) update() {
	u := p.url
	if u == nil {
		return
	}
	c := u.components
	c.queryStart = omitted
	if u.hashStart != omitted {
		end := u.queryEnd()
		buf := make([]byte, 0, len(u.href)+16*len(p.list))
		buf = append(buf, u.href[:u.pathEnd()]...)
		if len(p.list) > 0 {
			c.queryStart = uint32(len(buf))
			buf = append(buf, '?')
			buf = p.appendTo(buf)
		}
		c.hashStart = moved(u.hashStart, len(buf)-int(end))
		// A list that makes the URL too long for its offsets (4 GiB)
		// leaves it as it was, as the setters do.
		_ = u.commit("set search", "", append(buf, u.href[end:]...), c)
		p.query = u.query()
		return
	}
	// Without a fragment, the query ends the URL: build it in p.b, so
	// that Append can write the next pair after it.
	if p.b == nil {
		p.b = new(strings.Builder)
	}
	p.b.Reset()
	p.b.Grow(int(u.pathEnd()) + 16*len(p.list) + 1)
	p.b.WriteString(u.href[:u.pathEnd()])
	for i, nv := range p.list {
		if i == 0 {
			c.queryStart = uint32(p.b.Len())
			p.b.WriteByte('?')
		} else {
			p.b.WriteByte('&')
		}
		p.writePair(nv.name, nv.value)
	}
	p.commitBuilt(c)
}

// updateAppended runs the update steps after a pair was appended to the
// list. If the URL is still as update or updateAppended left it, with no
// fragment, its query is the serialization of the list without the pair,
// and the pair's serialization is written after it.
func (p *SearchParams) updateAppended(name, value string) {
	u := p.url
	if u == nil {
		return
	}
	if p.b == nil || u.hashStart != omitted || u.href != p.built {
		p.update()
		return
	}
	c := u.components
	if len(p.list) == 1 {
		c.queryStart = uint32(p.b.Len()) // the query was null
		p.b.WriteByte('?')
	} else {
		p.b.WriteByte('&')
	}
	p.writePair(name, value)
	p.commitBuilt(c)
}

// writePair writes the serialization of a name-value pair to p.b.
func (p *SearchParams) writePair(name, value string) {
	p.scratch = appendFormPair(p.scratch[:0], name, value)
	p.b.Write(p.scratch)
}

// commitBuilt makes what p.b holds, described by c, the URL's
// serialization. A URL too long for its offsets keeps its serialization,
// and the list goes back to what parsing its query gives.
func (p *SearchParams) commitBuilt(c components) {
	u := p.url
	if uint64(p.b.Len()) <= maxHref {
		u.href, u.components = p.b.String(), c
		p.built = u.href
	} else {
		p.list = parseForm(u.query())
	}
	p.query = u.query()
}

// SearchParams returns the URL's query as a list of name-value pairs, as
// JavaScript's URL.searchParams does, bound to the URL: a change to the
// list rewrites the query in the application/x-www-form-urlencoded
// serialization (so "a=b ~" becomes "a=b+%7E"), an empty list makes the
// query null, and a change to the URL's query shows in the list. Each call
// returns a new SearchParams; all of them follow the same URL. For a zero
// URL, which has no query to hold the pairs, the list stands alone.
//
// SearchParams does not change the URL, so a URL that goroutines share
// only to read may give each its own list; only edits through the list
// write to the URL.
// https://url.spec.whatwg.org/#dom-url-searchparams
func (u *URL) SearchParams() *SearchParams {
	if u.href == "" {
		return &SearchParams{}
	}
	q := u.query()
	return &SearchParams{list: parseForm(q), url: u, query: q}
}

// query returns the URL's query without "?", or "" when it is null.
func (u *URL) query() string {
	if u.queryStart == omitted || u.queryStart >= u.queryEnd() {
		return "" // null, or the zero URL
	}
	return u.href[u.queryStart+1 : u.queryEnd()]
}
