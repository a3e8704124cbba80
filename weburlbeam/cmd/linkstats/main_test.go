package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/options/jobopts"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/universal"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/corpus"
	"github.com/weburl/weburl/weburlbeam/internal/beamtest"
)

// TestMain runs the tests on the Prism runner, where the loopback is the
// only interface up (see beamtest.Main).
func TestMain(m *testing.M) {
	beamtest.Main(m, "linkstats")
}

// readLines reads a file as ReadLines does.
func readLines(t testing.TB, path string) []string {
	lines, err := readFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return lines
}

// compare checks the files linkstats wrote at prefix against want.
func compare(t *testing.T, prefix string, want map[string]string) {
	t.Helper()
	for suffix, w := range want {
		got, err := os.ReadFile(prefix + suffix)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != w {
			gl, wl := strings.Split(string(got), "\n"), strings.Split(w, "\n")
			for i := 0; i < len(gl) && i < len(wl); i++ {
				if gl[i] != wl[i] {
					t.Errorf("%s: line %d is %q, the loop's %q (%d and %d lines)", suffix, i+1, gl[i], wl[i], len(gl), len(wl))
					break
				}
			}
			if len(gl) != len(wl) {
				t.Errorf("%s: %d lines, the loop's %d", suffix, len(gl), len(wl))
			}
		}
	}
}

func kasztp(t testing.TB) string { return corpus.ListPath(t, "kasztp.txt") }

// TestURLs runs linkstats on kasztp.txt on Prism: its files equal, byte
// for byte, those of a plain loop over the same lines with weburl.
func TestURLs(t *testing.T) {
	beamtest.RunsPipelines(t)
	prefix := filepath.Join(t.TempDir(), "out")
	p, s := beam.NewPipelineWithRoot()
	build(s, false, kasztp(t), prefix)
	ptest.RunAndValidate(t, p)
	compare(t, prefix, loop(readLines(t, kasztp(t)), false))
}

// linksFile writes a links file made from kasztp.txt: each URL a page,
// with an href made from the next (relative when it can be, and some
// that fail), and returns its path.
func linksFile(t *testing.T, n int) string {
	lines := readLines(t, kasztp(t))
	var b strings.Builder
	b.WriteString("\uFEFF")
	for i := 0; i+1 < len(lines) && i < n; i++ {
		page, next := lines[i], lines[i+1]
		href := next
		if u, err := weburl.Parse(page); err == nil {
			if v, err := weburl.Parse(next); err == nil {
				href = u.MakeRelative(v)
			}
		}
		switch i % 50 {
		case 7:
			href = "http://[::1"
		case 13:
			href = "../" + href
		case 21:
			href = " #frag\t"
		}
		b.WriteString(page + "\t" + href + "\r\n")
	}
	path := filepath.Join(t.TempDir(), "links.txt")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestLinks runs linkstats -links on links made from kasztp.txt.
func TestLinks(t *testing.T) {
	beamtest.RunsPipelines(t)
	path := linksFile(t, 20000)
	prefix := filepath.Join(t.TempDir(), "out")
	p, s := beam.NewPipelineWithRoot()
	build(s, true, path, prefix)
	ptest.RunAndValidate(t, p)
	compare(t, prefix, loop(readLines(t, path), true))
}

// TestPortableRunner runs linkstats through Beam's portable runner
// against a Prism job server that the test starts on the loopback, as a
// Flink or Spark job server would be reached: the same files again.
func TestPortableRunner(t *testing.T) {
	beamtest.RunsPipelines(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	if _, err := prism.CreateJobServer(ctx, prism.Options{Port: port}); err != nil {
		t.Fatal(err)
	}
	saved := [...]string{*jobopts.Endpoint, *jobopts.EnvironmentType}
	defer func() { *jobopts.Endpoint, *jobopts.EnvironmentType = saved[0], saved[1] }()
	*jobopts.Endpoint = fmt.Sprintf("127.0.0.1:%d", port)
	*jobopts.EnvironmentType = "LOOPBACK"

	path := linksFile(t, 3000)
	prefix := filepath.Join(t.TempDir(), "out")
	p, s := beam.NewPipelineWithRoot()
	build(s, true, path, prefix)
	if _, err := universal.Execute(ctx, p); err != nil {
		t.Fatal(err)
	}
	compare(t, prefix, loop(readLines(t, path), true))
}
