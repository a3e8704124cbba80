package canon

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/ascii"
	"github.com/weburl/weburl/internal/corpus"
	"github.com/weburl/weburl/internal/linear"
	"golang.org/x/net/publicsuffix"
)

// safeBrowsingExamples are the examples of the Safe Browsing page's
// "Canonicalization" section, every one, input and output as published.
// https://developers.google.com/safe-browsing/v4/urls-hashing#canonicalization
var safeBrowsingExamples = [][2]string{
	{"http://host/%25%32%35", "http://host/%25"},
	{"http://host/%25%32%35%25%32%35", "http://host/%25%25"},
	{"http://host/%2525252525252525", "http://host/%25"},
	{"http://host/asdf%25%32%35asd", "http://host/asdf%25asd"},
	{"http://host/%%%25%32%35asd%%", "http://host/%25%25%25asd%25%25"},
	{"http://www.google.com/", "http://www.google.com/"},
	{"http://%31%36%38%2e%31%38%38%2e%39%39%2e%32%36/%2E%73%65%63%75%72%65/%77%77%77%2E%65%62%61%79%2E%63%6F%6D/", "http://168.188.99.26/.secure/www.ebay.com/"},
	{"http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/", "http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/"},
	{"http://host%23.com/%257Ea%2521b%2540c%2523d%2524e%25f%255E00%252611%252A22%252833%252944_55%252B", "http://host%23.com/~a!b@c%23d$e%25f^00&11*22(33)44_55+"},
	{"http://3279880203/blah", "http://195.127.0.11/blah"},
	{"http://www.google.com/blah/..", "http://www.google.com/"},
	{"www.google.com/", "http://www.google.com/"},
	{"www.google.com", "http://www.google.com/"},
	{"http://www.evil.com/blah#frag", "http://www.evil.com/blah"},
	{"http://www.GOOgle.com/", "http://www.google.com/"},
	{"http://www.google.com.../", "http://www.google.com/"},
	{"http://www.google.com/foo\tbar\rbaz\n2", "http://www.google.com/foobarbaz2"},
	{"http://www.google.com/q?", "http://www.google.com/q?"},
	{"http://www.google.com/q?r?", "http://www.google.com/q?r?"},
	{"http://www.google.com/q?r?s", "http://www.google.com/q?r?s"},
	{"http://evil.com/foo#bar#baz", "http://evil.com/foo"},
	{"http://evil.com/foo;", "http://evil.com/foo;"},
	{"http://evil.com/foo?bar;", "http://evil.com/foo?bar;"},
	{"http://\x01\x80.com/", "http://%01%80.com/"},
	{"http://notrailingslash.com", "http://notrailingslash.com/"},
	{"http://www.gotaport.com:1234/", "http://www.gotaport.com/"},
	{"  http://www.google.com/  ", "http://www.google.com/"},
	{"http:// leadingspace.com/", "http://%20leadingspace.com/"},
	{"http://%20leadingspace.com/", "http://%20leadingspace.com/"},
	{"%20leadingspace.com/", "http://%20leadingspace.com/"},
	{"https://www.securesite.com/", "https://www.securesite.com/"},
	{"http://host.com/ab%23cd", "http://host.com/ab%23cd"},
	{"http://host.com//twoslashes?more//slashes", "http://host.com/twoslashes?more//slashes"},
}

func TestSafeBrowsingExamples(t *testing.T) {
	for _, tc := range safeBrowsingExamples {
		if got, err := SafeBrowsing.Canonicalize(tc[0]); err != nil || got != tc[1] {
			t.Errorf("SafeBrowsing.Canonicalize(%q) = %q, %v; the page says %q", tc[0], got, err, tc[1])
		}
	}
	if len(safeBrowsingExamples) != 33 {
		t.Errorf("%d examples; the page has 33", len(safeBrowsingExamples))
	}
}

// The published behaviour of the surt package (internetarchive/surt,
// tests/test_surt.py, whose cases come from the Wayback Machine's Java
// tests: WaybackURLKeyMakerTest, IAURLCanonicalizerTest,
// DefaultIAURLCanonicalizerTest and GoogleURLCanonicalizerTest of
// webarchive-commons).

