package weburl

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Rendering URLs for people to read, as the standard's "URL rendering"
// section recommends for displays where people make trust decisions.
// https://url.spec.whatwg.org/#url-rendering

// DomainToUnicode runs the standard's domain to Unicode on domain: UTS #46
// ToUnicode with the standard's flags, which decodes "xn--" labels. If
// ToUnicode records an error (a label that is not valid Punycode, or that
// UTS #46 rejects), it returns domain unchanged, so that it always
// round-trips through the host parser. A label that decodes to more than
// 1024 code points counts as an error (golang.org/x/net/idna stops there).
// https://url.spec.whatwg.org/#concept-domain-to-unicode
func DomainToUnicode(domain string) string {
	result, err := idnaProfile.ToUnicode(domain)
	if err != nil || mapsToEmptyACELabel(domain) {
		return domain
	}
	return result
}

// DisplayOptions choose how [URL.Display] renders a URL.
type DisplayOptions struct {
	// HostOnly renders only the host and port, as browsers may where telling
	// the host from the rest matters most.
	HostOnly bool
	// OmitScheme leaves out the scheme (and "//"), as a display that only
	// ever shows one scheme may.
	OmitScheme bool
	// TrimWWW leaves out a first domain label "www" or "m", unless it is part
	// of the registrable domain.
	TrimWWW bool
	// MaxLength, if positive, elides the rendering to at most that many
	// code points, with "…": first the path, query and fragment from their
	// end, then domain labels from the lowest level; never the registrable
	// domain, which may make the result longer than MaxLength.
	MaxLength int
	// KeepPercentEncoding leaves percent-encoded bytes as they are.
	KeepPercentEncoding bool
}

// Display renders the URL for people to read, as the standard's URL
// rendering section recommends. The username and password are never shown
// (they can pass for the host, as in https://bank.example@evil.example/).
// The host is shown in Unicode by domain to Unicode, label by label: a label
// whose decoding records an error stays in its ASCII form. Percent-encoded
// bytes elsewhere are decoded when they are UTF-8 for visible, non-ASCII
// code points that pose no known spoofing risk (not, for example, bidi
// controls, spaces, or look-alikes of "/" and of the lock icon); others
// stay encoded. Display is for people only: its result is no URL to parse.
// https://url.spec.whatwg.org/#url-rendering
func (u *URL) Display(opts DisplayOptions) string {
	if u.href == "" {
		return ""
	}
	var scheme, host, port, rest string
	if !opts.OmitScheme {
		scheme = u.Protocol()
		if u.hostKind != HostNull {
			scheme += "//"
		}
	}
	h := u.HostValue()
	host = h.display(opts.TrimWWW)
	if u.hasPort() {
		port = ":" + u.Port()
	}
	if !opts.HostOnly {
		rest = u.href[u.pathStart:]
		if !opts.KeepPercentEncoding {
			rest = decodeForDisplay(rest)
		}
	}
	if opts.HostOnly {
		scheme = ""
	}
	out := scheme + host + port + rest
	if opts.MaxLength <= 0 || utf8.RuneCountInString(out) <= opts.MaxLength {
		return out
	}
	// Elide the path, query and fragment from their end first.
	head := scheme + host + port
	if n := opts.MaxLength - utf8.RuneCountInString(head) - 1; n > 0 && rest != "" {
		return head + truncateRunes(rest, n) + "…"
	}
	// Then domain labels, from the lowest level, down to the registrable
	// domain. The scheme goes first.
	host = elideHost(h, host, max(opts.MaxLength-utf8.RuneCountInString(port), 0))
	out = host + port
	if rest != "" {
		out += "…"
	}
	return out
}

// display renders a host: a domain by domain to Unicode, any other host
// as it is serialized.
// https://url.spec.whatwg.org/#url-rendering-i18n
func (h Host) display(trimWWW bool) string {
	if h.kind != HostDomain {
		return h.s
	}
	s := h.s
	if trimWWW {
		s = trimFirstLabel(h)
	}
	return DomainToUnicode(s)
}

// trimFirstLabel drops a first label "www" or "m" of a domain, unless the
// rest would be shorter than its registrable domain.
func trimFirstLabel(h Host) string {
	first, rest, ok := strings.Cut(h.s, ".")
	if !ok || first != "www" && first != "m" {
		return h.s
	}
	if rd, ok := h.RegistrableDomain(); !ok || len(rest) < len(rd) {
		return h.s
	}
	return rest
}

// elideHost elides the labels of the rendered host from the lowest level
// (the first) until it fits max code points, but keeps the registrable
// domain whole; hosts other than domains are not elided.
func elideHost(h Host, rendered string, max int) string {
	if h.kind != HostDomain || utf8.RuneCountInString(rendered) <= max {
		return rendered
	}
	keep := 1 // labels of the registrable domain, or of the host if it has none
	if rd, ok := h.RegistrableDomain(); ok {
		keep = strings.Count(strings.TrimSuffix(rd, "."), ".") + 1
	}
	labels := strings.Split(strings.TrimSuffix(rendered, "."), ".")
	dot := ""
	if strings.HasSuffix(rendered, ".") {
		dot = "."
	}
	for drop := 1; drop <= len(labels)-keep; drop++ {
		s := "…" + strings.Join(labels[drop:], ".") + dot
		if utf8.RuneCountInString(s) <= max || drop == len(labels)-keep {
			return s
		}
	}
	return rendered
}

// truncateRunes returns the first n code points of s.
func truncateRunes(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// decodeForDisplay decodes the runs of percent-encoded bytes in s that are
// UTF-8 for code points shown as themselves (see displayable); everything
// else stays as it is.
func decodeForDisplay(s string) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); {
		if !startsWithPercentByte(s, i) {
			i++
			continue
		}
		// A run of percent-encoded bytes.
		j := i
		var bytes []byte
		for startsWithPercentByte(s, j) {
			bytes = append(bytes, unhex(s[j+1])<<4|unhex(s[j+2]))
			j += 3
		}
		// Decode the code points of the run one by one: a displayable one
		// replaces its percent-encoding, anything else stays encoded.
		for k, at := 0, i; k < len(bytes); {
			r, n := utf8.DecodeRune(bytes[k:])
			if r != utf8.RuneError && displayable(r) {
				b.WriteString(s[last:at])
				b.WriteRune(r)
				last = at + 3*n
			}
			k += n
			at += 3 * n
		}
		i = j
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// displayable reports whether a percent-decoded code point may be shown as
// itself: a visible code point beyond ASCII (ASCII stays encoded, as
// decoding it could change how the URL reads, "%2F" as "/"), not a space,
// control, format or other default-ignorable code point, not a bidi control,
// and not a known look-alike of URL delimiters or of the lock icon.
func displayable(r rune) bool {
	switch r {
	case 0x1F512, 0x1F513, // lock icons
		0x2044, 0x2215, 0x2571, 0x29F8, 0xFF0F, 0x0338, 0x337, // slashes
		0xFF03, 0xFE5F, 0xFF1F, 0xFE56, 0xFF20, 0xFE6B, 0xFF1A, 0xFE55, 0x2236, 0x0589: // #, ?, @, :
		return false
	}
	return r >= 0x80 && unicode.IsGraphic(r) && !unicode.IsSpace(r) &&
		!unicode.In(r, unicode.Cf, unicode.Other_Default_Ignorable_Code_Point, unicode.Bidi_Control, unicode.Variation_Selector)
}
