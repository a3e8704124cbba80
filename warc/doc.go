// Package warc reads web archives, WARC (ISO 28500) and ARC files, and
// writes the indexes their replay tools read, byte for byte as the tools
// that write them do, and the links of the archived HTML pages as a
// browser resolves them.
//
// # Indexes
//
// A web archive finds a capture through an index sorted by each URL's
// key, a SURT ("org,iana)/domains/root/db"), and the capture's time. A
// key one byte off from the one the replay tool computes is a capture
// that is never found, so an Indexer writes each format exactly as the
// tool that defines it:
//
//   - CDXJIndexer: CDXJ as cdxj-indexer 1.4.6 (webrecorder) writes it,
//     which pywb, the Webrecorder tools and many archives read. Its key is
//     the surt package's (canon.SURT with CDXCompatible).
//   - CDX11: the classic 11-field CDX of the Wayback Machine and
//     OpenWayback, as cdxj-indexer -11 writes it.
//   - Warcio: CDXJ as warcio.js 2.4.11 writes it (warcio cdx-index),
//     which ReplayWeb.page and wabac.js read.
//
// warcio.js makes its key otherwise than the surt package: it keys http:
// and https: URLs only (a metadata: or dns: URL is its own key), cuts
// "www" and any digits before the host's first dot, lowercases the whole
// URL, parses it by the URL Standard (so an international host is in
// Punycode, a path's dot segments resolved, its spaces and non-ASCII
// bytes percent-encoded), and writes the host's labels reversed, the port
// if it is not the scheme's default, ")", the path as it is (keeping a
// trailing "/", which surt drops) and the query split at "&" and sorted
// as strings, with no fragment and no credentials. Where the URL does not
// parse, the key is the URL (after the cut of "www"). It appends every
// paired request that is not a GET to the key ("__wb_method=post&...").
// cdxj-indexer does that only with -p (IndexOptions.PostAppend), for
// POST and PUT, and the two read a body by different rules (a form
// unquoted or not, JSON's values as Python or JavaScript writes them, a
// multipart body's parts), each followed here.
//
// Each tool indexes a record by its own reading of the file: its type
// (response, revisit, resource and metadata records; warcio.js also a
// record of no type), the HTTP status and Content-Type of the archived
// response, the digest (cdxj-indexer computes a missing one), the offset
// and length of the record in the file (of its gzip member in a file
// compressed per record), and the timestamp (the 14 digits of
// WARC-Date). warcio.js reads an ARC file as one WARC record with no
// type, and prints "undefined" for its key; so does the Warcio format.
//
// A Sorter sorts an index as cdxj-indexer -s does: in byte order, each
// line once, spilling to temporary files beyond its memory bound.
//
// # Reading
//
// A Reader reads records as warcio (Python) 1.8 reads them for
// cdxj-indexer and pywb, and gives each record's offset and length in
// the file. Go has WARC readers, but none reads what the index needs:
// github.com/nlnwa/gowarc/v3 v3.1.0 (measured by the tests of the bench
// module) gives the offsets of 26 of the 28 WARC files of this package's
// tests but reads none of its ARC files, stops at a WARC-Payload-Digest
// without its algorithm's name with every error policy set to ignore,
// imports another WHATWG URL parser, and reads a 47 MB .warc.gz in 1.7
// seconds and 682 MB of allocations where a Reader takes 1.2 seconds
// and 81 MB. And the indexes follow the reading rules of each tool,
// quirks included (a Content-Length that is not a number read as 0, the
// lines after a record's block, the fields of an ARC header), which a
// reader of the standard's rules would not give.
//
// # Broken files
//
// Where a file cannot be read on (a gzip member cut short, a record
// whose header is not a WARC or ARC header), Index and Reader.Next return
// an *Error with the offset, after the lines of every complete record
// before it; where the tool reads past something (a Content-Length too
// short, an ARC length that is not a number, a WARC-Target-URI the URL
// Standard does not parse), the index is the tool's, and the Warn
// function of the options hears of it. Where a broken file makes the
// tool write a line for what is not a record, or lose a complete one,
// the index departs from it: cdxj-indexer indexes the bytes after a
// file's last gzip member as an ARC record ("garbage)/"), and the first
// record of a gzip member holding several with a length that is not the
// member's; warcio.js stops without a word at an empty line where a
// record should start. The tests list each such file, with its reason.
//
// Memory stays bounded whatever the input: a header line may be 1 MiB,
// a header 4 MiB, a request body read for its key 4 MiB, a page read for
// its links OutlinkOptions.MaxBytes; the rest of a record is streamed.
//
// # Links
//
// Outlinks reads the links of each archived HTML page with package links:
// the payload de-chunked and decoded (gzip, deflate, br) as warcio
// decodes it, the record's WARC-Target-URI (WARC 1.0's "<...>" form too)
// its URL, the archived Content-Type's charset counted, and every link
// resolved against the page's <base> as the browser's DOM resolves it.
package warc
