package canon_test

import (
	"bytes"
	"fmt"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/canon"
	"golang.org/x/net/publicsuffix"
)

// Links found on a page, resolved and deduplicated with SortQuery: URLs
// that differ only in how they are written (case, the default port, a
// relative form) or in their query's order get one key, which is still a
// URL a browser would load. The keys are grouped by registrable domain.
func Example_dedupe() {
	page, err := weburl.Parse("https://www.example.co.uk/shop/")
	if err != nil {
		panic(err)
	}
	links := []string{
		"item?id=7&color=red",
		"item?color=red&id=7",
		"HTTPS://WWW.EXAMPLE.CO.UK:443/shop/item?id=7&color=red",
		"https://blog.example.co.uk/post?tag=go&page=2",
		"https://blog.example.co.uk/post?page=2&tag=go",
		"https://example.org/a?b=1&a=2",
		"//example.org/a?a=2&b=1",
		"../about",
	}
	seen := map[string]bool{}
	groups := map[string][]string{}
	var domains []string
	for _, link := range links {
		u, err := page.Parse(link)
		if err != nil {
			continue
		}
		key := canon.SortQuery.CanonicalizeURL(u)
		if seen[key] {
			continue
		}
		seen[key] = true
		domain, _ := u.HostValue().RegistrableDomain(publicsuffix.List)
		if groups[domain] == nil {
			domains = append(domains, domain)
		}
		groups[domain] = append(groups[domain], key)
	}
	for _, d := range domains {
		fmt.Println(d)
		for _, key := range groups[d] {
			fmt.Println("  " + key)
		}
	}
	// Output:
	// example.co.uk
	//   https://www.example.co.uk/shop/item?color=red&id=7
	//   https://blog.example.co.uk/post?page=2&tag=go
	//   https://www.example.co.uk/about
	// example.org
	//   https://example.org/a?a=2&b=1
}

func ExampleCanonicalizer_Canonicalize() {
	for _, c := range []struct {
		name string
		c    *canon.Canonicalizer
	}{{"SafeBrowsing", &canon.SafeBrowsing}, {"Wayback", &canon.Wayback}, {"SortQuery", &canon.SortQuery}, {"Frontier", &canon.Frontier}} {
		key, err := c.c.Canonicalize("HTTP://www.Example.com:80/a/%7Euser//index.html?b=2&a=1#top")
		if err != nil {
			panic(err)
		}
		fmt.Printf("%-12s %s\n", c.name, key)
	}
	// Output:
	// SafeBrowsing http://www.example.com/a/~user/index.html?b=2&a=1
	// Wayback      http://example.com/a/~user/index.html?a=1&b=2
	// SortQuery    http://www.example.com/a/%7Euser//index.html?a=1&b=2#top
	// Frontier     http://www.example.com/a/~user//index.html?a=1&b=2
}

func ExampleCanonicalizer_custom() {
	// Wayback's rules, but keeping "www." and the path's case.
	c := canon.Wayback
	c.StripWWW = false
	c.LowercasePath = false
	key, err := c.Canonicalize("https://www.example.com/Docs/?jsessionid=0123456789abcdefghijklmnopqrstuv&q=Go")
	if err != nil {
		panic(err)
	}
	fmt.Println(key)
	// Output: https://www.example.com/Docs?q=go
}

func ExampleSURT() {
	for _, in := range []string{
		"http://www.archive.org/goo/?a=2&b&a=1",
		"https://blog.archive.org/2026/11/",
		"http://192.168.1.254/info/",
		"dns:archive.org",
	} {
		key, err := canon.SURT(in, canon.SURTOptions{})
		if err != nil {
			panic(err)
		}
		fmt.Println(key)
	}
	key, _ := canon.SURT("http://www.archive.org/", canon.SURTOptions{WithScheme: true, TrailingComma: true})
	fmt.Println(key)
	// Output:
	// org,archive)/goo?a=1&a=2&b
	// org,archive,blog)/2026/11
	// 254,1,168,192)/info
	// dns:archive.org
	// http://(org,archive,)/
}

// Keys appended to one buffer, as an index writes them: no key is
// allocated a string of its own.
func ExampleAppendSURT() {
	var index bytes.Buffer
	for _, in := range []string{"https://www.archive.org/about/?b=2&a=1", "http://blog.archive.org/2026/"} {
		line, err := canon.AppendSURT(index.AvailableBuffer(), in, canon.SURTOptions{})
		if err != nil {
			panic(err)
		}
		index.Write(append(line, ' '))
		index.WriteString(in + "\n")
	}
	fmt.Print(index.String())
	// Output:
	// org,archive)/about?a=1&b=2 https://www.archive.org/about/?b=2&a=1
	// org,archive,blog)/2026 http://blog.archive.org/2026/
}

// A page's links, resolved against it and keyed by SURT without being
// parsed again.
func ExampleSURTURL() {
	page, _ := weburl.Parse("https://www.archive.org/details/")
	for _, href := range []string{"../about/?b=2&a=1#top", "//blog.archive.org/2026/"} {
		u, err := page.Parse(href)
		if err != nil {
			panic(err)
		}
		key, _ := canon.SURTURL(u, canon.SURTOptions{})
		fmt.Println(key)
	}
	// Output:
	// org,archive)/about?a=1&b=2
	// org,archive,blog)/2026
}
