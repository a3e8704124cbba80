package weburl

import (
	"net/netip"
	"sort"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/weburl/weburl/internal/ascii"
	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/norm"
)

// HostKind says which kind of host a URL has.
// https://url.spec.whatwg.org/#host-representation
type HostKind uint8

const (
	HostNull   HostKind = iota // no host: the URL's host is null
	HostEmpty                  // the empty host, of a file URL or a URL that is not special
	HostDomain                 // a domain, in its ASCII form
	HostIPv4                   // an IPv4 address
	HostIPv6                   // an IPv6 address
	HostOpaque                 // an opaque host, of a URL that is not special
)

var hostKindNames = [...]string{"null", "empty host", "domain", "IPv4 address", "IPv6 address", "opaque host"}

// String returns the standard's name for the kind: "domain", "IPv4
// address", "IPv6 address", "opaque host", "empty host" or "null".
func (k HostKind) String() string { return hostKindNames[k] }

// hostClass holds the host-related classes of an ASCII byte.
type hostClass uint8

const (
	forbiddenHost   hostClass = 1 << iota // https://url.spec.whatwg.org/#forbidden-host-code-point
	forbiddenDomain                       // https://url.spec.whatwg.org/#forbidden-domain-code-point
)

var hostTable = func() (t [256]hostClass) {
	for c := range 256 {
		if ascii.ForbiddenHost.Has(byte(c)) {
			t[c] |= forbiddenHost
		}
		if t[c]&forbiddenHost != 0 || c < 0x20 || c == '%' || c == 0x7F {
			t[c] |= forbiddenDomain
		}
	}
	return t
}()

// idnaProfile runs UTS #46 ToASCII with the flags of the standard's domain to
// ASCII when beStrict is false: CheckHyphens, UseSTD3ASCIIRules and
// VerifyDnsLength off; CheckBidi and CheckJoiners on; nontransitional;
// invalid Punycode is an error. MapForLookup switches on the hyphen and
// STD3 checks, so the options after it switch them off again.
// https://url.spec.whatwg.org/#concept-domain-to-ascii
var idnaProfile = idna.New(
	idna.MapForLookup(),
	idna.BidiRule(),
	idna.Transitional(false),
	idna.CheckHyphens(false),
	idna.CheckJoiners(true),
	idna.StrictDomainName(false),
	idna.VerifyDNSLength(false),
)

// strictToASCII is the domain parser's Unicode ToASCII with beStrict true:
// the flags of idnaProfile with CheckHyphens, UseSTD3ASCIIRules and
// VerifyDnsLength on.
// https://url.spec.whatwg.org/#concept-domain-to-ascii
var strictToASCII = idna.New(
	idna.MapForLookup(),
	idna.BidiRule(),
	idna.Transitional(false),
	idna.CheckHyphens(true),
	idna.CheckJoiners(true),
	idna.StrictDomainName(true),
	idna.VerifyDNSLength(true),
).ToASCII

// unicodeToASCII is Unicode ToASCII with the flags above; a variable so
// that tests can count the calls.
var unicodeToASCII = idnaProfile.ToASCII

