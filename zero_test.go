package weburl

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"reflect"
	"slices"
	"testing"
)

// calls checks that a test called every exported method of a type: the
// test lists the methods it calls, and reflection lists those there are.
func calls(t *testing.T, typ reflect.Type, called []string) {
	t.Helper()
	var missing []string
	for i := range typ.NumMethod() {
		if name := typ.Method(i).Name; !slices.Contains(called, name) {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		t.Errorf("the test calls no method %v of %v", missing, typ)
	}
}

// TestZeroURL calls every exported method of URL on the zero URL (what
// Scan(nil) gives for a NULL column), each as its doc says: the getters
// give "", the setters but SetHref change nothing, and the rest treat it
// as no URL.
func TestZeroURL(t *testing.T) {
	var called []string
	call := func(name string) *URL {
		called = append(called, name)
		return new(URL)
	}
	for name, get := range map[string]func(*URL) string{
		"Href": (*URL).Href, "String": (*URL).String, "Origin": (*URL).Origin, "Scheme": (*URL).Scheme,
		"Protocol": (*URL).Protocol, "Username": (*URL).Username, "Password": (*URL).Password,
		"Host": (*URL).Host, "Hostname": (*URL).Hostname, "Port": (*URL).Port,
		"Pathname": (*URL).Pathname, "Search": (*URL).Search, "Hash": (*URL).Hash,
		"RequestURI": (*URL).RequestURI, "Redacted": (*URL).Redacted,
	} {
		if got := get(call(name)); got != "" {
			t.Errorf("%s() = %q, want \"\"", name, got)
		}
	}
	// A nil *URL prints as fmt prints a nil pointer, and is JSON's null.
	var nilURL *URL
	if got := fmt.Sprint(nilURL); got != "<nil>" {
		t.Errorf("a nil *URL prints as %q, want <nil>", got)
	}
	if b, err := json.Marshal(nilURL); err != nil || string(b) != "null" {
		t.Errorf("a nil *URL marshals to %s, %v; want null", b, err)
	}
	for name, set := range map[string]func(*URL, string) error{
		"SetProtocol": (*URL).SetProtocol, "SetUsername": (*URL).SetUsername, "SetPassword": (*URL).SetPassword,
		"SetHost": (*URL).SetHost, "SetHostname": (*URL).SetHostname, "SetPort": (*URL).SetPort,
		"SetPathname": (*URL).SetPathname, "SetSearch": (*URL).SetSearch, "SetHash": (*URL).SetHash,
	} {
		u := call(name)
		err := set(u, "https://x/1")
		if *u != (URL{}) {
			t.Errorf("%s changed the zero URL to %q", name, u.Href())
		}
		if !errors.Is(err, ErrZeroURL) {
			t.Errorf("%s on the zero URL: %v, want ErrZeroURL", name, err)
		}
		// "" is what the zero URL has.
		if err := set(u, ""); err != nil || *u != (URL{}) {
			t.Errorf("%s(\"\") on the zero URL: %v, %q", name, err, u.Href())
		}
	}
	if u := call("SetHref"); u.SetHref("https://example.com/x") != nil || u.Pathname() != "/x" {
		t.Errorf("SetHref on the zero URL: %q", u.Href())
	}
	// As a base, the zero URL is no base.
	if v, err := call("Parse").Parse("https://example.com/"); err != nil || v.Href() != "https://example.com/" {
		t.Errorf("Parse: %v, %v", v, err)
	}
	if _, err := call("Parse").Parse("/relative"); err == nil {
		t.Error("Parse(\"/relative\") against the zero URL succeeded")
	}
	if !call("CanParse").CanParse("https://example.com/") || new(URL).CanParse("/relative") {
		t.Error("CanParse")
	}
	ref, _ := Parse("https://example.com/r")
	if v := call("ResolveReference").ResolveReference(ref); v.Href() != ref.Href() {
		t.Errorf("ResolveReference = %q", v.Href())
	}
	if call("IsAbs").IsAbs() {
		t.Error("IsAbs() = true")
	}
	u := call("SetQuery")
	u.SetQuery(ParseSearchParams("a=1"))
	if *u != (URL{}) {
		t.Errorf("SetQuery changed the zero URL to %q", u.Href())
	}
	if v := call("JoinPath").JoinPath("a", "b"); *v != (URL{}) {
		t.Errorf("JoinPath = %q", v.Href())
	}
	if v := call("Clone").Clone(); *v != (URL{}) {
		t.Errorf("Clone = %q", v.Href())
	}
	if h := call("HostValue").HostValue(); h != (Host{}) || h.Kind() != HostNull {
		t.Errorf("HostValue = %v", h)
	}
	if o := call("OriginValue").OriginValue(); !o.IsOpaque() || o.String() != "null" {
		t.Errorf("OriginValue = %v", o)
	}
	if got := call("Display").Display(DisplayOptions{}); got != "" {
		t.Errorf("Display = %q", got)
	}
	if v := call("StdURL").StdURL(); *v != (url.URL{}) {
		t.Errorf("StdURL = %#v", v)
	}
	if addr, ok := call("DialAddress").DialAddress(); ok || addr != "" {
		t.Errorf("DialAddress = %q, %v", addr, ok)
	}
	// Equal: the zero URL equals itself and nil, and no parsed URL.
	if u := call("Equal"); !u.Equal(new(URL)) || !u.Equal(nil) || u.Equal(ref) || !(*URL)(nil).Equal(u) {
		t.Error("Equal")
	}
	if u := call("EqualExcludingFragments"); !u.EqualExcludingFragments(nil) || u.EqualExcludingFragments(ref) {
		t.Error("EqualExcludingFragments")
	}
	// The query: an empty list, which stands alone.
	sp := call("SearchParams").SearchParams()
	sp.Append("a", "1")
	if v, _ := sp.Get("a"); v != "1" || sp.String() != "a=1" {
		t.Errorf("SearchParams of the zero URL: %q", sp.String())
	}
	if q := call("Query").Query(); q.Size() != 0 || q.String() != "" {
		t.Errorf("Query = %q", q.String())
	}
	// Marshaling: empty text, NULL, an empty log value.
	for _, name := range []string{"MarshalText", "MarshalBinary"} {
		u := call(name)
		m := u.MarshalText
		if name == "MarshalBinary" {
			m = u.MarshalBinary
		}
		if b, err := m(); err != nil || len(b) != 0 {
			t.Errorf("%s = %q, %v", name, b, err)
		}
	}
	for _, name := range []string{"AppendText", "AppendBinary"} {
		u := call(name)
		a := u.AppendText
		if name == "AppendBinary" {
			a = u.AppendBinary
		}
		if b, err := a([]byte("x")); err != nil || string(b) != "x" {
			t.Errorf("%s = %q, %v", name, b, err)
		}
	}
	for _, name := range []string{"UnmarshalText", "UnmarshalBinary"} {
		u := call(name)
		um := u.UnmarshalText
		if name == "UnmarshalBinary" {
			um = u.UnmarshalBinary
		}
		if err := um(nil); err != nil || *u != (URL{}) {
			t.Errorf("%s(nil) = %q, %v", name, u.Href(), err)
		}
	}
	if err := call("Scan").Scan(nil); err != nil {
		t.Errorf("Scan(nil): %v", err)
	}
	if v, err := call("Value").Value(); v != nil || err != nil {
		t.Errorf("Value = %v, %v", v, err)
	}
	if v := call("LogValue").LogValue(); v.Kind() != slog.KindString || v.String() != "" {
		t.Errorf("LogValue = %v", v)
	}
	// Paths: the zero URL has none to edit.
	if got := call("MakeRelative").MakeRelative(ref); got != ref.Href() {
		t.Errorf("MakeRelative = %q", got)
	}
	if call("HasOpaquePath").HasOpaquePath() {
		t.Error("HasOpaquePath() = true")
	}
	if call("HasSearch").HasSearch() {
		t.Error("HasSearch() = true")
	}
	if call("HasHash").HasHash() {
		t.Error("HasHash() = true")
	}
	for range call("PathSegments").PathSegments() {
		t.Error("PathSegments yields")
	}
	if err := call("SetPathSegments").SetPathSegments("a"); err != ErrOpaquePath {
		t.Errorf("SetPathSegments: %v", err)
	}
	if err := call("PushPathSegment").PushPathSegment("a"); err != ErrOpaquePath {
		t.Errorf("PushPathSegment: %v", err)
	}
	if seg, ok := call("PopPathSegment").PopPathSegment(); ok || seg != "" {
		t.Errorf("PopPathSegment = %q, %v", seg, ok)
	}
	if p, err := call("FilePath").FilePath(POSIX); p != "" || !errors.Is(err, ErrNotFileURL) {
		t.Errorf("FilePath = %q, %v", p, err)
	}
	if data, err := json.Marshal(new(URL)); err != nil || string(data) != `""` {
		t.Errorf("json.Marshal = %s, %v", data, err)
	}
	calls(t, reflect.TypeFor[*URL](), called)
}

// TestZeroSearchParams calls every exported method of SearchParams on the
// zero SearchParams, an empty list that stands alone.
func TestZeroSearchParams(t *testing.T) {
	var called []string
	call := func(name string) *SearchParams {
		called = append(called, name)
		return new(SearchParams)
	}
	if s := call("String").String(); s != "" {
		t.Errorf("String = %q", s)
	}
	if n := call("Size").Size(); n != 0 {
		t.Errorf("Size = %d", n)
	}
	if v, ok := call("Get").Get("a"); ok || v != "" {
		t.Errorf("Get = %q, %v", v, ok)
	}
	if vs := call("GetAll").GetAll("a"); vs != nil {
		t.Errorf("GetAll = %q", vs)
	}
	if call("Has").Has("a") || call("HasValue").HasValue("a", "") {
		t.Error("Has or HasValue")
	}
	for name, f := range map[string]func(*SearchParams){
		"Delete":      func(p *SearchParams) { p.Delete("a") },
		"DeleteValue": func(p *SearchParams) { p.DeleteValue("a", "b") },
		"Sort":        (*SearchParams).Sort,
	} {
		p := call(name)
		f(p)
		if p.Size() != 0 || p.String() != "" {
			t.Errorf("%s made %q", name, p.String())
		}
	}
	for name, f := range map[string]func(*SearchParams, string, string){
		"Append": (*SearchParams).Append, "Set": (*SearchParams).Set,
	} {
		p := call(name)
		f(p, "a b", "c")
		if p.String() != "a+b=c" {
			t.Errorf("%s made %q", name, p.String())
		}
	}
	for range call("All").All() {
		t.Error("All yields")
	}
	for range call("Keys").Keys() {
		t.Error("Keys yields")
	}
	for range call("Values").Values() {
		t.Error("Values yields")
	}
	if v := call("URLValues").URLValues(); v == nil || len(v) != 0 {
		t.Errorf("URLValues = %v", v)
	}
	if s, err := call("Encode").Encode("windows-1252"); s != "" || err != nil {
		t.Errorf("Encode = %q, %v", s, err)
	}
	calls(t, reflect.TypeFor[*SearchParams](), called)
}
