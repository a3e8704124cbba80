package links_test

import (
	"fmt"
	"log"
	"strings"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/links"
)

// A windows-1251 page with a <base> after its first link: the base still
// applies to every link, and the query keeps the page's encoding.
func Example() {
	page := "<!DOCTYPE html><title>Поиск</title>" + // in windows-1251 below
		`<a href="search?q=привет">search</a>` +
		`<base href="https://cdn.example/ru/">` +
		`<img src="logo.png" srcset="logo-2x.png 2x">` +
		`<form action=""></form>`
	body := encode1251(page)

	doc, err := links.Extract(strings.NewReader(body), links.Options{
		URL:         weburl.MustParse("https://example.com/index.html"),
		ContentType: "text/html; charset=windows-1251",
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(doc.Encoding, doc.BaseURL)
	for _, l := range doc.Links {
		fmt.Println(l.Element, l.Attr, l.URL)
	}
	// Output:
	// windows-1251 https://cdn.example/ru/
	// a href https://cdn.example/ru/search?q=%EF%F0%E8%E2%E5%F2
	// base href https://cdn.example/ru/
	// img src https://cdn.example/ru/logo.png
	// img srcset https://cdn.example/ru/logo-2x.png
	// form action https://example.com/index.html
}

// encode1251 encodes the ASCII and Cyrillic of s in windows-1251.
func encode1251(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < 0x80:
			b.WriteRune(r)
		case r >= 'А' && r <= 'я':
			b.WriteByte(byte(r - 'А' + 0xC0))
		default:
			panic("not in this example's windows-1251")
		}
	}
	return b.String()
}
