package weburl

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFromFilePath(t *testing.T) {
	for _, tc := range []struct {
		path  string
		style PathStyle
		want  string // the href, or the error
	}{
		{"/home/a/%/#", POSIX, "file:///home/a/%25/%23"},
		{"/a b/x?y#z", POSIX, "file:///a%20b/x%3Fy%23z"},
		{"/é/\xff\xfe", POSIX, "file:///%C3%A9/%FF%FE"}, // not UTF-8: byte by byte
		{"/a\\b/c|d", POSIX, "file:///a%5Cb/c|d"},
		{"/C|/x", POSIX, "file:///C%7C/x"}, // not a drive letter to rewrite
		{"/a/./b//c/", POSIX, "file:///a/b/c/"},
		{"/a/.", POSIX, "file:///a"},
		{"/", POSIX, "file:///"},
		{"/a/../b", POSIX, ErrFilePathDotDot.Error()},
		{"a/b", POSIX, ErrNotAbsolute.Error()},
		{"", POSIX, ErrNotAbsolute.Error()},
		{`C:\Users\a b\x.txt`, Windows, "file:///C:/Users/a%20b/x.txt"},
		{`c:/a/b\`, Windows, "file:///c:/a/b/"},
		{`C:\`, Windows, "file:///C:/"},
		{`C:\100%\#`, Windows, "file:///C:/100%25/%23"},
		{`\\server\share\x`, Windows, "file://server/share/x"},
		{`\\SERVER\share`, Windows, "file://server/share"},
		{`\\bücher.example\s`, Windows, "file://xn--bcher-kva.example/s"},
		{`\\?\C:\x`, Windows, "file:///C:/x"},
		{`\\?\UNC\server\share\a`, Windows, "file://server/share/a"},
		{`\\server\C|\x`, Windows, "file://server/C%7C/x"},
		{`C:\a\..\b`, Windows, ErrFilePathDotDot.Error()},
		{`C:a`, Windows, ErrNotAbsolute.Error()},
		{`C:`, Windows, ErrNotAbsolute.Error()},
		{`\a`, Windows, ErrNotAbsolute.Error()},
		{`a\b`, Windows, ErrNotAbsolute.Error()},
		{`\\.\C:\x`, Windows, ErrNotAbsolute.Error()},
		{`\\server`, Windows, ErrNotAbsolute.Error()},
		{`\\a b\c`, Windows, "domain-to-ASCII"},
	} {
		u, err := FromFilePath(tc.path, tc.style)
		var got string
		var fe *FilePathError
		switch {
		case err == nil:
			got = u.Href()
			if err := u.check(); err != nil {
				t.Error(err)
			}
		case errors.As(err, &fe):
			got = fe.Err.Error()
			if e := (*Error)(nil); errors.As(err, &e) {
				got = e.Code.String()
			}
		default:
			t.Errorf("FromFilePath(%q): %v is not a *FilePathError", tc.path, err)
		}
		if got != tc.want {
			t.Errorf("FromFilePath(%q, %v) = %q, want %q", tc.path, tc.style, got, tc.want)
		}
	}
}

func TestFilePath(t *testing.T) {
	for _, tc := range []struct {
		href       string
		posix, win string // the path, or the error
	}{
		{"file:///a%20b/", "/a b/", ErrNoWindowsPath.Error()},
		{"file:///%FF", "/\xff", ErrNoWindowsPath.Error()},
		{"file:///a/b?q#f", "/a/b", ErrNoWindowsPath.Error()},
		{"file:///C:/a/b%5Cc", "/C:/a/b\\c", ErrEncodedSeparator.Error()},
		{"file:///a%2Fb", ErrEncodedSeparator.Error(), ErrNoWindowsPath.Error()},
		{"file:///C:/a%00", ErrEncodedSeparator.Error(), ErrEncodedSeparator.Error()},
		{"file:///C:", "/C:", "C:"},
		{"file:///C|/a/", "/C:/a/", `C:\a\`}, // the parser makes "|" ":"
		{"file:///C%7C/a", "/C|/a", ErrNoWindowsPath.Error()},
		{"file://localhost/x", "/x", ErrNoWindowsPath.Error()},
		{"file://server/share/a", ErrFileURLHost.Error(), `\\server\share\a`},
		{"file://xn--bcher-kva.example/s", ErrFileURLHost.Error(), `\\xn--bcher-kva.example\s`},
		{"file:////server/share", "//server/share", `\\server\share`},
		{"https://example.com/", ErrNotFileURL.Error(), ErrNotFileURL.Error()},
	} {
		u, err := Parse(tc.href)
		if err != nil {
			t.Fatal(err)
		}
		for style, want := range map[PathStyle]string{POSIX: tc.posix, Windows: tc.win} {
			got, err := u.FilePath(style)
			if fe := (*FilePathError)(nil); errors.As(err, &fe) {
				got = fe.Err.Error()
			}
			if got != want {
				t.Errorf("%q.FilePath(%v) = %q, want %q", tc.href, style, got, want)
			}
		}
	}
}

// checkFilePathRoundTrip checks that a normalized absolute path comes back
// from FilePath(FromFilePath(p)).
func checkFilePathRoundTrip(t *testing.T, p string, style PathStyle) {
	t.Helper()
	u, err := FromFilePath(p, style)
	if err != nil {
		t.Fatalf("FromFilePath(%q): %v", p, err)
	}
	if err := u.check(); err != nil {
		t.Fatal(err)
	}
	back, err := u.FilePath(style)
	if err != nil || back != p {
		t.Fatalf("FromFilePath(%q) = %q, whose FilePath is %q, %v", p, u.Href(), back, err)
	}
}

func TestFilePathRoundTrip(t *testing.T) {
	for _, p := range []string{"/", "/a", "/a/", "/a b/%/#/?/é/\xff/\\/C|/:", "/C:/x", "/a:b/c"} {
		checkFilePathRoundTrip(t, p, POSIX)
	}
	for _, p := range []string{`C:\`, `c:\a b\%\#\?\é`, `C:\a\`, `\\server\share`, `\\server\share\`, `\\server\share\a\b`, `\\server\C:\x`} {
		checkFilePathRoundTrip(t, p, Windows)
	}
}

// FuzzFilePath checks the round trip of any normalized absolute path: a
// POSIX path of any bytes but NUL without "." or ".." segments or empty
// ones; a Windows drive path of the same, less "\" and "/" in names.
func FuzzFilePath(f *testing.F) {
	for _, s := range []string{"a", "a b/%41/#", "\xff\xfe", "C|", "x:y/z", ""} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, rel string, windows bool) {
		if strings.IndexByte(rel, 0) >= 0 {
			return
		}
		for _, seg := range strings.Split(rel, "/") {
			if seg == "." || seg == ".." || seg == "" && rel != "" || windows && strings.IndexByte(seg, '\\') >= 0 {
				return
			}
		}
		if windows {
			checkFilePathRoundTrip(t, `C:\`+strings.ReplaceAll(rel, "/", `\`), Windows)
		} else {
			checkFilePathRoundTrip(t, "/"+rel, POSIX)
		}
	})
}

// TestFilePathReferences compares FromFilePath and FilePath with what
// Node.js's url module (fileURLToPath, pathToFileURL, with its windows
// option) and Python's standard library (pathlib's as_uri,
// urllib.request.url2pathname, nturl2path) give for the cases of
// testdata/filepaths, recorded by gen.sh there. Where weburl does
// otherwise, the tables below say why.
func TestFilePathReferences(t *testing.T) {
	var cases struct {
		URLs           []string `json:"urls"`
		POSIX, Windows []string
	}
	readJSON(t, filepath.Join("testdata", "filepaths", "cases.json"), &cases)
	type results struct {
		ToPath map[string]map[string]any `json:"toPath"`
		ToURL  map[string]map[string]any `json:"toURL"`
	}
	var node, python results
	readJSON(t, filepath.Join("testdata", "filepaths", "node.json"), &node)
	readJSON(t, filepath.Join("testdata", "filepaths", "python.json"), &python)

	// The cases where weburl differs, by reference: style, input, reason.
	differs := map[string]map[string]string{
		"node": {
			"posix file:///a%FFb":                      "Node's decoder fails on bytes that are not UTF-8; POSIX names may hold any byte",
			"posix file:///a%00b":                      "Node keeps NUL, which no file name may hold",
			"windows file://xn--bcher-kva.example/s/x": "Node writes the host in Unicode; weburl in ASCII, as the URL has it and as Python does",
			"windows file:////server/share/x":          "Node refuses the four-slash form of a UNC path that some programs write; weburl reads it, as Python does",
			"posix /a/../b":                            "Node resolves \"..\" as text; only the file system can resolve it (symbolic links)",
			"windows C:\\a\\..\\b":                     "as for POSIX",
			"windows C:\\":                             "Node writes file:///C:// with an empty segment",
			"windows \\\\.\\C:\\x":                     "a device path, which no file URL names; Node makes \".\" its host",
			"windows //server/share/x":                 "Node reads a UNC path with \"/\" as a path on the current drive",
		},
		"python": {
			"posix file:///a%FFb":                  "Python decodes with U+FFFD, losing the byte",
			"posix file:///a%00b":                  "Python keeps NUL, which no file name may hold",
			"posix file:///a%2Fb":                  "Python decodes %2F into a separator, naming another file",
			"posix file:///C:/a%2Fb":               "as above",
			"posix file:///C|/a":                   "Python does not parse the URL as the URL Standard does, which makes \"|\" \":\"",
			"windows file:///":                     "Python makes a root-relative path, which names a file on whatever drive is current",
			"windows file:///a/b":                  "as above",
			"windows file:///a/b/":                 "as above",
			"windows file:///a%20b/x.txt":          "as above",
			"windows file:///home/a/%25/%23":       "as above",
			"windows file:///%C3%A9":               "as above",
			"windows file:///a%FFb":                "as above",
			"windows file:///a%5Cb":                "as above",
			"windows file:///a%2Fb":                "as above",
			"windows file:///a%00b":                "as above",
			"windows file:///C%7C/a":               "as above",
			"windows file://localhost/a":           "as above",
			"windows file:///a/b?q#f":              "as above",
			"windows file:///C:/a%2Fb":             "Python decodes %2F into a separator",
			"windows file:///C:/a%5Cb":             "Python decodes %5C into a separator",
			"windows file:///c:/a%20b/x.txt":       "Python upper-cases the drive letter",
			"windows file:///C:/a/":                "Python drops the trailing separator of a directory",
			"windows file://server/C:/x":           "Python drops the host",
			"posix /a/b/":                          "pathlib drops the trailing separator of a directory",
			"posix /C:/x":                          "pathlib percent-encodes \":\", which a path may hold as it is",
			"posix /a:b/c":                         "as above",
			"posix /a/../b":                        "pathlib keeps \"..\", which the URL parser then resolves as text",
			"windows C:\\a\\":                      "pathlib drops the trailing separator",
			"windows C:\\a\\..\\b":                 "as for POSIX",
			"windows \\\\server\\share":            "pathlib adds a trailing separator to the share",
			"windows \\\\?\\C:\\x":                 "pathlib reads \"?\" as the server",
			"windows \\\\?\\UNC\\server\\share\\a": "as above",
			"windows \\\\.\\C:\\x":                 "a device path, which no file URL names; pathlib makes \".\" its host",
		},
	}
	agree := map[string]int{}
	compare := func(ref, key, got string, want any) {
		t.Helper()
		wantStr, isString := want.(string)
		same := isString && wantStr == got || !isString && strings.HasPrefix(got, "error")
		reason, listed := differs[ref][key]
		switch {
		case same && listed:
			t.Errorf("%s: %s gives %q as weburl does, but is listed as differing (%s)", ref, key, got, reason)
		case !same && !listed:
			t.Errorf("%s: %s gives %v, weburl %q", ref, key, want, got)
		case same:
			agree[ref]++
		}
	}
	for _, s := range cases.URLs {
		u, err := Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		for style, name := range map[PathStyle]string{POSIX: "posix", Windows: "windows"} {
			got, err := u.FilePath(style)
			if err != nil {
				got = "error: " + err.Error()
			}
			compare("node", name+" "+s, got, node.ToPath[s][name])
			compare("python", name+" "+s, got, python.ToPath[s][name])
		}
	}
	for style, paths := range map[PathStyle][]string{POSIX: cases.POSIX, Windows: cases.Windows} {
		name := map[PathStyle]string{POSIX: "posix", Windows: "windows"}[style]
		for _, p := range paths {
			got := ""
			if u, err := FromFilePath(p, style); err != nil {
				got = "error: " + err.Error()
			} else {
				got = u.Href()
			}
			compare("node", name+" "+p, got, node.ToURL[name][p])
			compare("python", name+" "+p, got, python.ToURL[name][p])
		}
	}
	total := 2*len(cases.URLs) + len(cases.POSIX) + len(cases.Windows)
	t.Logf("of %d cases, weburl agrees with Node.js on %d and with Python on %d", total, agree["node"], agree["python"])
}

func readJSON(t *testing.T, name string, v any) {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}
