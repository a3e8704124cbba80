//go:build race

package urlpattern

// raceEnabled reports whether the tests run under the race detector,
// which slows code 2 to 20 times (https://go.dev/doc/articles/race_detector):
// a measurement of speed under it says nothing of speed without it.
const raceEnabled = true
