package weburl

// encodeSet is a set of percent-encode sets, one bit per set. A byte is in a
// set when its bit is set in encodeTable[byte].
type encodeSet uint16

const (
	c0ControlSet    encodeSet = 1 << iota // https://url.spec.whatwg.org/#c0-control-percent-encode-set
	fragmentSet                           // #fragment-percent-encode-set
	querySet                              // #query-percent-encode-set
	specialQuerySet                       // #special-query-percent-encode-set
	pathSet                               // #path-percent-encode-set
	userinfoSet                           // #userinfo-percent-encode-set
	componentSet                          // #component-percent-encode-set
	formSet                               // #application-x-www-form-urlencoded-percent-encode-set
	pathSegmentSet                        // the path percent-encode set, "%", "/" and "\\": not the standard's
	opaqueHostStop                        // the C0 control percent-encode set and the forbidden host code points: what ends an opaque host copied as it is

	// The sets a Canonicalizer encodes decoded bytes with (not the
	// standard's): keyMinimalSet, then it and a few bytes each.
	keyMinimalSet     // bytes up to 0x20 and from 0x7F, "#" and "%"
	keyPathSet        // and "?"
	keySpecialPathSet // and "?" and "\\"
	keyFilePathSet    // and "?", "\\" and "|", which could make a drive letter
	keyHostSet        // and ":", "/", "?" and "@", which would split a host read as bytes
)

// encodeTable[b] has the bit of every percent-encode set that contains b.
// Every set holds the C0 controls and the bytes above 0x7E; each set is an
// earlier set plus a few bytes, derived here the way the standard words it.
// Bytes above 0x7F are in every set, so encoding the UTF-8 bytes of a code
// point one at a time is exactly the standard's "UTF-8 percent-encode".
var encodeTable = func() (t [256]encodeSet) {
	derive := func(set, from encodeSet, extra string) {
		for b := range t {
			if b < 0x20 || b > 0x7E || t[b]&from != 0 {
				t[b] |= set
			}
		}
		for i := range len(extra) {
			t[extra[i]] |= set
		}
	}
	derive(c0ControlSet, 0, "")
	derive(fragmentSet, c0ControlSet, " \"<>`")
	derive(querySet, c0ControlSet, " \"#<>")
	derive(specialQuerySet, querySet, "'")
	derive(pathSet, querySet, "?^`{}")
	derive(userinfoSet, pathSet, "/:;=@[\\]|")
	derive(componentSet, userinfoSet, "$%&+,")
	derive(formSet, componentSet, "!'()~")
	derive(pathSegmentSet, pathSet, "%/\\")
	derive(opaqueHostStop, c0ControlSet, "")
	for b := range t {
		if hostTable[b]&forbiddenHost != 0 {
			t[b] |= opaqueHostStop
		}
	}
	derive(keyMinimalSet, 0, " #%")
	derive(keyPathSet, keyMinimalSet, "?")
	derive(keySpecialPathSet, keyPathSet, "\\")
	derive(keyFilePathSet, keySpecialPathSet, "|")
	derive(keyHostSet, keyMinimalSet, ":/?@")
	return t
}()

// has reports whether b is in the percent-encode set s.
func (s encodeSet) has(b byte) bool { return encodeTable[b]&s != 0 }

const upperHex = "0123456789ABCDEF"

// appendEncoded appends s to dst, percent-encoding every byte in set. Runs of
// bytes that need no encoding are appended whole.
// https://url.spec.whatwg.org/#string-utf-8-percent-encode
func appendEncoded[S ~string | ~[]byte](dst []byte, s S, set encodeSet) []byte {
	start := 0
	for i := indexEncoded(s, set); i < len(s); i++ {
		if c := s[i]; set.has(c) {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '%', upperHex[c>>4], upperHex[c&15])
			start = i + 1
		}
	}
	return append(dst, s[start:]...)
}

// indexEncoded returns the index of the first byte of s in set, or len(s).
func indexEncoded[S ~string | ~[]byte](s S, set encodeSet) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		w := s[i : i+8]
		if (encodeTable[w[0]]|encodeTable[w[1]]|encodeTable[w[2]]|encodeTable[w[3]]|
			encodeTable[w[4]]|encodeTable[w[5]]|encodeTable[w[6]]|encodeTable[w[7]])&set != 0 {
			break
		}
	}
	for i < len(s) && !set.has(s[i]) {
		i++
	}
	return i
}

// needsEncoding reports the index of the first byte of s in set, or -1.
func needsEncoding(s string, set encodeSet) int {
	for i := 0; i < len(s); i++ {
		if set.has(s[i]) {
			return i
		}
	}
	return -1
}

