package weburl_test

import (
	"errors"
	"fmt"
	"log"
	"net/url"
	"slices"
	"strings"

	"github.com/weburl/weburl"
	"golang.org/x/net/publicsuffix"
)

func Example() {
	u, err := weburl.Parse("HTTPS://EXAMPLE.com/a/../b c?x y#z")
	if err != nil {
		panic(err)
	}
	fmt.Println(u.Href())
	fmt.Println(u.Hostname(), u.Pathname(), u.Search(), u.Hash())

	link, err := u.Parse("../img/logo.png?v=2")
	if err != nil {
		panic(err)
	}
	fmt.Println(link)
	// Output:
	// https://example.com/b%20c?x%20y#z
	// example.com /b%20c ?x%20y #z
	// https://example.com/img/logo.png?v=2
}

func ExampleParse() {
	for _, s := range []string{
		"http://EXAMPLE.com:80/./a/%7e/../b",
		"https://faß.example/",
		"http://0x7f.1/",
		"http:\\\\example.com\\path",
		"https://[0:0::1]:443/",
	} {
		u, err := weburl.Parse(s)
		if err != nil {
			panic(err)
		}
		fmt.Println(u)
	}
	// Output:
	// http://example.com/a/b
	// https://xn--fa-hia.example/
	// http://127.0.0.1/
	// http://example.com/path
	// https://[::1]/
}

func ExampleParse_error() {
	_, err := weburl.Parse("https://example.com:99999/")
	fmt.Println(err)

	var e *weburl.Error
	if errors.As(err, &e) {
		fmt.Println(e.Code)
	}
	// Output:
	// weburl: parse "https://example.com:99999/": port-out-of-range
	// port-out-of-range
}

func ExampleURL_Parse() {
	base, _ := weburl.Parse("https://example.com/docs/guide/intro.html?lang=en")
	for _, ref := range []string{"setup.html", "../api/", "/", "?lang=fr", "#install", "//cdn.example.net/x.js", "mailto:a@example.com"} {
		u, err := base.Parse(ref)
		if err != nil {
			panic(err)
		}
		fmt.Println(u)
	}
	// Output:
	// https://example.com/docs/guide/setup.html
	// https://example.com/docs/api/
	// https://example.com/
	// https://example.com/docs/guide/intro.html?lang=fr
	// https://example.com/docs/guide/intro.html?lang=en#install
	// https://cdn.example.net/x.js
	// mailto:a@example.com
}

func ExampleCanParse() {
	fmt.Println(weburl.CanParse("https://example.com/"))
	fmt.Println(weburl.CanParse("https://exa mple.com/"))
	fmt.Println(weburl.CanParse("/relative/path"))

	base, _ := weburl.Parse("https://example.com/")
	fmt.Println(base.CanParse("/relative/path"))
	// Output:
	// true
	// false
	// false
	// true
}

func ExampleURL_Origin() {
	for _, s := range []string{
		"https://user:pass@example.com:8443/path",
		"blob:https://example.com/0b1c6c1e-7a3f-4b8f-9d4e-3c2a1b0f9e8d",
		"file:///etc/hosts",
		"data:text/plain,hello",
	} {
		u, _ := weburl.Parse(s)
		fmt.Println(u.Origin())
	}
	// Output:
	// https://example.com:8443
	// https://example.com
	// null
	// null
}

func ExampleURL_SetHost() {
	u, _ := weburl.Parse("https://example.com:8080/path")
	u.SetHost("EXAMPLE.org")
	fmt.Println(u) // the port stays when the value has none
	u.SetHost("example.net:443")
	fmt.Println(u) // the default port is null
	u.SetHost("exa mple.net")
	fmt.Println(u) // not a valid host: unchanged
	// Output:
	// https://example.org:8080/path
	// https://example.net/path
	// https://example.net/path
}

func ExampleURL_SetPathname() {
	u, _ := weburl.Parse("https://example.com/old?q#f")
	u.SetPathname("/a/./b/../c d?")
	fmt.Println(u.Href())
	fmt.Println(u.Pathname())
	// Output:
	// https://example.com/a/c%20d%3F?q#f
	// /a/c%20d%3F
}

func ExampleURL_SetSearch() {
	u, _ := weburl.Parse("https://example.com/search#results")
	u.SetSearch("q=a b&lang=en")
	fmt.Println(u)
	u.SetSearch("")
	fmt.Println(u)
	// Output:
	// https://example.com/search?q=a%20b&lang=en#results
	// https://example.com/search#results
}

