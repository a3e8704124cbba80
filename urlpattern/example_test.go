package urlpattern_test

import (
	"fmt"
	"slices"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/urlpattern"
)

func Example() {
	p := urlpattern.MustCompile("https://*.example.com/books/:id(\\d+)")
	fmt.Println(p.Test("https://shop.example.com/books/42"))
	fmt.Println(p.Test("https://shop.example.com/books/forty-two"))

	r := p.Exec("https://shop.example.com/books/42?ref=home")
	id, _ := r.Pathname.Get("id")
	sub, _ := r.Hostname.Get("0")
	fmt.Println(id, sub)
	// Output:
	// true
	// false
	// 42 shop
}

func ExamplePattern_Exec() {
	// An optional group that does not take part is JavaScript's
	// undefined: Matched is false.
	p := urlpattern.MustCompile("https://example.com/docs/:section/:page?")
	for _, href := range []string{"https://example.com/docs/api/parse", "https://example.com/docs/api"} {
		r := p.Exec(href)
		for _, g := range r.Pathname.Groups {
			fmt.Printf("%s=%q matched=%v; ", g.Name, g.Value, g.Matched)
		}
		fmt.Println(href)
	}
	// Output:
	// section="api" matched=true; page="parse" matched=true; https://example.com/docs/api/parse
	// section="api" matched=true; page="" matched=false; https://example.com/docs/api
}

// A crawl scope: the first pattern that matches decides, so deny rules
// come before the allow rules they carve out of.
func ExampleSet() {
	rules := []struct {
		pattern string
		allow   bool
	}{
		{"https://*.example.com/private/*", false},
		{"https://*.example.com/*", true},
		{"https://example.org/blog/*", true},
	}
	var patterns []*urlpattern.Pattern
	for _, r := range rules {
		patterns = append(patterns, urlpattern.MustCompile(r.pattern))
	}
	scope := urlpattern.NewSet(patterns...)

	for _, href := range []string{
		"https://www.example.com/products/1",
		"https://www.example.com/private/keys",
		"https://example.org/blog/2026/hello",
		"https://example.org/admin",
	} {
		u, _ := weburl.Parse(href)
		i, ok := scope.Match(u)
		fmt.Println(href, ok && rules[i].allow)
	}
	// Output:
	// https://www.example.com/products/1 true
	// https://www.example.com/private/keys false
	// https://example.org/blog/2026/hello true
	// https://example.org/admin false
}

// A router: routes on the pathname alone, on any host, and the first
// that matches handles the request, with the groups of its pathname from
// one match. The groups are the URL's path as it is, percent-encoded:
// decode a group that is to be read as text.
func ExampleSet_router() {
	routes := []string{
		"/users/:id",
		"/users/:id/posts/:post(\\d+)",
		"/assets/*",
	}
	var patterns []*urlpattern.Pattern
	for _, r := range routes {
		p, err := urlpattern.CompilePathname(r, nil)
		if err != nil {
			panic(err)
		}
		patterns = append(patterns, p)
	}
	router := urlpattern.NewSet(patterns...)

	for _, href := range []string{
		"https://api.example.com/users/ada/posts/7",
		"http://localhost:8080/users/J%C3%BCrgen",
		"https://cdn.example.net/assets/css/site.css",
		"https://api.example.com/nowhere",
	} {
		u, _ := weburl.Parse(href)
		i, r := router.Exec(u)
		if i < 0 {
			fmt.Println("no route for", u.Pathname())
			continue
		}
		id, _ := r.Pathname.Get("id")
		fmt.Printf("%s id=%q (%s)\n", routes[i], id, weburl.PercentDecode(id))
	}
	// Output:
	// /users/:id/posts/:post(\d+) id="ada" (ada)
	// /users/:id id="J%C3%BCrgen" (Jürgen)
	// /assets/* id="" ()
	// no route for /nowhere
}

func ExampleCompilePathname() {
	p, err := urlpattern.CompilePathname("/books/:id", nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Protocol(), p.Hostname(), p.Pathname())
	fmt.Println(p.Test("https://example.com/books/42"), p.Test("http://localhost:8080/books/42?x#y"))
	// Output:
	// * * /books/:id
	// true true
}

func ExamplePattern_Generate() {
	p := urlpattern.MustCompile("https://example.com/books/:id/:title")
	path, err := p.Generate(urlpattern.Pathname, map[string]string{"id": "42", "title": "Le Petit Prince"})
	fmt.Println(path, err)
	_, err = p.Generate(urlpattern.Pathname, map[string]string{"id": "42", "title": "a/b"})
	fmt.Println(err != nil)
	// Output:
	// /books/42/Le%20Petit%20Prince <nil>
	// true
}

func ExampleCompareComponent() {
	routes := []*urlpattern.Pattern{
		urlpattern.MustCompile("https://example.com/*"),
		urlpattern.MustCompile("https://example.com/books/:id"),
		urlpattern.MustCompile("https://example.com/books/new"),
	}
	// The most specific pathname first.
	slices.SortFunc(routes, func(a, b *urlpattern.Pattern) int {
		return urlpattern.CompareComponent(urlpattern.Pathname, b, a)
	})
	for _, r := range routes {
		fmt.Println(r.Pathname())
	}
	// Output:
	// /books/new
	// /books/:id
	// /*
}

func ExampleCompileInit() {
	pathname := "/api/:version(v\\d+)/*"
	p, err := urlpattern.CompileInit(urlpattern.Init{Pathname: &pathname}, &urlpattern.Options{IgnoreCase: true})
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Protocol(), p.Hostname(), p.Pathname(), p.HasRegExpGroups())
	fmt.Println(p.Test("http://any.host:8080/API/v2/items"))
	// Output:
	// * * /api/:version(v\d+)/* true
	// true
}
