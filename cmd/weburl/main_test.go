package main

import (
	"bufio"
	"bytes"
	"debug/buildinfo"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/canon"
	"github.com/weburl/weburl/internal/corpus"
	"github.com/weburl/weburl/internal/linear"
	"golang.org/x/net/idna"
)

// The tests build the command and run it, as a user would.

var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "weburl")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "weburl")
	// go test puts the go command's own GOROOT/bin first in PATH.
	build := exec.Command("go", "build", "-o", binary, ".")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		panic("building the command: " + err.Error())
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// runCommand runs the command with args and stdin, and returns its standard
// output, standard error and exit status.
func runCommand(t testing.TB, stdin string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		status = exit.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errOut.String(), status
}

func TestCommand(t *testing.T) {
	for _, tc := range []struct {
		name, stdin    string
		args           []string
		stdout, stderr string
		status         int
	}{
		{"arguments", "", []string{"HTTPS://EXAMPLE.com/a/../b c?x y#z", "http://1.1"},
			"https://example.com/b%20c?x%20y#z\nhttp://1.0.0.1/\n", "", 0},
		{"standard input, LF and CRLF", "http://a/b\r\nhttp://A/c\nhttp://a/ d \r\n", nil,
			"http://a/b\nhttp://a/c\nhttp://a/%20d\n", "", 0},
		{"no final newline", "http://a/b", nil, "http://a/b\n", "", 0},
		{"a lone CR stays", "sc:a\r\r\n", nil, "sc:a\n", "", 0}, // then trimmed as a C0 control by the parser
		{"a byte order mark before the first line", "\uFEFFhttp://a/\n\uFEFFhttp://b/\n", nil,
			"http://a/\n\n", `weburl: line 2: parse "\ufeffhttp://b/": missing-scheme-non-relative-URL` + "\n", 1},
		{"a lone byte order mark", "\uFEFF", nil, "", "", 0},
		{"- reads standard input in its place", "http://b/\nhttp://:1/\n", []string{"http://a/", "-", "http://c/"},
			"http://a/\nhttp://b/\n\nhttp://c/\n", "weburl: line 3: parse \"http://:1/\": host-missing\n", 1},
		{"failures", "http://a/\nhttps://:443\nhttp://b/\n", nil,
			"http://a/\n\nhttp://b/\n", "weburl: line 2: parse \"https://:443\": host-missing\n", 1},
		{"a failing argument", "", []string{"nope"}, "\n", "weburl: line 1: parse \"nope\": missing-scheme-non-relative-URL\n", 1},
		{"base", "", []string{"-base", "https://example.com/docs/", "../img/logo.png", "?q", "//cdn.example/x"},
			"https://example.com/img/logo.png\nhttps://example.com/docs/?q\nhttps://cdn.example/x\n", "", 0},
		{"validate", "https://user@example.com/a b\nhttps://example.com/\nhttps://:1\n", []string{"-validate"},
			"1:12: invalid-credentials: " + weburl.ErrInvalidCredentials.Description() + "\n" +
				"1:26: invalid-URL-unit: " + weburl.ErrInvalidURLUnit.Description() + "\n" +
				"3:8: host-missing (fatal): " + weburl.ErrHostMissing.Description() + "\n", "", 1},
		// A domain that parses but fails the strict ToASCII: "_" breaks
		// UseSTD3ASCIIRules.
		{"validate a domain", "", []string{"-validate", "https://ex_ample.com/"},
			"1:10: domain-to-ASCII: " + weburl.ErrDomainToASCII.Description() + "\n", "", 1},
		{"validate, all valid", "https://example.com/\n", []string{"-validate"}, "", "", 0},
		{"json", "", []string{"-json", "https://u:p@faß.example:8080/p?q#f", "https://:443"},
			`{"input":"https://u:p@faß.example:8080/p?q#f","base":null,"href":"https://u:p@xn--fa-hia.example:8080/p?q#f","origin":"https://xn--fa-hia.example:8080","protocol":"https:","username":"u","password":"p","host":"xn--fa-hia.example:8080","hostname":"xn--fa-hia.example","port":"8080","pathname":"/p","search":"?q","hash":"#f"}` + "\n" +
				`{"input":"https://:443","base":null,"failure":true,"error":"host-missing"}` + "\n", "", 1},
		{"json with a base", "", []string{"-json", "-base", "https://example.com/", "a<b"},
			`{"input":"a<b","base":"https://example.com/","href":"https://example.com/a%3Cb","origin":"https://example.com","protocol":"https:","username":"","password":"","host":"example.com","hostname":"example.com","port":"","pathname":"/a%3Cb","search":"","hash":""}` + "\n", "", 0},
		{"json and validate", "", []string{"-json", "-validate", "http://a/ "},
			`{"input":"http://a/ ","base":null,"href":"http://a/","origin":"http://a","protocol":"http:","username":"","password":"","host":"a","hostname":"a","port":"","pathname":"/","search":"","hash":"","validationErrors":[{"code":"invalid-URL-unit","offset":9,"description":"` + weburl.ErrInvalidURLUnit.Description() + `","fatal":false}]}` + "\n", "", 1},
		// The Safe Browsing page's examples and the surt package's, through
		// the command: bytes of a line as they are, "-" for nothing.
		{"canon safebrowsing", "http://\x01\x80.com/\nwww.google.com\nhttp://3279880203/blah\n", []string{"-canon", "safebrowsing"},
			"http://%01%80.com/\nhttp://www.google.com/\nhttp://195.127.0.11/blah\n", "", 0},
		// The help's frontier example: page#a and page#b are one page.
		{"canon frontier", "https://a.example/page#a\nhttps://a.example/page#b\nhttps://a.example/%7eu/?b&a\n", []string{"-canon", "frontier"},
			"https://a.example/page\nhttps://a.example/page\nhttps://a.example/~u/?a&b\n", "", 0},
		{"canon wayback", "", []string{"-canon", "wayback", "http://www34.archive.org/index.html?b=a&b=b&a=b", "https://:443"},
			"http://archive.org/index.html?a=b&b=a&b=b\n\n", "weburl: line 2: parse \"https://:443\": host-missing\n", 1},
		{"canon sortquery", "https://a.example/?b=2&a=%41&b=1#f\n", []string{"-canon", "sortquery"},
			"https://a.example/?a=%41&b=2&b=1#f\n", "", 0},
		{"canon with a base", "", []string{"-canon", "sortquery", "-base", "https://a.example/x/", "../y?b&a"},
			"https://a.example/y?a&b\n", "", 0},
		{"surt", "http://www.archive.org/goo/?a=2&b&a=1\ndns:archive.org\n\nhttp://192.168.1.254/info/\n", []string{"-surt"},
			"org,archive)/goo?a=1&a=2&b\ndns:archive.org\n-\n254,1,168,192)/info\n", "", 0},
		{"surt with a base", "", []string{"-surt", "-base", "http://www.archive.org/a/", "b/"},
			"org,archive)/a/b\n", "", 0},
		// The surt package's keys (testdata/surt/inputs.jsonl and the
		// issue's examples): "%3F" decoded, brackets and a host of dots lost.
		{"surt-cdx", "https://www.holsteins.ca/%3F\nhttp://[1:2:3:4:5:6:102:304]/\nhttps://..//www.thecasuallounge.ch/\nhttp://example.com:99999/\n", []string{"-surt-cdx"},
			"ca,holsteins)/?\n1:2:3:4:5:6:102:304)/\nhttps://www.thecasuallounge.ch\n\n",
			"weburl: line 4: SURT \"http://example.com:99999/\": the port is above 65535\n", 1},
		{"surt and surt-cdx", "", []string{"-surt", "-surt-cdx", "x"}, "", "give one", 2},
		{"bad profile", "", []string{"-canon", "nope", "x"}, "", "the profiles are frontier, sortquery, safebrowsing and wayback", 2},
		{"canon and json", "", []string{"-canon", "wayback", "-json", "x"}, "", "go with no other output flag", 2},
		{"surt and canon", "", []string{"-surt", "-canon", "wayback", "x"}, "", "go with no other output flag", 2},
		{"bad base", "", []string{"-base", "not a url", "x"}, "", "weburl: -base: parse \"not a url\": missing-scheme-non-relative-URL\n", 2},
		{"bad flag", "", []string{"-nope"}, "", "", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr, status := runCommand(t, tc.stdin, tc.args...)
			if stdout != tc.stdout || status != tc.status || tc.status != 2 && stderr != tc.stderr || tc.status == 2 && !strings.Contains(stderr, tc.stderr) {
				t.Errorf("got status %d\n%s\nstderr:\n%s\nwant status %d\n%s\nstderr:\n%s", status, stdout, stderr, tc.status, tc.stdout, tc.stderr)
			}
		})
	}
}