// TestSURTPublished checks test_surt and test_surt_ipaddress.
func TestSURTPublished(t *testing.T) {
	const (
		scheme = 1 << iota
		comma
		keepWWW
		keepIP
	)
	for _, tc := range []struct {
		in   string
		opts int
		want string
	}{
		{"", 0, "-"},
		{"filedesc:foo.arc.gz", 0, "filedesc:foo.arc.gz"},
		{"filedesc:/foo.arc.gz", 0, "filedesc:/foo.arc.gz"},
		{"filedesc://foo.arc.gz", 0, "filedesc://foo.arc.gz"},
		{"warcinfo:foo.warc.gz", 0, "warcinfo:foo.warc.gz"},
		{"dns:alexa.com", 0, "dns:alexa.com"},
		{"dns:archive.org", 0, "dns:archive.org"},
		{"http://www.archive.org/", 0, "org,archive)/"},
		{"http://archive.org/", 0, "org,archive)/"},
		{"http://archive.org/goo/", 0, "org,archive)/goo"},
		{"http://archive.org/goo/?", 0, "org,archive)/goo"},
		{"http://archive.org/goo/?b&a", 0, "org,archive)/goo?a&b"},
		{"http://archive.org/goo/?a=2&b&a=1", 0, "org,archive)/goo?a=1&a=2&b"},
		{"http://archive.org/goo/?a=2&b&a=1", comma, "org,archive,)/goo?a=1&a=2&b"},
		{"dns:archive.org", comma, "dns:archive.org"},
		{"warcinfo:foo.warc.gz", comma, "warcinfo:foo.warc.gz"},
		{"http://archive.org/index.php?PHPSESSID=0123456789abcdefghijklemopqrstuv&action=profile;u=4221", 0, "org,archive)/index.php?action=profile;u=4221"},
		{"whois://whois.isoc.org.il/shaveh.co.il", 0, "il,org,isoc,whois)/shaveh.co.il"},
		{"http://visit.webhosting.yahoo.com/visit.gif?&r=http%3A//web.archive.org/web/20090517140029/http%3A//anthonystewarthead.electric-chi.com/&b=Netscape%205.0%20%28Windows%3B%20en-US%29&s=1366x768&o=Win32&c=24&j=true&v=1.2", 0,
			"com,yahoo,webhosting,visit)/visit.gif?&b=netscape%205.0%20(windows;%20en-us)&c=24&j=true&o=win32&r=http://web.archive.org/web/20090517140029/http://anthonystewarthead.electric-chi.com/&s=1366x768&v=1.2"},
		{"mailto:foo@example.com", 0, "mailto:foo@example.com"},
		{"http://www.example.com/", scheme, "http://(com,example)/"},
		{"http://www.example.com/", 0, "com,example)/"},
		{"http://www.example.com/", scheme | comma, "http://(com,example,)/"},
		{"https://www.example.com/", scheme | comma, "https://(com,example,)/"},
		{"ftp://www.example.com/", comma, "com,example,)/"},
		{"ftp://www.example.com/", 0, "com,example)/"},
		{"ftp://www.example.com/", scheme | comma, "ftp://(com,example,)/"},
		{"http://www.example.com/", scheme | keepWWW, "http://(com,example,www)/"},
		{"http://www.example.com/", keepWWW, "com,example,www)/"},
		{"http://www.example.com/", scheme | comma | keepWWW, "http://(com,example,www,)/"},
		{"https://www.example.com/", scheme | comma | keepWWW, "https://(com,example,www,)/"},
		{"ftp://www.example.com/", scheme | comma | keepWWW, "ftp://(com,example,www,)/"},
		{"mailto:foo@example.com", scheme, "mailto:foo@example.com"},
		{"mailto:foo@example.com", comma, "mailto:foo@example.com"},
		{"mailto:foo@example.com", scheme | comma, "mailto:foo@example.com"},
		{"dns:archive.org", scheme, "dns:archive.org"},
		{"dns:archive.org", scheme | comma, "dns:archive.org"},
		{"whois://whois.isoc.org.il/shaveh.co.il", scheme, "whois://(il,org,isoc,whois)/shaveh.co.il"},
		{"whois://whois.isoc.org.il/shaveh.co.il", comma, "il,org,isoc,whois,)/shaveh.co.il"},
		{"whois://whois.isoc.org.il/shaveh.co.il", comma | scheme, "whois://(il,org,isoc,whois,)/shaveh.co.il"},
		{"warcinfo:foo.warc.gz", scheme, "warcinfo:foo.warc.gz"},
		{"warcinfo:foo.warc.gz", scheme | comma, "warcinfo:foo.warc.gz"},
		// test_surt_ipaddress.
		{"http://www.example.com/", keepIP, "com,example)/"},
		{"http://192.168.1.254/info/", 0, "254,1,168,192)/info"},
		{"http://192.168.1.254/info/", keepIP, "192.168.1.254)/info"},
		// test_hostToSURT, for the hosts the URL Standard accepts.
		{"http://www.archive.org/", keepWWW, "org,archive,www)/"},
		{"http://123.123.net/", 0, "net,123,123)/"},
		{"http://100.100.100.100.org/", 0, "org,100,100,100,100)/"},
		{"http://123.45.167.89/", 0, "89,167,45,123)/"},
		{"http://123.45.167.89/", keepIP, "123.45.167.89)/"},
	} {
		opts := SURTOptions{
			WithScheme:    tc.opts&scheme != 0,
			TrailingComma: tc.opts&comma != 0,
			KeepWWW:       tc.opts&keepWWW != 0,
			KeepIPOrder:   tc.opts&keepIP != 0,
		}
		if got, err := SURT(tc.in, opts); err != nil || got != tc.want {
			t.Errorf("SURT(%q, %+v) = %q, %v; the surt package gives %q", tc.in, opts, got, err, tc.want)
		}
	}
	// test_hostToSURT's "10.162.1024.3" and "990.991.992.993": the surt
	// package reads them as IPv4 addresses, the URL Standard rejects them.
	for _, in := range []string{"http://10.162.1024.3/", "http://990.991.992.993/"} {
		if _, err := SURT(in, SURTOptions{}); !errors.Is(err, weburl.ErrIPv4OutOfRangePart) {
			t.Errorf("SURT(%q): %v, want IPv4-out-of-range-part", in, err)
		}
	}
}

