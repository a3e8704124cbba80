// Package linear holds the timing checks that the tests of weburl's
// packages share. A test never asserts an absolute time, which a busy
// machine can exceed: it compares two times measured side by side, the
// same operation on a small and a large input (Check: linear time), or
// two operations (Ratio: one at most so many times the other), each the
// best of several runs taken in turn, so that a busy spell slows both,
// and measured again when a ratio exceeds its bound, so that only a bound
// exceeded every time fails. Absolute times belong to benchmarks and
// logs.
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

// Rounds is how many runs of each side a measurement takes the best of,
// and Tries how many measurements a ratio above its bound gets.
const (
	Rounds = 7
	Tries  = 3
)

// Check fails the test when f takes more than r^1.5 times as long on
// large as on small, where r, at least MinRatio, is how many times as long
// large is: the geometric mean of linear time's r and quadratic time's
// r² (n log n time takes about 1.5r at these sizes).
func Check(t testing.TB, name, small, large string, f func(string)) {
	t.Helper()
	r := float64(len(large)) / float64(len(small))
	if r < 0.95*MinRatio { // room for a prefix both inputs share
		t.Fatalf("%s: %d and %d bytes: the large input must be at least %d times as long", name, len(small), len(large), MinRatio)
	}
	bound := math.Pow(r, 1.5)
	_, misses := measure(bound, func() { f(large) }, func() { f(small) })
	if misses != "" {
		t.Errorf("%s: %d bytes against %d (%.0f times as many) take %s; linear time would take %.0f times as long, the bound is %.0f",
			name, len(large), len(small), r, misses, r, bound)
	}
}

// Ratio fails the test when a takes more than bound times as long as b,
// and returns the ratio it measured last (a's time over b's). Each run
// should take a millisecond or more, so that the clock's resolution and
// the scheduler's slices are small beside it.
func Ratio(t testing.TB, name string, bound float64, a, b func()) float64 {
	t.Helper()
	ratio, misses := measure(bound, a, b)
	if misses != "" {
		t.Errorf("%s: %s; the bound is %.2f times", name, misses, bound)
	}
	return ratio
}

// measure returns the ratio of a's time to b's, each the best of Rounds
// runs taken in turn, with the collector run before each and kept off
// during it, in CPU time where the system gives it (see now); a ratio above bound is measured again, up to Tries times in
// all. misses describes the measurements above bound when all were.
func measure(bound float64, a, b func()) (ratio float64, misses string) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	run := func(f func()) time.Duration {
		runtime.GC()
		start := now()
		f()
		return now() - start
	}
	var missed []string
	for range Tries {
		da, db := time.Duration(math.MaxInt64), time.Duration(math.MaxInt64)
		for range Rounds {
			db = min(db, run(b))
			da = min(da, run(a))
		}
		ratio = float64(da) / float64(max(db, time.Microsecond))
		if ratio <= bound {
			return ratio, ""
		}
		missed = append(missed, fmt.Sprintf("%v and %v, %.2f times as long", da, db, ratio))
	}
	return ratio, strings.Join(missed, "; ")
}
