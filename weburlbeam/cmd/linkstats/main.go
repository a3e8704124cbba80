// Command linkstats runs a crawl's URLs or links through weburl on Apache
// Beam: parsed (or resolved against their pages) as a browser does,
// deduplicated by the Wayback Machine's canonical key, counted per site,
// and indexed by SURT.
//
// Usage:
//
//	linkstats [Beam flags] [-links] -input GLOB -output PREFIX
//
// It reads the text files GLOB matches, on any file system Beam knows: one
// URL per line, or with -links a page URL, a tab, and an href found on
// that page. It writes, each as one file sorted by line:
//
//	PREFIX-counts.txt   site<TAB>count: the distinct URLs per site (the
//	                    registrable domain, else the host, else "(no host)")
//	PREFIX-surt.txt     the distinct SURT keys of the deduplicated URLs
//	PREFIX-invalid.txt  line<TAB>error: the lines that did not parse, and
//	                    the name of the URL Standard's error
//	PREFIX-version.txt  publicsuffix<TAB>the Public Suffix List's version,
//	                    weburl<TAB>weburl's version
//
// With -loop it writes the same files without Beam, by a plain loop over
// the lines in this process, for inputs that fit one machine's memory
// (and to compare: the tests check that both write the same bytes).
//
// It runs on the runner Beam's flags name: --runner=prism (the default,
// in this process), direct, universal (a job server's --endpoint), flink,
// spark or dataflow, each with its own flags.
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/filter"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
	"github.com/weburl/weburl"
	"github.com/weburl/weburl/canon"
	"github.com/weburl/weburl/weburlbeam"
	"golang.org/x/net/publicsuffix"

	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
)

var (
	input  = flag.String("input", "", "the text files to read (a glob)")
	output = flag.String("output", "", "the prefix of the files to write")
	links  = flag.Bool("links", false, "read lines of a page URL, a tab and an href")
	local  = flag.Bool("loop", false, "run without Beam, in this process (local files only)")
)

func init() {
	register.Function2x1(formatCount)
	register.Function1x1(formatInvalid)
	register.Function2x1(keyOnly)
	register.DoFn3x1[context.Context, []byte, func(*string) bool, error](&writeSortedFn{})
}

func main() {
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: linkstats [Beam flags] [-links] -input GLOB -output PREFIX\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	beam.Init()
	if *input == "" || *output == "" {
		flag.Usage()
		os.Exit(2)
	}
	if *local {
		if err := runLoop(*links, *input, *output); err != nil {
			fmt.Fprintf(os.Stderr, "linkstats: %v\n", err)
			os.Exit(1)
		}
		return
	}
	p, s := beam.NewPipelineWithRoot()
	build(s, *links, *input, *output)
	if err := beamx.Run(context.Background(), p); err != nil {
		fmt.Fprintf(os.Stderr, "linkstats: %v\n", err)
		os.Exit(1)
	}
}

// build adds the pipeline to s.
func build(s beam.Scope, links bool, input, output string) {
	lines := weburlbeam.ReadLines(s, input)
	var urls, invalid beam.PCollection
	if links {
		urls, invalid = weburlbeam.ResolveLinks(s, weburlbeam.ParseLinks(s, lines))
	} else {
		urls, invalid = weburlbeam.ParseURLs(s, lines)
	}
	deduped := weburlbeam.Dedupe(s, urls, canon.Wayback)
	counts := weburlbeam.CountBySite(s, deduped)
	surts := filter.Distinct(s, beam.ParDo(s, keyOnly, weburlbeam.SURTKeys(s, deduped, canon.SURTOptions{})))

	writeSorted(s, output+"-counts.txt", beam.ParDo(s, formatCount, counts))
	writeSorted(s, output+"-surt.txt", surts)
	writeSorted(s, output+"-invalid.txt", beam.ParDo(s, formatInvalid, invalid))
	writeSorted(s, output+"-version.txt", beam.Create(s, "publicsuffix\t"+publicsuffix.List.String(), "weburl\t"+weburlVersion()))
}

func formatCount(site string, n int) string { return site + "\t" + strconv.Itoa(n) }

func formatInvalid(i weburlbeam.Invalid) string { return i.Line + "\t" + i.Code }

func keyOnly(key string, _ weburl.URL) string { return key }

