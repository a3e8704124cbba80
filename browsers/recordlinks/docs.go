package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/weburl/weburl"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/unicode"
)

// A document is a page to record: its URL, the Content-Type header it
// is served with ("" for none), and its bytes.
type document struct {
	Name        string `json:"name"`
	URL         string `json:"url"`
	ContentType string `json:"contentType,omitempty"`
	Body        []byte `json:"body"`
}

// labels are the encoding labels the generated documents declare: each
// encoding of the Encoding Standard by its name, and other labels of it.
// https://encoding.spec.whatwg.org/#names-and-labels
var labels = []string{
	"UTF-8", "IBM866", "ISO-8859-2", "ISO-8859-3", "ISO-8859-4", "ISO-8859-5", "ISO-8859-6", "ISO-8859-7",
	"ISO-8859-8", "ISO-8859-8-I", "ISO-8859-10", "ISO-8859-13", "ISO-8859-14", "ISO-8859-15", "ISO-8859-16",
	"KOI8-R", "KOI8-U", "macintosh", "windows-874", "windows-1250", "windows-1251", "windows-1252",
	"windows-1253", "windows-1254", "windows-1255", "windows-1256", "windows-1257", "windows-1258",
	"x-mac-cyrillic", "GBK", "gb18030", "Big5", "EUC-JP", "ISO-2022-JP", "Shift_JIS", "EUC-KR",
	"UTF-16BE", "UTF-16LE", "x-user-defined", "iso-2022-kr",
	// Other labels.
	"utf8", "unicode-1-1-utf-8", "latin1", "ascii", "us-ascii", "iso-8859-1", "l2", "cp1251", "cp1250",
	"koi", "sjis", "x-sjis", "ms_kanji", "windows-31j", "csshiftjis", "gb2312", "chinese", "x-gbk",
	"big5-hkscs", "cn-big5", "ks_c_5601-1987", "korean", "tis-620", "iso-8859-11", "dos-874",
	"hebrew", "iso-8859-8-e", "logical", "utf-16", "x-cp1253", "iso_8859-9", "ISO8859-15",
	" UTF-8 ", "\tShift_JIS\n", "utf-9", "foo",
}

// probes are texts each encoding holds some of: written into URLs, they
// show how each part of a URL is encoded.
var probes = []string{
	"plain", "é", "ü", "ß", "привет", "Ωμέγα", "שלום", "عربي", "ไทย", "日本語", "中文", "한국어",
	"カタカナ", "ｶﾀｶﾅ", "€", "¥", "‾", "−", "≤", "😀", "\uE5E5", "\uFFFD", "€uro", "%E9", "a b",
}

// encode writes s, a document's text, in the encoding label names:
// code points the encoding lacks become numeric character references,
// which the document's parser turns back into the code points.
func encode(s, label string) []byte {
	e, err := htmlindex.Get(strings.TrimSpace(label))
	if err != nil {
		return []byte(s) // an unknown label: the bytes are UTF-8
	}
	name, _ := htmlindex.Name(e)
	switch name {
	case "utf-8", "replacement", "x-user-defined":
		return []byte(s)
	case "utf-16le":
		b, _ := unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewEncoder().Bytes([]byte(s))
		return b
	case "utf-16be":
		b, _ := unicode.UTF16(unicode.BigEndian, unicode.UseBOM).NewEncoder().Bytes([]byte(s))
		return b
	}
	// The whole text at once: ISO-2022-JP's encoder switches its state
	// only where the text does.
	out, err := encoding.HTMLEscapeUnsupported(e.NewEncoder()).Bytes([]byte(s))
	if err != nil {
		panic(fmt.Sprintf("encoding in %s: %v", label, err))
	}
	return out
}

// page writes an HTML document around body, with head in its head.
func page(head, body string) string {
	return "<!DOCTYPE html>\n<html><head>" + head + "<title>t</title></head>\n<body>\n" + body + "\n</body></html>\n"
}

