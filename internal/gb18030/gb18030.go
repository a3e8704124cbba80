// Package gb18030 holds the Encoding Standard's indexes of gb18030 and
// gbk, index gb18030 and index gb18030 ranges, as the standard publishes
// them (index.bin and ranges.go are generated from testdata/encoding by
// gen.go), and the pointers its gb18030 encoder takes of a code point.
// golang.org/x/text's gb18030 decoder, which an index could be read
// from, decodes none of 2,067 of index gb18030's 23,940 pointers (2,048
// that the index maps to private-use code points, and 19 others).
// https://encoding.spec.whatwg.org/#index-gb18030
package gb18030

//go:generate go run gen.go

import (
	_ "embed"
	"sort"
	"sync"
)

// index is index gb18030: the code point of each pointer from 0 to
// 23939, two bytes each, big-endian.
//
//go:embed index.bin
var index string

// pointers maps each code point of the Basic Multilingual Plane to its
// index pointer in index gb18030, plus one (0 for none). It is built on
// first use, and with a sync.Once rather than a package-level
// sync.OnceValue, whose function the package's initialization would
// make, keeping the index in every program that links the package.
var (
	pointers     []uint16
	pointersOnce sync.Once
)

func buildPointers() {
	pointers = make([]uint16, 0x10000)
	for p := len(index)/2 - 1; p >= 0; p-- { // the first pointer wins
		pointers[uint16(index[2*p])<<8|uint16(index[2*p+1])] = uint16(p + 1)
	}
}

// Pointer returns the index pointer for r in index gb18030, the first
// pointer whose code point is r, and whether there is one.
// https://encoding.spec.whatwg.org/#index-pointer
func Pointer(r rune) (int, bool) {
	if r < 0 || r > 0xFFFF {
		return 0, false
	}
	pointersOnce.Do(buildPointers)
	p := pointers[r]
	return int(p) - 1, p != 0
}

// RangesPointer returns the index gb18030 ranges pointer for r, a code
// point that is not ASCII.
// https://encoding.spec.whatwg.org/#index-gb18030-ranges-pointer
func RangesPointer(r rune) int {
	if r == 0xE7C7 {
		return 7457
	}
	// The last range whose code point is r or below.
	i := sort.Search(len(ranges), func(i int) bool { return ranges[i].r > r }) - 1
	return int(ranges[i].pointer) + int(r-ranges[i].r)
}

// CodePoint returns the code point of pointer in index gb18030, and
// whether it has one (every pointer from 0 to 23939 does).
// https://encoding.spec.whatwg.org/#index-code-point
func CodePoint(pointer int) (rune, bool) {
	if pointer < 0 || pointer >= len(index)/2 {
		return 0, false
	}
	return rune(index[2*pointer])<<8 | rune(index[2*pointer+1]), true
}

// RangesCodePoint returns the index gb18030 ranges code point for
// pointer, and false for a pointer that has none.
// https://encoding.spec.whatwg.org/#index-gb18030-ranges-code-point
func RangesCodePoint(pointer int) (rune, bool) {
	if pointer > 39419 && pointer < 189000 || pointer > 1237575 || pointer < 0 {
		return 0, false
	}
	if pointer == 7457 {
		return 0xE7C7, true
	}
	// The last range whose pointer is pointer or below.
	i := sort.Search(len(ranges), func(i int) bool { return int(ranges[i].pointer) > pointer }) - 1
	return ranges[i].r + rune(pointer-int(ranges[i].pointer)), true
}
