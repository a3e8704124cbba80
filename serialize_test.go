package weburl

import (
	"errors"
	"strings"
	"testing"
)

// TestSetterErrors checks what the setters return beyond the
// web-platform-tests cases (TestWPTSetters checks those): nil where the
// standard's setter takes the value though the URL comes out the same,
// or takes a part of it; and for a value it refuses, the code that says
// why, from the steps of the setter in the standard, with the URL
// unchanged.
func TestSetterErrors(t *testing.T) {
	for _, tc := range []struct {
		href, name, value string
		want              string    // the href after
		code              ErrorCode // 0: nil
		offset            int       // of the error in value
	}{
		// Taken, the URL the same: the default port, the scheme in
		// upper case, a path that resolves to the same, an empty query.
		{"http://h/", "port", "80", "http://h/", 0, 0},
		{"http://h:81/", "port", "", "http://h/", 0, 0},
		{"http://h/", "protocol", "HTTP", "http://h/", 0, 0},
		{"http://h/", "protocol", "http:whatever", "http://h/", 0, 0},
		{"http://h/b", "pathname", "/a/../b", "http://h/b", 0, 0},
		{"http://h/?", "search", "?", "http://h/?", 0, 0},
		{"http://h/", "hash", "", "http://h/", 0, 0},
		// Taken in part: the leading digits of the port; the host of a
		// value whose port is not valid.
		{"http://h/", "port", "8080abc", "http://h:8080/", 0, 0},
		{"http://x/", "host", "h:99999", "http://h/", 0, 0},
		{"http://x:1/", "host", "h:y", "http://h:1/", 0, 0},
		// The value the component has: nil, though the standard refuses
		// to set it.
		{"file:///x", "port", "", "file:///x", 0, 0},
		{"sc:/x", "username", "", "sc:/x", 0, 0},
		{"mailto:a", "pathname", "a", "mailto:a", 0, 0},
		{"mailto:a", "host", "", "mailto:a", 0, 0},
		{"http://h/", "protocol", "http", "http://h/", 0, 0},
		{"http://h/", "protocol", "http:", "http://h/", 0, 0},
		// Refused.
		{"http://h/", "port", "99999", "http://h/", ErrPortOutOfRange, 0},
		{"http://h/", "port", "x1", "http://h/", ErrPortInvalid, 0},
		{"file:///x", "port", "1", "file:///x", ErrCannotHaveCredentialsOrPort, 0},
		{"http://h/", "protocol", "sc", "http://h/", ErrSchemeChange, 0},
		{"sc://h/", "protocol", "https", "sc://h/", ErrSchemeChange, 0},
		{"http://u@h/", "protocol", "file", "http://u@h/", ErrSchemeChange, 0},
		{"file:///x", "protocol", "http", "file:///x", ErrSchemeChange, 0},
		{"http://h/", "protocol", "1x", "http://h/", ErrSchemeInvalid, 0},
		{"http://h/", "protocol", "a b", "http://h/", ErrSchemeInvalid, 1},
		{"http://h/", "protocol", "", "http://h/", ErrSchemeInvalid, 0},
		{"http://x/", "host", "", "http://x/", ErrHostMissing, 0},
		{"http://x/", "host", "a b", "http://x/", ErrDomainToASCII, 1}, // at the space
		{"http://x/", "host", "[::1", "http://x/", ErrIPv6Unclosed, 0},
		{"http://x/", "host", "1.2.3.4.5", "http://x/", ErrIPv4TooManyParts, 8},
		{"sc://x/", "host", "a^b", "sc://x/", ErrHostInvalidCodePoint, 1},
		{"http://x/", "hostname", "h:1", "http://x/", ErrHostnameWithPort, 1},
		{"mailto:a", "host", "x", "mailto:a", ErrOpaquePathURL, 0},
		{"mailto:a", "hostname", "x", "mailto:a", ErrOpaquePathURL, 0},
		{"sc://u@h/", "host", "", "sc://u@h/", ErrHostEmpty, 0},
		{"sc://h:1/", "hostname", "", "sc://h:1/", ErrHostEmpty, 0},
		{"sc:/x", "username", "a", "sc:/x", ErrCannotHaveCredentialsOrPort, 0},
		{"file://h/x", "password", "a", "file://h/x", ErrCannotHaveCredentialsOrPort, 0},
		{"mailto:a", "pathname", "x", "mailto:a", ErrOpaquePathURL, 0},
	} {
		u, err := Parse(tc.href)
		if err != nil {
			t.Fatal(err)
		}
		before := *u
		err = set(u, tc.name, tc.value)
		var e *Error
		switch {
		case u.Href() != tc.want:
			t.Errorf("%q: set %s = %q gives %q, want %q", tc.href, tc.name, tc.value, u.Href(), tc.want)
		case tc.code == 0 && err != nil:
			t.Errorf("%q: set %s = %q: %v, want nil", tc.href, tc.name, tc.value, err)
		case tc.code != 0 && (!errors.As(err, &e) || e.Code != tc.code || e.Offset != tc.offset || !errors.Is(err, tc.code)):
			t.Errorf("%q: set %s = %q: %#v, want %s at %d", tc.href, tc.name, tc.value, err, tc.code, tc.offset)
		case tc.code != 0 && *u != before:
			t.Errorf("%q: set %s = %q changed the URL", tc.href, tc.name, tc.value)
		}
		if err := u.check(); err != nil {
			t.Error(err)
		}
	}
	u, _ := Parse("http://h:8080/")
	err := u.SetPort("99999")
	if got := err.Error(); got != `weburl: set port "99999": port-out-of-range` {
		t.Errorf("the error reads %q", got)
	}
	if !testing.Short() {
		long := strings.Repeat("a", MaxInputLength+1)
		for _, name := range setterNames[1:] {
			if err := set(u, name, long); !errors.Is(err, ErrURLTooLong) || u.Href() != "http://h:8080/" {
				t.Errorf("set %s to %d bytes: %v", name, len(long), err)
			}
		}
	}
}
