package weburl

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/corpus"
)

// The fuzz targets check properties that hold for every input, not
// outputs: no panic, CanParse agrees with Parse, and every URL passes check
// (its invariants, and parsing its href gives the same URL again).

// wptInputs returns the inputs and bases of urltestdata.json, for seeds.
func wptInputs() (inputs, bases []string) {
	cases, err := corpus.ReadURLCases(corpus.Dir())
	if err != nil {
		panic(err) // the data is committed
	}
	for _, c := range cases {
		inputs = append(inputs, c.Input)
		if c.Base != nil {
			bases = append(bases, *c.Base)
		}
	}
	return inputs, bases
}

func FuzzParse(f *testing.F) {
	inputs, _ := wptInputs()
	for _, s := range append(inputs, asciiURLs...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		if CanParse(s) != (err == nil) {
			t.Fatalf("CanParse(%q) = %v, but Parse error = %v", s, !(err == nil), err)
		}
		if err != nil {
			return
		}
		if err := u.check(); err != nil {
			t.Fatal(err)
		}
	})
}

func FuzzParseWithBase(f *testing.F) {
	inputs, bases := wptInputs()
	for i := 0; i < len(inputs) && len(bases) > 0; i++ {
		f.Add(inputs[i], bases[i%len(bases)])
	}
	f.Add("../x", "https://example.com/a/b")
	f.Fuzz(func(t *testing.T, ref, baseHref string) {
		base, err := Parse(baseHref)
		if err != nil {
			return
		}
		u, err := base.Parse(ref)
		if base.CanParse(ref) != (err == nil) {
			t.Fatalf("CanParse(%q against %q) disagrees with Parse error %v", ref, baseHref, err)
		}
		if err != nil {
			return
		}
		if err := u.check(); err != nil {
			t.Fatal(err)
		}
	})
}

var setterNames = [...]string{"href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"}

// FuzzSetters applies one setter to a URL, checks the invariants, and
// applies it again with the same value, which must change nothing: each of
// the ten setters (href, protocol, username, password, host, hostname,
// port, pathname, search and hash) is idempotent for every value, since
// each replaces its components with what the standard's state machine
// makes of the value, which does not depend on what they were.
func FuzzSetters(f *testing.F) {
	inputs, _ := wptInputs()
	for i, s := range inputs {
		f.Add(s, uint8(i), inputs[(i*7)%len(inputs)])
	}
	f.Add("https://example.com/", uint8(4), "example.org:8080")
	f.Fuzz(func(t *testing.T, href string, which uint8, value string) {
		u, err := Parse(href)
		if err != nil {
			return
		}
		name := setterNames[int(which)%len(setterNames)]
		set(u, name, value)
		if err := u.check(); err != nil && !(name == "protocol" && keptByProtocolSetter(u)) {
			t.Fatalf("after %s = %q: %v", name, value, err)
		}
		once := *u
		set(u, name, value)
		if u.href != once.href || u.components != once.components {
			t.Fatalf("%q: setting %s to %q twice gives %q, once %q", href, name, value, u.href, once.href)
		}
	})
}

