package urlpattern

import (
	"strings"
	"testing"
	"time"

	"github.com/weburl/weburl/internal/linear"
)

// TestDenialOfService runs the pattern that takes a backtracking engine
// seconds (the polyfill 1.25 s per test() on a 400-byte path, V8 14.7 s
// at 800 bytes): "/*-*-*-*x", whose expression is ^\/(.*)-(.*)-(.*)-(.*)x$,
// on 800 "-", which it does not match, through Test and TestInit, and
// through Exec, which captures. Each must take under a millisecond (20
// under the race detector, which slows code up to 20 times).
func TestDenialOfService(t *testing.T) {
	limit := time.Millisecond
	if raceEnabled {
		limit *= 20
	}
	p, err := CompileInit(Init{Pathname: ptr("/*-*-*-*x")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	url := "https://example.com/" + strings.Repeat("-", 800)
	path := "/" + strings.Repeat("-", 800)
	for name, run := range map[string]func() bool{
		"Test":     func() bool { return p.Test(url) },
		"TestInit": func() bool { return p.TestInit(Init{Pathname: &path}) },
		"Exec":     func() bool { return p.Exec(url) != nil },
		"ExecInit": func() bool { return p.ExecInit(Init{Pathname: &path}) != nil },
	} {
		best := time.Hour
		for range 5 {
			start := time.Now()
			if run() {
				t.Fatalf("%s matched", name)
			}
			best = min(best, time.Since(start))
		}
		if best > limit {
			t.Errorf("%s took %v on 800 \"-\", want under %v", name, best, limit)
		} else {
			t.Logf("%s: %v", name, best)
		}
	}
}

// TestLinearTime checks that compiling and matching take time linear in
// the pattern's and the input's length, for the shapes that make a
// backtracking engine or a naive compiler slow: nested and adjacent
// quantifiers, nullable loops (which exec runs on the VM), long fixed
// text, many groups, and many nested groups, each at 16 times the size.
func TestLinearTime(t *testing.T) {
	n := 4 << 10
	if testing.Short() {
		n = 1 << 10
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
		linear.Check(t, in.name+" (Exec)", in.input(n), in.input(16*n), 48, func(s string) { p.ExecInit(Init{Pathname: &s}) })
	}
	patterns := []struct {
		name string
		make func(int) string
	}{
		{"fixed text", func(n int) string { return "/" + strings.Repeat("a", n) }},
		{"named groups", func(n int) string {
			var b strings.Builder
			for i := range n / 8 {
				b.WriteString("/:g" + strings.Repeat("x", 4) + string(rune('a'+i%26)) + itoa(i))
			}
			return b.String()
		}},
		{"regexp groups", func(n int) string { return strings.Repeat("/(a|b)", n/6) }},
		{"classes", func(n int) string { return "/(" + strings.Repeat("[[a-z]--[aeiou]]", n/16) + ")" }},
		{"escapes", func(n int) string { return "/" + strings.Repeat("\\:", n/2) }},
	}
	for _, pt := range patterns {
		linear.Check(t, pt.name+" (Compile)", pt.make(n/4), pt.make(4*n), 48, func(s string) { CompileInit(Init{Pathname: &s}, nil) })
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
