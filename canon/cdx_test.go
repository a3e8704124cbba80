package canon

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/weburl/weburl/internal/corpus"
)

// A cdxCase is an input and the surt package's key for it, or its error.
type cdxCase struct {
	source, input, key string
	failed             bool
}

// cdxCases returns the inputs of testdata/surt with their recorded keys:
// every line of the URL lists, every input of urltestdata.json, and the
// inputs of inputs.jsonl.
func cdxCases(t *testing.T) []cdxCase {
	var cases []cdxCase
	read := func(name string, inputs []string) {
		keys := corpus.GzipLines(t, filepath.Join("testdata", "surt", name), func(line string) bool {
			return !strings.HasPrefix(line, "#")
		})
		if len(keys) != len(inputs) {
			t.Fatalf("%s: %d keys for %d inputs", name, len(keys), len(inputs))
		}
		for i, line := range keys {
			cases = append(cases, cdxCase{source: name, input: inputs[i], key: line[1:], failed: line[0] == '!'})
		}
	}
	for _, name := range corpus.Datasets {
		read(name+".gz", corpus.Lines(t, name))
	}
	var wpt []string
	for _, c := range corpus.URLCases(t) {
		wpt = append(wpt, c.Input)
	}
	read("urltestdata.txt.gz", wpt)
	data, err := os.ReadFile(filepath.Join("testdata", "surt", "inputs.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		var rec []*string
		if err := json.Unmarshal([]byte(line), &rec); err != nil || len(rec) < 2 {
			t.Fatalf("inputs.jsonl: %q: %v", line, err)
		}
		c := cdxCase{source: "inputs.jsonl", input: *rec[0], failed: rec[1] == nil}
		if rec[1] != nil {
			c.key = *rec[1]
		}
		cases = append(cases, c)
	}
	return cases
}

func TestSURTCDXCompatible(t *testing.T) {
	cases := cdxCases(t)
	same := 0
	for _, c := range cases {
		got, err := SURT(c.input, SURTOptions{CDXCompatible: true})
		if c.failed == (err != nil) && (c.failed || got == c.key) {
			same++
			continue
		}
		t.Errorf("%s: %q: got %q, %v; surt 0.3.1 gives %q (failed %v)", c.source, c.input, got, err, c.key, c.failed)
	}
	t.Logf("%d of %d keys as the surt package makes them", same, len(cases))
}

// TestSURTCDXPublished checks the surt package's own cases of surt.surt
// (its tests/test_surt.py, from the Java WaybackURLKeyMakerTest), with its
// options as SURTOptions: with_scheme, trailing_comma, host_massage=False
// and reverse_ipaddr=False.
func TestSURTCDXPublished(t *testing.T) {
	type opts = SURTOptions
	for _, tc := range []struct {
		url  string
		opts SURTOptions
		want string
	}{
		{"", opts{}, "-"},
		{"filedesc:foo.arc.gz", opts{}, "filedesc:foo.arc.gz"},
		{"filedesc:/foo.arc.gz", opts{}, "filedesc:/foo.arc.gz"},
		{"filedesc://foo.arc.gz", opts{}, "filedesc://foo.arc.gz"},
		{"warcinfo:foo.warc.gz", opts{}, "warcinfo:foo.warc.gz"},
		{"dns:alexa.com", opts{}, "dns:alexa.com"},
		{"dns:archive.org", opts{}, "dns:archive.org"},
		{"http://www.archive.org/", opts{}, "org,archive)/"},
		{"http://archive.org/", opts{}, "org,archive)/"},
		{"http://archive.org/goo/", opts{}, "org,archive)/goo"},
		{"http://archive.org/goo/?", opts{}, "org,archive)/goo"},
		{"http://archive.org/goo/?b&a", opts{}, "org,archive)/goo?a&b"},
		{"http://archive.org/goo/?a=2&b&a=1", opts{}, "org,archive)/goo?a=1&a=2&b"},
		{"http://archive.org/goo/?a=2&b&a=1", opts{TrailingComma: true}, "org,archive,)/goo?a=1&a=2&b"},
		{"dns:archive.org", opts{TrailingComma: true}, "dns:archive.org"},
		{"warcinfo:foo.warc.gz", opts{TrailingComma: true}, "warcinfo:foo.warc.gz"},
		{"http://archive.org/index.php?PHPSESSID=0123456789abcdefghijklemopqrstuv&action=profile;u=4221", opts{}, "org,archive)/index.php?action=profile;u=4221"},
		{"whois://whois.isoc.org.il/shaveh.co.il", opts{}, "il,org,isoc,whois)/shaveh.co.il"},
		{"http://visit.webhosting.yahoo.com/visit.gif?&r=http%3A//web.archive.org/web/20090517140029/http%3A//anthonystewarthead.electric-chi.com/&b=Netscape%205.0%20%28Windows%3B%20en-US%29&s=1366x768&o=Win32&c=24&j=true&v=1.2", opts{},
			"com,yahoo,webhosting,visit)/visit.gif?&b=netscape%205.0%20(windows;%20en-us)&c=24&j=true&o=win32&r=http://web.archive.org/web/20090517140029/http://anthonystewarthead.electric-chi.com/&s=1366x768&v=1.2"},
		{"mailto:foo@example.com", opts{}, "mailto:foo@example.com"},
		{"http://www.example.com/", opts{WithScheme: true}, "http://(com,example)/"},
		{"http://www.example.com/", opts{}, "com,example)/"},
		{"http://www.example.com/", opts{WithScheme: true, TrailingComma: true}, "http://(com,example,)/"},
		{"https://www.example.com/", opts{WithScheme: true, TrailingComma: true}, "https://(com,example,)/"},
		{"ftp://www.example.com/", opts{TrailingComma: true}, "com,example,)/"},
		{"ftp://www.example.com/", opts{}, "com,example)/"},
		{"ftp://www.example.com/", opts{WithScheme: true, TrailingComma: true}, "ftp://(com,example,)/"},
		{"http://www.example.com/", opts{WithScheme: true, KeepWWW: true}, "http://(com,example,www)/"},
		{"http://www.example.com/", opts{KeepWWW: true}, "com,example,www)/"},
		{"http://www.example.com/", opts{WithScheme: true, TrailingComma: true, KeepWWW: true}, "http://(com,example,www,)/"},
		{"https://www.example.com/", opts{WithScheme: true, TrailingComma: true, KeepWWW: true}, "https://(com,example,www,)/"},
		{"ftp://www.example.com/", opts{WithScheme: true, TrailingComma: true, KeepWWW: true}, "ftp://(com,example,www,)/"},
		{"mailto:foo@example.com", opts{WithScheme: true}, "mailto:foo@example.com"},
		{"mailto:foo@example.com", opts{TrailingComma: true}, "mailto:foo@example.com"},
		{"mailto:foo@example.com", opts{WithScheme: true, TrailingComma: true}, "mailto:foo@example.com"},
		{"dns:archive.org", opts{WithScheme: true}, "dns:archive.org"},
		{"dns:archive.org", opts{WithScheme: true, TrailingComma: true}, "dns:archive.org"},
		{"whois://whois.isoc.org.il/shaveh.co.il", opts{WithScheme: true}, "whois://(il,org,isoc,whois)/shaveh.co.il"},
		{"whois://whois.isoc.org.il/shaveh.co.il", opts{TrailingComma: true}, "il,org,isoc,whois,)/shaveh.co.il"},
		{"whois://whois.isoc.org.il/shaveh.co.il", opts{TrailingComma: true, WithScheme: true}, "whois://(il,org,isoc,whois,)/shaveh.co.il"},
		{"warcinfo:foo.warc.gz", opts{WithScheme: true}, "warcinfo:foo.warc.gz"},
		{"warcinfo:foo.warc.gz", opts{WithScheme: true, TrailingComma: true}, "warcinfo:foo.warc.gz"},
		{"http://example.com/app?item=Wroc%C5%82aw", opts{}, "com,example)/app?item=wroc%c5%82aw"},
		{"http://www.example.com/", opts{KeepIPOrder: true}, "com,example)/"},
		{"http://192.168.1.254/info/", opts{}, "254,1,168,192)/info"},
		{"http://192.168.1.254/info/", opts{KeepIPOrder: true}, "192.168.1.254)/info"},
	} {
		tc.opts.CDXCompatible = true
		if got, err := SURT(tc.url, tc.opts); err != nil || got != tc.want {
			t.Errorf("SURT(%q, %+v) = %q, %v; want %q", tc.url, tc.opts, got, err, tc.want)
		}
	}
}

// FuzzSURTCDX checks that a CDX key never panics and, but for an input
// that starts with "filedesc", which the package returns as it is, holds
// printable ASCII only: the package percent-encodes every other byte of
// the host, path and query.
func FuzzSURTCDX(f *testing.F) {
	for _, s := range []string{"https://www.holsteins.ca/%3F", "http://[1:2:3:4:5:6:102:304]/", "https://..//www.x.ch/",
		"http://b%C3%BCcher.example/a%2525?b=%41&a", "http://1.08.1.1/", "http:////x/y", "\t ", "http://例え.テスト/"} {
		f.Add(s, uint8(0))
	}
	f.Fuzz(func(t *testing.T, s string, o uint8) {
		opts := SURTOptions{CDXCompatible: true, WithScheme: o&1 != 0, TrailingComma: o&2 != 0, KeepWWW: o&4 != 0, KeepIPOrder: o&8 != 0}
		key, err := SURT(s, opts)
		if err != nil || strings.HasPrefix(s, "filedesc") {
			return
		}
		for i := 0; i < len(key); i++ {
			if key[i] <= ' ' || key[i] >= 0x7F {
				t.Fatalf("SURT(%q, %+v) = %q: byte %#x", s, opts, key, key[i])
			}
		}
	})
}
