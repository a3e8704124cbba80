//go:build !js

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/weburl/weburl/cmd/weburl/internal/viewer"
)

// shutdownGrace is how long an interrupted -serve gives the requests in
// progress to finish before it closes every connection.
const shutdownGrace = 5 * time.Second

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
	return serveUntil(ctx, ln, shutdownGrace, stderr)
}

// serveUntil serves the viewer on ln until ctx is done, then stops: it
// gives the requests in progress grace to finish and closes the rest. A
// connection a browser opened ahead of a request it never sent (Chromium
// keeps such spare sockets) is not a request, and net/http's Shutdown
// counts it as in progress for its first 5 seconds; stopping as asked is
// then still a success (status 0). A failure to serve is status 1.
func serveUntil(ctx context.Context, ln net.Listener, grace time.Duration, stderr io.Writer) int {
	srv := &http.Server{Handler: viewer.Handler(), ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(stderr, "weburl: serving the URL viewer at http://%s/\n", ln.Addr())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		fmt.Fprintf(stderr, "weburl: -serve: %v\n", err)
		return 1
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	err := srv.Shutdown(shutdown)
	if errors.Is(err, context.DeadlineExceeded) {
		// Close closes the connections; its error, if any, is of
		// closing the listener again, which Shutdown closed.
		_ = srv.Close()
		fmt.Fprintf(stderr, "weburl: -serve: connections still open %v after the interrupt, closed\n", grace)
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "weburl: -serve: %v\n", err)
		return 1
	}
	return 0
}
