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
// their own on one host (a router's): sixteen times the patterns may hold
// at most 32 times the memory and take 64 times as long, where the square
// of the number would give 256. (The index's tables once held a bit for
// every pattern under each host and segment: 40,000 patterns held 275 MB
// and took 1.6 s.)
//
// The time's bound is the geometric mean of linear and quadratic time,
// as linear.Check's, and the sizes are that far apart because NewSet is
// not linear in the machine's time: the large set's tables and patterns
// outgrow the caches, and a set of 12,000 patterns took 5.25 to 6.55 times
// as long as one of 3,000 on a calm machine and 11.5 with two CPU-bound
// programs beside it (19 to 24 times one of 750 calm, 15.5 to 28 loaded).
func TestSetSize(t *testing.T) {
	const r = 16
	n := 750 // a NewSet of a millisecond or more, as linear.Ratio asks
	if testing.Short() {
		n = 500
	}
	for _, shape := range []string{"https://host%d.example/*", "https://example.com/p%d/*"} {
		compile := func(n int) []*Pattern {
			ps := make([]*Pattern, n)
			for i := range ps {
				ps[i] = MustCompile(fmt.Sprintf(shape, i))
			}
			return ps
		}
		small, large := compile(n), compile(r*n)
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
		if b > 2*r*a {
			t.Errorf("%s: a set of %d patterns holds %d KB, of %d patterns %d KB (%.1f times)", shape, r*n, b>>10, n, a>>10, float64(b)/float64(a))
		}
		t.Logf("%s: %d patterns hold %d KB, %d patterns %d KB", shape, n, a>>10, r*n, b>>10)
		if !raceEnabled && bits.UintSize == 64 { // as TestSetSpeed times
			linear.Ratio(t, fmt.Sprintf("%s: NewSet of %d times the patterns", shape, r), r*4, func() { NewSet(large...) }, func() { NewSet(small...) })
		}
	}
}
