package weburl

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/weburl/weburl/internal/ascii"
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

// DomainToASCII runs the standard's domain parser on domain, with
// beStrict false (the algorithm the standard called domain to ASCII): UTS
// #46 ToASCII with the standard's flags, an ASCII domain lowercased as it
// is, and failure for an empty result or one with a forbidden domain code
// point. It is what the host parser does with a special URL's host once
// it has percent-decoded it, and fails with an [*Error] whose Code is
// [ErrDomainToASCII] where that does; domain is not percent-decoded ("%"
// is a forbidden domain code point), and invalid UTF-8 fails.
// https://url.spec.whatwg.org/#concept-domain-to-ascii
func DomainToASCII(domain string) (string, error) {
	if domain != "" && strings.IndexByte(domain, '%') < 0 && utf8.ValidString(domain) {
		if b, err := appendDomain(nil, domain); err == 0 && len(b) > 0 {
			return string(b), nil
		}
	}
	return "", &Error{Op: "domain to ASCII", Input: domain, Code: ErrDomainToASCII}
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
	// of the registrable domain. It needs PublicSuffixList.
	TrimWWW bool
	// MaxLength, if positive, elides the rendering to at most that many
	// code points, with "…": first the path, query and fragment from their
	// end, then domain labels from the lowest level; never the registrable
	// domain, which may make the result longer than MaxLength. Without
	// PublicSuffixList, the host is never elided.
	MaxLength int
	// PublicSuffixList says where registrable domains end, for TrimWWW and
	// MaxLength: golang.org/x/net/publicsuffix.List, say. Nil: the host is
	// shown whole, never cut to a domain guessed without the list.
	PublicSuffixList PublicSuffixList
	// KeepPercentEncoding leaves percent-encoded bytes as they are.
	KeepPercentEncoding bool
}

// Display renders the URL for people to read, as the standard's URL
// rendering section recommends. The username and password are never shown
// (they can pass for the host, as in https://bank.example@evil.example/).
// A host that is a domain is shown in Unicode by domain to Unicode, but a
// label that could pass for another stays in Punycode: one that mixes
// scripts beyond what UTS #39's Highly Restrictive level allows, or one of
// Cyrillic letters that look like Latin ones ("аррӏе", under a top-level
// domain that is not Cyrillic); so https://аpple.com/ shows as
// https://xn--pple-43d.com/, as in browsers. Other hosts show as they are
// serialized. Percent-encoded bytes elsewhere are decoded when they are
// UTF-8 for visible, non-ASCII code points that pose no known spoofing
// risk (not, for example, bidi controls, spaces, or look-alikes of "/" and
// of the lock icon); others stay encoded. Display is for people only: its
// result is no URL to parse.
// https://url.spec.whatwg.org/#url-rendering
func (u URL) Display(opts DisplayOptions) string {
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
	host = h.display(opts.TrimWWW, opts.PublicSuffixList)
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
	host = elideHost(h, host, max(opts.MaxLength-utf8.RuneCountInString(port), 0), opts.PublicSuffixList)
	out = host + port
	if rest != "" {
		out += "…"
	}
	return out
}

// display renders a host: a domain by domain to Unicode, each label in
// Unicode only if it passes showInUnicode, else in its ASCII form; any
// other host as it is serialized.
// https://url.spec.whatwg.org/#url-rendering-i18n
func (h Host) display(trimWWW bool, list PublicSuffixList) string {
	if h.kind != HostDomain {
		return h.s
	}
	s := h.s
	if trimWWW {
		s = trimFirstLabel(h, list)
	}
	uni := DomainToUnicode(s)
	if uni == s {
		return s // all ASCII, or domain to Unicode recorded an error
	}
	labels, ascii := strings.Split(uni, "."), strings.Split(s, ".")
	if len(labels) != len(ascii) {
		return s
	}
	tld := labels[len(labels)-1]
	if tld == "" && len(labels) > 1 {
		tld = labels[len(labels)-2] // the domain ends with "."
	}
	for i, label := range labels {
		if label != ascii[i] && !showInUnicode(label, tld) {
			labels[i] = ascii[i]
		}
	}
	return strings.Join(labels, ".")
}

