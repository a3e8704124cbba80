package weburl

import (
	"errors"
	"strings"

	"github.com/weburl/weburl/internal/ascii"
	"github.com/weburl/weburl/internal/quote"
)

// A PathStyle says how file paths are written: the rules FromFilePath and
// FilePath follow, whatever the system the program runs on.
type PathStyle uint8

const (
	// POSIX paths: absolute paths start with "/", which separates
	// segments; a name may hold any byte but "/" and NUL.
	POSIX PathStyle = iota
	// Windows paths: a drive ("C:\a"), a UNC path ("\\server\share\a"),
	// or either after the prefix "\\?\" ("\\?\C:\a", "\\?\UNC\server\share\a");
	// "\" and "/" both separate segments.
	Windows
)

// The errors of FromFilePath and FilePath, which wrap them with the path
// or URL.
var (
	// ErrNotAbsolute: a path that is relative, or drive-relative ("C:a").
	ErrNotAbsolute = errors.New("not an absolute path")
	// ErrFilePathDotDot: a file path with a ".." segment, which only the
	// file system can resolve (through symbolic links). (A URL's path
	// never has one: the parser resolves it. [ErrDotSegment] is the
	// path segment editors' error.)
	ErrFilePathDotDot = errors.New(`a ".." segment in a file path`)
	// ErrNotFileURL: a URL whose scheme is not "file".
	ErrNotFileURL = errors.New("not a file URL")
	// ErrFileURLHost: a file URL with a host (other than "localhost",
	// which the parser makes empty), which has no POSIX path.
	ErrFileURLHost = errors.New("a file URL with a host has no POSIX path")
	// ErrNoWindowsPath: a file URL whose path starts with no drive letter
	// and that has no host for a UNC path.
	ErrNoWindowsPath = errors.New("a file URL without a host or a drive letter has no Windows path")
	// ErrEncodedSeparator: a segment that decodes to a byte a file name
	// cannot hold: "/" (or, for Windows, "\") or NUL.
	ErrEncodedSeparator = errors.New("a path segment that decodes to a separator or NUL")
)

// A FilePathError reports a path FromFilePath cannot make a URL of, or a
// URL FilePath cannot make a path of.
type FilePathError struct {
	Op    string    // "FromFilePath" or "FilePath"
	Path  string    // the path, or the URL's href
	Style PathStyle // the style of the path
	Err   error     // what is wrong: one of the Err variables above, or an [*Error]
}

func (e *FilePathError) Error() string {
	style := "POSIX"
	if e.Style == Windows {
		style = "Windows"
	}
	return "weburl: " + e.Op + " " + quote.Short(e.Path) + " (" + style + "): " + e.Err.Error()
}

// Unwrap returns e.Err.
func (e *FilePathError) Unwrap() error { return e.Err }

