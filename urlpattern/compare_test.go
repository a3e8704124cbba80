package urlpattern

import (
	"encoding/json"
	"errors"
	"testing"
)

// compileArg compiles a pattern of the tentative data: a constructor
// string or an Init.
func compileArg(t *testing.T, raw json.RawMessage) *Pattern {
	t.Helper()
	args := parseArgs(t, []json.RawMessage{raw})
	var p *Pattern
	var err error
	if args[0].str != nil {
		p, err = Compile(*args[0].str, nil)
	} else {
		p, err = CompileInit(args[0].dict.init(), nil)
	}
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func componentNamed(name string) Component {
	for c := Protocol; c <= Hash; c++ {
		if c.String() == name {
			return c
		}
	}
	return Hash + 1
}

// TestWPTCompare runs urlpattern-compare-test-data.json as WPT's
// urlpattern-compare-tests.tentative.js does: each pair in both orders.
func TestWPTCompare(t *testing.T) {
	var cases []struct {
		Component string          `json:"component"`
		Left      json.RawMessage `json:"left"`
		Right     json.RawMessage `json:"right"`
		Expected  int             `json:"expected"`
	}
	readWPT(t, "urlpattern-compare-test-data.json", &cases)
	if len(cases) != 25 {
		t.Fatalf("%d cases, want 25", len(cases))
	}
	for _, c := range cases {
		a, b := compileArg(t, c.Left), compileArg(t, c.Right)
		comp := componentNamed(c.Component)
		if got := CompareComponent(comp, a, b); got != c.Expected {
			t.Errorf("CompareComponent(%s, %s, %s) = %d, want %d", c.Component, c.Left, c.Right, got, c.Expected)
		}
		if got := CompareComponent(comp, b, a); got != -c.Expected {
			t.Errorf("CompareComponent(%s, %s, %s) = %d, want %d", c.Component, c.Right, c.Left, got, -c.Expected)
		}
		if got := CompareComponent(comp, a, a); got != 0 {
			t.Errorf("CompareComponent(%s, %s, itself) = %d", c.Component, c.Left, got)
		}
	}
}

// TestWPTGenerate runs urlpattern-generate-test-data.json as WPT's
// urlpattern-generate-tests.js does; an expected null is an error.
func TestWPTGenerate(t *testing.T) {
	var cases []struct {
		Pattern   json.RawMessage   `json:"pattern"`
		Component string            `json:"component"`
		Groups    map[string]string `json:"groups"`
		Expected  *string           `json:"expected"`
	}
	readWPT(t, "urlpattern-generate-test-data.json", &cases)
	if len(cases) != 19 {
		t.Fatalf("%d cases, want 19", len(cases))
	}
	for _, c := range cases {
		p := compileArg(t, c.Pattern)
		got, err := p.Generate(componentNamed(c.Component), c.Groups)
		switch {
		case c.Expected == nil:
			var e *Error
			if err == nil || !errors.Is(err, ErrGenerate) || !errors.As(err, &e) {
				t.Errorf("%s.Generate(%s, %v) = %q, %v; want an error", c.Pattern, c.Component, c.Groups, got, err)
			}
		case err != nil || got != *c.Expected:
			t.Errorf("%s.Generate(%s, %v) = %q, %v; want %q", c.Pattern, c.Component, c.Groups, got, err, *c.Expected)
		}
		// What Generate makes, the component matches, with those groups.
		if err == nil {
			comp := p.comps[componentNamed(c.Component)]
			groups, ok := comp.exec(got)
			if !ok {
				t.Errorf("%s does not match its own generated %q", c.Pattern, got)
			}
			for _, g := range groups {
				if g.Value != mustEncode(t, comp, c.Groups[g.Name]) {
					t.Errorf("%s on its generated %q: group %s = %q", c.Pattern, got, g.Name, g.Value)
				}
			}
		}
	}
}

func mustEncode(t *testing.T, c *component, v string) string {
	t.Helper()
	e, err := c.encode(v)
	if err != nil {
		t.Fatal(err)
	}
	return e
}