// shortcutEdges are inputs at the edges of the parser's shortcuts: what
// parseVerbatim must refuse, and what it may take.
var shortcutEdges = []string{
	"https://a/", "https://a", "https://a?x", "https://a#x", "https://a/b?c#d#e", "https://a/?#",
	"https://a:443/", "https://a:0/", "https://a:00/", "https://a:080/", "https://a:65535/",
	"https://a:65536/", "https://a:/", "https://a:1234", "https://a:12x/", "http://a:80/",
	"ws://a:80/x", "wss://a:443/x", "wss://a/x", "ftp://a:21/", "ftp://a:22/?x",
	"file:///C|/x", "file:///C:/x", "file:///C|", "file://C|/x", "file://localhost/x",
	"file://host/x", "file://1.2.3.4/x", "file://h:1/x", "file:///", "file://",
	"https://1.2.3.4/", "https://a.0x1/", "https://a.b1/", "https://a.1./", "https://xn--a/",
	"https://a..b/", "https://A/", "https://a_b!$/", "HTTPS://a/", "Https://a/", "https:///a/",
	"https://a/./b", "https://a/%2e/b", "https://a/b/.", "https://a/b/..", "https://a/.b/",
	"https://a/b?c'd", "ws://a/?'", "https://a/#`", "https://a/b\\c", "https://a/ b",
	"https://a/\u00e9", "https://a@b/", "https://a/\t", " https://a/", "https://a/b ",
	"https://a/:b", "https://[::1]/", "https://a%41/", "https://a\\b/",
	// Relative references, which resolveVerbatim takes or leaves.
	"x", "x/y?z#w", "/x/y?z#w", "./x", "../x", "x/./y", "x/../y", "/x", "//x", "/\\x", "\\x",
	"?q", "#f", "", ".", "..", "%2e", "x%2e", "/%2E/x", "c|x", "C:x", "c|/x", "/c|/x", "/C:/x",
	"/C|", "a:b", "a", "a+b.c-d:x", "a+b/c:d", "x y", "x\ty", "/x\ty", "/x/y z", "/é", "x?'", "/x#`",
	// Schemes that are not special, which verbatimNonSpecial takes or leaves.
	"sc:x", "sc:", "sc:?", "sc:#", "sc:x?y#z", "sc:x y", "sc:x ?y", "sc:x #y", "sc:\tx", "sc:x\t", "sc:x ",
	"sc:/\t/h:99999", "sc:\t//h:99999", "sc:\n/h:1", "sc:/", "sc:/x", "sc:/x?'#`", "sc://", "sc:///", "sc:///x",
	"sc://h", "sc://h/", "sc://h?q", "sc://h#f", "sc://h:1/", "sc://h:0", "sc://h:01/", "sc://h:/", "sc://h:",
	"sc://h:65535", "sc://h:65536", "sc://:1/", "sc://h\\x/", "sc://h/\\x", "sc://H/", "sc://h%zz/",
	"sc://a@h/", "sc://a:b@h/", "sc://[::1]/", "sc://h/./x", "sc:/./x", "sc:/.//x", "sc://h//x", "sc://h?x'#`",
	"sc:x?'", "sc:\x7f", "sc:\x01", "sc:é", "Sc:x", "sC:x", "sc+1.-:x", "1sc:x", "s_c:x", "http:x", "http:/x",
	"https:x", "file:x", "ws:x", "wss:/x", "ftp:x", "sc://h:1x", "sc://h\t:1", "sc://h:1\t2", "sc://h^/",
	"sc://h|/", "sc://h<", "sc://h x/", "sc://h\x00/", "sc:x\x00", "sc:x%zz", "sc:%2e", "sc:/%2e/x", "a:",
	// A scheme and authority taken as they are, and a path, query or
	// fragment the parser goes on with (see resume).
	"https://a/b c", "https://a/./b", "https://a/b/../c", "https://a:8080", "https://a:8080?x y", "https://a#x y",
	"https://a\\b", "https://a/b\tc", "https://a/\xff", "https://a/x ", "https://a/x\x01 ", "https://a:443/x y",
	"file://h/C|/x", "file:///C|/x", "file:///C:/../x", "file://h", "file:///a b", "ws://a:81/ x", "ftp://a/%2e",
	"sc://h/a b", "sc://h?a b", "sc://h#a b", "sc://h/./x", "sc://h:1/a b", "sc:a b", "sc:a\tb", "sc:a ?b",
	"sc:é", "sc:a\x7f#", "sc:\x00", "sc://h\ta/",
	// Relative references the parser goes on with in the path state (see
	// resumeRelative), or not: what clean removes can make a scheme, "//"
	// or a drive letter.
	"/x/../y", "x/../../y", "../../..", "./", "x/..", "/..", "/x y?a b#c d", "x y", "é", "/?q w", "/#f w",
	" /x/./y", "\t/x/.", "/\t/x", "/\t\\x", "h\ttp:x", "x\t:y", "c\t|x", "/c\t|/x", "/C\t:/x", "\x00x/.",
	"x/é?é#é", "C|", "c|/.", "/c:/..", "a\tb:c", " ?x y", " #x y", "\n\\x/.", "/x\\..\\y",
	// Upper-case domains, which CanParse's shortcut takes.
	"https://EXAMPLE.com:99999/", "https://Ex:0/", "https://A.0X1/", "https://A.0XG/", "https://A.1E/", "file://LOCALHOST/",
	"https://Ab%41/", "https://A\x00/", "wss://A:443", "https://A b/",
	// Credentials, which CanParse's shortcut skips (validCredentials).
	"http://a@", "http://a@/", "http://a@?", "http://a@:80/", "http://a:b@h:99999/", "http://a@b@c/",
	"http://a:b@1.2.3.4/", "http://a@0x/", "http://a@[::1]/", "http://a@[::1/", "http://a\t@b", "http://a@\tb",
	"http://\\@b", "http://a@b\\c", "http://a b\\@h", "http://a b/@h", "http://a b?@h", "http://a/@b", "http://a?@b", "http://a#@b", "http://@", "http://:@h", "http://a:@h:1",
	"http://é@h", "http://\xff@h", "http://a@é", "http://a@H/", "http://a@h ", "http://a@h:0x1/", "ws://a@localhost",
	"file://a@h/", "file://a@/", "sc://a@", "sc://a@/", "sc://a@:1", "sc://a@b@c", "sc://a@b\\c", "sc://a\\@b",
	"sc://a:b@h:65536", "sc://a@h x", "sc://a@[::1]:1/", "sc://a@[1]/", "sc://\t@h", "SC://a@h",
	"http://" + strings.Repeat("a", 250) + "@h/", "http://a@" + strings.Repeat("h", 260) + "/",
	// IPv4 addresses, which verbatim takes in their serialized form.
	"http://1.2.3.4./", "http://01.2.3.4/", "http://1.2.3/", "http://0x7f.1/", "http://255.255.255.255/",
	"http://256.0.0.0/", "http://4294967296/", "http://4294967295/", "http://1.2.3.4:80/", "http://1.2.3.4:8080/x",
	"HTTP://1.2.3.4/", "http://A.0X1/", "http://0X7F.1/", "http://1.2.3.09/", "http://1..2/", "http://0/", "http://0.0.0.0",
	"http://1.2.3.4.5/", "http://a.1.2.3/", "file://255.0.0.1/C:/x", "file://1.2.3/x", "ws://10.0.0.1:80/", "http://1.2.3.4?q#f",
	// Special schemes without "//", which CanParse's shortcut gives it
	// against a base of another scheme (validIgnoringSlashes).
	"http:x", "http:/x", "http:\\x", "http:///x", "http:////x", "http:/\\/x", "http:/\t/x", "http:\t//x", "https:a@b",
	"https:/a:b@1.2.3.4", "ws:/", "ws:", "http:/", "ftp:x:21", "http:x:80", "wss:\\\\x\\y", "http:x?q", "http:@x", "http:/@",
	"http:%zz", "http:x:99999", "http:X/", "HTTP:x", "http:\\\\", "file:x", "http:[::1]", "ws:1.2.3.4:1", "http:///",
	// IPv6 addresses, which verbatim takes in their serialized form.
	"http://[::1]/", "http://[::1]", "http://[::1]:8080/x", "http://[::1]:80/", "http://[::1]x/", "http://[::1]]/",
	"http://[::1/", "http://[::01]/", "http://[::A]/", "http://[0::1]/", "http://[1:0:0:0:0:0:0:1]/", "http://[1::]/",
	"http://[::1.2.3.4]/", "http://[::1]@h/", "http://[a@b]/", "http://[::1]?q#f", "http://[::1]\\x", "http://[\t::1]/",
	"http://[:]/", "http://[]/", "file://[::1]/C:/x", "file://[::1]", "ws://[1:2:3:4:5:6:7:8]:1/", "sc://[::1]/",
	"sc://[::1]:1/x", "sc://[::1]x", "sc://[::A]/", "sc://[::1]", "sc://[::1", "sc://[::1]/\\x", "sc://[1::2]?q",
}