// TestWaybackPublished checks test_DefaultIAURLCanonicalizer,
// test_IAURLCanonicalizer and test_options, and, each with a Canonicalizer
// of the one rule, test_alphaReorderQuery, test_massageHost,
// test_stripPathSessionID and test_stripQuerySessionID.
func TestWaybackPublished(t *testing.T) {
	check := func(c *Canonicalizer, name, in, want string) {
		t.Helper()
		if got, err := c.Canonicalize(in); err != nil || got != want {
			t.Errorf("%s.Canonicalize(%q) = %q, %v; the surt package gives %q", name, in, got, err, want)
		}
	}
	for _, tc := range [][2]string{
		{"http://www.alexa.com/", "http://alexa.com/"},
		{"http://archive.org/index.html", "http://archive.org/index.html"},
		{"http://archive.org/index.html?", "http://archive.org/index.html"},
		{"http://archive.org/index.html?a=b", "http://archive.org/index.html?a=b"},
		{"http://archive.org/index.html?b=b&a=b", "http://archive.org/index.html?a=b&b=b"},
		{"http://archive.org/index.html?b=a&b=b&a=b", "http://archive.org/index.html?a=b&b=a&b=b"},
		{"http://www34.archive.org/index.html?b=a&b=b&a=b", "http://archive.org/index.html?a=b&b=a&b=b"},
		{"http://ARCHIVE.ORG/", "http://archive.org/"},
		{"http://www.archive.org:80/", "http://archive.org/"},
		{"https://www.archive.org:80/", "https://archive.org:80/"},
		{"http://www.archive.org:443/", "http://archive.org:443/"},
		{"https://www.archive.org:443/", "https://archive.org/"},
		{"http://www.archive.org/big/", "http://archive.org/big"},
		{"dns:www.archive.org", "dns:www.archive.org"},
		{"http://example.com/foo?X=Y", "http://example.com/foo?x=y"},
	} {
		check(&Wayback, "Wayback", tc[0], tc[1])
	}
	noLower := Wayback
	noLower.LowercaseQuery = false
	check(&noLower, "Wayback without LowercaseQuery", "http://example.com/foo?X=Y", "http://example.com/foo?X=Y")

	byPair := &Canonicalizer{QueryOrder: QueryByNameValue}
	for _, tc := range [][2]string{
		{"", ""}, {"a", "a"}, {"ab", "ab"}, {"a=1", "a=1"}, {"ab=1", "ab=1"},
		{"a=1&", "&a=1"}, {"a=1&b=1", "a=1&b=1"}, {"b=1&a=1", "a=1&b=1"},
		{"a=a&a=a", "a=a&a=a"}, {"a=b&a=a", "a=a&a=b"}, {"b=b&a=b&b=a&a=a", "a=a&a=b&b=a&b=b"},
	} {
		check(byPair, "QueryByNameValue", "http://h/?"+tc[0], "http://h/?"+tc[1])
	}

	www := &Canonicalizer{StripWWW: true}
	for _, tc := range [][2]string{
		{"foo.com", "foo.com"}, {"www.foo.com", "foo.com"}, {"www12.foo.com", "foo.com"},
		{"www2foo.com", "www2foo.com"}, {"www2.www2foo.com", "www2foo.com"},
	} {
		check(www, "StripWWW", "http://"+tc[0]+"/", "http://"+tc[1]+"/")
	}

	sessions := &Canonicalizer{StripSessionIDs: true}
	for _, tc := range [][2]string{
		{"/(S(4hqa0555fwsecu455xqckv45))/mileg.aspx", "/mileg.aspx"},
		{"/(4hqa0555fwsecu455xqckv45)/mileg.aspx", "/mileg.aspx"},
		{"/(a(4hqa0555fwsecu455xqckv45)S(4hqa0555fwsecu455xqckv45)f(4hqa0555fwsecu455xqckv45))/mileg.aspx?page=sessionschedules", "/mileg.aspx?page=sessionschedules"},
		{"/photos/36050182@N05/", "/photos/36050182@N05/"},
	} {
		check(sessions, "StripSessionIDs", "http://h"+tc[0], "http://h"+tc[1])
	}
	const id = "0123456789abcdefghijklemopqrstuv"
	for _, tc := range [][2]string{
		{"?jsessionid=" + id, "?"},
		{"?jsessionid=" + id + "0", "?jsessionid=" + id + "0"},
		{"?jsessionid=" + id + "&x=y", "?x=y"},
		{"?one=two&jsessionid=" + id + "&x=y", "?one=two&x=y"},
		{"?one=two&jsessionid=" + id, "?one=two&"},
		{"?aspsessionidABCDEFGH=ABCDEFGHIJKLMNOPQRSTUVWX&x=y", "?x=y"},
		{"?phpsessid=" + id + "&x=y", "?x=y"},
		{"?one=two&phpsessid=" + id + "&x=y", "?one=two&x=y"},
		{"?one=two&phpsessid=" + id, "?one=two&"},
		{"?sid=9682993c8daa2c5497996114facdc805&x=y", "?x=y"},
		{"?sid=9682993c8daa2c5497996114facdc805&jsessionid=" + id, "?"},
		{"?CFID=1169580&CFTOKEN=48630702&dtstamp=22%2F08%2F2006%7C06%3A58%3A11", "?dtstamp=22%2F08%2F2006%7C06%3A58%3A11"},
		{"?CFID=12412453&CFTOKEN=15501799&dt=19_08_2006_22_39_28", "?dt=19_08_2006_22_39_28"},
		{"?CFID=14475712&CFTOKEN=2D89F5AF-3048-2957-DA4EE4B6B13661AB&r=468710288378&m=forgotten", "?r=468710288378&m=forgotten"},
		{"?CFID=16603925&CFTOKEN=2AE13EEE-3048-85B0-56CEDAAB0ACA44B8", "?"},
		{"?CFID=4308017&CFTOKEN=63914124&requestID=200608200458360%2E39414378", "?requestID=200608200458360%2E39414378"},
	} {
		check(sessions, "StripSessionIDs", "http://h/"+tc[0], "http://h/"+tc[1])
	}

	// test_attemptIPFormats, for the hosts the URL Standard reads as IPv4
	// addresses; Safe Browsing keeps "1.2.3.256", which is none.
	check(&Wayback, "Wayback", "http://017.0.0.1/", "http://15.0.0.1/")
	check(&Wayback, "Wayback", "http://10.0.258/", "http://10.0.1.2/")
	check(&SafeBrowsing, "SafeBrowsing", "http://1.2.3.256/", "http://1.2.3.256/")
}

// TestSafeBrowsingDecodedQuery checks the keys of URLs whose path
// decodes to a "?" against those Google's Safe Browsing client for Go
// makes of them (testdata/safebrowsing/gen.sh recorded them), and that
// canonicalizing a key again changes nothing.
func TestSafeBrowsingDecodedQuery(t *testing.T) {
	data, err := os.ReadFile("testdata/safebrowsing/keys.tsv")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for line := range strings.Lines(string(data)) {
		in, want, ok := strings.Cut(strings.TrimSuffix(line, "\n"), "\t")
		if !ok {
			t.Fatalf("keys.tsv: %q has no tab", line)
		}
		got, err := SafeBrowsing.Canonicalize(in)
		if err != nil || got != want {
			t.Errorf("SafeBrowsing.Canonicalize(%q) = %q, %v; Google's client gives %q", in, got, err, want)
		}
		if again, err := SafeBrowsing.Canonicalize(got); err != nil || again != got {
			t.Errorf("SafeBrowsing: %q gives %q, and that %q, %v", in, got, again, err)
		}
		n++
	}
	if n == 0 {
		t.Error("keys.tsv has no keys")
	}
}

