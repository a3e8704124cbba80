//go:build !js

package main

import (
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a strings.Builder the server and the test may share.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startServe runs serveUntil on a loopback listener and returns its
// address, the function that interrupts it and the channel of its status.
func startServe(t *testing.T, grace time.Duration, stderr io.Writer) (string, context.CancelFunc, <-chan int) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	status := make(chan int, 1)
	go func() { status <- serveUntil(ctx, ln, grace, stderr) }()
	return ln.Addr().String(), cancel, status
}

func waitStatus(t *testing.T, status <-chan int, stderr *syncBuffer) int {
	t.Helper()
	select {
	case s := <-status:
		return s
	case <-time.After(30 * time.Second):
		t.Fatalf("serveUntil did not return within 30 s of the interrupt; it wrote:\n%s", stderr)
		return -1
	}
}

// TestServeInterrupted: an interrupt stops the viewer with status 0,
// whether the browser left a kept-alive connection idle or opened a spare
// one it never sent a request on (as Chromium does; net/http's Shutdown
// waits up to 5 s for such a connection, which made -serve exit 1 when
// its grace was also 5 s).
func TestServeInterrupted(t *testing.T) {
	for _, spare := range []bool{false, true} {
		var stderr syncBuffer
		addr, interrupt, status := startServe(t, 300*time.Millisecond, &stderr)
		resp, err := http.Get("http://" + addr + "/api/parse?url=" + "https://example.com/")
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("GET /api/parse: %s", resp.Status)
		}
		if spare {
			c, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
		}
		start := time.Now()
		interrupt()
		if s := waitStatus(t, status, &stderr); s != 0 {
			t.Errorf("spare connection %v: status %d after an interrupt; it wrote:\n%s", spare, s, &stderr)
		}
		if spare && !strings.Contains(stderr.String(), "closed") {
			t.Errorf("spare connection: closed without saying so; it wrote:\n%s", &stderr)
		}
		t.Logf("spare connection %v: stopped %v after the interrupt", spare, time.Since(start).Round(time.Millisecond))
	}
}

// TestServeFails: a listener that fails is status 1, said on stderr.
func TestServeFails(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln.Close()
	var stderr syncBuffer
	if s := serveUntil(context.Background(), ln, time.Second, &stderr); s != 1 {
		t.Errorf("status %d serving on a closed listener", s)
	}
	if !strings.Contains(stderr.String(), "weburl: -serve: ") {
		t.Errorf("no error on stderr: %q", stderr.String())
	}
}
