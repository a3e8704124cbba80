package weburl

import (
	"errors"
	"iter"
	"strings"

	"github.com/weburl/weburl/internal/ascii"
)

// MakeRelative returns the shortest reference r, made of pieces of
// target's serialization, for which u.Parse(r) gives target: the inverse
// of resolving. It returns target's href when nothing shorter resolves to
// it: another scheme, an opaque path that differs in more than its
// fragment, a nil or zero u. Among the references it tries are "" (u but
// for its fragment), "#fragment", "?query#fragment", a path relative to
// u's directory ("../b/c"; "." for u's directory itself and ".." for its
// parent; "./" first where the first segment would read as a scheme, as
// "a:b" does and "1:b" does not, as the start of an absolute path, or in a
// file URL as a drive letter), a path from "/" (in a file URL, without the
// drive letter of u that the parser keeps: "/x" from file:///C:/a/b to
// file:///C:/x), and "//host/path". The tests check, over hundreds of
// thousands of pairs, that no shorter reference made of target's pieces
// resolves to it. It allocates at most the reference, when that is not a
// substring of target's href.
//
// Unlike rust-url's make_relative, it keeps a trailing "/" of target
// ("." from https://h/a/b to https://h/a/), and it handles URLs with an
// opaque path ("#f" from mailto:x#e to mailto:x#f).
func (u *URL) MakeRelative(target *URL) string {
	t := target
	if u == nil || t == nil || u.href == "" || t.href == "" || u.href[:u.schemeEnd] != t.href[:t.schemeEnd] {
		return hrefOf(t)
	}
	th := t.href
	if u.opaquePath || t.opaquePath {
		// Against an opaque path, only a fragment is relative.
		if u.opaquePath && t.opaquePath && t.hashStart != omitted && u.href[:u.queryEnd()] == th[:t.queryEnd()] {
			return th[t.hashStart:]
		}
		return th
	}
	best := relativeRef{tail: th}
	if u.href[:u.queryEnd()] == th[:t.queryEnd()] {
		if t.hashStart == omitted {
			return "" // u without its fragment
		}
		best.consider(relativeRef{tail: th[t.hashStart:]})
	}
	if t.hostKind != HostNull {
		best.consider(relativeRef{tail: th[t.schemeEnd+1:]}) // "//host/path"
	}
	if u.href[u.schemeEnd+1:u.authorityEnd()] == th[t.schemeEnd+1:t.authorityEnd()] {
		upath, tpath := u.Pathname(), t.Pathname()
		if upath == tpath && t.queryStart != omitted {
			best.consider(relativeRef{tail: th[t.queryStart:]})
		}
		best.consider(t.relativePathRef(u, upath, tpath))
		best.consider(t.absolutePathRef(u))
	}
	return best.String()
}

// A relativeRef is a reference made of up to two pieces, so that its
// length is known before it is built: prefix, as "../../" or "./", and a
// substring of the target's href.
type relativeRef struct {
	prefix string
	ups    int // times "../" comes before prefix
	tail   string
	none   bool // no reference
}

func (r relativeRef) len() int { return 3*r.ups + len(r.prefix) + len(r.tail) }

// consider makes r the shorter of r and s.
func (r *relativeRef) consider(s relativeRef) {
	if !s.none && s.len() < r.len() {
		*r = s
	}
}

// String builds the reference, in one allocation if it is not the tail.
func (r relativeRef) String() string {
	if r.ups == 0 && r.prefix == "" {
		return r.tail
	}
	var b strings.Builder
	b.Grow(r.len())
	for range r.ups {
		b.WriteString("../")
	}
	b.WriteString(r.prefix)
	b.WriteString(r.tail)
	return b.String()
}