// TestDecodeRepeatedly checks test_unescapeRepeatedly's vectors.
func TestDecodeRepeatedly(t *testing.T) {
	for _, tc := range [][2]string{
		{"%!A%21%21%25", "%!A!!%"}, {"%", "%"}, {"%2", "%2"}, {"%25", "%"},
		{"%25%", "%%"}, {"%2525", "%"}, {"%252525", "%"}, {"%25%32%35", "%"},
	} {
		if got := string(appendDecodedRepeatedly(nil, tc[0])); got != tc[1] {
			t.Errorf("decoding %q repeatedly gives %q, want %q", tc[0], got, tc[1])
		}
		if got := decodeRepeatedlyNaive(tc[0]); got != tc[1] {
			t.Errorf("decoding %q repeatedly, pass by pass, gives %q, want %q", tc[0], got, tc[1])
		}
	}
}

// decodeRepeatedlyNaive percent-decodes s again and again, a whole pass
// at a time, until a pass changes nothing.
func decodeRepeatedlyNaive(s string) string {
	for {
		d := string(ascii.AppendPercentDecoded(nil, s, false))
		if d == s {
			return s
		}
		s = d
	}
}

func FuzzDecodeRepeatedly(f *testing.F) {
	for _, s := range []string{"%252525", "%%34%31", "%2%35", "%%%323", "%4%41", "a%2Fb%"} {
		f.Add(s)
	}
	for _, s := range []string{"/a%20b/%C3%A9", "/%c3%a9%23%3f", "/%7E%2F", "/%%20", "/%2", "/%3%30", "/%0G", "/A//(b)%20", "/%2541"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := string(appendDecodedRepeatedly(nil, s)), decodeRepeatedlyNaive(s); got != want {
			t.Errorf("%q: one pass gives %q, pass by pass %q", s, got, want)
		}
		checkCopyPath(t, s)
	})
}

// checkCopyPath checks that where copyPath copies the path s for a
// profile that decodes repeatedly, it gives what decoding it and
// encoding it again gives, lowered as the profile lowers it. With the
// set KeyPath it checks only an s without "?", which starts the query and
// is never in a parsed path, and so not among the bytes copyPath looks
// at.
func checkCopyPath(t *testing.T, s string) {
	t.Helper()
	for _, c := range []*Canonicalizer{&SafeBrowsing, &Wayback, &waybackRules} {
		for _, set := range []ascii.Set{ascii.KeyMinimal, ascii.KeyPath} {
			if set == ascii.KeyPath && strings.Contains(s, "?") {
				continue
			}
			got, slashes, paren, ok := c.copyPath([]byte("x"), s, set, false)
			if !ok {
				continue
			}
			want := string(ascii.AppendEncoded(nil, appendDecodedRepeatedly(nil, s), set))
			if c.LowercasePath {
				want = lowerBytes(want)
			}
			if string(got) != "x"+want || slashes != strings.Contains(want, "//") || paren != strings.Contains(want, "(") {
				t.Errorf("copyPath(%q, lower %v) = %q, %v, %v; decoded and encoded, %q", s, c.LowercasePath, got[1:], slashes, paren, want)
			}
		}
	}
}

// TestCopyPath checks copyPath against decoding and encoding on the
// paths of the test data's URLs (see checkCopyPath).
func TestCopyPath(t *testing.T) {
	for _, u := range corpus.Corpus(t, weburl.Parse) {
		checkCopyPath(t, u.Pathname())
	}
}

var profiles = []struct {
	name string
	c    *Canonicalizer
}{{"SafeBrowsing", &SafeBrowsing}, {"Wayback", &Wayback}, {"SortQuery", &SortQuery}, {"Frontier", &Frontier}}

// TestCanonicalizeProperties checks, for every URL of the test data and
// every profile, that canonicalizing a key again changes nothing, that
// CanonicalizeURL of a parsed href is Canonicalize of the href, and that
// SURTURL of it is SURT of the href, with each of SURT's options.
func TestCanonicalizeProperties(t *testing.T) {
	urls := corpus.Corpus(t, weburl.Parse)
	for _, p := range profiles {
		for _, u := range urls {
			checkCanonical(t, p.name, p.c, u.Href(), u)
		}
	}
	for _, u := range urls {
		checkSURTURL(t, u)
	}
	// Hrefs that are hard for some rule: a host of dots, and hosts whose
	// dots do not trim until their "www" goes, to an IPv4 address
	// ("www.0..", from FuzzCanonicalize), ports, opaque paths and hosts,
	// paths that start with "//", encoded dots.
	for _, in := range []string{
		"http://./x", "http://../x", "http://www./", "http://www.foo.09../", "http://foo.0x7f.1../", "http://www.0../", "http://www.1.2.3.4../",
		"http://www.../", "sc://%2E/", "sc://www.%41/", "sc:/.//p", "sc:%2F%2Fx", "file:///C%7C/",
		"http://h:0/", "https://[::1]:443/", "file:///C:/%252e%252e", "http://h/a%3Fb%23c",
		"http://h/a/%252e%252e/b", "http://h/%5C", "sc://h/a%5Cb", "sc://u%3Ap%40:q@h/",
		"http://h/?a=%26&b=%3D", "mailto:%2Fa?Q#F", "javascript:ALERT(1)", "data:,A%20b",
	} {
		u, err := weburl.Parse(in)
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		for _, p := range profiles {
			checkCanonical(t, p.name, p.c, u.Href(), u)
		}
		checkSURTURL(t, u)
	}
	for _, u := range []*weburl.URL{nil, new(weburl.URL)} {
		if k, err := SURTURL(u, SURTOptions{}); k != "-" || err != nil {
			t.Errorf("SURTURL(%#v) = %q, %v; SURT(\"\") is \"-\"", u, k, err)
		}
	}
}

