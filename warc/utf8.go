package warc

import "unicode/utf8"

// decodeReplace decodes b as UTF-8, each maximal subpart of an ill-formed
// sequence replaced by U+FFFD, as the Encoding Standard's UTF-8 decoder
// (TextDecoder) and Python's errors="replace" do.
func decodeReplace(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	out := make([]byte, 0, len(b)+8)
	for i := 0; i < len(b); {
		c := b[i]
		if c < 0x80 {
			out = append(out, c)
			i++
			continue
		}
		n, lo, hi := 0, byte(0x80), byte(0xbf)
		switch {
		case c >= 0xc2 && c <= 0xdf:
			n = 1
		case c == 0xe0:
			n, lo = 2, 0xa0
		case c == 0xed:
			n, hi = 2, 0x9f
		case c >= 0xe1 && c <= 0xef:
			n = 2
		case c == 0xf0:
			n, lo = 3, 0x90
		case c == 0xf4:
			n, hi = 3, 0x8f
		case c >= 0xf1 && c <= 0xf3:
			n = 3
		default:
			out = append(out, "\uFFFD"...)
			i++
			continue
		}
		j := i + 1
		for k := 0; k < n; k++ {
			if j >= len(b) || b[j] < lo || b[j] > hi {
				break
			}
			lo, hi = 0x80, 0xbf
			j++
		}
		if j-i == n+1 {
			out = append(out, b[i:j]...)
		} else {
			out = append(out, "\uFFFD"...)
		}
		i = j
	}
	return string(out)
}
