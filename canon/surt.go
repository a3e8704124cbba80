package canon

import (
	"strings"

	"github.com/weburl/weburl"
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
	if rawURL == "" {
		return "-", nil
	}
	if len(rawURL) >= 8 && rawURL[:8] == "filedesc" {
		return rawURL, nil
	}
	if opts.CDXCompatible {
		return cdxSURT(rawURL, &opts)
	}
	c := &waybackRules
	if opts.KeepWWW {
		c = &waybackKeepWWW
	}
	k, _, err := c.key(nil, rawURL, &opts) // into a buffer the size of the key
	if err != nil {
		return "", err
	}
	return ownedString(k), nil
}

// SURTURL returns the SURT of u, a URL parsed by package weburl, with
// opts: for an href h, SURTURL of the URL weburl.Parse(h) returns is what SURT(h, opts)
// returns, without parsing h again. For a nil or zero URL it returns "-",
// as SURT does for "".
func SURTURL(u *weburl.URL, opts SURTOptions) (string, error) {
	if u == nil {
		return SURT("", opts)
	}
	href := u.Href()
	if href == "" || opts.CDXCompatible || strings.HasPrefix(href, "filedesc") {
		return SURT(href, opts)
	}
	c := &waybackRules
	if opts.KeepWWW {
		c = &waybackKeepWWW
	}
	return ownedString(c.urlKey(keyBuffer(u, &opts), u, &opts)), nil
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
