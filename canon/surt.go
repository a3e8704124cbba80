package canon

import (
	"math/bits"

	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/ascii"
)

// SURTOptions chooses the form of a SURT. The zero options give the form
// of the surt package's surt(url).
type SURTOptions struct {
	// WithScheme starts the SURT with the scheme, "://" and "(":
	// "http://(org,archive)/" (the surt package's with_scheme=True).
	WithScheme bool
	// TrailingComma ends the host with ",": "org,archive,)/"
	// (trailing_comma=True). An IP address gets none.
	TrailingComma bool
	// KeepWWW keeps "www", "www2", ... at the start of the host
	// (host_massage=False).
	KeepWWW bool
	// KeepIPOrder writes an IPv4 address as it is, "192.168.1.254)/",
	// rather than reversed, "254,1,168,192)/" (reverse_ipaddr=False).
	KeepIPOrder bool
	// CDXCompatible makes the key byte for byte as the surt package 0.3.1
	// makes it, and so as the CDX indexes of the Wayback Machine and
	// Common Crawl, built with it, have it: to merge-join keys with such
	// an index. That package does not parse by the URL Standard but splits
	// with RFC 2396's regular expression, reads the host and port as
	// Python's urllib.parse does, and decodes the path before it encodes
	// it again, so that its keys can mean other URLs than the input: it
	// decodes "%3F" to "?" in the path ("https://www.holsteins.ca/%3F"
	// gives "ca,holsteins)/?", where the default gives
	// "ca,holsteins)/%3f"), takes the brackets from an IPv6 address,
	// halves runs of dots in a host and reads a host of dots as no host
	// ("https://..//www.thecasuallounge.ch/" gives
	// "https://www.thecasuallounge.ch"), drops port 0, keeps an
	// upper-case scheme, and reads the first segment of "http:////x/y"
	// as the host. It fails only where the package raises an exception,
	// with an [*Error]: an input of whitespace (ErrNoURL), or a port that
	// is not a number (ErrPortInvalid) up to 65535 (ErrPortOutOfRange).
	// IDNA follows golang.org/x/net/idna's transitional mapping where the
	// package's Python codec follows IDNA 2003, which differ on a few
	// code points. The tests compare it with the package's keys for every
	// input of the URL lists and the web-platform-tests data and thousands
	// more (testdata/surt).
	CDXCompatible bool
}

// SURT returns the Sort-friendly URI Reordering Transform of rawURL, the
// key the Internet Archive's Wayback Machine and CDX indexes sort captures
// by, as the surt package makes it: the URL canonicalized by [Wayback]
// (less its StripWWW with KeepWWW), then the host's labels reversed and
// joined with ",", and ")" before the path:
// "http://www.archive.org/goo/?a=2&b&a=1" gives "org,archive)/goo?a=1&a=2&b".
// Sorting SURTs puts a domain's URLs together, and its subdomains' after.
//
// As the surt package does, SURT returns "-" for "", an input that starts
// with "filedesc" as it is, and a URL without a host, such as
// "dns:archive.org" or "mailto:a@example.com", as its scheme, ":", path and
// query. An IPv6 address keeps its brackets and is not reversed; a host
// made of dots and port 0 stay, where the surt package's parser loses
// them. A URL the URL Standard rejects is an error.
func SURT(rawURL string, opts SURTOptions) (string, error) {
	if keptAsIs(rawURL, &opts) {
		return surtAsIs(rawURL, &opts)
	}
	c := surtRules(&opts) // Wayback's rules, which are not Lenient
	u, err := weburl.Parse(rawURL)
	if err != nil {
		if u, err = c.parseWithScheme(rawURL, err); err != nil {
			return "", err
		}
	}
	// surtOf, without its call: into a buffer the size of the key.
	k, ok := c.surtKey(nil, u, &opts)
	if !ok {
		k = c.surtByURLKey(k, u, &opts)
	}
	return ownedString(k), nil
}

// AppendSURT appends the SURT of rawURL, as [SURT] returns it, to dst and
// returns the extended buffer; on an error it returns dst unchanged and
// the error SURT returns. A program that writes many keys (an index, a
// sorted run of keys) appends each to a buffer it reuses, such as a
// [bytes.Buffer]'s AvailableBuffer, where SURT allocates each key's
// string: on the URL lists, the allocation and its share of the
// collector's work are about a fifth of a SURT's time
// (BenchmarkAppendSURT beside BenchmarkSURT).
func AppendSURT(dst []byte, rawURL string, opts SURTOptions) ([]byte, error) {
	if keptAsIs(rawURL, &opts) {
		k, err := surtAsIs(rawURL, &opts)
		if err != nil {
			return dst, err
		}
		return append(dst, k...), nil
	}
	c := surtRules(&opts)
	u, err := weburl.Parse(rawURL)
	if err != nil {
		if u, err = c.parseWithScheme(rawURL, err); err != nil {
			return dst, err
		}
	}
	return c.surtOf(dst, u, &opts), nil
}

