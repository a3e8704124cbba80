//go:build !js

package main

import (
	"context"
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
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		fmt.Fprintf(stderr, "weburl: -serve: %v\n", err)
		return 1
	}
	return 0
}
