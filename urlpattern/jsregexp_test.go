package urlpattern

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// A corpusEntry is a line of testdata/jsregexp/corpus.jsonl.gz: what
// JavaScript (Node.js 26.10.0) says of "^(?:" + Source + ")$" with Flags.
type corpusEntry struct {
	Source string  `json:"source"`
	Flags  string  `json:"flags"`
	Error  bool    `json:"error"`
	Cases  [][]any `json:"cases"`
}

// compiledRegexp is an expression compiled as a component's is, run as a
// component runs it.
type compiledRegexp struct {
	tree *reNode
	ncap int
	c    *component
}

func compileForTest(src string, ignoreCase bool) (*compiledRegexp, error) {
	tree, names, err := parseJSRegexp(src, ignoreCase)
	if err != nil {
		return nil, err
	}
	c := &component{names: make([]string, len(names)-1)}
	if c.re, err = compileRE2(tree); err != nil {
		return nil, err
	}
	if !tree.exactCaptures() {
		if c.vm, err = compileVM(tree, len(names)-1); err != nil {
			return nil, err
		}
	}
	return &compiledRegexp{tree: tree, ncap: len(names) - 1, c: c}, nil
}

// slots runs the expression on input as exec does: the spans of group 0
// and each group, -1 for undefined; nil when it does not match.
func (r *compiledRegexp) slots(input string) []int {
	if r.c.vm != nil {
		if !r.c.re.MatchString(input) {
			return nil
		}
		return r.c.vm.exec(input)
	}
	return r.c.re.FindStringSubmatchIndex(input)
}

// TestJSRegexpCorpus checks the translation of JavaScript's v-flag
// regular expressions against JavaScript's own answers, recorded from
// Node.js by testdata/jsregexp/gen.sh over about 1,850 expressions, each
// with v and with vi: the syntax errors it throws, and, for each of 24
// inputs, whether it matches and what each group captures. Expressions
// JavaScript takes that need a backtracking engine (lookaround,
// backreferences) must fail with ErrUnsupportedRegExp, and are counted.
func TestJSRegexpCorpus(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "jsregexp", "corpus.jsonl.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(z)
	sc.Buffer(nil, 1<<20)
	var entries, rejected, unsupported, inputs, failures, onVM int
	var unsupportedSources []string
	for sc.Scan() {
		var e corpusEntry
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatal(err)
		}
		entries++
		src := "^(?:" + e.Source + ")$"
		r, err := compileForTest(src, e.Flags == "vi")
		if e.Error {
			rejected++
			var syntax *jsSyntaxError
			if !errors.As(err, &syntax) {
				t.Errorf("/%s/%s: JavaScript throws a SyntaxError; compiled: %v", src, e.Flags, err)
				failures++
			}
			continue
		}
		if err != nil {
			if errors.Is(err, ErrUnsupportedRegExp) {
				unsupported++
				unsupportedSources = append(unsupportedSources, e.Source)
				continue
			}
			t.Errorf("/%s/%s: JavaScript takes it; %v", src, e.Flags, err)
			failures++
			continue
		}
		if r.c.vm != nil {
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
			if got := r.slots(input); !slices.Equal(got, want) {
				t.Errorf("/%s/%s on %q: got %v, JavaScript %v", src, e.Flags, input, got, want)
				failures++
			}
		}
		if failures > 50 {
			t.Fatal("too many failures")
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	slices.Sort(unsupportedSources)
	unsupportedSources = slices.Compact(unsupportedSources)
	t.Logf("%d expressions: %d rejected as JavaScript rejects them, %d unsupported (%q), %d captured with the VM; %d inputs matched as JavaScript matches them",
		entries, rejected, unsupported, unsupportedSources, onVM, inputs)
	if entries < 3000 {
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
		r, err := compileForTest(tc.src, true)
		if err != nil {
			t.Fatalf("/%s/vi: %v", tc.src, err)
		}
		if got := r.slots(tc.input) != nil; got != tc.match {
			t.Errorf("/%s/vi on %q: %v, want %v", tc.src, tc.input, got, tc.match)
		}
	}
}
