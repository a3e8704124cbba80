package urlpattern

import (
	"fmt"
	"math/bits"
	"runtime"
	"testing"

	"github.com/weburl/weburl/internal/linear"
)

// TestSetSize checks that a Set's memory and the time NewSet takes grow
// in proportion to the number of patterns, on sets of patterns that each
// have a host of their own (a crawler's scopes) or a first segment of
// their own on one host (a router's): four times the patterns may hold
// at most eight times the memory and take eight times as long, where the
// square of the number would give sixteen. (The index's tables once
// held a bit for every pattern under each host and segment: 40,000
// patterns held 275 MB and took 1.6 s.)
func TestSetSize(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 1000
	}
	for _, shape := range []string{"https://host%d.example/*", "https://example.com/p%d/*"} {
		compile := func(n int) []*Pattern {
			ps := make([]*Pattern, n)
			for i := range ps {
				ps[i] = MustCompile(fmt.Sprintf(shape, i))
			}
			return ps
		}
		small, large := compile(n), compile(4*n)
		held := func(ps []*Pattern) uint64 {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			s := NewSet(ps...)
			runtime.GC()
			runtime.ReadMemStats(&after)
			runtime.KeepAlive(s)
			return after.HeapAlloc - min(after.HeapAlloc, before.HeapAlloc)
		}
		a, b := held(small), held(large)
		if b > 8*a {
			t.Errorf("%s: a set of %d patterns holds %d KB, of %d patterns %d KB (%.1f times)", shape, 4*n, b>>10, n, a>>10, float64(b)/float64(a))
		}
		t.Logf("%s: %d patterns hold %d KB, %d patterns %d KB", shape, n, a>>10, 4*n, b>>10)
		if !raceEnabled && bits.UintSize == 64 { // as TestSetSpeed times
			linear.Ratio(t, shape+": NewSet of four times the patterns", 8, func() { NewSet(large...) }, func() { NewSet(small...) })
		}
	}
}
