package weburl

import (
	"math"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/weburl/weburl/internal/ascii"
	"github.com/weburl/weburl/internal/utf8dec"
)

// The basic URL parser: the state of one run, the clean-up at its door,
// the driver that runs the states of states.go, the one entry that every
// caller goes through (which takes the shortcuts of shortcut.go where they
// apply), and Parser, the parser with options.
// https://url.spec.whatwg.org/#concept-basic-url-parser

// maxHref is the longest serialization a URL may have: its offsets are
// uint32. (Compare lengths as uint64: on 32-bit platforms no string is so
// long.)
const maxHref uint64 = math.MaxUint32 - 1

// parser is the state of one run of the basic URL parser. It writes the URL
// it builds straight into a buffer, in serialization order, and keeps the
// offsets of the components written so far in c.
// https://url.spec.whatwg.org/#concept-basic-url-parser
type parser struct {
	in       string // the input, cleaned at the door (see cleanInput)
	i        int    // the pointer: an index into in; i == len(in) is the EOF code point
	state    state
	override state      // the state override, or stateNone
	base     *URL       // the base URL, or nil
	url      *URL       // with a state override: the URL the setter changes
	c        components // the offsets of the URL built so far in the buffer

	// canParse stops the machine once the URL can no longer fail: the path,
	// query and fragment states never do.
	canParse bool
	// portSet records that a state override set the port (perhaps to null).
	portSet bool
	// cuts are the shortcuts the states may take (see shortcut.go): none
	// in a parse with extras.
	cuts shortcutSet

	// scheme is the input's scheme, in lower case, when a shortcut has
	// read it (its colon is not 0): the scheme state need not read it
	// again.
	scheme struct {
		colon int
		kind  schemeKind
	}

	head string // the URL's start, which a resumption skips

	raw   string      // the input before clean-up, for offsets
	errAt int         // where in p.in the fatal validation error was found
	v     *validation // set when someone listens for validation errors

	enc *legacyEncoding // the encoding of the query, or nil for UTF-8
}

// unchanged reports whether clean-up returned its input s itself as in: a
// compare of the pointers, not of the bytes.
func unchanged(in, s string) bool {
	return len(in) == len(s) && unsafe.StringData(in) == unsafe.StringData(s)
}

// cleanInput turns s into the scalar value string the basic URL parser
// parses when it is not given a URL to change: leading and trailing C0
// controls and spaces are removed, and then what clean removes. Each
// leading or trailing C0 control or space is an invalid-URL-unit
// validation error. s is returned itself when nothing changes.
// https://url.spec.whatwg.org/#concept-basic-url-parser
func cleanInput(s string) string { return clean(ascii.TrimC0Space(s)) }

// clean turns s into the scalar value string the standard parses: invalid
// UTF-8 becomes U+FFFD (as a JavaScript USVString would read it), and ASCII
// tab or newline are removed anywhere, each an invalid-URL-unit validation
// error. s is returned itself when nothing changes. The setters' values
// are cleaned so; the parser's input first loses its leading and trailing
// C0 controls and spaces (cleanInput).
// https://url.spec.whatwg.org/#concept-basic-url-parser
func clean(s string) string {
	i := ascii.WithoutControls(s)
	if i < len(s) && len(s) >= 8 && i+8 > len(s) && ascii.PlainASCII(ascii.Load64(s, len(s)-8)) {
		return s // the last eight bytes, overlapping the prefix, are plain too
	}
	for i < len(s) && s[i] < utf8.RuneSelf && !isTabOrNewline(s[i]) {
		i++
	}
	if i == len(s) {
		return s
	}
	if !utf8.ValidString(s[i:]) {
		s = utf8dec.Decode(s)
	}
	// One allocation, for the string itself.
	var b strings.Builder
	start := 0
	for j := i; j < len(s); j++ {
		if isTabOrNewline(s[j]) {
			if start == 0 {
				b.Grow(len(s) - 1)
			}
			b.WriteString(s[start:j])
			start = j + 1
		}
	}
	if start == 0 {
		return s
	}
	b.WriteString(s[start:])
	return b.String()
}

// want is what a parse makes (see parseURL).
type want uint8

const (
	wantHref  want = iota // the href and components, into a URL the caller gives
	wantValid             // nothing: whether the input parses (CanParse)
)

