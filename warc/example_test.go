package warc_test

import (
	"fmt"
	"io"
	"log"
	"os"

	"github.com/weburl/weburl/warc"
)

func ExampleIndexer() {
	f, err := os.Open("testdata/files/warciojs-example.warc.gz")
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	ix, err := warc.NewIndexer(warc.CDXJIndexer, warc.IndexOptions{})
	if err != nil {
		log.Fatal(err)
	}
	if err := ix.Index(os.Stdout, "example.warc.gz", f); err != nil {
		log.Fatal(err)
	}
	// Output:
	// com,example)/ 20170306040206 {"url": "http://example.com/", "mime": "text/html", "status": "200", "digest": "sha1:G7HRM7BGOKSKMSXZAHMUQTTV53QOFSMK", "length": "1228", "offset": "784", "filename": "example.warc.gz"}
	// com,example)/ 20170306040348 {"url": "http://example.com/", "mime": "warc/revisit", "status": "200", "digest": "sha1:G7HRM7BGOKSKMSXZAHMUQTTV53QOFSMK", "length": "586", "offset": "2621", "filename": "example.warc.gz"}
}

// The same records in warcio.js's CDXJ, and a POST request's body in the
// key.
func ExampleIndexer_warcio() {
	ix, err := warc.NewIndexer(warc.Warcio, warc.IndexOptions{})
	if err != nil {
		log.Fatal(err)
	}
	for _, name := range []string{"warciojs-example.warc.gz", "warciojs-post-test.warc.gz"} {
		f, err := os.Open("testdata/files/" + name)
		if err != nil {
			log.Fatal(err)
		}
		if err := ix.Index(os.Stdout, name, f); err != nil {
			log.Fatal(err)
		}
		f.Close()
	}
	// Output:
	// com,example)/ 20170306040206 {"url":"http://example.com/","mime":"text/html","status":"200","digest":"G7HRM7BGOKSKMSXZAHMUQTTV53QOFSMK","length":"1228","offset":"784","filename":"warciojs-example.warc.gz"}
	// com,example)/ 20170306040348 {"url":"http://example.com/","mime":"warc/revisit","status":"200","digest":"G7HRM7BGOKSKMSXZAHMUQTTV53QOFSMK","length":"586","offset":"2621","filename":"warciojs-example.warc.gz"}
	// org,httpbin)/post?__wb_method=post&foo=bar&test=abc 20140610000859 {"url":"http://httpbin.org/post","mime":"application/json","status":"200","digest":"M532K5WS4GY2H4OVZO6HRPOP47A7KDWU","length":"720","offset":"0","filename":"warciojs-post-test.warc.gz","method":"POST","requestBody":"foo=bar&test=abc"}
	// org,httpbin)/post?__wb_method=post&a=1&b=[]&c=3 20140610001151 {"url":"http://httpbin.org/post","mime":"application/json","status":"200","digest":"M7YCTM7HS3YKYQTAWQVMQSQZBNEOXGU2","length":"723","offset":"1196","filename":"warciojs-post-test.warc.gz","method":"POST","requestBody":"A=1&B=[]&C=3"}
	// org,httpbin)/post?__wb_method=post&data=^&foo=bar 20140610001255 {"url":"http://httpbin.org/post?foo=bar","mime":"application/json","status":"200","digest":"B6E5P6JUZI6UPDTNO4L2BCHMGLTNCUAJ","length":"723","offset":"2395","filename":"warciojs-post-test.warc.gz","method":"POST","requestBody":"data=^"}
}

func ExampleReader() {
	f, err := os.Open("testdata/files/warciojs-example.warc.gz")
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	r := warc.NewReader(f)
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			log.Fatal(err)
		}
		line := rec.Type()
		if rec.TargetURI() != "" {
			line += " " + rec.TargetURI()
		}
		if rec.HTTP != nil && rec.Type() != "request" {
			line += " " + rec.HTTP.StatusCode()
		}
		if err := rec.Close(); err != nil { // sets Length
			log.Fatal(err)
		}
		fmt.Println(rec.Offset, rec.Length, line)
	}
	// Output:
	// 0 353 warcinfo
	// 353 431 warcinfo
	// 784 1228 response http://example.com/ 200
	// 2012 609 request http://example.com/
	// 2621 586 revisit http://example.com/ 200
	// 3207 609 request http://example.com/
}

func ExampleOutlinks() {
	f, err := os.Open("testdata/files/warciojs-example.warc.gz")
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	for l, err := range warc.Outlinks(f, warc.OutlinkOptions{}) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(l.Offset, l.Target, l.Timestamp, l.Element, l.Attr, l.URL)
	}
	// Output:
	// 784 http://example.com/ 20170306040206 a href http://www.iana.org/domains/example
}

func ExampleSorter() {
	s := warc.NewSorter(os.Stdout, 0)
	fmt.Fprint(s, "org,example)/b 20200101000000 {}\n", "com,example)/ 20200101000000 {}\n", "org,example)/b 20200101000000 {}\n")
	if err := s.Close(); err != nil {
		log.Fatal(err)
	}
	// Output:
	// com,example)/ 20200101000000 {}
	// org,example)/b 20200101000000 {}
}