func TestHelp(t *testing.T) {
	for _, flag := range []string{"-h", "-help", "--help"} {
		stdout, stderr, status := runCommand(t, "", flag)
		for _, want := range []string{"-base URL", "-json", "-validate", "-version", "Exit status", "Examples:", "weburl < urls.txt"} {
			if !strings.Contains(stdout, want) {
				t.Errorf("%s does not mention %q", flag, want)
			}
		}
		if status != 0 || stderr != "" {
			t.Errorf("%s exits with %d, stderr %q", flag, status, stderr)
		}
	}
	// A usage error prints the usage on standard error.
	stdout, stderr, status := runCommand(t, "", "-nope")
	if status != 2 || stdout != "" || !strings.Contains(stderr, "flag provided but not defined: -nope") || !strings.Contains(stderr, "usage: weburl") {
		t.Errorf("-nope: status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
}

func TestVersion(t *testing.T) {
	stdout, stderr, status := runCommand(t, "", "-version")
	// The module's version is what the binary's build information holds:
	// none ("devel") or a version the go command stamps from the clone's
	// commit (a pseudo-version, +dirty with changes not committed).
	info, err := buildinfo.ReadFile(binary)
	if err != nil {
		t.Fatal(err)
	}
	v := "devel"
	if info.Main.Version != "" && info.Main.Version != "(devel)" {
		v = info.Main.Version
	}
	want := "weburl " + v + " (" + runtime.Version() + ", IDNA tables of Unicode " + idna.UnicodeVersion + ")\n"
	if stdout != want || stderr != "" || status != 0 {
		t.Errorf("-version: status %d, %q, stderr %q; want %q", status, stdout, stderr, want)
	}
}

// TestLongLine checks a line longer than the command's read buffer.
func TestLongLine(t *testing.T) {
	path := strings.Repeat("a", 200<<10)
	stdout, _, status := runCommand(t, "http://x/"+path+"\r\nhttp://y/\n")
	if status != 0 || stdout != "http://x/"+path+"\nhttp://y/\n" {
		t.Errorf("status %d, %d bytes of output", status, len(stdout))
	}
}

// TestMaxLength checks -max-length: an input of N bytes parses and one of
// N+1 fails as URL-too-long, in every output form, on standard input (a
// "\r" before the "\n" not counted) and as an argument, and the lines
// after it are answered. Lines longer than a read, and than the command's
// 64 KiB blocks, take the path that skips them.
func TestMaxLength(t *testing.T) {
	for _, n := range []int{20, 100, 2000, 100 << 10} {
		max := strconv.Itoa(n)
		fits := "http://a/" + strings.Repeat("b", n-len("http://a/"))
		over := fits + "c"
		head := over[:min(len(over), 1024)]
		more := ""
		if len(over) > 1024 {
			more = "..."
		}
		overErr := fmt.Sprintf("weburl: line %%d: parse %q%s (%d bytes, more than -max-length %d): URL-too-long\n", head, more, n+1, n)
		for _, tc := range []struct {
			name, stdin    string
			args           []string
			stdout, stderr string
			status         int
		}{
			{"N bytes", fits + "\n", nil, fits + "\n", "", 0},
			{"N bytes and CRLF", fits + "\r\nhttp://x/\r\n", nil, fits + "\nhttp://x/\n", "", 0},
			{"N bytes, last", "http://x/\n" + fits + "\r", nil, "http://x/\n" + fits + "\n", "", 0},
			{"N+1 bytes", over + "\nhttp://x/\n", nil, "\nhttp://x/\n", fmt.Sprintf(overErr, 1), 1},
			{"N+1 bytes and CRLF", "http://x/\r\n" + over + "\r\nhttp://y/\r\n", nil, "http://x/\n\nhttp://y/\n", fmt.Sprintf(overErr, 2), 1},
			{"N+1 bytes, last", over, nil, "\n", fmt.Sprintf(overErr, 1), 1},
			{"N+1 bytes, last with CR", over + "\r", nil, "\n", fmt.Sprintf(overErr, 1), 1},
			{"N+1 bytes as an argument", "", []string{"http://x/", over}, "http://x/\n\n", fmt.Sprintf(overErr, 2), 1},
			{"surt", over + "\nhttp://x/\n", []string{"-surt"}, "\nx)/\n", fmt.Sprintf(overErr, 1), 1},
			{"validate", over + "\nhttp://x/\n", []string{"-validate"},
				"1:" + max + ": URL-too-long (fatal): " + weburl.ErrURLTooLong.Description() + "\n", "", 1},
			{"json", over + "\n", []string{"-json"},
				`{"input":` + strconv.Quote(head) + `,"base":null,"failure":true,"error":"URL-too-long"}` + "\n", "", 1},
			{"json and validate", over + "\n", []string{"-json", "-validate"},
				`{"input":` + strconv.Quote(head) + `,"base":null,"failure":true,"error":"URL-too-long","validationErrors":[{"code":"URL-too-long","offset":` + max + `,"description":"` +
					weburl.ErrURLTooLong.Description() + `","fatal":true}]}` + "\n", "", 1},
		} {
			t.Run(fmt.Sprintf("%d/%s", n, tc.name), func(t *testing.T) {
				stdout, stderr, status := runCommand(t, tc.stdin, append([]string{"-max-length", max}, tc.args...)...)
				if stdout != tc.stdout || stderr != tc.stderr || status != tc.status {
					t.Errorf("got status %d\n%.300q\nstderr:\n%.300q\nwant status %d\n%.300q\nstderr:\n%.300q", status, stdout, stderr, tc.status, tc.stdout, tc.stderr)
				}
			})
		}
	}
	// -json cuts the input to its first 1 KiB, less a character it would
	// cut in two.
	over := "http://a/" + strings.Repeat("é", 600)
	stdout, _, _ := runCommand(t, over+"\n", "-json", "-max-length", "100")
	if want := `{"input":` + strconv.Quote(over[:1023]) + `,"base":null,"failure":true,"error":"URL-too-long"}` + "\n"; stdout != want {
		t.Errorf("got %.200q, want %.200q", stdout, want)
	}
	for _, bad := range []string{"0", "-1", "x"} {
		if _, _, status := runCommand(t, "", "-max-length", bad, "http://x/"); status != 2 {
			t.Errorf("-max-length %s: exit status %d, want 2", bad, status)
		}
	}
}

// TestLongLineMemory streams a line of 1 GiB (with -short, 64 MiB), then a
// short one, through the command with the default -max-length, and checks
// that its peak resident memory stays under 100 MiB and that it answers
// both lines. It reads the peak from /proc, as TestConstantMemory does.
func TestLongLineMemory(t *testing.T) {
	size := 1 << 30
	if testing.Short() {
		size = 64 << 20
	}
	cmd := exec.Command(binary)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	io.WriteString(stdin, "http://a/")
	block := bytes.Repeat([]byte("a"), 1<<20)
	for range size >> 20 {
		if _, err := stdin.Write(block); err != nil {
			t.Fatal(err)
		}
	}
	io.WriteString(stdin, "\r\nhttp://b/\n")
	status, statusErr := os.ReadFile(fmt.Sprintf("/proc/%d/status", cmd.Process.Pid))
	stdin.Close()
	err = cmd.Wait()
	if cmd.ProcessState.ExitCode() != 1 {
		t.Errorf("exit status %v, want 1", err)
	}
	wantErr := fmt.Sprintf("weburl: line 1: parse %q... (%d bytes, more than -max-length 2097152): URL-too-long\n", "http://a/"+strings.Repeat("a", 1024-9), size+9)
	if out.String() != "\nhttp://b/\n" || errOut.String() != wantErr {
		t.Errorf("printed %.100q, stderr %.2000q", out.String(), errOut.String())
	}
	kb, ok := peakKB(t, status, statusErr)
	if !ok {
		return
	}
	if kb > 100<<10 {
		t.Errorf("the command used %d MiB for a line of %d MiB", kb>>10, size>>20)
	} else {
		t.Logf("a line of %d MiB in %v: peak resident set %d MiB", size>>20, time.Since(start).Round(time.Millisecond), kb>>10)
	}
}

// TestManyLines runs the command on more lines than one read takes, with
// one goroutine and with several, and checks that every line's output is
// what weburl.Parse gives, in order, and that each failure names its line.
func TestManyLines(t *testing.T) {
	var in, wantOut, wantErr strings.Builder
	for i := 1; i <= 100_000; i++ {
		var line string
		switch {
		case i%997 == 0:
			line = fmt.Sprintf("http://[%d]/", i) // not an IPv6 address
		case i%3 == 0:
			line = fmt.Sprintf("HTTP://Host%d.example/a/../b?%d#x\r", i%100, i)
		default:
			line = fmt.Sprintf("https://example.com/%d", i)
		}
		in.WriteString(line + "\n")
		u, err := weburl.Parse(strings.TrimSuffix(line, "\r"))
		if err != nil {
			fmt.Fprintf(&wantErr, "weburl: line %d: %s\n", i, errorText(err))
			wantOut.WriteString("\n")
		} else {
			wantOut.WriteString(u.Href() + "\n")
		}
	}
	for _, procs := range []string{"1", "4"} {
		cmd := exec.Command(binary)
		cmd.Env = append(os.Environ(), "GOMAXPROCS="+procs)
		cmd.Stdin = strings.NewReader(in.String())
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		err := cmd.Run()
		if cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != 1 {
			t.Errorf("GOMAXPROCS=%s: %v, want exit status 1", procs, err)
		}
		if out.String() != wantOut.String() {
			t.Errorf("GOMAXPROCS=%s: the output differs from Parse's (%d bytes, want %d)", procs, out.Len(), wantOut.Len())
		}
		if errOut.String() != wantErr.String() {
			t.Errorf("GOMAXPROCS=%s: standard error\n%.500s\nwant\n%.500s", procs, errOut.String(), wantErr.String())
		}
	}
}

// TestInteractive checks that the command answers each line as it comes,
// before its input ends.
func TestInteractive(t *testing.T) {
	cmd := exec.Command(binary)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer stdin.Close()
	r := bufio.NewReader(stdout)
	for _, tc := range []struct{ in, out string }{
		{"HTTP://A.example/x/../y\n", "http://a.example/y\n"},
		{"https://b.example:443\n", "https://b.example/\n"},
	} {
		if _, err := io.WriteString(stdin, tc.in); err != nil {
			t.Fatal(err)
		}
		got := make(chan string, 1)
		go func() {
			line, _ := r.ReadString('\n')
			got <- line
		}()
		select {
		case line := <-got:
			if line != tc.out {
				t.Errorf("%q printed %q, want %q", tc.in, line, tc.out)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("no answer to %q within 10s while the input stays open", tc.in)
		}
	}
}

// TestValidationErrorShape checks that -json -validate gives each
// validation error in the one shape weburl gives it (ValidationError's
// MarshalJSON, which the viewer's /api/parse answers too): the same keys
// and values, over the inputs of urltestdata.json.
func TestValidationErrorShape(t *testing.T) {
	var stdin strings.Builder
	var inputs []string
	for _, c := range corpus.URLCases(t) {
		if c.Base == nil && !strings.ContainsAny(c.Input, "\r\n") {
			stdin.WriteString(c.Input + "\n")
			inputs = append(inputs, c.Input)
		}
	}
	stdout, _, _ := runCommand(t, stdin.String(), "-json", "-validate")
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if len(lines) != len(inputs) {
		t.Fatalf("%d lines for %d inputs", len(lines), len(inputs))
	}
	checked := 0
	for i, line := range lines {
		var got struct{ ValidationErrors []any }
		if err := json.Unmarshal([]byte(line), &got); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		want := []any{}
		for _, e := range weburl.Validate(inputs[i], nil) {
			b, _ := json.Marshal(e)
			var v any
			json.Unmarshal(b, &v)
			want = append(want, v)
		}
		if len(want) == 0 {
			want = nil
		}
		if !reflect.DeepEqual(got.ValidationErrors, want) {
			t.Errorf("%q: validationErrors %v, want %v", inputs[i], got.ValidationErrors, want)
		}
		checked += len(want)
	}
	if checked < 100 {
		t.Errorf("checked %d validation errors", checked)
	}
}

// wptCase is one case of urltestdata.json.
type wptCase map[string]any

// TestJSONOverWPT runs -json over the inputs of urltestdata.json (those
// without a base, and those with each base in turn) and checks every field
// against the expected one.
func TestJSONOverWPT(t *testing.T) {
	byBase := map[string][]wptCase{}
	var bases []string
	for _, tc := range corpus.URLCases(t) {
		var c wptCase
		if err := json.Unmarshal(tc.JSON, &c); err != nil {
			t.Fatal(err)
		}
		base, _ := c["base"].(string)
		if _, ok := byBase[base]; !ok {
			bases = append(bases, base)
		}
		byBase[base] = append(byBase[base], c)
	}
	checked, usableCases := 0, 0
	for _, base := range bases {
		cases := byBase[base]
		var stdin strings.Builder
		var usable []wptCase
		for _, c := range cases {
			in := c["input"].(string)
			if strings.ContainsAny(in, "\n\r") {
				continue // one URL per line: the parser would drop these, but the lines split them
			}
			stdin.WriteString(in + "\n")
			usable = append(usable, c)
		}
		usableCases += len(usable)
		args := []string{"-json"}
		if base != "" {
			args = append(args, "-base", base)
		}
		stdout, _, status := runCommand(t, stdin.String(), args...)
		if status == 2 {
			// The base does not parse: every case with it must fail.
			for _, c := range usable {
				if c["failure"] != true {
					t.Errorf("%q against %q: the base fails, want %v", c["input"], base, c["href"])
				}
				checked++
			}
			continue
		}
		sc := bufio.NewScanner(strings.NewReader(stdout))
		sc.Buffer(nil, 1<<20)
		for _, c := range usable {
			if !sc.Scan() {
				t.Fatalf("output ends before %q", c["input"])
			}
			var got map[string]any
			if err := json.Unmarshal(sc.Bytes(), &got); err != nil {
				t.Fatalf("%q: %v", sc.Text(), err)
			}
			checked++
			if c["failure"] == true {
				if got["failure"] != true || got["error"] == "" {
					t.Errorf("%q against %q: %s, want a failure", c["input"], base, sc.Text())
				}
				continue
			}
			for _, field := range corpus.Attributes {
				if want, ok := c[field]; ok && got[field] != want {
					t.Errorf("%q against %q: %s = %q, want %q", c["input"], base, field, got[field], want)
				}
			}
			if got["input"] != c["input"] {
				t.Errorf("input %q, want %q", got["input"], c["input"])
			}
		}
	}
	if checked != usableCases || checked < 870 {
		t.Errorf("checked %d of %d cases", checked, usableCases)
	}
}

// The command's speed against the library's, on
// testdata/datasets/kasztp.txt (48,009 URLs): BenchmarkParseLines calls
// weburl.Parse on its lines, and BenchmarkCommand runs the built command
// on it with the output to /dev/null. Both report ns per list; the
// command's includes starting a process.
func datasetLines(b testing.TB) (path string, lines []string) {
	path = corpus.ListPath(b, "kasztp.txt")
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	return path, strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}

func parseLines(lines []string) {
	for _, line := range lines {
		weburl.Parse(strings.TrimSuffix(line, "\r"))
	}
}

func BenchmarkParseLines(b *testing.B) {
	_, lines := datasetLines(b)
	for b.Loop() {
		parseLines(lines)
	}
}

// BenchmarkStream is the command's work without starting a process: it
// streams the lines through the command's parsing and printing, to
// io.Discard, on one goroutine and on GOMAXPROCS, printing hrefs or JSON.
func BenchmarkStream(b *testing.B) {
	path, _ := datasetLines(b)
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name    string
		opts    options
		workers int
	}{
		{"workers=1", options{}, 1},
		{fmt.Sprintf("workers=%d", runtime.GOMAXPROCS(0)), options{}, runtime.GOMAXPROCS(0)},
		{"json/workers=1", options{json: true}, 1},
		{"canon=safebrowsing/workers=1", options{canon: &canon.SafeBrowsing}, 1},
		{"canon=wayback/workers=1", options{canon: &canon.Wayback}, 1},
		{"canon=sortquery/workers=1", options{canon: &canon.SortQuery}, 1},
		{"surt/workers=1", options{surt: true}, 1},
	} {
		b.Run(bc.name, func(b *testing.B) {
			// The byte order mark and "https://" fail but where the
			// Safe Browsing key, which is lenient, takes them.
			wantFailed := bc.opts.canon != &canon.SafeBrowsing
			n := 0
			for b.Loop() {
				p := &printer{stdout: io.Discard, stderr: io.Discard}
				lines, err := stream(bytes.NewReader(data), p, &bc.opts, bc.workers, 1)
				if err != nil || p.failed != wantFailed {
					b.Fatalf("stream: %v, failed %v; want %v", err, p.failed, wantFailed)
				}
				n += lines
			}
			b.ReportMetric(float64(n)/b.Elapsed().Minutes()/1e6, "Mlines/min")
		})
	}
}

// TestKeyRate checks that the command makes keys at the cost of a few
// parses: streaming kasztp.txt with -canon or -surt on one goroutine takes
// at most five times what streaming its hrefs takes, measured side by
// side as linear.Ratio measures (1.6 to 2.9 times). BenchmarkStream gives
// the rate in lines a minute: 150 to 320 million keys a minute on one
// core of a 2-core machine.
func TestKeyRate(t *testing.T) {
	path, _ := datasetLines(t)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	run := func(opts *options) func() {
		return func() {
			p := &printer{stdout: io.Discard, stderr: io.Discard}
			if _, err := stream(bytes.NewReader(data), p, opts, 1, 1); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, c := range []struct {
		name string
		opts options
	}{
		{"-canon safebrowsing", options{canon: &canon.SafeBrowsing}},
		{"-canon wayback", options{canon: &canon.Wayback}},
		{"-canon sortquery", options{canon: &canon.SortQuery}},
		{"-surt", options{surt: true}},
	} {
		ratio := linear.Ratio(t, c.name+" against hrefs", 5, run(&c.opts), run(&options{}))
		t.Logf("%s: %.2f times the time of hrefs", c.name, ratio)
	}
}

func BenchmarkCommand(b *testing.B) {
	path, _ := datasetLines(b)
	devNull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		b.Fatal(err)
	}
	defer devNull.Close()
	for b.Loop() {
		in, err := os.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		cmd := exec.Command(binary)
		cmd.Stdin, cmd.Stdout = in, devNull
		err = cmd.Run()
		in.Close()
		// The first line starts with a byte order mark, and the last is
		// "https://": neither parses, so the command exits 1.
		if cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != 1 {
			b.Fatalf("the command: %v, want exit status 1", err)
		}
	}
}

// TestConstantMemory streams a million lines (about 60 MB) through the
// command and checks that its memory stays small: it does not hold the
// input or the output. It reads the peak from /proc once all the input is
// written, while the command runs: the peak that wait4 reports would count
// the memory of this process, which the command starts out sharing.
func TestConstantMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("streams 60 MB")
	}
	cmd := exec.Command(binary)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(stdin)
	for i := range 1_000_000 {
		fmt.Fprintf(w, "https://host%d.example/some/path/%d?query=%d#f\n", i%1000, i, i)
	}
	w.Flush()
	status, statusErr := os.ReadFile(fmt.Sprintf("/proc/%d/status", cmd.Process.Pid))
	stdin.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	kb, ok := peakKB(t, status, statusErr)
	if !ok {
		return
	}
	if kb > 32<<10 {
		t.Errorf("the command used %d MB for a 60 MB stream", kb>>10)
	} else {
		t.Logf("peak resident set: %d MB", kb>>10)
	}
}

// TestREADME runs the README's first command as it says, go run in the
// root of a checkout, and checks its output.
func TestREADME(t *testing.T) {
	root := filepath.Join("..", "..")
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```sh\n\\$ go run ./cmd/weburl -json '([^']*)'\n(.*?)\n```").FindSubmatch(readme)
	if m == nil {
		t.Fatal("the README's first command is not go run ./cmd/weburl -json")
	}
	cmd := exec.Command("go", "run", "./cmd/weburl", "-json", string(m[1]))
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil || string(out) != string(m[2])+"\n" {
		t.Errorf("go run ./cmd/weburl -json %q: %v, prints\n%s\nthe README says\n%s", m[1], err, out, m[2])
	}
}

// peakKB returns the peak resident set, in KiB, that status (the
// command's /proc/PID/status, read with statusErr as it ended) reports,
// and true; on a system other than Linux, which has no such file, it
// says so and returns false.
func peakKB(t *testing.T, status []byte, statusErr error) (int, bool) {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Logf("not measured on %s", runtime.GOOS)
		return 0, false
	}
	if statusErr != nil {
		t.Fatal(statusErr)
	}
	m := regexp.MustCompile(`VmHWM:\s*(\d+) kB`).FindSubmatch(status)
	if m == nil {
		t.Fatalf("no VmHWM in /proc/PID/status:\n%s", status)
	}
	kb, _ := strconv.Atoi(string(m[1]))
	return kb, true
}

// TestDoc checks that doc.go is what go generate makes of usage.txt, so
// that the package documentation is the help -h prints.
func TestDoc(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"mkdoc.go", "usage.txt"} {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gen := exec.Command("go", "run", "mkdoc.go")
	gen.Dir = dir
	if out, err := gen.CombinedOutput(); err != nil {
		t.Fatalf("go run mkdoc.go: %v\n%s", err, out)
	}
	want, err := os.ReadFile(filepath.Join(dir, "doc.go"))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile("doc.go"); err != nil || !bytes.Equal(got, want) {
		t.Errorf("doc.go is not what mkdoc.go makes of usage.txt (%v): run go generate ./cmd/weburl", err)
	}
	if stdout, _, _ := runCommand(t, "", "-h"); stdout != usage {
		t.Errorf("-h prints\n%s\nwant usage.txt", stdout)
	}
}
