package weburl

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/weburl/weburl/internal/corpus"
)

// The web-platform-tests URL data, run as web-platform-tests runs it
// (url/url-constructor.any.js, url-origin.any.js, url-setters.any.js,
// toascii.window.js, IdnaTestV2.window.js). The files are committed in
// testdata/wpt, at the commit testdata/wpt.sha256 pins (TestWPTPinned);
// testdata/wpt.sh moves them to other data. Missing data fails the tests;
// it never skips them.

// wptCase runs one case of the web-platform-tests data file as the subtest
// name. A case listed in testdata/wpt-expected-failures.txt must fail: its
// failure is logged with the listed reason, and a listed case that passes
// fails the test, so that the list never outlives the failure.
func wptCase(t *testing.T, file, name string, run func(t testing.TB)) {
	t.Run(name, func(t *testing.T) {
		reason, listed := expectedFailures(t)[file+"\t"+name]
		if !listed {
			run(t)
			return
		}
		markUsed(file + "\t" + name)
		r := &recorder{TB: t}
		done := make(chan struct{})
		go func() {
			defer close(done)
			run(r)
		}()
		<-done
		if !r.failed {
			t.Errorf("passes, but testdata/wpt-expected-failures.txt lists it as failing (%s): remove it from the list", reason)
			return
		}
		t.Logf("fails as expected (%s):\n%s", reason, strings.Join(r.messages, "\n"))
	})
}

// checkExpectedFailuresUsed fails if testdata/wpt-expected-failures.txt
// lists a case of file that no test ran: a name that no longer matches.
func checkExpectedFailuresUsed(t *testing.T, file string) {
	t.Helper()
	for key := range expectedFailures(t) {
		if f, name, _ := strings.Cut(key, "\t"); f == file && !wasUsed(key) {
			t.Errorf("testdata/wpt-expected-failures.txt lists %s %q, which is no test case", f, name)
		}
	}
}

var (
	expectedOnce sync.Once
	expected     map[string]string // "file\tname" → reason
	expectedErr  error
	usedMu       sync.Mutex
	used         = map[string]bool{}
)

func markUsed(key string) {
	usedMu.Lock()
	used[key] = true
	usedMu.Unlock()
}

func wasUsed(key string) bool {
	usedMu.Lock()
	defer usedMu.Unlock()
	return used[key]
}

// expectedFailures reads testdata/wpt-expected-failures.txt: lines of a
// data file's name, the case's subtest name and the reason, separated by
// tabs; "#" starts a comment line.
func expectedFailures(t testing.TB) map[string]string {
	expectedOnce.Do(func() {
		f, err := os.Open(filepath.Join("testdata", "wpt-expected-failures.txt"))
		if err != nil {
			expectedErr = err
			return
		}
		defer f.Close()
		expected = map[string]string{}
		sc := bufio.NewScanner(f)
		for n := 1; sc.Scan(); n++ {
			line := sc.Text()
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			fields := strings.Split(line, "\t")
			if len(fields) != 3 || fields[2] == "" {
				expectedErr = fmt.Errorf("testdata/wpt-expected-failures.txt:%d: want file, name and reason, separated by tabs", n)
				return
			}
			expected[fields[0]+"\t"+fields[1]] = fields[2]
		}
		expectedErr = sc.Err()
	})
	if expectedErr != nil {
		t.Fatal(expectedErr)
	}
	return expected
}

// A recorder stands in for a test's testing.TB while a case that is
// expected to fail runs: it records failures instead of reporting them.
type recorder struct {
	testing.TB
	mu       sync.Mutex
	failed   bool
	messages []string
}

func (r *recorder) fail(msg string) {
	r.mu.Lock()
	r.failed = true
	r.messages = append(r.messages, msg)
	r.mu.Unlock()
}

func (r *recorder) Error(args ...any)                 { r.fail(fmt.Sprint(args...)) }
func (r *recorder) Errorf(format string, args ...any) { r.fail(fmt.Sprintf(format, args...)) }
func (r *recorder) Fail()                             { r.fail("failed") }
func (r *recorder) FailNow()                          { r.Fail(); runtime.Goexit() }
func (r *recorder) Fatal(args ...any)                 { r.Error(args...); runtime.Goexit() }
func (r *recorder) Fatalf(format string, args ...any) { r.Errorf(format, args...); runtime.Goexit() }
func (r *recorder) Failed() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.failed
}

// readWPT decodes testdata/wpt/name into v.
func readWPT(t *testing.T, name string, v any) {
	t.Helper()
	corpus.ReadJSON(t, "wpt", name, v)
}

