// Package engines runs (input, base) pairs through browsers' own URL
// parsers, new URL(input, base) in Chromium and in Firefox, headless and
// on 127.0.0.1 only, and through weburl, and compares the answers.
package engines

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/chromedp/chromedp"
	"github.com/weburl/weburl"
	"github.com/weburl/weburl/internal/corpus"
)

// A Pair is an input and its base ("" for none), and where it comes from.
type Pair struct {
	Input  string `json:"input"`
	Base   string `json:"base"`
	Source string `json:"-"`
}

// A Result is what a parser gives for a pair: its href and hostname, or
// that it fails.
type Result struct {
	OK       bool   `json:"ok"`
	Href     string `json:"href"`
	Hostname string `json:"hostname"`
	Host     string `json:"host"`
}

// Lists are the URL lists of testdata/datasets.
var Lists = []string{"kasztp", "userbait", "node_files", "isaacs_files"}

// Inputs reads the pairs: the inputs of the web-platform-tests URL data
// (urltestdata.json, with their bases) and each line of the four URL
// lists, from the repository at root (testdata/wpt, committed, and
// testdata/datasets, which `make datasets` fills). Lines that are not
// UTF-8, which a JavaScript string cannot hold as they are, are left out,
// and so are inputs with an empty base (new URL(input, "") throws for the
// base).
func Inputs(root string) ([]Pair, error) {
	var pairs []Pair
	wpt, err := corpus.ReadURLCases(filepath.Join(root, "testdata"))
	if err != nil {
		return nil, err
	}
	for _, tc := range wpt {
		p := Pair{Input: tc.Input, Source: "wpt"}
		if tc.Base != nil {
			if *tc.Base == "" {
				continue
			}
			p.Base = *tc.Base
		}
		pairs = append(pairs, p)
	}
	for _, name := range Lists {
		f, err := os.Open(filepath.Join(root, "testdata", "datasets", name+".txt"))
		if err != nil {
			return nil, fmt.Errorf("%v: run `make datasets` in the repository's root", err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<24)
		for sc.Scan() {
			line := strings.TrimSuffix(sc.Text(), "\r")
			if utf8.ValidString(line) {
				pairs = append(pairs, Pair{Input: line, Source: name})
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return nil, err
		}
	}
	return pairs, nil
}

// Weburl is weburl's answer for each pair.
func Weburl(pairs []Pair) []Result {
	out := make([]Result, len(pairs))
	for i, p := range pairs {
		var base *weburl.URL
		if p.Base != "" {
			b, err := weburl.Parse(p.Base)
			if err != nil {
				continue
			}
			base = b
		}
		u, err := (&weburl.Parser{Base: base}).Parse(p.Input)
		if err == nil {
			out[i] = Result{OK: true, Href: u.Href(), Hostname: u.Hostname(), Host: u.Host()}
		}
	}
	return out
}

// script is what runs in the browser: new URL() for each pair.
const script = `(pairs) => pairs.map(([input, base]) => {
  try {
    const u = base === "" ? new URL(input) : new URL(input, base);
    return {ok: true, href: u.href, hostname: u.hostname, host: u.host};
  } catch {
    return {ok: false, href: "", hostname: "", host: ""};
  }
})`

// batch is how many pairs go to the browser at a time.
const batch = 5000

// Chromium runs the pairs through new URL() in the Chromium tab of ctx
// (chromedp), on a blank page.
func Chromium(ctx context.Context, pairs []Pair) ([]Result, error) {
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		return nil, err
	}
	out := make([]Result, 0, len(pairs))
	for start := 0; start < len(pairs); start += batch {
		chunk := pairs[start:min(start+batch, len(pairs))]
		args := make([][2]string, len(chunk))
		for i, p := range chunk {
			args[i] = [2]string{p.Input, p.Base}
		}
		js, err := json.Marshal(args)
		if err != nil {
			return nil, err
		}
		raw, err := chromedp.Run(ctx, chromedp.Evaluate[string]("JSON.stringify(("+script+")("+string(js)+"))"))
		if err != nil {
			return nil, err
		}
		var rs []Result
		if err := json.Unmarshal([]byte(raw), &rs); err != nil {
			return nil, err
		}
		out = append(out, rs...)
	}
	return out, nil
}

// firefoxPage runs the pairs in Firefox, which speaks no DevTools
// protocol: it fetches them from the server that serves it and posts the
// answers back.
const firefoxPage = `<!DOCTYPE html><meta charset="utf-8"><title>engines</title><script>
(async () => {
  const run = ` + script + `;
  const pairs = await (await fetch("/pairs")).json();
  const out = [];
  for (let i = 0; i < pairs.length; i += 5000) out.push(...run(pairs.slice(i, i + 5000)));
  await fetch("/results", {method: "POST", body: JSON.stringify({userAgent: navigator.userAgent, results: out})});
})();
</script>`

// firefoxPrefs keep a headless Firefox on the machine: every connection
// but to 127.0.0.1 goes to a proxy that is not there, and nothing runs
// in the background that would call out.
const firefoxPrefs = `user_pref("network.proxy.type", 1);
user_pref("network.proxy.http", "127.0.0.1");
user_pref("network.proxy.http_port", 9);
user_pref("network.proxy.ssl", "127.0.0.1");
user_pref("network.proxy.ssl_port", 9);
user_pref("network.proxy.socks", "127.0.0.1");
user_pref("network.proxy.socks_port", 9);
user_pref("network.proxy.no_proxies_on", "127.0.0.1");
user_pref("network.dns.disablePrefetch", true);
user_pref("network.captive-portal-service.enabled", false);
user_pref("network.connectivity-service.enabled", false);
user_pref("app.update.enabled", false);
user_pref("app.normandy.enabled", false);
user_pref("datareporting.policy.dataSubmissionEnabled", false);
user_pref("datareporting.healthreport.uploadEnabled", false);
user_pref("toolkit.telemetry.enabled", false);
user_pref("browser.shell.checkDefaultBrowser", false);
user_pref("browser.startup.homepage_override.mstone", "ignore");
user_pref("extensions.update.enabled", false);
user_pref("browser.safebrowsing.malware.enabled", false);
user_pref("browser.safebrowsing.phishing.enabled", false);
user_pref("browser.safebrowsing.downloads.enabled", false);
user_pref("services.settings.server", "http://127.0.0.1:9/");
`

// FirefoxPath is the Firefox binary: $FIREFOX, else firefox-esr or
// firefox in PATH.
func FirefoxPath() (string, error) {
	names := []string{"firefox-esr", "firefox"}
	if f := os.Getenv("FIREFOX"); f != "" {
		names = []string{f}
	}
	var err error
	for _, n := range names {
		var path string
		if path, err = exec.LookPath(n); err == nil {
			return path, nil
		}
	}
	return "", fmt.Errorf("no Firefox (%v): `make test-browsers` installs Debian's firefox-esr, or set FIREFOX", err)
}

// Firefox runs the pairs through new URL() in a headless Firefox with a
// profile of its own, and returns the answers and the browser's user
// agent.
func Firefox(ctx context.Context, pairs []Pair) ([]Result, string, error) {
	bin, err := FirefoxPath()
	if err != nil {
		return nil, "", err
	}
	args := make([][2]string, len(pairs))
	for i, p := range pairs {
		args[i] = [2]string{p.Input, p.Base}
	}
	pairsJSON, err := json.Marshal(args)
	if err != nil {
		return nil, "", err
	}
	type answer struct {
		UserAgent string   `json:"userAgent"`
		Results   []Result `json:"results"`
	}
	got := make(chan answer, 1)
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(firefoxPage))
	})
	mux.HandleFunc("GET /pairs", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write(pairsJSON)
	})
	mux.HandleFunc("POST /results", func(w http.ResponseWriter, r *http.Request) {
		var a answer
		if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<30)).Decode(&a); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		select {
		case got <- a:
		default:
		}
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, "", err
	}
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	defer srv.Close()

	profile, err := os.MkdirTemp("", "weburl-firefox")
	if err != nil {
		return nil, "", err
	}
	defer os.RemoveAll(profile)
	if err := os.WriteFile(filepath.Join(profile, "user.js"), []byte(firefoxPrefs), 0o644); err != nil {
		return nil, "", err
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-remote", "--profile", profile, "http://"+ln.Addr().String()+"/")
	var logs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &logs, &logs
	cmd.Env = append(os.Environ(), "MOZ_HEADLESS=1", "HOME="+profile)
	if err := cmd.Start(); err != nil {
		return nil, "", err
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer func() {
		_ = cmd.Process.Kill()
		<-exited
	}()
	select {
	case a := <-got:
		if len(a.Results) != len(pairs) {
			return nil, "", fmt.Errorf("firefox answered %d pairs of %d", len(a.Results), len(pairs))
		}
		return a.Results, a.UserAgent, nil
	case err := <-exited:
		exited <- err
		return nil, "", fmt.Errorf("firefox exited before answering (%v):\n%s", err, logs.String())
	case <-ctx.Done():
		return nil, "", errors.New("firefox did not answer within 5 minutes:\n" + logs.String())
	}
}
