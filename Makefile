# go.mod asks for Go 1.26, the oldest supported release. The tests run
# with Go 1.27 unless GOTOOLCHAIN says otherwise: the web-platform-tests
# IDNA data is made from Unicode 17, which golang.org/x/net/idna carries
# only from Go 1.27 on (on Go 1.26 the tests leave out the cases that need
# it; see unicode_test.go). The go command fetches the toolchain named
# here through the module proxy.
GOTOOLCHAIN ?= go1.27.4
export GOTOOLCHAIN
OLDEST_GO := go1.26.8

STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2

# The web-platform-tests data is committed under testdata/, so a plain
# `go test ./...` in a clone runs the conformance tests. The real URL
# lists are not: tests that need them skip without them, unless
# WEBURL_REQUIRE_DATASETS is set, as it is for every target here, which
# first fill testdata/datasets (from $$DATASETS_DIR, or by download). So
# make test and make ci never skip a test for want of data.
export WEBURL_REQUIRE_DATASETS := 1

.PHONY: test test-oldest test-386 test-race test-beam test-browsers test-wasm browsers viewer-static ci wpt wpt-urlpattern datasets lint bench fuzz record-links

# test checks the committed web-platform-tests data against its
# checksums, fills testdata/datasets (from $$DATASETS_DIR, or by
# download) and runs every test.
test: wpt wpt-urlpattern datasets
	go test ./...

# test-oldest runs every test with the oldest Go that go.mod allows.
test-oldest: wpt wpt-urlpattern datasets
	GOTOOLCHAIN=$(OLDEST_GO) go test ./...

# test-386 runs the short tests on a 32-bit platform: natively, or under
# qemu-i386 where the kernel runs no 32-bit programs (internal/test386.sh
# says what that leaves out, and why).
test-386: wpt wpt-urlpattern datasets
	./internal/test386.sh

# test-race runs the short tests under the race detector, among them
# TestConcurrentReaders, which shares URLs between goroutines.
test-race: wpt wpt-urlpattern datasets
	go test -race -short ./...

# test-beam runs the tests of weburlbeam, the Apache Beam transforms (a
# module of its own), on the Prism runner in this process and through
# Beam's portable runner against a Prism job server. Prism's job server
# listens on every interface (":port"), so the tests run in a network
# namespace whose only interface is the loopback (unshare, of
# util-linux, and ip, of iproute2; as root), where none may skip
# (BEAMTEST_REQUIRE_ISOLATION). The modules are downloaded and the tests
# built first, outside it; the build cache is Go's. A plain `go test
# ./...` in weburlbeam makes such a namespace itself, in a user
# namespace, where the kernel allows one, and otherwise skips the tests
# that run a pipeline, saying why (internal/beamtest).
test-beam: wpt datasets
	cd weburlbeam && go mod download && go test -count=1 -exec true ./... >/dev/null
	cd weburlbeam && unshare --net sh -c 'ip link set lo up && GOPROXY=off BEAMTEST_REQUIRE_ISOLATION=1 go test ./...'

# record-links records links/testdata/chromium again: the documents that
# browsers/recordlinks generates, and real pages (recordlinks/pages.txt:
# Go's documentation, and the Debian packages nodejs and libxslt1-dev's
# and rustup's), loaded in headless Chromium (Debian's chromium package),
# which answers for each its encoding, its base URL and each link's
# value. Nothing leaves the machine: the program serves each document
# itself, and no host name resolves. TestChromium needs no browser.
record-links:
	cd browsers && GO_DOCS=$$(GOTOOLCHAIN=local go env GOROOT)/doc go run ./recordlinks -pages recordlinks/pages.txt -out ../links/testdata/chromium

# test-browsers runs the tests that drive real browsers (the module
# browsers/): the live URL viewer of `weburl -serve` in headless Chromium,
# and the guarantee of the README's section on browsers in Chromium and
# Firefox. It installs Debian's chromium and firefox-esr with apt-get
# where they are missing (browsers/install.sh). Everything listens on and
# talks to 127.0.0.1 only.
test-browsers: wpt datasets
	./browsers/install.sh
	cd browsers && go test -count=1 ./...