// surtOptions are SURT's options, each alone and all together.
var surtOptions = []SURTOptions{
	{}, {WithScheme: true}, {TrailingComma: true}, {KeepWWW: true}, {KeepIPOrder: true}, {CDXCompatible: true},
	{WithScheme: true, TrailingComma: true, KeepWWW: true, KeepIPOrder: true},
}

// checkSURTURL checks that SURTURL of u is SURT of its href.
func checkSURTURL(t *testing.T, u *weburl.URL) {
	t.Helper()
	for _, o := range surtOptions {
		want, werr := SURT(u.Href(), o)
		got, err := SURTURL(u, o)
		if got != want || (err == nil) != (werr == nil) {
			t.Errorf("SURTURL(%q, %+v) = %q, %v; SURT gives %q, %v", u.Href(), o, got, err, want, werr)
		}
	}
}

// checkCanonical checks the two properties for the href h of u.
func checkCanonical(t *testing.T, name string, c *Canonicalizer, h string, u *weburl.URL) {
	t.Helper()
	k, err := c.Canonicalize(h)
	if err != nil {
		t.Errorf("%s: %q: %v", name, h, err)
		return
	}
	if ku := c.CanonicalizeURL(u); ku != k {
		t.Errorf("%s: CanonicalizeURL of %q is %q, Canonicalize %q", name, h, ku, k)
	}
	if again, err := c.Canonicalize(k); err != nil || again != k {
		t.Errorf("%s: %q gives %q, and that %q, %v", name, h, k, again, err)
	}
}

// TestCanonicalizeRemoves checks that URLs of the test data and variants
// of them that differ only in what a profile removes get the same key.
func TestCanonicalizeRemoves(t *testing.T) {
	const id = "0123456789abcdefghijklmnopqrstuv"
	type variant func(u *weburl.URL) string
	common := []variant{
		func(u *weburl.URL) string { v := u.Clone(); v.SetHash("frag"); return v.Href() },
		func(u *weburl.URL) string {
			v := u.Clone()
			v.SetUsername("user")
			v.SetPassword("pw")
			return v.Href()
		},
		// A letter of the path percent-encoded, twice.
		func(u *weburl.URL) string {
			p := u.Pathname()
			for i := 0; i < len(p); i++ {
				if c := p[i]; 'a' <= c && c <= 'z' {
					v := u.Clone()
					v.SetPathname(p[:i] + "%25" + strings.ToUpper(string("0123456789abcdef"[c>>4])+string("0123456789abcdef"[c&15])) + p[i+1:])
					return v.Href()
				}
			}
			return u.Href()
		},
		// A run of "/" in the path.
		func(u *weburl.URL) string { v := u.Clone(); v.SetPathname("/" + u.Pathname()); return v.Href() },
	}
	removes := map[string][]variant{
		"SafeBrowsing": append(slices.Clone(common),
			func(u *weburl.URL) string { v := u.Clone(); v.SetPort("8080"); return v.Href() },
			func(u *weburl.URL) string { return " \t" + u.Href()[:5] + "\n" + u.Href()[5:] + " " },
			func(u *weburl.URL) string {
				host := strings.ToUpper(u.Hostname()) + "..."
				if u.Port() != "" {
					host += ":" + u.Port()
				}
				return u.Protocol() + "//" + host + afterAuthority(u)
			},
		),
		"Wayback": append(slices.Clone(common),
			func(u *weburl.URL) string {
				if u.HostValue().Kind() != weburl.HostDomain || allDots([]byte(u.Hostname())) {
					return u.Href()
				}
				return u.Protocol() + "//www." + u.Host() + afterAuthority(u)
			},
			func(u *weburl.URL) string {
				v := u.Clone()
				v.SetPathname(strings.ToUpper(u.Pathname()))
				return v.Href()
			},
			func(u *weburl.URL) string { v := u.Clone(); v.SetSearch(strings.ToUpper(u.Search())); return v.Href() },
			func(u *weburl.URL) string {
				v := u.Clone()
				v.SetSearch("?" + reversePairs(u.Search(), false))
				return v.Href()
			},
			func(u *weburl.URL) string { v := u.Clone(); v.SetPathname(u.Pathname() + "/"); return v.Href() },
			func(u *weburl.URL) string {
				v := u.Clone()
				v.SetSearch("jsessionid=" + id + "&" + strings.TrimPrefix(u.Search(), "?"))
				if u.Search() == "" {
					v.SetSearch("jsessionid=" + id)
				}
				return v.Href()
			},
			func(u *weburl.URL) string {
				if u.HasSearch() || u.HasHash() {
					return u.Href()
				}
				return u.Href() + "?"
			},
		),
		"Frontier": {
			func(u *weburl.URL) string {
				v := u.Clone()
				v.SetHash("#frontier")
				return v.Href()
			},
			func(u *weburl.URL) string {
				if u.Search() == "" {
					return u.Href()
				}
				v := u.Clone()
				v.SetSearch("?" + reversePairs(u.Search(), true))
				return v.Href()
			},
			func(u *weburl.URL) string {
				if u.HasSearch() {
					return u.Href()
				}
				v := u.Clone()
				v.SetHash("")
				return v.Href() + "?"
			},
			func(u *weburl.URL) string {
				// Every unreserved character of the path percent-encoded,
				// and every percent-encoded byte in lower-case hex.
				v := u.Clone()
				var b strings.Builder
				p := u.Pathname()
				for i := 0; i < len(p); i++ {
					switch c := p[i]; {
					case ascii.StartsWithPercentByte(p, i):
						b.WriteString(strings.ToLower(p[i : i+3]))
						i += 2
					case isUnreserved(c):
						fmt.Fprintf(&b, "%%%02x", c)
					default:
						b.WriteByte(c)
					}
				}
				if v.SetPathname(b.String()) != nil {
					return u.Href()
				}
				return v.Href()
			},
		},
		"SortQuery": {
			func(u *weburl.URL) string {
				if u.Search() == "" {
					return u.Href()
				}
				v := u.Clone()
				v.SetSearch("?" + reversePairs(u.Search(), true))
				return v.Href()
			},
		},
	}
	checked := 0
	for _, u := range corpus.Corpus(t, weburl.Parse) {
		if u.Scheme() != "http" && u.Scheme() != "https" || u.HostValue().Kind() == weburl.HostIPv6 {
			continue
		}
		for _, p := range profiles {
			want, err := p.c.Canonicalize(u.Href())
			if err != nil {
				t.Fatalf("%s: %q: %v", p.name, u.Href(), err)
			}
			for i, v := range removes[p.name] {
				in := v(u)
				if got, err := p.c.Canonicalize(in); err != nil || got != want {
					t.Errorf("%s: %q (variant %d of %q) gives %q, %v; want %q", p.name, in, i, u.Href(), got, err, want)
				}
				checked++
			}
		}
	}
	if checked < 500000 {
		t.Errorf("only %d variants", checked)
	}
}

