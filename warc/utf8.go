package warc

import (
	"unicode/utf8"
	"unsafe"

	"github.com/weburl/weburl/internal/utf8dec"
)

// decodeReplace decodes b as UTF-8, each maximal subpart of an ill-formed
// sequence replaced by U+FFFD, as the Encoding Standard's UTF-8 decoder
// (TextDecoder) and Python's errors="replace" do.
func decodeReplace(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	// Decode copies what it reads: b may change after.
	return utf8dec.Decode(unsafe.String(unsafe.SliceData(b), len(b)))
}
