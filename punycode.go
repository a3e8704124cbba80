package weburl

import (
	"math"
	"slices"
	"unicode/utf16"
	"unicode/utf8"
)

// Punycode (RFC 3492) as UTS #46 ToASCII uses it, for long labels.
//
// golang.org/x/net/idna encodes a label with RFC 3492's reference loop,
// which reads the whole label once per distinct code point in it: time
// quadratic in the label's length. For the short labels of real hosts that
// is cheapest, and weburl leaves them to it (but for labels of Latin-1
// letters, which appendLatin1ToASCII maps and encodes with the same loop, see
// appendPunycodeLatin1); a label of hundreds of
// distinct code points would cost milliseconds. weburl encodes labels
// longer than shortLabel itself, counting code points with a Fenwick tree,
// in time O(n log n). ICU, which Chrome and Safari use for UTS #46, refuses
// to encode a label of more than 1000 UTF-16 code units (ICU-13727), and
// then ToASCII fails; the standard sets no bound (whatwg/url issue 824),
// and weburl refuses the labels ICU refuses. Decoding needs neither: x/net/idna
// gives up on a label that decodes to more than 1024 code points.

const (
	// maxEncodeLabel is ICU's limit: the UTF-16 code units of a label with
	// a non-ASCII code point that ToASCII encodes.
	maxEncodeLabel = 1000
	// shortLabel is the length in UTF-16 code units up to which
	// golang.org/x/net/idna encodes a label.
	shortLabel = 64
)

// longestNonASCIILabel returns the length in UTF-16 code units of the
// longest label of domain that has a non-ASCII code point, or 0. Labels end
// at "." and at the three code points UTS #46 maps to it.
func longestNonASCIILabel(domain string) int {
	longest, units, ascii := 0, 0, true
	for _, r := range domain {
		switch r {
		case '.', '\u3002', '\uFF0E', '\uFF61':
			if !ascii {
				longest = max(longest, units)
			}
			units, ascii = 0, true
		default:
			units += utf16.RuneLen(r)
			ascii = ascii && r < utf8.RuneSelf
		}
	}
	if !ascii {
		longest = max(longest, units)
	}
	return longest
}

// RFC 3492's parameters for Punycode (section 5).
const (
	punyBase        = 36
	punyTMin        = 1
	punyTMax        = 26
	punySkew        = 38
	punyDamp        = 700
	punyInitialBias = 72
	punyInitialN    = 128
)

// appendPunycode appends the Punycode encoding of label (RFC 3492 section
// 6.3) to dst. It reports false where golang.org/x/net/idna's encoder
// fails: on an integer overflow past 2³¹−1 and, as UTS #46 from Unicode 16
// has it, on U+FFFD.
//
// The reference loop takes each distinct code point m in increasing order
// and walks the label, adding one to delta for every code point less than
// m and emitting delta at every m. Here the positions of the code points
// already handled (the basic ones, then each m in turn) are marked in a
// Fenwick tree, so the count between two occurrences of m is two prefix
// sums.
func appendPunycode(dst []byte, label string) ([]byte, bool) {
	runes := []rune(label)
	var rest []int32 // positions of the non-basic code points
	tree := make(fenwick, len(runes)+1)
	for i, r := range runes {
		switch {
		case r < utf8.RuneSelf:
			dst = append(dst, byte(r))
			tree.add(i)
		case r == utf8.RuneError:
			return dst, false
		default:
			rest = append(rest, int32(i))
		}
	}
	basic := len(runes) - len(rest)
	if basic > 0 {
		dst = append(dst, '-')
	}
	// Sort by code point; a stable sort keeps each one's positions in order.
	slices.SortStableFunc(rest, func(a, b int32) int { return int(runes[a] - runes[b]) })
	handled := basic // h in RFC 3492
	n, delta, bias := int64(punyInitialN), int64(0), punyInitialBias
	for i := 0; i < len(rest); {
		m := int64(runes[rest[i]])
		delta += (m - n) * int64(handled+1)
		if delta > math.MaxInt32 {
			return dst, false
		}
		n = m
		prev := 0 // count code points less than m from here
		j := i
		for ; j < len(rest) && int64(runes[rest[j]]) == m; j++ {
			p := int(rest[j])
			delta += int64(tree.sum(p) - tree.sum(prev))
			if delta > math.MaxInt32 {
				return dst, false
			}
			dst = appendPunyNumber(dst, int(delta), bias)
			bias = punyAdapt(int(delta), handled+1, handled == basic)
			delta = 0
			handled++
			prev = p + 1
		}
		delta += int64(tree.sum(len(runes)) - tree.sum(prev))
		for ; i < j; i++ {
			tree.add(int(rest[i]))
		}
		delta++
		n++
	}
	return dst, true
}

// appendPunyNumber appends q as a generalized variable-length integer with
// the thresholds bias gives (RFC 3492 section 6.3).
func appendPunyNumber(dst []byte, q, bias int) []byte {
	for k := punyBase; ; k += punyBase {
		t := min(max(k-bias, punyTMin), punyTMax)
		if q < t {
			break
		}
		dst = append(dst, punyDigit(t+(q-t)%(punyBase-t)))
		q = (q - t) / (punyBase - t)
	}
	return append(dst, punyDigit(q))
}

// punyDigit returns the basic code point for a digit 0-35: a-z, then 0-9.
func punyDigit(d int) byte {
	if d < 26 {
		return byte('a' + d)
	}
	return byte('0' + d - 26)
}

// punyAdapt is RFC 3492's bias adaptation (section 6.1).
func punyAdapt(delta, points int, first bool) int {
	if first {
		delta /= punyDamp
	} else {
		delta /= 2
	}
	delta += delta / points
	k := 0
	for delta > (punyBase-punyTMin)*punyTMax/2 {
		delta /= punyBase - punyTMin
		k += punyBase
	}
	return k + (punyBase-punyTMin+1)*delta/(delta+punySkew)
}

// A fenwick is a Fenwick (binary indexed) tree of counts over positions
// 0 to len-2.
type fenwick []int32

// add counts position i.
func (f fenwick) add(i int) {
	for i++; i < len(f); i += i & -i {
		f[i]++
	}
}

// sum returns the count of positions before i.
func (f fenwick) sum(i int) int {
	s := 0
	for ; i > 0; i -= i & -i {
		s += int(f[i])
	}
	return s
}

// appendPunycodeLatin1 appends the Punycode encoding of label, code points
// up to U+00FF given one byte each (Latin-1), with RFC 3492's reference
// loop (section 6.3): for a label of at most shortLabel code points no
// count can overflow, and the loop needs no allocation.
func appendPunycodeLatin1(dst []byte, label []byte) []byte {
	basic := 0
	for _, c := range label {
		if c < utf8.RuneSelf {
			dst = append(dst, c)
			basic++
		}
	}
	if basic > 0 {
		dst = append(dst, '-')
	}
	handled := basic
	n, delta, bias := punyInitialN, 0, punyInitialBias
	for handled < len(label) {
		m := 0x100 // the least code point not yet handled, at least n
		for _, c := range label {
			if int(c) >= n && int(c) < m {
				m = int(c)
			}
		}
		delta += (m - n) * (handled + 1)
		n = m
		for _, c := range label {
			switch {
			case int(c) < n:
				delta++
			case int(c) == n:
				dst = appendPunyNumber(dst, delta, bias)
				bias = punyAdapt(delta, handled+1, handled == basic)
				delta = 0
				handled++
			}
		}
		delta++
		n++
	}
	return dst
}
