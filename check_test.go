package weburl

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/ascii"
)

// check verifies the invariants of u's representation (see components):
// the offsets are in order and point at the delimiters they should, the
// getters agree with each other and with the serialization, and parsing
// the serialization gives the same URL again (the standard's idempotence
// goal), with the states alone and with the shortcuts. Tests call it after
// every parse and every setter.
func (u *URL) check() error { return u.checkWith(Parse) }

// checkWith is check with reparse as the parse with the shortcuts.
func (u *URL) checkWith(reparse func(string) (*URL, error)) error {
	h := u.href
	n := uint32(len(h))
	fail := func(format string, args ...any) error {
		return fmt.Errorf("invariant broken in %q (%+v): %s", h, u.components, fmt.Sprintf(format, args...))
	}
	c := u.components

	// The serialization is printable ASCII: the parser percent-encodes
	// everything else (an opaque path may keep spaces).
	for i := 0; i < len(h); i++ {
		if h[i] < ' ' || h[i] > '~' {
			return fail("byte %#x at %d is not printable ASCII", h[i], i)
		}
	}

	// Scheme.
	if c.schemeEnd == 0 || c.schemeEnd >= n || h[c.schemeEnd] != ':' {
		return fail("schemeEnd does not point at \":\"")
	}
	scheme := h[:c.schemeEnd]
	if !ascii.IsAlpha(scheme[0]) || strings.ToLower(scheme) != scheme || strings.IndexFunc(scheme, func(r rune) bool { return r > 0x7F || !isSchemeChar(byte(r)) }) >= 0 {
		return fail("scheme %q is no lowercase URL-scheme string", scheme)
	}
	if schemeKindOf(scheme) != c.scheme {
		return fail("scheme kind %d for %q", c.scheme, scheme)
	}

	// Credentials, host and port.
	if c.hostKind == HostNull {
		e := c.schemeEnd + 1
		if c.usernameEnd != e || c.hostStart != e || c.hostEnd != e {
			return fail("null host but credential or host offsets past the scheme")
		}
		if c.scheme.special() {
			return fail("special URL without a host")
		}
		if c.pathStart != e {
			path := h[c.pathStart:u.pathEnd()]
			if c.pathStart != e+2 || h[e:e+2] != "/." || !strings.HasPrefix(path, "//") {
				return fail("\"/.\" before a path %q that does not start with \"//\"", path)
			}
		}
	} else {
		if h[c.schemeEnd+1:c.schemeEnd+3] != "//" {
			return fail("a host without \"//\"")
		}
		if !(c.schemeEnd+3 <= c.usernameEnd && c.usernameEnd <= c.hostStart && c.hostStart <= c.hostEnd && c.hostEnd <= c.pathStart) {
			return fail("authority offsets out of order")
		}
		if c.hostStart > c.schemeEnd+3 {
			if h[c.hostStart-1] != '@' {
				return fail("credentials do not end with \"@\"")
			}
			if c.usernameEnd < c.hostStart-1 && (h[c.usernameEnd] != ':' || c.usernameEnd+1 == c.hostStart-1) {
				return fail("a password that is empty or not after \":\"")
			}
			if u.Username() == "" && u.Password() == "" {
				return fail("\"@\" without credentials")
			}
		} else if c.usernameEnd != c.hostStart {
			return fail("username without \"@\"")
		}
		for _, s := range []string{u.Username(), u.Password()} {
			if s := strings.ReplaceAll(s, "%", ""); ascii.IndexEncoded(s, userinfoSet) < len(s) {
				return fail("credential %q holds a byte of the userinfo percent-encode set", s)
			}
		}
		if c.pathStart > c.hostEnd {
			port := h[c.hostEnd+1 : c.pathStart]
			v, err := strconv.Atoi(port)
			if h[c.hostEnd] != ':' || err != nil || v > 0xFFFF || strconv.Itoa(v) != port || v == c.scheme.defaultPort() {
				return fail("port %q is not a serialized non-default port", port)
			}
		}
		host := h[c.hostStart:c.hostEnd]
		if err := checkHost(host, c.hostKind, c.scheme); err != nil {
			return fail("%v", err)
		}
	}

	// Path, query and fragment.
	if c.pathStart > n || c.queryStart != omitted && (c.queryStart < c.pathStart || c.queryStart >= n || h[c.queryStart] != '?') {
		return fail("query offset")
	}
	if c.hashStart != omitted && (c.hashStart < c.pathStart || c.hashStart >= n || h[c.hashStart] != '#' || c.queryStart != omitted && c.hashStart < c.queryStart) {
		return fail("fragment offset")
	}
	path := u.Pathname()
	if c.opaquePath {
		if c.scheme.special() || c.hostKind != HostNull || strings.HasPrefix(path, "/") {
			return fail("opaque path %q in a URL with a host, special scheme, or leading \"/\"", path)
		}
		if ascii.IndexEncoded(path, c0ControlSet) < len(path) {
			return fail("opaque path %q is not encoded", path)
		}
	} else {
		if path != "" && path[0] != '/' || c.scheme.special() && path == "" {
			return fail("path %q is not a list of segments", path)
		}
		for seg := range strings.SplitSeq(strings.TrimPrefix(path, "/"), "/") {
			if isSingleDotSegment(seg) || isDoubleDotSegment(seg) || ascii.IndexEncoded(seg, pathSet) < len(seg) {
				return fail("path segment %q is a dot segment or not encoded", seg)
			}
		}
	}

	// Getters agree with the serialization.
	var b strings.Builder
	b.WriteString(u.Protocol())
	if c.hostKind != HostNull {
		b.WriteString("//")
		if u.Username() != "" || u.Password() != "" {
			b.WriteString(u.Username())
			if u.Password() != "" {
				b.WriteString(":" + u.Password())
			}
			b.WriteString("@")
		}
		b.WriteString(u.Hostname())
		if u.Port() != "" {
			b.WriteString(":" + u.Port())
		}
		if u.Host() != u.Hostname() && u.Host() != u.Hostname()+":"+u.Port() {
			return fail("Host() = %q, Hostname() = %q, Port() = %q", u.Host(), u.Hostname(), u.Port())
		}
	} else if strings.HasPrefix(path, "//") {
		b.WriteString("/.")
	}
	b.WriteString(path)
	if c.queryStart != omitted {
		b.WriteString(h[c.queryStart:u.queryEnd()])
	}
	if c.hashStart != omitted {
		b.WriteString(h[c.hashStart:])
	}
	if b.String() != h || u.String() != h || u.Href() != h {
		return fail("the getters give %q", b.String())
	}

	// Re-parsing the serialization gives the same URL, with the states
	// alone (so that a shortcut that took the input cannot vouch for
	// itself) and with the shortcuts.
	v, err := parseStates(h, nil)
	if err != nil {
		return fail("re-parse with the states alone failed: %v", err)
	}
	if v.href != h || v.components != c {
		return fail("re-parse with the states alone gives %q (%+v)", v.href, v.components)
	}
	if v, err = reparse(h); err != nil || v.href != h || v.components != c {
		return fail("re-parse with the shortcuts gives %v (%v)", v, err)
	}
	return nil
}