// parseHost runs the host parser on input, which starts at p.in[at], and
// appends the serialized host to buf, recording its kind and end. isOpaque
// is true for URLs that are not special. A validation error
// caused by one code point is reported at that code point (see
// [ErrorCode]); the others at at, the host's first byte.
// https://url.spec.whatwg.org/#concept-host-parser
func (p *parser) parseHost(buf []byte, input string, isOpaque bool, at int) ([]byte, ErrorCode) {
	start := len(buf)
	kind := HostDomain
	switch {
	case len(input) > 0 && input[0] == '[':
		if input[len(input)-1] != ']' {
			return buf, p.fail(ErrIPv6Unclosed, at)
		}
		var report addrReport
		if p.v != nil {
			report = func(code ErrorCode, i int) { p.report(code, at+1+i) }
		}
		addr, err, i := parseIPv6(input[1:len(input)-1], report)
		if err != 0 {
			return buf, p.fail(err, at+1+i)
		}
		buf = append(buf, '[')
		buf = appendIPv6(buf, &addr)
		buf = append(buf, ']')
		kind = HostIPv6
	case isOpaque:
		// https://url.spec.whatwg.org/#concept-opaque-host-parser
		for i := 0; i < len(input); i++ {
			if hostTable[input[i]]&forbiddenHost != 0 {
				return buf, p.fail(ErrHostInvalidCodePoint, at+i)
			}
		}
		if p.v != nil {
			p.checkOpaqueHostUnits(input, at)
		}
		buf = ascii.AppendEncoded(buf, input, c0ControlSet)
		kind = HostOpaque
		if len(buf) == start {
			kind = HostEmpty
		}
	default:
		if p.v != nil {
			if i := ascii.IndexPercentByte(input); i >= 0 {
				p.report(ErrDomainPercentEncoded, at+i)
			}
		}
		var err ErrorCode
		if buf, err = appendDomain(buf, input); err != 0 {
			if p.canParse {
				return buf[:start], p.fail(err, at) // no error to point with
			}
			// At what made it fail.
			i := domainErrorAt(ascii.PercentDecode(input), false)
			return buf[:start], p.fail(err, at+inputIndex(input, i))
		}
		// The domain parser's first step: a domain-to-ASCII validation
		// error, without failing, where the strict Unicode ToASCII fails.
		var domain string // input percent-decoded, when someone listens
		if p.v != nil {
			domain = ascii.PercentDecode(input)
			if strictToASCIIFails(domain) {
				p.report(ErrDomainToASCII, at+inputIndex(input, domainErrorAt(domain, true)))
			}
		}
		if d := buf[start:]; endsInANumber(d) {
			var report addrReport
			if p.v != nil {
				allASCII := ascii.Is(domain)
				if !allASCII {
					p.report(ErrIPv4NonASCIIInput, at)
				}
				report = func(code ErrorCode, i int) { p.report(code, hostOffset(input, allASCII, at, i)) }
			}
			addr, err, i := parseIPv4(d, report)
			if err != 0 {
				return buf[:start], p.fail(err, hostOffset(input, ascii.Is(ascii.PercentDecode(input)), at, i))
			}
			buf = appendIPv4(buf[:start], addr)
			kind = HostIPv4
		}
	}
	p.c.hostKind = kind
	p.c.hostEnd = uint32(len(buf))
	return buf, 0
}

// hostOffset returns the index in p.in of the byte that makes byte i of
// the ASCII domain that input, at p.in[at], becomes. An ASCII domain is
// input percent-decoded (and lowercased), so that is the byte, or the "%"
// of the percent-encoded byte, that decodes to it. A domain that IDNA
// processing made of non-ASCII input has no such byte: the host's first
// byte stands for all.
func hostOffset(input string, allASCII bool, at, i int) int {
	if !allASCII {
		return at
	}
	return at + inputIndex(input, i)
}

// inputIndex returns the index in input of the byte that makes byte i of
// input percent-decoded: that byte, or the "%" of the percent-encoded
// byte that decodes to it.
func inputIndex(input string, i int) int {
	j := 0
	for ; i > 0 && j < len(input); i-- {
		if ascii.StartsWithPercentByte(input, j) {
			j += 3
		} else {
			j++
		}
	}
	return j
}

// idnaMapping and strictMapping are idnaProfile and strictToASCII without
// the checks that look at more than one code point (hyphens, joiners,
// bidi): given "a" and a code point, what that code point can fail by
// itself (after "a", a combining mark does not start a label).
var (
	idnaMapping = idna.New(idna.MapForLookup(), idna.Transitional(false), idna.CheckJoiners(false),
		idna.CheckHyphens(false), idna.StrictDomainName(false), idna.VerifyDNSLength(false))
	strictMapping = idna.New(idna.MapForLookup(), idna.Transitional(false), idna.CheckJoiners(false),
		idna.CheckHyphens(false), idna.StrictDomainName(true), idna.VerifyDNSLength(false))
)