func ExampleURL_SetProtocol() {
	u, _ := weburl.Parse("http://example.com:443/")
	u.SetProtocol("https")
	fmt.Println(u) // 443 is the default port of https
	u.SetProtocol("mailto")
	fmt.Println(u) // special to non-special: not allowed
	// Output:
	// https://example.com/
	// https://example.com/
}

func ExampleValidate() {
	for _, e := range weburl.Validate("https://user@example.com/a b\\c", nil) {
		fmt.Println(e)
	}
	// Output:
	// invalid-credentials at 12
	// invalid-URL-unit at 26
	// invalid-reverse-solidus at 28
}

func ExampleIsValid() {
	fmt.Println(weburl.IsValid("https://example.com/a%20b", nil))
	fmt.Println(weburl.IsValid("https://example.com/a b", nil))    // a space is no URL unit
	fmt.Println(weburl.IsValid("https://ex_ample.com/", nil))      // no valid domain with beStrict
	fmt.Println(weburl.IsValid("https://example.com:99999/", nil)) // does not parse
	// Output:
	// true
	// false
	// false
	// false
}

func ExampleParser() {
	p := weburl.Parser{
		OnValidationError: func(e weburl.ValidationError) { fmt.Println(e) },
	}
	_, err := p.Parse("https:\\\\example.com:8o8o/")
	fmt.Println(err)
	// Output:
	// special-scheme-missing-following-solidus at 6
	// special-scheme-missing-following-solidus at 6
	// special-scheme-missing-following-solidus at 7
	// port-invalid at 21 (fatal)
	// weburl: parse "https:\\\\example.com:8o8o/": port-invalid
}

func ExampleHost_RegistrableDomain() {
	for _, s := range []string{"https://www.example.co.uk/", "https://foo.github.io/", "https://github.io/", "https://192.168.0.1/"} {
		u, _ := weburl.Parse(s)
		rd, ok := u.HostValue().RegistrableDomain(publicsuffix.List)
		fmt.Printf("%s: %q %v\n", u.Hostname(), rd, ok)
	}
	// Output:
	// www.example.co.uk: "example.co.uk" true
	// foo.github.io: "foo.github.io" true
	// github.io: "" false
	// 192.168.0.1: "" false
}

// A list of the ICANN section alone, in which "github.io" is no public
// suffix, wraps golang.org/x/net/publicsuffix's function, which says which
// section a rule is from.
type icannList struct{}

func (icannList) PublicSuffix(domain string) string {
	suffix, icann := publicsuffix.PublicSuffix(domain)
	for !icann && strings.Contains(suffix, ".") {
		// A rule of the private section: its ICANN suffix is shorter.
		suffix, icann = publicsuffix.PublicSuffix(suffix[strings.IndexByte(suffix, '.')+1:])
	}
	return suffix
}

func (icannList) String() string { return "ICANN section of " + publicsuffix.List.String() }

func ExamplePublicSuffixList() {
	u, _ := weburl.Parse("https://foo.github.io/")
	all, _ := u.HostValue().RegistrableDomain(publicsuffix.List)
	icann, _ := u.HostValue().RegistrableDomain(icannList{})
	fmt.Println(all)
	fmt.Println(icann)
	// Output:
	// foo.github.io
	// github.io
}

func ExampleOrigin_SameSite() {
	a, _ := weburl.Parse("https://login.example.com/")
	b, _ := weburl.Parse("https://www.example.com/")
	c, _ := weburl.Parse("http://www.example.com/")
	oa, ob, oc := a.OriginValue(), b.OriginValue(), c.OriginValue()
	fmt.Println(oa.SameOrigin(ob), oa.SameSite(ob, publicsuffix.List), ob.SameSite(oc, publicsuffix.List), ob.SchemelesslySameSite(oc, publicsuffix.List))

	d, _ := weburl.Parse("data:text/plain,hi")
	first, second := d.OriginValue(), d.OriginValue()
	fmt.Println(first, first == second) // each opaque origin is new
	// Output:
	// false true false true
	// null false
}

func ExampleURL_Display() {
	u, _ := weburl.Parse("https://user:pass@xn--53h.examplecorp.com.evil.com/caf%C3%A9?q=%E2%9C%93")
	fmt.Println(u.Display(weburl.DisplayOptions{}))
	fmt.Println(u.Display(weburl.DisplayOptions{HostOnly: true, MaxLength: 13, PublicSuffixList: publicsuffix.List}))
	// Output:
	// https://☕.examplecorp.com.evil.com/café?q=✓
	// …com.evil.com
}

