package weburl

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/weburl/weburl/internal/ascii"
	"github.com/weburl/weburl/internal/quote"
	"github.com/weburl/weburl/internal/utf8dec"
)

// An ErrorCode names a way in which an input is not a valid URL string:
// a validation error of the standard, or one of weburl's own (see below).
// Its String is the name ("host-missing", as the standard's table has it)
// and its Description says in a sentence what is wrong. ErrorCode is an error, so that errors.Is(err, ErrHostMissing)
// tells why [Parse] failed.
//
// The constants from [ErrDomainToASCII] to
// [ErrFileInvalidWindowsDriveLetterHost] are the standard's table of
// validation errors, in its order; the other ten are weburl's own:
// [ErrURLTooLong], an input too long for a URL, the seven with which a
// setter refuses a value where the standard's setter returns without a
// validation error (from [ErrSchemeInvalid] to [ErrZeroURL]), and the two
// with which [ParseRequestTarget] refuses what HTTP sent
// ([ErrRequestTargetInvalid] and [ErrHostHeaderInvalid]). Each says
// where the Offset of a [ValidationError] or an [Error] with that code
// points, as a byte offset in the input: at the code point that causes
// the error where one does, else at the start of what is at fault. Errors
// of the IPv4 parser point into the host as written when the host is ASCII
// once percent-decoded (a percent-encoded byte counts at its "%"); in a
// host that IDNA turned into an IPv4 address they point at the host's
// first byte.
// https://url.spec.whatwg.org/#validation-error
type ErrorCode uint8

