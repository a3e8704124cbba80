package urlpattern

import (
	"strings"

	"github.com/weburl/weburl"
)

// initType says what an Init is processed for: a pattern, whose values
// are pattern strings, or a URL to match, whose values are canonicalized.
type initType uint8

const (
	forPattern initType = iota
	forURL
)

// processInit processes init for typ, starting from the components given
// (nil: absent).
// https://urlpattern.spec.whatwg.org/#process-a-urlpatterninit
func processInit(init Init, typ initType, start Init) (Init, error) {
	result := start
	result.BaseURL = nil
	var base *weburl.URL
	if init.BaseURL != nil {
		var err error
		base, err = weburl.Parse(*init.BaseURL)
		if err != nil {
			return Init{}, &Error{Pattern: *init.BaseURL, Offset: -1, Msg: "the base URL does not parse", Err: err}
		}
		baseString := func(s string) *string {
			if typ != forPattern {
				return &s
			}
			return ptr(escapePatternString(s))
		}
		if init.Protocol == nil {
			result.Protocol = baseString(base.Scheme())
		}
		if typ != forPattern && init.Protocol == nil && init.Hostname == nil && init.Port == nil && init.Username == nil {
			result.Username = baseString(base.Username())
		}
		if typ != forPattern && init.Protocol == nil && init.Hostname == nil && init.Port == nil && init.Username == nil && init.Password == nil {
			result.Password = baseString(base.Password())
		}
		if init.Protocol == nil && init.Hostname == nil {
			result.Hostname = baseString(base.Hostname())
		}
		if init.Protocol == nil && init.Hostname == nil && init.Port == nil {
			result.Port = ptr(base.Port())
		}
		if init.Protocol == nil && init.Hostname == nil && init.Port == nil && init.Pathname == nil {
			result.Pathname = baseString(base.Pathname())
		}
		if init.Protocol == nil && init.Hostname == nil && init.Port == nil && init.Pathname == nil && init.Search == nil {
			result.Search = baseString(strings.TrimPrefix(base.Search(), "?"))
		}
		if init.Protocol == nil && init.Hostname == nil && init.Port == nil && init.Pathname == nil && init.Search == nil && init.Hash == nil {
			result.Hash = baseString(strings.TrimPrefix(base.Hash(), "#"))
		}
	}
	var err error
	set := func(dst **string, v string, canon func(string) (string, error)) {
		if err != nil {
			return
		}
		if typ == forPattern {
			*dst = &v
			return
		}
		var c string
		if c, err = canon(v); err == nil {
			*dst = &c
		}
	}
	if init.Protocol != nil {
		set(&result.Protocol, strings.TrimSuffix(*init.Protocol, ":"), canonicalizeProtocol)
	}
	if init.Username != nil {
		set(&result.Username, *init.Username, canonicalizeUsername)
	}
	if init.Password != nil {
		set(&result.Password, *init.Password, canonicalizePassword)
	}
	if init.Hostname != nil {
		set(&result.Hostname, *init.Hostname, canonicalizeHostname)
	}
	protocol := ""
	if result.Protocol != nil {
		protocol = *result.Protocol
	}
	if init.Port != nil {
		set(&result.Port, *init.Port, func(v string) (string, error) { return canonicalizePort(v, &protocol) })
	}
	if init.Pathname != nil {
		pathname := *init.Pathname
		if base != nil && !base.HasOpaquePath() && !isAbsolutePathname(pathname, typ) {
			basePath := base.Pathname()
			if typ == forPattern {
				basePath = escapePatternString(basePath)
			}
			if slash := strings.LastIndexByte(basePath, '/'); slash >= 0 {
				pathname = basePath[:slash+1] + pathname
			}
		}
		set(&result.Pathname, pathname, func(v string) (string, error) {
			if protocol == "" || weburl.IsSpecialScheme(protocol) {
				return canonicalizePathname(v)
			}
			return canonicalizeOpaquePathname(v)
		})
	}
	if init.Search != nil {
		set(&result.Search, strings.TrimPrefix(*init.Search, "?"), canonicalizeSearch)
	}
	if init.Hash != nil {
		set(&result.Hash, strings.TrimPrefix(*init.Hash, "#"), canonicalizeHash)
	}
	if err != nil {
		return Init{}, err
	}
	return result, nil
}

// isAbsolutePathname reports whether a pathname starts at the root.
// https://urlpattern.spec.whatwg.org/#is-an-absolute-pathname
func isAbsolutePathname(input string, typ initType) bool {
	if input == "" {
		return false
	}
	if input[0] == '/' {
		return true
	}
	if typ == forURL || len(input) < 2 {
		return false
	}
	return (input[0] == '\\' || input[0] == '{') && input[1] == '/'
}