// absolutePathRef returns the reference from "/" to t against base u, of
// the same scheme and authority: t's path, query and fragment.
func (t *URL) absolutePathRef(u *URL) relativeRef {
	rest := t.href[t.pathStart:]
	if t.scheme == schemeFile && u.firstSegmentIsDriveLetter() {
		// The file slash state puts u's drive letter first, unless the
		// reference starts with one after its "/".
		// https://url.spec.whatwg.org/#file-slash-state
		drive := t.firstPathSegment()
		switch {
		case !isNormalizedWindowsDriveLetter(drive):
			return relativeRef{none: true} // it would get u's
		case drive == u.firstPathSegment() && len(rest) > 3 && rest[3] == '/':
			// u's, left out: "/x" for "/C:/x"; "/./D:" for "/C:/D:",
			// whose "D:" would otherwise be the drive letter.
			if rest = rest[3:]; startsWithWindowsDriveLetter(rest[1:]) {
				return relativeRef{prefix: "/.", tail: rest}
			}
		}
	}
	if strings.HasPrefix(rest, "//") {
		// "//" would start an authority; "/." and the path, whose "."
		// segment the parser drops, does not. (Without a host, the
		// serialization has that "/." already.)
		if t.hostKind == HostNull {
			return relativeRef{tail: t.href[t.authorityEnd():]}
		}
		return relativeRef{prefix: "/.", tail: rest}
	}
	if rest == "" || rest[0] != '/' {
		return relativeRef{none: true} // an empty path, which "" cannot give
	}
	return relativeRef{tail: rest}
}

// relativePathRef returns the path-relative reference to t against base
// u, of the same scheme and authority, with paths upath and tpath: "../"
// for each segment of u's directory past what it shares with t's path,
// then the rest of t's path, query and fragment.
func (t *URL) relativePathRef(u *URL, upath, tpath string) relativeRef {
	if tpath == "" {
		return relativeRef{none: true} // a path-relative reference adds a segment
	}
	// dir is u's path but its last segment, with the "/" before it: the
	// path a relative path is resolved in. A file URL's lone drive letter
	// stays (https://url.spec.whatwg.org/#shorten-a-urls-path).
	dir := upath[:strings.LastIndexByte(upath, '/')+1]
	if u.scheme == schemeFile && len(upath) == 3 && u.firstSegmentIsDriveLetter() {
		dir = upath + "/"
	}
	// Take the segments t shares with dir; t keeps at least its last.
	shared := 0 // the length of the shared part of both, a run of "/segment"
	for {
		next := strings.IndexByte(tpath[shared+1:], '/')
		if next < 0 {
			break // t's last segment
		}
		end := shared + 1 + next
		if end >= len(dir) || dir[:end+1] != tpath[:end+1] {
			break
		}
		shared = end
	}
	ups := strings.Count(dir[shared:], "/") - 1
	if dir == "" {
		ups = 0 // u has an empty path
	}
	if ups > 0 && shared == 0 && u.scheme == schemeFile && u.firstSegmentIsDriveLetter() {
		return relativeRef{none: true} // ".." does not remove a drive letter
	}
	rest := t.href[t.pathStart+uint32(shared)+1:]
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	first := rest[:end]
	r := relativeRef{ups: ups, tail: rest}
	switch {
	case first == "" && (len(rest) == 0 || rest[0] != '/'):
		// t is a directory: "." is the directory itself, and ".." its
		// parent, as "../" is: a last ".." segment leaves the path ending
		// in "/".
		// https://url.spec.whatwg.org/#path-state
		if ups == 0 {
			r.prefix = "."
		} else {
			r.ups, r.prefix = ups-1, ".."
		}
	case ups == 0 && (first == "" || startsWithScheme(rest) || u.scheme == schemeFile && startsWithWindowsDriveLetter(rest)):
		// "/" first would be an absolute path; a first segment that
		// starts with a scheme and ":" an absolute URL (not "1:c" or
		// "a;b:c": a scheme starts with a letter, and has letters,
		// digits, "+", "-" and "." only); and in a file URL, a drive
		// letter first ("C|", "C:") would replace the base's path.
		// https://url.spec.whatwg.org/#scheme-state
		// https://url.spec.whatwg.org/#file-state
		r.prefix = "./"
	}
	return r
}

// startsWithScheme reports whether s starts with a scheme and ":", which
// the parser would read as one.
func startsWithScheme(s string) bool {
	colon, _, _, _ := readScheme(s)
	return colon > 0
}

// firstSegmentIsDriveLetter reports whether the first segment of a path
// that is a list is a normalized Windows drive letter.
func (u *URL) firstSegmentIsDriveLetter() bool {
	return isNormalizedWindowsDriveLetter(u.firstPathSegment())
}

// HasOpaquePath reports whether the URL's path is opaque, a string rather
// than a list of segments, as the path of "mailto:a@example.com" and of
// any URL whose scheme is not special and whose ":" is not followed by
// "/". Relative references do not resolve against such a URL (but for a
// fragment), and its path segment editors fail with ErrOpaquePath.
// https://url.spec.whatwg.org/#url-opaque-path
func (u URL) HasOpaquePath() bool { return u.opaquePath }