// hexValue[c] is the value of the ASCII hex digit c, or 0xFF.
var hexValue = func() (t [256]byte) {
	for c := range t {
		t[c] = 0xFF
	}
	for i, c := range "0123456789abcdef" {
		t[c] = byte(i)
	}
	for i, c := range "ABCDEF" {
		t[c] = byte(10 + i)
	}
	return t
}()

// unhex returns the value of the ASCII hex digit c, or 0xFF if c is not one.
func unhex(c byte) byte { return hexValue[c] }

// isHex reports whether c is an ASCII hex digit.
func isHex(c byte) bool { return hexValue[c] != 0xFF }

// startsWithPercentByte reports whether s[i:] starts with a percent-encoded
// byte: "%" followed by two ASCII hex digits.
// https://url.spec.whatwg.org/#percent-encoded-byte
func startsWithPercentByte(s string, i int) bool {
	return i+2 < len(s) && s[i] == '%' && isHex(s[i+1]) && isHex(s[i+2])
}

// percentDecodeString percent-decodes s: each percent-encoded byte becomes
// the byte, and a "%" that starts none stays as it is. It returns s itself
// when s has no percent-encoded byte.
// https://url.spec.whatwg.org/#string-percent-decode
func percentDecodeString(s string) string {
	i := indexPercentByte(s)
	if i < 0 {
		return s
	}
	return string(appendPercentDecoded(make([]byte, 0, len(s)), s, false))
}

// appendPercentDecoded appends s percent-decoded; with plus, "+" decodes
// to a space, as in application/x-www-form-urlencoded.
// https://url.spec.whatwg.org/#percent-decode
func appendPercentDecoded(dst []byte, s string, plus bool) []byte {
	start := 0
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '+' && plus:
			dst = append(append(dst, s[start:i]...), ' ')
			start = i + 1
		case startsWithPercentByte(s, i):
			dst = append(append(dst, s[start:i]...), unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
			start = i + 1
		}
	}
	return append(dst, s[start:]...)
}

// indexPercentByte returns the index of the first percent-encoded byte in
// s, or -1.
func indexPercentByte(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && startsWithPercentByte(s, i) {
			return i
		}
	}
	return -1
}

// PercentEncodePathSegment percent-encodes s for use as one segment of a
// URL's path: with the path percent-encode set, and "%", "/" and "\\",
// so that the segment reads back as s whatever its bytes, in special and
// other URLs alike. It returns s itself when nothing needs encoding. A
// segment "." or ".." (or any spelling of them with "%2e") is a dot
// segment whatever its encoding: the parser resolves it.
// https://url.spec.whatwg.org/#path-percent-encode-set
func PercentEncodePathSegment(s string) string { return percentEncode(s, pathSegmentSet) }

// PercentEncodeComponent percent-encodes s with the component
// percent-encode set, the set of JavaScript's encodeURIComponent but for
// "!", "'", "(", ")" and "~", which it leaves. It returns s itself when
// nothing needs encoding.
// https://url.spec.whatwg.org/#component-percent-encode-set
func PercentEncodeComponent(s string) string { return percentEncode(s, componentSet) }

// PercentEncodeForm percent-encodes s as the application/x-www-form-urlencoded
// serializer does a name or value: with its percent-encode set, and a
// space as "+". It returns s itself when nothing needs encoding.
// https://url.spec.whatwg.org/#concept-urlencoded-serializer
func PercentEncodeForm(s string) string {
	if indexEncoded(s, formSet) == len(s) {
		return s
	}
	return string(appendFormEncoded(make([]byte, 0, len(s)+len(s)/2), s))
}

// PercentDecode percent-decodes s leniently, as the standard's
// percent-decode does: each "%" and two hex digits becomes that byte, and
// any other "%" stays as it is. The result may not be UTF-8. It returns s
// itself when s has no percent-encoded byte.
// https://url.spec.whatwg.org/#string-percent-decode
func PercentDecode(s string) string { return percentDecodeString(s) }

// PercentDecodeForm decodes s as the application/x-www-form-urlencoded
// parser does a name or value: "+" as a space, then [PercentDecode], then
// UTF-8 decoding with U+FFFD for each byte sequence that is not UTF-8.
// https://url.spec.whatwg.org/#concept-urlencoded-parser
func PercentDecodeForm(s string) string { return formDecode(s) }

// percentEncode returns s percent-encoded with set, or s itself when
// nothing needs encoding. Invalid UTF-8 is encoded byte by byte.
func percentEncode(s string, set encodeSet) string {
	if indexEncoded(s, set) == len(s) {
		return s
	}
	return string(appendEncoded(make([]byte, 0, len(s)+len(s)/2), s, set))
}
