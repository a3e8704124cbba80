package urlpattern

import (
	"fmt"
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/linear"
)

// TestDenialOfService runs the pattern that takes a backtracking engine
// seconds (the polyfill 1.25 s per test() on a 400-byte path, V8 14.7 s
// at 800 bytes): "/*-*-*-*x", whose expression is ^\/(.*)-(.*)-(.*)-(.*)x$,
// on runs of "-", which it does not match, through Test and TestInit, and
// through Exec and ExecInit, which capture. Each must take time linear in
// the run (see linear.Check): 1,024 "-" against 16, where a backtracking
// engine's time grows with the fourth power of the length.
func TestDenialOfService(t *testing.T) {
	p, err := CompileInit(Init{Pathname: ptr("/*-*-*-*x")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	n := 16
	for _, c := range []struct {
		name string
		run  func(dashes string) bool
	}{
		{"Test", func(d string) bool { return p.Test("https://example.com/" + d) }},
		{"TestInit", func(d string) bool { path := "/" + d; return p.TestInit(Init{Pathname: &path}) }},
		{"Exec", func(d string) bool { return p.Exec("https://example.com/"+d) != nil }},
		{"ExecInit", func(d string) bool { path := "/" + d; return p.ExecInit(Init{Pathname: &path}) != nil }},
	} {
		if c.run(strings.Repeat("-", 800)) {
			t.Fatalf("%s matched", c.name)
		}
		linear.Check(t, c.name, strings.Repeat("-", n), strings.Repeat("-", linear.MinRatio*n), func(d string) { c.run(d) })
	}
}

// TestLinearTime checks that compiling and matching take time linear in
// the pattern's and the input's length, for the shapes that make a
// backtracking engine or a naive compiler slow: nested and adjacent
// quantifiers, nullable loops (which exec runs on the VM), long fixed
// text, ASCII or not, many named groups (the check that a name is not
// used twice), many regexp groups, classes and escapes, each at 64 times
// the size (see linear.Check), with and without ignoreCase.
func TestLinearTime(t *testing.T) {
	n := 1 << 10
	if testing.Short() {
		n = 256
	}
	inputs := []struct {
		name, pattern string
		input         func(int) string
	}{
		{"wildcards", "/*-*-*-*x", func(n int) string { return "/" + strings.Repeat("-", n) }},
		{"nested quantifiers", "/((?:a*)*)*b", func(n int) string { return "/" + strings.Repeat("a", n) }},
		{"nullable loop", "/(a*?)*c", func(n int) string { return "/" + strings.Repeat("a", n) }},
		{"alternation", "/((?:a|ab|abc)*)d", func(n int) string { return "/" + strings.Repeat("ab", n/2) }},
		{"segments", "/:a/:b/:c/*", func(n int) string { return strings.Repeat("/x", n/2) }},
		{"optional groups", "/:a?/:b?/:c?/:d?", func(n int) string { return "/" + strings.Repeat("x", n) }},
	}
	for _, in := range inputs {
		p, err := CompileInit(Init{Pathname: &in.pattern}, nil)
		if err != nil {
			t.Fatal(err)
		}
		linear.Check(t, in.name+" (Exec)", in.input(n), in.input(linear.MinRatio*n), func(s string) { p.ExecInit(Init{Pathname: &s}) })
	}
	for _, pt := range compileShapes {
		for _, opts := range []*Options{nil, {IgnoreCase: true}} {
			linear.Check(t, fmt.Sprintf("%s (Compile, %+v)", pt.name, opts), pt.make(n), pt.make(linear.MinRatio*n), func(s string) {
				if _, err := CompileInit(Init{Pathname: &s}, opts); err != nil {
					t.Fatal(err)
				}
			})
		}
	}
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b []byte
	for ; i > 0; i /= 10 {
		b = append([]byte{byte('0' + i%10)}, b...)
	}
	return string(b)
}

// compileShapes are pathname patterns of a given length in bytes, of the
// shapes whose compiling was once slow: fixed text (ASCII or not), named
// groups, regexp groups, classes and escapes.
var compileShapes = []struct {
	name string
	make func(n int) string
}{
	{"fixed", func(n int) string { return "/" + strings.Repeat("a", n-1) }},
	{"fixed-nonascii", func(n int) string { return "/" + strings.Repeat("é", n/2) }},
	{"named", func(n int) string {
		var b strings.Builder
		for i := 0; b.Len() < n; i++ {
			b.WriteString("/:g" + itoa(i))
		}
		return b.String()
	}},
	{"regexp", func(n int) string { return strings.Repeat("/(a|b)", n/6) }},
	{"classes", func(n int) string { return "/(" + strings.Repeat("[[a-z]--[aeiou]]", n/16) + ")" }},
	{"escapes", func(n int) string { return "/" + strings.Repeat("\\:", n/2) }},
}

// BenchmarkCompileShapes compiles each of compileShapes at 1, 4, 64 and
// 256 KiB, with and without ignoreCase, and reports the time per byte of
// pattern. On a busy 2-core machine compiling takes 0.1 to 0.3 µs per byte
// of fixed text, and 50 ms for 64 KiB of named groups, which took 570 ms
// with the name check in quadratic time (20 s before issue 37);
// TestLinearTime bounds how that time grows.
func BenchmarkCompileShapes(b *testing.B) {
	for _, sh := range compileShapes {
		for _, kib := range []int{1, 4, 64, 256} {
			for _, ic := range []bool{false, true} {
				s := sh.make(kib << 10)
				opts := &Options{IgnoreCase: ic}
				b.Run(fmt.Sprintf("shape=%s/size=%dK/ignoreCase=%v", sh.name, kib, ic), func(b *testing.B) {
					for b.Loop() {
						if _, err := CompileInit(Init{Pathname: &s}, opts); err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(s)), "ns/byte")
				})
			}
		}
	}
}
