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
	warn(&Error{Offset: rec.Offset, Err: fmt.Errorf("a WARC-Target-URI the URL Standard does not parse: %q: %v", uri, urlErrorName(err))})
}

// urlErrorName is a parse error's validation error, by its name.
func urlErrorName(err error) string {
	if e, ok := err.(*weburl.Error); ok {
		return e.Code.String()
	}
	return err.Error()
}
