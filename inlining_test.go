package weburl

import (
	"os/exec"
	"regexp"
	"runtime"
	"testing"
)

// TestInlining checks that the functions whose comments say they inline
// do, by the compiler's own report (go build -gcflags=-m), as net/netip's
// inlining test reads it: a change that stops one inlining slows the
// parser without breaking a test otherwise.
func TestInlining(t *testing.T) {
	switch {
	case runtime.Compiler != "gc":
		t.Skip("the report is the gc compiler's")
	case runtime.GOOS == "wasip1" || runtime.GOOS == "js":
		t.Skip("no go command to run")
	}
	want := map[string][]string{
		".": {
			"dispatch",              // the entry's one call of the shortcuts
			"lowerSpecialScheme",    // readScheme's first step, in verbatim
			"endsInANumber[string]", // a byte of a domain that ends in a letter
			"newComponents",
			"unchanged",
			// The URL they return is allocated where they are called.
			"Parse",
			"(*URL).Parse",
			"(*Parser).Parse",
		},
		"./internal/ascii": {
			"TrimC0Space", // a compare each end, for most input
			"MayEndInANumber",
			"IsAlpha",
			"IsDigit",
			"Load64[go.shape.string]",
			"Unhex",
			"IsHex",
		},
	}
	for pkg, names := range want {
		out, err := exec.Command("go", "build", "-gcflags=-m", pkg).CombinedOutput()
		if err != nil {
			t.Fatalf("go build -gcflags=-m %s: %v\n%s", pkg, err, out)
		}
		got := map[string]bool{}
		for _, m := range regexp.MustCompile(`(?m): can inline (\S+)`).FindAllSubmatch(out, -1) {
			got[string(m[1])] = true
		}
		for _, name := range names {
			if !got[name] {
				t.Errorf("%s: %s does not inline", pkg, name)
			}
		}
	}
}