// weburlVersion returns the version of the weburl module the command was
// built with, "devel" from a checkout.
func weburlVersion() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, d := range info.Deps {
			if d.Path == "github.com/weburl/weburl" && d.Version != "" && d.Version != "(devel)" && d.Replace == nil {
				return d.Version
			}
		}
	}
	return "devel"
}

// writeSorted writes lines to one file, sorted, on one worker: the file
// is written, empty, when there are no lines.
func writeSorted(s beam.Scope, filename string, lines beam.PCollection) {
	s = s.Scope("writeSorted")
	filesystem.ValidateScheme(filename)
	beam.ParDo0(s, &writeSortedFn{Filename: filename}, beam.Impulse(s), beam.SideInput{Input: lines})
}

type writeSortedFn struct {
	Filename string
}

func (f *writeSortedFn) ProcessElement(ctx context.Context, _ []byte, lines func(*string) bool) error {
	var all []string
	var line string
	for lines(&line) {
		all = append(all, line)
	}
	slices.Sort(all)
	fs, err := filesystem.New(ctx, f.Filename)
	if err != nil {
		return err
	}
	defer fs.Close()
	w, err := fs.OpenWrite(ctx, f.Filename)
	if err != nil {
		return err
	}
	for _, l := range all {
		if _, err := w.Write([]byte(l + "\n")); err != nil {
			w.Close()
			return err
		}
	}
	return w.Close()
}

// runLoop writes linkstats' files for the local files glob matches with
// loop.
func runLoop(links bool, glob, prefix string) error {
	paths, err := filepath.Glob(glob)
	if err != nil {
		return err
	}
	var lines []string
	for _, p := range paths {
		l, err := readFile(p)
		if err != nil {
			return err
		}
		lines = append(lines, l...)
	}
	for suffix, data := range loop(lines, links) {
		if err := os.WriteFile(prefix+suffix, []byte(data), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// readFile reads the lines of a file as weburlbeam.ReadLines does:
// without their "\n", a CR before it, or a byte order mark before the
// first.
func readFile(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var lines []string
	r := bufio.NewReaderSize(f, 1<<16)
	for {
		line, err := r.ReadString('\n')
		if line != "" {
			line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
			if len(lines) == 0 {
				line = strings.TrimPrefix(line, "\uFEFF")
			}
			lines = append(lines, line)
		}
		if err == io.EOF {
			return lines, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// loop computes linkstats' files with a plain Go loop over the lines and
// weburl, as the pipeline computes them: file suffix to contents.
func loop(lines []string, links bool) map[string]string {
	var urls []*weburl.URL
	var invalid []string
	for _, line := range lines {
		line = strings.TrimSuffix(strings.TrimPrefix(line, "\uFEFF"), "\r")
		var u *weburl.URL
		var err error
		if links {
			page, href, _ := strings.Cut(line, "\t")
			var base *weburl.URL
			if base, err = weburl.Parse(page); err == nil {
				u, err = base.Parse(href)
			}
			line = page + "\t" + href
		} else {
			u, err = weburl.Parse(line)
		}
		if err != nil {
			invalid = append(invalid, line+"\t"+err.(*weburl.Error).Code.String())
			continue
		}
		urls = append(urls, u)
	}
	kept := map[string]*weburl.URL{}
	for _, u := range urls {
		k := canon.Wayback.CanonicalizeURL(u)
		if v, ok := kept[k]; !ok || u.Href() < v.Href() {
			kept[k] = u
		}
	}
	sites := map[string]map[string]bool{}
	surts := map[string]bool{}
	for _, u := range kept {
		site := weburlbeam.Site(u)
		if sites[site] == nil {
			sites[site] = map[string]bool{}
		}
		sites[site][u.Href()] = true
		if key, err := canon.SURTURL(u, canon.SURTOptions{}); err == nil {
			surts[key] = true
		}
	}
	var counts, keys []string
	for site, hrefs := range sites {
		counts = append(counts, formatCount(site, len(hrefs)))
	}
	for k := range surts {
		keys = append(keys, k)
	}
	join := func(lines []string) string {
		slices.Sort(lines)
		var b strings.Builder
		for _, l := range lines {
			b.WriteString(l + "\n")
		}
		return b.String()
	}
	return map[string]string{
		"-counts.txt":  join(counts),
		"-surt.txt":    join(keys),
		"-invalid.txt": join(invalid),
		"-version.txt": "publicsuffix\t" + publicsuffix.List.String() + "\nweburl\t" + weburlVersion() + "\n",
	}
}