func ExampleErrorCode() {
	_, err := weburl.Parse("https://example.com:99999/")
	if errors.Is(err, weburl.ErrPortOutOfRange) {
		fmt.Println("why:", weburl.ErrPortOutOfRange.Description())
	}
	for _, e := range weburl.Validate("https://ex_ample.com/", nil) {
		fmt.Printf("%d: %s: %s\n", e.Offset, e.Code, e.Code.Description())
	}
	// Output:
	// why: the port is greater than 65535
	// 10: domain-to-ASCII: the domain fails IDNA's ToASCII (UTS #46), and the parse with it; or only ToASCII's strict rules (STD3 characters, hyphens, lengths), and the parse goes on
}

func ExampleURL_Query() {
	u, _ := weburl.Parse("https://example.com/search?q=go&page=1")

	// Query is a copy, as net/url's is.
	q := u.Query()
	q.Set("page", "2")
	fmt.Println(q, u)

	// SearchParams is bound to the URL, as JavaScript's url.searchParams.
	u.SearchParams().Set("page", "3")
	fmt.Println(u)
	// Output:
	// q=go&page=2 https://example.com/search?q=go&page=1
	// https://example.com/search?q=go&page=3
}

func ExampleURL_AppendText() {
	u, _ := weburl.Parse("https://example.com/a b")
	b := []byte("link: ")
	b, _ = u.AppendText(b)
	fmt.Println(string(b))
	// Output:
	// link: https://example.com/a%20b
}

func ExampleURL_DialAddress() {
	for _, s := range []string{"https://example.com/", "http://[::1]:8080/", "wss://127.0.0.1/", "sc://host/", "file:///etc/hosts"} {
		u, _ := weburl.Parse(s)
		addr, ok := u.DialAddress()
		fmt.Printf("%q %v\n", addr, ok)
	}
	// Output:
	// "example.com:443" true
	// "[::1]:8080" true
	// "127.0.0.1:443" true
	// "" false
	// "" false
}

func ExamplePercentEncodePathSegment() {
	seg := weburl.PercentEncodePathSegment("a/b c%?#")
	fmt.Println(seg)
	u, _ := weburl.Parse("https://example.com/files/" + seg)
	fmt.Println(u.Pathname())
	fmt.Println(weburl.PercentDecode(seg))
	// Output:
	// a%2Fb%20c%25%3F%23
	// /files/a%2Fb%20c%25%3F%23
	// a/b c%?#
}

func ExamplePercentEncodeComponent() {
	fmt.Println(weburl.PercentEncodeComponent("a=1&b=x y/é"))
	// Output:
	// a%3D1%26b%3Dx%20y%2F%C3%A9
}

func ExamplePercentEncodeForm() {
	enc := weburl.PercentEncodeForm("fish & chips ~ £5")
	fmt.Println(enc)
	fmt.Println(weburl.PercentDecodeForm(enc))
	// Output:
	// fish+%26+chips+%7E+%C2%A35
	// fish & chips ~ £5
}

func ExamplePercentDecode() {
	// Lenient: a "%" that starts no percent-encoded byte stays.
	fmt.Println(weburl.PercentDecode("100%25 %zz %41"))
	// Output:
	// 100% %zz A
}

func ExampleURL_MakeRelative() {
	page, _ := weburl.Parse("https://example.com/docs/guide/intro.html")
	for _, s := range []string{
		"https://example.com/docs/guide/setup.html",
		"https://example.com/docs/api/",
		"https://example.com/docs/guide/",
		"https://example.com/docs/guide/intro.html#install",
		"https://cdn.example.net/x.js",
	} {
		target, _ := weburl.Parse(s)
		ref := page.MakeRelative(target)
		back, _ := page.Parse(ref)
		fmt.Printf("%-16q resolves to %s\n", ref, back)
	}
	// Output:
	// "setup.html"     resolves to https://example.com/docs/guide/setup.html
	// "../api/"        resolves to https://example.com/docs/api/
	// "."              resolves to https://example.com/docs/guide/
	// "#install"       resolves to https://example.com/docs/guide/intro.html#install
	// "//cdn.example.net/x.js" resolves to https://cdn.example.net/x.js
}

