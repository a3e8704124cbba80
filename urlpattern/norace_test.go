//go:build !race

package urlpattern

// raceEnabled reports whether the tests run under the race detector.
const raceEnabled = false
