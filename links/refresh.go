package links

import "strings"

// refresh returns the URL text of a refresh pragma's content attribute
// value s, as the HTML Standard's shared declarative refresh steps find
// it, and whether s has one: a time, then ";" or "," or whitespace, then
// the URL, which "url=" and quotes may surround. A refresh without a URL
// reloads the document, and gives no link.
// https://html.spec.whatwg.org/multipage/semantics.html#shared-declarative-refresh-steps
func refresh(s string) (string, bool) {
	_, url, hasURL := refreshSteps(s)
	return url, hasURL
}

// refreshSteps runs the steps on s: the time in seconds (-1 when s is
// no refresh), and the URL text if s has one.
func refreshSteps(s string) (time int, url string, hasURL bool) {
	pos := skipSpace(s, 0)
	digits := pos
	for pos < len(s) && '0' <= s[pos] && s[pos] <= '9' {
		pos++
	}
	if pos == digits && (pos == len(s) || s[pos] != '.') {
		return -1, "", false
	}
	for _, c := range []byte(s[digits:pos]) {
		time = min(time*10+int(c-'0'), 1<<30)
	}
	for pos < len(s) && ('0' <= s[pos] && s[pos] <= '9' || s[pos] == '.') {
		pos++
	}
	if pos < len(s) {
		if c := s[pos]; c != ';' && c != ',' && !isSpace(c) {
			return -1, "", false
		}
		pos = skipSpace(s, pos)
		if pos < len(s) && (s[pos] == ';' || s[pos] == ',') {
			pos++
		}
		pos = skipSpace(s, pos)
	}
	if pos == len(s) {
		return time, "", false
	}
	url = s[pos:]
	// "url=", any case, with whitespace around "=".
	if p := pos; s[p]|0x20 == 'u' {
		p++
		if p < len(s) && s[p]|0x20 == 'r' && p+1 < len(s) && s[p+1]|0x20 == 'l' {
			p = skipSpace(s, p+2)
			if p < len(s) && s[p] == '=' {
				pos = skipSpace(s, p+1)
				url = s[pos:]
			} else {
				return time, url, true // "url" without "=" is part of the URL
			}
		} else {
			return time, url, true
		}
	}
	// Quotes.
	if pos < len(s) && (s[pos] == '"' || s[pos] == '\'') {
		quote := s[pos]
		url = s[pos+1:]
		if end := strings.IndexByte(url, quote); end >= 0 {
			url = url[:end]
		}
	}
	return time, url, true
}

func skipSpace(s string, pos int) int {
	for pos < len(s) && isSpace(s[pos]) {
		pos++
	}
	return pos
}
