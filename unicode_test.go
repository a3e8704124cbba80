package weburl

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/ascii"
	"golang.org/x/net/idna"
)

// The web-platform-tests IDNA data (toascii.json, IdnaTestV2.json) is made
// from Unicode 17 data. golang.org/x/net/idna carries Unicode 17 tables only
// when built with Go 1.27 or newer; with Go 1.26 it has Unicode 15.0.0
// tables and follows UTS #46 as it was before Unicode 16, so some hosts
// parse otherwise. On such a toolchain the tests leave out the cases whose
// host holds a code point that weburl treats differently under the two
// (testdata/idna-unicode-15.0.0.txt, which testdata/unicode/gen.sh makes
// by running weburl's host parser on every code point under both), and
// assert how many they leave out.

// olderUnicode reports whether golang.org/x/net/idna has tables older than
// those of the web-platform-tests data.
var olderUnicode = idna.UnicodeVersion != "17.0.0"

// unicodeDiffers holds the code points of testdata/idna-unicode-15.0.0.txt,
// read when olderUnicode is set.
var unicodeDiffers map[rune]bool

// needsNewerUnicode reports whether host, percent-decoded and with its
// "xn--" labels Punycode-decoded, holds a code point that weburl treats
// differently under the IDNA tables of the toolchain and Unicode 17's. It
// is false when the toolchain has Unicode 17 tables.
func needsNewerUnicode(t testing.TB, host string) bool {
	t.Helper()
	if !olderUnicode {
		return false
	}
	if idna.UnicodeVersion != "15.0.0" {
		t.Fatalf("golang.org/x/net/idna has Unicode %s tables; testdata/idna-unicode-15.0.0.txt is for 15.0.0", idna.UnicodeVersion)
	}
	if unicodeDiffers == nil {
		unicodeDiffers = readCodePointRanges(t, filepath.Join("testdata", "idna-unicode-15.0.0.txt"))
	}
	host = toScalarValues(ascii.PercentDecode(host))
	for _, label := range strings.FieldsFunc(host, func(r rune) bool { return r == '.' || r == '。' || r == '．' || r == '｡' }) {
		if len(label) > 4 && strings.EqualFold(label[:4], "xn--") {
			if u, err := idna.Punycode.ToUnicode(label); err == nil {
				label += u
			}
		}
		for _, r := range label {
			if unicodeDiffers[r] {
				return true
			}
		}
	}
	return false
}

// readCodePointRanges reads lines of hexadecimal code points and ranges
// ("10A0..10C5"); "#" starts a comment line.
func readCodePointRanges(t testing.TB, name string) map[rune]bool {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	set := map[rune]bool{}
	for line := range strings.Lines(string(data)) {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		lo, hi, isRange := strings.Cut(line, "..")
		if !isRange {
			hi = lo
		}
		a, err1 := strconv.ParseUint(lo, 16, 32)
		b, err2 := strconv.ParseUint(hi, 16, 32)
		if err1 != nil || err2 != nil || a > b {
			t.Fatalf("%s: bad line %q", name, line)
		}
		for r := a; r <= b; r++ {
			set[rune(r)] = true
		}
	}
	return set
}
