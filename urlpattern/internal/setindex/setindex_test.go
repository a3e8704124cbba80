package setindex

import "testing"

// TestSchemeOf checks SchemeOf against a map of the special schemes on
// every string of up to six bytes over the letters of those schemes and
// a few others (near misses such as "htps", "wsss" and "file2" among
// them), and on the schemes in upper case, which a URL does not hold.
func TestSchemeOf(t *testing.T) {
	want := map[string]Schemes{"http": SchemeHTTP, "https": SchemeHTTPS, "ws": SchemeWS, "wss": SchemeWSS, "ftp": SchemeFTP, "file": SchemeFile}
	const letters = "htpsfwile2"
	var visit func(s string)
	checked := 0
	visit = func(s string) {
		w, ok := want[s]
		if !ok {
			w = SchemeOther
		}
		if got := SchemeOf(s); got != w {
			t.Errorf("SchemeOf(%q) = %b, want %b", s, got, w)
		}
		checked++
		if len(s) < 6 {
			for i := range len(letters) {
				visit(s + letters[i:i+1])
			}
		}
	}
	visit("")
	for _, s := range []string{"HTTP", "Https", "WS", "FILE", "ftP", "http:", "xhttp"} {
		if got := SchemeOf(s); got != SchemeOther {
			t.Errorf("SchemeOf(%q) = %b, want SchemeOther", s, got)
		}
	}
	t.Logf("%d strings", checked)
}