// urlTest is one case of urltestdata.json: an input and base, and the
// expected attributes or failure.
type urlTest struct {
	Input        string  `json:"input"`
	Base         *string `json:"base"`
	Failure      bool    `json:"failure"`
	Href         string  `json:"href"`
	Origin       *string `json:"origin"`
	Protocol     string  `json:"protocol"`
	Username     string  `json:"username"`
	Password     string  `json:"password"`
	Host         string  `json:"host"`
	Hostname     string  `json:"hostname"`
	Port         string  `json:"port"`
	Pathname     string  `json:"pathname"`
	Search       string  `json:"search"`
	SearchParams *string `json:"searchParams"`
	Hash         string  `json:"hash"`
}

// readCases decodes a JSON array of test objects, leaving out the strings
// that are comments.
func readCases[T any](t *testing.T, name string) []T {
	t.Helper()
	var raw []json.RawMessage
	readWPT(t, name, &raw)
	var cases []T
	for _, r := range raw {
		if len(r) > 0 && r[0] == '"' {
			continue
		}
		var c T
		if err := json.Unmarshal(r, &c); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		cases = append(cases, c)
	}
	return cases
}

func TestWPTURLTestData(t *testing.T) {
	for _, f := range []struct {
		name  string
		count int
	}{
		{"urltestdata.json", 891},
		{"urltestdata-javascript-only.json", 1},
	} {
		cases := readCases[urlTest](t, f.name)
		if len(cases) != f.count {
			t.Errorf("%s has %d cases, want %d", f.name, len(cases), f.count)
		}
		for _, tc := range cases {
			base := "<nil>"
			if tc.Base != nil {
				base = *tc.Base
			}
			wptCase(t, f.name, fmt.Sprintf("%q against %q", tc.Input, base), func(t testing.TB) {
				runURLTest(t, tc)
			})
		}
		checkExpectedFailuresUsed(t, f.name)
	}
}

// runURLTest runs the API URL parser, as new URL(input, base) does.
func runURLTest(t testing.TB, tc urlTest) {
	var b *URL
	if tc.Base != nil {
		var err error
		if b, err = Parse(*tc.Base); err != nil {
			if !tc.Failure {
				t.Fatalf("Parse(base %q): %v", *tc.Base, err)
			}
			if CanParse(*tc.Base) {
				t.Errorf("CanParse(base %q) = true, want false", *tc.Base)
			}
			return
		}
	}
	u, err := b.Parse(tc.Input)
	if can := b.CanParse(tc.Input); can != (err == nil) {
		t.Errorf("CanParse = %v, but Parse returned error %v", can, err)
	}
	if b == nil {
		// The href setter runs the same parser, into an existing URL.
		const before = "https://before.example/path?q#f"
		set, _ := Parse(before)
		setErr := set.SetHref(tc.Input)
		switch {
		case (setErr == nil) != (err == nil):
			t.Errorf("SetHref returned %v, but Parse %v", setErr, err)
		case setErr != nil && set.Href() != before:
			t.Errorf("failed SetHref changed the URL to %q", set.Href())
		case setErr == nil && (set.Href() != u.Href() || set.components != u.components):
			t.Errorf("SetHref gave %q %+v, Parse %q %+v", set.Href(), set.components, u.Href(), u.components)
		}
	}
	if tc.Failure {
		if err == nil {
			t.Fatalf("Parse = %q, want failure", u.Href())
		}
		var e *Error
		if !errors.As(err, &e) || e.Input != tc.Input || e.Code == 0 {
			t.Errorf("error %#v is not an *Error for the input with a code", err)
		}
		return
	}
	if err != nil {
		t.Fatalf("Parse: %v, want %q", err, tc.Href)
	}
	checkAttrs(t, u, map[string]string{
		"href": tc.Href, "protocol": tc.Protocol, "username": tc.Username,
		"password": tc.Password, "host": tc.Host, "hostname": tc.Hostname,
		"port": tc.Port, "pathname": tc.Pathname, "search": tc.Search, "hash": tc.Hash,
	})
	if tc.Origin != nil {
		checkAttrs(t, u, map[string]string{"origin": *tc.Origin})
	}
	if tc.SearchParams != nil {
		if got := u.SearchParams().String(); got != *tc.SearchParams {
			t.Errorf("searchParams = %q, want %q", got, *tc.SearchParams)
		}
	}
	if err := u.check(); err != nil {
		t.Error(err)
	}
}

func checkAttrs(t testing.TB, u *URL, want map[string]string) {
	t.Helper()
	for _, name := range corpus.Attributes {
		w, ok := want[name]
		if !ok {
			continue
		}
		if got := corpus.Attribute(u, name); got != w {
			t.Errorf("%s = %q, want %q", name, got, w)
		}
	}
}

// setterTest is one case of setters_tests.json.
type setterTest struct {
	Href     string            `json:"href"`
	NewValue string            `json:"new_value"`
	Expected map[string]string `json:"expected"`
}