// keptAsIs reports whether the SURT of rawURL is not made by the URL
// Standard's parser and the Wayback rules but by surtAsIs.
func keptAsIs(rawURL string, opts *SURTOptions) bool {
	return rawURL == "" || opts.CDXCompatible || len(rawURL) >= 8 && rawURL[:8] == "filedesc"
}

// surtAsIs returns the SURT of rawURL where keptAsIs: "-" for "", an input
// that starts with "filedesc" as it is, and the surt package's key
// (CDXCompatible).
func surtAsIs(rawURL string, opts *SURTOptions) (string, error) {
	switch {
	case rawURL == "":
		return "-", nil
	case len(rawURL) >= 8 && rawURL[:8] == "filedesc":
		return rawURL, nil
	}
	return cdxSURT(rawURL, opts)
}

// surtRules returns the rules a SURT with opts follows: Wayback's, less
// StripWWW with KeepWWW.
func surtRules(opts *SURTOptions) *Canonicalizer {
	if opts.KeepWWW {
		return &waybackKeepWWW
	}
	return &waybackRules
}

// SURTURL returns the SURT of u, a URL parsed by package weburl, with
// opts: for an href h, SURTURL of the URL weburl.Parse(h) returns is what
// SURT(h, opts) returns, without parsing h again. For a nil or zero URL
// it returns "-", as SURT does for "".
func SURTURL(u *weburl.URL, opts SURTOptions) (string, error) {
	if href, ok := surtURLAsIs(u, &opts); ok {
		return SURT(href, opts)
	}
	return ownedString(surtRules(&opts).surtOf(nil, u, &opts)), nil
}

// AppendSURTURL appends the SURT of u, as [SURTURL] returns it, to dst and
// returns the extended buffer, as [AppendSURT] does for a string.
func AppendSURTURL(dst []byte, u *weburl.URL, opts SURTOptions) ([]byte, error) {
	if href, ok := surtURLAsIs(u, &opts); ok {
		return AppendSURT(dst, href, opts)
	}
	return surtRules(&opts).surtOf(dst, u, &opts), nil
}

// surtURLAsIs returns u's href and true where the SURT of u is that of
// its href as surtAsIs makes it: for a nil or zero URL ("" and "-"), an
// href that starts with "filedesc", and CDXCompatible, whose key reads the
// href as the surt package does, not u.
func surtURLAsIs(u *weburl.URL, opts *SURTOptions) (href string, ok bool) {
	if u == nil {
		return "", true
	}
	href = u.Href()
	return href, keptAsIs(href, opts)
}

// waybackKeepWWW is Wayback's rules without StripWWW, for
// SURTOptions.KeepWWW.
var waybackKeepWWW = func() Canonicalizer {
	c := waybackRules
	c.StripWWW = false
	return c
}()

// appendReversedLabels appends the labels of host in reverse order,
// joined with ",".
func appendReversedLabels[S ~string | ~[]byte](dst []byte, host S) []byte {
	end := len(host)
	for i := end - 1; i >= 0; i-- {
		if host[i] == '.' {
			dst = append(dst, host[i+1:end]...)
			dst = append(dst, ',')
			end = i
		}
	}
	return append(dst, host[:end]...)
}

// strayDots reports, from the mask of the dots of a host of n bytes,
// whether it starts or ends with a dot or has two in a row, as
// hasStrayDots does.
func strayDots(dots uint64, n int) bool {
	// The first byte, the last, and each byte after a dot. Where n is 0,
	// dots is 0 too; the shift's count masked to 63, which it is for
	// 1 <= n <= 64, spares the compiler's code for a count of 64 or more.
	return dots&(1|1<<((uint(n)-1)&63)|dots>>1) != 0
}

// appendLabelsByMask is appendReversedLabels for a host of at most 64
// bytes whose dots are the bits of dots, as ascii.ByteMask returns them: it
// visits the dots, not every byte.
func appendLabelsByMask(dst []byte, host string, dots uint64) []byte {
	end := len(host)
	for dots != 0 {
		i := 63 - bits.LeadingZeros64(dots)
		dst = append(append(dst, host[i+1:end]...), ',')
		dots &^= 1 << i
		end = i
	}
	return append(dst, host[:end]...)
}

