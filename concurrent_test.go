package weburl

import (
	"fmt"
	"sync"
	"testing"
)

// readAll calls every method of u that only reads it, and returns what
// they give as one string.
func readAll(u *URL) string {
	sp := u.SearchParams()
	a, _ := sp.Get("a")
	q, _ := u.Query().Get("a")
	text, _ := u.MarshalText()
	bin, _ := u.AppendBinary(nil)
	value, _ := u.Value()
	addr, ok := u.DialAddress()
	rel, err := u.Parse("../x?y#z")
	v := u.Clone()
	return fmt.Sprint(u.Href(), u.String(), u.Origin(), u.Protocol(), u.Username(), u.Password(),
		u.Host(), u.Hostname(), u.Port(), u.Pathname(), u.Search(), u.Hash(), u.RequestURI(),
		u.Redacted(), u.IsAbs(), u.HostValue(), u.OriginValue().String(), u.Display(DisplayOptions{MaxLength: 30}),
		sp.String(), sp.Size(), a, q, u.StdURL().String(), string(text), string(bin), value,
		u.LogValue().String(), addr, ok, hrefOf(rel), err, u.CanParse("x"), u.JoinPath("j").Href(),
		v.Equal(u), u.EqualExcludingFragments(v), *v == *u)
}

// TestConcurrentReaders shares each URL of a sample between goroutines
// that only read it, through every method that reads; under the race
// detector (make test-race) a write to the URL fails the test. Every
// goroutine must see what a lone reader sees.
func TestConcurrentReaders(t *testing.T) {
	var urls []*URL
	for _, s := range []string{
		"https://user:pass@example.com:8080/a/b?a=1&b=2&a=3#frag",
		"https://xn--fa-hia.example/?a=%F0%9F%8D%A3",
		"http://[::1]/", "file:///C:/x", "sc:opaque?a=b", "blob:https://example.com/uuid",
		"http://1.2.3.4/?a=", "sc://host/p?a#f",
	} {
		u, err := Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		urls = append(urls, u)
	}
	for _, u := range urls {
		want := readAll(u)
		var wg sync.WaitGroup
		for range 4 {
			wg.Go(func() {
				for range 20 {
					if got := readAll(u); got != want {
						t.Errorf("a reader sharing %q got\n%s\nwant\n%s", u.Href(), got, want)
						return
					}
				}
			})
		}
		wg.Wait()
	}
}
