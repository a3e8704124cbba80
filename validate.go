package weburl

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// A ValidationError is a validation error of the standard: a way in which
// the input is not a valid URL string. Most do not stop the parser, which
// corrects the input as browsers do; the one that makes a parse fail is
// Fatal.
//
// Offset is the byte offset in the input given to the parser (before
// leading and trailing spaces, tabs and newlines are removed) of the byte
// where the standard's algorithm signals the error: the unexpected code
// point, or where a missing one was expected. Errors of the host parser
// (IPv4-*, IPv6-*, domain-*, host-invalid-code-point, and
// invalid-URL-unit in an opaque host) are at the host's first byte.
// https://url.spec.whatwg.org/#validation-error
type ValidationError struct {
	Name   string // the standard's name, e.g. "invalid-URL-unit"
	Offset int    // the byte offset in the input
	Fatal  bool   // whether it made the parse fail
}

// String returns the name and offset, as in "invalid-URL-unit at 12".
func (e ValidationError) String() string {
	s := e.Name + " at " + strconv.Itoa(e.Offset)
	if e.Fatal {
		s += " (fatal)"
	}
	return s
}

// A Parser runs the standard's URL parser with options. The zero Parser
// (and a nil *Parser) parses as [Parse] does.
type Parser struct {
	// Base is the base URL relative input resolves against, or nil.
	Base *URL
	// Encoding is a label of the document's encoding in the Encoding
	// Standard, such as "shift_jis", "windows-1252" or "gbk"; "" means
	// UTF-8. As in the standard, it applies only to the query, and only
	// of special URLs other than ws: and wss:; an unknown label makes
	// Parse return an [*EncodingError].
	Encoding string
	// OnValidationError, if not nil, is called with every validation error
	// the parser signals, in order, the fatal one last.
	OnValidationError func(ValidationError)
}

// Parse parses rawURL against p.Base as [URL.Parse] does, reporting
// validation errors to p.OnValidationError.
// https://url.spec.whatwg.org/#concept-url-parser
func (p *Parser) Parse(rawURL string) (*URL, error) {
	if p == nil {
		return Parse(rawURL)
	}
	var enc *legacyEncoding
	if p.Encoding != "" {
		var err error
		if enc, err = lookupEncoding(p.Encoding); err != nil {
			return nil, err
		}
	}
	var v *validation
	if p.OnValidationError != nil {
		v = &validation{onError: p.OnValidationError}
	}
	u, err := parse(rawURL, p.Base.asBase(), v, enc)
	if err != nil {
		return nil, err
	}
	return u, nil
}

// Validate parses rawURL against base (which may be nil) and returns every
// validation error the parser signals, in order; the last is Fatal if the
// parse fails. It returns nil when there is none, though rawURL may still
// not be a valid URL string (see [IsValid]).
func Validate(rawURL string, base *URL) []ValidationError {
	var errs []ValidationError
	_, _ = parse(rawURL, base.asBase(), &validation{onError: func(e ValidationError) { errs = append(errs, e) }}, nil)
	return errs
}

// IsValid reports whether rawURL is a valid URL string, as the standard's
// URL writing section defines it, with base as the base URL of a relative
// one (base may be nil).
//
// A valid URL string parses without validation errors, but the converse
// does not quite hold: IsValid also requires what the parser lets pass
// silently. The host of a special URL, as written, must pass domain to
// ASCII with beStrict true (UTS #46 with CheckHyphens, UseSTD3ASCIIRules
// and VerifyDnsLength: no "_", no leading or trailing "-", no empty
// labels, no final ".", labels of at most 63 bytes, and no percent-encoded
// bytes) unless it is an IPv6 address; and the path of a file URL with a
// host must not start with a Windows drive letter ("file://host/C:/").
// https://url.spec.whatwg.org/#valid-url-string
func IsValid(rawURL string, base *URL) bool {
	valid := true
	v := &validation{onError: func(ValidationError) { valid = false }}
	u, err := parse(rawURL, base.asBase(), v, nil)
	if err != nil || !valid {
		return false
	}
	if v.hostIn != "" && v.hostIn[0] != '[' && u.scheme.special() {
		// A valid host string is a valid domain string, a valid
		// IPv4-address string (which is a valid domain string too), or an
		// IPv6 address in brackets, which the parser checks.
		if _, err := strictToASCII(v.hostIn); err != nil || mapsToEmptyACELabel(v.hostIn) {
			return false
		}
	}
	if s := v.pathIn; u.scheme == schemeFile && u.hostKind != HostEmpty {
		if len(s) >= 4 && s[0] == '/' && isWindowsDriveLetter(s[1:3]) && s[3] == '/' {
			return false
		}
	}
	return true
}

// strictToASCII is domain to ASCII with beStrict true: the flags of
// idnaProfile with CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength on.
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

// validation is the state of a parser whose validation errors someone
// listens for.
type validation struct {
	onError func(ValidationError)
	offsets offsetMap
	// unitsFrom is where the path state starts checking URL units: the
	// file host state hands it a drive letter it has already read.
	unitsFrom int
	// For IsValid: the host and the path as written (the path with the rest
	// of the input after it).
	hostIn string
	pathIn string
}

