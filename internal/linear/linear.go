// Package linear checks in tests that an operation takes time linear in
// its input: the tests of weburl's packages share it.
package linear

import (
	"fmt"
	"math"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

// MinRatio is the least ratio of the large input's length to the small
// one's that Check takes: at 64, the bound is 8 times what linear time
// takes and an eighth of what quadratic time takes, a margin that holds
// with another program taking the machine's CPUs, and with the switch of
// Go's regexp from its backtracker to its NFA between the sizes, which
// costs up to 5 times per byte.
const MinRatio = 64

// Check fails the test when f takes more than r^1.5 times as long on
// large as on small, where r, at least MinRatio, is how many times as long
// large is: the geometric mean of linear time's r and quadratic time's
// r² (n log n time takes about 1.5r at these sizes).
//
// Each time is the best of seven runs, small and large taking turns so
// that a busy spell on the machine slows both, with the collector run
// before each and kept off during it. A ratio above the bound is measured
// again, up to three times in all: noise can exceed the bound once, but
// quadratic time exceeds it every time.
func Check(t testing.TB, name, small, large string, f func(string)) {
	t.Helper()
	r := float64(len(large)) / float64(len(small))
	if r < 0.95*MinRatio { // room for a prefix both inputs share
		t.Fatalf("%s: %d and %d bytes: the large input must be at least %d times as long", name, len(small), len(large), MinRatio)
	}
	bound := math.Pow(r, 1.5)
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	run := func(s string) time.Duration {
		runtime.GC()
		start := time.Now()
		f(s)
		return time.Since(start)
	}
	var misses []string
	for range 3 {
		ds, dl := time.Duration(math.MaxInt64), time.Duration(math.MaxInt64)
		for range 7 {
			ds = min(ds, run(small))
			dl = min(dl, run(large))
		}
		ratio := float64(dl) / float64(max(ds, time.Microsecond))
		if ratio <= bound {
			return
		}
		misses = append(misses, fmt.Sprintf("%v and %v, %.0f times as long", ds, dl, ratio))
	}
	t.Errorf("%s: %d bytes and %d bytes (%.0f times as long) take %s; linear time would take %.0f times as long, the bound is %.0f",
		name, len(small), len(large), r, strings.Join(misses, "; "), r, bound)
}
