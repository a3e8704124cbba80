package jsregexp

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"slices"
	"testing"

	"github.com/weburl/weburl/internal/corpus"
)

// A corpusEntry is a line of testdata/jsregexp/corpus.jsonl.gz: what
// JavaScript (Node.js 26.10.0) says of "^(?:" + Source + ")$" with Flags.
type corpusEntry struct {
	Source string  `json:"source"`
	Flags  string  `json:"flags"`
	Error  bool    `json:"error"`
	Cases  [][]any `json:"cases"`
}

// TestJSRegexpCorpus checks the translation of JavaScript's v-flag
// regular expressions against JavaScript's own answers, recorded from
// Node.js by testdata/jsregexp/gen.sh over 3,350 expressions, each with v
// and with vi: the syntax errors it throws, and, for each of 24 inputs,
// whether it matches and what each group captures. 1,500 of them nest
// named and numbered groups in optional and repeated groups, lazy and
// greedy, where JavaScript's captures differ from a Perl-style engine's. Expressions
// JavaScript takes that need a backtracking engine (lookaround,
// backreferences) must fail with ErrUnsupported, and are counted.
func TestJSRegexpCorpus(t *testing.T) {
	lines := corpus.GzipLines(t, filepath.Join("testdata", "jsregexp", "corpus.jsonl.gz"), func(string) bool { return true })
	var entries, rejected, unsupported, inputs, failures, onVM int
	var unsupportedSources []string
	for _, line := range lines {
		var e corpusEntry
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatal(err)
		}
		entries++
		src := "^(?:" + e.Source + ")$"
		r, err := Compile(src, e.Flags == "vi")
		if e.Error {
			rejected++
			var syntax *SyntaxError
			if !errors.As(err, &syntax) {
				t.Errorf("/%s/%s: JavaScript throws a SyntaxError; compiled: %v", src, e.Flags, err)
				failures++
			}
			continue
		}
		if err != nil {
			if errors.Is(err, ErrUnsupported) {
				unsupported++
				unsupportedSources = append(unsupportedSources, e.Source)
				continue
			}
			t.Errorf("/%s/%s: JavaScript takes it; %v", src, e.Flags, err)
			failures++
			continue
		}
		if r.vm != nil {
			onVM++
		}
		for _, c := range e.Cases {
			input := c[0].(string)
			var want []int
			if c[1] != nil {
				for _, v := range c[1].([]any) {
					want = append(want, int(v.(float64)))
				}
			}
			inputs++
			if got := r.FindStringSubmatchIndex(input); !slices.Equal(got, want) {
				t.Errorf("/%s/%s on %q: got %v, JavaScript %v", src, e.Flags, input, got, want)
				failures++
			}
		}
		if failures > 50 {
			t.Fatal("too many failures")
		}
	}
	slices.Sort(unsupportedSources)
	unsupportedSources = slices.Compact(unsupportedSources)
	t.Logf("%d expressions: %d rejected as JavaScript rejects them, %d unsupported (%q), %d captured with the VM; %d inputs matched as JavaScript matches them",
		entries, rejected, unsupported, unsupportedSources, onVM, inputs)
	if entries < 6600 {
		t.Errorf("only %d expressions", entries)
	}
}

// TestClassStringsIgnoreCase checks \q{...} under the i flag, whose
// answers the corpus leaves out because V8 gets them wrong: with the
// unicode sets flag, MaybeSimpleCaseFolding folds every string of a class,
// of one code point or more, and CharacterSetMatcher compares the folded
// input with them, so /^[\q{a}]$/vi matches "A" (V8 as of Node.js 26.10.0
// does not; its strings of two or more code points it does fold).
// https://tc39.es/ecma262/#sec-maybesimplecasefolding
func TestClassStringsIgnoreCase(t *testing.T) {
	for _, tc := range []struct {
		src, input string
		match      bool
	}{
		{`^[\q{a}]$`, "A", true},
		{`^[\q{a}]$`, "a", true},
		{`^[\q{abc|a}]$`, "A", true},
		{`^[\q{abc|a}]$`, "aBc", true},
		{`^[\q{abc|a}]$`, "ab", false},
		{`^[\q{AB|c}]+$`, "abCab", true},
		{`^[[a-z]--\q{k}]$`, "K", false},
		{`^[[a-z]--\q{k}]$`, "J", true},
	} {
		r, err := Compile(tc.src, true)
		if err != nil {
			t.Fatalf("/%s/vi: %v", tc.src, err)
		}
		if got := r.FindStringSubmatchIndex(tc.input) != nil; got != tc.match {
			t.Errorf("/%s/vi on %q: %v, want %v", tc.src, tc.input, got, tc.match)
		}
	}
}

