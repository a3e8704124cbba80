// Package browsertest starts what the browser tests need: headless
// Chromium driven through the DevTools protocol (chromedp), and the
// weburl command, built from this checkout. Everything listens on and
// talks to 127.0.0.1 only, and no host name resolves in the browser.
package browsertest

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// ChromiumPath is the Chromium binary: $CHROMIUM, else chromium in PATH.
func ChromiumPath(t testing.TB) string {
	name := os.Getenv("CHROMIUM")
	if name == "" {
		name = "chromium"
	}
	path, err := exec.LookPath(name)
	if err != nil {
		t.Fatalf("no Chromium (%v): `make test-browsers` installs Debian's chromium, or set CHROMIUM", err)
	}
	return path
}

// Chromium starts headless Chromium and returns a context for a tab in
// it; the test's end stops it.
func Chromium(t testing.TB, opts ...chromedp.ExecAllocatorOption) context.Context {
	all := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(ChromiumPath(t)),
		chromedp.Flag("headless", "new"),
		chromedp.Flag("no-sandbox", os.Geteuid() == 0), // root has no user namespace sandbox
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"), // nothing leaves the machine
	)
	all = append(all, opts...)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), all...)
	ctx, cancel := chromedp.NewContext(allocCtx)
	t.Cleanup(func() {
		_ = chromedp.Cancel(ctx)
		cancel()
		cancelAlloc()
	})
	// Start it now, so that a test's time limits count the page, not the
	// browser's start.
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	return ctx
}

var (
	buildOnce sync.Once
	binary    string
	buildErr  error
)

// Weburl returns the path of the weburl command, built once from this
// checkout.
func Weburl(t testing.TB) string {
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "weburl-browsers")
		if err != nil {
			buildErr = err
			return
		}
		binary = filepath.Join(dir, "weburl")
		// Built in the root module, with its go.sum, as users build
		// it: this module requires only the packages it imports.
		_, file, _, _ := runtime.Caller(0)
		cmd := exec.Command("go", "build", "-o", binary, "./cmd/weburl")
		cmd.Dir = filepath.Join(filepath.Dir(file), "..", "..", "..")
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build ./cmd/weburl: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binary
}

// Serve starts `weburl -serve 127.0.0.1:0` and returns the viewer's URL;
// the test's end stops it.
func Serve(t testing.TB) string {
	cmd := exec.Command(Weburl(t), "-serve", "127.0.0.1:0")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// What it writes after its address, kept for the failures below.
	var (
		mu      sync.Mutex
		written []string
		drained = make(chan struct{})
	)
	said := func() string {
		mu.Lock()
		defer mu.Unlock()
		return strings.Join(written, "\n")
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(os.Interrupt)
		done := make(chan error, 1)
		go func() {
			<-drained // Wait closes the pipe: read it all first
			done <- cmd.Wait()
		}()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("weburl -serve, interrupted: %v; it wrote:\n%s", err, said())
			}
		case <-time.After(15 * time.Second):
			_ = cmd.Process.Kill()
			t.Errorf("weburl -serve did not stop within 15 s of an interrupt; it wrote:\n%s", said())
		}
	})
	lines := bufio.NewScanner(stderr)
	found := make(chan string, 1)
	go func() {
		defer close(drained)
		re := regexp.MustCompile(`http://127\.0\.0\.1:\d+/`)
		for lines.Scan() {
			if m := re.FindString(lines.Text()); m != "" {
				found <- m
				break
			}
		}
		for lines.Scan() {
			mu.Lock()
			if len(written) < 100 {
				written = append(written, lines.Text())
			}
			mu.Unlock()
		}
	}()
	select {
	case u := <-found:
		return u
	case <-time.After(30 * time.Second):
		t.Fatal("weburl -serve printed no address within 30 s")
		return ""
	}
}
