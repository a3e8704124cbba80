package weburl

import "github.com/weburl/weburl/internal/ascii"

// The percent-encode sets, by the standard's names: their one table, the
// encoding with a set and the decoding are in internal/ascii, which
// package canon shares.
type encodeSet = ascii.Set

const (
	c0ControlSet    = ascii.C0Control    // https://url.spec.whatwg.org/#c0-control-percent-encode-set
	fragmentSet     = ascii.Fragment     // #fragment-percent-encode-set
	querySet        = ascii.Query        // #query-percent-encode-set
	specialQuerySet = ascii.SpecialQuery // #special-query-percent-encode-set
	pathSet         = ascii.Path         // #path-percent-encode-set
	userinfoSet     = ascii.Userinfo     // #userinfo-percent-encode-set
	componentSet    = ascii.Component    // #component-percent-encode-set
	formSet         = ascii.Form         // #application-x-www-form-urlencoded-percent-encode-set
	pathSegmentSet  = ascii.PathSegment  // the path percent-encode set, "%", "/" and "\\": not the standard's
	opaqueHostStop  = ascii.OpaqueHostStop
)

// PercentEncodePathSegment percent-encodes s for use as one segment of a
// URL's path: with the path percent-encode set, and "%", "/" and "\\",
// so that the segment reads back as s whatever its bytes, in special and
// other URLs alike. It returns s itself when nothing needs encoding. A
// segment "." or ".." (or any spelling of them with "%2e") is a dot
// segment whatever its encoding: the parser resolves it.
// https://url.spec.whatwg.org/#path-percent-encode-set
func PercentEncodePathSegment(s string) string { return ascii.PercentEncode(s, pathSegmentSet) }

// PercentEncodeComponent percent-encodes s with the component
// percent-encode set, the set of JavaScript's encodeURIComponent but for
// "!", "'", "(", ")" and "~", which it leaves. It returns s itself when
// nothing needs encoding.
// https://url.spec.whatwg.org/#component-percent-encode-set
func PercentEncodeComponent(s string) string { return ascii.PercentEncode(s, componentSet) }

// PercentEncodeForm percent-encodes s as the application/x-www-form-urlencoded
// serializer does a name or value: with its percent-encode set, and a
// space as "+". It returns s itself when nothing needs encoding.
// https://url.spec.whatwg.org/#concept-urlencoded-serializer
func PercentEncodeForm(s string) string {
	if ascii.IndexEncoded(s, formSet) == len(s) {
		return s
	}
	return string(appendFormEncoded(make([]byte, 0, len(s)+len(s)/2), s))
}

// PercentDecode percent-decodes s leniently, as the standard's
// percent-decode does: each "%" and two hex digits becomes that byte, and
// any other "%" stays as it is. The result may not be UTF-8. It returns s
// itself when s has no percent-encoded byte.
// https://url.spec.whatwg.org/#string-percent-decode
func PercentDecode(s string) string { return ascii.PercentDecode(s) }

// PercentDecodeForm decodes s as the application/x-www-form-urlencoded
// parser does a name or value: "+" as a space, then [PercentDecode], then
// UTF-8 decoding with U+FFFD for each byte sequence that is not UTF-8.
// https://url.spec.whatwg.org/#concept-urlencoded-parser
func PercentDecodeForm(s string) string { return formDecode(s) }
