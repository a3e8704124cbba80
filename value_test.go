package weburl_test

import (
	"bytes"
	"encoding"
	"encoding/gob"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/weburl/weburl"
)

// TestURLValue checks that a URL held by value is its href to fmt, slog
// and every encoder, alone, as a struct field, a slice element and a map
// value, and that it decodes back to the same URL; and that a nil *URL
// is fmt's <nil> and JSON's null.
func TestURLValue(t *testing.T) {
	const href = "https://user:pw@example.com/a?b#c"
	const redacted = "https://user:xxxxx@example.com/a?b#c"
	u := weburl.MustParse(href)
	v := *u

	for _, tc := range []struct{ format, want string }{
		{"%v", href}, {"%s", href}, {"%+v", href}, {"%q", `"` + href + `"`},
	} {
		if got := fmt.Sprintf(tc.format, v); got != tc.want {
			t.Errorf("fmt %s of a URL value: %s, want %s", tc.format, got, tc.want)
		}
		if got := fmt.Sprintf(tc.format, u); got != tc.want {
			t.Errorf("fmt %s of a *URL: %s, want %s", tc.format, got, tc.want)
		}
	}
	if got := fmt.Sprint([]weburl.URL{v}, map[string]weburl.URL{"k": v}); got != "["+href+"] map[k:"+href+"]" {
		t.Errorf("fmt of a slice and a map of URLs: %s", got)
	}
	if got := fmt.Sprint((*weburl.URL)(nil)); got != "<nil>" {
		t.Errorf("fmt of a nil *URL: %s", got)
	}

	var logged bytes.Buffer
	slog.New(slog.NewTextHandler(&logged, &slog.HandlerOptions{})).Info("m", "url", v, "ptr", u)
	if got := logged.String(); !strings.Contains(got, "url="+redacted) || !strings.Contains(got, "ptr="+redacted) {
		t.Errorf("slog: %s; want both as %s (the password redacted)", got, redacted)
	}

	type record struct {
		URL   weburl.URL            `json:"url" xml:"url"`
		Ptr   *weburl.URL           `json:"ptr" xml:"ptr"`
		List  []weburl.URL          `json:"list" xml:"list"`
		Map   map[string]weburl.URL `json:"map" xml:"-"`
		NoURL *weburl.URL           `json:"none" xml:"none,omitempty"`
	}
	in := record{URL: v, Ptr: u, List: []weburl.URL{v, v}, Map: map[string]weburl.URL{"k": v}}

	j, err := json.Marshal(in)
	wantJSON := `{"url":"` + href + `","ptr":"` + href + `","list":["` + href + `","` + href + `"],"map":{"k":"` + href + `"},"none":null}`
	if err != nil || string(j) != wantJSON {
		t.Errorf("json: %s, %v\nwant %s", j, err, wantJSON)
	}
	var fromJSON record
	if err := json.Unmarshal(j, &fromJSON); err != nil || fromJSON.URL != v || *fromJSON.Ptr != v || fromJSON.List[1] != v || fromJSON.Map["k"] != v || fromJSON.NoURL != nil {
		t.Errorf("json round trip: %+v, %v", fromJSON, err)
	}
	if b, err := json.Marshal(v); err != nil || string(b) != `"`+href+`"` {
		t.Errorf("json of a URL value: %s, %v", b, err)
	}

	x, err := xml.Marshal(in)
	wantXML := "<record><url>" + href + "</url><ptr>" + href + "</ptr><list>" + href + "</list><list>" + href + "</list></record>"
	if err != nil || string(x) != wantXML {
		t.Errorf("xml: %s, %v\nwant %s", x, err, wantXML)
	}
	var fromXML record
	if err := xml.Unmarshal(x, &fromXML); err != nil || fromXML.URL != v || *fromXML.Ptr != v || len(fromXML.List) != 2 || fromXML.List[0] != v {
		t.Errorf("xml round trip: %+v, %v", fromXML, err)
	}

	var g bytes.Buffer
	if err := gob.NewEncoder(&g).Encode(in); err != nil {
		t.Fatalf("gob: %v", err)
	}
	var fromGob record
	if err := gob.NewDecoder(&g).Decode(&fromGob); err != nil || fromGob.URL != v || *fromGob.Ptr != v || fromGob.List[1] != v || fromGob.Map["k"] != v {
		t.Errorf("gob round trip: %+v, %v", fromGob, err)
	}

	for name, m := range map[string]interface {
		encoding.TextMarshaler
		encoding.BinaryMarshaler
	}{"value": v, "pointer": u} {
		text, err1 := m.MarshalText()
		bin, err2 := m.MarshalBinary()
		if string(text) != href || string(bin) != href || err1 != nil || err2 != nil {
			t.Errorf("%s: MarshalText %q, MarshalBinary %q", name, text, bin)
		}
	}
	var back weburl.URL
	if err := back.UnmarshalBinary([]byte(href)); err != nil || back != v {
		t.Errorf("UnmarshalBinary: %v, %v", back, err)
	}
}
