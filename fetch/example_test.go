package fetch_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"time"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/fetch"
)

func ExampleNewRequest() {
	// A server on the loopback interface that answers with the request
	// line's target.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, r.Method, " ", r.RequestURI)
	}))
	defer srv.Close()

	u, err := weburl.Parse(srv.URL + "/a b/./c?q=ü d")
	if err != nil {
		panic(err)
	}
	req, err := fetch.NewRequest(context.Background(), http.MethodGet, u, nil)
	if err != nil {
		panic(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	fmt.Println(string(body))
	// Output: GET /a%20b/c?q=%C3%BC%20d
}

func ExampleFollowRedirects() {
	// A server on the loopback interface that redirects /old to a Location
	// net/url reads otherwise than a browser, and answers other requests
	// with the request line's target.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/old" {
			w.Header().Set("Location", `\new page?q=ü`)
			w.WriteHeader(http.StatusMovedPermanently)
			return
		}
		fmt.Fprint(w, r.Method, " ", r.RequestURI)
	}))
	defer srv.Close()

	client := fetch.FollowRedirects(http.DefaultClient)
	u, err := weburl.Parse(srv.URL + "/old")
	if err != nil {
		panic(err)
	}
	req, err := fetch.NewRequest(context.Background(), http.MethodGet, u, nil)
	if err != nil {
		panic(err)
	}
	resp, err := client.Do(req)
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	fmt.Println(string(body))
	fmt.Println(resp.Request.URL.Path)
	// Output:
	// GET /new%20page?q=%C3%BC
	// /new page
}

func ExampleClient() {
	// A server on the loopback interface that sets a cookie and redirects
	// /old to a Location with a space, and answers other requests with the
	// request line's target and the cookie it was sent.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/old" {
			http.SetCookie(w, &http.Cookie{Name: "session", Value: "1"})
			w.Header().Set("Location", "/new page")
			w.WriteHeader(http.StatusFound)
			return
		}
		fmt.Fprint(w, r.Method, " ", r.RequestURI, " ", r.Header.Get("Cookie"))
	}))
	defer srv.Close()

	jar, err := cookiejar.New(nil)
	if err != nil {
		panic(err)
	}
	client := fetch.NewClient(&http.Client{Jar: jar, Timeout: 10 * time.Second})
	defer client.CloseIdleConnections()

	u, err := weburl.Parse(srv.URL + "/old")
	if err != nil {
		panic(err)
	}
	resp, err := client.Get(context.Background(), u)
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	fmt.Println(string(body))
	// Output: GET /new%20page session=1
}

func ExampleResponseURL() {
	// A server on the loopback interface that redirects /old, with a
	// Location net/url reads otherwise than a browser, and answers the
	// request that follows.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/old" {
			w.Header().Set("Location", `\new page?q=ü`)
			w.WriteHeader(http.StatusFound)
			return
		}
		fmt.Fprint(w, "ok")
	}))
	defer srv.Close()

	client := fetch.NewClient(nil)
	u, err := weburl.Parse(srv.URL + "/old#top")
	if err != nil {
		panic(err)
	}
	resp, err := client.Get(context.Background(), u)
	if err != nil {
		panic(err)
	}
	resp.Body.Close()
	final := fetch.ResponseURL(resp) // where the redirect led, as weburl resolved it
	fmt.Println(final.Pathname(), final.Search(), final.Hash())
	// Output: /new%20page ?q=%C3%BC #top
}
