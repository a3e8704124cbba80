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

// A router: the first route that matches handles the request, with the
// groups of its pathname.
func ExampleSet_router() {
	routes := []string{
		"/users/:id",
		"/users/:id/posts/:post(\\d+)",
		"/assets/*",
	}
	var patterns []*urlpattern.Pattern
	for _, r := range routes {
		p, err := urlpattern.CompileBase(r, "https://api.example.com", nil)
		if err != nil {
			panic(err)
		}
		patterns = append(patterns, p)
	}
	router := urlpattern.NewSet(patterns...)

	u, _ := weburl.Parse("https://api.example.com/users/ada/posts/7")
	if i, ok := router.Match(u); ok {
		r := patterns[i].ExecURL(u)
		id, _ := r.Pathname.Get("id")
		post, _ := r.Pathname.Get("post")
		fmt.Println(routes[i], id, post)
	}
	u, _ = weburl.Parse("https://api.example.com/assets/css/site.css")
	fmt.Println(slices.Collect(router.All(u)))
	// Output:
	// /users/:id/posts/:post(\d+) ada 7
	// [2]
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
