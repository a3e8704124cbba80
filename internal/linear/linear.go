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

// Check fails the test when f takes more than bound times as long on
// large as on small.
//
// Each time is the best of seven runs, small and large taking turns so
// that a busy spell on the machine slows both, with the collector run
// before each and kept off during it. A ratio above bound is measured
// again, up to three times in all: noise can exceed the bound once (a CI
// run saw 59 times for 16 times the input, where `go test ./...` runs the
// other package's tests beside this one), but quadratic time exceeds it
// every time.
func Check(t testing.TB, name, small, large string, bound float64, f func(string)) {
	t.Helper()
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
		r := float64(dl) / float64(max(ds, time.Microsecond))
		if r <= bound {
			return
		}
		misses = append(misses, fmt.Sprintf("%v and %v, %.0f times as long", ds, dl, r))
	}
	t.Errorf("%s: %d bytes and %d bytes take %s", name, len(small), len(large), strings.Join(misses, "; "))
}
