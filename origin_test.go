package weburl

import (
	"errors"
	"net/netip"
	"testing"

	"golang.org/x/net/publicsuffix"
)

// TestWPTOrigins checks the origin field of urltestdata.json through the
// origin value: its serialization, and that an opaque one is distinct.
func TestWPTOrigins(t *testing.T) {
	n := 0
	for _, tc := range readCases[urlTest](t, "urltestdata.json") {
		if tc.Origin == nil {
			continue
		}
		u, err := parseWithBase(tc.Input, tc.Base)
		if err != nil {
			t.Fatal(err)
		}
		n++
		o := u.OriginValue()
		if o.String() != *tc.Origin || u.Origin() != *tc.Origin {
			t.Errorf("%q: origin %q, Origin() %q, want %q", tc.Input, o, u.Origin(), *tc.Origin)
		}
		if o.IsOpaque() != (*tc.Origin == "null") || !o.SameOrigin(o) {
			t.Errorf("%q: IsOpaque = %v", tc.Input, o.IsOpaque())
		}
		if o.IsOpaque() && o.SameOrigin(u.OriginValue()) {
			t.Errorf("%q: two opaque origins of one URL are the same origin", tc.Input)
		}
		if !o.IsOpaque() && o != u.OriginValue() {
			t.Errorf("%q: tuple origin differs from itself", tc.Input)
		}
	}
	if n != 411 {
		t.Errorf("%d cases with an origin, want 411", n)
	}
}

func origin(t *testing.T, s string) Origin {
	t.Helper()
	u, err := Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u.OriginValue()
}

func TestOriginValue(t *testing.T) {
	o := origin(t, "https://user:pass@EXAMPLE.com:8443/path?q#f")
	if port, ok := o.Port(); o.Scheme() != "https" || o.Host().String() != "example.com" || !ok || port != 8443 || o.String() != "https://example.com:8443" {
		t.Errorf("origin = %q %v %v", o.Scheme(), o.Host(), o)
	}
	if _, ok := origin(t, "https://example.com:443/").Port(); ok {
		t.Error("the default port is not null")
	}
	// blob: URLs take the origin of an http or https URL in their path;
	// file: URLs, and so blob:file:, have an opaque origin.
	for in, want := range map[string]string{
		"blob:https://example.com:443/uuid": "https://example.com",
		"blob:ftp://example.com/uuid":       "null",
		"blob:file:///tmp/x":                "null",
		"file:///etc/hosts":                 "null",
		"data:text/plain,x":                 "null",
		"ws://example.com:80/":              "ws://example.com",
	} {
		if got := origin(t, in).String(); got != want {
			t.Errorf("origin of %q = %q, want %q", in, got, want)
		}
	}
	var zero Origin
	if zero.String() != "null" || zero.IsOpaque() || zero.SameSite(origin(t, "https://example.com/"), publicsuffix.List) || !zero.SameOrigin(zero) {
		t.Error("zero Origin")
	}
}

// TestSameSite checks HTML's same origin, schemelessly same site and same
// site.
func TestSameSite(t *testing.T) {
	for _, tc := range []struct {
		a, b                   string
		sameOrigin, schemeless bool
		sameSite               bool
	}{
		{"https://example.com/", "https://example.com:443/x", true, true, true},
		{"https://a.example.com/", "https://b.example.com/", false, true, true},
		{"http://example.com/", "https://example.com/", false, true, false},
		{"https://example.com:8080/", "https://example.com/", false, true, true},
		{"https://www.example.co.uk/", "https://example.co.uk/", false, true, true},
		{"https://co.uk/", "https://example.co.uk/", false, false, false},
		{"https://foo.github.io/", "https://bar.github.io/", false, false, false}, // a suffix of the list's private section
		{"https://github.io/", "https://github.io/x", true, true, true},
		{"https://127.0.0.1/", "https://127.0.0.1:8080/", false, true, true}, // equal hosts without registrable domain
		{"https://127.0.0.1/", "https://127.0.0.2/", false, false, false},
		{"https://[::1]/", "http://[::1]/", false, true, false},
		{"https://localhost/", "https://localhost:3000/", false, true, true},
		{"https://example.com./", "https://example.com/", false, false, false},
		{"https://a.example.com./", "https://b.example.com./", false, true, true},
	} {
		a, b := origin(t, tc.a), origin(t, tc.b)
		if a.SameOrigin(b) != tc.sameOrigin || a.SchemelesslySameSite(b, publicsuffix.List) != tc.schemeless || a.SameSite(b, publicsuffix.List) != tc.sameSite {
			t.Errorf("%s, %s: same origin %v, schemelessly same site %v, same site %v; want %v %v %v",
				tc.a, tc.b, a.SameOrigin(b), a.SchemelesslySameSite(b, publicsuffix.List), a.SameSite(b, publicsuffix.List), tc.sameOrigin, tc.schemeless, tc.sameSite)
		}
		if b.SameOrigin(a) != a.SameOrigin(b) || b.SameSite(a, publicsuffix.List) != a.SameSite(b, publicsuffix.List) || b.SchemelesslySameSite(a, publicsuffix.List) != a.SchemelesslySameSite(b, publicsuffix.List) {
			t.Errorf("%s, %s: not symmetric", tc.a, tc.b)
		}
	}
	// Without a list no site is known: not even an origin's own.
	for _, s := range []string{"https://example.com/", "https://192.168.0.1/", "data:,x"} {
		o := origin(t, s)
		if o.SameSite(o, nil) || o.SchemelesslySameSite(o, nil) {
			t.Errorf("%s is same site with itself without a list", s)
		}
	}
	data := origin(t, "data:,x")
	if !data.SameSite(data, publicsuffix.List) || !data.SchemelesslySameSite(data, publicsuffix.List) || data.SameSite(origin(t, "data:,x"), publicsuffix.List) {
		t.Error("an opaque origin is same site with itself only")
	}
}