// afterAuthority returns the href of u, an http: or https: URL, after
// its authority: from the path's "/".
func afterAuthority(u *weburl.URL) string {
	rest := u.Href()[len(u.Protocol())+2:]
	return rest[strings.IndexByte(rest, '/'):]
}

// reversePairs returns the query search ("?..."), less "?", with its
// pairs in the reverse order; keepNames keeps pairs of the same name in
// their order.
func reversePairs(search string, keepNames bool) string {
	pairs := strings.Split(strings.TrimPrefix(search, "?"), "&")
	if !keepNames {
		slices.Reverse(pairs)
		return strings.Join(pairs, "&")
	}
	var names []string
	byName := map[string][]string{}
	for _, p := range pairs {
		name, _, _ := strings.Cut(p, "=")
		if _, ok := byName[name]; !ok {
			names = append(names, name)
		}
		byName[name] = append(byName[name], p)
	}
	slices.Reverse(names)
	var out []string
	for _, n := range names {
		out = append(out, byName[n]...)
	}
	return strings.Join(out, "&")
}

// TestSURTGroups checks that sorting the SURTs of the test data's http(s)
// URLs puts each registrable domain's URLs together, and a host's own
// URLs before those of its subdomains.
func TestSURTGroups(t *testing.T) {
	type entry struct{ surt, domain, host string }
	var entries []entry
	for _, u := range corpus.Corpus(t, weburl.Parse) {
		if u.Scheme() != "http" && u.Scheme() != "https" || u.HostValue().Kind() != weburl.HostDomain {
			continue
		}
		s, err := SURT(u.Href(), SURTOptions{KeepWWW: true})
		if err != nil {
			t.Fatalf("%q: %v", u.Href(), err)
		}
		d, ok := u.HostValue().RegistrableDomain(publicsuffix.List)
		if !ok {
			continue
		}
		entries = append(entries, entry{s, d, u.Hostname()})
	}
	slices.SortFunc(entries, func(a, b entry) int { return strings.Compare(a.surt, b.surt) })
	seen := map[string]bool{}
	for i, e := range entries {
		if i > 0 && entries[i-1].domain == e.domain {
			continue
		}
		if seen[e.domain] {
			t.Errorf("the SURTs of %s are not together: %q", e.domain, e.surt)
		}
		seen[e.domain] = true
	}
	// Within a host, its own SURTs come before its subdomains': ")" sorts
	// before ",".
	hostFirst := map[string]int{}
	for i, e := range entries {
		if _, ok := hostFirst[e.host]; !ok {
			hostFirst[e.host] = i
		}
	}
	for i, e := range entries {
		if parent, ok := strings.CutPrefix(e.host, strings.SplitN(e.host, ".", 2)[0]+"."); ok {
			if j, ok := hostFirst[parent]; ok && j > i {
				t.Errorf("%q sorts before its parent %q", e.surt, entries[j].surt)
			}
		}
	}
	if len(seen) < 1000 {
		t.Errorf("only %d registrable domains", len(seen))
	}
}

func FuzzCanonicalize(f *testing.F) {
	for _, tc := range safeBrowsingExamples {
		f.Add(tc[0])
	}
	f.Add("http://www.archive.org/goo/?a=2&b&a=1")
	f.Add("sc://%2E/a/%252e%252e?b=%26#x")
	f.Fuzz(func(t *testing.T, in string) {
		for _, p := range profiles {
			k, err := p.c.Canonicalize(in)
			if err != nil {
				// A Lenient profile fails with an *Error, the others with
				// the URL Standard's parser's.
				var e *Error
				var we *weburl.Error
				if p.c.Lenient && !errors.As(err, &e) || !p.c.Lenient && !errors.As(err, &we) {
					t.Fatalf("%s: %q: %v (%T) is not the error it should be", p.name, in, err, err)
				}
				continue
			}
			if again, err := p.c.Canonicalize(k); err != nil || again != k {
				t.Errorf("%s: %q gives %q, and that %q, %v", p.name, in, k, again, err)
			}
		}
		if u, err := weburl.Parse(in); err == nil {
			for _, p := range profiles {
				checkCanonical(t, p.name, p.c, u.Href(), u)
			}
		}
		if _, err := SURT(in, SURTOptions{WithScheme: true, TrailingComma: true}); err != nil {
			var e *weburl.Error
			if !errors.As(err, &e) {
				t.Fatalf("SURT: %q: %v is no *weburl.Error", in, err)
			}
		}
		checkAppendSURT(t, in, SURTOptions{})
	})
}

