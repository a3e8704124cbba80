package weburlbeam_test

import (
	"context"
	"fmt"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
	"github.com/weburl/weburl/canon"
	"github.com/weburl/weburl/weburlbeam"
)

func init() {
	register.Function2x0(printCount)
	register.Function1x0(printInvalid)
}

func printCount(site string, n int) { fmt.Println(site, n) }

func printInvalid(i weburlbeam.Invalid) { fmt.Println(i.Line, i.Code) }

// A pipeline that parses lines, keeps one URL per Wayback key and counts
// the distinct URLs of each site. beamx.Run runs it on the runner the
// --runner flag names: Prism, in this process, by default.
func Example() {
	p, s := beam.NewPipelineWithRoot()
	lines := beam.Create(s,
		"https://EXAMPLE.com/a/../b",
		"https://www.example.com/b#top",
		"https://example.com/c?y=2&x=1",
		"https://example.com/c?x=1&y=2",
		"https://shop.example.co.uk/",
		"http://192.168.0.1:8080/admin",
		"https://exa mple.com/",
	)
	urls, invalid := weburlbeam.ParseURLs(s, lines)
	counts := weburlbeam.CountBySite(s, weburlbeam.Dedupe(s, urls, canon.Wayback))
	beam.ParDo0(s, printCount, counts)
	beam.ParDo0(s, printInvalid, invalid)
	if err := beamx.Run(context.Background(), p); err != nil {
		fmt.Println(err)
	}
	// Unordered output:
	// example.com 2
	// example.co.uk 1
	// 192.168.0.1 1
	// https://exa mple.com/ domain-to-ASCII
}