func ExampleURL_PathSegments() {
	u, _ := weburl.Parse("https://example.com/files/a%20b/")
	fmt.Printf("%q\n", slices.Collect(u.PathSegments()))

	// Push replaces the empty last segment; a "/" in a segment stays in it.
	_ = u.PushPathSegment("report 1/2.pdf")
	fmt.Println(u)
	seg, _ := u.PopPathSegment()
	fmt.Println(seg, weburl.PercentDecode(seg))

	_ = u.SetPathSegments("x", "y?z")
	fmt.Println(u)
	// Output:
	// ["files" "a%20b" ""]
	// https://example.com/files/a%20b/report%201%2F2.pdf
	// report%201%2F2.pdf report 1/2.pdf
	// https://example.com/x/y%3Fz
}

func ExampleFromFilePath() {
	for _, p := range []struct {
		path  string
		style weburl.PathStyle
	}{
		{"/home/a/100%/#notes", weburl.POSIX},
		{`C:\Users\a b\x.txt`, weburl.Windows},
		{`\\server\share\x`, weburl.Windows},
		{`\\?\C:\x`, weburl.Windows},
	} {
		u, err := weburl.FromFilePath(p.path, p.style)
		if err != nil {
			panic(err)
		}
		fmt.Println(u)
	}
	_, err := weburl.FromFilePath("/a/../b", weburl.POSIX)
	fmt.Println(err)
	// Output:
	// file:///home/a/100%25/%23notes
	// file:///C:/Users/a%20b/x.txt
	// file://server/share/x
	// file:///C:/x
	// weburl: FromFilePath "/a/../b" (POSIX): a ".." segment in a file path
}

func ExampleURL_FilePath() {
	for _, s := range []string{"file:///C:/Users/a%20b/x.txt", "file://server/share/x", "file:///home/a/%25"} {
		u, _ := weburl.Parse(s)
		posix, err1 := u.FilePath(weburl.POSIX)
		windows, err2 := u.FilePath(weburl.Windows)
		fmt.Printf("%q %v; %q %v\n", posix, err1 != nil, windows, err2 != nil)
	}
	// Output:
	// "/C:/Users/a b/x.txt" false; "C:\\Users\\a b\\x.txt" false
	// "" true; "\\\\server\\share\\x" false
	// "/home/a/%" false; "" true
}

func ExampleURL_Hostname() {
	u, _ := weburl.Parse("http://[::1]:8080/")
	fmt.Println(u.Hostname()) // in brackets, as in JavaScript
	addr, _ := u.DialAddress()
	fmt.Println(addr) // for net.Dial
	fmt.Println(u.HostValue().Addr())
	// Output:
	// [::1]
	// [::1]:8080
	// ::1
}

func ExampleURL_StdURL() {
	u, _ := weburl.Parse("https://example.com/a b/%zz?q=1 2")
	v := u.StdURL() // a *url.URL with the WHATWG components, for net/http
	fmt.Println(v.Host, v.RequestURI())
	back, _ := weburl.FromStd(v)
	fmt.Println(back.Equal(u))
	// Output:
	// example.com https://example.com/a%20b/%zz?q=1%202
	// true
}

func ExampleFromStd() {
	v, _ := url.Parse("HTTP://Example.COM/a/../b")
	u, _ := weburl.FromStd(v) // parses v.String() as a browser would
	fmt.Println(u)
	// Output: http://example.com/b
}

func ExampleSearchParams() {
	u, _ := weburl.Parse("https://example.com/search?q=go&page=2")
	params := u.SearchParams() // bound to u: editing it edits u's query
	params.Set("page", "3")
	params.Append("tag", "a b")
	params.Append("tag", "ü")
	params.Delete("q")
	for name, value := range params.All() {
		fmt.Println(name, "=", value)
	}
	fmt.Println(params.GetAll("tag"))
	fmt.Println(u)

	// A list of its own, for a form body.
	form := weburl.ParseSearchParams("")
	form.Append("user", "ann")
	form.Append("note", "1+1=2")
	fmt.Println(form)
	// Output:
	// page = 3
	// tag = a b
	// tag = ü
	// [a b ü]
	// https://example.com/search?page=3&tag=a+b&tag=%C3%BC
	// user=ann&note=1%2B1%3D2
}