// TestPublicSuffix checks the standard's table of public suffixes and
// registrable domains, and the examples of the documentation.
func TestPublicSuffix(t *testing.T) {
	for _, tc := range []struct{ host, suffix, registrable string }{
		{"com", "com", ""},
		{"example.com", "com", "example.com"},
		{"www.example.com", "com", "example.com"},
		{"sub.www.example.com", "com", "example.com"},
		{"EXAMPLE.COM", "com", "example.com"},
		{"example.com.", "com.", "example.com."},
		{"github.io", "github.io", ""},
		{"whatwg.github.io", "github.io", "whatwg.github.io"},
		{"إختبار", "xn--kgbechtv", ""},
		{"example.إختبار", "xn--kgbechtv", "example.xn--kgbechtv"},
		{"sub.example.إختبار", "xn--kgbechtv", "example.xn--kgbechtv"},
		{"[2001:0db8:85a3:0000:0000:8a2e:0370:7334]", "", ""},
		// The documentation's examples, and hosts the list does not know.
		{"www.example.co.uk", "co.uk", "example.co.uk"},
		{"foo.github.io", "github.io", "foo.github.io"},
		{"localhost", "localhost", ""},
		{"a.b.unknowntld", "unknowntld", "b.unknowntld"},
		{"192.168.0.1", "", ""},
		{"a..example.com", "com", "example.com"},
		{"..com", "com", ""},
	} {
		h, err := ParseHost(tc.host)
		if err != nil {
			t.Fatalf("ParseHost(%q): %v", tc.host, err)
		}
		suffix, ok := h.PublicSuffix(publicsuffix.List)
		if suffix != tc.suffix || ok != (tc.suffix != "") {
			t.Errorf("public suffix of %q = %q, %v, want %q", tc.host, suffix, ok, tc.suffix)
		}
		rd, ok := h.RegistrableDomain(publicsuffix.List)
		if rd != tc.registrable || ok != (tc.registrable != "") {
			t.Errorf("registrable domain of %q = %q, %v, want %q", tc.host, rd, ok, tc.registrable)
		}
	}
	// Without a list, no host has a public suffix or a registrable domain.
	for _, s := range []string{"example.com", "www.example.co.uk", "192.168.0.1"} {
		h, _ := ParseHost(s)
		if suffix, ok := h.PublicSuffix(nil); suffix != "" || ok {
			t.Errorf("PublicSuffix(nil) of %q = %q, %v", s, suffix, ok)
		}
		if rd, ok := h.RegistrableDomain(nil); rd != "" || ok {
			t.Errorf("RegistrableDomain(nil) of %q = %q, %v", s, rd, ok)
		}
	}
}

func TestHostValue(t *testing.T) {
	for _, tc := range []struct {
		in   string
		kind HostKind
		host string
		addr string
	}{
		{"https://EXAMPLE.com/", HostDomain, "example.com", ""},
		{"https://0x7f.1/", HostIPv4, "127.0.0.1", "127.0.0.1"},
		{"https://[0:0::1]/", HostIPv6, "[::1]", "::1"},
		{"sc://[::ffff:1.2.3.4]/", HostIPv6, "[::ffff:102:304]", "::ffff:1.2.3.4"},
		{"sc://Host%41/", HostOpaque, "Host%41", ""},
		{"sc:///x", HostEmpty, "", ""},
		{"file:///x", HostEmpty, "", ""},
		{"sc:x", HostNull, "", ""},
	} {
		u, _ := Parse(tc.in)
		h := u.HostValue()
		if h.Kind() != tc.kind || h.String() != tc.host || h.String() != u.Hostname() {
			t.Errorf("%q: host %v %q, want %v %q", tc.in, h.Kind(), h, tc.kind, tc.host)
		}
		if want, _ := netip.ParseAddr(tc.addr); h.Addr() != want {
			t.Errorf("%q: Addr() = %v, want %v", tc.in, h.Addr(), want)
		}
	}
	a, _ := ParseHost("EXAMPLE.com")
	b, _ := ParseHost("example.COM")
	c, _ := ParseOpaqueHost("example.com")
	if !a.Equal(b) || a != b || a.Equal(c) {
		t.Error("host equivalence")
	}
	if _, err := ParseHost("exa mple"); err == nil || err.Error() != `weburl: parse host "exa mple": domain-to-ASCII` {
		t.Errorf("ParseHost error: %v", err)
	}
	var e *Error
	if _, err := ParseOpaqueHost("a b"); !errors.As(err, &e) || e.Code != ErrHostInvalidCodePoint || e.Offset != 1 {
		t.Errorf("ParseOpaqueHost error: %v", err)
	}
	if h, err := ParseOpaqueHost(""); err != nil || h.Kind() != HostEmpty {
		t.Errorf("ParseOpaqueHost(\"\") = %v, %v", h, err)
	}
}

func TestEqual(t *testing.T) {
	a, _ := Parse("HTTPS://example.com:443/a/../b?q#f")
	b, _ := Parse("https://example.com/b?q#g")
	c, _ := Parse("https://example.com/b?q")
	if a.Equal(b) || !a.EqualExcludingFragments(b) || !a.EqualExcludingFragments(c) || a.Equal(c) {
		t.Error("URL equivalence")
	}
	d, _ := Parse("https://example.com/b?q#f")
	if !a.Equal(d) {
		t.Error("equal URLs are not Equal")
	}
}