// ErrOpaquePath is the error of the path segment editors for a URL whose
// path is opaque, a string rather than a list of segments
// ("mailto:a@example.com"), and for the zero URL, which has no path.
var ErrOpaquePath = errors.New("weburl: the URL has an opaque path, not path segments")

// ErrDotSegment is the error of the path segment editors for a segment
// "." or ".." (a dot segment), which a URL's path cannot hold: the parser
// resolves them. ([ErrFilePathDotDot] is [FromFilePath]'s error for a
// ".." in a file path.)
var ErrDotSegment = errors.New(`weburl: a path segment cannot be "." or ".."`)

// PathSegments returns the segments of the URL's path, as they appear in
// its href (percent-encoded): "/a/b%20c/" gives "a", "b%20c" and "". It
// yields nothing for a URL with an opaque path. PercentDecode gives a
// segment's bytes.
// https://url.spec.whatwg.org/#concept-url-path
func (u URL) PathSegments() iter.Seq[string] {
	return func(yield func(string) bool) {
		if u.href == "" || u.opaquePath {
			return
		}
		path := u.Pathname()
		if path == "" {
			return
		}
		for seg := range strings.SplitSeq(path[1:], "/") {
			if !yield(seg) {
				return
			}
		}
	}
}

// SetPathSegments replaces the URL's path with the segments given, each
// percent-encoded with the path percent-encode set and "%", "/" and "\",
// so that any byte string comes back from PathSegments and PercentDecode
// as it was. The URL is unchanged, and the error is ErrOpaquePath for a
// URL with an opaque path and ErrDotSegment if a segment is "." or ".."
// (which the parser would resolve; "%2e" is a segment of its own, kept as
// "%252e"). A path that is a list always has a segment in a special URL
// or a URL without a host, so no segments give the path "/" there.
func (u *URL) SetPathSegments(segments ...string) error {
	if err := u.checkSegments(segments); err != nil {
		return err
	}
	var buf []byte
	for i, seg := range segments {
		buf = append(buf, '/')
		buf = u.appendSegment(buf, seg, i == 0)
	}
	return u.setPath(string(buf))
}

// PushPathSegment appends a segment to the URL's path, percent-encoded as
// SetPathSegments encodes segments. A last segment that is empty, as in
// "/a/", is replaced: "/a/" with "b" becomes "/a/b", as does "/a". The
// errors are those of SetPathSegments, and then the URL is unchanged.
func (u *URL) PushPathSegment(segment string) error {
	if err := u.checkSegments([]string{segment}); err != nil {
		return err
	}
	path := strings.TrimSuffix(u.Pathname(), "/")
	buf := append([]byte(path), '/')
	return u.setPath(string(u.appendSegment(buf, segment, path == "")))
}

// PopPathSegment removes the last segment of the URL's path and returns
// it as it was in the href; ok is false if there is none, or the URL has
// an opaque path. A special URL, or one without a host, keeps an empty
// segment: "/a" becomes "/".
func (u *URL) PopPathSegment() (segment string, ok bool) {
	if u.href == "" || u.opaquePath {
		return "", false
	}
	path := u.Pathname()
	if path == "" || path == "/" && (u.scheme.special() || u.hostKind == HostNull) {
		return "", false
	}
	i := strings.LastIndexByte(path, '/')
	if u.setPath(path[:i]) != nil {
		return "", false // never: the href only gets shorter
	}
	return path[i+1:], true
}

// checkSegments returns the error for setting segments as u's path.
func (u *URL) checkSegments(segments []string) error {
	if u.href == "" || u.opaquePath {
		return ErrOpaquePath
	}
	for _, seg := range segments {
		if seg == "." || seg == ".." {
			return ErrDotSegment
		}
	}
	return nil
}

// appendSegment appends seg percent-encoded for u's path. In a file URL, a
// first segment that would read as a drive letter with "|" has the "|"
// encoded too, since the parser would make it ":".
func (u *URL) appendSegment(buf []byte, seg string, first bool) []byte {
	if first && u.scheme == schemeFile && isWindowsDriveLetter(seg) && seg[1] == '|' {
		return append(buf, seg[0], '%', '7', 'C')
	}
	return ascii.AppendEncoded(buf, seg, pathSegmentSet) // byte by byte, invalid UTF-8 too
}
