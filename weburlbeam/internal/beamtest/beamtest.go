// Package beamtest runs the tests of weburlbeam's packages on Beam's
// Prism runner where the loopback interface is the only one up.
//
// Prism's job server listens on every interface (its
// jobservices.NewServer binds ":port"), and a pipeline run on Prism in
// process starts one. So a test binary whose machine has another
// interface up runs itself again in a network namespace of its own,
// whose only interface is the loopback: a user namespace too, so that a
// user who is not root can make it (unshare --user --map-root-user
// --net, of util-linux, and ip, of iproute2). Where no namespace can be
// made, the tests that run a pipeline skip, saying why, and the examples
// that do are left out; the others run. `make test-beam` sets
// BEAMTEST_REQUIRE_ISOLATION=1, so that there a test fails instead of
// skipping.
package beamtest

import (
	"bytes"
	"flag"
	"fmt"
	"net"
	"os"
	"os/exec"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
)

// inNamespace is the environment variable set in the test binary that
// runs again in a network namespace.
const inNamespace = "BEAMTEST_IN_NAMESPACE"

// whyNot is why the tests cannot run a pipeline here: "" when they can.
var whyNot string

// Main runs m's tests on the Prism runner and exits; pkg names the
// package in messages. Beam's loopback worker leaves an empty file in
// the temporary directory for each pipeline it runs (apache/beam#27569):
// Main gives the tests a directory of their own, and removes it.
func Main(m *testing.M, pkg string) {
	if err := loopbackOnly(); err != nil {
		if os.Getenv(inNamespace) != "" {
			fmt.Fprintf(os.Stderr, "%s: in the network namespace, %v\n", pkg, err)
			os.Exit(1)
		}
		nsErr := namespaceWorks()
		if nsErr == nil {
			os.Exit(runInNamespace(pkg))
		}
		whyNot = fmt.Sprintf("%v, Prism would listen on it, and no network namespace could be made (%v); `make test-beam` runs this test in one", err, nsErr)
		if os.Getenv("BEAMTEST_REQUIRE_ISOLATION") != "" {
			fmt.Fprintf(os.Stderr, "%s: %s\n", pkg, whyNot)
			os.Exit(1)
		}
		// Examples cannot skip: those that run a pipeline are left out.
		flag.Parse()
		if err := flag.Set("test.skip", "^Example"); err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", pkg, err)
			os.Exit(1)
		}
		fmt.Fprintf(os.Stderr, "%s: examples not run: %s\n", pkg, whyNot)
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

// RunsPipelines marks a test that runs a pipeline on Prism: it skips,
// saying why, where the loopback cannot be the only interface up.
func RunsPipelines(t testing.TB) {
	t.Helper()
	if whyNot != "" {
		t.Skip(whyNot)
	}
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
			return fmt.Errorf("the interface %s is up", i.Name)
		}
	}
	return nil
}

// namespaceCommand returns the command that runs args in a new user and
// network namespace with its loopback interface up.
func namespaceCommand(args ...string) *exec.Cmd {
	return exec.Command("unshare", append([]string{"--user", "--map-root-user", "--net", "--",
		"sh", "-c", `ip link set lo up && exec "$@"`, "sh"}, args...)...)
}

// namespaceWorks reports, as an error, why a network namespace cannot be
// made, or nil.
func namespaceWorks() error {
	out, err := namespaceCommand("true").CombinedOutput()
	if err != nil && len(out) > 0 {
		return fmt.Errorf("unshare: %v: %s", err, bytes.TrimSpace(out))
	}
	if err != nil {
		return fmt.Errorf("unshare: %v", err)
	}
	return nil
}

// runInNamespace runs the test binary again, with its arguments, in a
// network namespace, and returns its exit code.
func runInNamespace(pkg string) int {
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", pkg, err)
		return 1
	}
	cmd := namespaceCommand(append([]string{self}, os.Args[1:]...)...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.Env = append(os.Environ(), inNamespace+"=1")
	if err := cmd.Run(); err != nil {
		if exit, ok := err.(*exec.ExitError); ok {
			return exit.ExitCode()
		}
		fmt.Fprintf(os.Stderr, "%s: %v\n", pkg, err)
		return 1
	}
	return 0
}