// probeLinks returns links that carry each probe in a URL's path, query,
// fragment and host, and elements of each kind with a query.
func probeLinks() string {
	var b strings.Builder
	for i, p := range probes {
		fmt.Fprintf(&b, "<a href=\"p/%s?q=%s#%s\">%d</a>\n", p, p, p, i)
		fmt.Fprintf(&b, "<a href=\"https://%s.example/?%s\">h%d</a>\n", strings.ReplaceAll(p, " ", "-"), p, i)
		fmt.Fprintf(&b, "<a href=\"ws://ws.example/?%s\">ws%d</a> <a href=\"foo://x/?%s\">ns%d</a>\n", p, i, p, i)
	}
	for _, p := range []string{"привет", "é", "日本", "€"} {
		fmt.Fprintf(&b, "<img src=\"img.png?%s\"> <form action=\"f?%s\"><button formaction=\"b?%s\">b</button>"+
			"<input type=image src=\"i?%s\" formaction=\"fa?%s\"></form> <q cite=\"c?%s\">q</q> <link rel=x href=\"l?%s\">\n",
			p, p, p, p, p, p, p)
	}
	return b.String()
}

// generated returns the documents that cover the rules: each encoding,
// declared each way, the sniffing algorithm's cases, the base URL, each
// element and attribute, the tree's construction, and URLs' edge cases.
func generated() []document {
	var docs []document
	add := func(name, url, contentType string, body []byte) {
		// The URL as Chromium requests it: serialized.
		docs = append(docs, document{Name: name, URL: weburl.MustParse(url).Href(), ContentType: contentType, Body: body})
	}
	slug := func(label string) string {
		return strings.Map(func(r rune) rune {
			if r == ' ' || r == '\t' || r == '\n' {
				return '_'
			}
			return r
		}, label)
	}
	// Each label, declared by <meta charset>, by a Content-Type pragma,
	// and by the Content-Type header; with a <base> whose query is in it.
	for _, label := range labels {
		s := slug(label)
		url := "https://docs.example/enc/" + s + "/"
		add("meta-charset/"+s, url+"meta.html?x=%C3%A9", "",
			encode(page(`<meta charset="`+label+`">`, probeLinks()), label))
		add("pragma/"+s, url+"pragma.html", "",
			encode(page(`<meta http-equiv="Content-Type" content="text/html; charset=`+label+`">`, probeLinks()), label))
		if !strings.ContainsAny(label, "\t\n") { // not a header's value
			add("header/"+s, url+"header.html", "text/html; charset="+label,
				encode(page("", probeLinks()), label))
		}
		add("base-query/"+s, url+"base.html", "",
			encode(page(`<meta charset="`+label+`"><base href="/base/dir/?b=привет€é#frag">`,
				`<a href="">e</a><a href="#f">f</a><a href="x">x</a><a href="?q=日本">q</a>`), label))
	}
	for name, d := range sniffing() {
		add("sniff/"+name, "https://sniff.example/"+name+".html", d.contentType, d.body)
	}
	for name, body := range bases() {
		add("base/"+name, "https://base.example/dir/sub/"+name+".html?dq=1#dfrag", "", []byte(page(`<meta charset=utf-8>`, body)))
	}
	for name, body := range elements() {
		for _, label := range []string{"utf-8", "windows-1252", "Shift_JIS"} {
			add("elements/"+name+"/"+label, "https://el.example/a/b/"+name+"."+label+".html", "text/html; charset="+label, encode(page("", body), label))
		}
	}
	for name, body := range trees() {
		add("tree/"+name, "https://tree.example/t/"+name+".html", "text/html; charset=utf-8", []byte(body))
	}
	// Document URLs with an empty fragment and with one, and the forms
	// whose action is the document's URL, fragment and all, or resolves
	// against it: "" (the document's URL), "#", whitespace alone (which
	// Chromium strips to "", the standard parses as a URL), "?#".
	forms := `<form action="#"></form><form action=""></form><form action=" "></form><form action="&#9;#&#10;"></form>` +
		`<form action="?#"></form><form action="#x"></form><form><button formaction="#"></button><input formaction=" "></form>` +
		`<a href="">e</a><a href="#">h</a>`
	for i, u := range []string{"https://frag.example/empty/%s.html#", "https://frag.example/some/%s.html?q#top", "https://frag.example/none/%s.html"} {
		for _, label := range []string{"utf-8", "windows-1252"} {
			add(fmt.Sprintf("fragment/%d/%s", i, label), fmt.Sprintf(u, label), "text/html; charset="+label, encode(page("", forms), label))
		}
	}
	// The document URLs differ in a path segment, so that each load is a
	// navigation of its own (one to the same URL with a fragment would
	// stay in the document).
	docURLs := []string{
		"https://urls.example/a/%s/c.html?q=1#f", "http://127.0.0.1:8080/x/%s/", "http://[2001:db8::1]/p/%s",
		"https://xn--bcher-kva.example/ü/%s", "http://user:pass@host.example:81/%s;p?q",
	}
	for i, u := range docURLs {
		for _, label := range []string{"utf-8", "windows-1251", "EUC-JP"} {
			add(fmt.Sprintf("urls/%d/%s", i, label), fmt.Sprintf(u, label), "text/html; charset="+label, encode(page("", urlLinks()), label))
		}
	}
	return docs
}