// FromFilePath returns the file URL of an absolute file path written in
// style, whatever the system the program runs on. Each segment is
// percent-encoded so that every byte comes back from [URL.FilePath]: "%",
// "?", "#", spaces, bytes above 0x7F (invalid UTF-8 too) and, for POSIX,
// "\", which a file URL reads as "/". A "." segment is left out, and so is
// an empty one ("/a//b" and "/a/./b" are "/a/b", "/a/." is "/a"), as they
// name the same file; a ".." segment is an error (ErrFilePathDotDot), since
// resolving it needs the file system. A trailing separator stays, so a
// directory's URL ends in "/".
//
// POSIX paths start with "/". Windows paths are a drive ("C:\Users\a b"
// gives file:///C:/Users/a%20b), a UNC path ("\\server\share\a" gives
// file://server/share/a, the server parsed as a host), or either after
// "\\?\" ("\\?\C:\a", "\\?\UNC\server\share\a"); relative and
// drive-relative ("C:a") paths are errors (ErrNotAbsolute). The error is
// a [*FilePathError].
func FromFilePath(path string, style PathStyle) (*URL, error) {
	fail := func(err error) (*URL, error) {
		return nil, &FilePathError{Op: "FromFilePath", Path: path, Style: style, Err: err}
	}
	host, rest := "", path
	switch style {
	case POSIX:
		if !strings.HasPrefix(path, "/") {
			return fail(ErrNotAbsolute)
		}
	case Windows:
		var ok bool
		if host, rest, ok = splitWindowsPath(path); !ok {
			return fail(ErrNotAbsolute)
		}
	default:
		return fail(errors.New("unknown path style"))
	}
	separators := "/"
	if style == Windows {
		separators = `/\`
	}
	var b strings.Builder
	b.WriteString("file://")
	b.WriteString(host)
	var u URL // for appendSegment's rules of a file URL
	u.scheme = schemeFile
	first := true
	for len(rest) > 0 {
		rest = rest[1:] // a separator
		end := strings.IndexAny(rest, separators)
		if end < 0 {
			end = len(rest)
		}
		seg := rest[:end]
		rest = rest[end:]
		switch {
		case seg == "..":
			return fail(ErrFilePathDotDot)
		case seg == "." || seg == "" && rest != "":
			continue // "/./", "//" and a final "/.": the same directory
		}
		b.WriteByte('/')
		if style == Windows && first && host == "" {
			b.WriteString(seg) // the drive letter, "C:"
		} else {
			b.Write(u.appendSegment(nil, seg, first))
		}
		first = false
	}
	if first {
		b.WriteByte('/') // the root
	}
	v, err := Parse(b.String())
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			return fail(e)
		}
		return fail(err)
	}
	return v, nil
}

// splitWindowsPath splits an absolute Windows path into the host of its
// URL ("" for a drive) and the rest, which starts with a separator: for a
// drive, the separator and the drive letter with ":" ("/C:"), then the
// rest of the path.
func splitWindowsPath(p string) (host, rest string, ok bool) {
	isSep := func(c byte) bool { return c == '\\' || c == '/' }
	if len(p) >= 4 && isSep(p[0]) && isSep(p[1]) && p[2] == '?' && isSep(p[3]) {
		// \\?\ turns off the parsing of the path; the rest is a drive or
		// UNC\server\share.
		p = p[4:]
		if len(p) >= 4 && strings.EqualFold(p[:3], "UNC") && isSep(p[3]) {
			p = `\\` + p[4:]
		}
	}
	switch {
	case len(p) >= 3 && ascii.IsAlpha(p[0]) && p[1] == ':' && isSep(p[2]):
		return "", "/" + p[:2] + p[2:], true
	case len(p) > 2 && isSep(p[0]) && isSep(p[1]) && !isSep(p[2]):
		// \\server\share...: the server is the host.
		end := strings.IndexAny(p[2:], `\/`)
		if end < 0 {
			return "", "", false
		}
		host = p[2 : 2+end]
		if host == "?" || host == "." {
			return "", "", false // a device path
		}
		return host, p[2+end:], true
	}
	return "", "", false
}

// FilePath returns the file path of the URL in style, whatever the system
// the program runs on: its path percent-decoded, segment by segment, with
// the style's separator. The query and fragment are left out. The error,
// a [*FilePathError], is ErrNotFileURL for another scheme, and
// ErrEncodedSeparator for a segment that decodes to a separator or NUL
// ("%2F", "%00"; for Windows "%5C" too), which a file name cannot hold.
//
// For POSIX, a URL with a host (other than localhost, which parsing makes
// empty) has no path (ErrFileURLHost): file:///a%20b/ is "/a b/". For
// Windows, a URL with a host is a UNC path, file://server/share/a being
// "\\server\share\a" (the host in its ASCII form), and one without starts
// with its drive letter, file:///C:/a being "C:\a" and file:///C: "C:";
// anything else has no Windows path (ErrNoWindowsPath). file:////server/share,
// written by some programs for a UNC path, is read as one too.
func (u URL) FilePath(style PathStyle) (string, error) {
	fail := func(err error) (string, error) {
		return "", &FilePathError{Op: "FilePath", Path: u.Href(), Style: style, Err: err}
	}
	if u.href == "" || u.scheme != schemeFile {
		return fail(ErrNotFileURL)
	}
	path := u.Pathname()
	sep := byte('/')
	var b strings.Builder
	switch style {
	case POSIX:
		if u.hostKind != HostEmpty {
			return fail(ErrFileURLHost)
		}
	case Windows:
		sep = '\\'
		switch {
		case u.hostKind != HostEmpty:
			b.WriteString(`\\`)
			b.WriteString(u.Hostname())
		case u.firstSegmentIsDriveLetter():
			path = path[1:] // "C:/a" gives "C:\a"
		case strings.HasPrefix(path, "//") && len(path) > 2 && path[2] != '/':
			// The path "//server/share" gives "\\server\share".
		default:
			return fail(ErrNoWindowsPath)
		}
	default:
		return fail(errors.New("unknown path style"))
	}
	for i := 0; i < len(path); i++ {
		c := path[i]
		switch {
		case c == '/':
			c = sep
		case c == '%' && ascii.StartsWithPercentByte(path, i):
			c = ascii.Unhex(path[i+1])<<4 | ascii.Unhex(path[i+2])
			if c == '/' || c == 0 || c == '\\' && style == Windows {
				return fail(ErrEncodedSeparator)
			}
			i += 2
		}
		b.WriteByte(c)
	}
	return b.String(), nil
}
