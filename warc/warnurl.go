package warc

import (
	"fmt"

	"github.com/weburl/weburl"
)

// warnURL reports a target URI that the URL Standard does not parse.
func warnURL(warn func(*Error), rec *Record, uri string) {
	if uri == "" || weburl.CanParse(uri) {
		return
	}
	_, err := weburl.Parse(uri)
	warn(&Error{Offset: rec.Offset, Err: fmt.Errorf("a WARC-Target-URI the URL Standard does not parse: %v", err)})
}