// checkURLUnits reports an invalid-URL-unit validation error for each code
// point of s (which starts at p.in[at]) that is neither a URL code point
// nor "%", and for each "%" not followed by two ASCII hex digits.
// https://url.spec.whatwg.org/#url-units
func (p *parser) checkURLUnits(s string, at int) {
	for i := 0; i < len(s); {
		invalid, n := invalidURLUnit(s, i)
		if invalid {
			p.report(errInvalidURLUnit, at+i)
		}
		i += n
	}
}

// invalidURLUnit reports whether the code point at s[i] is neither a URL
// code point nor "%", or is a "%" that starts no percent-encoded byte; n
// is its length in bytes.
func invalidURLUnit(s string, i int) (invalid bool, n int) {
	switch c := s[i]; {
	case c == '%':
		return !startsWithPercentByte(s, i), 1
	case c < utf8.RuneSelf:
		return !asciiURLCodePoint[c], 1
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	// Not a C1 control, a noncharacter, or (in valid UTF-8) a surrogate.
	return r < 0xA0 || 0xFDD0 <= r && r <= 0xFDEF || r&0xFFFE == 0xFFFE, n
}

// asciiURLCodePoint[c] reports whether the ASCII byte c is a URL code point.
// https://url.spec.whatwg.org/#url-code-points
var asciiURLCodePoint = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		t[c] = isAlphanumeric(byte(c))
	}
	for _, c := range "!$&'()*+,-./:;=?@_~" {
		t[c] = true
	}
	return t
}()

// report signals a validation error that does not stop the parser, found
// at p.in[i]. It does nothing when nobody listens.
func (p *parser) report(code errCode, i int) {
	if p.v != nil {
		p.v.onError(ValidationError{Name: code.String(), Offset: p.rawOffset(i), Fatal: false})
	}
}

// fail records the validation error that makes the parser fail, found at
// p.in[i], reports it, and returns it.
func (p *parser) fail(code errCode, i int) errCode {
	p.errAt = i
	if p.v != nil {
		p.v.onError(ValidationError{Name: code.String(), Offset: p.rawOffset(i), Fatal: true})
	}
	return code
}

// reportCleanUp reports the validation errors of the basic URL parser's
// first steps, which work on p.raw: one for leading or trailing C0 controls
// or spaces, and one for ASCII tabs or newlines.
func (p *parser) reportCleanUp() {
	s := p.raw
	lead := leadingC0OrSpace(s)
	end := len(s)
	for end > lead && s[end-1] <= ' ' {
		end--
	}
	if lead > 0 || end < len(s) {
		at := 0
		if lead == 0 {
			at = end
		}
		p.v.onError(ValidationError{Name: errInvalidURLUnit.String(), Offset: at})
	}
	if i := strings.IndexAny(s[lead:end], "\t\n\r"); i >= 0 {
		p.v.onError(ValidationError{Name: errInvalidURLUnit.String(), Offset: lead + i})
	}
}

// leadingC0OrSpace returns how many C0 controls and spaces start s.
func leadingC0OrSpace(s string) int {
	n := 0
	for n < len(s) && s[n] <= ' ' {
		n++
	}
	return n
}

// rawOffset maps an index in p.in to the offset of the same byte in p.raw.
func (p *parser) rawOffset(i int) int {
	if p.v != nil {
		return p.v.offsets.rawOffset(p.raw, p.in, i)
	}
	var m offsetMap
	return m.rawOffset(p.raw, p.in, i)
}

// An offsetMap maps indexes in the cleaned-up input to offsets in the raw
// input, undoing the clean-up: trimming, the removal of tabs and newlines,
// and U+FFFD for invalid UTF-8 (whose three bytes map to the first byte of
// the sequence they replace). Calls with growing indexes take linear time
// in all.
type offsetMap struct {
	mapping uint8 // unknown, by the leading bytes alone, or by replay
	lead    int   // the C0 controls and spaces trimmed from raw's start
	in, raw int   // the replay's point: in[in] is raw[raw]
}

// How the cleaned-up input maps to the raw one.
const (
	mapUnknown uint8 = iota
	mapLead
	mapReplay
)

func (m *offsetMap) rawOffset(raw, in string, i int) int {
	if m.mapping == mapUnknown {
		m.lead = leadingC0OrSpace(raw)
		m.mapping, m.in, m.raw = mapReplay, 0, m.lead
		if len(raw)-m.lead >= len(in) && raw[m.lead:m.lead+len(in)] == in {
			m.mapping = mapLead // nothing removed or replaced but leading bytes
		}
	}
	if m.mapping == mapLead {
		return m.lead + i
	}
	if i < m.in {
		m.in, m.raw = 0, m.lead
	}
	for m.in < i && m.raw < len(raw) {
		c := raw[m.raw]
		n, w := 1, 1 // bytes in raw, bytes in in
		switch {
		case c == '\t' || c == '\n' || c == '\r':
			w = 0
		case c >= utf8.RuneSelf:
			if r, size := utf8.DecodeRuneInString(raw[m.raw:]); r != utf8.RuneError || size > 1 {
				n, w = size, size
			} else {
				n, w = invalidUTF8Len(raw, m.raw), len("\uFFFD")
			}
		}
		if m.in+w > i {
			if n == w {
				return m.raw + i - m.in // inside a code point kept as it is
			}
			break // inside a U+FFFD: the invalid bytes it replaces
		}
		m.in += w
		m.raw += n
	}
	for m.raw < len(raw) && (raw[m.raw] == '\t' || raw[m.raw] == '\n' || raw[m.raw] == '\r') {
		m.raw++ // removed before in[i]
	}
	return m.raw
}