// parseURL is the parser's one entry: every caller that parses a URL
// (Parse, URL.Parse, SetHref, Parser, ...) comes through it, and canParse
// takes the same dispatch. It takes a shortcut where one applies
// (shortcut.go), and runs the states otherwise, from the start or from
// where a shortcut stopped. A parse with extras (a listener for validation
// errors, an encoding, or neither: the tests' parse with the states alone)
// takes no shortcut, so that the two can be compared in one place.
//
// base may be nil or the zero URL, for none. With want wantHref it makes
// dst the URL (on success only) and returns it; with wantValid it returns
// nil and whether the input parses, an error it does not allocate. An
// error is an *Error, and nil (not a nil *Error) on success, so that Parse
// can return it as it is.
func parseURL(input string, base, dst *URL, want want, x *extras) (*URL, error) {
	base = base.asBase()
	if len(input) > MaxInputLength {
		return nil, tooLong(input, base, want, x)
	}
	var r resumption
	if x == nil {
		if base != nil && want != wantValid && shortcuts&cutResolve != 0 {
			at, ok := resolveVerbatim(base, input, &r.c)
			if ok {
				dst.href, dst.components = concat(base.href[:at], input), r.c
				return dst, nil
			}
			if at > 0 && shortcuts&cutResume != 0 {
				// A reference, which verbatim would not take.
				resumeRelative(base, input, at, &r)
				return runStates(input, base, dst, want, x, &r)
			}
			if r.c.schemeEnd > 0 && shortcuts&cutVerbatim != 0 {
				// An absolute URL whose scheme resolveVerbatim read:
				// verbatim's next step, without reading it again.
				if r.c.scheme != schemeOther {
					r.kind = schemed // no "//"
				} else if r.kind = verbatimNonSpecial(input, &r.c, want); r.kind == taken {
					return keep(input, &r.c, dst), nil
				}
				return runStates(input, base, dst, want, x, &r)
			}
		}
		if dispatch(input, want, &r) == taken {
			// The input is its href.
			if want == wantHref {
				dst.href, dst.components = input, r.c
				return dst, nil
			}
			return nil, nil
		}
	}
	return runStates(input, base, dst, want, x, &r)
}

// parseNew is [Parse] and [URL.Parse] into dst, a new URL, which it
// returns on success. They allocate dst and call it, inlined, so that
// dst can live on their caller's stack; parseURL inlined with them
// would be over the inliner's budget.
//
//go:noinline
func parseNew(dst *URL, input string, base *URL) (*URL, error) {
	return parseURL(input, base, dst, wantHref, nil)
}

// keep makes dst the URL of components c whose href is href, which
// nothing writes to again, and returns it.
func keep(href string, c *components, dst *URL) *URL {
	dst.href, dst.components = href, *c
	return dst
}

// runStates runs the states on input, from where r says, for parseURL
// and canParse.
func runStates(input string, base, dst *URL, want want, x *extras, r *resumption) (*URL, error) {
	var p parser
	p.raw, p.in = input, cleanInput(input)
	p.base = base
	if x == nil {
		p.cuts = shortcuts
	} else {
		p.v, p.enc = x.v, x.enc
	}
	p.state = stateSchemeStart
	p.c.queryStart, p.c.hashStart = omitted, omitted
	switch {
	case shortcuts&cutResume == 0:
	case r.kind >= resumed: // resumed or resumedRelative
		r.resume(&p)
	case r.kind == schemed && unchanged(p.in, p.raw):
		p.scheme.colon, p.scheme.kind = int(r.c.schemeEnd), r.c.scheme
	}
	if want == wantValid {
		p.canParse = true
		var scratch [256]byte
		if _, err := p.run(scratch[:0]); err != 0 {
			return nil, errInvalid
		}
		return nil, nil
	}
	if p.v != nil {
		p.reportCleanUp()
	}
	// A URL short enough is built on the stack and copied into its href;
	// a longer one in a buffer on the heap that becomes the href. A
	// relative reference's URL takes the base's scheme, host and path.
	// (The two are kept apart: were the stack buffer ever made an href,
	// escape analysis would move it to the heap.)
	n := len(p.in)
	if p.base != nil {
		n += len(p.base.href)
	}
	if n > 192 {
		buf, err := p.run(append(make([]byte, 0, n+n/4), p.head...))
		if err != 0 {
			return nil, p.error(err)
		}
		buf = p.finish(buf)
		if uint64(len(buf)) > maxHref {
			return nil, p.error(p.fail(ErrURLTooLong, 0))
		}
		switch {
		case string(buf) == p.raw:
			return keep(p.raw, &p.c, dst), nil
		case cap(buf) <= 2*len(buf):
			// Nothing writes to buf again. A buffer mostly empty, as when
			// "../" segments or tabs shrink the input, is copied instead.
			return keep(unsafe.String(unsafe.SliceData(buf), len(buf)), &p.c, dst), nil
		}
		return keep(string(buf), &p.c, dst), nil
	}
	var scratch [256]byte
	buf, err := p.run(append(scratch[:0], p.head...))
	if err != 0 {
		return nil, p.error(err)
	}
	buf = p.finish(buf)
	if string(buf) == p.raw {
		return keep(p.raw, &p.c, dst), nil
	}
	dst.href, dst.components = string(buf), p.c
	return dst, nil
}

