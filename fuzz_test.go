package weburl

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// The fuzz targets check properties that hold for every input, not
// outputs: no panic, CanParse agrees with Parse, and every URL passes check
// (its invariants, and parsing its href gives the same URL again).

// wptInputs returns the inputs and bases of urltestdata.json, for seeds. It
// returns nothing when the data is missing: the fuzz targets still run on
// their own seeds, and the WPT tests report the missing data.
func wptInputs() (inputs, bases []string) {
	data, err := os.ReadFile(filepath.Join("testdata", "wpt", "urltestdata.json"))
	if err != nil {
		return nil, nil
	}
	var cases []json.RawMessage
	if json.Unmarshal(data, &cases) != nil {
		return nil, nil
	}
	for _, r := range cases {
		var c urlTest
		if json.Unmarshal(r, &c) != nil {
			continue
		}
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
		if err := u.check(); err != nil {
			t.Fatalf("after %s = %q: %v", name, value, err)
		}
	})
}

// FuzzFastPaths checks that the parser's shortcuts (see fastPaths) give
// the same URL, or the same error, as the general states for every input,
// with and without a base.
func FuzzFastPaths(f *testing.F) {
	inputs, bases := wptInputs()
	for i, s := range append(inputs, asciiURLs...) {
		base := "https://example.com/a/b?c#d"
		if len(bases) > 0 {
			base = bases[i%len(bases)]
		}
		f.Add(s, base)
	}
	f.Fuzz(func(t *testing.T, s, baseHref string) {
		base, _ := Parse(baseHref)
		fast, fastErr := base.Parse(s)
		fastPaths = false
		slow, slowErr := base.Parse(s)
		fastPaths = true
		if (fastErr == nil) != (slowErr == nil) || fastErr != nil && fastErr.Error() != slowErr.Error() {
			t.Fatalf("%q: errors %v and %v", s, fastErr, slowErr)
		}
		if fastErr == nil && (fast.href != slow.href || fast.components != slow.components) {
			t.Fatalf("%q: the shortcuts give %q %+v, the states %q %+v", s, fast.href, fast.components, slow.href, slow.components)
		}
	})
}
