package weburl_test

import (
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestWeight measures what importing weburl costs a program that only
// parses URLs, beside the same program with net/url: the stripped binary's
// size (go build -ldflags='-s -w', with the default cgo setting), its
// packages and its package inits. The root package must not bring an HTTP
// stack or the Public Suffix List (net/http, net, crypto/tls,
// golang.org/x/net/publicsuffix): those are for package fetch and for
// programs that pass a list. Built with Go 1.26, the oldest release go.mod
// allows, the binary must be at most 1.5 times the size of net/url's and
// statically linked; with newer Go the test reports the figures (with Go
// 1.27, database/sql/driver, which URL.Value implements, brings crypto/rand
// through its uuid package).
func TestWeight(t *testing.T) {
	if runtime.GOOS == "wasip1" || runtime.GOOS == "js" {
		// WebAssembly runs no processes: the build it measures is the
		// host's, which the host's own go test measures.
		t.Skip("builds and runs programs: not under " + runtime.GOOS)
	}
	// go test puts the toolchain's bin directory first in PATH.
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Fatal(err)
	}
	repo, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(gobin, "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		switch dep {
		case "net/http", "net", "crypto/tls", "golang.org/x/net/publicsuffix":
			t.Errorf("the root package depends on %s", dep)
		}
	}

	sum, err := os.ReadFile("go.sum")
	if err != nil {
		t.Fatal(err)
	}
	build := func(name, importPath, call string) (size int64, deps, inits int, static bool) {
		dir := t.TempDir()
		src := "package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n\n\t\"" + importPath + "\"\n)\n\n" +
			"func main() {\n\tu, err := " + call + "(os.Args[1])\n\tfmt.Println(u, err)\n}\n"
		mod := "module " + name + "\n\ngo 1.26\n\nrequire github.com/weburl/weburl v0.0.0\n\nreplace github.com/weburl/weburl => " + repo + "\n"
		for file, text := range map[string]string{"main.go": src, "go.mod": mod, "go.sum": string(sum)} {
			if err := os.WriteFile(filepath.Join(dir, file), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		bin := filepath.Join(dir, name)
		run := func(args ...string) []byte {
			cmd := exec.Command(gobin, args...)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
			}
			return out
		}
		run("build", "-ldflags=-s -w", "-o", bin, ".")
		deps = len(strings.Fields(string(run("list", "-deps", "."))))
		fi, err := os.Stat(bin)
		if err != nil {
			t.Fatal(err)
		}
		f, err := elf.Open(bin)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		libs, _ := f.ImportedLibraries()
		static = len(libs) == 0
		for _, p := range f.Progs {
			static = static && p.Type != elf.PT_INTERP
		}
		// GODEBUG=inittrace=1 prints a line for each package init.
		cmd := exec.Command(bin, "http://example.com/")
		cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
		out, _ := cmd.CombinedOutput()
		for line := range strings.Lines(string(out)) {
			if strings.HasPrefix(line, "init ") {
				inits++
			}
		}
		return fi.Size(), deps, inits, static
	}
	wSize, wDeps, wInits, wStatic := build("withweburl", "github.com/weburl/weburl", "weburl.Parse")
	nSize, nDeps, nInits, _ := build("withneturl", "net/url", "url.Parse")
	ratio := float64(wSize) / float64(nSize)
	goarch := os.Getenv("GOARCH") // the target of go build, as of go test
	if goarch == "" {
		goarch = runtime.GOARCH
	}
	t.Logf("%s %s/%s: weburl.Parse %d bytes, %d packages, %d inits; net/url.Parse %d bytes, %d packages, %d inits; %.2f×",
		runtime.Version(), runtime.GOOS, goarch, wSize, wDeps, wInits, nSize, nDeps, nInits, ratio)
	if !wStatic {
		t.Error("the program that calls weburl.Parse is dynamically linked")
	}
	if strings.HasPrefix(runtime.Version(), "go1.26") && runtime.GOOS == "linux" && goarch == "amd64" && ratio > 1.5 {
		t.Errorf("the program that calls weburl.Parse is %.2f times the size of net/url's; at most 1.5", ratio)
	}
}
