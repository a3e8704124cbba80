package viewer

import (
	"context"
	"net"
	"net/http"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/weburl/weburl/browsers/internal/browsertest"
)

// TestStatic builds the static viewer (make viewer-static: weburl
// compiled to WebAssembly, answering in the page) into a temporary
// folder, hosts it with a plain file server, and checks the page as
// TestViewer does, on cases that reach its errors, its bases and
// Chromium's departures.
func TestStatic(t *testing.T) {
	dir := t.TempDir()
	build := exec.Command("make", "-s", "viewer-static", "VIEWER_DIR="+dir)
	build.Dir = filepath.Join("..", "..")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("make viewer-static: %v\n%s", err, out)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.FileServer(http.Dir(dir))}
	go srv.Serve(ln)
	defer srv.Close()
	page := "http://" + ln.Addr().String() + "/"

	ctx := browsertest.Chromium(t)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	for i, c := range cases(t)[:12] {
		input, base := c[0], c[1]
		// Each case loads the page anew: WebAssembly starts each time.
		if err := chromedp.Do(ctx, chromedp.Navigate(page+"?"+itoa(i)+"#"+fragment(input, base))); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`+(document.body.dataset.shown || 0) > 0`)); err != nil {
			t.Fatalf("%q against %q: the static page showed nothing: %v", input, base, err)
		}
		s := state(t, ctx)
		if s.URL != input || s.Base != base {
			t.Errorf("inputs %q and %q, want %q and %q", s.URL, s.Base, input, base)
		}
		check(t, ctx, s, input, base)
	}
}