// errInvalid is what parseURL returns for wantValid on failure, whatever
// the failure: CanParse allocates no error it would drop.
var errInvalid = &Error{Code: ErrURLTooLong}

// tooLong returns the error for an input longer than MaxInputLength.
func tooLong(input string, base *URL, want want, x *extras) *Error {
	if want == wantValid {
		return errInvalid
	}
	err := &Error{Input: input, Code: ErrURLTooLong, Offset: MaxInputLength}
	if base != nil {
		err.Base = base.href
	}
	if x != nil && x.v != nil {
		x.v.onError(ValidationError{Code: err.Code, Offset: err.Offset, Fatal: true})
	}
	return err
}

// extras are what a parse may be given beyond its input and base: a
// listener for validation errors, and an encoding for the query. The
// shortcuts know neither, so a parse with extras takes none; the tests
// parse with the states alone with empty extras.
type extras struct {
	v   *validation
	enc *legacyEncoding
}

// with returns the extras of v and enc, nil when both are.
func with(v *validation, enc *legacyEncoding) *extras {
	if v == nil && enc == nil {
		return nil
	}
	return &extras{v, enc}
}

// canParse reports whether input parses against base: parseURL for
// wantValid, through the same dispatch, without parseURL's frame and
// arguments, which made CanParse, a few hundred instructions per URL,
// a tenth slower (bench/README.md, "What the code's comments rest on").
func canParse(input string, base *URL) bool {
	if len(input) > MaxInputLength {
		return false
	}
	var r resumption
	if dispatch(input, wantValid, &r) == taken {
		return true
	}
	base = base.asBase()
	if r.kind == schemed && r.c.scheme != schemeOther && r.c.scheme != schemeFile && (base == nil || base.scheme != r.c.scheme) && validIgnoringSlashes(input, int(r.c.schemeEnd)) {
		return true
	}
	_, err := runStates(input, base, nil, wantValid, nil, &r)
	return err == nil
}

// concat returns a + b. A short result is copied straight into the bytes
// it is allocated in, which nothing writes to again: faster than the
// runtime's concatenation and than putting it together on the stack
// first, whose buffer took its zeroing and a second copy (bench/README.md,
// "What the code's comments rest on").
func concat(a, b string) string {
	switch {
	case b == "":
		return a
	case len(a)+len(b) > 256:
		return a + b
	}
	buf := make([]byte, len(a)+len(b))
	copy(buf[copy(buf, a):], b)
	return unsafe.String(unsafe.SliceData(buf), len(buf))
}

// run runs the state machine on buf, the URL built so far, until it stops
// or fails. The buffer is passed along, not kept in p, so that a buffer on
// the caller's stack stays there.
func (p *parser) run(buf []byte) ([]byte, ErrorCode) {
	var err ErrorCode
	// canParse stops before the first state that cannot fail.
	stop := stateDone
	if p.canParse {
		stop = statePathStart
	}
	for p.state < stop {
		switch p.state {
		case stateSchemeStart:
			buf, err = p.schemeStartState(buf)
		case stateScheme:
			buf, err = p.schemeState(buf)
		case stateNoScheme:
			buf, err = p.noSchemeState(buf)
		case stateSpecialRelativeOrAuthority:
			p.specialRelativeOrAuthorityState()
		case statePathOrAuthority:
			p.pathOrAuthorityState()
		case stateRelative:
			buf = p.relativeState(buf)
		case stateRelativeSlash:
			buf = p.relativeSlashState(buf)
		case stateSpecialAuthoritySlashes:
			p.specialAuthoritySlashesState()
		case stateSpecialAuthorityIgnoreSlashes:
			p.specialAuthorityIgnoreSlashesState()
		case stateAuthority:
			buf, err = p.authorityState(buf)
		case stateHost, stateHostname:
			buf, err = p.hostState(buf)
		case statePort:
			buf, err = p.portState(buf)
		case stateFile:
			buf = p.fileState(buf)
		case stateFileSlash:
			buf = p.fileSlashState(buf)
		case stateFileHost:
			buf, err = p.fileHostState(buf)
		case statePathStart:
			buf = p.pathStartState(buf)
		case statePath:
			buf = p.pathState(buf)
		case stateOpaquePath:
			buf = p.opaquePathState(buf)
		case stateQuery:
			buf = p.queryState(buf)
		case stateFragment:
			buf = p.fragmentState(buf)
		}
		if err != 0 {
			return buf, err
		}
	}
	return buf, 0
}

