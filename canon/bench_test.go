package canon

import (
	"testing"

	"github.com/weburl/weburl/internal/corpus"
)

// The benchmarks key the lines of the URL lists (testdata/datasets) and
// the web-platform-tests inputs, one URL per op:
//
//	go test -run '^$' -bench . -benchmem -count=10 ./canon

// BenchmarkCanonicalize canonicalizes each URL with each profile.
func BenchmarkCanonicalize(b *testing.B) {
	for _, p := range profiles {
		b.Run(p.name, func(b *testing.B) {
			corpus.Lists(b, func(b *testing.B, urls []string) {
				corpus.PerURL(b, urls, func(s string) { _, _ = p.c.Canonicalize(s) })
			})
		})
	}
}

// BenchmarkSURT makes the SURT of each URL.
func BenchmarkSURT(b *testing.B) {
	corpus.Lists(b, func(b *testing.B, urls []string) {
		corpus.PerURL(b, urls, func(s string) { _, _ = SURT(s, SURTOptions{}) })
	})
}

// BenchmarkAppendSURT appends the SURT of each URL to one buffer reused,
// as a program writing an index does: BenchmarkSURT less the allocation
// of each key and the collector's work for it.
func BenchmarkAppendSURT(b *testing.B) {
	corpus.Lists(b, func(b *testing.B, urls []string) {
		buf := make([]byte, 0, 1024)
		corpus.PerURL(b, urls, func(s string) { buf, _ = AppendSURT(buf[:0], s, SURTOptions{}) })
	})
}

// BenchmarkAppendSURTString is BenchmarkAppendSURT with a string made
// of each key (string(k), a copy): what SURT would cost if it appended
// to a buffer and copied the key out, beside BenchmarkSURT, which
// allocates the key's bytes once and writes the key into them. The
// difference between it and BenchmarkAppendSURT is the cost of a new
// string of a key's length on the machine, in the allocator, the
// collector and the memory the allocator hands out.
func BenchmarkAppendSURTString(b *testing.B) {
	corpus.Lists(b, func(b *testing.B, urls []string) {
		buf := make([]byte, 0, 1024)
		corpus.PerURL(b, urls, func(s string) {
			buf, _ = AppendSURT(buf[:0], s, SURTOptions{})
			keySink = string(buf)
		})
	})
}

// keySink keeps BenchmarkAppendSURTString's strings from being optimized
// away.
var keySink string

// BenchmarkSURTCDX makes the SURT of each URL as the surt package makes it
// (CDXCompatible), the key of warc's cdxj-indexer and CDX indexes.
func BenchmarkSURTCDX(b *testing.B) {
	corpus.Lists(b, func(b *testing.B, urls []string) {
		corpus.PerURL(b, urls, func(s string) { _, _ = SURT(s, SURTOptions{CDXCompatible: true}) })
	})
}