func TestFastPathsAgree(t *testing.T) {
	for _, baseHref := range []string{"", "https://example.com/x", "file:///C:/dir/f", "file:///C:", "file:///dir/",
		"file://host/share/f", "http://u:p@h:8080/a/b?q#f", "https://h", "sc://h/x", "sc:x"} {
		base, _ := Parse(baseHref)
		for _, s := range shortcutEdges {
			checkFastPaths(t, s, base)
		}
	}
}

// checkFastPaths checks that base.Parse(s) and base.CanParse(s) give the
// same URL, error and answer with the shortcuts (see shortcut.go) as with
// the states alone.
func checkFastPaths(t *testing.T, s string, base *URL) {
	t.Helper()
	fast, fastErr := base.Parse(s)
	fastCan := base.CanParse(s)
	slow, slowErr := parseStates(s, base.asBase())
	slowCan := canParseStates(s, base.asBase())
	if fmt.Sprint(fastErr) != fmt.Sprint(slowErr) || fastCan != slowCan || fastCan != (slowErr == nil) {
		t.Fatalf("%q against %v: shortcuts %v %v, states %v %v", s, base, fastErr, fastCan, slowErr, slowCan)
	}
	if fastErr == nil && (fast.href != slow.href || fast.components != slow.components) {
		t.Fatalf("%q against %v: shortcuts %q %+v, states %q %+v", s, base, fast.href, fast.components, slow.href, slow.components)
	}
}