// A sniffed is a document for the encoding sniffing algorithm: its
// Content-Type header and its bytes.
type sniffed struct {
	contentType string
	body        []byte
}

// sniffing returns documents for each step of the encoding sniffing
// algorithm and the prescan's edge cases.
func sniffing() map[string]sniffed {
	links := `<a href="?q=привет€é">q</a><a href="p/é">p</a>`
	pad := "<!-- " + strings.Repeat("padding ", 140) + "-->"
	d := map[string]sniffed{}
	bytesIn := func(label, s string) []byte { return encode(s, label) }
	d["bom-utf8-vs-meta"] = sniffed{"", append([]byte{0xEF, 0xBB, 0xBF}, page(`<meta charset=windows-1251>`, links)...)}
	d["bom-utf8-vs-header"] = sniffed{"text/html; charset=windows-1251", append([]byte{0xEF, 0xBB, 0xBF}, page("", links)...)}
	d["bom-utf16le"] = sniffed{"", encode(page(`<meta charset=windows-1251>`, links), "utf-16le")}
	d["bom-utf16be"] = sniffed{"text/html; charset=windows-1252", encode(page("", links), "utf-16be")}
	d["header-vs-meta"] = sniffed{"text/html; charset=windows-1251", bytesIn("windows-1251", page(`<meta charset=koi8-r>`, links))}
	d["header-invalid-then-meta"] = sniffed{"text/html; charset=no-such-encoding", bytesIn("koi8-r", page(`<meta charset=koi8-r>`, links))}
	d["header-quoted"] = sniffed{`text/html; charset="windows-1251"`, bytesIn("windows-1251", page("", links))}
	d["header-quoted-escape"] = sniffed{`text/html; charset="win\dows-1251"`, bytesIn("windows-1251", page("", links))}
	d["header-spaces"] = sniffed{"text/html ;  charset = windows-1251", bytesIn("windows-1251", page("", links))}
	d["header-upper"] = sniffed{"TEXT/HTML; CHARSET=WINDOWS-1251", bytesIn("windows-1251", page("", links))}
	d["header-twice"] = sniffed{"text/html; charset=windows-1251; charset=koi8-r", bytesIn("windows-1251", page("", links))}
	d["header-empty"] = sniffed{"text/html; charset=", bytesIn("windows-1251", page(`<meta charset=windows-1251>`, links))}
	d["header-no-subtype"] = sniffed{"text; charset=windows-1251", bytesIn("koi8-r", page(`<meta charset=koi8-r>`, links))}
	d["header-utf16-no-bom"] = sniffed{"text/html; charset=utf-16le", func() []byte {
		b := encode(page("", links), "utf-16le")
		return b[2:] // no byte order mark
	}()}
	d["header-x-user-defined"] = sniffed{"text/html; charset=x-user-defined", bytesIn("windows-1252", page("", links))}
	d["none-ascii"] = sniffed{"", []byte(page("", `<a href="?q=%E9&amp;r=x">q</a>`))}
	d["none-utf8-bytes"] = sniffed{"", []byte(page("", links))}
	d["none-1252-bytes"] = sniffed{"", bytesIn("windows-1252", page("", `<a href="?q=é€">q</a>`))}
	d["late-meta-head"] = sniffed{"", bytesIn("windows-1251", page(pad+pad+`<meta charset=windows-1251>`, links))}
	d["late-meta-body"] = sniffed{"", bytesIn("windows-1251", page(pad+pad, links+`<meta charset=windows-1251>`))}
	d["meta-in-comment"] = sniffed{"", bytesIn("windows-1251", page(`<!-- <meta charset=koi8-r> --><meta charset=windows-1251>`, links))}
	d["meta-in-script"] = sniffed{"", bytesIn("windows-1251", page(`<script>"<meta charset=koi8-r>"</script><meta charset=windows-1251>`, links))}
	d["meta-utf16"] = sniffed{"", []byte(page(`<meta charset=utf-16>`, links))}
	d["meta-utf16le"] = sniffed{"", []byte(page(`<meta charset=UTF-16LE>`, links))}
	d["meta-x-user-defined"] = sniffed{"", bytesIn("windows-1252", page(`<meta charset=x-user-defined>`, links))}
	d["meta-content-no-pragma"] = sniffed{"", bytesIn("windows-1251", page(`<meta content="text/html; charset=koi8-r">`, links))}
	d["meta-pragma-quoted"] = sniffed{"", bytesIn("windows-1251", page(`<meta http-equiv=content-type content="text/html; charset='windows-1251'">`, links))}
	d["meta-pragma-upper"] = sniffed{"", bytesIn("windows-1251", page(`<META HTTP-EQUIV="CONTENT-TYPE" CONTENT="TEXT/HTML; CHARSET=WINDOWS-1251">`, links))}
	d["meta-pragma-after-content"] = sniffed{"", bytesIn("windows-1251", page(`<meta content="text/html; charset=windows-1251" http-equiv="Content-Type">`, links))}
	d["meta-charset-and-content"] = sniffed{"", bytesIn("windows-1251", page(`<meta content="text/html; charset=koi8-r" http-equiv="Content-Type" charset="windows-1251">`, links))}
	d["meta-invalid-then-valid"] = sniffed{"", bytesIn("windows-1251", page(`<meta charset=no-such><meta charset=windows-1251>`, links))}
	d["meta-slash"] = sniffed{"", bytesIn("windows-1251", page(`<meta/charset=windows-1251>`, links))}
	d["meta-unquoted-spaces"] = sniffed{"", bytesIn("windows-1251", page(`<meta charset = windows-1251 >`, links))}
	d["meta-dup-attr"] = sniffed{"", bytesIn("windows-1251", page(`<meta charset=windows-1251 charset=koi8-r>`, links))}
	d["meta-attr-in-other-tag"] = sniffed{"", bytesIn("windows-1251", page(`<div charset=koi8-r></div><meta charset=windows-1251>`, links))}
	d["meta-after-1024-ascii"] = sniffed{"", bytesIn("koi8-r", strings.Repeat(" ", 1030)+page(`<meta charset=koi8-r>`, links))}
	d["meta-spanning-1024"] = sniffed{"", bytesIn("koi8-r", strings.Repeat(" ", 1000)+page(`<meta charset=koi8-r>`, links))}
	d["xml-declaration"] = sniffed{"", bytesIn("windows-1251", `<?xml version="1.0" encoding="windows-1251"?>`+"\n"+page("", links))}
	d["xml-declaration-single"] = sniffed{"", bytesIn("windows-1251", `<?xml version='1.0' encoding='windows-1251'?>`+"\n"+page("", links))}
	d["xml-declaration-utf16"] = sniffed{"", []byte(`<?xml version="1.0" encoding="utf-16"?>` + "\n" + page("", links))}
	d["xml-then-meta"] = sniffed{"", bytesIn("windows-1251", `<?xml version="1.0" encoding="koi8-r"?>`+"\n"+page(`<meta charset=windows-1251>`, links))}
	d["meta-pragma-charset-garbage"] = sniffed{"", bytesIn("windows-1251", page(`<meta http-equiv=content-type content="charset;charset=windows-1251">`, links))}
	d["meta-label-whitespace"] = sniffed{"", bytesIn("windows-1251", page("<meta charset=\"\twindows-1251 \">", links))}
	d["meta-bogus-comment"] = sniffed{"", bytesIn("windows-1251", page(`<! <meta charset=koi8-r> ><meta charset=windows-1251>`, links))}
	d["meta-in-attribute"] = sniffed{"", bytesIn("windows-1251", page(`<div title="<meta charset=koi8-r>"></div><meta charset=windows-1251>`, links))}
	return d
}