const (
	errNone ErrorCode = iota

	// IDNA

	// ErrDomainToASCII: the parser's Unicode ToASCII (UTS #46, not
	// strict: CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength off)
	// fails on the domain, or leaves a forbidden domain code point in it,
	// and the parse fails; or only the strict ToASCII, with those set,
	// fails on it, and the parse goes on. At the cause: the first code
	// point that fails by itself (one UTS #46 disallows, or its strict
	// rules; one that maps to a forbidden domain code point; the "%" of
	// a percent-encoded one), else the first label that fails (an "xn--"
	// label whose Punycode does not decode, the bidi, joiner and hyphen
	// rules, a label too long, or an empty one, at the "." that ends it),
	// else the host's first byte.
	ErrDomainToASCII

	// Host parsing

	// ErrDomainPercentEncoded: the host of a special URL holds a
	// percent-encoded byte. At the first one's "%".
	ErrDomainPercentEncoded
	// ErrHostInvalidCodePoint: an opaque host holds a forbidden host code
	// point. At that code point. Fatal.
	ErrHostInvalidCodePoint
	// ErrIPv4EmptyPart: an IPv4 address ends with ".". At that ".".
	ErrIPv4EmptyPart
	// ErrIPv4TooFewParts: an IPv4 address has fewer than four parts. At
	// the host's first byte.
	ErrIPv4TooFewParts
	// ErrIPv4TooManyParts: an IPv4 address has more than four parts. At
	// the fifth part. Fatal.
	ErrIPv4TooManyParts
	// ErrIPv4NonNumericPart: a part of an IPv4 address is no number. At
	// that part. Fatal.
	ErrIPv4NonNumericPart
	// ErrIPv4NonDecimalPart: a part of an IPv4 address is written in
	// hexadecimal or octal. At that part.
	ErrIPv4NonDecimalPart
	// ErrIPv4OutOfRangePart: a part of an IPv4 address exceeds 255. At
	// that part. Fatal unless it is the last part and fits the bytes the
	// others leave.
	ErrIPv4OutOfRangePart
	// ErrIPv4NonASCIIInput: an IPv4 address comes from a host that is not
	// ASCII, through IDNA ("①.②.③.④"). At the host's first byte.
	ErrIPv4NonASCIIInput
	// ErrIPv6Unclosed: an IPv6 address has no closing "]". At the "[".
	// Fatal.
	ErrIPv6Unclosed
	// ErrIPv6InvalidCompression: an IPv6 address starts with a single
	// ":". At that ":". Fatal.
	ErrIPv6InvalidCompression
	// ErrIPv6TooManyPieces: an IPv6 address has more than eight pieces.
	// At the ninth. Fatal.
	ErrIPv6TooManyPieces
	// ErrIPv6MultipleCompression: an IPv6 address has "::" twice. At the
	// second ":" of the second. Fatal.
	ErrIPv6MultipleCompression
	// ErrIPv6InvalidCodePoint: an IPv6 address holds a code point other
	// than a hex digit or ":", or ends after a ":". At that code point, or
	// at the "]". Fatal.
	ErrIPv6InvalidCodePoint
	// ErrIPv6TooFewPieces: an IPv6 address without "::" has fewer than
	// eight pieces. At the "]". Fatal.
	ErrIPv6TooFewPieces
	// ErrIPv6PieceLeadingZero: a piece of an IPv6 address has a leading
	// zero. At that piece.
	ErrIPv6PieceLeadingZero
	// ErrIPv4InIPv6TooManyPieces: an IPv6 address that ends in an IPv4
	// address has more than six pieces before it. At the IPv4 address.
	// Fatal.
	ErrIPv4InIPv6TooManyPieces
	// ErrIPv4InIPv6InvalidCodePoint: the IPv4 address that ends an IPv6
	// address has an empty part, a part with a leading zero or with a
	// code point that is no digit, or more than four parts. At that code
	// point, or at the part with a leading zero. Fatal.
	ErrIPv4InIPv6InvalidCodePoint
	// ErrIPv4InIPv6OutOfRangePart: a part of the IPv4 address that ends
	// an IPv6 address exceeds 255. At that part. Fatal.
	ErrIPv4InIPv6OutOfRangePart
	// ErrIPv4InIPv6TooFewParts: the IPv4 address that ends an IPv6
	// address has fewer than four parts. At the "]". Fatal.
	ErrIPv4InIPv6TooFewParts

	// URL parsing

	// ErrInvalidURLUnit: a code point is neither a URL code point nor
	// part of a percent-encoded byte: a space, a control, a "%" without
	// two hex digits, a tab or newline (which the parser removes), or a
	// leading or trailing C0 control or space (which it trims). At that
	// code point; for leading or trailing ones, at the first; for tabs and
	// newlines, at the first. An opaque host reports at most two: at its
	// first code point that is no URL unit, and at its first stray "%".
	ErrInvalidURLUnit
	// ErrSpecialSchemeMissingFollowingSolidus: a special scheme's ":" is
	// not followed by "//", or by more slashes than two. Where "//" was
	// expected, and at each slash after two.
	ErrSpecialSchemeMissingFollowingSolidus
	// ErrMissingSchemeNonRelativeURL: the input has no scheme and there is
	// no base URL, or one with an opaque path. At the input's first code
	// point after leading spaces. Fatal.
	ErrMissingSchemeNonRelativeURL
	// ErrInvalidReverseSolidus: a special URL uses "\" for "/". At the
	// "\".
	ErrInvalidReverseSolidus
	// ErrInvalidCredentials: the input has a username or password. At
	// each "@" of the authority.
	ErrInvalidCredentials
	// ErrHostMissing: a special URL has no host. Where the host should
	// start. Fatal.
	ErrHostMissing
	// ErrPortOutOfRange: the port exceeds 65535. At its first digit.
	// Fatal.
	ErrPortOutOfRange
	// ErrPortInvalid: the port holds a code point that is no digit. At
	// that code point. Fatal.
	ErrPortInvalid
	// ErrFileInvalidWindowsDriveLetter: a relative reference against a
	// file URL starts with a Windows drive letter ("c|/x"). At the
	// letter.
	ErrFileInvalidWindowsDriveLetter
	// ErrFileInvalidWindowsDriveLetterHost: a file URL's host is a
	// Windows drive letter ("file://c:/x"). At the letter.
	ErrFileInvalidWindowsDriveLetterHost

	// ErrURLTooLong is not the standard's: the input is longer than
	// [MaxInputLength], or the URL's serialization would be longer than
	// 4 GiB − 2 bytes. At MaxInputLength, or at the input's end. Fatal.
	ErrURLTooLong

	// The setters' refusals that the standard attaches no validation
	// error to (its "return" in a setter's steps or with a state
	// override): not the standard's names, and never a validation error
	// of the parser. A setter returns an [*Error] with one of these, or
	// with the validation error the parser signals, when it leaves the URL
	// unchanged.

	// ErrSchemeInvalid: the value given to [URL.SetProtocol] is no scheme
	// (an ASCII letter, then letters, digits, "+", "-" and "."). At the
	// code point that is none.
	ErrSchemeInvalid
	// ErrSchemeChange: [URL.SetProtocol] would switch between a special
	// scheme and one that is not, make a URL with credentials or a port a
	// file URL, or change the scheme of a file URL with an empty host.
	ErrSchemeChange
	// ErrCannotHaveCredentialsOrPort: the URL cannot have a username,
	// password or port, which [URL.SetUsername], [URL.SetPassword] and
	// [URL.SetPort] set: its host is null or empty, or its scheme is file.
	ErrCannotHaveCredentialsOrPort
	// ErrOpaquePathURL: the URL has an opaque path, and so no host and no
	// path of segments to set ([URL.SetHost], [URL.SetHostname],
	// [URL.SetPathname]).
	ErrOpaquePathURL
	// ErrHostnameWithPort: the value given to [URL.SetHostname] has a
	// port. At its ":".
	ErrHostnameWithPort
	// ErrHostEmpty: [URL.SetHost] or [URL.SetHostname] would make the
	// host empty in a URL with credentials or a port.
	ErrHostEmpty
	// ErrZeroURL: the URL is the zero URL, which has no components to
	// set.
	ErrZeroURL

	// The refusals of [ParseRequestTarget], which reads what HTTP sends
	// (RFC 9112), not a URL string.

	// ErrRequestTargetInvalid: the request-target is in neither
	// origin-form (a path from "/" and an optional query) nor
	// absolute-form (an http or https URL without a fragment). At the
	// byte that makes it so.
	ErrRequestTargetInvalid
	// ErrHostHeaderInvalid: the Host header's value is not a host and an
	// optional port. At the byte that makes it so.
	ErrHostHeaderInvalid
)

