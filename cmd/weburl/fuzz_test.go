package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/weburl/weburl"
)

// FuzzStream streams input through the command's reading, parsing and
// printing with small blocks, reads of a few bytes, one or three workers
// and a -max-length of 1 to 256, and checks the output against parsing the
// lines one by one (less a byte order mark before the first; a line longer
// than -max-length is URL-too-long), and the count of lines.
func FuzzStream(f *testing.F) {
	f.Add("http://a/b\r\nhttps://:443\n\nHTTP://A/c", uint8(3), uint8(255))
	f.Add("x\r\r\n\n\n"+strings.Repeat("http://long.example/", 10)+"\n", uint8(1), uint8(255))
	f.Add("https://example.com/a b\r\n\r\n", uint8(200), uint8(255))
	f.Add("\uFEFFhttps://example.com/\n\uFEFFx\n", uint8(0), uint8(255))
	f.Add("\xEF\xBBhttp://a/", uint8(1), uint8(255))
	f.Add("http://a/bc\r\nhttp://a/bcd\r\nhttp://a/bcde\nhttp://a/b\r", uint8(2), uint8(10))
	f.Add(strings.Repeat("http://a/"+strings.Repeat("b", 40)+"\r\n", 3)+"http://a/bcdefghijk", uint8(7), uint8(20))
	defer func(n int) { blockSize = n }(blockSize)
	blockSize = 16
	f.Fuzz(func(t *testing.T, input string, step, maxLength uint8) {
		max := int(maxLength) + 1
		var wantOut, wantErr strings.Builder
		wantFailed := false
		lines := strings.Split(strings.TrimPrefix(input, "\uFEFF"), "\n")
		if lines[len(lines)-1] == "" {
			lines = lines[:len(lines)-1] // the input ends with "\n", or is empty
		}
		for i, line := range lines {
			line = strings.TrimSuffix(line, "\r")
			if len(line) > max {
				// Its first 1 KiB, less a character cut in two.
				head, more := line, ""
				if len(head) > 1024 {
					head, more = head[:1024], "..."
					if r, size := utf8.DecodeLastRuneInString(head); r == utf8.RuneError && size == 1 {
						// A character cut in two is left out whole.
						for cut := 1023; cut >= 1021; cut-- {
							if utf8.RuneStart(head[cut]) {
								if !utf8.FullRuneInString(head[cut:]) {
									head = head[:cut]
								}
								break
							}
						}
					}
				}
				wantFailed = true
				wantOut.WriteString("\n")
				fmt.Fprintf(&wantErr, "weburl: line %d: parse %q%s (%d bytes, more than -max-length %d): URL-too-long\n", i+1, head, more, len(line), max)
				continue
			}
			u, err := weburl.Parse(line)
			if err != nil {
				wantFailed = true
				wantOut.WriteString("\n")
				fmt.Fprintf(&wantErr, "weburl: line %d: %s\n", i+1, errorText(err))
			} else {
				wantOut.WriteString(u.Href() + "\n")
			}
		}
		var out, errOut bytes.Buffer
		p := &printer{stdout: &out, stderr: &errOut}
		r := &shortReader{s: input, n: int(step%32) + 1}
		n, err := stream(r, p, &options{maxLength: max}, 1+2*int(step&1), 1)
		if err != nil {
			t.Fatal(err)
		}
		if n != len(lines) {
			t.Errorf("stream(%q) counted %d lines, want %d", input, n, len(lines))
		}
		if out.String() != wantOut.String() || errOut.String() != wantErr.String() || p.failed != wantFailed {
			t.Errorf("stream(%q) printed\n%q\n%q\nfailed %v, want\n%q\n%q\nfailed %v",
				input, out.String(), errOut.String(), p.failed, wantOut.String(), wantErr.String(), wantFailed)
		}
	})
}

// A shortReader reads at most n bytes at a time, as a pipe can.
type shortReader struct {
	s string
	n int
}

func (r *shortReader) Read(b []byte) (int, error) {
	if r.s == "" {
		return 0, io.EOF
	}
	k := copy(b[:min(len(b), r.n)], r.s)
	r.s = r.s[k:]
	return k, nil
}

// FuzzJSONString checks appendJSONString against encoding/json. Go 1.27's
// encoding/json writes a byte that is not UTF-8 as a literal U+FFFD, as
// appendJSONString does; Go 1.26's wrote the escape \ufffd, which is the
// same JSON string, so that is compared as the literal.
func FuzzJSONString(f *testing.F) {
	for _, s := range []string{"", "plain", "\"q\" \\ \x00\x1f\x7f \b\f\n\r\t", "faß \u2028\u2029 \U0001F600", "\xff\xc3 \xed\xa0\x80", "<&>", `\ufffd \\ufffd`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(s); err != nil {
			t.Fatal(err)
		}
		got := append(appendJSONString(nil, s), '\n')
		if string(got) != literalReplacementChar(want.String()) {
			t.Errorf("appendJSONString(%q) = %s, encoding/json writes %s", s, got, want.String())
		}
	})
}

// literalReplacementChar returns the JSON text s with each escape \ufffd
// written as the literal U+FFFD.
func literalReplacementChar(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case strings.HasPrefix(s[i:], `\ufffd`):
			b.WriteString("\uFFFD")
			i += len(`\ufffd`) - 1
		case s[i] == '\\' && i+1 < len(s):
			b.WriteString(s[i : i+2]) // another escape, such as \\
			i++
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}
