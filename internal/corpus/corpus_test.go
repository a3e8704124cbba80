package corpus

import (
	"testing"
)

// TestPerURLLoop checks the loop of PerURL: op gets the URLs in turn,
// from the first again after the last, n times in all, as they were:
// empty ones too, and a list of nothing but empty ones.
func TestPerURLLoop(t *testing.T) {
	for _, urls := range [][]string{
		{"https://example.com/", "", "a", "https://example.org/x?y#z"},
		{"", ""},
		{"one"},
	} {
		text, spans := pack(urls)
		for _, n := range []int{0, 1, len(urls) - 1, len(urls), len(urls) + 1, 3*len(urls) + 2} {
			var got []string
			runN(n, text, spans, func(s string) { got = append(got, s) })
			if len(got) != n {
				t.Fatalf("%q, %d: op ran %d times", urls, n, len(got))
			}
			for i, s := range got {
				if want := urls[i%len(urls)]; s != want {
					t.Fatalf("%q, %d: op %d got %q, want %q", urls, n, i, s, want)
				}
			}
		}
	}
}
