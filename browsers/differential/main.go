// Command differential runs the web-platform-tests URL inputs and the
// four URL lists through Chromium's and Firefox's new URL() (headless, on
// 127.0.0.1 only) and through weburl, and prints how often each engine
// agrees with weburl (the same href, the same success or failure, the
// same hostname where both parse) and the classes of difference with
// examples. `make browsers` runs it, from the repository's root:
//
//	cd browsers && go run ./differential -root ..
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/weburl/weburl/browsers/internal/engines"
)

func main() {
	root := flag.String("root", "..", "the repository's root, where testdata/wpt and testdata/datasets are")
	flag.IntVar(&engines.Examples, "examples", engines.Examples, "how many examples of each class of difference to print")
	flag.Parse()
	pairs, err := engines.Inputs(*root)
	if err != nil {
		log.Fatal(err)
	}
	ours := engines.Weburl(pairs)
	fmt.Printf("%d (input, base) pairs: the web-platform-tests' urltestdata.json and %s\n\n", len(pairs), strings.Join(engines.Lists, ", "))

	chromium := os.Getenv("CHROMIUM")
	if chromium == "" {
		chromium = "chromium"
	}
	version, err := exec.Command(chromium, "--version").Output()
	if err != nil {
		log.Fatalf("%s --version: %v (make test-browsers installs Debian's chromium)", chromium, err)
	}
	allocCtx, cancel := chromedp.NewExecAllocator(context.Background(), append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium), chromedp.Flag("headless", "new"), chromedp.Flag("no-sandbox", os.Geteuid() == 0),
		chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND"))...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(allocCtx)
	defer cancel()
	ctx, cancelT := context.WithTimeout(ctx, 10*time.Minute)
	defer cancelT()
	theirs, err := engines.Chromium(ctx, pairs)
	if err != nil {
		log.Fatal(err)
	}
	_ = chromedp.Cancel(ctx)
	v := strings.TrimSpace(string(version))
	report(strings.Join(strings.Fields(v)[:2], " "), v, pairs, ours, theirs)

	fox, ua, err := engines.Firefox(context.Background(), pairs)
	if err != nil {
		log.Fatal(err)
	}
	name := "Firefox"
	if bin, err := engines.FirefoxPath(); err == nil {
		if out, err := exec.Command(bin, "--version").Output(); err == nil {
			name = strings.TrimPrefix(strings.TrimSpace(string(out)), "Mozilla ")
		}
	}
	report(name, ua, pairs, ours, fox)
}

func report(engine, version string, pairs []engines.Pair, ours, theirs []engines.Result) {
	fmt.Printf("%s (%s)\n", engine, version)
	engines.Compare(engine, pairs, ours, theirs).Print(os.Stdout)
	breaches, covered := engines.Breaches(pairs, ours, theirs)
	fmt.Printf("  valid http(s)/ws(s) URL strings: %d, of which the engine gives another href or host: %d\n", covered, len(breaches))
	for i, b := range breaches {
		if i == 5 {
			fmt.Printf("            ...\n")
			break
		}
		fmt.Printf("            %s\n", b)
	}
	fmt.Println()
}
