// Command recordlinks records what Chromium's DOM makes of HTML
// documents, for package links' tests: it generates documents that cover
// the HTML Standard's rules (each encoding, declared each way; the
// encoding sniffing algorithm's steps; base URLs; each element and
// attribute that holds a URL; the tree's construction; the URL parser's
// edge cases), adds real pages, serves each to headless Chromium at its
// URL and records, for each, document.characterSet, document.baseURI and
// each URL attribute's value and reflecting getter.
//
// Chromium fetches nothing from the network: every request it makes is
// paused (the DevTools Fetch domain) and answered by this program, the
// documents with their bytes and headers, a navigation away from a
// document (a refresh) with 204 No Content, which leaves the document
// where it is, anything else with an empty 404. The documents' scripts do not run
// (Content-Security-Policy: script-src 'none'), but scripting is on, as
// the HTML parser's scripting flag is for the tests.
//
//	go run ./recordlinks -pages recordlinks/pages.txt -out ../links/testdata/chromium
//
// `make record-links` in the repository's root runs it.
package main

import (
	"bytes"
	"compress/gzip"
	"context"
	_ "embed"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// record is what Chromium's DOM gives for a document.
type record struct {
	Name         string `json:"name"`
	URL          string `json:"url"`
	CharacterSet string `json:"characterSet"`
	BaseURI      string `json:"baseURI"`
	// Attrs are the URL attributes of the HTML elements, in tree order
	// and each element's attribute order.
	Attrs []attrRecord `json:"attrs"`
}

// An attrRecord is an element's attribute: [element, attribute, value,
// getter value, getter's value parses (URL.canParse)], the last two only
// where the DOM reflects the attribute as a URL.
type attrRecord []any

//go:embed collect.js
var collectJS string

func main() {
	pages := flag.String("pages", "", "a file that lists real pages: a path, a space and the URL to serve it at, per line")
	out := flag.String("out", "", "the directory to write documents.jsonl.gz and chromium.jsonl.gz to")
	chrome := flag.String("chromium", "chromium", "the Chromium binary")
	flag.Parse()
	if *out == "" {
		log.Fatal("recordlinks: -out is required")
	}
	docs := generated()
	if *pages != "" {
		real, err := realPages(*pages)
		if err != nil {
			log.Fatal(err)
		}
		docs = append(docs, real...)
	}
	for i := range docs {
		if docs[i].ContentType == "" {
			// Without a Content-Type, the browser sniffs the MIME type
			// (the MIME Sniffing Standard): a UTF-16 byte order mark
			// makes text/plain, "<?xml" text/xml. The documents are
			// HTML, as a crawler's are when the server says so.
			docs[i].ContentType = "text/html"
		}
	}
	version, err := exec.Command(*chrome, "--version").Output()
	if err != nil {
		log.Fatalf("recordlinks: %s --version: %v", *chrome, err)
	}
	records, err := recordAll(*chrome, docs)
	if err != nil {
		log.Fatal(err)
	}
	if err := writeJSONL(filepath.Join(*out, "documents.jsonl.gz"), docs, nil); err != nil {
		log.Fatal(err)
	}
	header := map[string]string{"browser": string(bytes.TrimSpace(version)), "recorded": time.Now().UTC().Format("2006-01-02")}
	if err := writeJSONL(filepath.Join(*out, "chromium.jsonl.gz"), records, header); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("recorded %d documents with %s\n", len(records), bytes.TrimSpace(version))
}

// writeJSONL writes a gzipped file of JSON lines: header, if not nil,
// then each item.
func writeJSONL[T any](path string, items []T, header any) error {
	var buf bytes.Buffer
	z, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	enc := json.NewEncoder(z)
	enc.SetEscapeHTML(false)
	if header != nil {
		if err := enc.Encode(header); err != nil {
			return err
		}
	}
	for _, it := range items {
		if err := enc.Encode(it); err != nil {
			return err
		}
	}
	if err := z.Close(); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// recordAll loads each document in one headless Chromium tab and
// records it.
func recordAll(chrome string, docs []document) ([]record, error) {
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chrome),
		chromedp.Flag("headless", "new"),
		chromedp.Flag("no-sandbox", os.Geteuid() == 0),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND"), // no name resolves: nothing leaves the machine
	)
	allocCtx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(allocCtx)
	defer cancel()

	var (
		mu        sync.Mutex
		current   *document // the document being loaded
		served    bool      // whether it has been answered
		mainFrame string    // the tab's frame
	)
	err := chromedp.Listen(ctx, func(ev any) {
		e, ok := ev.(*fetch.EventRequestPaused)
		if !ok {
			return
		}
		mu.Lock()
		doc := current
		isDoc := doc != nil && !served && e.Request.URL+e.Request.URLFragment == doc.URL && e.ResourceType == network.ResourceTypeDocument
		if isDoc {
			served, mainFrame = true, e.FrameID.String()
		}
		away := !isDoc && e.ResourceType == network.ResourceTypeDocument && e.FrameID.String() == mainFrame
		mu.Unlock()
		var params fetch.FulfillRequestParams
		switch {
		case isDoc:
			headers := []*fetch.HeaderEntry{{Name: "Content-Security-Policy", Value: "script-src 'none'"}}
			if doc.ContentType != "" {
				headers = append(headers, &fetch.HeaderEntry{Name: "Content-Type", Value: doc.ContentType})
			}
			params = fetch.FulfillRequestParams{RequestID: e.RequestID, ResponseCode: 200, ResponseHeaders: headers, Body: doc.Body}
		case away:
			// A navigation away (a refresh): 204 No Content, which
			// leaves the document where it is.
			params = fetch.FulfillRequestParams{RequestID: e.RequestID, ResponseCode: 204}
		default:
			params = fetch.FulfillRequestParams{RequestID: e.RequestID, ResponseCode: 404}
		}
		go func() { _, _ = chromedp.Call(ctx, fetch.FulfillRequest, params) }()
	})
	if err != nil {
		return nil, err
	}
	if _, err := chromedp.Call(ctx, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*"}}}); err != nil {
		return nil, err
	}
	records := make([]record, 0, len(docs))
	for i := range docs {
		d := &docs[i]
		mu.Lock()
		current, served = d, false
		mu.Unlock()
		tctx, tcancel := context.WithTimeout(ctx, 30*time.Second)
		var err error
		for try := 0; try < 3; try++ {
			mu.Lock()
			served = false
			mu.Unlock()
			// The document before may refresh while this one loads,
			// which aborts the load: then it loads again.
			if err = chromedp.Do(tctx, chromedp.Navigate(d.URL)); err == nil || !strings.Contains(err.Error(), "ERR_ABORTED") {
				break
			}
		}
		var raw string
		if err == nil {
			raw, err = chromedp.Run(tctx, chromedp.Evaluate[string](collectJS))
		}
		tcancel()
		if err != nil {
			return nil, fmt.Errorf("%s (%s): %v", d.Name, d.URL, err)
		}
		var r record
		if err := json.Unmarshal([]byte(raw), &r); err != nil {
			return nil, fmt.Errorf("%s: %v", d.Name, err)
		}
		r.Name = d.Name
		records = append(records, r)
	}
	_ = chromedp.Cancel(ctx)
	return records, nil
}
