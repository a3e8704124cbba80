package warc

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestSorterRuns sorts lines, with duplicates, through a memory bound
// that makes hundreds of runs: the output is the lines sorted in byte
// order, each once, and the Sorter never holds maxRuns runs of a level
// (so that its open files and merges stay few whatever the index's size).
func TestSorterRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var lines []string
	for i := range 40000 {
		lines = append(lines, fmt.Sprintf("%x %d\n", rng.Uint64N(30000), i%7))
	}
	var out bytes.Buffer
	s := NewSorter(&out, 4<<10)
	maxLevel := 0
	for _, l := range lines {
		if _, err := s.Write([]byte(l)); err != nil {
			t.Fatal(err)
		}
		perLevel := map[int]int{}
		for _, r := range s.runs {
			perLevel[r.level]++
			maxLevel = max(maxLevel, r.level)
			if perLevel[r.level] >= maxRuns {
				t.Fatalf("%d runs of level %d", perLevel[r.level], r.level)
			}
		}
	}
	if maxLevel < 2 {
		t.Fatalf("runs of levels up to %d; the test wants merges of merges", maxLevel)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	slices.Sort(lines)
	want := strings.Join(slices.Compact(lines), "")
	if got := out.String(); got != want {
		t.Errorf("%d bytes sorted, want %d", len(got), len(want))
	}
}
