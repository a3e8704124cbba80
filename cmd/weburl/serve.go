package main

import (
	"bytes"
	"context"
	"embed"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"github.com/weburl/weburl"
)

// viewerFiles are the viewer page's files: the page, its script and its
// style sheet, all it loads.
//
//go:embed viewer
var viewerFiles embed.FS

// serve serves the live URL viewer on addr until it is interrupted
// (SIGINT or SIGTERM), and returns the exit status.
func serve(addr string, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		fmt.Fprintf(stderr, "weburl: -serve: %v\n", err)
		return 1
	}
	srv := &http.Server{Handler: viewerHandler(), ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(stderr, "weburl: serving the URL viewer at http://%s/\n", ln.Addr())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		fmt.Fprintf(stderr, "weburl: -serve: %v\n", err)
		return 1
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		fmt.Fprintf(stderr, "weburl: -serve: %v\n", err)
		return 1
	}
	return 0
}

// viewerHandler answers the viewer's requests: the page at /, its files,
// and /api/parse.
func viewerHandler() http.Handler {
	files, _ := fs.Sub(viewerFiles, "viewer")
	static := http.FileServerFS(files)
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/parse", apiParse)
	mux.HandleFunc("GET /{file...}", func(w http.ResponseWriter, r *http.Request) {
		// The page loads nothing from elsewhere, and nothing may load
		// it in a frame.
		w.Header().Set("Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		static.ServeHTTP(w, r)
	})
	return mux
}

// apiParse answers GET /api/parse?url=U&base=B with parseJSON(U, B).
func apiParse(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(parseJSON(q.Get("url"), q.Get("base"))) // a client gone is no error of the server's
}

// parseJSON is the viewer's answer for input against rawBase: the object
// weburl -json prints for it (no base when rawBase is empty), with
// "valid" (weburl.IsValid) and "errors", the validation errors of
// weburl.Validate with their byte offsets in the input. A base that does
// not parse fails the whole, as new URL(input, base) throws: "error" is
// then the base's failure, and "errors" the base's validation errors,
// with "errorsOf": "base".
func parseJSON(input, rawBase string) []byte {
	wk := newWorker(&options{json: true})
	var base *weburl.URL
	errsOf, errsInput := "url", input
	var out bytes.Buffer
	if rawBase != "" {
		wk.baseHref = &rawBase
		b, err := weburl.Parse(rawBase)
		if err != nil {
			wk.printJSON(&out, input, nil, err)
			errsOf, errsInput = "base", rawBase
		}
		base = b
	}
	if errsOf == "url" {
		u, err := (&weburl.Parser{Base: base}).Parse(input)
		wk.printJSON(&out, input, u, err)
	}
	b := bytes.TrimSuffix(out.Bytes(), []byte("}\n"))
	b = append(b, `,"valid":`...)
	b = strconv.AppendBool(b, errsOf == "url" && weburl.IsValid(input, base))
	if errsOf == "base" {
		b = append(b, `,"errorsOf":"base"`...)
	}
	b = append(b, `,"errors":[`...)
	for i, e := range weburl.Validate(errsInput, base) {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"code":`...)
		b = appendJSONString(b, e.Code.String())
		b = append(b, `,"offset":`...)
		b = strconv.AppendInt(b, int64(e.Offset), 10)
		b = append(b, `,"description":`...)
		b = appendJSONString(b, e.Code.Description())
		b = append(b, `,"fatal":`...)
		b = strconv.AppendBool(b, e.Fatal)
		b = append(b, '}')
	}
	return append(b, "]}\n"...)
}