// errorCodes holds each code's name in the standard and its description.
var errorCodes = [...]struct{ name, description string }{
	errNone:                                 {"", ""},
	ErrDomainToASCII:                        {"domain-to-ASCII", "the domain fails IDNA's ToASCII (UTS #46), and the parse with it; or only ToASCII's strict rules (STD3 characters, hyphens, lengths), and the parse goes on"},
	ErrDomainPercentEncoded:                 {"domain-percent-encoded", "the domain has a percent-encoded byte"},
	ErrHostInvalidCodePoint:                 {"host-invalid-code-point", "the host has a code point that no host may have"},
	ErrIPv4EmptyPart:                        {"IPv4-empty-part", "the IPv4 address ends with a dot"},
	ErrIPv4TooFewParts:                      {"IPv4-too-few-parts", "the IPv4 address has fewer than four parts"},
	ErrIPv4TooManyParts:                     {"IPv4-too-many-parts", "the IPv4 address has more than four parts"},
	ErrIPv4NonNumericPart:                   {"IPv4-non-numeric-part", "a part of the IPv4 address is not a number"},
	ErrIPv4NonDecimalPart:                   {"IPv4-non-decimal-part", "a part of the IPv4 address is in hexadecimal or octal"},
	ErrIPv4OutOfRangePart:                   {"IPv4-out-of-range-part", "a part of the IPv4 address is greater than 255"},
	ErrIPv4NonASCIIInput:                    {"IPv4-non-ASCII-input", "the IPv4 address is written with non-ASCII characters"},
	ErrIPv6Unclosed:                         {"IPv6-unclosed", "the IPv6 address lacks its closing bracket"},
	ErrIPv6InvalidCompression:               {"IPv6-invalid-compression", "the IPv6 address starts with a single colon"},
	ErrIPv6TooManyPieces:                    {"IPv6-too-many-pieces", "the IPv6 address has more than eight pieces"},
	ErrIPv6MultipleCompression:              {"IPv6-multiple-compression", "the IPv6 address has \"::\" more than once"},
	ErrIPv6InvalidCodePoint:                 {"IPv6-invalid-code-point", "the IPv6 address has a character other than a hex digit or colon, or ends in a colon"},
	ErrIPv6TooFewPieces:                     {"IPv6-too-few-pieces", "the IPv6 address has fewer than eight pieces and no \"::\""},
	ErrIPv6PieceLeadingZero:                 {"IPv6-piece-leading-zero", "a piece of the IPv6 address has a leading zero"},
	ErrIPv4InIPv6TooManyPieces:              {"IPv4-in-IPv6-too-many-pieces", "the IPv6 address has more than six pieces before its IPv4 part"},
	ErrIPv4InIPv6InvalidCodePoint:           {"IPv4-in-IPv6-invalid-code-point", "the IPv4 part of the IPv6 address has an empty part, a leading zero, a character that is not a digit, or too many parts"},
	ErrIPv4InIPv6OutOfRangePart:             {"IPv4-in-IPv6-out-of-range-part", "a part of the IPv4 part of the IPv6 address is greater than 255"},
	ErrIPv4InIPv6TooFewParts:                {"IPv4-in-IPv6-too-few-parts", "the IPv4 part of the IPv6 address has fewer than four parts"},
	ErrInvalidURLUnit:                       {"invalid-URL-unit", "a character is not allowed in a URL, or a percent sign is not followed by two hex digits"},
	ErrSpecialSchemeMissingFollowingSolidus: {"special-scheme-missing-following-solidus", "the scheme is not followed by exactly two slashes"},
	ErrMissingSchemeNonRelativeURL:          {"missing-scheme-non-relative-URL", "the URL has no scheme, and there is no base URL to resolve it against"},
	ErrInvalidReverseSolidus:                {"invalid-reverse-solidus", "a backslash stands for a slash"},
	ErrInvalidCredentials:                   {"invalid-credentials", "the URL has a username or password"},
	ErrHostMissing:                          {"host-missing", "the URL has no host, which its scheme requires"},
	ErrPortOutOfRange:                       {"port-out-of-range", "the port is greater than 65535"},
	ErrPortInvalid:                          {"port-invalid", "the port has a character that is not a digit"},
	ErrFileInvalidWindowsDriveLetter:        {"file-invalid-Windows-drive-letter", "a relative reference against a file URL starts with a Windows drive letter"},
	ErrFileInvalidWindowsDriveLetterHost:    {"file-invalid-Windows-drive-letter-host", "the host of the file URL is a Windows drive letter"},
	ErrURLTooLong:                           {"URL-too-long", "the input is longer than MaxInputLength, or its URL would be longer than 4 GiB"},
	ErrSchemeInvalid:                        {"scheme-invalid", "the value is not a scheme"},
	ErrSchemeChange:                         {"scheme-change", "the scheme cannot change so: between special and not special, to file with credentials or a port, or from file with an empty host"},
	ErrCannotHaveCredentialsOrPort:          {"cannot-have-username-password-port", "the URL cannot have a username, password or port: its host is null or empty, or its scheme is file"},
	ErrOpaquePathURL:                        {"opaque-path", "the URL has an opaque path, and so no host or path segments to set"},
	ErrHostnameWithPort:                     {"hostname-with-port", "the hostname has a port"},
	ErrHostEmpty:                            {"host-empty", "the host cannot be empty while the URL has credentials or a port"},
	ErrZeroURL:                              {"zero-URL", "the URL is the zero URL, which has no components"},
	ErrRequestTargetInvalid:                 {"request-target-invalid", "the request-target is neither a path from \"/\" with a query nor an http or https URL"},
	ErrHostHeaderInvalid:                    {"Host-invalid", "the Host header is not a host and an optional port"},
}

