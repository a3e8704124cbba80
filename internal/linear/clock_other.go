//go:build !linux

package linear

import "time"

var start = time.Now()

// now returns the time on the monotonic clock, where no CPU clock is read.
func now() time.Duration { return time.Since(start) }