# browsers runs the web-platform-tests inputs and the four URL lists
# through Chromium's and Firefox's new URL() and weburl, and prints how
# often each engine agrees with weburl and how they differ, with examples.
browsers: wpt datasets
	./browsers/install.sh
	cd browsers && go run ./differential -root ..

# test-wasm builds weburl for WebAssembly (js and wasip1) and runs the
# root package's short tests under wasip1 in wazero, a WebAssembly
# runtime that the go command takes from the module proxy
# (testdata/wasip1-exec.sh).
test-wasm: wpt datasets
	GOOS=js GOARCH=wasm go build ./...
	GOOS=wasip1 GOARCH=wasm go build ./...
	GOOS=wasip1 GOARCH=wasm go test -short -exec "$$PWD/testdata/wasip1-exec.sh" .

# viewer-static writes the live URL viewer of `weburl -serve` as a static
# page into VIEWER_DIR, a folder outside the checkout: weburl compiled to
# WebAssembly (its own small main, cmd/weburl/internal/viewer/wasm)
# answers in the page, for any web server to host (python3 -m http.server
# -d DIR, say).
VIEWER := cmd/weburl/internal/viewer
viewer-static:
	@case "$(VIEWER_DIR)" in "") echo "make viewer-static VIEWER_DIR=DIR: name the folder to write the page into" >&2; exit 2;; esac
	@case "$$(realpath -m "$(VIEWER_DIR)")/" in "$$(pwd -P)"/*) echo "make viewer-static: VIEWER_DIR=$(VIEWER_DIR) is inside the checkout; name a folder outside it" >&2; exit 2;; esac
	@mkdir -p "$(VIEWER_DIR)"
	GOOS=js GOARCH=wasm go build -ldflags='-s -w' -o "$(VIEWER_DIR)/weburl.wasm" ./$(VIEWER)/wasm
	cp "$$(go env GOROOT)/lib/wasm/wasm_exec.js" $(VIEWER)/static/index.html $(VIEWER)/static/static.js \
		$(VIEWER)/page/viewer.js $(VIEWER)/page/viewer.css "$(VIEWER_DIR)/"

# ci is what .ci/run runs.
ci: test test-oldest test-386 test-race test-beam test-browsers test-wasm lint fuzz

wpt:
	./testdata/wpt.sh

wpt-urlpattern:
	./testdata/wpt-urlpattern.sh

datasets:
	./testdata/datasets.sh

lint:
	@unformatted=$$(gofmt -l .); if [ -n "$$unformatted" ]; then echo "gofmt: $$unformatted"; exit 1; fi
	go vet ./...
	GOARCH=386 go vet ./...
	go run $(STATICCHECK) ./...
	cd weburlbeam && go vet ./... && go run $(STATICCHECK) ./...
	cd browsers && go vet ./... && go run $(STATICCHECK) ./...

bench: wpt datasets
	go test -run '^$$' -bench . -benchmem -count=10 .

# fuzz runs every fuzz target in turn for FUZZTIME (CI: 10s each), seeded
# from the web-platform-tests inputs and testdata/fuzz. A finding fails
# and is written to the package's testdata/fuzz/<target>/ for a regression
# case.
FUZZTIME ?= 10s
fuzz: wpt wpt-urlpattern
	@for p in . ./cmd/weburl ./canon ./internal/ascii ./links ./urlpattern ./urlpattern/internal/jsregexp ./urlpattern/internal/setindex ./warc; do \
		for t in $$(go test -list '^Fuzz' $$p | grep '^Fuzz'); do \
			echo "fuzz $$p $$t for $(FUZZTIME)"; \
			go test -run '^$$' -fuzz "^$$t\$$" -fuzztime $(FUZZTIME) $$p || exit 1; \
		done; \
	done
