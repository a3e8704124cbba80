package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// archiveDir holds the WARC and ARC files of package warc's tests, and
// expect/ what the reference indexers print for them.
const archiveDir = "../../warc/testdata"

// runIn runs the command in dir and returns its output and exit status.
func runIn(t *testing.T, dir string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	if cmd.ProcessState == nil {
		t.Fatalf("weburl %v: %v", args, err)
	}
	return out.String(), errOut.String(), cmd.ProcessState.ExitCode()
}

func readExpect(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(archiveDir, "expect", name))
	if err != nil {
		t.Fatal(err)
	}
	// cdxj-indexer's stub of pyamf prints its exception to stdout (see
	// package warc's TestIndexReference).
	return strings.ReplaceAll(string(b), "AMF decoding is stubbed\n", "")
}

// TestIndexCommand runs -index over the files that both tools read to
// their end, in each format, one and four files at a time: the output is
// the reference tools' outputs in the order of the files.
func TestIndexCommand(t *testing.T) {
	names, err := os.ReadFile(filepath.Join(archiveDir, "expect/all.files"))
	if err != nil {
		t.Fatal(err)
	}
	files := strings.Fields(string(names))
	dir := filepath.Join(archiveDir, "files")
	for _, c := range []struct {
		format, suffix string
		post           bool
	}{
		{"cdxj-indexer", "cdxj-indexer", false},
		{"cdxj-indexer", "cdxj-indexer-p", true},
		{"cdx11", "cdx11", false},
		{"warcio", "warcio", true},
	} {
		var want strings.Builder
		for _, f := range files {
			want.WriteString(readExpect(t, f+"."+c.suffix))
		}
		for _, jobs := range []string{"1", "4"} {
			args := []string{"-index", c.format, "-j", jobs}
			if c.post && c.format != "warcio" {
				args = append(args, "-post-append")
			}
			got, _, _ := runIn(t, dir, append(args, files...)...)
			if got != want.String() {
				t.Errorf("weburl %s: not the reference's %d bytes (%d bytes)", strings.Join(args, " "), want.Len(), len(got))
			}
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-index", "cdxj-indexer", "-sort"}, "all.cdxj-indexer-s"},
		{[]string{"-index", "cdxj-indexer", "-sort", "-post-append"}, "all.cdxj-indexer-p-s"},
		{[]string{"-index", "cdx11", "-sort", "-j", "3"}, "all.cdx11-s"},
	} {
		got, _, _ := runIn(t, dir, append(c.args, files...)...)
		if want := readExpect(t, c.want); got != want {
			t.Errorf("weburl %s: not the reference's %s", strings.Join(c.args, " "), c.want)
		}
	}
}

// TestIndexBroken checks a broken file's index: the complete records'
// lines, the file and offset on standard error, exit status 1, and the
// files after it indexed.
func TestIndexBroken(t *testing.T) {
	dir := filepath.Join(archiveDir, "files")
	for _, c := range []struct {
		file, stderr string
	}{
		{"bad-truncated.warc.gz", "bad-truncated.warc.gz: gzip member at offset 311: the file ends inside it"},
		{"bad-truncated.warc", "bad-truncated.warc: offset 429:"},
		{"bad-header.arc", "bad-header.arc: offset 294: neither a WARC record nor an ARC record"},
		{"bad-length-short.warc", "bad-length-short.warc: offset 845: the record is not followed by an empty line"},
		{"bad-target.warc.gz", `bad-target.warc.gz: offset 311: a WARC-Target-URI the URL Standard does not parse: "http://[bad/": IPv6-unclosed`},
	} {
		out, errOut, status := runIn(t, dir, "-index", "cdxj-indexer", c.file, "warciojs-example.warc")
		want := readExpect(t, c.file+".cdxj-indexer")
		if !strings.HasPrefix(out, want) {
			t.Errorf("%s: the reference's lines do not come first:\n%s", c.file, out)
		}
		if !strings.HasSuffix(out, readExpect(t, "warciojs-example.warc.cdxj-indexer")) {
			t.Errorf("%s: the file after it is not indexed", c.file)
		}
		if status != 1 || !strings.Contains(errOut, "weburl: "+c.stderr) {
			t.Errorf("%s: status %d, stderr %q; want 1 and %q", c.file, status, errOut, c.stderr)
		}
	}
}

func TestArchiveUsage(t *testing.T) {
	for _, args := range [][]string{
		{"-index", "cdxj"},
		{"-index", "warcio"},
		{"-sort", "x.warc"},
		{"-post-append", "x.warc"},
		{"-outlinks", "-sort", "x.warc"},
		{"-index", "warcio", "-outlinks", "x.warc"},
		{"-index", "warcio", "-j", "0", "x.warc"},
		{"-index", "warcio", "-json", "x.warc"},
		{"-index", "warcio", "-max-bytes", "10", "x.warc"},
	} {
		if _, errOut, status := runIn(t, ".", args...); status != 2 || errOut == "" {
			t.Errorf("weburl %v: status %d, stderr %q; want 2 and a message", args, status, errOut)
		}
	}
	if _, errOut, status := runIn(t, ".", "-index", "warcio", "no-such-file.warc"); status != 1 || !strings.Contains(errOut, "no-such-file.warc") {
		t.Errorf("a missing file: status %d, stderr %q", status, errOut)
	}
}

// TestOutlinksCommand reads the links of wget's crawl: one JSON object
// per link with the fields the help names, the links of the page with a
// <base> resolved against it, the gzip-encoded and chunked pages read.
func TestOutlinksCommand(t *testing.T) {
	out, errOut, status := runIn(t, filepath.Join(archiveDir, "files"), "-outlinks", "wget-site.warc.gz")
	if status != 0 {
		t.Fatalf("status %d: %s", status, errOut)
	}
	hrefs := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var l struct {
			File, Target, Timestamp, Element, Attr, Raw string
			Offset                                      *int64
			Href                                        *string
		}
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if l.File != "wget-site.warc.gz" || l.Offset == nil || len(l.Timestamp) != 14 || l.Element == "" || l.Attr == "" || l.Href == nil {
			t.Errorf("a line without its fields: %s", line)
			continue
		}
		hrefs[l.Target+" "+*l.Href] = true
	}
	const site = "http://127.0.0.1:18087"
	for _, want := range []string{
		site + "/dir/ " + site + "/dir/sub/leaf.html", // <base href="/dir/sub/">
		site + "/dir/ " + site + "/dir/page.html",
		site + "/ " + site + "/img/a@2x.png", // srcset
		site + "/gzip " + site + "/about.html",
		site + "/chunked " + site + "/chunk/2",
		// The page's <meta> says windows-1252, but the charset of its
		// Content-Type comes first: its byte E9 is not UTF-8.
		site + "/dir/sub/leaf.html " + site + "/?q=%EF%BF%BD",
	} {
		if !hrefs[want] {
			t.Errorf("no link %s", want)
		}
	}
}