// bases returns document bodies for the document base URL.
func bases() map[string]string {
	links := `<a href="x/y?z=1#w">rel</a> <a href="">empty</a> <a href="#h">frag</a> <a href="?q">query</a> <a href="//other.example/p">net</a> <a href="/abs">abs</a>`
	return map[string]string{
		"none":              links,
		"relative":          `<base href="../base/">` + links,
		"absolute":          `<base href="https://cdn.example/root/index.html">` + links,
		"invalid":           `<base href="https://exa mple.com/">` + links,
		"invalid-port":      `<base href="https://example.com:99999/">` + links,
		"javascript":        `<base href="javascript:alert(1)">` + links,
		"data":              `<base href="data:text/html,x">` + links,
		"empty":             `<base href="">` + links,
		"spaces":            `<base href="  /spaced/  ">` + links,
		"after-links":       links + `<base href="/late/">`,
		"in-body":           `<p>text</p><base href="/body/">` + links,
		"two":               `<base href="/first/"><base href="/second/">` + links,
		"no-href-first":     `<base target=_blank><base href="/second/">` + links,
		"in-template":       `<template><base href="/tmpl/"></template>` + links,
		"in-svg":            `<svg><base href="/svg/"></base></svg>` + links,
		"fragment":          `<base href="/f/page.html#basefrag">` + links,
		"query":             `<base href="/q/page.html?bq=1">` + links,
		"netpath":           `<base href="//net.example/n/">` + links,
		"mailto":            `<base href="mailto:a@example.com">` + links,
		"non-special":       `<base href="foo://host/dir/">` + links,
		"opaque":            `<base href="about:blank">` + links,
		"file":              `<base href="file:///C:/dir/">` + links,
		"backslash":         `<base href="\\other\\dir\\">` + links,
		"tab":               "<base href=\"/t\tab/\">" + links,
		"uppercase":         `<BASE HREF="/Upper/">` + links,
		"in-noscript":       `<noscript><base href="/ns/"></noscript>` + links,
		"after-frameset-ok": `<table><base href="/table/"></table>` + links,
		"ipv6":              `<base href="http://[::1]:8080/v6/">` + links,
		"idn":               `<base href="https://bücher.example/idn/">` + links,
	}
}

