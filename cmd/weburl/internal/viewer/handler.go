//go:build !js

package viewer

import (
	"embed"
	"encoding/json"
	"io/fs"
	"net/http"
)

// page holds the page's files: the page, its script and its style sheet,
// all it loads.
//
//go:embed page
var page embed.FS

// Handler answers the viewer's requests: the page at /, its files, and
// GET /api/parse?url=U&base=B, the [Answer] for U against B as JSON.
func Handler() http.Handler {
	files, _ := fs.Sub(page, "page")
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

// apiParse answers GET /api/parse?url=U&base=B with Parse(U, B).
func apiParse(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_ = json.NewEncoder(w).Encode(Parse(q.Get("url"), q.Get("base"))) // a client gone is no error of the server's
}
