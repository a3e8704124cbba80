package urlpattern

import (
	"strings"
	"testing"
)

// TestRegexpGroupErrors checks that a pattern that fails on one of the
// tokenizer's rules for regexp groups says which, also where the
// constructor string's tokenizer goes on past it and a component fails
// later (the standard's "(?" splits the string at the "?"): the error
// leads with the cause, at its offset in the constructor string.
// https://urlpattern.spec.whatwg.org/#tokenize
func TestRegexpGroupErrors(t *testing.T) {
	const startsWithQ = `a regular expression group may not start with "?"`
	for _, tc := range []struct {
		pattern, init, want string
	}{
		{"https://a.test/(?=foo)", "", `urlpattern: "https://a.test/(?=foo)" at offset 15: ` + startsWithQ + `; then the pathname "/(" fails`},
		{"https://a.test/x(?:y)", "", `urlpattern: "https://a.test/x(?:y)" at offset 16: ` + startsWithQ},
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