// elements returns document bodies for each element and attribute that
// holds a URL, with values of each kind.
func elements() map[string]string {
	values := []string{"rel/p?q=1#f", "https://other.example/x", "", "  spaced  ", "https://exa mple.com/",
		"http://[::1", "javascript:void(0)", "mailto:a@b.example", "data:,x", "//cdn.example/c", "?é", "é"}
	pairs := [][2]string{
		{"a", "href"}, {"area", "href"}, {"link", "href"}, {"img", "src"}, {"source", "src"}, {"script", "src"},
		{"iframe", "src"}, {"embed", "src"}, {"video", "src"}, {"video", "poster"}, {"audio", "src"}, {"track", "src"},
		{"object", "data"}, {"form", "action"}, {"button", "formaction"}, {"input", "formaction"}, {"input", "src"},
		{"blockquote", "cite"}, {"q", "cite"}, {"ins", "cite"}, {"del", "cite"}, {"base", "href"},
	}
	m := map[string]string{}
	for _, p := range pairs {
		var b strings.Builder
		for _, v := range values {
			v = strings.ReplaceAll(v, `"`, "&quot;")
			switch p[0] {
			case "area":
				fmt.Fprintf(&b, "<map name=m><area %s=\"%s\"></map>\n", p[1], v)
			case "source":
				fmt.Fprintf(&b, "<video><source %s=\"%s\"></video>\n", p[1], v)
			case "track":
				fmt.Fprintf(&b, "<video><track %s=\"%s\"></video>\n", p[1], v)
			case "button", "input":
				fmt.Fprintf(&b, "<form><%s %s=\"%s\"></form>\n", p[0], p[1], v)
			default:
				fmt.Fprintf(&b, "<%s %s=\"%s\"></%s>\n", p[0], p[1], v, p[0])
			}
		}
		m[p[0]+"-"+p[1]] = b.String()
	}
	m["form-action-missing"] = `<form></form><form action></form><form action=""></form><form action=" "></form><button formaction></button><input formaction="">`
	m["srcset"] = `<img srcset="a.png 1x, b.png 2x, c.png 100w, d,e.png 3x, , f.png"><img srcset="g.png 1x 2x, h.png (x), i.png">` +
		`<picture><source srcset="s1.webp 1x, s2.webp 2x" type=image/webp><img src=fallback.png></picture>` +
		`<link rel=preload as=image imagesrcset="p1.png 1x, p2.png 2x" href=p.png>`
	m["ping"] = `<a href=a ping="p1 /p2  https://ping.example/p3"></a><area href=b ping="  ">`
	m["refresh"] = `<meta http-equiv=refresh content="0; url=r1.html"><meta http-equiv=Refresh content="5;URL='r2.html'">` +
		`<meta http-equiv=refresh content="3"><meta http-equiv=refresh content="x; url=r4">` +
		`<meta http-equiv=REFRESH content="1, r5.html?é">`
	m["microdata"] = `<div itemscope itemtype="https://schema.example/A https://schema.example/B" itemid="urn:isbn:123"></div>` +
		`<div itemscope itemid="/rel/id"></div><div itemid="/not/an/item"></div>`
	m["attr-order"] = `<img srcset="s.png 2x" src="a.png"><img src="b.png" srcset="t.png 2x"><a ping=p href=h></a>`
	return m
}

