package links

import (
	"iter"
	"strconv"
	"strings"
)

// A candidate is an image candidate of a srcset attribute: its URL text
// and its descriptors as the attribute writes them, joined by spaces.
type candidate struct {
	url, descriptor string
}

// candidates yields the image candidates of a srcset attribute's value
// s, as the HTML Standard's "parse a srcset attribute" finds them: those
// whose descriptors are in error are left out.
// https://html.spec.whatwg.org/multipage/images.html#parse-a-srcset-attribute
func candidates(s string) iter.Seq[candidate] {
	return func(yield func(candidate) bool) {
		pos := 0
		for {
			// Splitting loop: whitespace and commas.
			for pos < len(s) && (isSpace(s[pos]) || s[pos] == ',') {
				pos++
			}
			if pos == len(s) {
				return
			}
			start := pos
			for pos < len(s) && !isSpace(s[pos]) {
				pos++
			}
			url := s[start:pos]
			var descriptors []string
			if strings.HasSuffix(url, ",") {
				url = strings.TrimRight(url, ",")
			} else {
				descriptors, pos = tokenizeDescriptors(s, pos)
			}
			if d, ok := parseDescriptors(descriptors); ok {
				if !yield(candidate{url: url, descriptor: d}) {
					return
				}
			}
		}
	}
}

// tokenizeDescriptors is the srcset parser's descriptor tokenizer, from
// s[pos]: it returns the descriptors and the position after them.
func tokenizeDescriptors(s string, pos int) ([]string, int) {
	for pos < len(s) && isSpace(s[pos]) {
		pos++
	}
	var descriptors []string
	start := pos // of the current descriptor
	const (
		inDescriptor = iota
		inParens
		afterDescriptor
	)
	state := inDescriptor
	for ; ; pos++ {
		if pos == len(s) { // EOF
			if state == inParens || state == inDescriptor && pos > start {
				descriptors = append(descriptors, s[start:pos])
			}
			return descriptors, pos
		}
		c := s[pos]
		switch state {
		case inDescriptor:
			switch {
			case isSpace(c):
				if pos > start {
					descriptors = append(descriptors, s[start:pos])
				}
				state = afterDescriptor
			case c == ',':
				if pos > start {
					descriptors = append(descriptors, s[start:pos])
				}
				return descriptors, pos + 1
			case c == '(':
				state = inParens
			}
		case inParens:
			if c == ')' {
				state = inDescriptor
			}
		case afterDescriptor:
			if !isSpace(c) {
				state, start = inDescriptor, pos
				pos-- // this character again, in a descriptor
			}
		}
	}
}

// parseDescriptors is the srcset parser's descriptor parser: whether the
// descriptors are without error, and the descriptors joined by spaces.
func parseDescriptors(descriptors []string) (string, bool) {
	var width, density, height bool
	for _, d := range descriptors {
		if d == "" {
			return "", false
		}
		value, unit := d[:len(d)-1], d[len(d)-1]
		switch {
		case unit == 'w' && validNonNegativeInteger(value):
			if width || density || strings.Trim(value, "0") == "" {
				return "", false
			}
			width = true
		case unit == 'x' && validFloat(value):
			if v, _ := strconv.ParseFloat(value, 64); width || density || height || v < 0 {
				return "", false
			}
			density = true
		case unit == 'h' && validNonNegativeInteger(value):
			if height || density || strings.Trim(value, "0") == "" {
				return "", false
			}
			height = true
		default:
			return "", false
		}
	}
	if height && !width {
		return "", false
	}
	return strings.Join(descriptors, " "), true
}

// validNonNegativeInteger reports whether s is one or more ASCII digits.
// https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-non-negative-integer
func validNonNegativeInteger(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// validFloat reports whether s is a valid floating-point number: an
// optional "-", digits, an optional "." and digits, an optional exponent
// ("e" or "E", an optional sign, digits); with digits before or after
// the ".".
// https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-floating-point-number
func validFloat(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	digits := 0
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
		digits++
	}
	if i < len(s) && s[i] == '.' {
		i++
		frac := 0
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
			frac++
		}
		if frac == 0 {
			return false
		}
		digits += frac
	}
	if digits == 0 {
		return false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '-' || s[i] == '+') {
			i++
		}
		exp := 0
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
			exp++
		}
		if exp == 0 {
			return false
		}
	}
	return i == len(s)
}
