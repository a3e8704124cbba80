package bench

import (
	"strings"
	"testing"
)

// BenchmarkNewString measures what a new string of a key's length costs
// on the machine, apart from any of weburl's work: each op makes 45
// bytes (about the mean of canon's SURT keys on kasztp) and copies a
// string into them, with nothing else on the heap ("alloc"), or takes
// the 45 bytes from a block of 1 KB that it allocates when the last one
// is full ("blocks", an allocation per 22 ops). SURT allocates one such
// string for each key, where AppendSURT writes into the caller's buffer;
// run beside GOGC=400 and GOGC=off, it shows the share of the collection
// cycles and of the kernel's page faults (bench/README.md, "Keys").
func BenchmarkNewString(b *testing.B) {
	src := strings.Repeat("x", 45)
	b.Run("alloc", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf := make([]byte, len(src))
			copy(buf, src)
			bytesSink = buf
		}
	})
	b.Run("blocks", func(b *testing.B) {
		b.ReportAllocs()
		var block []byte
		for b.Loop() {
			if cap(block)-len(block) < len(src) {
				block = make([]byte, 0, 1024)
			}
			n := len(block)
			block = append(block, src...)
			bytesSink = block[n:]
		}
	})
}

// bytesSink keeps BenchmarkNewString's bytes on the heap.
var bytesSink []byte