// FuzzFastPaths checks that the parser's shortcuts (see shortcut.go) give
// the same URL, or the same error, and the same CanParse answer, as the
// general states for every input, with and without a base.
func FuzzFastPaths(f *testing.F) {
	inputs, bases := wptInputs()
	for i, s := range append(append(inputs, asciiURLs...), shortcutEdges...) {
		base := "https://example.com/a/b?c#d"
		if len(bases) > 0 {
			base = bases[i%len(bases)]
		}
		f.Add(s, base)
	}
	f.Fuzz(func(t *testing.T, s, baseHref string) {
		base, _ := Parse(baseHref)
		checkFastPaths(t, s, base)
	})
}

// keptByProtocolSetter reports whether u is a file URL with what only the
// protocol setter leaves in one: the host "localhost", which the parser
// makes empty, or a first path segment that is a Windows drive letter with
// "|", which the path state rewrites with ":". The setter changes the
// scheme and nothing else (https://url.spec.whatwg.org/#dom-url-protocol),
// so such a URL's href parses to another URL, against the standard's
// idempotence goal; u must then pass check once re-parsed.
func keptByProtocolSetter(u *URL) bool {
	if u.scheme != schemeFile {
		return false
	}
	first, _, _ := strings.Cut(strings.TrimPrefix(u.Pathname(), "/"), "/")
	if u.Hostname() != "localhost" && !(isWindowsDriveLetter(first) && first[1] == '|') {
		return false
	}
	v, err := Parse(u.Href())
	return err == nil && v.check() == nil
}

// FuzzSearchParams checks that the application/x-www-form-urlencoded
// serializer's output parses back to the same list, and serializes to
// itself; and that a URL's list, edited, stays in step with its query.
func FuzzSearchParams(f *testing.F) {
	for _, s := range []string{"a=b&c=d", "a+b=%20c&&=&x", "%zz=%41%", "\xff=\u00e9&a=b%00"} {
		f.Add(s, "k", "v")
	}
	inputs, _ := wptInputs()
	for _, s := range inputs {
		if _, query, ok := strings.Cut(s, "?"); ok {
			f.Add(query, "k", "v")
		}
	}
	f.Fuzz(func(t *testing.T, query, name, value string) {
		list := ParseSearchParams(query)
		serialized := list.String()
		again := ParseSearchParams(serialized)
		if !slices.Equal(again.list, list.list) || again.String() != serialized {
			t.Fatalf("%q serializes to %q, which parses to %q", query, serialized, again.list)
		}
		u, err := Parse("https://example.com/?" + query)
		if err != nil {
			return
		}
		params := u.SearchParams()
		params.Append(name, value)
		params.Sort()
		reparsed, err := Parse(u.Href())
		if err != nil {
			t.Fatal(err)
		}
		if got := reparsed.SearchParams(); !slices.Equal(got.list, params.list) {
			t.Fatalf("%q: the list is %q but the query %q parses to %q", query, params.list, u.Search(), got.list)
		}
		if err := u.check(); err != nil {
			t.Fatal(err)
		}
	})
}

