package weburl

import (
	"github.com/weburl/weburl/internal/ascii"
)

// endsInANumber reports whether the last label of the ASCII domain s (after
// dropping one trailing empty label) is a number the IPv4 parser would read:
// ASCII digits, or "0x"/"0X" followed by zero or more ASCII hex digits. The
// erroneous "09" counts too; the IPv4 parser rejects it later.
// https://url.spec.whatwg.org/#ends-in-a-number-checker
func endsInANumber[S ~string | ~[]byte](s S) bool {
	// Most domains end in a letter: then the check costs a byte, inlined.
	return len(s) > 0 && ascii.MayEndInANumber(s[len(s)-1]) && endsInANumberAfter(s)
}

// endsInANumberAfter is endsInANumber once the last byte is one a number
// can end with.
func endsInANumberAfter[S ~string | ~[]byte](s S) bool {
	if len(s) > 0 && s[len(s)-1] == '.' {
		// parts is « ..., "" »: drop the last; « "", "" » leaves "", no number.
		s = s[:len(s)-1]
	}
	// A number ends in a digit, or in a hex digit or "x" after "0x".
	if len(s) == 0 {
		return false
	}
	if c := s[len(s)-1]; !ascii.IsHex(c) && c|0x20 != 'x' {
		return false
	}
	last := s
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '.' {
			last = s[i+1:]
			break
		}
	}
	if len(last) == 0 {
		return false
	}
	if ascii.AllDigits(last) {
		return true
	}
	_, _, ok := parseIPv4Number(last)
	return ok
}

// ipv4NumberMax saturates the IPv4 number parser: every part above 2³² is
// rejected alike, so larger values need not be told apart.
const ipv4NumberMax = 1 << 33

// parseIPv4Number reads one part of an IPv4 address in decimal, octal
// (leading "0") or hexadecimal (leading "0x" or "0X"). nonDecimal reports
// the IPv4-non-decimal-part validation error. Values saturate at
// ipv4NumberMax.
// https://url.spec.whatwg.org/#ipv4-number-parser
func parseIPv4Number[S ~string | ~[]byte](s S) (n uint64, nonDecimal, ok bool) {
	if len(s) == 0 {
		return 0, false, false
	}
	radix := uint64(10)
	if len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		nonDecimal, radix, s = true, 16, s[2:]
	} else if len(s) >= 2 && s[0] == '0' {
		nonDecimal, radix, s = true, 8, s[1:]
	}
	if len(s) == 0 {
		return 0, true, true
	}
	for i := 0; i < len(s); i++ {
		d := uint64(ascii.Unhex(s[i]))
		if d >= radix {
			return 0, false, false
		}
		n = min(n*radix+d, ipv4NumberMax)
	}
	return n, nonDecimal, true
}

// An addrReport receives a validation error that an address parser
// signals without failing, with the index in the parser's input where it
// points. It is nil when nobody listens.
type addrReport func(code ErrorCode, at int)

// parseIPv4 parses an ASCII domain that ends in a number as an IPv4
// address. Validation errors that do not make it fail go to report; the
// one that does is returned with the index in s where it points: the "."
// that ends the address, or the first byte of the part at fault (see
// [ErrorCode]).
// https://url.spec.whatwg.org/#concept-ipv4-parser
func parseIPv4[S ~string | ~[]byte](s S, report addrReport) (_ uint32, err ErrorCode, at int) {
	// parts is s strictly split on "."; a last empty part is an
	// IPv4-empty-part validation error and is dropped unless it is the
	// only one.
	if len(s) > 0 && s[len(s)-1] == '.' {
		if report != nil {
			report(ErrIPv4EmptyPart, len(s)-1)
		}
		if len(s) > 1 {
			s = s[:len(s)-1]
		}
	}
	var starts [4]int // where each part starts
	n := 1
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			if n == 4 {
				return 0, ErrIPv4TooManyParts, i + 1
			}
			starts[n] = i + 1
			n++
		}
	}
	if n < 4 && report != nil {
		report(ErrIPv4TooFewParts, 0)
	}
	var numbers [4]uint64
	for k := range n {
		end := len(s)
		if k+1 < n {
			end = starts[k+1] - 1
		}
		v, nonDecimal, ok := parseIPv4Number(s[starts[k]:end])
		if !ok {
			return 0, ErrIPv4NonNumericPart, starts[k]
		}
		if nonDecimal && report != nil {
			report(ErrIPv4NonDecimalPart, starts[k])
		}
		numbers[k] = v
	}
	// A part above 255 is an IPv4-out-of-range-part validation error; it
	// makes the parser fail unless it is the last part and fits the bytes
	// the others leave.
	for k, v := range numbers[:n] {
		if v <= 255 {
			continue
		}
		if k < n-1 || v >= 1<<(8*(5-n)) {
			return 0, ErrIPv4OutOfRangePart, starts[k]
		}
		if report != nil {
			report(ErrIPv4OutOfRangePart, starts[k])
		}
	}
	ipv4 := uint32(numbers[n-1])
	for k, v := range numbers[:n-1] {
		ipv4 += uint32(v) << (8 * (3 - k))
	}
	return ipv4, 0, 0
}

// appendIPv4 appends the dotted-decimal form of addr.
// https://url.spec.whatwg.org/#concept-ipv4-serializer
func appendIPv4(dst []byte, addr uint32) []byte {
	for i := 3; i >= 0; i-- {
		dst = appendDecimalByte(dst, byte(addr>>(8*i)))
		if i > 0 {
			dst = append(dst, '.')
		}
	}
	return dst
}

// appendDecimalByte appends b in decimal, as strconv.AppendUint(dst,
// uint64(b), 10) does, without its general loop.
func appendDecimalByte(dst []byte, b byte) []byte {
	switch {
	case b >= 100:
		return append(dst, '0'+b/100, '0'+b/10%10, '0'+b%10)
	case b >= 10:
		return append(dst, '0'+b/10, '0'+b%10)
	}
	return append(dst, '0'+b)
}