// domainErrorAt returns the index in domain (a host percent-decoded) of
// what makes domain to ASCII fail on it, with beStrict false (the parse
// fails) or true (a validation error): the first code point that fails
// by itself (a byte of invalid UTF-8; a code point UTS #46 disallows, or
// with strict, one that UseSTD3ASCIIRules disallows; one that maps to a
// forbidden domain code point), else the first label that fails (Punycode
// that does not decode in an "xn--" label, the hyphen, joiner and bidi
// rules, a label over 63 bytes or empty with strict), else 0, the whole
// (over 253 bytes with strict).
// https://url.spec.whatwg.org/#concept-domain-to-ascii
func domainErrorAt(domain string, strict bool) int {
	mapping := idnaMapping
	if strict {
		mapping = strictMapping
	}
	var failing map[rune]bool // of each code point above ASCII, whether it fails by itself
	for i := 0; i < len(domain); {
		r, n := utf8.DecodeRuneInString(domain[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			return i // invalid UTF-8, which U+FFFD stands for
		case r == '.':
		case r < utf8.RuneSelf:
			// ASCII: valid or mapped but for the forbidden domain code
			// points, and with UseSTD3ASCIIRules but for letters, digits
			// and "-".
			if hostTable[r]&forbiddenDomain != 0 || strict && !ascii.IsAlphanumeric(byte(r)) && r != '-' {
				return i
			}
		default:
			if failing == nil {
				failing = make(map[rune]bool)
			}
			f, seen := failing[r]
			if !seen {
				m, err := mapping.ToUnicode("a" + string(r))
				f = err != nil || hasForbiddenDomain(m)
				failing[r] = f
			}
			if f {
				return i
			}
		}
		i += n
	}
	// The first label that fails: the shortest run of whole labels from
	// the start that fails, found by halving (what fails goes on failing
	// with more labels after it), so that hosts of many labels take
	// O(n log n) time.
	fails := func(prefix string) bool {
		if strict {
			return strictToASCIIFails(prefix)
		}
		// Unicode ToASCII, even on ASCII alone, which the domain parser
		// passes through when the whole is ASCII: here the whole is not.
		var buf [128]byte
		_, ok := appendToASCII(buf[:0], []byte(prefix))
		return !ok
	}
	ends := []int{}
	for i := 0; i < len(domain); i++ {
		if domain[i] == '.' {
			ends = append(ends, i)
		}
	}
	ends = append(ends, len(domain)) // after a final ".", the root label
	j := sort.Search(len(ends), func(j int) bool { return fails(domain[:ends[j]]) })
	switch {
	case j == len(ends):
		return 0 // the whole fails, and no label: its length (strict)
	case j == 0:
		return 0
	}
	// The label after the "." at ends[j-1]; an empty one, at that ".",
	// and the root label at the last.
	return min(ends[j-1]+1, len(domain)-1)
}

// checkOpaqueHostUnits reports the opaque-host parser's invalid-URL-unit
// validation errors: one at the first code point that is neither a URL
// code point nor "%", one at the first "%" not followed by two hex digits.
// https://url.spec.whatwg.org/#concept-opaque-host-parser
func (p *parser) checkOpaqueHostUnits(input string, at int) {
	badUnit, badPercent := -1, -1
	for i := 0; i < len(input); {
		invalid, n := invalidURLUnit(input, i)
		if invalid {
			switch {
			case input[i] == '%' && badPercent < 0:
				badPercent = i
			case input[i] != '%' && badUnit < 0:
				badUnit = i
			}
		}
		i += n
	}
	if badUnit >= 0 {
		p.report(ErrInvalidURLUnit, at+badUnit)
	}
	if badPercent >= 0 {
		p.report(ErrInvalidURLUnit, at+badPercent)
	}
}

// appendDomain percent-decodes input, runs the domain parser on it with
// beStrict false, and appends the result. Every way it fails is a
// domain-to-ASCII validation error. The strict Unicode ToASCII the domain
// parser starts with only signals a validation error, so it is left to the
// caller, who knows whether anyone listens.
//
// An ASCII domain always comes out ASCII-lowercased: the domain parser
// returns it so whatever Unicode ToASCII does (whatwg/url pull request
// 914). So an ASCII domain needs no IDNA: only forbidden domain code points
// make it fail.
// https://url.spec.whatwg.org/#concept-host-parser
// https://url.spec.whatwg.org/#concept-domain-to-ascii
func appendDomain(dst []byte, input string) ([]byte, ErrorCode) {
	start := len(dst)
	allASCII := true
	forbidden := false
	// The bytes the loop below would copy as they are, in one run: most
	// domains are all of them (lower-case ASCII, no "%", no forbidden
	// domain code point).
	const special = clsDomainSpecial | clsColon
	i := 0
	for ; i+8 <= len(input) && classes8(input[i:i+8])&special == 0; i += 8 {
	}
	for i < len(input) && byteClasses[input[i]]&special == 0 {
		i++
	}
	dst = append(dst, input[:i]...)
	for ; i < len(input); i++ {
		c := input[i]
		if c == '%' && ascii.StartsWithPercentByte(input, i) {
			c = ascii.Unhex(input[i+1])<<4 | ascii.Unhex(input[i+2])
			i += 2
		}
		switch {
		case c >= utf8.RuneSelf:
			allASCII = false
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		case hostTable[c]&forbiddenDomain != 0:
			forbidden = true
		}
		dst = append(dst, c)
	}
	domain := dst[start:]
	if allASCII {
		if forbidden {
			return dst, ErrDomainToASCII
		}
		return dst, 0
	}
	// UTF-8 decode without BOM or fail: U+FFFD would fail domain to ASCII.
	if !utf8.Valid(domain) {
		return dst, ErrDomainToASCII
	}
	// The result is appended after the domain, then moved to its place.
	out, ok := appendToASCII(dst, domain)
	if !ok {
		return dst, ErrDomainToASCII
	}
	return out[:start+copy(out[start:], out[len(dst):])], 0
}

// appendToASCII appends domain to ASCII's result for domain, of valid
// UTF-8: Unicode ToASCII with beStrict false (appendLatin1ToASCII, or
// toASCII), and its checks of the result (validToASCIIResult). It reports
// false, and appends nothing, where either fails. Only toASCII, which
// golang.org/x/net/idna does most of, is given a copy of domain: the
// other functions keep nothing of it, which may be in dst's array.
// https://url.spec.whatwg.org/#concept-domain-to-ascii
func appendToASCII(dst, domain []byte) ([]byte, bool) {
	if out, ok := appendLatin1ToASCII(dst, unsafe.String(unsafe.SliceData(domain), len(domain))); ok {
		result := out[len(dst):]
		return out, validToASCIIResult(domain, unsafe.String(unsafe.SliceData(result), len(result)))
	}
	result, err := toASCII(string(domain))
	if err != nil || !validToASCIIResult(domain, result) {
		return dst, false
	}
	return append(dst, result...), true
}

// validToASCIIResult reports whether result, Unicode ToASCII's of domain,
// passes domain to ASCII's checks: it is not empty, has no empty label
// that a label mapped to, and holds no forbidden domain code point.
// https://url.spec.whatwg.org/#concept-domain-to-ascii
func validToASCIIResult(domain []byte, result string) bool {
	return result != "" && !(hasEmptyLabel(result) && mapsToEmptyACELabel(string(domain))) && !hasForbiddenDomain(result)
}

// hasForbiddenDomain reports whether s has a forbidden domain code point
// of ASCII (those above ASCII are never in the result of ToASCII, nor in
// what UTS #46 maps to from one code point).
func hasForbiddenDomain(s string) bool {
	for i := 0; i < len(s); i++ {
		if hostTable[s[i]]&forbiddenDomain != 0 {
			return true
		}
	}
	return false
}

// errPunycode is the error of toASCII for a label Punycode cannot encode.
type errPunycode struct{}

func (errPunycode) Error() string { return "punycode: label cannot be encoded" }

// toASCII is Unicode ToASCII with idnaProfile's flags. Where no label
// with a non-ASCII code point is longer than shortLabel code units it is
// golang.org/x/net/idna's ToASCII. Otherwise it computes what x/net's
// ToASCII computes, in O(n log n) time: that is x/net's ToUnicode (the
// mapping and the validation, which decode "xn--" labels; linear time)
// with each label that is not ASCII then encoded; and it fails, as ICU
// does, where such a label, mapped, has more than maxEncodeLabel UTF-16
// code units. (A label of at most shortLabel code units that the mapping
// makes longer than maxEncodeLabel, which takes code points such as U+FDFA
// that map to 18, is left to x/net, which encodes it.)
func toASCII(domain string) (string, error) {
	if len(domain) <= shortLabel || longestNonASCIILabel(domain) <= shortLabel {
		// A label has no more UTF-16 code units than UTF-8 bytes.
		return unicodeToASCII(domain)
	}
	mapped, err := idnaProfile.ToUnicode(domain)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for i, label := range strings.Split(mapped, ".") {
		if i > 0 {
			b.WriteByte('.')
		}
		if ascii.Is(label) {
			b.WriteString(label)
			continue
		}
		if longestNonASCIILabel(label) > maxEncodeLabel {
			return "", errPunycode{}
		}
		encoded, ok := appendPunycode([]byte("xn--"), label)
		if !ok {
			return "", errPunycode{}
		}
		b.Write(encoded)
	}
	return b.String(), nil
}

// appendLatin1ToASCII appends toASCII's result for the commonest
// internationalized domains, those whose code points above ASCII are all
// Latin-1 letters (U+00C0 to U+00FF but U+00D7 and U+00F7) or the soft
// hyphen U+00AD, at a seventh of the cost of golang.org/x/net/idna (637
// instructions against 4,740 for "faß.ExAmPlE", bench/README.md). UTS #46
// (its IDNA Mapping Table) maps the upper-case letters, U+00C0 to U+00DE,
// to lower case, 0x20 higher; keeps the others (ß too, as nontransitional
// processing does); ignores U+00AD; and maps ASCII to lower case. None of
// them is a combining mark, a joiner or of a right-to-left bidirectional
// class, and each is in NFC, as any sequence of them and ASCII is: no
// label fails UTS #46's validity criteria, and no domain is a Bidi domain.
// It reports false, and appends nothing, where it leaves the domain to
// toASCII: another code point above ASCII, a label that starts with "xn--"
// once mapped (which UTS #46 decodes and checks), or a label of more than
// shortLabel code points. TestLatin1ToASCII and FuzzLatin1ToASCII check
// it against x/net.
// https://www.unicode.org/reports/tr46/#Processing
func appendLatin1ToASCII(dst []byte, domain string) ([]byte, bool) {
	var label [shortLabel]byte // a label mapped, a byte per code point
	start := len(dst)
	n, above := 0, false
	for i := 0; ; {
		if i == len(domain) || domain[i] == '.' {
			if n >= 4 && label[0] == 'x' && label[1] == 'n' && label[2] == '-' && label[3] == '-' {
				return dst[:start], false
			}
			if above {
				dst = appendPunycodeLatin1(append(dst, "xn--"...), label[:n])
			} else {
				dst = append(dst, label[:n]...)
			}
			if i == len(domain) {
				return dst, true
			}
			dst = append(dst, '.')
			n, above = 0, false
			i++
			continue
		}
		c := domain[i]
		switch {
		case c < utf8.RuneSelf:
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			i++
		case c == 0xC2 && i+1 < len(domain) && domain[i+1] == 0xAD:
			i += 2 // U+00AD, ignored
			continue
		case c == 0xC3 && i+1 < len(domain) && domain[i+1] >= 0x80 && domain[i+1] <= 0xBF:
			c = domain[i+1] + 0x40 // U+00C0 to U+00FF
			switch {
			case c == 0xD7 || c == 0xF7:
				return dst[:start], false
			case c <= 0xDE:
				c += 0x20
			}
			above = true
			i += 2
		default:
			return dst[:start], false
		}
		if n == len(label) {
			return dst[:start], false
		}
		label[n] = c
		n++
	}
}

// strictToASCIIFails reports whether the domain parser's strict Unicode
// ToASCII, with CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength set,
// fails on domain (the host percent-decoded: invalid UTF-8 in it reads as
// U+FFFD, which ToASCII rejects).
//
// VerifyDnsLength is checked here on the result, as UTS #46 since Unicode
// 16 words it and the reference implementation does: no empty label, not
// even the root label after a final ".", none over 63 bytes, and at most
// 253 bytes in all. golang.org/x/net/idna allows the final "." when built
// with Unicode tables older than 16 (Go 1.26).
// https://url.spec.whatwg.org/#concept-domain-to-ascii
func strictToASCIIFails(domain string) bool {
	if !utf8.ValidString(domain) {
		return true
	}
	// The relaxed ToASCII first, which takes linear time on a long label:
	// where it fails, or gives a label VerifyDnsLength rejects, the strict
	// one, which checks more, fails too.
	relaxed, err := toASCII(domain)
	if err != nil || len(relaxed) > 253 {
		return true
	}
	for label := range strings.SplitSeq(relaxed, ".") {
		if len(label) == 0 || len(label) > 63 {
			return true
		}
	}
	result, err := strictToASCII(domain)
	if err != nil || mapsToEmptyACELabel(domain) || len(result) > 253 {
		return true
	}
	for label := range strings.SplitSeq(result, ".") {
		if len(label) == 0 || len(label) > 63 {
			return true
		}
	}
	return false
}

// hasEmptyLabel reports whether the domain d has an empty label, the root
// label after a final "." included.
func hasEmptyLabel(d string) bool {
	return d == "" || d[0] == '.' || d[len(d)-1] == '.' || strings.Contains(d, "..")
}

// mapsToEmptyACELabel reports whether a label of domain is "xn--" once
// UTS #46 maps it. Punycode decodes the empty rest of such a label to the
// empty string, which UTS #46 (section 4.1, Processing) records as an
// error; golang.org/x/net/idna instead returns an empty label without one
// (so "xn--.ß" would become ".xn--zca"). ToASCII's mapping is code point by
// code point, then NFC.
func mapsToEmptyACELabel(domain string) bool {
	if ascii.Is(domain) {
		// UTS #46 maps ASCII to its lower case.
		for label := range strings.SplitSeq(domain, ".") {
			if strings.EqualFold(label, "xn--") {
				return true
			}
		}
		return false
	}
	var mapped []byte
	for _, r := range domain {
		m, _ := idnaProfile.ToUnicode(string(r))
		mapped = append(mapped, m...)
	}
	for label := range strings.SplitSeq(norm.NFC.String(string(mapped)), ".") {
		if label == "xn--" {
			return true
		}
	}
	return false
}

// A Host is a host of the URL Standard: a domain, an IPv4 or IPv6 address,
// an opaque host or the empty host, kept in its serialization; the zero
// Host is the null host. Hosts are comparable: two are equal exactly when
// the standard's host equivalence says so.
// https://url.spec.whatwg.org/#concept-host
type Host struct {
	kind HostKind
	s    string
}

// HostValue returns the URL's host; its Kind is HostNull when the URL has
// none. Its String is [URL.Hostname].
func (u URL) HostValue() Host {
	return Host{kind: u.hostKind, s: u.Hostname()}
}

// ParseHost runs the host parser on input as for a special URL (such as
// http: or https:): a domain, which it turns to ASCII with UTS #46, an IPv4
// address in any of the forms browsers read ("0x7f.1"), or an IPv6 address
// in brackets. On failure the error is an [*Error] naming the validation
// error.
// https://url.spec.whatwg.org/#concept-host-parser
func ParseHost(input string) (Host, error) { return parseHostString(input, false) }

// ParseOpaqueHost runs the host parser on input as for a URL that is not
// special: anything without forbidden host code points is an opaque host,
// percent-encoded, but an IPv6 address in brackets.
// https://url.spec.whatwg.org/#concept-host-parser
func ParseOpaqueHost(input string) (Host, error) { return parseHostString(input, true) }

func parseHostString(input string, isOpaque bool) (Host, error) {
	p := parser{in: toScalarValues(input), raw: input}
	if input == "" {
		if isOpaque {
			return Host{kind: HostEmpty}, nil
		}
		return Host{}, &Error{Op: "parse host", Input: input, Code: ErrHostMissing}
	}
	buf, err := p.parseHost(nil, p.in, isOpaque, 0)
	if err != 0 {
		return Host{}, &Error{Op: "parse host", Input: input, Code: err, Offset: p.rawOffset(p.errAt)}
	}
	return Host{kind: p.c.hostKind, s: string(buf)}, nil
}

// Kind returns the kind of host.
func (h Host) Kind() HostKind { return h.kind }

// String returns the host serialized: an IPv6 address in brackets.
// https://url.spec.whatwg.org/#concept-host-serializer
func (h Host) String() string { return h.s }

// Addr returns the host's IP address, or the zero netip.Addr if the host
// is not an IPv4 or IPv6 address.
func (h Host) Addr() netip.Addr {
	switch h.kind {
	case HostIPv4, HostIPv6:
		addr, _ := netip.ParseAddr(strings.Trim(h.s, "[]"))
		return addr
	}
	return netip.Addr{}
}

// Equal reports whether h and g are the same host: the standard's host
// equivalence, which is h == g.
// https://url.spec.whatwg.org/#concept-host-equals
func (h Host) Equal(g Host) bool { return h == g }

// A PublicSuffixList gives the public suffix of a domain: the part of it
// under which anyone can register a name, as the Public Suffix List
// (https://publicsuffix.org/) lists them. Its method set is that of
// net/http/cookiejar's PublicSuffixList, and it is passed in as cookiejar
// takes it, so that this package does not link a list nor the code that
// reads it. golang.org/x/net/publicsuffix.List is the list most programs
// pass: the snapshot compiled into golang.org/x/net (update that module
// for a newer one), with its ICANN and private sections both, so that
// "foo.github.io" has "github.io". A list of another source, or the ICANN
// section alone, is a type with these two methods (see the example).
// https://url.spec.whatwg.org/#host-public-suffix
type PublicSuffixList interface {
	// PublicSuffix returns the public suffix of domain, a domain in its
	// ASCII form in lower case without a final ".": for "www.example.co.uk"
	// the list's "co.uk". A domain that no rule of the list matches has
	// its last label as its suffix (the list's implicit "*" rule).
	PublicSuffix(domain string) string
	// String says what the list is and which version, for logs.
	String() string
}

// PublicSuffix returns the public suffix of a domain by list, with a
// final "." kept; ok is false for every other host, as the standard's
// null, and when list is nil. With golang.org/x/net/publicsuffix.List,
// "foo.github.io" has "github.io", from the list's private section.
// https://url.spec.whatwg.org/#host-public-suffix
func (h Host) PublicSuffix(list PublicSuffixList) (suffix string, ok bool) {
	domain, trailingDot := h.pslDomain()
	if domain == "" || list == nil {
		return "", false
	}
	suffix = list.PublicSuffix(domain)
	if suffix == "" {
		return "", false
	}
	return suffix + trailingDot, true
}

// RegistrableDomain returns the registrable domain of a domain by list: its
// public suffix and the label before it, with a final "." kept, as in
// "www.example.co.uk" → "example.co.uk" and, with
// golang.org/x/net/publicsuffix.List, "foo.github.io" → "foo.github.io"
// (github.io is a public suffix of the list's private section). ok is
// false, the standard's null, for hosts that are not domains and for
// domains that are public suffixes, and when list is nil.
// https://url.spec.whatwg.org/#host-registrable-domain
func (h Host) RegistrableDomain(list PublicSuffixList) (domain string, ok bool) {
	suffix, ok := h.PublicSuffix(list)
	if !ok || suffix == h.s {
		return "", false
	}
	d, trailingDot := h.pslDomain()
	suffix = strings.TrimSuffix(suffix, trailingDot)
	// The label before the suffix: the Public Suffix List algorithm's
	// registrable domain.
	rest, found := strings.CutSuffix(d, suffix)
	if !found || !strings.HasSuffix(rest, ".") {
		return "", false
	}
	rest = rest[:len(rest)-1]
	label := rest[strings.LastIndexByte(rest, '.')+1:]
	if label == "" {
		return "", false
	}
	return label + "." + suffix + trailingDot, true
}

// pslDomain returns the domain without a final "." for the Public Suffix
// List algorithm, and that "." (or ""); the domain is "" for a host that
// is not a domain.
func (h Host) pslDomain() (domain, trailingDot string) {
	if h.kind != HostDomain {
		return "", ""
	}
	if strings.HasSuffix(h.s, ".") {
		return h.s[:len(h.s)-1], "."
	}
	return h.s, ""
}
