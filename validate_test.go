package weburl

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/weburl/weburl/internal/corpus"
)

// describe renders validation errors as "name@offset", with "!" for fatal.
func describe(errs []ValidationError) []string {
	var out []string
	for _, e := range errs {
		s := e.Code.String() + "@" + strconv.Itoa(e.Offset)
		if e.Fatal {
			s += "!"
		}
		out = append(out, s)
	}
	return out
}

// validationCases are inputs with every validation error the standard's
// algorithms signal for them, in order, as name@offset ("!" if fatal). The
// first group is the example of each row of the standard's table of
// validation errors. The names and their order are what the reference
// implementation reports (see TestValidationErrorsReference); the offsets
// are counted by hand, where the doc of each ErrorCode says they point.
var validationCases = []struct {
	in, base string
	want     []string
}{
	// IDNA
	{"https://exa%23mple.org", "", []string{"domain-percent-encoded@11", "domain-to-ASCII@11!"}},
	{"https://exam%70le.org", "", []string{"domain-percent-encoded@12"}},
	// Host parsing
	{"foo://exa[mple.org", "", []string{"host-invalid-code-point@9!"}},
	// The final "." also fails the strict ToASCII's VerifyDnsLength.
	{"https://127.0.0.1./", "", []string{"domain-to-ASCII@17", "IPv4-empty-part@17"}},
	{"https://1.2.3/", "", []string{"IPv4-too-few-parts@8"}},
	{"https://1.2.3.4.5/", "", []string{"IPv4-too-many-parts@16!"}},
	{"https://test.42", "", []string{"IPv4-too-few-parts@8", "IPv4-non-numeric-part@8!"}},
	{"https://127.0.0x0.1", "", []string{"IPv4-non-decimal-part@14"}},
	{"https://255.255.4000.1", "", []string{"IPv4-out-of-range-part@16!"}},
	{"https://①.②.③.④", "", []string{"IPv4-non-ASCII-input@8"}},
	{"https://[::1", "", []string{"IPv6-unclosed@8!"}},
	{"https://[:1]", "", []string{"IPv6-invalid-compression@9!"}},
	{"https://[1:2:3:4:5:6:7:8:9]", "", []string{"IPv6-too-many-pieces@25!"}},
	{"https://[1::1::1]", "", []string{"IPv6-multiple-compression@14!"}},
	{"https://[1:2:3!:4]", "", []string{"IPv6-invalid-code-point@14!"}},
	{"https://[1:2:3:]", "", []string{"IPv6-invalid-code-point@15!"}},
	{"https://[1:2:3]", "", []string{"IPv6-too-few-pieces@14!"}},
	{"https://[::01]", "", []string{"IPv6-piece-leading-zero@11"}},
	{"https://[1:1:1:1:1:1:1:127.0.0.1]", "", []string{"IPv4-in-IPv6-too-many-pieces@23!"}},
	{"https://[ffff::.0.0.1]", "", []string{"IPv4-in-IPv6-invalid-code-point@15!"}},
	{"https://[ffff::127.0.xyz.1]", "", []string{"IPv4-in-IPv6-invalid-code-point@21!"}},
	{"https://[ffff::127.0xyz]", "", []string{"IPv4-in-IPv6-invalid-code-point@20!"}},
	{"https://[ffff::127.00.0.1]", "", []string{"IPv4-in-IPv6-invalid-code-point@19!"}},
	{"https://[ffff::127.0.0.1.2]", "", []string{"IPv4-in-IPv6-invalid-code-point@24!"}},
	{"https://[ffff::127.0.0.4000]", "", []string{"IPv4-in-IPv6-out-of-range-part@23!"}},
	{"https://[ffff::127.0.0]", "", []string{"IPv4-in-IPv6-too-few-parts@22!"}},
	// URL parsing
	{"https://example.org/>", "", []string{"invalid-URL-unit@20"}},
	{" https://example.org ", "", []string{"invalid-URL-unit@0"}},
	{"ht\ntps://example.org", "", []string{"invalid-URL-unit@2"}},
	{"https://example.org/%s", "", []string{"invalid-URL-unit@20"}},
	{"file:c:/my-secret-folder", "", []string{"special-scheme-missing-following-solidus@5"}},
	{"https:example.org", "", []string{"special-scheme-missing-following-solidus@6"}},
	{"https:foo.html", "https://example.org/", []string{"special-scheme-missing-following-solidus@6"}},
	{"💩", "", []string{"missing-scheme-non-relative-URL@0!"}},
	{"💩", "mailto:user@example.org", []string{"missing-scheme-non-relative-URL@0!"}},
	{`https://example.org\path\to\file`, "", []string{"invalid-reverse-solidus@19", "invalid-reverse-solidus@24", "invalid-reverse-solidus@27"}},
	{"https://user@example.org", "", []string{"invalid-credentials@12"}},
	{"ssh://user@example.org", "", []string{"invalid-credentials@10"}},
	{"https://#fragment", "", []string{"host-missing@8!"}},
	{"https://:443", "", []string{"host-missing@8!"}},
	{"https://user:pass@", "", []string{"invalid-credentials@17", "host-missing@18!"}},
	{"https://example.org:70000", "", []string{"port-out-of-range@20!"}},
	{"https://example.org:7z", "", []string{"port-invalid@21!"}},
	// The table's example for file-invalid-Windows-drive-letter,
	// "/c:/path/to/file" against "file:///c:/", signals nothing: the
	// leading "/" takes the parser to the file slash state, which has no
	// such step, and whatwg-url signals nothing either. The file state signals it for
	// input that starts with a drive letter; with ":" that input would be
	// a scheme, so it is "|", which is no URL code point.
	{"/c:/path/to/file", "file:///c:/", nil},
	{"c|/path/to/file", "file:///c:/", []string{"file-invalid-Windows-drive-letter@0", "invalid-URL-unit@1"}},
	{"file://c:", "", []string{"file-invalid-Windows-drive-letter-host@7"}},

	// More: domain to ASCII, and several errors in one input.
	// Domain to ASCII points at its cause: the code point that fails (a
	// forbidden one, one UTS #46 disallows, the "%" of a percent-encoded
	// one), else the label that does, else the host.
	{"https://xn--a/", "", []string{"domain-to-ASCII@8"}}, // the ASCII fallback: an "xn--" label that does not decode
	{"https://a.xn--a.ß/", "", []string{"domain-to-ASCII@10!"}},
	{"https://xn--a b/", "", []string{"domain-to-ASCII@13!"}},
	{"https://a b/", "", []string{"domain-to-ASCII@9!"}},
	{"https://exa mple.com/", "", []string{"domain-to-ASCII@11!"}},
	{"https://exä mple.com/", "", []string{"domain-to-ASCII@12!"}},
	{"https://ex%20ample.com/", "", []string{"domain-percent-encoded@10", "domain-to-ASCII@10!"}},
	{"https://ex\u0080ample.com/", "", []string{"domain-to-ASCII@10!"}}, // a C1 control, which UTS #46 disallows
	{"https://b.％４１.com/", "", []string{"domain-to-ASCII@10!"}},         // "％" maps to "%", a forbidden domain code point
	{"https://ab.אa/", "", []string{"domain-to-ASCII@11!"}},             // the bidi rule fails the label
	{"https://ex_ample.com/", "", []string{"domain-to-ASCII@10"}},       // "_" fails UseSTD3ASCIIRules only
	{"https://a.-a.example/", "", []string{"domain-to-ASCII@10"}},       // CheckHyphens
	{"https://a..b/", "", []string{"domain-to-ASCII@10"}},               // VerifyDnsLength: an empty label
	{"https://EXAMPLE.com/", "", nil},
	{"http://0x7f.01.1./", "", []string{"domain-to-ASCII@16", "IPv4-empty-part@16", "IPv4-too-few-parts@7", "IPv4-non-decimal-part@7", "IPv4-non-decimal-part@12"}},
	{"http://1.0x100.1/", "", []string{"IPv4-too-few-parts@7", "IPv4-non-decimal-part@9", "IPv4-out-of-range-part@9!"}},
	{"http://1.2.65535/", "", []string{"IPv4-too-few-parts@7", "IPv4-out-of-range-part@11"}}, // the last part may fill two bytes
	{"http://1.2.65536/", "", []string{"IPv4-too-few-parts@7", "IPv4-out-of-range-part@11!"}},
	{"http://09.1/", "", []string{"IPv4-too-few-parts@7", "IPv4-non-numeric-part@7!"}}, // "09" is no octal number, so not a non-decimal one
	{"http://1.1..1/", "", []string{"domain-to-ASCII@11", "IPv4-non-numeric-part@11!"}},
	// Percent-encoded bytes in an IPv4 address count at their "%".
	{"http://%31.%30x2.3.4/", "", []string{"domain-percent-encoded@7", "IPv4-non-decimal-part@11"}},
	{"http://%31.2.3.%34%34%34/", "", []string{"domain-percent-encoded@7", "IPv4-out-of-range-part@15!"}},
	// A host IDNA turns into an IPv4 address points at its start.
	{"http://１.２.３.0x４/", "", []string{"IPv4-non-ASCII-input@7", "IPv4-non-decimal-part@7"}},
	{"http://[1:0002::]/", "", []string{"IPv6-piece-leading-zero@10"}},
	{"http://[00::0:000]/", "", []string{"IPv6-piece-leading-zero@8", "IPv6-piece-leading-zero@14"}},
	{"sc://a%zz{b/", "", []string{"invalid-URL-unit@9", "invalid-URL-unit@6"}}, // one at the first non-unit, one at the first bad "%"
	{"sc://a b/", "", []string{"host-invalid-code-point@6!"}},
	{"http://exa\tmple.com/a b", "", []string{"invalid-URL-unit@10", "invalid-URL-unit@21"}},
	{"  https://example.com/a b", "", []string{"invalid-URL-unit@0", "invalid-URL-unit@23"}},
	{"https://example.com/\xFFa b", "", []string{"invalid-URL-unit@22"}}, // \xFF reads as U+FFFD, a URL code point
	{"https://example.com/\u00A0\u0080\uFDD0\U0001FFFF", "", []string{"invalid-URL-unit@22", "invalid-URL-unit@24", "invalid-URL-unit@27"}},
	{"https://u@v@example.com/", "", []string{"invalid-credentials@9", "invalid-credentials@11"}},
	{`https:\\\example.com\`, "", []string{
		"special-scheme-missing-following-solidus@6", "special-scheme-missing-following-solidus@6",
		"special-scheme-missing-following-solidus@7", "special-scheme-missing-following-solidus@8",
		"invalid-reverse-solidus@20"}},
	{`\\x\y`, "http://example.org/", []string{"invalid-reverse-solidus@0", "invalid-reverse-solidus@1", "invalid-reverse-solidus@3"}},
	{"sc:a b?c d#e f", "", []string{"invalid-URL-unit@4", "invalid-URL-unit@8", "invalid-URL-unit@12"}},
	{"file:\\\\host\\C:\\x", "", []string{"special-scheme-missing-following-solidus@5", "invalid-reverse-solidus@5", "invalid-reverse-solidus@6", "invalid-reverse-solidus@11", "invalid-reverse-solidus@14"}},
	{"file://c|/x", "", []string{"file-invalid-Windows-drive-letter-host@7"}}, // the "|" is read by the file host state, not checked again
	{"https://example.com:/", "", nil},
	{"https://example.com/%41%zz", "", []string{"invalid-URL-unit@23"}},
}

func TestValidationErrors(t *testing.T) {
	for _, tc := range validationCases {
		var base *URL
		if tc.base != "" {
			var err error
			if base, err = Parse(tc.base); err != nil {
				t.Fatal(err)
			}
		}
		got := describe(Validate(tc.in, base))
		if !slices.Equal(got, tc.want) {
			t.Errorf("Validate(%q, %q) = %q, want %q", tc.in, tc.base, got, tc.want)
		}
		// A failed parse's Error carries the fatal error's name and offset.
		_, err := base.Parse(tc.in)
		var e *Error
		if n := len(tc.want); n > 0 && strings.HasSuffix(tc.want[n-1], "!") {
			if !errors.As(err, &e) || e.Code.String()+"@"+strconv.Itoa(e.Offset)+"!" != tc.want[n-1] {
				t.Errorf("Parse(%q) error = %#v, want %s", tc.in, err, tc.want[n-1])
			}
		} else if err != nil {
			t.Errorf("Parse(%q): %v", tc.in, err)
		}
	}
}

// TestValidationErrorsWPT checks over every input of urltestdata.json that
// exactly the failing parses end with one fatal error, whose name and offset
// the *Error carries; that IsValid implies no validation error, and a
// failing parse implies not valid.
func TestValidationErrorsWPT(t *testing.T) {
	valid := 0
	for _, tc := range readCases[urlTest](t, "urltestdata.json") {
		var base *URL
		if tc.Base != nil {
			var err error
			if base, err = Parse(*tc.Base); err != nil {
				continue
			}
		}
		errs := Validate(tc.Input, base)
		_, err := base.Parse(tc.Input)
		fatal := 0
		for i, e := range errs {
			if e.Fatal {
				fatal++
				if i != len(errs)-1 {
					t.Errorf("%q: fatal error %v is not the last", tc.Input, e)
				}
			}
			if e.Offset < 0 || e.Offset > len(tc.Input) {
				t.Errorf("%q: offset of %v is out of range", tc.Input, e)
			}
		}
		if (err != nil) != (fatal == 1) || fatal > 1 {
			t.Errorf("%q: parse error %v, but %d fatal validation errors", tc.Input, err, fatal)
		}
		var e *Error
		if errors.As(err, &e) {
			if last := errs[len(errs)-1]; e.Code != last.Code || e.Offset != last.Offset {
				t.Errorf("%q: Error %s@%d, fatal validation error %v", tc.Input, e.Code, e.Offset, last)
			}
		}
		if IsValid(tc.Input, base) {
			valid++
			if len(errs) > 0 || err != nil {
				t.Errorf("%q is valid, but parsing it gives %v, %v", tc.Input, errs, err)
			}
		}
	}
	if valid == 0 {
		t.Error("no input is valid")
	}
}

// TestIsValid checks the Valid column of the standard's table of example
// inputs (in "URLs"), and the rules IsValid adds to the validation errors.
func TestIsValid(t *testing.T) {
	for _, tc := range []struct {
		in, base string
		want     bool
	}{
		{"https:example.org", "", false},
		{"https://////example.com///", "", false},
		{"https://example.com/././foo", "", true},
		{"hello:world", "https://example.com/", true},
		{"https:example.org", "https://example.com/", false},
		{`\example\..\demo/.\`, "https://example.com/", false},
		{"example", "https://example.com/demo", true},
		{"file:///C|/demo", "", false},
		{"..", "file:///C:/demo", true},
		// The table marks file://loc%61lhost/ valid, but its host is no valid
		// host string: a valid domain must pass domain to ASCII with beStrict
		// true, whose UseSTD3ASCIIRules rejects "%". The definitions win.
		{"file://loc%61lhost/", "", false},
		{"https://user:password@example.org/", "", false},
		{"https://example.org/foo bar", "", false},
		{"https://EXAMPLE.com/../x", "", true},
		{"https://ex ample.org/", "", false},
		{"example", "", false},
		{"https://example.com:demo", "", false},
		{"http://[www.example.com]/", "", false},
		{"https://example.org//", "", true},
		{"https://example.com/[]?[]#[]", "", false},
		{"https://example/%?%#%", "", false},
		{"https://example/%25?%25#%25", "", true},

		// Hosts checked with beStrict true.
		{"https://a_b.example/", "", false},
		{"https://-a.example/", "", false},
		{"https://example.com./", "", false},
		{"https://a..b/", "", false},
		{"https://" + strings.Repeat("a", 64) + ".example/", "", false},
		{"https://" + strings.Repeat("a", 63) + ".example/", "", true},
		{"https://faß.example/", "", true},
		{"https://xn--fa-hia.example/", "", true},
		{"https://1.2.3.4/", "", true},
		{"https://1.2.3/", "", false},      // IPv4-too-few-parts
		{"https://0x7f.0.0.1/", "", false}, // IPv4-non-decimal-part
		{"https://[::1]/", "", true},
		{"sc://a_b/", "", true}, // an opaque host
		{"sc:///x", "", true},
		// A file URL with a host may have a drive letter in its path: the
		// parser signals nothing, and the writing section's grammar allows
		// a path-absolute-URL string after any valid host.
		{"file://host/C:/x", "", true},
		{"file://host/C:", "", true},
		{"file:///C:/x", "", true},
		{"/C:/x", "file://host/dir/", true},
		{"/C:/x", "file:///dir/", true},
		{"file://host/x/C:/", "", true},
	} {
		var base *URL
		if tc.base != "" {
			base, _ = Parse(tc.base)
		}
		if got := IsValid(tc.in, base); got != tc.want {
			t.Errorf("IsValid(%q, %q) = %v, want %v (errors %v)", tc.in, tc.base, got, tc.want, Validate(tc.in, base))
		}
	}
}

func TestParser(t *testing.T) {
	var nilParser *Parser
	if u, err := nilParser.Parse("https://example.com/"); err != nil || u.Href() != "https://example.com/" {
		t.Errorf("nil Parser: %v, %v", u, err)
	}
	var zero Parser
	if u, err := zero.Parse("HTTPS://example.com/a/../b"); err != nil || u.Href() != "https://example.com/b" {
		t.Errorf("zero Parser: %v, %v", u, err)
	}
	base, _ := Parse("https://example.com/dir/")
	var got []string
	p := Parser{Base: base, Encoding: "UTF-8", OnValidationError: func(e ValidationError) { got = append(got, e.String()) }}
	u, err := p.Parse(`..\x y`)
	if err != nil || u.Href() != "https://example.com/x%20y" {
		t.Errorf("Parse with a base: %v, %v", u, err)
	}
	if want := []string{"invalid-reverse-solidus at 2", "invalid-URL-unit at 4"}; !slices.Equal(got, want) {
		t.Errorf("reported %q, want %q", got, want)
	}
	p = Parser{Encoding: "no-such-encoding"}
	var ee *EncodingError
	if _, err := p.Parse("https://example.com/"); !errors.As(err, &ee) || ee.Label != "no-such-encoding" {
		t.Errorf("unknown encoding: %v", err)
	}
}

// TestRawOffset checks that every byte of the cleaned-up input maps back to
// the same byte of the raw input (a U+FFFD that replaces invalid UTF-8 maps
// to the sequence it replaces).
func TestRawOffset(t *testing.T) {
	inputs := []string{"a\tb\nc\rd", "  \t x \xFF y\xE2\x82z \t ", "\xE2\t\x82\xAC", "\x00\x01ab\x7F"}
	for _, tc := range readCases[urlTest](t, "urltestdata.json") {
		inputs = append(inputs, tc.Input)
	}
	for _, in := range inputs {
		checkRawOffset(t, in)
	}
}

func checkRawOffset(t *testing.T, in string) {
	t.Helper()
	p := parser{in: cleanInput(in), raw: in}
	for i := 0; i < len(p.in); {
		r, n := utf8.DecodeRuneInString(p.in[i:])
		raw := p.rawOffset(i)
		if rr, rn := utf8.DecodeRuneInString(in[raw:]); rr == r && rn == n {
			// A code point kept as it is: each of its bytes maps to its own.
			for j := 1; j < n; j++ {
				if got := p.rawOffset(i + j); got != raw+j {
					t.Errorf("%q: p.in[%d] maps to %d, want %d", in, i+j, got, raw+j)
				}
			}
		} else if r != utf8.RuneError || in[raw] < utf8.RuneSelf {
			t.Errorf("%q: p.in[%d] = %q maps to raw[%d] = %q", in, i, r, raw, rr)
		}
		i += n
	}
	if end := p.rawOffset(len(p.in)); end > len(in) || strings.TrimRightFunc(in[end:], func(r rune) bool { return r <= ' ' }) != "" {
		t.Errorf("%q: EOF maps to %d", in, end)
	}
}

func FuzzRawOffset(f *testing.F) {
	for _, s := range []string{"a\tb", " \xFF\t\xE2\x82 x ", "https://example.com/\r\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkRawOffset(t, s) })
}

// referenceRecord is what the reference implementation, whatwg-url, says
// of one input (testdata/whatwg-url, made by gen.sh there): whether it
// parses, whether isValidURLString (the grammar of the standard's URL
// writing section) accepts it, and the names of the validation errors its
// parser signals, in order.
type referenceRecord struct {
	ok, valid bool
	errors    []string
}

// readReference reads testdata/whatwg-url/name, checking that it was made
// from the data file of the given path. It returns its records by key: the
// test case's index in urltestdata.json, or a list's line number.
func readReference(t *testing.T, name, dataPath string, keyed bool) map[int]referenceRecord {
	t.Helper()
	text, err := os.ReadFile(filepath.Join("testdata", "whatwg-url", name))
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(dataPath)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	if !strings.Contains(string(text), "# sha256 "+hex.EncodeToString(sum[:])+"\n") {
		t.Fatalf("testdata/whatwg-url/%s was made from another %s: remake it with testdata/whatwg-url/gen.sh", name, dataPath)
	}
	records := make(map[int]referenceRecord)
	n := 0
	for line := range strings.Lines(string(text)) {
		line = strings.TrimSuffix(line, "\n")
		if strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		key := n
		if keyed {
			if key, err = strconv.Atoi(fields[0]); err != nil {
				t.Fatalf("%s: %q", name, line)
			}
			fields = fields[1:]
		}
		n++
		if fields[0] == "base-failure" {
			continue
		}
		records[key] = referenceRecord{ok: fields[0] == "ok", valid: fields[1] == "valid", errors: fields[2:]}
	}
	return records
}

// checkReference checks Validate and IsValid on in against the reference
// implementation's record.
func checkReference(t *testing.T, where, in string, base *URL, want referenceRecord) {
	t.Helper()
	errs := Validate(in, base)
	var names []string
	for _, e := range errs {
		names = append(names, e.Code.String())
	}
	_, err := base.Parse(in)
	if !slices.Equal(names, want.errors) || (err == nil) != want.ok {
		t.Errorf("%s: %q: errors %v, parse error %v; whatwg-url: %v, ok %v", where, in, describe(errs), err, want.errors, want.ok)
	}
	if got := IsValid(in, base); got != want.valid {
		t.Errorf("%s: IsValid(%q) = %v, but whatwg-url's isValidURLString says %v", where, in, got, want.valid)
	}
	// The standard's URL writing section: a valid URL string is exactly
	// one that parses without a validation error.
	if want.valid != (want.ok && len(want.errors) == 0) {
		t.Errorf("%s: %q: whatwg-url says valid %v, ok %v, errors %v", where, in, want.valid, want.ok, want.errors)
	}
}

// TestValidationErrorsReference checks, for every input of urltestdata.json
// (against its base) and every line of the URL lists, that Validate
// reports the validation errors the reference implementation reports, in
// the same order, and that IsValid agrees with its isValidURLString.
func TestValidationErrorsReference(t *testing.T) {
	ref := readReference(t, "urltestdata.txt", filepath.Join("testdata", "wpt", "urltestdata.json"), false)
	cases := readCases[urlTest](t, "urltestdata.json")
	checked := 0
	for i, tc := range cases {
		want, ok := ref[i]
		if !ok {
			continue // a base that fails to parse
		}
		var base *URL
		if tc.Base != nil {
			var err error
			if base, err = Parse(*tc.Base); err != nil {
				t.Errorf("base %q: %v", *tc.Base, err)
				continue
			}
		}
		checkReference(t, "urltestdata.json", tc.Input, base, want)
		checked++
	}
	if checked != 891 {
		t.Errorf("checked %d cases of urltestdata.json against whatwg-url, want 891", checked)
	}
	for _, name := range corpus.Datasets {
		t.Run(name, func(t *testing.T) {
			path := corpus.ListPath(t, name)
			ref := readReference(t, name, path, true)
			lines, listed := 0, 0
			for n, line := range numberedLines(t, path) {
				lines++
				want, ok := ref[n]
				if ok {
					listed++
				} else {
					want = referenceRecord{ok: true, valid: true}
				}
				checkReference(t, fmt.Sprintf("%s:%d", name, n), line, nil, want)
			}
			if listed != len(ref) || lines == 0 {
				t.Errorf("%s: %d lines, %d of the %d lines testdata/whatwg-url lists", name, lines, listed, len(ref))
			}
		})
	}
}

// numberedLines returns the non-empty lines of the URL list at path by
// line number (from 1), less a final "\r", as gen.js reads them.
func numberedLines(t *testing.T, path string) iter.Seq2[int, string] {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return func(yield func(int, string) bool) {
		n := 0
		for line := range strings.Lines(string(data)) {
			n++
			line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
			if line != "" && !yield(n, line) {
				return
			}
		}
	}
}

// TestValidationErrorJSON checks the JSON shape of every validation
// error, {"code", "offset", "description", "fatal"}, and that it and the
// code's text decode back to what they encode.
func TestValidationErrorJSON(t *testing.T) {
	n := 0
	for c := ErrorCode(1); c.Description() != ""; c++ {
		n++
		e := ValidationError{Code: c, Offset: int(c) * 3, Fatal: c%2 == 0}
		b, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		want := map[string]any{"code": c.String(), "offset": float64(e.Offset), "description": c.Description(), "fatal": e.Fatal}
		if !reflect.DeepEqual(m, want) {
			t.Errorf("%s, want %v", b, want)
		}
		var back ValidationError
		if err := json.Unmarshal(b, &back); err != nil || back != e {
			t.Errorf("%s decodes to %v, %v; want %v", b, back, err, e)
		}
		var code ErrorCode
		if err := code.UnmarshalText([]byte(c.String())); err != nil || code != c {
			t.Errorf("UnmarshalText(%q): %v, %v", c, code, err)
		}
	}
	if n != int(ErrHostHeaderInvalid) {
		t.Errorf("%d error codes, the last is %d", n, ErrHostHeaderInvalid)
	}
	var code ErrorCode
	if err := code.UnmarshalText([]byte("no-such-error")); err == nil {
		t.Error("UnmarshalText of an unknown name: no error")
	}
	if _, err := ErrorCode(250).MarshalText(); err == nil {
		t.Error("MarshalText of ErrorCode(250): no error")
	}
}
