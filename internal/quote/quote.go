// Package quote quotes inputs for the error messages of weburl's
// packages, so that an error about a huge input stays small.
package quote

import "strconv"

// max is the most of an input a message quotes.
const max = 1 << 10

// Short quotes s as strconv.Quote does, or its first 1 KiB, "..." and its
// length in bytes.
func Short(s string) string {
	if len(s) <= max {
		return strconv.Quote(s)
	}
	return strconv.Quote(s[:max]) + "... (" + strconv.Itoa(len(s)) + " bytes)"
}
