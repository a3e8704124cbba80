package canon

import (
	"bytes"
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
		// With no buffer, it makes one the size of the key and the
		// slashes it drops from the path (SURT's one allocation), where
		// the URL has no userinfo or fragment and the query's rules leave
		// its length as it was. A SURT's only "?" starts its query, and
		// its first "/" after the scheme its path.
		k, ok := c.surtKey(nil, u, &opts)
		if !ok || string(k) != string(got[1:]) {
			t.Errorf("surtKey(%q, %+v) into no buffer = %q, %v; want %q", u.Href(), opts, k, ok, got[1:])
			continue
		}
		query, pre := 0, 0
		if i := bytes.IndexByte(k, '?'); i >= 0 {
			query = len(k) - i
		}
		if opts.WithScheme {
			pre = len(u.Protocol()) + len("//(")
		}
		path := len(k) - query - (pre + bytes.IndexByte(k[pre:], '/'))
		want := allocated(len(k) + len(u.Pathname()) - path)
		plain := !u.HasHash() && u.Username() == "" && u.Password() == ""
		if plain && query == len(u.Search()) && (query > 0 || !u.HasSearch()) && cap(k) != want {
			t.Errorf("surtKey(%q, %+v) into no buffer: capacity %d, want %d", u.Href(), opts, cap(k), want)
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

// checkAppendSURT checks that AppendSURT appends to a buffer with a
// prefix what SURT returns, with the same error, leaving the prefix as it
// was and the buffer unchanged on an error; and so AppendSURTURL against
// SURTURL for the URL in's parse, if it has one.
func checkAppendSURT(t *testing.T, in string, opts SURTOptions) {
	t.Helper()
	const prefix = "key\n"
	want, wantErr := SURT(in, opts)
	for _, dst := range [][]byte{nil, []byte(prefix), append(make([]byte, 0, 256), prefix...)} {
		p := string(dst)
		got, err := AppendSURT(dst, in, opts)
		if (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
			t.Errorf("AppendSURT(%q, %q, %+v): error %v, SURT's %v", p, in, opts, err, wantErr)
		}
		if err != nil && (len(got) != len(dst) || string(got) != p) || err == nil && string(got) != p+want {
			t.Errorf("AppendSURT(%q, %q, %+v) = %q, %v; want %q", p, in, opts, got, err, p+want)
		}
	}
	u, err := weburl.Parse(in)
	if err != nil {
		return
	}
	want, wantErr = SURTURL(u, opts)
	got, err := AppendSURTURL([]byte(prefix), u, opts)
	if (err == nil) != (wantErr == nil) || string(got) != prefix+want && err == nil {
		t.Errorf("AppendSURTURL(%q, %q, %+v) = %q, %v; SURTURL gives %q, %v", prefix, u.Href(), opts, got, err, want, wantErr)
	}
}

// TestAppendSURT checks AppendSURT and AppendSURTURL against SURT and
// SURTURL on the inputs of the web-platform-tests data (those that fail
// too) and the URL lists, with the options surtKey reads and with
// CDXCompatible, and on the inputs SURT keys without the parser's URL.
func TestAppendSURT(t *testing.T) {
	var inputs []string
	for _, c := range corpus.URLCases(t) {
		if c.Base == nil {
			inputs = append(inputs, c.Input)
		}
	}
	for _, list := range []string{"kasztp.txt", "userbait.txt"} {
		lines := corpus.Lines(t, list)
		if testing.Short() {
			lines = lines[:len(lines)/20]
		}
		inputs = append(inputs, lines...)
	}
	inputs = append(inputs, "", "filedesc://x.arc", "  ", "http://x:99999/")
	all := append(allSURTOptions(), SURTOptions{CDXCompatible: true})
	for _, in := range inputs {
		for _, opts := range all {
			checkAppendSURT(t, in, opts)
		}
	}
	for _, u := range []*weburl.URL{nil, {}} {
		if got, err := AppendSURTURL([]byte("x"), u, SURTOptions{}); err != nil || string(got) != "x-" {
			t.Errorf("AppendSURTURL(%q, %v) = %q, %v; want %q", "x", u, got, err, "x-")
		}
	}
}

// TestAppendSURTAllocs checks that AppendSURT allocates nothing into a
// buffer with room for the key, for a URL that is its own serialization
// (the parser makes no href) with a path that needs no decoding and a
// query of up to 512 bytes, and that fewer than one line in ten of
// kasztp allocates at all, where SURT allocates each key: what is left
// is the parser's href for an input that is not its own, and the scratch
// of a long query sorted or a path decoded.
func TestAppendSURTAllocs(t *testing.T) {
	buf := make([]byte, 0, 256)
	for _, in := range []string{"http://www.archive.org/goo/?b=2&a=1&a=0", "https://blog.example.com:8080//A//b/?q#f", "http://192.168.1.254/x"} {
		if n := testing.AllocsPerRun(100, func() { _, _ = AppendSURT(buf[:0], in, SURTOptions{}) }); n != 0 {
			t.Errorf("AppendSURT(%q) allocates %v times, want 0", in, n)
		}
	}
	lines := corpus.Lines(t, "kasztp.txt")
	buf = make([]byte, 0, 4096)
	n := testing.AllocsPerRun(3, func() {
		for _, s := range lines {
			buf, _ = AppendSURT(buf[:0], s, SURTOptions{})
		}
	}) / float64(len(lines))
	if n >= 0.1 {
		t.Errorf("AppendSURT: %.3f allocations per line of kasztp, want fewer than 0.1", n)
	}
	t.Logf("AppendSURT: %.3f allocations per line of kasztp", n)
}

// allocated returns the capacity of a buffer of n bytes as newKey makes
// it: for up to 256 bytes, the size class of n, which append rounds a
// new slice's capacity up to; for more, n, as make has it.
func allocated(n int) int {
	if n > 256 {
		return n
	}
	return cap(append([]byte(nil), make([]byte, n)...))
}

// TestNewKey checks that newKey's buffers are empty and hold the bytes
// asked for, in the allocator's size class of that many bytes: the
// memory make([]byte, 0, n) takes.
func TestNewKey(t *testing.T) {
	for n := 1; n <= 600; n++ {
		b := newKey(n)
		if len(b) != 0 || cap(b) != allocated(n) {
			t.Errorf("newKey(%d): len %d, cap %d; want 0, %d", n, len(b), cap(b), allocated(n))
		}
	}
}
