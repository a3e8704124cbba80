// Package canon makes the keys crawlers, archives and blocklists file
// URLs under: one key per resource, where URLs a browser keeps apart
// ("%7E" and "~", "?" and no query, the query's order, "www.", session
// ids) compare equal.
//
// A [Canonicalizer] turns a URL into a key by the rules its fields switch
// on. Four sets of rules are ready profiles: [Frontier] (a crawl
// frontier's key, which merges only what names one resource for any
// server), [SortQuery] (the href with its query's pairs sorted), and the
// two with published behaviour, [SafeBrowsing] (Google Safe Browsing's
// canonicalization) and [Wayback] (the Internet Archive's), which also
// lowercase the path and query. [SURT] makes the Internet
// Archive's sort key, and, with [SURTOptions.CDXCompatible], the key
// byte for byte as the CDX indexes of the Wayback Machine and Common
// Crawl have it; [AppendSURT] appends it to a buffer the caller reuses,
// as a program writing many keys does.
//
//	key, err := canon.SortQuery.Canonicalize("https://a.example/?b=2&a=1")
//	// key is "https://a.example/?a=1&b=2"
//	surt, err := canon.SURT("http://www.archive.org/goo/?a=2&b&a=1", canon.SURTOptions{})
//	// surt is "org,archive)/goo?a=1&a=2&b"
//
// Unless a Canonicalizer is Lenient, a URL is read with the URL
// Standard's parser (package weburl), and its failures are that parser's
// [*weburl.Error]. A Lenient Canonicalizer and CDXCompatible SURTs read
// the input as bytes; the few inputs they cannot key fail with an
// [*Error] of this package.
package canon

// The files of the package, by what they hold:
//
//	doc.go      this documentation
//	canon.go    Canonicalizer, QueryOrder, the profiles, Error, and the key of a
//	            URL parsed by the URL Standard, component by component
//	rules.go    the rules the keys share, each written once: dot segments, runs
//	            of "/", "www", the query's order, session ids, repeated
//	            percent-decoding
//	lenient.go  the key of an input read as bytes (Canonicalizer.Lenient)
//	surt.go     SURT, SURTURL, their Append forms and SURTOptions
//	cdx.go      SURTOptions.CDXCompatible: the surt package's keys, byte for byte