// parseStates parses input against base (which may be nil) as Parse and
// URL.Parse do, with the states alone: no shortcut of shortcut.go.
func parseStates(input string, base *URL) (*URL, error) {
	u, err := parseURL(input, base, new(URL), wantHref, &extras{})
	if err != nil {
		return nil, err
	}
	return u, nil
}

// canParseStates is CanParse with the states alone.
func canParseStates(input string, base *URL) bool {
	_, err := parseURL(input, base, nil, wantValid, &extras{})
	return err == nil
}

// checkHost checks that host is a serialized host of the given kind.
func checkHost(host string, kind HostKind, scheme schemeKind) error {
	switch kind {
	case HostEmpty:
		if host != "" || scheme.special() && scheme != schemeFile {
			return fmt.Errorf("empty host %q in scheme kind %d", host, scheme)
		}
	case HostIPv6:
		if len(host) < 2 || host[0] != '[' || host[len(host)-1] != ']' {
			return fmt.Errorf("IPv6 host %q without brackets", host)
		}
		addr, err, _ := parseIPv6(host[1:len(host)-1], nil)
		if err != 0 || string(appendIPv6(nil, &addr)) != host[1:len(host)-1] {
			return fmt.Errorf("IPv6 host %q is not serialized", host)
		}
	case HostIPv4:
		addr, err, _ := parseIPv4(host, nil)
		if err != 0 || string(appendIPv4(nil, addr)) != host || !scheme.special() {
			return fmt.Errorf("IPv4 host %q is not serialized", host)
		}
	case HostDomain:
		if host == "" || !scheme.special() || endsInANumber(host) || strings.ToLower(host) != host || host == "localhost" && scheme == schemeFile {
			return fmt.Errorf("domain %q", host)
		}
		for i := 0; i < len(host); i++ {
			if host[i] >= 0x80 || hostTable[host[i]]&forbiddenDomain != 0 {
				return fmt.Errorf("domain %q holds a forbidden domain code point", host)
			}
		}
	case HostOpaque:
		if host == "" || scheme.special() || ascii.IndexEncoded(host, c0ControlSet) < len(host) {
			return fmt.Errorf("opaque host %q", host)
		}
		for i := 0; i < len(host); i++ {
			if hostTable[host[i]]&forbiddenHost != 0 {
				return fmt.Errorf("opaque host %q holds a forbidden host code point", host)
			}
		}
	default:
		return errors.New("unknown host kind")
	}
	return nil
}

// TestCheckCatchesShortcuts plants what a shortcut that restated a rule of
// the states wrongly would make: the input taken as it is where the states
// change it. Such a URL passes every check of the representation, and a
// re-parse with that shortcut gives it back; the re-parse with the states
// alone catches it.
func TestCheckCatchesShortcuts(t *testing.T) {
	for _, tc := range []struct{ planted, like, rule string }{
		// "\\" ends a segment in a special URL.
		{"https://a/b\\c", "https://a/b/c", "backslash"},
		// A file URL's first segment that is a drive letter with "|".
		{"file:///C|/x", "file:///C:/x", "drive letter"},
		// A non-special URL's opaque path keeps a space but before "?".
		{"sc:a ?b", "sc:ab?b", "space before the query"},
	} {
		like, err := parseStates(tc.like, nil)
		if err != nil || len(like.href) != len(tc.planted) {
			t.Fatalf("%q: %v", tc.like, err)
		}
		// A URL of the same shape, with the planted href: what the
		// shortcut would make, and what re-parsing with it gives.
		planted := &URL{href: tc.planted, components: like.components}
		shortcut := func(string) (*URL, error) { return planted, nil }
		err = planted.checkWith(shortcut)
		if err == nil || !strings.Contains(err.Error(), "states alone") {
			t.Errorf("%s: check of %q = %v, want a difference from the states alone", tc.rule, tc.planted, err)
		}
		// With the real shortcuts, which agree with the states, check
		// fails on the planted URL too, and passes on the one the parser
		// makes.
		if planted.check() == nil {
			t.Errorf("%s: check of %q passes", tc.rule, tc.planted)
		}
		if err := like.check(); err != nil {
			t.Errorf("%s: check of %q fails: %v", tc.rule, tc.like, err)
		}
	}
}