// String returns the standard's name for the validation error, such as
// "host-missing" ("URL-too-long" for [ErrURLTooLong]).
func (c ErrorCode) String() string {
	if int(c) >= len(errorCodes) {
		return "ErrorCode(" + strconv.Itoa(int(c)) + ")"
	}
	return errorCodes[c].name
}

// Description says what is wrong, in a short English sentence without a
// final period: "the port is greater than 65535".
func (c ErrorCode) Description() string {
	if int(c) >= len(errorCodes) {
		return ""
	}
	return errorCodes[c].description
}

// Error returns the name, as String does.
func (c ErrorCode) Error() string { return c.String() }

// MarshalText returns the standard's name, as String does, so that an
// ErrorCode reads as its name in JSON, XML and text.
func (c ErrorCode) MarshalText() ([]byte, error) {
	if int(c) >= len(errorCodes) {
		return nil, errors.New("weburl: " + c.String() + " is no validation error")
	}
	return []byte(c.String()), nil
}

// UnmarshalText sets c to the validation error the standard names text,
// such as "host-missing".
func (c *ErrorCode) UnmarshalText(text []byte) error {
	for i, e := range errorCodes {
		if e.name == string(text) && e.name != "" {
			*c = ErrorCode(i)
			return nil
		}
	}
	return errors.New("weburl: " + quote.Short(string(text)) + " names no validation error")
}

// A ValidationError is a validation error of the standard, where the parser
// signals it. Most do not stop the parser, which corrects the input as
// browsers do; the one that makes a parse fail is Fatal.
//
// Offset is the byte offset in the input given to the parser (before
// leading and trailing spaces, tabs and newlines are removed) of what
// caused the error, as the doc of each [ErrorCode] constant says.
// https://url.spec.whatwg.org/#validation-error
type ValidationError struct {
	Code   ErrorCode // which validation error
	Offset int       // the byte offset in the input
	Fatal  bool      // whether it made the parse fail
}

