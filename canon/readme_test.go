package canon

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestREADMEProfiles checks the README's table of profiles: each row's
// key is what the profile gives for the URL the table keys.
func TestREADMEProfiles(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(readme), "## Keys for crawlers and archives")
	section, _, _ = strings.Cut(section, "\n## ")
	in := regexp.MustCompile("What each does to\\s+`([^`]+)`").FindStringSubmatch(section)
	if in == nil {
		t.Fatal("the README's section on keys names no URL for its table")
	}
	rows := regexp.MustCompile("(?m)^\\| `canon\\.(\\w+)`[^|]*\\|.*\\| `([^`]+)` \\|$").FindAllStringSubmatch(section, -1)
	profiles := map[string]*Canonicalizer{"Frontier": &Frontier, "SortQuery": &SortQuery, "SafeBrowsing": &SafeBrowsing, "Wayback": &Wayback}
	if len(rows) != len(profiles) {
		t.Fatalf("%d rows in the README's table of profiles, want %d", len(rows), len(profiles))
	}
	for _, r := range rows {
		c, ok := profiles[r[1]]
		if !ok {
			t.Errorf("the README's table has a profile %s", r[1])
			continue
		}
		if got, err := c.Canonicalize(in[1]); err != nil || got != r[2] {
			t.Errorf("%s: %q, %v; the README says %q", r[1], got, err, r[2])
		}
	}
}
