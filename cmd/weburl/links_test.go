package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// page is a windows-1251 document with a <base>: "привет" in its bytes,
// which a link's query keeps in windows-1251 (the URL Standard's query
// encoding), a srcset, and a link that does not parse.
const page = "<meta charset=windows-1251><base href=\"/ru/\">" +
	"<a href=\"?q=\xef\xf0\xe8\xe2\xe5\xf2\">x</a><img srcset=\"a.png 1x, b.png 2x\"><a href=\"http://[::1\">"

func TestLinks(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a page.html")
	if err := os.WriteFile(file, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	long := filepath.Join(dir, "long.html")
	if err := os.WriteFile(long, []byte(strings.Repeat("x", 101)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, stdin    string
		args           []string
		stdout, stderr string
		status         int
	}{
		{"a file", "", []string{"-links", "-base", "https://example.com/docs/page.html", file},
			"https://example.com/ru/\nhttps://example.com/ru/?q=%EF%F0%E8%E2%E5%F2\nhttps://example.com/ru/a.png\nhttps://example.com/ru/b.png\n" +
				"error: IPv6-unclosed \"http://[::1\"\n", "", 1},
		{"standard input, json", page, []string{"-links", "-json", "-base", "https://example.com/docs/page.html", "-"},
			`{"encoding":"windows-1251","base":"https://example.com/ru/"}` + "\n" +
				`{"element":"base","attr":"href","raw":"/ru/","href":"https://example.com/ru/"}` + "\n" +
				`{"element":"a","attr":"href","raw":"?q=привет","href":"https://example.com/ru/?q=%EF%F0%E8%E2%E5%F2"}` + "\n" +
				`{"element":"img","attr":"srcset","raw":"a.png","descriptor":"1x","href":"https://example.com/ru/a.png"}` + "\n" +
				`{"element":"img","attr":"srcset","raw":"b.png","descriptor":"2x","href":"https://example.com/ru/b.png"}` + "\n" +
				`{"element":"a","attr":"href","raw":"http://[::1","error":"IPv6-unclosed"}` + "\n", "", 1},
		// The Content-Type's charset comes before the <meta>'s; the
		// user's -encoding before both.
		{"content type", page, []string{"-links", "-base", "https://example.com/", "-content-type", "text/html; charset=utf-8", "-"},
			"https://example.com/ru/\nhttps://example.com/ru/?q=%EF%BF%BD%EF%BF%BD%EF%BF%BD%EF%BF%BD%EF%BF%BD%EF%BF%BD\nhttps://example.com/ru/a.png\nhttps://example.com/ru/b.png\n" +
				"error: IPv6-unclosed \"http://[::1\"\n", "", 1},
		{"encoding", page, []string{"-links", "-json", "-base", "https://example.com/", "-encoding", "koi8-r", "-content-type", "text/html; charset=utf-8", "-"},
			"", "", 1},
		{"a file's URL", "<a href=b.html>", []string{"-links", file}, "", "", 0},
		{"all parse", "<a href=b.html>", []string{"-links", "-base", "https://example.com/a/", "-"}, "https://example.com/a/b.html\n", "", 0},
		{"too long", "", []string{"-links", "-max-bytes", "100", long}, "", "longer than 100 bytes", 1},
		{"no file", "", []string{"-links", filepath.Join(dir, "none.html")}, "", "no such file", 1},
		{"standard input needs a base", "<a href=x>", []string{"-links", "-"}, "", "give the document's URL with -base", 2},
		{"one document", "", []string{"-links", file, file}, "", "reads one document", 2},
		{"bad label", "", []string{"-links", "-encoding", "nope", file}, "", "not an encoding label", 2},
		{"content type without links", "", []string{"-content-type", "text/html", "x"}, "", "go with -links", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr, status := runCommand(t, tc.stdin, tc.args...)
			switch tc.name {
			case "encoding":
				// koi8-r, whatever the document and the header say.
				if status != 1 || !strings.HasPrefix(stdout, `{"encoding":"KOI8-R","base":"https://example.com/ru/"}`) {
					t.Errorf("status %d, stdout\n%s", status, stdout)
				}
				return
			case "a file's URL":
				// The file's own URL, with its space percent-encoded.
				want := "file://" + filepath.ToSlash(strings.ReplaceAll(dir, " ", "%20")) + "/b.html\n"
				if err := os.WriteFile(filepath.Join(dir, "c.html"), []byte(tc.stdin), 0o644); err != nil {
					t.Fatal(err)
				}
				stdout, stderr, status = runCommand(t, "", "-links", filepath.Join(dir, "c.html"))
				if stdout != want || status != 0 {
					t.Errorf("status %d, stdout %q, stderr %q; want %q", status, stdout, stderr, want)
				}
				return
			}
			if stdout != tc.stdout || status != tc.status || !strings.Contains(stderr, tc.stderr) || tc.stderr == "" && stderr != "" {
				t.Errorf("got status %d\n%s\nstderr:\n%s\nwant status %d\n%s\nstderr:\n%s", status, stdout, stderr, tc.status, tc.stdout, tc.stderr)
			}
		})
	}
}
