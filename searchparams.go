package weburl

import (
	"iter"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"
)

// SearchParams is a list of name-value pairs in the
// application/x-www-form-urlencoded format: JavaScript's URLSearchParams.
// Names may repeat and the order is kept.
//
// A SearchParams from [URL.SearchParams] belongs to its URL: every change
// to the list rewrites the URL's query, and [URL.SetSearch] and
// [URL.SetHref] replace the list. One from [ParseSearchParams] or
// [ParseForm], or the zero value (an empty list), stands alone.
//
// Names and values are strings of Unicode scalar values: invalid UTF-8
// given to a method reads as U+FFFD.
// https://url.spec.whatwg.org/#interface-urlsearchparams
type SearchParams struct {
	list []nameValue
	url  *URL // the URL object, or nil
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
		if c := s[i]; c == '+' || c == '%' && startsWithPercentByte(s, i) {
			break
		}
	}
	if i == len(s) {
		return s
	}
	b := make([]byte, i, len(s))
	copy(b, s[:i])
	for ; i < len(s); i++ {
		switch {
		case s[i] == '+':
			b = append(b, ' ')
		case startsWithPercentByte(s, i):
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
		default:
			b = append(b, s[i])
		}
	}
	if !utf8.Valid(b) {
		return toValidUTF8(string(b))
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
		if !formSet.has(c) {
			continue
		}
		dst = append(dst, s[start:i]...)
		if c == ' ' {
			dst = append(dst, '+')
		} else {
			dst = append(dst, '%', upperHex[c>>4], upperHex[c&15])
		}
		start = i + 1
	}
	return append(dst, s[start:]...)
}

// String returns the application/x-www-form-urlencoded serialization of the
// list, as JavaScript's URLSearchParams.toString() does: "a=1&b=2+3".
// https://url.spec.whatwg.org/#concept-urlencoded-serializer
func (p *SearchParams) String() string {
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

// Size returns the number of name-value pairs.
// https://url.spec.whatwg.org/#dom-urlsearchparams-size
func (p *SearchParams) Size() int { return len(p.list) }

// Append adds a pair at the end of the list.
// https://url.spec.whatwg.org/#dom-urlsearchparams-append
func (p *SearchParams) Append(name, value string) {
	p.list = append(p.list, nameValue{toScalarValues(name), toScalarValues(value)})
	p.update()
}

// Delete removes every pair named name.
// https://url.spec.whatwg.org/#dom-urlsearchparams-delete
func (p *SearchParams) Delete(name string) {
	name = toScalarValues(name)
	p.list = slices.DeleteFunc(p.list, func(nv nameValue) bool { return nv.name == name })
	p.update()
}

// DeleteValue removes every pair named name whose value is value
// (JavaScript's delete(name, value)).
// https://url.spec.whatwg.org/#dom-urlsearchparams-delete
func (p *SearchParams) DeleteValue(name, value string) {
	name, value = toScalarValues(name), toScalarValues(value)
	p.list = slices.DeleteFunc(p.list, func(nv nameValue) bool { return nv.name == name && nv.value == value })
	p.update()
}

// Get returns the value of the first pair named name, and whether there is one.
// https://url.spec.whatwg.org/#dom-urlsearchparams-get
func (p *SearchParams) Get(name string) (string, bool) {
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
	name, value = toScalarValues(name), toScalarValues(value)
	for _, nv := range p.list {
		if nv.name == name && nv.value == value {
			return true
		}
	}
	return false
}

// Set gives the first pair named name the value value and removes the
// other pairs so named, or appends the pair if there is none.
// https://url.spec.whatwg.org/#dom-urlsearchparams-set
func (p *SearchParams) Set(name, value string) {
	name, value = toScalarValues(name), toScalarValues(value)
	i := slices.IndexFunc(p.list, func(nv nameValue) bool { return nv.name == name })
	if i < 0 {
		p.list = append(p.list, nameValue{name, value})
	} else {
		p.list[i].value = value
		rest := slices.DeleteFunc(p.list[i+1:], func(nv nameValue) bool { return nv.name == name })
		p.list = p.list[:i+1+len(rest)]
	}
	p.update()
}

// Sort sorts the pairs by name, keeping the order of pairs with equal
// names. Names compare by UTF-16 code units, as in JavaScript, not by
// bytes: U+10000 and above sort before U+E000 to U+FFFF.
// https://url.spec.whatwg.org/#dom-urlsearchparams-sort
func (p *SearchParams) Sort() {
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

// update runs the standard's update steps: the URL the list belongs to, if
// any, gets the list's serialization as its query, or a null query when
// that is empty.
// https://url.spec.whatwg.org/#concept-urlsearchparams-update
func (p *SearchParams) update() {
	u := p.url
	if u == nil || u.params != p {
		return
	}
	end := u.queryEnd()
	buf := make([]byte, 0, len(u.href)+16*len(p.list))
	buf = append(buf, u.href[:u.pathEnd()]...)
	c := u.components
	c.queryStart = omitted
	if len(p.list) > 0 {
		c.queryStart = uint32(len(buf))
		buf = append(buf, '?')
		buf = p.appendTo(buf)
	}
	c.hashStart = moved(u.hashStart, len(buf)-int(end))
	u.commit(append(buf, u.href[end:]...), c)
}

// SearchParams returns the URL's query as a list of name-value pairs, as
// JavaScript's URL.searchParams does. It is the same list on every call and
// stays in step with the URL: a change to the list rewrites the query in
// the application/x-www-form-urlencoded serialization (so "a=b ~" becomes
// "a=b+%7E"), an empty list makes the query null, and [URL.SetSearch] and
// [URL.SetHref] replace the list.
//
// A copy of a URL value gets a list of its own on its first call.
// https://url.spec.whatwg.org/#dom-url-searchparams
func (u *URL) SearchParams() *SearchParams {
	if u.params == nil || u.params.url != u {
		u.params = &SearchParams{url: u, list: parseForm(u.query())}
	}
	return u.params
}

// query returns the URL's query without "?", or "" when it is null.
func (u *URL) query() string {
	if u.queryStart == omitted {
		return ""
	}
	return u.href[u.queryStart+1 : u.queryEnd()]
}
