package weburl

import (
	"slices"

	"github.com/weburl/weburl/internal/ascii"
)

// parseIPv6 parses the text between the brackets of an IPv6 host into its
// eight 16-bit pieces. IPv6-piece-leading-zero validation errors go to
// report; the error that makes it fail is returned with the index in s
// where it points: the code point at fault, the first byte of the piece at
// fault, or len(s) where the address ends too soon (see [ErrorCode]).
// https://url.spec.whatwg.org/#concept-ipv6-parser
func parseIPv6(s string, report addrReport) (addr [8]uint16, err ErrorCode, at int) {
	pieceIndex := 0
	compress := -1 // the spec's null
	i := 0         // the pointer; i == len(s) is EOF

	if i < len(s) && s[i] == ':' {
		if len(s) < 2 || s[1] != ':' {
			return addr, ErrIPv6InvalidCompression, i
		}
		i += 2
		pieceIndex++
		compress = pieceIndex
	}
	for i < len(s) {
		if pieceIndex == 8 {
			return addr, ErrIPv6TooManyPieces, i
		}
		if s[i] == ':' {
			if compress >= 0 {
				return addr, ErrIPv6MultipleCompression, i
			}
			i++
			pieceIndex++
			compress = pieceIndex
			continue
		}
		value, length, start := 0, 0, i
		for length < 4 && i < len(s) && ascii.IsHex(s[i]) {
			value = value<<4 | int(ascii.Unhex(s[i]))
			i++
			length++
		}
		if i < len(s) && s[i] == '.' {
			// An IPv4 address ends the IPv6 address: read it from the
			// start of this piece into the next two pieces.
			if length == 0 {
				return addr, ErrIPv4InIPv6InvalidCodePoint, i
			}
			i = start
			if pieceIndex > 6 {
				return addr, ErrIPv4InIPv6TooManyPieces, i
			}
			numbersSeen := 0
			for i < len(s) {
				if numbersSeen > 0 {
					if s[i] != '.' || numbersSeen >= 4 {
						return addr, ErrIPv4InIPv6InvalidCodePoint, i
					}
					i++
				}
				if i == len(s) || !ascii.IsDigit(s[i]) {
					return addr, ErrIPv4InIPv6InvalidCodePoint, i
				}
				ipv4Piece, partStart := -1, i
				for ; i < len(s) && ascii.IsDigit(s[i]); i++ {
					number := int(s[i] - '0')
					switch ipv4Piece {
					case -1:
						ipv4Piece = number
					case 0: // a leading zero
						return addr, ErrIPv4InIPv6InvalidCodePoint, partStart
					default:
						ipv4Piece = ipv4Piece*10 + number
					}
					if ipv4Piece > 255 {
						return addr, ErrIPv4InIPv6OutOfRangePart, partStart
					}
				}
				addr[pieceIndex] = addr[pieceIndex]<<8 | uint16(ipv4Piece)
				numbersSeen++
				if numbersSeen == 2 || numbersSeen == 4 {
					pieceIndex++
				}
			}
			if numbersSeen != 4 {
				return addr, ErrIPv4InIPv6TooFewParts, i
			}
			break
		}
		if i < len(s) && s[i] == ':' {
			i++
			if i == len(s) {
				return addr, ErrIPv6InvalidCodePoint, i
			}
		} else if i < len(s) {
			return addr, ErrIPv6InvalidCodePoint, i
		}
		// A piece of more than one digit whose value has fewer digits.
		if length > 1 && value < 1<<(4*(length-1)) && report != nil {
			report(ErrIPv6PieceLeadingZero, start)
		}
		addr[pieceIndex] = uint16(value)
		pieceIndex++
	}
	if compress >= 0 {
		// Move the pieces after the compression to the end.
		swaps := pieceIndex - compress
		pieceIndex = 7
		for pieceIndex != 0 && swaps > 0 {
			j := compress + swaps - 1
			addr[pieceIndex], addr[j] = addr[j], addr[pieceIndex]
			pieceIndex--
			swaps--
		}
	} else if pieceIndex != 8 {
		return addr, ErrIPv6TooFewPieces, len(s)
	}
	return addr, 0, 0
}

// appendIPv6 appends the IPv6 serialization of addr, without brackets: the
// longest run of two or more zero pieces (the first of equals) becomes "::".
// https://url.spec.whatwg.org/#concept-ipv6-serializer
func appendIPv6(dst []byte, addr *[8]uint16) []byte {
	compress := compressedPieceIndex(addr)
	dst = slices.Grow(dst, len("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"))
	for i := 0; i < 8; i++ {
		if i == compress {
			if i == 0 {
				dst = append(dst, ':')
			}
			dst = append(dst, ':')
			for i < 7 && addr[i+1] == 0 {
				i++ // the rest of the run
			}
			continue
		}
		dst = appendPiece(dst, addr[i])
		if i != 7 {
			dst = append(dst, ':')
		}
	}
	return dst
}

// appendPiece appends piece in lower-case hexadecimal without leading
// zeros, as strconv.AppendUint(dst, uint64(piece), 16) does, in a fraction
// of its instructions (bench/README.md, "What the code's comments rest
// on").
func appendPiece(dst []byte, piece uint16) []byte {
	const digits = "0123456789abcdef"
	if piece >= 0x1000 {
		dst = append(dst, digits[piece>>12])
	}
	if piece >= 0x100 {
		dst = append(dst, digits[piece>>8&15])
	}
	if piece >= 0x10 {
		dst = append(dst, digits[piece>>4&15])
	}
	return append(dst, digits[piece&15])
}

// compressedPieceIndex returns the index of the first piece of the longest
// run of at least two zero pieces, or -1 if there is none.
// https://url.spec.whatwg.org/#concept-ipv6-serializer-compressed-piece-index
func compressedPieceIndex(addr *[8]uint16) int {
	longestIndex, longestSize := -1, 1
	foundIndex, foundSize := -1, 0
	for i, piece := range addr {
		if piece != 0 {
			if foundSize > longestSize {
				longestIndex, longestSize = foundIndex, foundSize
			}
			foundIndex, foundSize = -1, 0
			continue
		}
		if foundIndex < 0 {
			foundIndex = i
		}
		foundSize++
	}
	if foundSize > longestSize {
		return foundIndex
	}
	return longestIndex
}