// TestCanonicalizeLinearTime checks that canonicalizing takes time linear
// in the input's length (n log n where the query is sorted) on inputs
// that repeat what the rules remove or rewrite: 64 times the input may take
// at most 512 times as long (see linear.Check); quadratic time would take
// 4096 times as long.
func TestCanonicalizeLinearTime(t *testing.T) {
	n := 1 << 10
	if testing.Short() {
		n = 256
	}
	const id = "0123456789abcdefghijklmnopqrstuv"
	for _, a := range []struct {
		name string
		make func(k int) string
	}{
		{"percent", func(k int) string { return "http://h/" + strings.Repeat("%25", k) + "41" }},
		{"pairs", func(k int) string { return "http://h/?" + strings.Repeat("b=1&a=", k) }},
		// One long pair among many: each comparison the sort made read
		// the pairs it compared for their "=".
		{"longpair", func(k int) string { return "http://h/?" + strings.Repeat("0", k) + strings.Repeat("&", k) }},
		{"jsessionid", func(k int) string { return "http://h/?" + strings.Repeat("jsessionid="+id+"&", k) }},
		{"sid", func(k int) string { return "http://h/?" + strings.Repeat("sid="+id+"x", k) }},
		{"cfidmid", func(k int) string { return "http://h/?" + strings.Repeat("cfid=cfid=", k) + "&x" }},
		{"aspxq", func(k int) string {
			return "http://h/" + strings.Repeat("(abcdefghijklmnopqrstuvwx)/", k) + "%3F/x.aspx"
		}},
		{"cfid", func(k int) string {
			return "http://h/?" + strings.Repeat("cfid=1&", k) + strings.Repeat("cftoken=2&", k)
		}},
		{"aspx", func(k int) string {
			return "http://h/" + strings.Repeat("(a(abcdefghijklmnopqrstuvwx))/", k) + "x.aspx"
		}},
		{"dots", func(k int) string { return "http://h/" + strings.Repeat("a/../", k) }},
		{"www", func(k int) string { return "http://" + strings.Repeat("www.", k) + "x/" }},
		{"hostdots", func(k int) string { return "http://" + strings.Repeat(".a", k) + "./" }},
	} {
		for _, p := range profiles {
			linear.Check(t, p.name+", "+a.name, a.make(n), a.make(linear.MinRatio*n), func(s string) { _, _ = p.c.Canonicalize(s) })
		}
		linear.Check(t, "SURT CDXCompatible, "+a.name, a.make(n), a.make(linear.MinRatio*n), func(s string) {
			_, _ = SURT(s, SURTOptions{CDXCompatible: true})
		})
	}
}

// hasStrayDotsBytes is hasStrayDots by strings.Contains.
func hasStrayDotsBytes(h []byte) bool {
	return len(h) > 0 && (h[0] == '.' || h[len(h)-1] == '.' || strings.Contains(string(h), ".."))
}

// lowerBytes lowercases the ASCII letters of s a byte at a time.
func lowerBytes(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// FuzzWordAtATime compares the word-at-a-time scans and lowercasing with
// byte-at-a-time ones, and the reversals of a host's labels, byte by
// byte and by the mask of its dots, with strings.Split's; and
// authorityMarks with three calls of strings.LastIndexByte.
func FuzzWordAtATime(f *testing.F) {
	for _, s := range []string{"u:p@[::1]:80", "a@b@c:1]:2", "h:1:2", "/a//b", "/A/./%(|", "abcdefg/", "/abcdefg/.", "abcdefgh//", "a.......b", "abcdefg..", "www.example.com", "a.b", ".", "a.bcdefghijklmn.", "0123456789.0123456789.0123456789.0123456789.0123456789.0123.567"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		at, colon := authorityMarks(s)
		wantAt, wantColon := strings.LastIndexByte(s, '@'), -1
		if host := s[wantAt+1:]; strings.LastIndexByte(host, ':') > strings.LastIndexByte(host, ']') {
			wantColon = wantAt + 1 + strings.LastIndexByte(host, ':')
		}
		if at != wantAt || colon != wantColon {
			t.Errorf("authorityMarks(%q) = %d, %d; want %d, %d", s, at, colon, wantAt, wantColon)
		}
		b := []byte(s)
		for i := range b {
			b[i] &= 0x7F
		}
		seven := string(b) // s in ASCII, for the scans that read only ASCII
		b = []byte(s)
		if ascii.LowerBytes(b); string(b) != lowerBytes(s) {
			t.Errorf("LowerBytes(%q) = %q", s, b)
		}
		for _, lower := range []bool{false, true} {
			b := []byte(s)
			slashes, paren := lowerAndScan(b, lower)
			want := s
			if lower {
				want = lowerBytes(s)
			}
			if string(b) != want || slashes != strings.Contains(s, "//") || paren != strings.Contains(s, "(") {
				t.Errorf("lowerAndScan(%q, %v) = %q, %v, %v", s, lower, b, slashes, paren)
			}
		}
		if got, want := hasStrayDots([]byte(s)), hasStrayDotsBytes([]byte(s)); got != want {
			t.Errorf("hasStrayDots(%q) = %v, byte by byte %v", s, got, want)
		}
		// s, and s with each byte's high bit cleared, as a parsed path is
		// ASCII: the random inputs that are not would seldom reach a
		// plain path's answers.
		for _, p := range []string{s, seven} {
			wantPlain := true
			for i := 0; i < len(p); i++ {
				wantPlain = wantPlain && (p[i] < '%' || p[i] > '(') && p[i] < 0x80
			}
			for _, lower := range []bool{false, true} {
				want := p
				if lower {
					want = lowerBytes(p)
				}
				got, slashes, plain := appendPlainPath([]byte("x"), p, lower)
				if plain != wantPlain || plain && (string(got) != "x"+want || slashes != strings.Contains(p, "//")) || !plain && string(got) != "x" {
					t.Errorf("appendPlainPath(%q, %q, %v) = %q, %v, %v", "x", p, lower, got, slashes, plain)
				}
			}
		}
		if got, want := hasStrayDots(s), hasStrayDotsBytes([]byte(s)); got != want {
			t.Errorf("hasStrayDots of the string %q = %v, byte by byte %v", s, got, want)
		}
		labels := strings.Split(s, ".")
		slices.Reverse(labels)
		if got, want := string(appendReversedLabels(nil, []byte(s))), strings.Join(labels, ","); got != want {
			t.Errorf("appendReversedLabels(%q) = %q, want %q", s, got, want)
		}
		s = seven // ByteMask reads ASCII, as a domain is
		labels = strings.Split(s, ".")
		slices.Reverse(labels)
		if dots, ok := ascii.ByteMask(s, '.'); ok { // checked in internal/ascii's FuzzWords
			if got, want := strayDots(dots, len(s)), hasStrayDotsBytes([]byte(s)); got != want {
				t.Errorf("strayDots(%q) = %v, byte by byte %v", s, got, want)
			}
			if got, want := string(appendLabelsByMask(nil, s, dots)), strings.Join(labels, ","); got != want {
				t.Errorf("appendLabelsByMask(%q) = %q, want %q", s, got, want)
			}
		}
	})
}

