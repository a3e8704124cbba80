// Command unicode finds the code points that weburl's host parser treats
// differently when golang.org/x/net/idna carries older Unicode tables, as
// it does when built with Go 1.26 (Unicode 15.0.0) rather than Go 1.27 or
// newer (Unicode 17.0.0, the version of the web-platform-tests IDNA data).
// gen.sh runs it under both toolchains and writes the differences to
// ../idna-unicode-15.0.0.txt, which the tests read on Go 1.26 to leave out
// the cases whose result depends on the newer data.
//
//	go run ./testdata/unicode fingerprint FILE   # one hash per code point
//	go run ./testdata/unicode diff OLD NEW       # code point ranges that differ
package main

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/weburl/weburl"
	"golang.org/x/net/idna"
)

func main() {
	switch {
	case len(os.Args) == 3 && os.Args[1] == "fingerprint":
		fingerprint(os.Args[2])
	case len(os.Args) == 4 && os.Args[1] == "diff":
		diff(os.Args[2], os.Args[3])
	default:
		fmt.Fprintln(os.Stderr, "usage: unicode fingerprint FILE | unicode diff OLD NEW")
		os.Exit(2)
	}
}

// fingerprint writes, for each code point, a hash of what weburl makes of
// it as a host: the host parser's result or failure, domain to Unicode of
// that, and the validation errors of a URL with it as its host (the
// strict ToASCII's domain-to-ASCII among them).
func fingerprint(name string) {
	out := make([]byte, 0, 8*(utf8.MaxRune+1))
	for r := rune(0); r <= utf8.MaxRune; r++ {
		h := fnv.New64a()
		s := string(r)
		if host, err := weburl.ParseHost(s); err != nil {
			fmt.Fprintf(h, "failure %v\n", err)
		} else {
			fmt.Fprintf(h, "%s %s\n", host, weburl.DomainToUnicode(host.String()))
		}
		for _, e := range weburl.Validate("https://a"+s+"b/", nil) {
			fmt.Fprintf(h, "%v\n", e)
		}
		out = binary.LittleEndian.AppendUint64(out, h.Sum64())
	}
	if err := os.WriteFile(name, out, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "unicode: fingerprints of golang.org/x/net/idna %s in %s\n", idna.UnicodeVersion, name)
}

// diff writes the ranges of code points whose fingerprints differ.
func diff(oldName, newName string) {
	old, err1 := os.ReadFile(oldName)
	cur, err2 := os.ReadFile(newName)
	if err1 != nil || err2 != nil || len(old) != len(cur) {
		fmt.Fprintln(os.Stderr, "unicode: cannot compare", oldName, newName, err1, err2)
		os.Exit(1)
	}
	var b strings.Builder
	n := 0
	for r := 0; r < len(old)/8; r++ {
		if string(old[8*r:8*r+8]) == string(cur[8*r:8*r+8]) {
			continue
		}
		end := r
		for end+1 < len(old)/8 && string(old[8*end+8:8*end+16]) != string(cur[8*end+8:8*end+16]) {
			end++
		}
		if end == r {
			fmt.Fprintf(&b, "%04X\n", r)
		} else {
			fmt.Fprintf(&b, "%04X..%04X\n", r, end)
		}
		n += end - r + 1
		r = end
	}
	fmt.Printf("%s", b.String())
	fmt.Fprintf(os.Stderr, "unicode: %d code points differ\n", n)
}