// set calls the setter of u for the attribute JavaScript names name.
func set(u *URL, name, value string) error {
	switch name {
	case "href":
		return u.SetHref(value) // a failing href setter throws in JavaScript
	case "protocol":
		return u.SetProtocol(value)
	case "username":
		return u.SetUsername(value)
	case "password":
		return u.SetPassword(value)
	case "host":
		return u.SetHost(value)
	case "hostname":
		return u.SetHostname(value)
	case "port":
		return u.SetPort(value)
	case "pathname":
		return u.SetPathname(value)
	case "search":
		return u.SetSearch(value)
	case "hash":
		return u.SetHash(value)
	}
	panic("unknown attribute " + name)
}

// checkSetterError checks what a setter returned: an *Error exactly when
// the URL, before as it was, is unchanged and value is not the attribute's
// value already; nil when the URL changed, or when it did not and value
// is that value (or, for the cases the standard takes without a change,
// listed by the caller, took is set).
func checkSetterError(t testing.TB, before, after *URL, name, value string, err error, took bool) {
	t.Helper()
	changed := before.Href() != after.Href() || before.components != after.components
	current := value == corpus.Attribute(before, name) || name == "protocol" && value == before.Scheme()
	var e *Error
	switch {
	case err != nil && changed:
		t.Errorf("set %s = %q changed %q to %q and returned %v", name, value, before.Href(), after.Href(), err)
	case err != nil && !errors.As(err, &e):
		t.Errorf("set %s = %q: %v is no *Error", name, value, err)
	case err != nil && (current || took):
		t.Errorf("set %s = %q on %q: %v, but the standard takes it", name, value, before.Href(), err)
	case err == nil && !changed && !current && !took:
		t.Errorf("set %s = %q left %q unchanged and returned nil", name, value, before.Href())
	case err != nil && (e.Op != "set "+name || e.Input != value || e.Code == 0 || e.Offset < 0 || e.Offset > len(value)):
		t.Errorf("set %s = %q: error %#v", name, value, e)
	}
}

func TestWPTSetters(t *testing.T) {
	var all map[string]json.RawMessage
	readWPT(t, "setters_tests.json", &all)
	want := map[string]int{
		"protocol": 35, "username": 13, "password": 12, "host": 67, "hostname": 48,
		"port": 27, "pathname": 33, "search": 16, "hash": 26, "href": 1,
	}
	total := 0
	for name, raw := range all {
		if name == "comment" {
			continue
		}
		var cases []setterTest
		if err := json.Unmarshal(raw, &cases); err != nil {
			t.Fatal(err)
		}
		if len(cases) != want[name] {
			t.Errorf("setters_tests.json has %d %s cases, want %d", len(cases), name, want[name])
		}
		total += len(cases)
		for _, tc := range cases {
			wptCase(t, "setters_tests.json", fmt.Sprintf("%s: %q = %q", name, tc.Href, tc.NewValue), func(t testing.TB) {
				u, err := Parse(tc.Href)
				if err != nil {
					t.Fatal(err)
				}
				before := *u
				err = set(u, name, tc.NewValue)
				checkAttrs(t, u, tc.Expected)
				if name != "href" {
					checkSetterError(t, &before, u, name, tc.NewValue, err, false)
				}
				if err := u.check(); err != nil {
					t.Error(err)
				}
			})
		}
	}
	if total != 278 {
		t.Errorf("setters_tests.json has %d cases, want 278", total)
	}
	checkExpectedFailuresUsed(t, "setters_tests.json")
}

// hostTest is one case of toascii.json or IdnaTestV2.json: output is the
// host, or null when the host parser fails.
type hostTest struct {
	Input   string  `json:"input"`
	Output  *string `json:"output"`
	Comment string  `json:"comment"`
}

func TestWPTToASCII(t *testing.T) {
	cases := readCases[hostTest](t, "toascii.json")
	if len(cases) != 87 {
		t.Errorf("toascii.json has %d cases, want 87", len(cases))
	}
	runHostTests(t, "toascii.json", cases, 10)
}

func TestWPTIdnaTestV2(t *testing.T) {
	cases := readCases[hostTest](t, "IdnaTestV2.json")
	if len(cases) != 2671 {
		t.Errorf("IdnaTestV2.json has %d cases, want 2671", len(cases))
	}
	// web-platform-tests leaves out the empty input: new URL("https:///x")
	// does not test the host parser on it.
	n := 0
	for _, c := range cases {
		if c.Input != "" {
			cases[n] = c
			n++
		}
	}
	if n != 2670 {
		t.Errorf("IdnaTestV2.json has %d cases with input, want 2670", n)
	}
	runHostTests(t, "IdnaTestV2.json", cases[:n], 729)
}