// trees returns documents whose tree HTML's parser builds otherwise than
// their markup reads.
func trees() map[string]string {
	return map[string]string{
		"foster-parenting":  `<!DOCTYPE html><table><a href=foster1>f</a><tr><td><a href=cell>c</a></td><a href=foster2></a></tr></table>`,
		"nested-a":          `<!DOCTYPE html><a href=outer>o<a href=inner>i</a>o</a><a href=x><p><a href=y>y</a></p></a>`,
		"adoption":          `<!DOCTYPE html><a href=a1><b>b<a href=a2>c</b>d</a>`,
		"select":            `<!DOCTYPE html><select><option>o</option><a href=in-select>a</a><img src=in-select.png></select>`,
		"svg":               `<!DOCTYPE html><svg><a href=svg-a xlink:href=svg-xlink><image href=svg-img /></a><foreignObject><a href=fo-html>x</a></foreignObject></svg>`,
		"math":              `<!DOCTYPE html><math><mi><a href=math-mi>x</a></mi><annotation-xml encoding="text/html"><a href=anno>x</a></annotation-xml></math>`,
		"template":          `<!DOCTYPE html><template><a href=t1></a><template><img src=t2></template></template><a href=after>x</a>`,
		"noscript":          `<!DOCTYPE html><html><head><noscript><link rel=stylesheet href=ns-head.css></noscript></head><body><noscript><a href=ns-body>x</a></noscript><a href=visible>v</a></body></html>`,
		"image-tag":         `<!DOCTYPE html><image src=image-to-img.png>`,
		"uppercase":         `<!DOCTYPE html><A HREF="UP">x</A><IMG SRC="Img.PNG">`,
		"duplicate-attrs":   `<!DOCTYPE html><a href=first href=second>x</a><img src=1 SRC=2>`,
		"entities":          `<!DOCTYPE html><a href="?a=1&amp;b=2&copy=3&notit;&not=4&#x80;&#0;&#x110000;&#xD800;&lt;">x</a><a href=?x&ampy>y</a><a href="&#9;/tab">t</a>`,
		"newlines":          "<!DOCTYPE html><a href=\"/new\nline\r\nand\rcr\">x</a><a href=\"\x00nul\">n</a>",
		"frameset":          `<!DOCTYPE html><frameset><frame src=frame.html><noframes><a href=nf>x</a></noframes></frameset>`,
		"iframe-srcdoc":     `<!DOCTYPE html><iframe srcdoc="<a href=inner>x</a>" src=outer.html></iframe>`,
		"object-param":      `<!DOCTYPE html><object data=obj.swf><param name=movie value=p.swf><a href=fallback>x</a></object>`,
		"after-html":        `<!DOCTYPE html><html><body></body></html><a href=after-html>x</a>`,
		"head-elements":     `<!DOCTYPE html><html><head><a href=in-head>x</a><link href=style.css rel=stylesheet></head><body></body></html>`,
		"form-in-table":     `<!DOCTYPE html><table><form action=tf><tr><td><input formaction=ti></td></tr></form></table>`,
		"plaintext":         `<!DOCTYPE html><a href=before>b</a><plaintext><a href=not-a-tag>`,
		"textarea":          `<!DOCTYPE html><textarea><a href=text>x</a></textarea><title><a href=title></title><a href=real>r</a>`,
		"unclosed-attr":     `<!DOCTYPE html><a href="unclosed>x</a><a href=next>n</a>`,
		"attr-no-quotes":    `<!DOCTYPE html><a href=a?b=c&d=e>x</a><a href=/p/'q'>y</a>`,
		"quirks":            `<html><a href=quirks>x</a><table><a href=qt></a></table>`,
		"body-attrs":        `<!DOCTYPE html><body><a href=one></a><body><a href=two></a>`,
		"script-src-inline": `<!DOCTYPE html><script src=s.js>document.write("<a href=dw>")</script><a href=after-script>x</a>`,
	}
}

