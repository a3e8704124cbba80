// Package viewer is weburl's live URL viewer: a page that shows, as one
// types a URL and a base, what weburl parses them to, its validation
// errors with the bytes they point at, and beside them what the browser
// that opens the page parses with new URL(), rows that differ marked.
//
// The page (page/) asks for each keystroke's [Answer]: from the server
// `weburl -serve` runs ([Handler], GET /api/parse), or, in the static page
// that `make viewer-static` writes (static/), from weburl compiled to
// WebAssembly in the page itself (the program in wasm/). Both give the
// same JSON, the Answer marshalled with encoding/json.
//
// Built for js/wasm the package is the Answer alone: [Handler] and the
// page's files are left out, and with them net/http, which would make the
// static page's WebAssembly 1.7 MB larger. The page's program gives the
// answer to JavaScript as [Answer.Object], which syscall/js takes as it
// is, rather than as JSON: encoding/json would add 1.6 MB.
package viewer

import (
	"errors"
	"strconv"

	"github.com/weburl/weburl"
)

// An Answer is the viewer's answer for a URL against a base: the fields of
// `weburl -json` (those of the web-platform-tests URL data), and the
// validation errors.
type Answer struct {
	Input string  `json:"input"`
	Base  *string `json:"base"` // null for none

	// Components are the parsed URL's, nil when the parse fails.
	*Components

	// Failure is set when the URL, or the base, fails to parse; Error is
	// then the fatal validation error's name.
	Failure bool   `json:"failure,omitempty"`
	Error   string `json:"error,omitempty"`

	// Valid is whether the input is a valid URL string against the base:
	// it parses, with no validation error.
	Valid bool `json:"valid"`
	// Status says so in words, for the page's status line: "valid URL
	// string", "parses; not a valid URL string: N validation errors", or
	// "fails: CODE".
	Status string `json:"status"`

	// Errors are the validation errors of the input or, when the base
	// fails, of the base (ErrorsOf is then "base", else "url"), with
	// byte offsets in it.
	ErrorsOf string                   `json:"errorsOf"`
	Errors   []weburl.ValidationError `json:"errors"`
}

// Components are a URL's components, as JavaScript's URL has them.
type Components struct {
	Href     string `json:"href"`
	Origin   string `json:"origin"`
	Protocol string `json:"protocol"`
	Username string `json:"username"`
	Password string `json:"password"`
	Host     string `json:"host"`
	Hostname string `json:"hostname"`
	Port     string `json:"port"`
	Pathname string `json:"pathname"`
	Search   string `json:"search"`
	Hash     string `json:"hash"`
}

// Parse returns the answer for input against rawBase ("" for no base), as
// new URL(input, rawBase) parses them: one parse of each, by a
// weburl.Parser that collects the validation errors as it goes. A base
// that fails fails the whole, as new URL() throws: the answer's Error and
// Errors are then the base's.
func Parse(input, rawBase string) *Answer {
	a := &Answer{Input: input, ErrorsOf: "url", Errors: []weburl.ValidationError{}}
	collect := func(e weburl.ValidationError) { a.Errors = append(a.Errors, e) }
	var base *weburl.URL
	if rawBase != "" {
		a.Base = &rawBase
		b, err := (&weburl.Parser{OnValidationError: collect}).Parse(rawBase)
		if err != nil {
			a.ErrorsOf = "base"
			a.fail(err, " (the base URL)")
			return a
		}
		base = b
		a.Errors = a.Errors[:0] // the base's, which do not make the input invalid
	}
	u, err := (&weburl.Parser{Base: base, OnValidationError: collect}).Parse(input)
	if err != nil {
		a.fail(err, "")
		return a
	}
	a.Components = &Components{
		Href: u.Href(), Origin: u.Origin(), Protocol: u.Protocol(),
		Username: u.Username(), Password: u.Password(),
		Host: u.Host(), Hostname: u.Hostname(), Port: u.Port(),
		Pathname: u.Pathname(), Search: u.Search(), Hash: u.Hash(),
	}
	switch n := len(a.Errors); n {
	case 0:
		a.Valid, a.Status = true, "valid URL string"
	case 1:
		a.Status = "parses; not a valid URL string: 1 validation error"
	default:
		a.Status = "parses; not a valid URL string: " + strconv.Itoa(n) + " validation errors"
	}
	return a
}

// Object returns the answer as the values of its JSON object, which
// encoding/json would decode it to (and syscall/js's ValueOf takes): a
// map for the object and each validation error, a slice of them, strings,
// bools and ints, and nil for null.
func (a *Answer) Object() map[string]any {
	o := map[string]any{"input": a.Input, "base": nil, "valid": a.Valid, "status": a.Status, "errorsOf": a.ErrorsOf}
	if a.Base != nil {
		o["base"] = *a.Base
	}
	if c := a.Components; c != nil {
		for k, v := range map[string]string{
			"href": c.Href, "origin": c.Origin, "protocol": c.Protocol, "username": c.Username, "password": c.Password,
			"host": c.Host, "hostname": c.Hostname, "port": c.Port, "pathname": c.Pathname, "search": c.Search, "hash": c.Hash,
		} {
			o[k] = v
		}
	}
	if a.Failure {
		o["failure"], o["error"] = true, a.Error
	}
	errs := make([]any, len(a.Errors))
	for i, e := range a.Errors {
		errs[i] = map[string]any{"code": e.Code.String(), "offset": e.Offset, "description": e.Code.Description(), "fatal": e.Fatal}
	}
	o["errors"] = errs
	return o
}

// fail makes a the answer for a parse that failed with err.
func (a *Answer) fail(err error, of string) {
	a.Failure, a.Error = true, err.Error()
	if e, ok := errors.AsType[*weburl.Error](err); ok {
		a.Error = e.Code.String()
	}
	a.Status = "fails: " + a.Error + of
}