// validationErrorJSON is the shape of a ValidationError in JSON.
type validationErrorJSON struct {
	Code        ErrorCode `json:"code"`
	Offset      int       `json:"offset"`
	Description string    `json:"description"`
	Fatal       bool      `json:"fatal"`
}

// MarshalJSON encodes e as an object with the keys "code" (the standard's
// name), "offset", "description" (as [ErrorCode.Description] says) and
// "fatal": the one shape in which weburl's command (-json -validate) and
// its URL viewer give a validation error.
func (e ValidationError) MarshalJSON() ([]byte, error) {
	return json.Marshal(validationErrorJSON{e.Code, e.Offset, e.Code.Description(), e.Fatal})
}

// UnmarshalJSON decodes the object MarshalJSON encodes; its description
// is not read, as the code decides it.
func (e *ValidationError) UnmarshalJSON(data []byte) error {
	var v validationErrorJSON
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	*e = ValidationError{Code: v.Code, Offset: v.Offset, Fatal: v.Fatal}
	return nil
}

// String returns the name and offset, as in "invalid-URL-unit at 12".
func (e ValidationError) String() string {
	s := e.Code.String() + " at " + strconv.Itoa(e.Offset)
	if e.Fatal {
		s += " (fatal)"
	}
	return s
}

// Validate parses rawURL against base (which may be nil) and returns every
// validation error the parser signals, in order; the last is Fatal if the
// parse fails. It returns nil exactly when rawURL is a valid URL string
// (see [IsValid]).
func Validate(rawURL string, base *URL) []ValidationError {
	var errs []ValidationError
	p := Parser{Base: base, OnValidationError: func(e ValidationError) { errs = append(errs, e) }}
	_, _ = p.Parse(rawURL)
	return errs
}

// IsValid reports whether rawURL is a valid URL string, as the standard's
// URL writing section defines it, with base as the base URL of a relative
// one (base may be nil): whether it parses without any validation error.
// https://url.spec.whatwg.org/#valid-url-string
func IsValid(rawURL string, base *URL) bool {
	valid := true
	p := Parser{Base: base, OnValidationError: func(ValidationError) { valid = false }}
	_, err := p.Parse(rawURL)
	return err == nil && valid
}

// validation is the state of a parser whose validation errors someone
// listens for.
type validation struct {
	onError func(ValidationError)
	offsets offsetMap
	// unitsFrom is where the path state starts checking URL units: the
	// file host state hands it a drive letter it has already read.
	unitsFrom int
}

// checkURLUnits reports an invalid-URL-unit validation error for each code
// point of s (which starts at p.in[at]) that is neither a URL code point
// nor "%", and for each "%" not followed by two ASCII hex digits.
// https://url.spec.whatwg.org/#url-units
func (p *parser) checkURLUnits(s string, at int) {
	for i := 0; i < len(s); {
		invalid, n := invalidURLUnit(s, i)
		if invalid {
			p.report(ErrInvalidURLUnit, at+i)
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
		return !ascii.StartsWithPercentByte(s, i), 1
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
		t[c] = ascii.IsAlphanumeric(byte(c))
	}
	for _, c := range "!$&'()*+,-./:;=?@_~" {
		t[c] = true
	}
	return t
}()

// report signals a validation error that does not stop the parser, found
// at p.in[i]. It does nothing when nobody listens.
func (p *parser) report(code ErrorCode, i int) {
	if p.v != nil {
		p.v.onError(ValidationError{Code: code, Offset: p.rawOffset(i)})
	}
}

// fail records the validation error that makes the parser fail, found at
// p.in[i], reports it, and returns it.
func (p *parser) fail(code ErrorCode, i int) ErrorCode {
	p.errAt = i
	if p.v != nil {
		p.v.onError(ValidationError{Code: code, Offset: p.rawOffset(i), Fatal: true})
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
		p.v.onError(ValidationError{Code: ErrInvalidURLUnit, Offset: at})
	}
	if i := strings.IndexAny(s[lead:end], "\t\n\r"); i >= 0 {
		p.v.onError(ValidationError{Code: ErrInvalidURLUnit, Offset: lead + i})
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
				n, w = utf8dec.InvalidLen(raw, m.raw), len("\uFFFD")
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