// TestCanonicalizeAllocs checks the allocations of each profile and of
// SURT on the lines of kasztp.txt: at most 2 on average, the key included.
// (An input that is not its own serialization costs the href; a key that
// differs from the input, its string.)
func TestCanonicalizeAllocs(t *testing.T) {
	lines := corpus.Lines(t, "kasztp.txt")
	perLine := func(op func(s string)) float64 {
		return testing.AllocsPerRun(3, func() {
			for _, s := range lines {
				op(s)
			}
		}) / float64(len(lines))
	}
	for _, p := range profiles {
		n := perLine(func(s string) { _, _ = p.c.Canonicalize(s) })
		if n > 2 {
			t.Errorf("%s: %.2f allocations per line, want at most 2", p.name, n)
		}
		t.Logf("%s: %.2f allocations per line", p.name, n)
	}
	n := perLine(func(s string) { _, _ = SURT(s, SURTOptions{}) })
	if n > 2 {
		t.Errorf("SURT: %.2f allocations per line, want at most 2", n)
	}
	t.Logf("SURT: %.2f allocations per line", n)
	// A key that is its input costs nothing.
	for _, p := range profiles {
		in := "https://example.com/a?b=1"
		if n := testing.AllocsPerRun(100, func() { _, _ = p.c.Canonicalize(in) }); n != 0 {
			t.Errorf("%s.Canonicalize(%q) allocates %v times, want 0", p.name, in, n)
		}
	}
}

// TestProfilesIndependent checks that changing a profile variable changes
// what that variable gives and nothing else: SURT and the other profiles
// read rules of their own.
func TestProfilesIndependent(t *testing.T) {
	const in = "http://www.Archive.org/Goo/?b=2&a=1"
	before, err := SURT(in, SURTOptions{})
	if err != nil {
		t.Fatal(err)
	}
	keepWWW, _ := SURT(in, SURTOptions{KeepWWW: true})
	saved := Wayback
	defer func() { Wayback = saved }()
	Wayback.LowercasePath = false
	Wayback.QueryOrder = QueryAsIs
	if got, _ := SURT(in, SURTOptions{}); got != before {
		t.Errorf("SURT after changing Wayback: %q, before %q", got, before)
	}
	if got, _ := SURT(in, SURTOptions{KeepWWW: true}); got != keepWWW {
		t.Errorf("SURT with KeepWWW after changing Wayback: %q, before %q", got, keepWWW)
	}
	if got, _ := Wayback.Canonicalize(in); got != "http://archive.org/Goo?b=2&a=1" {
		t.Errorf("the changed Wayback gives %q", got)
	}
}

// TestFrontier checks which URLs share a Frontier key: those that differ
// only in the fragment, the query's order (repeated names keeping theirs),
// an empty query, or how they write the same bytes (RFC 3986, section
// 6.2.2); and which do not: the path's and query's case and the bytes
// they encode, a final "/", "www." and the scheme.
func TestFrontier(t *testing.T) {
	key := func(s string) string {
		k, err := Frontier.Canonicalize(s)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		return k
	}
	for _, same := range [][]string{
		{"https://a.example/page#a", "https://a.example/page#b", "https://a.example/page", "https://a.example/page#"},
		{"https://a.example/p?b=1&a=2&a=1", "https://a.example/p?a=2&b=1&a=1", "https://a.example/p?a=2&a=1&b=1#f"},
		{"https://a.example/p?", "https://a.example/p"},
		{"https://a.example/%7euser/", "https://a.example/%7Euser/", "https://a.example/~user/"},
		{"https://a.example/%41%2d%5f%2E%31", "https://a.example/A-_.1"},
		{"https://a.example/%c3%a9?q=%c3%a9", "https://a.example/%C3%A9?q=%C3%A9", "https://a.example/é?q=é"},
		{"https://a.example/?q=%7e", "https://a.example/?q=~"},
		{"https://u%7e:p@a.example/", "https://u~:p@a.example/"},
		{"sc://h%7e/x", "sc://h~/x"},
		{"HTTPS://A.EXAMPLE:443/p", "https://a.example/p"},
	} {
		want := key(same[0])
		for _, s := range same[1:] {
			if got := key(s); got != want {
				t.Errorf("%q gives %q, %q gives %q: want one key", same[0], want, s, got)
			}
		}
	}
	for _, apart := range [][2]string{
		{"https://a.example/ABOUT.html", "https://a.example/about.html"},
		{"https://a.example/?q=%83X", "https://a.example/?q=%83x"},
		{"https://a.example/?Q=1", "https://a.example/?q=1"},
		{"https://a.example/%2F", "https://a.example//"},
		{"https://a.example/docs/", "https://a.example/docs"},
		{"https://www.a.example/", "https://a.example/"},
		{"http://a.example/", "https://a.example/"},
		{"https://a.example/p?a=1&a=2", "https://a.example/p?a=2&a=1"},
		{"https://a.example/p?a+b", "https://a.example/p?a%20b"},
	} {
		if a, b := key(apart[0]), key(apart[1]); a == b {
			t.Errorf("%q and %q both give %q: want two keys", apart[0], apart[1], a)
		}
	}
	if got, want := key("https://a.example/%7euser/Page?b=2&a=%41#top"), "https://a.example/~user/Page?a=A&b=2"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
