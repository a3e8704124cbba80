# go.mod requires Go 1.27 (golang.org/x/net/idna has its Unicode 17 tables
# only there); the go command fetches this toolchain through the module proxy.
export GOTOOLCHAIN := go1.27.4

STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2

.PHONY: test wpt datasets lint bench fuzz

# test fills testdata/wpt and testdata/datasets (from $$WPT_DIR and
# $$DATASETS_DIR, or by download) and runs every test.
test: wpt datasets
	go test ./...

wpt:
	./testdata/wpt.sh

datasets:
	./testdata/datasets.sh

lint:
	@unformatted=$$(gofmt -l .); if [ -n "$$unformatted" ]; then echo "gofmt: $$unformatted"; exit 1; fi
	go vet ./...
	go run $(STATICCHECK) ./...

bench: wpt datasets
	go test -run '^$$' -bench . -benchmem -count=10 .

# fuzz runs every fuzz target in turn for FUZZTIME (CI: 10s each), seeded
# from the web-platform-tests inputs and testdata/fuzz. A finding fails
# and is written to the package's testdata/fuzz/<target>/ for a regression
# case.
FUZZTIME ?= 10s
fuzz: wpt
	@for p in . ./cmd/weburl; do \
		for t in $$(go test -list '^Fuzz' $$p | grep '^Fuzz'); do \
			echo "fuzz $$p $$t for $(FUZZTIME)"; \
			go test -run '^$$' -fuzz "^$$t\$$" -fuzztime $(FUZZTIME) $$p || exit 1; \
		done; \
	done