// FuzzEngines runs an expression on Go's regexp and on the VM: where Go's
// regexp captures as JavaScript does (exactCaptures), the VM must find
// the same groups, and elsewhere the same answer; and FindStringSubmatchIndex
// gives NumSubexp()+1 groups.
func FuzzEngines(f *testing.F) {
	for _, s := range []struct{ src, input string }{
		{"^(?:(a|ab)(c|bcd)(d*))$", "abcd"}, {"^(?:((?:a|b)*)c)$", "ababc"}, {"^(?:(\\d+)-(\\d*))$", "12-"},
		{"^(?:(.*)(.*)?)$", "foobar"}, {"^(?:((?<x>a)|b)+)$", "ab"}, {"^(?:([^/]{2,3}?)b*)$", "aabb"},
		{"^(?:(a(?<v>b*?)?))$", "ab"}, {"^(?:(a*?)*c)$", "aac"},
	} {
		f.Add(s.src, s.input, false)
	}
	f.Fuzz(func(t *testing.T, src, input string, ignoreCase bool) {
		tree, names, err := parseJSRegexp(src, ignoreCase)
		if err != nil {
			return
		}
		ncap := len(names) - 1
		re, err := compileRE2(tree)
		if err != nil {
			return
		}
		vm, err := compileVM(tree, ncap)
		if err != nil {
			return // too large for the VM
		}
		want := re.FindStringSubmatchIndex(input)
		var got []int
		if want != nil {
			got = vm.exec(input, want[0])
		}
		if tree.exactCaptures() {
			if !slices.Equal(got, want) {
				t.Fatalf("/%s/ on %q: VM %v, Go's regexp %v", src, input, got, want)
			}
		} else if (got != nil) != (want != nil) {
			t.Fatalf("/%s/ on %q: the VM and Go's regexp disagree on the match", src, input)
		}
		r, err := Compile(src, ignoreCase)
		if err != nil {
			t.Fatalf("/%s/: parses and compiles, but Compile fails: %v", src, err)
		}
		slots := r.FindStringSubmatchIndex(input)
		if slots != nil && len(slots) != 2*(r.NumSubexp()+1) {
			t.Fatalf("/%s/ on %q: %d slots for %d groups", src, input, len(slots), r.NumSubexp())
		}
		if (slots != nil) != r.MatchString(input) {
			t.Fatalf("/%s/ on %q: FindStringSubmatchIndex gives %v, MatchString %v", src, input, slots, r.MatchString(input))
		}
	})
}

// TestUnanchored checks the seam on expressions that are not anchored,
// where the match starts after position 0 and the groups come from the
// VM: the slots are those of JavaScript's exec, as Node.js 26.10.0
// gives them (/(a*?)*c/v.exec("xaac") is "aac" at index 1 with group 1
// "a").
func TestUnanchored(t *testing.T) {
	for _, tc := range []struct {
		src, input string
		want       []int
	}{
		{`(a*?)*c`, "xaac", []int{1, 4, 2, 3}},
		{`(a(?<v>b*?)?)`, "zzab", []int{2, 4, 2, 4, 3, 4}},
		{`(a*?)*c`, "xaa", nil},
	} {
		r, err := Compile(tc.src, false)
		if err != nil {
			t.Fatal(err)
		}
		if r.vm == nil {
			t.Fatalf("/%s/: Go's regexp captures it; the test wants the VM", tc.src)
		}
		if got := r.FindStringSubmatchIndex(tc.input); !slices.Equal(got, tc.want) {
			t.Errorf("/%s/ on %q: %v, JavaScript %v", tc.src, tc.input, got, tc.want)
		}
		if got := r.MatchString(tc.input); got != (tc.want != nil) {
			t.Errorf("/%s/ on %q: MatchString %v", tc.src, tc.input, got)
		}
	}
}