// surtOf appends the SURT of u to buf, or, if buf is nil, to a buffer it
// makes: surtKey's, of about the key's length, or, where surtKey declines
// before it made one, keyBuffer's for urlKey.
func (c *Canonicalizer) surtOf(buf []byte, u *weburl.URL, surt *SURTOptions) []byte {
	buf, ok := c.surtKey(buf, u, surt)
	if ok {
		return buf
	}
	return c.surtByURLKey(buf, u, surt)
}

// surtByURLKey appends the SURT of u to buf by urlKey, where surtKey
// declined, into a buffer keyBuffer makes if buf is nil.
func (c *Canonicalizer) surtByURLKey(buf []byte, u *weburl.URL, surt *SURTOptions) []byte {
	if buf == nil {
		buf = keyBuffer(u, surt)
	}
	return c.urlKey(buf, u, surt)
}

// surtKey appends the SURT of u, as urlKey does, for the commonest URLs:
// a special scheme but file, a domain of up to 64 bytes with no dots to
// trim, and a path appendPlainPath finds plain (without "%" or "(", it
// has nothing to decode or strip); it reads the host once, for the mask
// of its dots, the path once, as it copies it, and the URL's fields
// once. If buf is nil it appends to a buffer of about the key's length,
// made once it has taken the host's "www". For any other URL it returns
// ok false and buf as it was, or, where it made the buffer before it
// found the path not plain, that buffer, empty, and the caller calls
// urlKey with it. c must be waybackRules or waybackKeepWWW, whose rules
// it follows. FuzzSURTKey checks that it agrees with urlKey.
func (c *Canonicalizer) surtKey(buf []byte, u *weburl.URL, surt *SURTOptions) (_ []byte, ok bool) {
	host := u.HostValue()
	protocol, hostname := u.Protocol(), host.String()
	if host.Kind() != weburl.HostDomain || protocol == "file:" {
		return buf, false
	}
	// The mask of the host's dots (a domain is ASCII). A host of 8 to 24
	// bytes (95% of kasztp's) is read here as three words, the middle one
	// overlapping the others where it is shorter than 24, without
	// ByteMask's call and loop: 17 fewer instructions per SURT.
	var dots uint64
	if n := len(hostname); n >= 8 && n <= 24 {
		mid := (n - 8) / 2
		dots = ascii.WordMask(ascii.Load64(hostname, 0), '.') |
			ascii.WordMask(ascii.Load64(hostname, mid), '.')<<mid |
			ascii.WordMask(ascii.Load64(hostname, n-8), '.')<<(n-8)
	} else {
		var short bool
		if dots, short = ascii.ByteMask(hostname, '.'); !short {
			return buf, false
		}
	}
	if strayDots(dots, len(hostname)) {
		return buf, false
	}
	www := 0 // the bytes StripWWW takes from the host
	if c.StripWWW {
		switch {
		case len(hostname) > 5 && hostname[:4] == "www." && hostname[4] != 'w':
			// The commonest, without wwwPrefix's call and loop.
			www, hostname, dots = 4, hostname[4:], dots>>4
		case len(hostname) > 3 && hostname[0] == 'w':
			www = wwwPrefix(hostname)
			hostname, dots = hostname[www:], dots>>(www&63) // www < 64: the mask's bits
		}
	}
	given := len(buf)
	if buf == nil {
		// keyCap less the "/" it counts before a query, which a special
		// URL's path (never empty) makes needless, and less the "www"
		// taken: the key's length with the whole path, which
		// appendPlainPath copies before the key drops a last "/" and
		// doubled ones, for a URL without userinfo or fragment whose
		// query's rules keep its length (the commonest URLs), and so the
		// size class of the key's length (keyCap's took a class more for
		// a tenth of kasztp's keys).
		buf = newKey(keyCap(u.Href(), protocol, true, surt) - 1 - www)
	}
	if surt.WithScheme {
		buf = append(append(buf, protocol...), "//("...)
	}
	buf = appendLabelsByMask(buf, hostname, dots)
	if port := u.Port(); port != "" {
		buf = append(append(buf, ':'), port...)
	}
	if surt.TrailingComma {
		buf = append(buf, ',')
	}
	buf = append(buf, ')')
	start := len(buf)
	buf, slashes, plain := appendPlainPath(buf, u.Pathname(), true)
	if !plain {
		return buf[:given], false
	}
	end := len(buf)
	if slashes {
		end = start + len(collapseSlashes(buf[start:]))
	}
	if end-start > 1 && buf[end-1] == '/' {
		end--
	}
	buf = buf[:end]
	if u.HasSearch() {
		buf = c.appendQueryAndFragment(buf, nil, u, surt, start)
	}
	return buf, true
}
