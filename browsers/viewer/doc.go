// Package viewer holds the tests of the live URL viewer that `weburl
// -serve` serves, run in headless Chromium (`make test-browsers`): its
// fields against weburl's answers, its browser side against the
// browser's new URL(), the marks of differences and of validation
// errors, typing, the fragment that shares a case, and its speed.
package viewer
