package canon

import (
	"strings"
	"testing"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/corpus"
)

// allSURTOptions are the 16 combinations of the options that surtKey reads.
func allSURTOptions() []SURTOptions {
	var all []SURTOptions
	for o := range 16 {
		all = append(all, SURTOptions{WithScheme: o&1 != 0, TrailingComma: o&2 != 0, KeepWWW: o&4 != 0, KeepIPOrder: o&8 != 0})
	}
	return all
}

// checkSURTKey checks that surtKey, wherever it keys u, gives the key
// urlKey gives, with every combination of options; it returns how many
// of them surtKey keyed.
func checkSURTKey(t *testing.T, u *weburl.URL) (fast int) {
	t.Helper()
	for _, opts := range allSURTOptions() {
		c := &waybackRules
		if opts.KeepWWW {
			c = &waybackKeepWWW
		}
		got, ok := c.surtKey([]byte("x"), u, &opts)
		if !ok {
			if string(got) != "x" {
				t.Errorf("surtKey(%q, %+v) declined but appended %q", u.Href(), opts, got[1:])
			}
			continue
		}
		fast++
		if want := c.urlKey([]byte("x"), u, &opts); string(got) != string(want) {
			t.Errorf("surtKey(%q, %+v) = %q, urlKey %q", u.Href(), opts, got[1:], want[1:])
		}
		// With no buffer, it makes keyBuffer's, which the key outgrows
		// only where encoding lengthens it (SURT's one allocation).
		n := cap(keyBuffer(u, &opts))
		if k, ok := c.surtKey(nil, u, &opts); !ok || string(k) != string(got[1:]) || len(k) <= n && cap(k) != n {
			t.Errorf("surtKey(%q, %+v) into no buffer = %q, %v, capacity %d; want %q in a buffer of %d", u.Href(), opts, k, ok, cap(k), got[1:], n)
		}
	}
	return fast
}

// TestSURTKey checks surtKey against urlKey on the URLs of the
// web-platform-tests data and the URL lists, and that it keys most URLs
// of kasztp, for which it is there.
func TestSURTKey(t *testing.T) {
	urls := corpus.Corpus(t, weburl.Parse)
	fast := 0
	for _, u := range urls {
		fast += checkSURTKey(t, u)
	}
	t.Logf("surtKey keyed %d of %d URLs and options", fast, 16*len(urls))
	kasztp, keyed := corpus.Lines(t, "kasztp.txt"), 0
	for _, s := range kasztp {
		if u, err := weburl.Parse(s); err == nil {
			if _, ok := waybackRules.surtKey(nil, u, &SURTOptions{}); ok {
				keyed++
			}
		}
	}
	if keyed < len(kasztp)*9/10 {
		t.Errorf("surtKey keyed %d of the %d URLs of kasztp, fewer than nine in ten", keyed, len(kasztp))
	}
}

// FuzzSURTKey checks surtKey against urlKey on any URL.
func FuzzSURTKey(f *testing.F) {
	for _, s := range []string{"http://www.archive.org/goo/?a=2&b&a=1", "https://www1.www.Example.com:8080//A//b/", "http://www/x",
		"http://www2.example.com./", "http://a..b/", "ws://w.ww.www.example/ABCDEFGH/", "http://1.2.3.4/", "file://host/C|/",
		"https://" + strings.Repeat("a.", 40) + "com/", "http://x/%41(a)", "http://example.com/?b=2&a=1#f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if u, err := weburl.Parse(s); err == nil {
			checkSURTKey(t, u)
		}
	})
}
