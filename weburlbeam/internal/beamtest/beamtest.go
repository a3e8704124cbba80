// Package beamtest runs the tests of weburlbeam's packages on Beam's
// Prism runner, in their own process, where the loopback interface is
// the only one up.
package beamtest

import (
	"fmt"
	"net"
	"os"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
)

// Main runs m's tests on the Prism runner and exits; pkg names the
// package in messages. Prism's job server listens on every interface (its
// jobservices.NewServer binds ":port"), so Main fails, saying how to run
// the tests, when an interface other than the loopback is up: `make
// test-beam` runs them in a network namespace of their own. Beam's
// loopback worker leaves an empty file in the temporary directory for
// each pipeline it runs (apache/beam#27569): Main gives the tests a
// directory of their own, and removes it.
func Main(m *testing.M, pkg string) {
	if err := loopbackOnly(); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\nRun the tests with `make test-beam`, which runs them in a network namespace whose only interface is the loopback.\n", pkg, err)
		os.Exit(1)
	}
	tmp, err := os.MkdirTemp("", "weburlbeam-test-")
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", pkg, err)
		os.Exit(1)
	}
	os.Setenv("TMPDIR", tmp)
	code := ptest.MainRetWithDefault(m, "prism")
	os.RemoveAll(tmp)
	os.Exit(code)
}

// loopbackOnly returns nil when every interface that is up is a loopback
// interface, and an error naming one that is not otherwise.
func loopbackOnly() error {
	ifaces, err := net.Interfaces()
	if err != nil {
		return err
	}
	for _, i := range ifaces {
		if i.Flags&net.FlagUp != 0 && i.Flags&net.FlagLoopback == 0 {
			return fmt.Errorf("the interface %s is up: Prism would listen on it", i.Name)
		}
	}
	return nil
}