// TestNotLDH checks notLDH on every byte value in every position of a word,
// with the other bytes random, against the set it names.
func TestNotLDH(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for c := range 256 {
		b := byte(c)
		want := !('a' <= b && b <= 'z' || '0' <= b && b <= '9' || b == '-' || b == '.')
		for k := range 8 {
			for range 16 {
				x := rng.Uint64()&^(0xFF<<(8*k)) | uint64(b)<<(8*k)
				if got := notLDH(x)>>(8*k)&0xFF == 0x80; got != want || notLDH(x)&^0x8080808080808080 != 0 {
					t.Fatalf("notLDH(%#016x): byte %d (%q) is marked %v, want %v", x, k, b, got, want)
				}
			}
		}
	}
}

// FuzzScanDomain compares scanDomain with a scan a byte at a time.
func FuzzScanDomain(f *testing.F) {
	for _, s := range []string{"www.example.com/", "a", "example.com:80", "EXAMPLE.COM", "a_b.c~d.e!f.example/x", "user@host", "xn--bcher-kva.ch?q", "1.2.3.4"} {
		f.Add(s, 0)
	}
	f.Fuzz(func(t *testing.T, s string, i int) {
		if i < 0 || i > len(s) {
			return
		}
		const stop = clsColon | clsAuthorityEnd | clsBackslash | clsAt | clsBracket
		for _, stop := range []byteClass{clsDomainOther | stop, clsDomainSpecial | stop} {
			want := i
			for want < len(s) && byteClasses[s[want]]&stop == 0 {
				want++
			}
			if got := scanDomain(s, i, stop); got != want {
				t.Fatalf("scanDomain(%q, %d, %#x) = %d, want %d", s, i, stop, got, want)
			}
		}
	})
}

// scanPathRunBytes is scanPathRun a byte at a time, from its definition:
// the run of segments from s[i] ends at a byte of the path percent-encode
// set (or "\" in a special URL), or at "." or "%" starting a segment; "?"
// and "#" end the path if ends is set.
func scanPathRunBytes(s string, i int, special, ends bool) (end, segment int, done bool) {
	start := i
	for ; i < len(s); i++ {
		c := s[i]
		if (c == '?' || c == '#') && ends {
			return i, 0, true
		}
		if pathSet.Has(c) || c == '\\' && special || (c == '.' || c == '%') && (i == start || s[i-1] == '/') {
			return i, start + strings.LastIndexByte(s[start:i], '/') + 1, false
		}
	}
	return i, 0, true
}

// TestScanPathRun puts each byte value in each lane of the words
// scanPathRun reads, after a "/" and not, and compares it with
// scanPathRunBytes.
func TestScanPathRun(t *testing.T) {
	buf := []byte(strings.Repeat("a", 20))
	for c := range 256 {
		for n := 1; n <= len(buf); n++ {
			for at := range n {
				for _, before := range []byte{'a', '/'} {
					s := buf[:n]
					for k := range s {
						s[k] = 'a'
					}
					if at > 0 {
						s[at-1] = before
					}
					s[at] = byte(c)
					checkScanPathRun(t, string(s), min(at, 3))
					checkScanPathRun(t, string(s), at)
				}
			}
		}
	}
}

func checkScanPathRun(t *testing.T, s string, i int) {
	t.Helper()
	for _, special := range []bool{false, true} {
		for _, ends := range []bool{false, true} {
			stop := clsPathEncode
			if special {
				stop |= clsBackslash
			}
			end, segment, done := scanPathRun(s, i, stop, ends)
			wantEnd, wantSegment, wantDone := scanPathRunBytes(s, i, special, ends)
			if end != wantEnd || segment != wantSegment || done != wantDone {
				t.Fatalf("scanPathRun(%q, %d, %v, %v) = %d, %d, %v; a byte at a time: %d, %d, %v",
					s, i, special, ends, end, segment, done, wantEnd, wantSegment, wantDone)
			}
		}
	}
}

// FuzzScanPathRun compares scanPathRun with scanPathRunBytes.
func FuzzScanPathRun(f *testing.F) {
	for _, s := range []string{"/index.html", "a/b/c?q=1#f", "/a/./b/../c", "/%2e/x", "/a\\b", "/a b/c", "/très/", "/a/b/c/d/e/f/g/h/i.j"} {
		f.Add(s, 0)
	}
	f.Fuzz(func(t *testing.T, s string, i int) {
		if i < 0 || i > len(s) {
			return
		}
		checkScanPathRun(t, s, i)
	})
}