func ExampleURL_SetQuery() {
	u, _ := weburl.Parse("https://example.com/p?b=2&a=1#top")
	// net/url's q := u.Query(); q.Set(...); q.Del(...); u.RawQuery = q.Encode()
	q := u.Query()
	q.Set("c", "x y")
	q.Delete("b")
	u.SetQuery(q)
	fmt.Println(u) // the pairs in their order
	u.SetQuery(weburl.SearchParamsFromValues(url.Values{"b": {"2"}, "a": {"x y", "1"}}))
	fmt.Println(u) // sorted by key, as url.Values.Encode sorts
	u.SetQuery(nil)
	fmt.Println(u) // no query left
	// Output:
	// https://example.com/p?a=1&c=x+y#top
	// https://example.com/p?a=x+y&a=1&b=2#top
	// https://example.com/p#top
}

func ExampleURL_JoinPath() {
	u, _ := weburl.Parse("https://example.com/docs/")
	// JoinPath reads each element as a path: "\" is "/" and "%2e%2e" is
	// "..".
	fmt.Println(u.JoinPath(`a\b`, "%2e%2e", "c"))
	// PushPathSegment keeps a string one segment, whatever it holds.
	for _, seg := range []string{`a\b`, "%2e%2e", "c/d"} {
		if err := u.PushPathSegment(seg); err != nil {
			panic(err)
		}
	}
	fmt.Println(u)
	// Output:
	// https://example.com/docs/a/c
	// https://example.com/docs/a%5Cb/%252e%252e/c%2Fd
}

func ExampleURL_SetPort() {
	u, _ := weburl.Parse("https://example.com/")
	fmt.Println(u.SetPort("8443abc"), u) // the digits are taken
	err := u.SetPort("99999")
	fmt.Println(err, u) // refused: the URL is unchanged
	var e *weburl.Error
	if errors.As(err, &e) {
		fmt.Println(e.Code == weburl.ErrPortOutOfRange, e.Code.Description())
	}
	file, _ := weburl.Parse("file:///etc/hosts")
	fmt.Println(file.SetPort("1"))
	// Output:
	// <nil> https://example.com:8443/
	// weburl: set port "99999": port-out-of-range https://example.com:8443/
	// true the port is greater than 65535
	// weburl: set port "1": cannot-have-username-password-port
}

// A small net/url program moved to weburl. It was:
//
//	u, err := url.Parse("HTTPS://Example.COM:443/docs/../guide/a b?lang=en#intro")
//	if err != nil {
//		log.Fatal(err)
//	}
//	fmt.Println(u.Scheme, u.Host, u.Path, u.RawQuery, u.Fragment)
//	q := u.Query()
//	q.Set("page", "2")
//	u.RawQuery = q.Encode()
//	ref, _ := url.Parse("../img/logo.png")
//	fmt.Println(u, u.ResolveReference(ref))
//	fmt.Println(url.QueryEscape("a b&c"), url.PathEscape("a/b c"))
//
// Fields become methods (Scheme, Host), the path and query are read
// percent-encoded (PercentDecode decodes them), the query is edited in
// place through SearchParams, and the URL is the one a browser loads.
func Example_fromNetURL() {
	u, err := weburl.Parse("HTTPS://Example.COM:443/docs/../guide/a b?lang=en#intro")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(u.Scheme(), u.Host(), weburl.PercentDecode(u.Pathname()),
		strings.TrimPrefix(u.Search(), "?"), weburl.PercentDecode(strings.TrimPrefix(u.Hash(), "#")))
	u.SearchParams().Set("page", "2")
	ref, _ := u.Parse("../img/logo.png")
	fmt.Println(u, ref)
	fmt.Println(weburl.PercentEncodeForm("a b&c"), weburl.PercentEncodePathSegment("a/b c"))
	// Output:
	// https example.com /guide/a b lang=en intro
	// https://example.com/guide/a%20b?lang=en&page=2#intro https://example.com/img/logo.png
	// a+b%26c a%2Fb%20c
}

func ExampleParseRequestTarget() {
	// In a net/http handler, the URL the client asked for:
	//	u, err := weburl.ParseRequestTarget(scheme, r.Host, r.RequestURI)
	u, err := weburl.ParseRequestTarget("https", "example.com", "//evil.example/users/x")
	if err != nil {
		panic(err)
	}
	fmt.Println(u.Host(), u.Pathname())

	// Resolved as a reference, the same target names another host.
	ref, err := weburl.MustParse("https://example.com/").Parse("//evil.example/users/x")
	if err != nil {
		panic(err)
	}
	fmt.Println(ref.Host(), ref.Pathname())
	// Output:
	// example.com //evil.example/users/x
	// evil.example /users/x
}