// urlLinks returns links whose hrefs are the URL parser's edge cases.
func urlLinks() string {
	hrefs := []string{
		`\\back\\slash`, `/a\b\c`, `a|b`, `/|/`, `c:/x`, `file:c:\x`, `http://exa mple.com/`, `http://a b/`,
		`http://%41.com/`, `http://ex%61mple.com/`, `http://％４１.com`, `http://[::%31]/`, `http://0x7f.1/`,
		`http://127.1/`, `http://1.2.3.4.5/`, `http://[1::2]:80/`, `http://[1:0::]/`, `http://user:pa ss@h/`,
		`http://a@b@c/`, `http://h:0/`, `http://h:65536/`, `http://h:8080x/`, `https://h:443/`, `ws://h:80/`,
		`wss://h/?é`, `ftp://h/?é`, `foo://h/?é`, `foo:?é`, `ws:h`, `file:///?é`, `file://host/p`, `file:/p`,
		`//h`, `///x`, `////x`, `?`, `#`, `?#`, `..`, `../..`, `/./a/../b`, `%2e%2E/x`, `/%2e/y`, `./.%2e/z`,
		`#é space`, `?q=a b&c=d`, `?q=%zz`, `p/%zz`, "tab\there", " lead-trail ", `javascript:x`, `mailto:a`,
		`data:text/plain,a`, `blob:https://h/u`, `about:blank`, `a:b`, `a:/b`, `a://b`, `http:x`, `http:/x`,
		`http:\\x`, `HTTP://UPPER.EXAMPLE/P`, `https://xn--n3h.example/`, `https://☃.example/`, `https://faß.example/`,
		`http://ＥＸＡＭＰＬＥ.com/`, `http://a.b.c.d.e/`, `http://1.2.3/`, `http://0/`, `http://4294967296/`,
		`http://[::1.2.3.4]/`, `http://[::127.0.0.1]/`, `http://h/%00`, `http://h/ \u00a0`, `http://h/\u2028`,
		`http://h/?\u0000`, "http://h/\uFEFF", `non-spec:/.//p`, `non-spec:/..//p`, `web+demo:/x`, `x:/%2e%2e/y`,
		`http://h/a/../../b`, `http://h/;a`, `http://h/?a;b`, `http://h/é/`, `http://h#é`, `http://h?é#é`,
	}
	var b strings.Builder
	for _, h := range hrefs {
		fmt.Fprintf(&b, "<a href=\"%s\">x</a>\n", strings.NewReplacer(`"`, "&quot;", "&", "&amp;", "\x00", "&#0;").Replace(h))
	}
	return b.String()
}

// realPages reads the real pages the paths name (each a path, a space
// and the URL to serve it at).
func realPages(list string) ([]document, error) {
	data, err := os.ReadFile(list)
	if err != nil {
		return nil, err
	}
	var docs []document
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		path, url, ok := strings.Cut(line, " ")
		if !ok {
			return nil, fmt.Errorf("%s: %q: want a path and a URL", list, line)
		}
		path = os.ExpandEnv(path)
		body, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("%s: %v (the Debian packages nodejs and libxslt1-dev, rustup's stable docs and Go have the real pages)", list, err)
		}
		docs = append(docs, document{Name: "real/" + filepath.Base(filepath.Dir(path)) + "/" + filepath.Base(path), URL: url, Body: body})
	}
	return docs, nil
}
