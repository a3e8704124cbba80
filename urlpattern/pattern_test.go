package urlpattern

import (
	"strings"
	"testing"
)

// TestRegexpGroupErrors checks that a pattern that fails on one of the
// tokenizer's rules for regexp groups says which, also where the
// constructor string's tokenizer goes on past it and a component fails
// later (the standard's "(?" splits the string at the "?").
// https://urlpattern.spec.whatwg.org/#tokenize
func TestRegexpGroupErrors(t *testing.T) {
	const startsWithQ = `a regular expression group may not start with "?"`
	for _, tc := range []struct {
		pattern, init, want string
	}{
		{"https://a.test/(?=foo)", "", startsWithQ},
		{"https://a.test/x(?:y)", "", startsWithQ},
		{"", "/(?=foo)", startsWithQ},
		{"", "/(a(b))", `is not followed by "?"`},
		{"", "/(a", "is not closed"},
		{"", "/()", "is empty"},
	} {
		var err error
		if tc.pattern != "" {
			_, err = Compile(tc.pattern, nil)
		} else {
			p := tc.init
			_, err = CompileInit(Init{Pathname: &p}, nil)
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q %q: %v, want an error that says %s", tc.pattern, tc.init, err, tc.want)
		}
	}
}