// runHostTests runs each case through new URL("https://{input}/x") and
// through the host and hostname setters of https://x/x. With IDNA tables
// older than the data's (see needsNewerUnicode), it leaves out the cases
// that need the newer ones, and checks that they are olderUnicodeCases.
func runHostTests(t *testing.T, file string, cases []hostTest, olderUnicodeCases int) {
	defer checkExpectedFailuresUsed(t, file)
	left := 0
	defer func() {
		if olderUnicode && left != olderUnicodeCases {
			t.Errorf("left out %d cases of %s for IDNA tables older than Unicode 17, want %d", left, file, olderUnicodeCases)
		}
	}()
	for _, tc := range cases {
		if needsNewerUnicode(t, tc.Input) {
			left++
			continue
		}
		wptCase(t, file, fmt.Sprintf("%q", tc.Input), func(t testing.TB) {
			input := "https://" + tc.Input + "/x"
			u, err := Parse(input)
			if CanParse(input) != (err == nil) {
				t.Errorf("CanParse(%q) disagrees with Parse error %v", input, err)
			}
			if tc.Output == nil {
				if err == nil {
					t.Errorf("Parse(%q) = %q, want failure", input, u.Href())
				}
			} else if err != nil {
				t.Errorf("Parse(%q): %v, want host %q", input, err, *tc.Output)
			} else {
				checkAttrs(t, u, map[string]string{
					"host": *tc.Output, "hostname": *tc.Output, "pathname": "/x",
					"href": "https://" + *tc.Output + "/x",
				})
				if err := u.check(); err != nil {
					t.Error(err)
				}
			}
			for _, name := range []string{"host", "hostname"} {
				u, err := Parse("https://x/x")
				if err != nil {
					t.Fatal(err)
				}
				set(u, name, tc.Input)
				want := "x"
				if tc.Output != nil {
					want = *tc.Output
				}
				if got := corpus.Attribute(u, name); got != want {
					t.Errorf("after the %s setter, %s = %q, want %q", name, name, got, want)
				}
				if err := u.check(); err != nil {
					t.Error(err)
				}
			}
		})
	}
}

// TestWPTPercentEncoding runs percent-encoding.json as web-platform-tests
// runs it: the input in the query and the fragment of a URL parsed in a
// document of each listed encoding; the query is encoded in that encoding,
// the fragment in UTF-8 whatever it is.
func TestWPTPercentEncoding(t *testing.T) {
	type percentTest struct {
		Input  string            `json:"input"`
		Output map[string]string `json:"output"`
	}
	cases := readCases[percentTest](t, "percent-encoding.json")
	pairs, legacy := 0, 0
	for _, tc := range cases {
		for label, want := range tc.Output {
			pairs++
			if label != "utf-8" {
				legacy++ // web-platform-tests runs these, and checks UTF-8 through the fragment
			}
			wptCase(t, "percent-encoding.json", fmt.Sprintf("%q in %s", tc.Input, label), func(t testing.TB) {
				p := Parser{Encoding: label}
				u, err := p.Parse("https://doesnotmatter.invalid/?" + tc.Input + "#" + tc.Input)
				if err != nil {
					t.Fatal(err)
				}
				checkAttrs(t, u, map[string]string{"search": "?" + want, "hash": "#" + tc.Output["utf-8"]})
				if err := u.check(); err != nil {
					t.Error(err)
				}
			})
		}
	}
	checkExpectedFailuresUsed(t, "percent-encoding.json")
	if len(cases) != 7 || pairs != 16 || legacy != 9 {
		t.Errorf("percent-encoding.json has %d cases, %d encodings, %d not UTF-8; want 7, 16, 9", len(cases), pairs, legacy)
	}
}

// TestExpectedFailureRecorded checks that a listed case that fails, by
// Errorf or Fatalf, leaves its test passing.
func TestExpectedFailureRecorded(t *testing.T) {
	list := expectedFailures(t)
	for name, fail := range map[string]func(t testing.TB){
		"errorf": func(t testing.TB) { t.Errorf("wrong") },
		"fatalf": func(t testing.TB) { t.Fatalf("wrong"); panic("Fatalf returned") },
	} {
		key := "recorder-test.json\t" + name
		list[key] = "a test of the recorder"
		wptCase(t, "recorder-test.json", name, fail)
		delete(list, key)
	}
	checkExpectedFailuresUsed(t, "recorder-test.json")
}

// TestWPTPinned checks that the web-platform-tests data in testdata/wpt is
// that of the pinned commit, whose case counts TestWPT asserts.
func TestWPTPinned(t *testing.T) { corpus.CheckPinned(t, "wpt") }
