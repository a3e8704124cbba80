// Command site serves a small web site on the loopback interface for
// wget to crawl into the WARC files of warc's tests (../../testdata/wget.sh):
// pages that link to one another the ways the HTML Standard allows (a
// <base>, srcset, relative and scheme-relative references), redirects, a
// missing page, a chunked and a gzip-encoded answer, and paths and
// queries with bytes outside ASCII.
//
//	go run ./warc/internal/site 127.0.0.1:PORT
package main

import (
	"compress/gzip"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"strings"
)

var pages = map[string]string{
	"/": `<!doctype html><title>home</title>
<link rel=stylesheet href="/style.css">
<a href="about.html">About</a> <a href="/dir/">Dir</a> <a href="/redirect">Moved</a>
<a href="/missing">Missing</a> <a href="/chunked">Chunked</a> <a href="/gzip">Gzip</a>
<a href="/caf%C3%A9/menu?lang=fr&amp;b=2">Café</a> <a href="/search?q=a+b&z=1&a=2">Search</a>
<img src="/img/a.png" srcset="/img/a.png 1x, /img/a@2x.png 2x">`,
	"/about.html":           `<!doctype html><title>about</title><a href="/">Home</a> <a href="./dir/page.html#top">Page</a>`,
	"/dir/":                 `<!doctype html><base href="/dir/sub/"><title>dir</title><a href="leaf.html">Leaf</a> <a href="../page.html">Up</a>`,
	"/dir/page.html":        `<!doctype html><title>page</title><a href="//127.0.0.1:PORT/about.html">Scheme-relative</a> <form action="/post" method=post></form>`,
	"/dir/sub/leaf.html":    `<!doctype html><meta charset=windows-1252><title>leaf</title><a href="/?q=` + "\xe9" + `">Query in windows-1252</a>`,
	"/dir/sub/../page.html": ``,
	"/café/menu":            `<!doctype html><title>menu</title><a href="/">Home</a>`,
	"/search":               `<!doctype html><title>search</title><a href="/search?q=next">Next</a>`,
	"/gzip":                 `<!doctype html><title>gzip</title><a href="/about.html">About</a>`,
}

func main() {
	log.SetFlags(0)
	if len(os.Args) != 2 {
		log.Fatal("usage: site 127.0.0.1:PORT")
	}
	ln, err := net.Listen("tcp", os.Args[1])
	if err != nil {
		log.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/redirect":
			http.Redirect(w, r, "/about.html", http.StatusMovedPermanently)
			return
		case "/style.css":
			w.Header().Set("Content-Type", "text/css")
			fmt.Fprint(w, "body { background: url(/img/bg.png) }")
			return
		case "/chunked":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			for i := range 3 {
				fmt.Fprintf(w, "<p><a href=\"/chunk/%d\">part %d</a>\n", i, i)
				w.(http.Flusher).Flush()
			}
			return
		case "/post":
			w.Header().Set("Content-Type", "text/plain")
			fmt.Fprint(w, "posted")
			return
		}
		if strings.HasPrefix(r.URL.Path, "/img/") {
			w.Header().Set("Content-Type", "image/png")
			w.Write([]byte("\x89PNG\r\n\x1a\n"))
			return
		}
		body, ok := pages[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		body = strings.ReplaceAll(body, "PORT", fmt.Sprint(port))
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if r.URL.Path == "/gzip" {
			w.Header().Set("Content-Encoding", "gzip")
			z := gzip.NewWriter(w)
			z.Write([]byte(body))
			z.Close()
			return
		}
		w.Header().Set("Content-Length", fmt.Sprint(len(body)))
		w.Write([]byte(body))
	})
	log.Fatal(http.Serve(ln, mux))
}