// showInUnicode reports whether a domain label, decoded from Punycode,
// may be shown in Unicode without passing for another, as browsers decide
// against homograph spoofs (the standard's rendering section refers to
// UTS #39, Unicode Security Mechanisms). It must pass two checks:
//
//   - The mixed-script rule of UTS #39's Highly Restrictive level: the
//     scripts of its letters (Common and Inherited ones aside) are one
//     script, or fit one of Latin with Han and Hiragana and Katakana,
//     Latin with Han and Bopomofo, or Latin with Han and Hangul. So
//     "pаypal" with a Cyrillic "а", or Latin mixed with Greek, Armenian
//     or Cherokee letters, stays in Punycode.
//   - No whole-script look-alike of Latin: a label whose letters are all
//     Cyrillic ones that look like Latin letters ("аррӏе", "ѕсоре") stays
//     in Punycode, unless the top-level domain tld is Cyrillic itself
//     ("аррӏе.рф"). The look-alikes are the set Chromium's IDN spoof
//     checker uses.
//
// (Scripts are the Unicode Script property of Go's unicode package, not
// Script_Extensions, which it lacks.)
// https://www.unicode.org/reports/tr39/#Restriction_Level_Detection
func showInUnicode(label, tld string) bool {
	var scripts scriptSet
	var other *unicode.RangeTable // the script of the scriptOther letters
	onlyLatinAlike := true
	for _, r := range label {
		sc := scriptOf(r)
		scripts |= sc
		switch sc {
		case scriptCyrillic:
			onlyLatinAlike = onlyLatinAlike && strings.ContainsRune(cyrillicLatinAlike, r)
		case scriptOther:
			if other != nil && !unicode.Is(other, r) {
				return false // two scripts that mix with nothing
			}
			other = otherScript(r)
		}
	}
	if !scripts.highlyRestrictive() {
		return false
	}
	if scripts == scriptCyrillic && onlyLatinAlike {
		for _, r := range tld {
			if scriptOf(r) != scriptCyrillic {
				return false
			}
		}
	}
	return true
}

// cyrillicLatinAlike holds the Cyrillic letters that look like Latin
// ones, lower case (domain to Unicode gives nothing else).
const cyrillicLatinAlike = "асԁеһіјӏорԗԛѕԝхуъьҽпгѵѡ"

// A scriptSet is a set of the scripts showInUnicode tells apart: the five
// of the Highly Restrictive combinations, Cyrillic, and any other. Common
// and Inherited are the empty set.
type scriptSet uint8

const (
	scriptLatin scriptSet = 1 << iota
	scriptHan
	scriptHiragana
	scriptKatakana
	scriptBopomofo
	scriptHangul
	scriptCyrillic
	scriptOther // any script not above (otherScript tells which)
)

// highlyRestrictive reports whether the set passes UTS #39's Highly
// Restrictive mixed-script rule (see showInUnicode).
func (s scriptSet) highlyRestrictive() bool {
	if s&(s-1) == 0 {
		return true // one script, or none
	}
	japanese := scriptLatin | scriptHan | scriptHiragana | scriptKatakana
	chinese := scriptLatin | scriptHan | scriptBopomofo
	korean := scriptLatin | scriptHan | scriptHangul
	return s&^japanese == 0 || s&^chinese == 0 || s&^korean == 0
}

// scriptOf returns the script of r as a scriptSet: empty for Common and
// Inherited, scriptOther for scripts not told apart.
func scriptOf(r rune) scriptSet {
	switch {
	case r < 0x80:
		if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' {
			return scriptLatin
		}
		return 0
	case unicode.Is(unicode.Common, r), unicode.Is(unicode.Inherited, r):
		return 0
	case unicode.Is(unicode.Latin, r):
		return scriptLatin
	case unicode.Is(unicode.Han, r):
		return scriptHan
	case unicode.Is(unicode.Hiragana, r):
		return scriptHiragana
	case unicode.Is(unicode.Katakana, r):
		return scriptKatakana
	case unicode.Is(unicode.Bopomofo, r):
		return scriptBopomofo
	case unicode.Is(unicode.Hangul, r):
		return scriptHangul
	case unicode.Is(unicode.Cyrillic, r):
		return scriptCyrillic
	}
	return scriptOther
}

// otherScript returns the table of r's script in unicode.Scripts.
func otherScript(r rune) *unicode.RangeTable {
	for _, table := range unicode.Scripts {
		if unicode.Is(table, r) {
			return table
		}
	}
	return nil // unassigned: mixes with nothing
}

// trimFirstLabel drops a first label "www" or "m" of a domain, unless the
// rest would be shorter than its registrable domain by list (with a nil
// list, it never does).
func trimFirstLabel(h Host, list PublicSuffixList) string {
	first, rest, ok := strings.Cut(h.s, ".")
	if !ok || first != "www" && first != "m" {
		return h.s
	}
	if rd, ok := h.RegistrableDomain(list); !ok || len(rest) < len(rd) {
		return h.s
	}
	return rest
}

// elideHost elides the labels of the rendered host from the lowest level
// (the first) until it fits max code points, but keeps the registrable
// domain by list whole; hosts other than domains, and every host when list
// is nil, are not elided.
func elideHost(h Host, rendered string, max int, list PublicSuffixList) string {
	if h.kind != HostDomain || list == nil || utf8.RuneCountInString(rendered) <= max {
		return rendered
	}
	keep := 1 // labels of the registrable domain, or of the host if it has none
	if rd, ok := h.RegistrableDomain(list); ok {
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
		if !ascii.StartsWithPercentByte(s, i) {
			i++
			continue
		}
		// A run of percent-encoded bytes.
		j := i
		var bytes []byte
		for ascii.StartsWithPercentByte(s, j) {
			bytes = append(bytes, ascii.Unhex(s[j+1])<<4|ascii.Unhex(s[j+2]))
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
