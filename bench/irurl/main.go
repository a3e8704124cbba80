// Command irurl runs one of weburl's operations over a URL list a number
// of times, for ir.sh to count its instructions with callgrind: the
// difference between K passes and none, over K times the list's length,
// is the instructions per URL.
//
//	irurl -op OP -list NAME -passes K
//
// OP is parse, resolve, canparse, parse-reuse, resolve-reuse,
// safebrowsing, wayback, sortquery (Canonicalize with that profile) or
// surt (SURT with the zero options). With -time SEC it times the
// passes as ada_url_bench (../../shared/tools/ada) times ada's: passes
// until at least 2 and 0.1 s to warm up, then until at least 5 and SEC
// seconds, and prints the median pass's ns per URL (for vsada.sh). With -print it writes the list's
// URLs, one per line, and runs nothing: the input vsada.sh gives ada.
// With -cpuprofile FILE it writes a CPU profile of the passes to FILE
// (for go tool pprof).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"time"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/bench"
	"github.com/weburl/weburl/canon"
)

func main() {
	op := flag.String("op", "parse", "parse, resolve, canparse, parse-reuse, resolve-reuse, safebrowsing, wayback, sortquery or surt")
	list := flag.String("list", "kasztp", "the URL list")
	passes := flag.Int("passes", 1, "how many times to run over the list")
	testdata := flag.String("testdata", "../testdata", "the testdata directory")
	timeSec := flag.Float64("time", 0, "time the passes instead: warm up, then pass for at least this many seconds and 5 passes, and print the median pass's ns per URL")
	printList := flag.Bool("print", false, "write the list's URLs, one per line, and run nothing")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the passes (not the loading) to this file")
	flag.Parse()
	urls, err := bench.Load(*testdata, *list)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if *printList {
		w := bufio.NewWriter(os.Stdout)
		for _, u := range urls {
			w.WriteString(u + "\n")
		}
		if err := w.Flush(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	// The passes read the list as one string and an offset, a length and
	// a base for each line: the program holds no pointer per URL, as
	// ada_url_bench holds none the collector marks. A resolve or a SURT
	// allocates a string for each URL, and every collection marks what
	// the program holds: with the lines as strings and a slice of the
	// references, a resolve on kasztp took 867 instructions per URL (at
	// GOMAXPROCS=1 and GOGC=100), about 200 of them marking the lines and
	// allocating while it marked; held so, 663. A parse, which allocates
	// nothing, takes 7 more here, for the bounds of each line
	// (bench/README.md, "Time beside ada"). The base is an index in
	// parsers, for the same reason.
	type line struct {
		off, n uint32
		base   uint8
	}
	var text strings.Builder
	var lines []line
	add := func(s string, base uint8) {
		lines = append(lines, line{uint32(text.Len()), uint32(len(s)), base})
		text.WriteString(s)
	}
	bases := []string{bench.WebBase, bench.FileBase}
	var parsers [2]weburl.Parser // with bases[i] as their Base
	if strings.HasPrefix(*op, "resolve") {
		for i, b := range bases {
			base, err := weburl.Parse(b)
			if err != nil {
				fmt.Fprintln(os.Stderr, "irurl:", err)
				os.Exit(1)
			}
			parsers[i].Base = base
		}
		for _, r := range bench.Refs(urls) {
			i := slices.Index(bases, r.Base)
			if i < 0 {
				fmt.Fprintln(os.Stderr, "irurl: a reference against an unknown base:", r.Base)
				os.Exit(1)
			}
			add(r.Ref, uint8(i))
		}
	} else {
		for _, u := range urls {
			add(u, 0)
		}
	}
	all := text.String()
	n := len(lines)
	urls = nil
	runtime.GC() // the lines' strings, unreachable now, freed before the passes
	sink := 0
	var reused weburl.URL
	pass := func() {
		switch *op {
		case "parse":
			for _, l := range lines {
				if u, err := weburl.Parse(all[l.off : l.off+l.n]); err == nil {
					sink += len(u.Href())
				}
			}
		case "resolve":
			for _, l := range lines {
				if u, err := parsers[l.base].Base.Parse(all[l.off : l.off+l.n]); err == nil {
					sink += len(u.Href())
				}
			}
		case "canparse":
			for _, l := range lines {
				if weburl.CanParse(all[l.off : l.off+l.n]) {
					sink++
				}
			}
		case "parse-reuse":
			for _, l := range lines {
				if reused.SetHref(all[l.off:l.off+l.n]) == nil {
					sink += len(reused.Href())
				}
			}
		case "resolve-reuse":
			for _, l := range lines {
				if parsers[l.base].ParseInto(&reused, all[l.off:l.off+l.n]) == nil {
					sink += len(reused.Href())
				}
			}
		case "safebrowsing", "wayback", "sortquery":
			c := map[string]*canon.Canonicalizer{
				"safebrowsing": &canon.SafeBrowsing, "wayback": &canon.Wayback, "sortquery": &canon.SortQuery,
			}[*op]
			for _, l := range lines {
				if k, err := c.Canonicalize(all[l.off : l.off+l.n]); err == nil {
					sink += len(k)
				}
			}
		case "surt":
			for _, l := range lines {
				if k, err := canon.SURT(all[l.off:l.off+l.n], canon.SURTOptions{}); err == nil {
					sink += len(k)
				}
			}
		default:
			fmt.Fprintln(os.Stderr, "irurl: unknown -op", *op)
			os.Exit(2)
		}
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "irurl:", err)
			os.Exit(1)
		}
		defer f.Close()
		defer pprof.StopCPUProfile()
	}
	if *timeSec > 0 {
		fmt.Println(timePasses(pass, n, *timeSec), sink > 0)
		return
	}
	for range *passes {
		pass()
	}
	fmt.Println(n, sink)
}

// timePasses runs pass as ada_url_bench runs ada's (see the package
// comment) and returns the median pass's time per URL, in ns, for a list
// of n URLs.
func timePasses(pass func(), n int, sec float64) float64 {
	for start, k := time.Now(), 0; k < 2 || time.Since(start) < 100*time.Millisecond; k++ {
		pass()
	}
	var times []time.Duration
	for start := time.Now(); len(times) < 5 || time.Since(start).Seconds() < sec; {
		t := time.Now()
		pass()
		times = append(times, time.Since(t))
	}
	slices.Sort(times)
	return float64(times[len(times)/2].Nanoseconds()) / float64(n)
}