// finish completes the offsets once the machine has stopped, and inserts
// "/." where the URL serializer does.
// https://url.spec.whatwg.org/#concept-url-serializer
func (p *parser) finish(buf []byte) []byte {
	if p.c.pathStart == 0 {
		// The machine stopped before any path state: the path is empty.
		p.c.pathStart = p.c.pathEnd(len(buf))
	}
	if p.c.hostKind != HostNull {
		return buf
	}
	end := p.c.schemeEnd + 1
	p.c.usernameEnd, p.c.hostStart, p.c.hostEnd = end, end, end
	// A null host and a path that starts with an empty segment, of more
	// than one segment, would serialize as "scheme://" and so read as a
	// host: the serializer writes "/." before the path.
	path := buf[p.c.pathStart:p.c.pathEnd(len(buf))]
	if !p.c.opaquePath && len(path) > 1 && path[0] == '/' && path[1] == '/' {
		at := p.c.pathStart
		buf = append(buf, "/."...)
		copy(buf[at+2:], buf[at:])
		copy(buf[at:], "/.")
		p.c.pathStart += 2
		if p.c.queryStart != omitted {
			p.c.queryStart += 2
		}
		if p.c.hashStart != omitted {
			p.c.hashStart += 2
		}
	}
	return buf
}

// error returns the Error for the validation error that made p fail.
func (p *parser) error(code ErrorCode) *Error {
	e := &Error{Input: p.raw, Code: code, Offset: p.rawOffset(p.errAt)}
	if p.base != nil {
		e.Base = p.base.href
	}
	return e
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
// validation errors to p.OnValidationError. It allocates as Parse does:
// the new URL where it is called, and its href.
// https://url.spec.whatwg.org/#concept-url-parser
func (p *Parser) Parse(rawURL string) (*URL, error) {
	return p.parse(new(URL), rawURL)
}

// parse is [Parser.Parse] into u, a new URL, which it returns on
// success: ParseInto, out of line so that Parser.Parse inlines.
//
//go:noinline
func (p *Parser) parse(u *URL, rawURL string) (*URL, error) {
	if err := p.ParseInto(u, rawURL); err != nil {
		return nil, err
	}
	return u, nil
}

// ParseInto parses rawURL as [Parser.Parse] does, into u: on success u
// becomes the parsed URL, and on failure it is unchanged. It allocates no
// URL, so a loop that parses or resolves into one URL it reuses (var u
// weburl.URL) allocates per input only the new href, and nothing when the
// input is its own serialization (for an input whose host is ASCII, with
// no tab or newline, parsed without OnValidationError and Encoding): the
// href is then the input itself. Strings got from u before never change;
// an href that is its input keeps the input's string alive. A nil
// *Parser parses as the zero Parser.
// https://url.spec.whatwg.org/#concept-url-parser
func (p *Parser) ParseInto(u *URL, rawURL string) error {
	if p == nil {
		_, err := parseURL(rawURL, nil, u, wantHref, nil)
		return err
	}
	base, v, enc, err := p.options()
	if err != nil {
		return err
	}
	_, err = parseURL(rawURL, base, u, wantHref, with(v, enc))
	return err
}

// options returns what the parser's options ask of parseURL.
func (p *Parser) options() (base *URL, v *validation, enc *legacyEncoding, err error) {
	if p == nil {
		return nil, nil, nil, nil
	}
	if p.Encoding != "" {
		if enc, err = lookupEncoding(p.Encoding); err != nil {
			return nil, nil, nil, err
		}
	}
	if p.OnValidationError != nil {
		v = &validation{onError: p.OnValidationError}
	}
	return p.Base.asBase(), v, enc, nil
}
