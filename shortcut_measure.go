//go:build weburl_shortcuts

package weburl

import (
	"os"
	"strings"
)

// shortcuts are the shortcuts every parse may take: with the build tag
// weburl_shortcuts, all but those SHORTCUTS names.
var shortcuts shortcutSet = allShortcuts

// With the build tag weburl_shortcuts, the environment variable SHORTCUTS
// turns shortcuts off, to measure what each buys: SHORTCUTS=-pathRun,-resolve
// runs without those two (the names are shortcutNames'), and a value that
// names none (SHORTCUTS=none) with all of them. No other build reads it.
func init() {
	for _, name := range strings.Split(os.Getenv("SHORTCUTS"), ",") {
		name = strings.TrimPrefix(strings.TrimSpace(name), "-")
		for _, n := range shortcutNames {
			if n.name == name {
				shortcuts &^= n.cut
			}
		}
	}
}

// shortcutNames are the shortcuts' names, for SHORTCUTS.
var shortcutNames = [...]struct {
	name string
	cut  shortcutSet
}{
	{"verbatim", cutVerbatim},
	{"resolve", cutResolve},
	{"pathRun", cutPathRun},
	{"resume", cutResume},
}
